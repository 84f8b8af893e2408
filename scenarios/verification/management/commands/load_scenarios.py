from django.core.management.base import BaseCommand

from scenarios.verification.models import VerificationRun
from scenarios.verification.sync import keep_site_edits, record, site_only_verdicts
from scenarios.verification.verifier import Verifier


class Command(BaseCommand):
    help = ("Sync the bundled scenario files into the database, verifying each one. Scenarios "
            "written or last edited on the site are kept (and verified again), never "
            "overwritten nor deleted.")

    def add_arguments(self, parser):
        parser.add_argument("--force", action="store_true",
                            help="load files over scenarios last edited on the site too (their "
                                 "revisions stay in the history)")

    def handle(self, *args, **options):
        verifier = Verifier()
        report = verifier.verify()
        kept = keep_site_edits(report, verifier, force=options["force"])
        report.verdicts += site_only_verdicts(report, verifier)
        record(report, trigger=VerificationRun.LOAD, prune=True)
        data = report.as_dict()
        for verdict in report.verdicts:
            if verdict.status not in ("passed", "xfail"):
                self.stderr.write(f"{verdict.status}: {verdict.slug}: {verdict.message}")
        for edit in kept:
            self.stdout.write(f"kept     {edit}")
        self.stdout.write(f"{data['total']} scenarios loaded: {data['passed']} passed, "
                          f"{data['failed']} failed, {data['invalid']} invalid"
                          + (f"; {len(kept)} kept as edited on the site" if kept else ""))
