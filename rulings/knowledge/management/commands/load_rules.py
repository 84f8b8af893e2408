from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from rulings.knowledge.loading import load_content


class Command(BaseCommand):
    help = "Load the bundled rule files: new and changed files become revisions; prints what changed."

    def add_arguments(self, parser):
        parser.add_argument("--dir", default=settings.RULES_CONTENT_DIR,
                            help="folder holding one sub-folder per format (default: bundled content)")
        parser.add_argument("--force", action="store_true",
                            help="load files over articles edited on the site too (their "
                                 "revisions stay in the history)")

    def handle(self, *args, **options):
        report = load_content(options["dir"], force=options["force"])
        for name in report.created:
            self.stdout.write(f"created  {name}")
        for name in report.updated:
            self.stdout.write(f"updated  {name}")
        for kept in report.kept_site_edits:
            self.stdout.write(f"kept     {kept}")
        for name in report.not_in_files:
            self.stdout.write(f"kept     {name} (in the database, not in the files; left as it is)")
        for problem in report.problems:
            self.stderr.write(str(problem))
        for name in report.skipped:
            self.stderr.write(f"skipped  {name} (its previous revision, if any, stays current)")
        self.stdout.write(
            f"{len(report.created)} created, {len(report.updated)} updated, "
            f"{len(report.unchanged)} unchanged, {len(report.skipped)} skipped"
            + (f", {len(report.kept_site_edits)} kept as edited on the site"
               if report.kept_site_edits else "")
            + ("" if report.changed else " - no changes"))
        if report.errors:
            raise CommandError(f"{len(report.errors)} error(s) in the rule files; the rest loaded")
