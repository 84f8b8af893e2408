"""A scratch copy of the site for benchmarks: a new SQLite database with the bundled rules and
scenarios loaded (as README's first command leaves it), and Django set up in this process."""
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def set_up(name):
    """Create and load the scratch database; returns the seconds `load_scenarios` took."""
    scratch = tempfile.mkdtemp()
    os.environ["DATABASE_URL"] = f"sqlite:///{scratch}/{name}.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulings.project.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    settings.ALLOWED_HOSTS = ["*"]
    quiet = open(os.devnull, "w")
    call_command("migrate", verbosity=0)
    call_command("load_rules", stdout=quiet)
    started = time.perf_counter()
    call_command("load_scenarios", stdout=quiet)
    return time.perf_counter() - started
