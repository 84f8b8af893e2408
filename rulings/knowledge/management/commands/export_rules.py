from django.conf import settings
from django.core.management.base import BaseCommand

from rulings.knowledge.loading import export_content


class Command(BaseCommand):
    help = "Write the current articles back to rule files (the form load_rules reads)."

    def add_arguments(self, parser):
        parser.add_argument("--dir", default=settings.RULES_CONTENT_DIR,
                            help="where to write (default: the bundled content folder)")

    def handle(self, *args, **options):
        written = export_content(options["dir"])
        self.stdout.write(f"wrote {len(written)} files to {options['dir']}")
