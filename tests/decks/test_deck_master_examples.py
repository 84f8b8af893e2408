"""The named deck-building examples of the Deck Masters and TRH articles, checked by the deck
checker (scenarios/decks/checker.py)."""
from pathlib import Path

from django.conf import settings

from rulings.knowledge.articlefile import parse_article
from scenarios.decks.checker import check_deck

from .decklists import legal_highlander, legal_main, swap

TRH = "thought-ruler-highlander"
DM = "deck-masters"


def test_black_luster_soldier_cannot_be_a_deck_master_but_cave_dragon_can(deck_cards):
    """deck-master-legality: "Black Luster Soldier - Envoy of the Beginning" says it cannot be
    Normal Summoned, so it is no Deck Master; "Cave Dragon" can be Normal Summoned under a
    condition, so it is one."""
    assert legal_highlander().count("Deck Master: Cave Dragon") == 1
    assert check_deck(TRH, legal_highlander()).legal
    envoy = "Black Luster Soldier - Envoy of the Beginning"
    report = check_deck(TRH, legal_highlander(main=swap(legal_main(), envoy, "Cave Dragon"),
                                              deck_master=envoy))
    assert [(p.rule, p.anchor, p.cards) for p in report.problems] == [
        ("deck-master-cannot-normal-summon",
         f"{TRH}/deck-master-legality#no-cannot-be-normal-summoned", [envoy])]


def test_cards_of_strategies_under_watch_are_not_forbidden(deck_cards):
    """forbidden-list: naming a strategy among the decks that may need hits forbids none of its
    cards ("Blue-Eyes" and "Dark Magician" are watched; their cards stay legal)."""
    path = Path(settings.RULES_CONTENT_DIR) / TRH / "forbidden-list.md"
    source, _ = parse_article(path.read_text(encoding="utf-8"))
    assert {"Blue-Eyes", "Dark Magician"} <= set(source.parameters["decks_that_may_need_hits"])
    text = legal_highlander()
    assert "Blue-Eyes White Dragon" in text and "Dark Magician" in text
    assert check_deck(TRH, text).legal


def test_gemini_elf_deck_master_is_one_of_its_three_copies(sample_cards):
    """setup#example-gemini-elf-limit: with "Gemini Elf" as Deck Master, 2 more copies are
    legal and a third more is one too many, the Deck Master counting as a copy."""
    assert check_deck(DM, "Deck Master: Gemini Elf\n2 Gemini Elf\n").legal
    report = check_deck(DM, "Deck Master: Gemini Elf\n3 Gemini Elf\n")
    assert [(p.rule, p.anchor, p.cards) for p in report.problems] == [
        ("deck-master-copies", f"{DM}/setup#deck-master-counts-as-deck", ["Gemini Elf"])]
