import json
import sys

from django.core.management.base import BaseCommand
from django.db import DatabaseError, connection

from scenarios.verification.junit import junit_xml
from scenarios.verification.verifier import Verifier


class Command(BaseCommand):
    help = ("Replay scenario files and check their outcomes. Exits 0 when all pass, 1 when any "
            "fails, 2 when any file is invalid, 3 when the verdicts could not be recorded.")
    # Replaying files needs no project-wide system checks; `manage.py check` is for those.
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("paths", nargs="*", help="scenario files or folders (default: all)")
        parser.add_argument("--format", dest="format_slug", help="only this format's scenarios")
        parser.add_argument("--json", action="store_true", help="print one JSON object")
        parser.add_argument("--junit", metavar="FILE", help="also write a JUnit XML report")
        parser.add_argument("--no-record", action="store_true",
                            help="do not store the verdicts in the database")

    def handle(self, *args, **options):
        verifier = Verifier()
        report = verifier.verify(options["paths"], options["format_slug"])
        recorded = True
        if not options["no_record"]:
            recorded = self.record(report, verifier)
        if options["junit"]:
            with open(options["junit"], "w", encoding="utf-8") as handle:
                handle.write(junit_xml(report))
        if options["json"]:
            self.stdout.write(json.dumps(report.as_dict(), indent=2))
        else:
            self.print_table(report)
        sys.exit(report.exit_code or (0 if recorded else 3))

    def record(self, report, verifier):
        """Store the verdicts; False (and why, on stderr) when the database refuses them."""
        from scenarios.verification.models import Scenario, VerificationRun
        from scenarios.verification.sync import keep_site_edits, record

        if Scenario._meta.db_table not in connection.introspection.table_names():
            # No migrated database: the verdicts still stand on their own.
            self.stderr.write("verdicts not recorded: the database is not migrated "
                              "(run `manage.py migrate`, or pass --no-record)")
            return True
        try:
            for edit in keep_site_edits(report, verifier):
                self.stderr.write(f"kept     {edit}")
            run = record(report, trigger=VerificationRun.CLI)
        except DatabaseError as error:
            self.stderr.write(f"verdicts not recorded: the database refused them: {error}")
            return False
        if run.changes:
            changed = len(run.changes)
            self.stderr.write(f"recorded as verification run {run.pk}: {changed} "
                              f"verdict{'s' if changed != 1 else ''} changed")
        return True

    def print_table(self, report):
        width = max([len(v.slug) for v in report.verdicts] + [8])
        self.stdout.write(f"{'scenario':{width}}  {'status':8} {'ms':>7}  first difference")
        for v in report.verdicts:
            self.stdout.write(f"{v.slug:{width}}  {v.status:8} {v.ms:7.2f}  {v.message}")
        data = report.as_dict()
        self.stdout.write(f"{data['total']} scenarios: {data['passed']} passed, "
                          f"{data['failed']} failed, {data['invalid']} invalid")
