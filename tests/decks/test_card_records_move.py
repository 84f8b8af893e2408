"""CardRecord moved from the scenarios app to the decks app with its table: a database
migrated before the move keeps its card records, and a fresh one gets the same table."""
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent

# Runs in its own process, on its own SQLite file: the test database is not touched.
MIGRATE_ACROSS_THE_MOVE = """
import django
django.setup()
from django.core.management import call_command
from django.db import connection

# A database as it was before the move: the card records are the scenarios app's.
call_command("migrate", "scenarios", "0006_revision_origin", verbosity=0)
with connection.cursor() as cursor:
    cursor.execute("INSERT INTO scenarios_cardrecord (name, frame_type, type_line, desc, race, "
                   "attribute, cannot_normal_summon) VALUES ('Kept Card', 'effect', "
                   "'Effect Monster', '', '', '', 0)")
call_command("migrate", verbosity=0)

from scenarios.decks.models import CardRecord
print(CardRecord._meta.app_label, CardRecord._meta.db_table,
      list(CardRecord.objects.values_list("name", flat=True)))
"""


def test_a_database_migrated_before_the_move_keeps_its_card_records(tmp_path):
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'before-the-move.sqlite3'}",
           "DJANGO_SETTINGS_MODULE": "rulings.project.settings"}
    result = subprocess.run([sys.executable, "-c", MIGRATE_ACROSS_THE_MOVE], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == \
        "decks scenarios_cardrecord ['Kept Card']"
