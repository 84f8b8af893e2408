"""Cards defined inside a scenario (`cards:`): checked like catalog entries, found by name like
catalog cards, and refused with the scenario's file and line when they cannot be used."""
import textwrap

import pytest

from scenarios.engine import ScenarioError, load_scenario, parse_scenario, replay
from scenarios.engine.cards import MAX_SCENARIO_CARDS, default_catalog
from scenarios.engine.rulesets import RULESETS, ruleset_for
from scenarios.presentation.readable.sentences import card_names, step_sentences

from .conftest import ROOT, parameters, run

INLINE_FILES = sorted(p for p in (ROOT / "scenarios" / "data").rglob("*.yaml")
                      if "\ncards:" in p.read_text(encoding="utf-8"))

SCENARIO = textwrap.dedent("""\
    slug: inline-probe
    format: core
    rule: core/ending-the-game#zero-lp-immediate-loss
    title: A 2000-ATK monster attacks a 1900-ATK monster
    narrative: The stronger monster wins the battle.
    cards:
      - name: Monster with 2000 ATK
        kind: monster
        subtype: normal
        race: Warrior
        attribute: EARTH
        level: 4
        atk: 2000
        def: 1000
      - name: Monster with 1900 ATK
        kind: monster
        subtype: normal
        race: Warrior
        attribute: EARTH
        level: 4
        atk: 1900
        def: 1000
    setup:
      turn: {number: 3, player: A, phase: battle}
      players:
        A:
          lp: 8000
          deck: 5
          monsters: [{id: strong, card: Monster with 2000 ATK, position: attack}]
        B:
          lp: 8000
          deck: 5
          monsters: [{id: weak, card: Monster with 1900 ATK, position: attack}]
    steps:
      - {player: A, attack: strong, target: weak}
      - {player: A, pass: true}
      - {player: B, pass: true}
    expect:
      lp: {B: 7900}
      cards: {weak: {zone: graveyard}, strong: {zone: monsters}}
    """)


def edited(old, new, text=SCENARIO):
    assert text.count(old) == 1, old
    return text.replace(old, new)


def line_of(text, needle):
    return next(n for n, line in enumerate(text.splitlines(), start=1) if needle in line)


def error_of(text):
    with pytest.raises(ScenarioError) as raised:
        parse_scenario(text, "inline.yaml", RULESETS)
    return raised.value


def replayed(text):
    scenario = parse_scenario(text, "inline.yaml", RULESETS)
    return replay(scenario, ruleset_for(scenario.format), default_catalog(),
                  params=parameters(scenario.format))


# --- valid scenarios replay ----------------------------------------------------------------

def test_the_bundled_scenarios_define_cards_in_more_than_one_format():
    formats = {load_scenario(p, RULESETS).format for p in INLINE_FILES}
    assert len(INLINE_FILES) >= 2 and {"core", "kingdom-duels"} <= formats


@pytest.mark.parametrize("path", INLINE_FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_bundled_scenario_with_its_own_cards_passes(path):
    scenario = load_scenario(path, RULESETS)
    assert scenario.cards and all(card.scenario_card for card in scenario.cards)
    result = run(scenario)
    assert result.matches, result.differences
    assert scenario.rule in result.rules


def test_inline_cards_are_played_by_name_like_catalog_cards():
    result = replayed(SCENARIO)
    assert result.matches, result.differences
    card = result.duel.catalog.get("Monster with 2000 ATK")
    assert (card.atk, card.race, card.scenario_card) == (2000, "Warrior", True)
    assert result.duel.catalog.get("Sangan").scenario_card is False
    assert "Monster with 2000 ATK" not in default_catalog()  # the catalog itself is untouched


def test_the_replay_reads_with_the_inline_names():
    result = replayed(SCENARIO)
    names = card_names(result)
    assert names["strong"] == "Monster with 2000 ATK"
    assert names["weak"] == "Monster with 1900 ATK"
    assert "Monster with 2000 ATK" in " ".join(step_sentences(result))


def without_cards(text=SCENARIO):
    return text.split("cards:\n")[0] + "setup:\n" + text.split("setup:\n")[1]


def test_a_scenario_without_cards_has_none():
    text = without_cards().replace("Monster with 2000 ATK", "Sangan")
    assert parse_scenario(text.replace("Monster with 1900 ATK", "Sangan"), "x.yaml",
                          RULESETS).cards == ()


def test_a_setup_card_named_nowhere_is_still_unknown():
    text = edited("card: Monster with 1900 ATK,", "card: Monster with 1800 ATK,")
    scenario = parse_scenario(text, "inline.yaml", RULESETS)
    with pytest.raises(ScenarioError) as raised:
        run(scenario)
    assert "unknown card 'Monster with 1800 ATK'" in raised.value.message


# --- invalid ones are refused at their file and line ------------------------------------------

def test_a_catalog_name_makes_the_scenarios_own_version_of_that_card():
    """A card may reuse a catalog card's name with other numbers: the scenario's version wins,
    and it is marked as a redefinition (the catalog's own Sangan has 1000 ATK)."""
    text = edited("Monster with 1900 ATK", "Sangan", edited(
        "- name: Monster with 1900 ATK", "- name: Sangan"))
    result = replayed(text)
    sangan = result.duel.catalog.get("Sangan")
    assert (sangan.atk, sangan.scenario_card, sangan.redefines_catalog_card) == (1900, True, True)
    assert default_catalog().get("Sangan").atk == 1000  # the catalog itself is untouched
    assert result.matches, result.differences  # the 1900-ATK Sangan, not the 1000-ATK one
    assert not result.duel.catalog.get("Monster with 2000 ATK").redefines_catalog_card


def test_the_catalogs_version_would_have_lost_the_battle_otherwise():
    """The scenario above depends on which Sangan is played: with the catalog's 1000 ATK the
    battle damage differs."""
    text = edited("Monster with 1900 ATK", "Sangan", edited(
        "- name: Monster with 1900 ATK", "- name: Sangan")).replace("atk: 1900", "atk: 1000")
    result = replayed(text)
    assert result.duel.catalog.get("Sangan").atk == 1000
    assert not result.matches


def test_a_name_defined_twice_is_refused():
    text = edited("- name: Monster with 1900 ATK", "- name: Monster with 2000 ATK")
    error = error_of(text)
    second = [n for n, line in enumerate(text.splitlines(), start=1)
              if "- name: Monster with 2000 ATK" in line][1]
    assert (error.line, error.field) == (second, "cards[1].name")
    assert "defined twice" in error.message


@pytest.mark.parametrize("old, new, field, needle, words", [
    ("    atk: 1900\n", "    atk: lots\n", "cards[1].atk", "atk: lots", "whole number"),
    ("2000 ATK\n    kind: monster\n", "2000 ATK\n    kind: creature\n", "cards[0].kind",
     "kind: creature", "creature is not a card kind (known: monster, rule, spell, trap)"),
    ("    attribute: EARTH\n    level: 4\n    atk: 2000",
     "    attribute: SOIL\n    level: 4\n    atk: 2000", "cards[0].attribute", "SOIL",
     "SOIL is not an Attribute"),
    ("    def: 1000\n  - name", "    def: 1000\n    colour: red\n  - name", "cards[0].colour",
     "colour: red", "unknown field"),
    ("    atk: 2000\n",
     "    atk: 2000\n    effects: [{trigger: summoned, resolve: [{explode: 1}]}]\n",
     "cards[0].effects", "explode", "unknown primitive 'explode'"),
    ("    atk: 2000\n", "    atk: 2000\n    summon_with: {alter_type: Beast}\n",
     "cards[0].summon_with", "summon_with", "only Ritual, Alter and Integration"),
])
def test_a_card_the_catalog_would_refuse_is_refused_at_its_line(old, new, field, needle, words):
    text = edited(old, new)
    error = error_of(text)
    assert (error.file, error.line, error.field) == ("inline.yaml", line_of(text, needle), field)
    assert words in error.message


@pytest.mark.parametrize("old, new, field, needle, message", [
    ("    race: Warrior\n    attribute: EARTH\n    level: 4\n    atk: 2000",
     "    race: Warior\n    attribute: EARTH\n    level: 4\n    atk: 2000", "cards[0].race",
     "race: Warior", "Warior — did you mean Warrior? (not a Type the catalog knows)"),
    ("    attribute: EARTH\n    level: 4\n    atk: 2000",
     "    attribute: EATH\n    level: 4\n    atk: 2000", "cards[0].attribute", "EATH",
     "EATH — did you mean EARTH? (not an Attribute)"),
    ("2000 ATK\n    kind: monster\n", "2000 ATK\n    kind: monstr\n", "cards[0].kind",
     "kind: monstr", "monstr — did you mean monster? (not a card kind)"),
])
def test_a_misspelt_card_word_is_refused_with_the_closest_known_one(old, new, field, needle,
                                                                     message):
    text = edited(old, new)
    error = error_of(text)
    assert (error.line, error.field) == (line_of(text, needle), field)
    assert error.message == message


def test_a_type_of_a_catalog_card_or_a_printed_type_is_accepted():
    for race in ("Plant", "Angel"):  # printed on cards; used by a Kingdom Duels catalog card
        text = edited("    race: Warrior\n    attribute: EARTH\n    level: 4\n    atk: 2000",
                      f"    race: {race}\n    attribute: EARTH\n    level: 4\n    atk: 2000")
        assert parse_scenario(text, "inline.yaml", RULESETS).cards[0].race == race


def test_kingdom_rule_card_terms_are_checked_too():
    text = edited("  - name: Monster with 2000 ATK\n", "  - name: Odd Setup\n    kind: rule\n"
                  "    subtype: field-setup\n    rule: {terrains: 3}\n"
                  "  - name: Monster with 2000 ATK\n")
    error = error_of(text)
    assert (error.line, error.field) == (line_of(text, "rule: {terrains"), "cards[0].rule")
    assert "Odd Setup: rule.terrains" in error.message


def test_a_card_without_a_name_is_refused():
    text = edited("  - name: Monster with 1900 ATK\n", "  - name: ''\n")
    error = error_of(text)
    assert (error.line, error.field) == (line_of(text, "name: ''"), "cards[1].name")


def test_cards_must_be_a_list():
    text = without_cards().replace("setup:\n", "cards: {name: X}\nsetup:\n", 1)
    error = error_of(text)
    assert (error.line, error.field) == (line_of(text, "cards: {name"), "cards")


def test_at_most_twenty_cards():
    many = "".join(f"  - {{name: Filler {n}, kind: monster, subtype: normal, atk: 0, def: 0}}\n"
                   for n in range(MAX_SCENARIO_CARDS - 1))  # with the two: one too many
    text = edited("setup:\n", many + "setup:\n")
    error = error_of(text)
    assert (error.line, error.field) == (line_of(text, "cards:") + 1, "cards")  # the list's line
    assert f"at most {MAX_SCENARIO_CARDS} cards" in error.message


def test_exactly_twenty_cards_are_allowed():
    many = "".join(f"  - {{name: Filler {n}, kind: monster, subtype: normal, atk: 0, def: 0}}\n"
                   for n in range(MAX_SCENARIO_CARDS - 2))
    text = edited("setup:\n", many + "setup:\n")
    assert len(parse_scenario(text, "inline.yaml", RULESETS).cards) == MAX_SCENARIO_CARDS


def test_a_name_over_a_hundred_characters_is_refused():
    long = "A" * 101
    text = edited("- name: Monster with 1900 ATK", f"- name: {long}")
    error = error_of(text)
    assert (error.line, error.field) == (line_of(text, long), "cards[1].name")
    assert "at most 100 characters" in error.message
    assert parse_scenario(edited("Monster with 1900 ATK", "B" * 100, edited(
        "- name: Monster with 1900 ATK", "- name: " + "B" * 100)), "x.yaml", RULESETS)


def test_a_catalog_that_already_has_the_name_is_overridden_at_replay():
    """Replayed with another catalog (one that has the name), the scenario's card still wins and
    is marked as its own version."""
    scenario = parse_scenario(SCENARIO, "inline.yaml", RULESETS)
    own = scenario.cards[0]

    class Bigger:
        cards = {**default_catalog().cards, own.name: own}

        def __contains__(self, name):
            return name in self.cards

        def get(self, name):
            return self.cards.get(name)

    result = replay(scenario, ruleset_for("core"), Bigger(), params=parameters("core"))
    played = result.duel.catalog.get(own.name)
    assert played.redefines_catalog_card and played.atk == own.atk
    assert not own.redefines_catalog_card  # the parsed card is left as it was


def test_the_board_says_a_redefined_card_is_the_scenarios_version():
    from scenarios.presentation.readable.board import board_svg

    text = edited("Monster with 1900 ATK", "Sangan", edited(
        "- name: Monster with 1900 ATK", "- name: Sangan"))
    result = replayed(text)
    svg = board_svg(result.initial_state, "core", result.duel.catalog).replace("&#x27;", "'")
    assert "This scenario's version of Sangan, not the catalog's (the catalog's: ATK 1000 / " \
        "DEF 600, Level 3)" in svg  # in the card's text
    assert ">scenario's version<" in svg  # on the card's face
    # A card of a name of its own keeps the plain words.
    assert "A card defined for this scenario" in svg
