"""Issue 21, section 1: every capability of the scenario language has a scenario in every
format where it applies. The cells where it cannot apply say why (CANNOT_APPLY); the cells
still missing are listed (NOT_YET) and must really be empty, so covering one makes this test
ask for its removal. Detection: scenarios/verification/capabilities.py (from the YAML keys)."""
import pytest

from scenarios.verification import capabilities as detectors
from scenarios.verification.capabilities import CAPABILITIES, FORMATS, facts_of, matrix

CORE, DM, TRH, TTP, KD = FORMATS
NO_DECK_MASTERS = "the format has no Deck Masters"
TRH_DECK_MASTERS_HAVE_NO_ABILITIES = (
    "Thought Ruler Highlander's Deck Master is a monster waiting in the Extra Monster Zone; "
    "the seed gives it no Abilities")
NO_DECK_MASTER_POSITION = (
    "no Deck Master Position: the Highlander Deck Master waits in the Extra Monster Zone")
TWO_PLAYERS = "a Duel of two players: no teams"

CANNOT_APPLY = {
    ("item07_ritual_monster_as_deck_master", CORE): NO_DECK_MASTERS,
    ("item07_ritual_monster_as_deck_master", TTP): NO_DECK_MASTERS,
    ("item07_ritual_monster_as_deck_master", KD): NO_DECK_MASTERS,
    ("item07_ritual_monster_as_deck_master", TRH):
        "seed: 'Ritual, Fusion, Synchro, Xyz, and Link Monsters cannot be Deck Masters'",
    **{(c.name, fmt): reason for c in CAPABILITIES if c.item == 8
       for fmt, reason in ((CORE, NO_DECK_MASTERS), (TTP, NO_DECK_MASTERS),
                           (KD, NO_DECK_MASTERS), (TRH, TRH_DECK_MASTERS_HAVE_NO_ABILITIES))},
    ("item15_teams_of_three", CORE): TWO_PLAYERS,
    ("item15_teams_of_three", DM): TWO_PLAYERS,
    ("item15_teams_of_three", TRH): TWO_PLAYERS,
    ("item15_card_held_in_the_deck_master_position", CORE): NO_DECK_MASTERS,
    ("item15_card_held_in_the_deck_master_position", TTP): NO_DECK_MASTERS,
    ("item15_card_held_in_the_deck_master_position", KD): NO_DECK_MASTERS,
    ("item15_card_held_in_the_deck_master_position", TRH): NO_DECK_MASTER_POSITION,
    ("item15_deck_master_starts_on_the_field", CORE): NO_DECK_MASTERS,
    ("item15_deck_master_starts_on_the_field", TTP): NO_DECK_MASTERS,
    ("item15_deck_master_starts_on_the_field", KD): NO_DECK_MASTERS,
}

# Cells that apply but have no scenario yet, each with a note (empty: every cell that applies
# has one). A cell listed here must really be empty, so it cannot outlive its scenario.
NOT_YET: dict = {}


@pytest.fixture(scope="session")
def cells():
    return matrix()


def test_every_capability_has_a_scenario_in_every_format_where_it_applies(cells):
    missing = [f"{cap} in {fmt}" for (cap, fmt), slugs in cells.items()
               if not slugs and (cap, fmt) not in CANNOT_APPLY and (cap, fmt) not in NOT_YET]
    assert not missing, "no scenario uses:\n" + "\n".join(missing)


def test_every_cell_listed_as_not_yet_really_has_no_scenario(cells):
    stale = [f"{cap} in {fmt}: {', '.join(cells[cap, fmt][:3])}"
             for cap, fmt in NOT_YET if cells[cap, fmt]]
    assert not stale, "covered now, remove from NOT_YET:\n" + "\n".join(stale)


def test_no_scenario_uses_a_capability_where_it_cannot_apply(cells):
    wrong = [f"{cap} in {fmt}: {', '.join(cells[cap, fmt][:3])}"
             for cap, fmt in CANNOT_APPLY if cells[cap, fmt]]
    assert not wrong, "the reason in CANNOT_APPLY is wrong:\n" + "\n".join(wrong)


def test_the_lists_name_known_capabilities_and_formats_with_a_reason_each():
    known = {c.name for c in CAPABILITIES}
    for (cap, fmt), reason in {**CANNOT_APPLY, **NOT_YET}.items():
        assert cap in known and fmt in FORMATS and reason.strip(), (cap, fmt)
    assert not set(CANNOT_APPLY) & set(NOT_YET)


def test_every_detector_is_named_after_its_item_and_says_what_it_looks_for():
    assert len({c.name for c in CAPABILITIES}) == len(CAPABILITIES)
    assert {c.item for c in CAPABILITIES} == set(range(1, 17))
    for c in CAPABILITIES:
        assert c.name.startswith(f"item{c.item:02d}_") and c.says, c.name


# --- detectors on small snippets -------------------------------------------------------------

def scenario(cards=(), setup=None, steps=(), **rest):
    return facts_of({"slug": "snippet", "format": "core", "cards": list(cards),
                     "setup": setup or {}, "steps": list(steps), **rest})


def card(*effects, **fields):
    return {"name": "Snippet Card", "kind": "monster", "subtype": "effect",
            "effects": list(effects), **fields}


def test_a_battle_only_protection_is_told_apart_from_an_effect_only_one():
    battle = scenario([card({"continuous": {"cannot_be_destroyed": {"by": "battle"}}})])
    effect = scenario([card({"continuous": {"cannot_be_destroyed": {"by": "effect"}}})])
    assert detectors.item02_cannot_be_destroyed_by_battle(battle)
    assert not detectors.item02_cannot_be_destroyed_by_battle(effect)


def test_a_quick_effect_is_placed_by_its_from_zone():
    quick = scenario([card({"quick": {"resolve": []}, "from": "graveyard"})])
    assert detectors.item03_quick_effect_from_the_graveyard(quick)
    assert not detectors.item03_quick_effect_from_the_hand(quick)
    assert not detectors.item03_ignition_effect_from_the_graveyard(quick)


def test_an_exact_level_filter_is_not_the_cards_own_level():
    own_level = scenario([card(level=4)])
    filtered = scenario([card({"ignition": {"target": {"card": "monster", "level": 4},
                                            "resolve": [{"destroy": "target"}]}})])
    assert not detectors.item04_filter_by_exact_level(own_level)
    assert detectors.item04_filter_by_exact_level(filtered)


def test_a_stat_condition_is_read_in_while():
    held = scenario([card({"continuous": {"stats": {"atk": 500}, "to": {"side": "own"},
                                          "while": [{"any_of": [{"turn": "own"}]}]}})])
    assert detectors.item12_stat_change_while_a_condition_holds(held)
    assert detectors.item12_stat_change_by_filter(held)
    assert detectors.item14_conditions_joined_by_or(held)
    assert detectors.item14_condition_on_whose_turn(held)
    assert not detectors.item14_conditions_joined_by_and(held)


def test_a_reference_counts_only_as_the_card_an_effect_acts_on():
    named = scenario([card({"trigger": "destroyed", "resolve": [{"destroy": "that_monster"}]})])
    prose = scenario([card(text="destroy that_monster")])
    assert detectors.item14_refers_to_that_monster(named)
    assert not detectors.item14_refers_to_that_monster(prose)


def test_a_catalog_card_named_in_the_setup_brings_its_effects():
    sangan = scenario(setup={"players": {"A": {"monsters": [{"id": "s", "card": "Sangan"}]}}})
    assert any(c.get("name") == "Sangan" for c in sangan.cards)
    assert not sangan.redefined
    redefined = scenario([card(name="Sangan", atk=1500)])
    assert detectors.item11_own_card_reuses_a_catalog_name(redefined)


def test_a_deck_master_named_in_the_setup_brings_its_catalog_ability():
    facts = scenario(setup={"players": {"A": {"deck_master": {"id": "dm", "card": "Kuriboh"}}}})
    assert any(c.get("deck_master") == "Kuriboh" and c.get("type") == "Ignition"
               for c in facts.cards)
    assert not detectors.item15_deck_master_starts_on_the_field(facts)


def test_teams_of_three_need_three_players_on_one_team():
    three = scenario(setup={"players": {p: {"team": "X"} for p in "ABC"}})
    two = scenario(setup={"players": {"A": {"team": "X"}, "B": {"team": "X"},
                                      "C": {"team": "Y"}}})
    assert detectors.item15_teams_of_three(three)
    assert not detectors.item15_teams_of_three(two)


def test_a_refused_decline_is_not_a_declined_effect():
    refused = scenario(steps=[{"player": "A", "decline": "jar", "illegal": "mandatory_effect"}])
    assert detectors.item16_declining_a_mandatory_effect_refused(refused)
    assert not detectors.item16_optional_effect_declined(refused)
