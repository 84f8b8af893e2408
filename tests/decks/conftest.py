import io
from pathlib import Path

import pytest
from django.core.management import call_command

from scenarios.decks.models import CardRecord
from .decklists import FILLER_EXTRA, FILLER_MAIN

HERE = Path(__file__).resolve().parent
SAMPLE_FILE = HERE / "cardinfo-sample.json"
MALFORMED_FILE = HERE / "cardinfo-malformed.json"


def run_import(path):
    """Run import_cards as a user would; returns (stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    call_command("import_cards", str(path), stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def make_fillers():
    """Plain cards that fill a 60-card singleton deck around the sample's real ones."""
    CardRecord.objects.bulk_create(
        [CardRecord(name=name, frame_type="normal", type_line="Normal Monster", level=4,
                    atk=1000, defense=1000, race="Warrior", attribute="EARTH")
         for name in FILLER_MAIN]
        + [CardRecord(name=name, frame_type="xyz", type_line="XYZ Monster", level=4,
                      atk=2000, defense=2000, race="Warrior", attribute="EARTH")
           for name in FILLER_EXTRA])


@pytest.fixture
def sample_cards(db):
    """The bundled sample of real cards, imported the way a user imports a dump."""
    run_import(SAMPLE_FILE)


@pytest.fixture
def deck_cards(sample_cards):
    """The sample cards plus fillers: enough distinct cards for a legal Highlander deck."""
    make_fillers()
