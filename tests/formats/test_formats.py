"""Each format is one package that owns its parts (scenarios/formats/), and the generic code
(board, sentences, deck checker) asks the format instead of naming it. Plain pytest, no database.
"""
import dataclasses
import re
from pathlib import Path
from xml.sax.saxutils import escape

import pytest

from scenarios.engine import ruleset_for
from scenarios.engine.cards import CATALOG_DIR, default_catalog
from scenarios.formats import all_formats, format_for, register, unregister
from scenarios.formats.format import BoardLayout, DeckRules, Format, Words, ZoneSpot
from scenarios.presentation.readable.board import board_svg, board_zones
from scenarios.presentation.readable.sentences import step_sentences
from scenarios.presentation.replay_view import filler_ids, replay_states
from tests.engine.conftest import ROOT, run, scenario_at

BUNDLED = {"core", "deck-masters", "thought-ruler-highlander", "tag-team-phalanx",
           "kingdom-duels"}
DATA = ROOT / "scenarios" / "data"


def test_every_bundled_format_is_registered_under_its_slug():
    assert {fmt.slug for fmt in all_formats()} == BUNDLED
    for slug in BUNDLED:
        assert format_for(slug).slug == slug
    assert format_for("no-such-format") is None


@pytest.mark.parametrize("slug", sorted(BUNDLED))
def test_a_format_provides_every_part(slug):
    fmt = format_for(slug)
    assert fmt.ruleset is ruleset_for(slug)
    assert isinstance(fmt.board, BoardLayout) and fmt.board.zone_labels
    assert isinstance(fmt.words, Words)
    assert fmt.catalog_files and all(path.is_file() for path in fmt.catalog_paths())
    assert fmt.marks_files and all(Path(path).is_file() for path in fmt.marks_files)
    assert all(Path(path).parent == Path(__import__(
        f"scenarios.formats.{slug.replace('-', '_')}", fromlist=["FORMAT"]).__file__).parent /
        "marks" for path in fmt.marks_files)
    # Deck rules: a format with deck-construction articles checks decks; the others say so.
    assert fmt.deck_rules is None or isinstance(fmt.deck_rules, DeckRules)


@pytest.mark.parametrize("slug", sorted(BUNDLED))
def test_a_formats_deck_rules_anchor_every_rule_they_cite(slug):
    rules = format_for(slug).deck_rules
    if rules is None:
        pytest.skip(f"{slug} has no deck-construction rules")
    assert rules.parameters and rules.anchors and callable(rules.check)
    for spec in rules.parameters:
        assert spec.anchors and all(anchor.startswith(f"{slug}/") for anchor in spec.anchors)
    cited = {f"{slug}/{anchor}" for anchor in rules.anchors.values()}
    assert {anchor for spec in rules.parameters for anchor in spec.anchors} <= cited


def test_every_catalog_file_belongs_to_exactly_one_format():
    files = sorted(str(path.relative_to(CATALOG_DIR)) for path in CATALOG_DIR.rglob("*.yaml"))
    owners = {name: [fmt.slug for fmt in all_formats() if name in fmt.catalog_files]
              for name in files}
    assert {name: slugs for name, slugs in owners.items() if len(slugs) != 1} == {}


# --- no format named outside its own package ----------------------------------------------

SLUG = "|".join(re.escape(slug) for slug in sorted(BUNDLED))
COMPARISON = re.compile(
    rf"""(==|!=)\s*["']({SLUG})["']|["']({SLUG})["']\s*(==|!=|\bin\b|\bnot in\b)""")
# The formats' own code: their packages, and the engine's rulesets they reference.
OWN = ("scenarios/formats/", "scenarios/engine/rulesets/")


def format_comparisons(text):
    return [line.strip() for line in text.splitlines() if COMPARISON.search(line)]


def test_the_comparison_pattern_finds_a_format_branch():
    assert format_comparisons('if self.format == "kingdom-duels":')
    assert format_comparisons('kingdom = "kingdom-duels" in slugs')
    assert format_comparisons("if fmt != 'deck-masters':")
    assert not format_comparisons('q.format == slug')


def test_no_format_slug_is_compared_outside_the_formats_own_code():
    found = {}
    for folder in ("scenarios", "rulings"):
        for path in (ROOT / folder).rglob("*.py"):
            relative = path.relative_to(ROOT).as_posix()
            if relative.startswith(OWN) or "/migrations/" in relative:
                continue
            lines = format_comparisons(path.read_text(encoding="utf-8"))
            if lines:
                found[relative] = lines
    assert found == {}


# --- adding a format touches one folder ---------------------------------------------------

@pytest.fixture
def toy_format():
    core = format_for("core")
    toy = Format(
        slug="toy-format", name="Toy", ruleset=core.ruleset,
        board=BoardLayout(zone_labels=("Toy Front", "Spell & Trap Zones", "Toy Reserve",
                                       "Field Zone", "Graveyard", "Toy Void", "Toy Library",
                                       "Extra Deck", "Hand"),
                          monster_label="Toy Front",
                          extra_zone=ZoneSpot("Toy Reserve", "toy_reserve"),
                          banished=("Toy Void", "banished"), deck_label="Toy Library"),
        words=Words(hidden="Veiled", set_monster="veiled in DEF", face_down_target="the veiled "),
        catalog_files=core.catalog_files, marks_files=core.marks_files)
    register(toy)
    yield toy
    unregister("toy-format")


def test_a_registered_format_gets_its_board_without_touching_generic_code(toy_format):
    scenario = scenario_at(DATA / "core" / "trap-set-this-turn.yaml")
    state = replay_states(run(scenario))[-1]
    svg = board_svg(state, "toy-format", default_catalog())
    assert board_zones("toy-format") == list(toy_format.board.zone_labels)
    for label in toy_format.board.zone_labels:
        assert escape(label) in svg, label
    # The set card's face-down mark is the toy's word.
    assert ">Veiled</text>" in svg and ">Face-down</text>" not in svg
    assert ">Face-down</text>" in board_svg(state, "core", default_catalog())


def test_a_registered_format_gets_its_words_without_touching_generic_code(toy_format):
    path = DATA / "deck-masters" / "deck-master-not-tributed-for-a-set.yaml"
    replay = run(scenario_at(path))
    told = " ".join(map(str, step_sentences(replay)))
    assert "face-down in Defense Position" in told
    replay.scenario = dataclasses.replace(replay.scenario, format="toy-format")
    told = " ".join(map(str, step_sentences(replay)))
    assert "veiled in DEF" in told and "face-down in Defense Position" not in told


# --- filler cards: the engine's flag, not a card's name -----------------------------------

def test_a_hand_counts_only_flagged_filler_cards_as_unnamed():
    """Player A's Deck names two Giant Soldiers of Stone and draws them: they are real cards,
    shown by name; Player B's `deck: 10` is filler, counted as unnamed cards."""
    replay = run(scenario_at(DATA / "kingdom-duels" / "land-is-the-default-terrain.yaml"))
    filler = filler_ids(replay)
    assert filler and all(card_id.startswith("B-deck-") for card_id in filler)
    state = replay_states(replay)[-1]
    hands = {player: data.get("hand", []) for player, data in state["players"].items()}
    scripted = [e for e in hands["A"] if e["card"] == "Giant Soldier of Stone"]
    assert scripted, "the scenario's A draws the Giant Soldiers its Deck names"
    svg = board_svg(state, "kingdom-duels", replay.duel.catalog, filler=filler)
    for entry in scripted:
        assert f'data-card="{entry["id"]}"' in svg
    flagged = [e for e in hands["B"] if e["id"] in filler]
    assert flagged and f'+{len(flagged)} unnamed card' in svg
    assert not any(f'data-card="{e["id"]}"' in svg for e in flagged)
