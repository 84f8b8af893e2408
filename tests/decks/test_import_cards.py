"""import_cards: YGOPRODeck card info in, CardRecords upserted by name, nothing ever deleted."""
import json

import pytest
from django.core.management.base import CommandError

from scenarios.decks.cardrecords import reads_cannot_normal_summon
from scenarios.decks.models import CardRecord

from .conftest import MALFORMED_FILE, SAMPLE_FILE, run_import

SAMPLE_SIZE = len(json.loads(SAMPLE_FILE.read_text(encoding="utf-8"))["data"])


def test_the_sample_file_loads_every_card_and_prints_the_counts(db):
    out, err = run_import(SAMPLE_FILE)
    assert SAMPLE_SIZE == 15
    assert f"{SAMPLE_SIZE} created, 0 updated, 0 unchanged, 0 skipped" in out
    assert err == ""
    assert CardRecord.objects.count() == SAMPLE_SIZE


def test_fields_are_read_per_frame_type(sample_cards):
    talker = CardRecord.objects.get(name="Decode Talker")
    assert (talker.frame_type, talker.type_line, talker.atk, talker.defense, talker.level,
            talker.linkval, talker.race, talker.attribute, talker.ygoprodeck_id) == (
        "link", "Link Monster", 2300, None, None, 3, "Cyberse", "DARK", 1861629)
    restrict = CardRecord.objects.get(name="Thousand-Eyes Restrict")
    assert (restrict.frame_type, restrict.level, restrict.atk, restrict.defense) == (
        "fusion", 1, 0, 0)
    typhoon = CardRecord.objects.get(name="Mystical Space Typhoon")
    assert (typhoon.frame_type, typhoon.race, typhoon.atk, typhoon.attribute) == (
        "spell", "Quick-Play", None, "")
    assert CardRecord.objects.get(name="Ghostrick Siren").ygoprodeck_id is None


def test_cannot_normal_summon_is_read_from_the_card_text(sample_cards):
    flagged = set(CardRecord.objects.filter(cannot_normal_summon=True)
                  .values_list("name", flat=True))
    assert flagged == {"Black Luster Soldier - Envoy of the Beginning"}
    # Conditions are not a ban: Cave Dragon and Ghostrick Siren stay Normal Summonable.
    assert not CardRecord.objects.get(name="Cave Dragon").cannot_normal_summon
    assert not CardRecord.objects.get(name="Ghostrick Siren").cannot_normal_summon


def test_reimporting_updates_in_place_instead_of_duplicating(sample_cards, tmp_path):
    out, _ = run_import(SAMPLE_FILE)
    assert f"0 created, 0 updated, {SAMPLE_SIZE} unchanged, 0 skipped" in out

    document = json.loads(SAMPLE_FILE.read_text(encoding="utf-8"))
    sangan = next(card for card in document["data"] if card["name"] == "Sangan")
    sangan["atk"] = 1100
    changed = tmp_path / "changed.json"
    changed.write_text(json.dumps(document), encoding="utf-8")
    out, _ = run_import(changed)
    assert f"0 created, 1 updated, {SAMPLE_SIZE - 1} unchanged, 0 skipped" in out
    assert CardRecord.objects.filter(name="Sangan").count() == 1
    assert CardRecord.objects.get(name="Sangan").atk == 1100
    assert CardRecord.objects.count() == SAMPLE_SIZE


def test_a_smaller_file_deletes_nothing(sample_cards, tmp_path):
    document = {"data": [json.loads(SAMPLE_FILE.read_text(encoding="utf-8"))["data"][0]]}
    partial = tmp_path / "one-card.json"
    partial.write_text(json.dumps(document), encoding="utf-8")
    run_import(partial)
    assert CardRecord.objects.count() == SAMPLE_SIZE


def test_malformed_entries_are_reported_by_index_and_name_and_skipped(db):
    out, err = run_import(MALFORMED_FILE)
    assert "2 created, 0 updated, 0 unchanged, 8 skipped" in out
    reported = err.splitlines()
    assert reported == [
        "skipped entry 1: not a mapping (a JSON string)",
        'skipped entry 2: missing "name"',
        'skipped entry 3 ("No Frame"): missing "frameType"',
        'skipped entry 4 ("Text Attack"): "atk" must be a whole number, not a JSON string',
        'skipped entry 5 ("Yes Level"): "level" must be a whole number, not a JSON boolean',
        'skipped entry 6: "name" must be a string, not a JSON number',
        "skipped entry 7 (\"Foo\"): frameType 'weird' is not a known frame type",
        'skipped entry 9 ("Sangan"): the same name as entry 0',
    ]
    assert set(CardRecord.objects.values_list("name", flat=True)) == {"Sangan", "Dark Magician"}
    assert CardRecord.objects.get(name="Sangan").atk == 1000  # the first entry, not the repeat


@pytest.mark.parametrize("content, complaint", [
    ("{not json", "not JSON"),
    ("", "not JSON"),
    ('{"cards": []}', 'no "data" list'),
    ('{"data": {"name": "Sangan"}}', 'no "data" list'),
    ("[1, 2, 3]", 'no "data" list'),
])
def test_a_file_that_is_not_card_info_is_refused_whole(sample_cards, tmp_path, content,
                                                       complaint):
    before = list(CardRecord.objects.order_by("name").values())
    bad = tmp_path / "broken.json"
    bad.write_text(content, encoding="utf-8")
    with pytest.raises(CommandError) as refused:
        run_import(bad)
    assert str(bad) in str(refused.value) and complaint in str(refused.value)
    assert "nothing was imported" in str(refused.value)
    assert list(CardRecord.objects.order_by("name").values()) == before


def test_a_missing_file_is_refused_naming_it(db, tmp_path):
    with pytest.raises(CommandError, match="nowhere.json"):
        run_import(tmp_path / "nowhere.json")


def test_out_of_range_numbers_are_entry_problems_not_database_errors(db, tmp_path):
    document = {"data": [{"name": "Huge", "type": "Effect Monster", "frameType": "effect",
                          "level": 10**9}]}
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    out, err = run_import(path)
    assert '"level" 1000000000 is out of range' in err and "1 skipped" in out


def test_spells_are_never_flagged_whatever_their_text(db, tmp_path):
    document = {"data": [{"name": "Odd Spell", "type": "Spell Card", "frameType": "spell",
                          "desc": "Cannot be Normal Summoned/Set."}]}
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    run_import(path)
    assert not CardRecord.objects.get(name="Odd Spell").cannot_normal_summon


@pytest.mark.parametrize("text", [
    "Cannot be Normal Summoned/Set. Must first be Special Summoned (from your hand) by "
    "banishing 1 LIGHT and 1 DARK monster from your GY.",
    "This card cannot be Normal Summoned or Set. This card can only be Special Summoned by "
    "removing from play 1 LIGHT and 1 DARK monster in your Graveyard.",
    "cannot be Normal Summoned or Set",
    "[ Pendulum Effect ] You can destroy this card.\r\n----------------------------------------"
    "\r\n[ Monster Effect ] Cannot be Normal Summoned/Set. Must be Special Summoned.",
])
def test_absolute_bans_on_normal_summoning_are_read(text):
    assert reads_cannot_normal_summon(text)


@pytest.mark.parametrize("text", [
    "If you control a monster, you cannot Normal Summon this card. This card cannot declare an "
    "attack unless you control another Dragon monster.",
    'Cannot be Normal Summoned, unless you control a "Ghostrick" monster.',
    "Cannot be Normal Summoned/Set unless you control a Dragon monster.",
    "Cannot be Special Summoned.",
    "You cannot Normal Summon or Set the turn you activate this effect.",
    "",
])
def test_conditions_and_other_summon_limits_are_not_bans(text):
    assert not reads_cannot_normal_summon(text)
