"""The project's own promises: the README's commands are the ones CI runs."""
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def readme_commands():
    return re.findall(r"```sh\n(.+?)\n```", (ROOT / "README.md").read_text())


def test_readme_gives_exactly_two_commands_and_ci_runs_the_test_one():
    commands = readme_commands()
    assert len(commands) == 2
    assert "runserver" in commands[0] and "load_rules" in commands[0]
    assert commands[1] in (ROOT / ".ci" / "run").read_text()


def test_settings_refuse_to_run_without_a_secret_key_when_debug_is_off():
    result = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"], cwd=ROOT, capture_output=True,
        text=True, env={"DJANGO_SETTINGS_MODULE": "rulings.settings", "DEBUG": "0",
                        "PATH": "/usr/bin:/bin"})
    assert result.returncode != 0 and "SECRET_KEY must be set" in result.stderr


def test_database_url_selects_the_database():
    code = ("import django; django.setup(); from django.conf import settings; "
            "print(settings.DATABASES['default']['ENGINE'], settings.DATABASES['default']['NAME'])")
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
        env={"DJANGO_SETTINGS_MODULE": "rulings.settings",
             "DATABASE_URL": "sqlite:////tmp/elsewhere.sqlite3", "PATH": "/usr/bin:/bin"})
    assert result.stdout.split() == ["django.db.backends.sqlite3", "/tmp/elsewhere.sqlite3"]
