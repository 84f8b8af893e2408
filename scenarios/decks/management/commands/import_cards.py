"""`python manage.py import_cards FILE`: load YGOPRODeck card info into CardRecord."""
from django.core.management.base import BaseCommand, CommandError

from scenarios.decks.cardrecords import CardFileError, import_entries, read_card_file


class Command(BaseCommand):
    help = ("Upsert cards by name from a YGOPRODeck card-info JSON file "
            '({"data": [...]}). Bad entries are reported and skipped; nothing is deleted.')

    def add_arguments(self, parser):
        parser.add_argument("file", help="the card-info JSON file")

    def handle(self, *args, **options):
        try:
            entries = read_card_file(options["file"])
        except CardFileError as error:
            raise CommandError(f"{error}; nothing was imported") from error
        result = import_entries(entries)
        for problem in result.skipped:
            self.stderr.write(f"skipped {problem}")
        self.stdout.write(f"{options['file']}: {result.created} created, {result.updated} updated, "
                          f"{result.unchanged} unchanged, {len(result.skipped)} skipped")
