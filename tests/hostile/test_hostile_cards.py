"""Hostile card-info files: import_cards reports and goes on, never a traceback."""
import json

import pytest
from django.core.management.base import CommandError

from scenarios.decks.models import CardRecord
from tests.decks.conftest import SAMPLE_FILE, run_import


def test_deeply_nested_json_is_a_clean_error_not_a_traceback(db, tmp_path):
    path = tmp_path / "deep.json"
    path.write_text('{"data": [{"name": "X", "desc": ' + "[" * 100_000 + "]" * 100_000 + "}]}")
    with pytest.raises(CommandError) as raised:
        run_import(path)
    assert "deep.json" in str(raised.value) and "nested" in str(raised.value)
    assert CardRecord.objects.count() == 0


def test_a_nested_value_inside_one_entry_skips_that_entry(db, tmp_path):
    data = json.loads(SAMPLE_FILE.read_text(encoding="utf-8"))["data"]
    data[0] = dict(data[0], desc=[[[["x"]]]])
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"data": data}))
    out, err = run_import(path)
    assert "entry 0" in err and f"{len(data) - 1} created" in out


@pytest.mark.parametrize("name", ["Sangan\x00", "Sang\x00an", "Sangan\x07", "\u202eSangan"])
def test_a_control_character_in_a_card_name_skips_the_entry(db, tmp_path, name):
    data = json.loads(SAMPLE_FILE.read_text(encoding="utf-8"))["data"]
    data[0] = dict(data[0], name=name)
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"data": data}))
    out, err = run_import(path)
    assert "entry 0" in err and "control character" in err
    assert f"{len(data) - 1} created" in out
    assert not any("\x00" in n for n in CardRecord.objects.values_list("name", flat=True))
