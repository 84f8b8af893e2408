"""`manage.py scenario_reference [--format SLUG] [--markdown]`: the scenario reference in a
terminal, the same as its pages say."""
import shutil

from django.core.management.base import BaseCommand, CommandError

from scenarios.engine.rulesets import RULESETS
from scenarios.presentation import reference_pages
from scenarios.presentation.reference_text import reference_text


class Command(BaseCommand):
    help = ("Print the scenario reference: the fields of a scenario file, the card language, "
            "who passes priority in what order, and each format's steps and reason codes.")
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("--format", dest="format_slug", metavar="SLUG",
                            help=f"only this format ({', '.join(RULESETS)})")
        parser.add_argument("--markdown", action="store_true", help="markdown, not plain text")
        parser.add_argument("--width", type=int, default=None,
                            help="wrap plain text at this width (default: the terminal's)")

    def handle(self, *args, **options):
        slug = options["format_slug"]
        if slug is not None and slug not in RULESETS:
            raise CommandError(f"unknown format '{slug}' (known: {', '.join(RULESETS)})")
        width = options["width"] or min(shutil.get_terminal_size((100, 24)).columns, 100)
        text = reference_text(reference_pages.named_reference(), reference_pages.priority(),
                              slug, markdown=options["markdown"], width=width)
        self.stdout.write(text, ending="")
