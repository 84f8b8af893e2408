"""check_deck: every deck-construction rule of TRH and Deck Masters, with its anchor."""
import pytest

from rulings.knowledge.models import Article
from scenarios.decks.checker import RULE_ANCHORS, CardIndex, check_deck, info_from_catalog, \
    parse_decklist
from scenarios.engine.cards import CardDef, default_catalog
from scenarios.decks.models import CardRecord

from .decklists import FILLER_EXTRA, FILLER_MAIN, SAMPLE_EXTRA, decklist, legal_highlander, \
    legal_main, swap

TRH = "thought-ruler-highlander"
DM = "deck-masters"


def rules_of(report):
    return [problem.rule for problem in report.problems]


def only_problem(report):
    assert not report.legal
    assert len(report.problems) == 1, [p.message for p in report.problems]
    return report.problems[0]


# --- Thought Ruler Highlander --------------------------------------------------------------

def test_a_legal_60_card_highlander_deck(deck_cards):
    report = check_deck(TRH, legal_highlander())
    assert report.legal and report.problems == []
    assert report.deck.size("main") == 59 and len(report.deck.deck_masters) == 1


@pytest.mark.parametrize("main, total", [(legal_main()[:-1], 59),
                                         (legal_main() + ["Pot of Greed"], 61)])
def test_the_main_deck_must_be_exactly_60_counting_the_deck_master(deck_cards, main, total):
    problems = [p for p in check_deck(TRH, legal_highlander(main=main)).problems
                if p.rule == "main-deck-size"]
    assert len(problems) == 1
    assert problems[0].anchor == f"{TRH}/deck-construction#main-deck-size"
    assert f"has {total} cards counting the Deck Master" in problems[0].message
    assert "exactly 60" in problems[0].message


def test_a_second_copy_breaks_the_highlander_rule(deck_cards):
    main = swap(legal_main(), FILLER_MAIN[0], "Sangan")
    problem = only_problem(check_deck(TRH, legal_highlander(main=main)))
    assert (problem.rule, problem.anchor, problem.cards) == (
        "copy-limit", f"{TRH}/deck-construction#copy-limit", ["Sangan"])
    assert "2 times" in problem.message and "at most 1 copy" in problem.message


def test_the_deck_master_counts_as_its_cards_one_copy(deck_cards):
    main = swap(legal_main(), FILLER_MAIN[0], "Cave Dragon")
    problem = only_problem(check_deck(TRH, legal_highlander(main=main)))
    assert problem.rule == "copy-limit" and problem.cards == ["Cave Dragon"]
    assert "Main Deck 1, Deck Master 1" in problem.message


def test_copies_are_counted_across_main_and_extra_deck(deck_cards):
    extra = SAMPLE_EXTRA + ["Sangan"]
    problem = only_problem(check_deck(TRH, legal_highlander(extra=extra)))
    assert problem.rule == "copy-limit" and "Main Deck 1, Extra Deck 1" in problem.message


@pytest.mark.parametrize("extra_size, legal", [(0, True), (15, True), (16, False)])
def test_the_extra_deck_holds_0_to_15(deck_cards, extra_size, legal):
    report = check_deck(TRH, legal_highlander(extra=FILLER_EXTRA[:extra_size]))
    assert report.legal is legal
    if not legal:
        problem = only_problem(report)
        assert (problem.rule, problem.anchor) == (
            "extra-deck-size", f"{TRH}/deck-construction#extra-deck-size")
        assert "16 cards" in problem.message and "from 0 to 15" in problem.message


def test_no_side_deck_is_allowed(deck_cards):
    problem = only_problem(check_deck(TRH, legal_highlander(side=["Dark Magician"], main=swap(
        legal_main(), "Dark Magician", FILLER_EXTRA[0]))))
    assert (problem.rule, problem.anchor, problem.cards) == (
        "side-deck", f"{TRH}/deck-construction#side-deck-not-allowed", ["Dark Magician"])


@pytest.mark.parametrize("card, section, rule, anchor", [
    ("Pot of Greed", "main", "forbidden-spell", "forbidden-spells-list"),
    ("Royal Oppression", "main", "forbidden-trap", "forbidden-traps-list"),
    ("Time Wizard of Tomorrow", "extra", "forbidden-monster", "forbidden-monsters-list"),
])
def test_forbidden_cards_are_named_with_their_list(deck_cards, card, section, rule, anchor):
    if section == "main":
        text = legal_highlander(main=swap(legal_main(), FILLER_MAIN[0], card))
    else:
        text = legal_highlander(extra=SAMPLE_EXTRA + [card])
    report = check_deck(TRH, text)
    forbidden = [p for p in report.problems if p.rule == rule]
    assert len(forbidden) == 1 and not report.legal
    assert forbidden[0].anchor == f"{TRH}/forbidden-list#{anchor}"
    assert forbidden[0].cards == [card] and card in forbidden[0].message


def test_a_forbidden_deck_master_is_forbidden_too(deck_cards):
    CardRecord.objects.create(name="Victory Dragon", frame_type="effect",
                              type_line="Effect Monster")
    report = check_deck(TRH, legal_highlander(deck_master="Victory Dragon"))
    assert rules_of(report) == ["forbidden-monster"]


def test_a_deck_master_is_required(deck_cards):
    report = check_deck(TRH, legal_highlander(deck_master=None))
    assert set(rules_of(report)) == {"deck-master-required", "main-deck-size"}
    required = next(p for p in report.problems if p.rule == "deck-master-required")
    assert required.anchor == f"{TRH}/deck-master-legality#declared-before-match"


def test_only_one_deck_master(deck_cards):
    main = [card for card in legal_main() if card != "Dark Magician"]  # 58 + 2 Deck Masters
    text = decklist(main=main, extra=SAMPLE_EXTRA) + "Deck Master: Dark Magician\n"
    problem = only_problem(check_deck(TRH, text))
    assert problem.rule == "one-deck-master"
    assert problem.cards == ["Cave Dragon", "Dark Magician"]
    assert problem.anchor == f"{TRH}/deck-master-legality#deck-master-is-main-deck-monster"


def deck_master_swapped_in(card):
    """A legal list except that `card` is the Deck Master: a Main Deck card trades places with
    Cave Dragon; an Extra Deck card simply leaves the Extra Deck."""
    if card in SAMPLE_EXTRA:
        return legal_highlander(deck_master=card, extra=[c for c in SAMPLE_EXTRA if c != card])
    return legal_highlander(main=swap(legal_main(), card, "Cave Dragon"), deck_master=card)


@pytest.mark.parametrize("card, rule, anchor", [
    ("Monster Reborn", "deck-master-not-monster", "must-be-normal-summonable"),
    ("Solemn Warning", "deck-master-not-monster", "must-be-normal-summonable"),
    ("Thousand-Eyes Restrict", "deck-master-summon-type", "no-ritual-or-extra-deck-monsters"),
    ("Decode Talker", "deck-master-summon-type", "no-ritual-or-extra-deck-monsters"),
    ("Black Luster Soldier - Envoy of the Beginning", "deck-master-cannot-normal-summon",
     "no-cannot-be-normal-summoned"),
])
def test_illegal_deck_masters(deck_cards, card, rule, anchor):
    problem = only_problem(check_deck(TRH, deck_master_swapped_in(card)))
    assert (problem.rule, problem.anchor, problem.cards) == (
        rule, f"{TRH}/deck-master-legality#{anchor}", [card])


@pytest.mark.parametrize("card", ["Cave Dragon", "Ghostrick Siren", "Gemini Elf", "Sangan"])
def test_monsters_with_summoning_conditions_are_legal_deck_masters(deck_cards, card):
    report = check_deck(TRH, deck_master_swapped_in(card) if card != "Cave Dragon"
                        else legal_highlander())
    assert report.legal, [p.message for p in report.problems]


@pytest.mark.parametrize("frame_type", ["ritual", "synchro_pendulum", "xyz", "fusion_pendulum"])
def test_every_kind_of_non_normal_summonable_monster_is_refused(deck_cards, frame_type):
    CardRecord.objects.create(name=f"Some {frame_type}", frame_type=frame_type,
                              type_line="Monster")
    report = check_deck(TRH, legal_highlander(deck_master=f"Some {frame_type}"))
    assert rules_of(report) == ["deck-master-summon-type"]


def test_a_pendulum_effect_monster_is_a_legal_deck_master(deck_cards):
    CardRecord.objects.create(name="Some Pendulum", frame_type="effect_pendulum",
                              type_line="Pendulum Effect Monster")
    assert check_deck(TRH, legal_highlander(deck_master="Some Pendulum")).legal


def test_unknown_names_are_problems_naming_the_cards_not_crashes(deck_cards):
    main = swap(swap(legal_main(), FILLER_MAIN[0], "Blue Eyes White Dragn"), FILLER_MAIN[1],
                "Nonexistent Card")
    problem = only_problem(check_deck(TRH, legal_highlander(main=main)))
    assert (problem.rule, problem.anchor) == ("unknown-card", None)
    assert problem.cards == ["Blue Eyes White Dragn", "Nonexistent Card"]
    assert '"Blue Eyes White Dragn", "Nonexistent Card"' in problem.message


def test_an_unknown_deck_master_is_reported_once_as_unknown(deck_cards):
    report = check_deck(TRH, legal_highlander(deck_master="Mystery Monster"))
    assert rules_of(report) == ["unknown-card"]


@pytest.mark.parametrize("text", ["", "   \n\n", "\x00\x01", "9" * 5000, "Deck Master:",
                                  "Extra Deck:\n" * 50, "0 Sangan", "-3 Sangan"])
def test_garbage_never_crashes(deck_cards, text):
    report = check_deck(TRH, text)
    assert report.legal is False and report.problems


def test_other_formats_have_no_deck_checker(db):
    problem = only_problem(check_deck("tag-team-phalanx", "3 Sangan"))
    assert problem.rule == "no-deck-checker" and problem.anchor is None
    assert "tag-team-phalanx" in problem.message and TRH in problem.message


def test_names_match_whatever_their_case(deck_cards):
    main = [card.lower() for card in legal_main()]
    report = check_deck(TRH, legal_highlander(main=main, deck_master="cave dragon"))
    assert report.legal
    assert report.deck.lines[0].name == "Cave Dragon"


def test_cards_only_in_the_engine_catalog_are_known(db):
    recorded = set(CardRecord.objects.values_list("name", flat=True))
    monster = next(card for card in default_catalog().cards.values()
                   if card.kind == "monster" and card.subtype in {"normal", "effect"}
                   and card.name not in recorded and "cannot_normal_summon" not in card.flags)
    index = CardIndex.for_names([monster.name])
    assert index.get(monster.name).card_type == "monster"
    report = check_deck(DM, f"Deck Master: {monster.name}\n1 {monster.name}\n")
    assert report.legal, [p.message for p in report.problems]


def test_a_catalog_flag_or_text_forbids_the_normal_summon():
    flagged = CardDef(name="Flagged", kind="monster", subtype="effect",
                      flags=frozenset({"cannot_normal_summon"}))
    worded = CardDef(name="Worded", kind="monster", subtype="effect",
                     text="Cannot be Normal Summoned/Set.")
    plain = CardDef(name="Plain", kind="monster", subtype="normal")
    assert info_from_catalog(flagged).cannot_normal_summon
    assert info_from_catalog(worded).cannot_normal_summon
    assert not info_from_catalog(plain).cannot_normal_summon


def test_the_numbers_come_from_the_articles(deck_cards, bundled_rules):
    from dataclasses import replace

    from rulings.knowledge.publishing import publish, source_of

    article = Article.objects.get(format__slug=TRH, slug="deck-construction")
    source = source_of(article.current_revision)
    publish(article, replace(source, parameters={**source.parameters, "extra_deck_max": 1}))
    problem = only_problem(check_deck(TRH, legal_highlander()))
    assert problem.rule == "extra-deck-size" and "from 0 to 1" in problem.message


# --- the decklist text ---------------------------------------------------------------------

def test_decklist_lines_counts_sections_and_comments():
    deck = parse_decklist("""# my deck
Sangan
3 Gemini Elf
Deck Master: Cave Dragon

Extra Deck:
2x Decode Talker
  1 X Thousand-Eyes Restrict
side deck
3X Mystical Space Typhoon
""")
    assert [(line.section, line.count, line.name) for line in deck.lines] == [
        ("main", 1, "Sangan"), ("main", 3, "Gemini Elf"), ("deck-master", 1, "Cave Dragon"),
        ("extra", 2, "Decode Talker"), ("extra", 1, "Thousand-Eyes Restrict"),
        ("side", 3, "Mystical Space Typhoon")]
    assert deck.problems == []


def test_unreadable_lines_are_problems_with_their_line_number():
    deck = parse_decklist("Deck Master:\n0 Sangan\n")
    assert [p.message for p in deck.problems] == [
        "Line 1: a Deck Master line names no card.", 'Line 2: a count of 0 for "Sangan".']
    assert {p.rule for p in deck.problems} == {"decklist-syntax"}


def test_a_name_that_starts_with_a_number_is_read_whole(db):
    CardRecord.objects.create(name="7 Colored Fish", frame_type="normal",
                              type_line="Normal Monster")
    report = check_deck(DM, "Deck Master: 7 Colored Fish\n7 Colored Fish\n2 7 Colored Fish\n")
    assert not report.legal
    problem = only_problem(report)
    assert problem.cards == ["7 Colored Fish"] and "4 times" in problem.message


# --- Deck Masters ----------------------------------------------------------------------------

def test_gemini_elf_as_deck_master_leaves_room_for_two_more(sample_cards):
    report = check_deck(DM, "Deck Master: Gemini Elf\n2 Gemini Elf\n3 Sangan\n")
    assert report.legal, [p.message for p in report.problems]


def test_a_third_further_gemini_elf_is_one_too_many(sample_cards):
    problem = only_problem(check_deck(DM, "Deck Master: Gemini Elf\n3 Gemini Elf\n"))
    assert (problem.rule, problem.anchor, problem.cards) == (
        "deck-master-copies", f"{DM}/setup#deck-master-counts-as-deck", ["Gemini Elf"])
    assert "4 times (Main Deck 3, Deck Master 1)" in problem.message
    assert "at most 3 copies" in problem.message


def test_more_than_three_copies_of_any_card_across_main_extra_and_side(sample_cards):
    report = check_deck(DM, "Deck Master: Gemini Elf\n4 Sangan\nSide Deck:\n"
                            "1 Mystical Space Typhoon\nExtra Deck:\n3 Mystical Space Typhoon\n")
    assert [(p.rule, p.anchor, p.cards) for p in report.problems] == [
        ("copy-limit", f"{DM}/setup#copies-per-card", ["Sangan"]),
        ("copy-limit", f"{DM}/setup#copies-per-card", ["Mystical Space Typhoon"])]
    assert "4 times (Extra Deck 3, Side Deck 1)" in report.problems[1].message


@pytest.mark.parametrize("card, rule, anchor", [
    ("Monster Reborn", "deck-master-spell-or-trap", "no-spells-or-traps"),
    ("Solemn Warning", "deck-master-spell-or-trap", "no-spells-or-traps"),
])
def test_spells_and_traps_can_never_be_deck_masters(sample_cards, card, rule, anchor):
    problem = only_problem(check_deck(DM, f"Deck Master: {card}\n"))
    assert (problem.rule, problem.anchor, problem.cards) == (rule, f"{DM}/setup#{anchor}", [card])


def test_a_token_is_not_a_monster_card(db):
    CardRecord.objects.create(name="Sheep Token", frame_type="token", type_line="Token")
    problem = only_problem(check_deck(DM, "Deck Master: Sheep Token\n"))
    assert (problem.rule, problem.anchor) == ("deck-master-not-monster",
                                              f"{DM}/setup#monster-cards-only")


@pytest.mark.parametrize("card", ["Thousand-Eyes Restrict", "Black Luster Soldier - Envoy of the "
                                  "Beginning", "Decode Talker", "Blue-Eyes White Dragon"])
def test_any_monster_card_can_be_a_deck_master_in_deck_masters(sample_cards, card):
    assert check_deck(DM, f"Deck Master: {card}\n").legal


def test_deck_masters_needs_exactly_one_deck_master(sample_cards):
    missing = only_problem(check_deck(DM, "3 Sangan\n"))
    assert (missing.rule, missing.anchor) == ("deck-master-required", f"{DM}/setup#one-per-duel")
    two = only_problem(check_deck(DM, "Deck Master: Sangan\nDeck Master: Gemini Elf\n"))
    assert (two.rule, two.cards) == ("one-deck-master", ["Sangan", "Gemini Elf"])


def test_the_number_of_deck_masters_comes_from_the_article(sample_cards, bundled_rules):
    from dataclasses import replace

    from rulings.knowledge.publishing import publish, source_of

    article = Article.objects.get(format__slug=DM, slug="setup")
    source = source_of(article.current_revision)
    publish(article, replace(source, parameters={**source.parameters, "deck_masters_per_duel": 2}))
    assert check_deck(DM, "Deck Master: Sangan\nDeck Master: Gemini Elf\n").legal
    one = only_problem(check_deck(DM, "Deck Master: Sangan\n"))
    assert one.rule == "one-deck-master" and "exactly 2" in one.message


# --- the anchors -----------------------------------------------------------------------------

def test_every_cited_anchor_exists_in_its_article(bundled_rules):
    for format_slug, rules in RULE_ANCHORS.items():
        for rule, cited in rules.items():
            article_slug, _, anchor = cited.partition("#")
            article = Article.objects.select_related("current_revision").get(
                format__slug=format_slug, slug=article_slug)
            assert anchor in article.current_revision.anchors, f"{rule}: {format_slug}/{cited}"


# --- Kingdom Duels -------------------------------------------------------------------------

KD = "kingdom-duels"


def kingdom_deck(main=None, extra=None, counts=None):
    """A Kingdom Duels list of catalog cards: 30 Main Deck cards, a Fusion and two Rule Cards."""
    main = ["Kingdom Soldier", "Kingdom Wolf", "Kingdom Bolt", "Kingdom Snare"] \
        if main is None else main
    counts = counts or {"Kingdom Soldier": 12, "Kingdom Wolf": 10, "Kingdom Bolt": 4,
                        "Kingdom Snare": 4}
    extra = ["Kingdom Knight Soldier", "Kingdom Mountain Pass Setup",
             "Kingdom Dragon Master Setup"] if extra is None else extra
    return decklist(main, extra, deck_master=None, counts=counts)


def test_a_legal_kingdom_duels_deck(db):
    report = check_deck(KD, kingdom_deck())
    assert report.legal, [p.message for p in report.problems]
    assert report.deck.size("main") == 30 and report.deck.size("extra") == 3


def test_a_kingdom_duels_main_deck_must_hold_exactly_30(db):
    counts = {"Kingdom Soldier": 11, "Kingdom Wolf": 10, "Kingdom Bolt": 4, "Kingdom Snare": 4}
    problem = only_problem(check_deck(KD, kingdom_deck(counts=counts)))
    assert problem.rule == "main-deck-size" and "29 cards" in problem.message
    assert problem.anchor == "kingdom-duels/deck-building#main-deck-exact"


def test_a_kingdom_duels_extra_deck_holds_at_most_20(db):
    report = check_deck(KD, decklist(["Kingdom Soldier"], ["Kingdom Knight Soldier"],
                                     deck_master=None,
                                     counts={"Kingdom Soldier": 30, "Kingdom Knight Soldier": 21}))
    problem = only_problem(report)
    assert problem.rule == "extra-deck-size" and "21 cards" in problem.message


def test_rule_cards_and_fusions_belong_in_the_extra_deck_and_spells_in_the_main(db):
    counts = {"Kingdom Soldier": 28, "Kingdom Knight Soldier": 1,
              "Kingdom Mountain Pass Setup": 1, "Kingdom Bolt": 1}
    report = check_deck(KD, kingdom_deck(
        main=["Kingdom Soldier", "Kingdom Knight Soldier", "Kingdom Mountain Pass Setup"],
        extra=["Kingdom Bolt"], counts=counts))
    by_rule = {problem.rule: problem for problem in report.problems}
    assert set(by_rule) == {"main-deck-contents", "extra-deck-contents"}
    assert by_rule["main-deck-contents"].cards == ["Kingdom Knight Soldier",
                                                   "Kingdom Mountain Pass Setup"]
    assert by_rule["extra-deck-contents"].cards == ["Kingdom Bolt"]
    assert by_rule["extra-deck-contents"].anchor == \
        "kingdom-duels/deck-building#extra-deck-contents"


def test_a_kingdom_duels_normal_monster_belongs_in_the_main_deck(db):
    counts = {"Kingdom Soldier": 29, "Kingdom Wolf": 1}
    report = check_deck(KD, kingdom_deck(main=["Kingdom Soldier"],
                                         extra=["Kingdom Wolf", "Kingdom Knight Soldier"],
                                         counts={**counts, "Kingdom Knight Soldier": 1}))
    problems = {problem.rule: problem for problem in report.problems}
    assert set(problems) == {"main-deck-size", "extra-deck-contents"}
    assert problems["extra-deck-contents"].cards == ["Kingdom Wolf"]


def test_kingdom_duels_has_no_deck_master(db):
    text = kingdom_deck().replace("# built by tests/decks/decklists.py",
                                  "Deck Master: Kingdom Dragon")
    problem = only_problem(check_deck(KD, text))
    assert problem.rule == "no-deck-master" and problem.cards == ["Kingdom Dragon"]
