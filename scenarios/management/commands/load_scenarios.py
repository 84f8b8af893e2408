from django.core.management.base import BaseCommand

from scenarios.models import VerificationRun
from scenarios.sync import record
from scenarios.verification import Verifier


class Command(BaseCommand):
    help = "Sync the bundled scenario files into the database, verifying each one."

    def handle(self, *args, **options):
        report = Verifier().verify()
        record(report, trigger=VerificationRun.LOAD, prune=True)
        data = report.as_dict()
        for verdict in report.verdicts:
            if verdict.status not in ("passed", "xfail"):
                self.stderr.write(f"{verdict.status}: {verdict.slug}: {verdict.message}")
        self.stdout.write(f"{data['total']} scenarios loaded: {data['passed']} passed, "
                          f"{data['failed']} failed, {data['invalid']} invalid")
