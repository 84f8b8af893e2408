from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

from scenarios.verification.models import Scenario


class Command(BaseCommand):
    help = ("Write every scenario's current text back to files, one folder per format "
            "(default: the bundled scenarios folder), so edits made on the site can be kept.")

    def add_arguments(self, parser):
        parser.add_argument("--dir", default=str(settings.SCENARIOS_DIR),
                            help="folder to write into (default: scenarios/data)")

    def handle(self, *args, **options):
        root = Path(options["dir"])
        written = 0
        for scenario in Scenario.objects.only("slug", "format_slug", "source"):
            folder = root / scenario.format_slug
            folder.mkdir(parents=True, exist_ok=True)
            (folder / f"{scenario.slug}.yaml").write_text(scenario.source, encoding="utf-8")
            written += 1
        self.stdout.write(f"{written} scenarios written to {root}")
