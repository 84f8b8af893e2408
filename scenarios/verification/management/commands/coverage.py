from django.core.management.base import BaseCommand

from scenarios.verification.file_coverage import file_coverage, mark_problems
from scenarios.engine.rulesets import RULESETS
from scenarios.verification.verifier import Verifier


class Command(BaseCommand):
    help = ("Which rules of each format the bundled scenarios exercise, from the files; lists "
            "the rules neither covered nor marked not replayable. Exits 1 if there are any.")
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("--format", dest="format_slug", help="only this format")
        parser.add_argument("--quiet", action="store_true", help="only the totals")

    def handle(self, *args, **options):
        formats = [options["format_slug"]] if options["format_slug"] else list(RULESETS)
        report = Verifier().verify()
        missing = 0
        for slug in formats:
            coverage, texts = file_coverage(slug, report)
            problems = mark_problems(coverage)
            self.stdout.write(f"{slug}: {coverage.covered_count} of {len(coverage.rules)} rules "
                              f"covered, {len(coverage.marked)} marked not replayable, "
                              f"{len(coverage.uncovered)} uncovered")
            for problem in problems:
                self.stdout.write(f"  bad mark: {problem}")
            if not options["quiet"]:
                for entry in coverage.uncovered:
                    self.stdout.write(f"  {entry.anchor.split('/', 1)[1]}: "
                                      f"{texts.get(entry.anchor, '')[:160]}")
            missing += len(coverage.uncovered) + len(problems)
        raise SystemExit(1 if missing else 0)
