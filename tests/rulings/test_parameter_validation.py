"""Saving an article refuses rule parameters the format's rules engine or deck checker could not
use, naming each one: in check_article, the editor form, the API and load_rules. Every parameter
an article states is read by one of them or explained in NOT_RULES."""
import re

import pytest
from django.conf import settings

from rulings.knowledge.articlefile import ArticleSource, folder_parameters, parse_article
from rulings.knowledge.loading import load_content
from rulings.knowledge.models import Article
from rulings.knowledge.rendering import anchors as article_anchors
from rulings.knowledge.validation import FormatContext, check_article
from scenarios.decks.deck_parameters import DECK_PARAMETERS, deck_declarations
from scenarios.engine.parameters import check_values, declarations
from scenarios.engine.rulesets import ruleset_for

TRH = "thought-ruler-highlander"
SUMMON_LIMIT = [{"opponent_lp_at_least": 4000, "limit": 2},
                {"opponent_lp_at_least": 2000, "limit": 3},
                {"opponent_lp_at_least": 0, "limit": 4}]


def check(parameters, fmt=TRH, slug="nightfall", context=None):
    source = ArticleSource(title="Nightfall", body="Text.\n", parameters=parameters)
    return [p for p in check_article(source, slug, context or FormatContext(fmt)) if p.is_error]


@pytest.mark.parametrize("parameters, name, words", [
    ({"nightfall_cost": "500 LP"}, "nightfall_cost",
     "nightfall_cost must be a whole number ≥ 0, got '500 LP'"),
    ({"nightfall_cost": -500}, "nightfall_cost", "nightfall_cost must be a whole number ≥ 0"),
    ({"nightfall_cost": 10**9}, "nightfall_cost", "nightfall_cost must be at most 1,000,000"),
    ({"summon_limit_table": SUMMON_LIMIT[:2]}, "summon_limit_table",
     "summon_limit_table must have a row with opponent_lp_at_least: 0"),
    ({"summon_limit_table": "2, 3 or 4"}, "summon_limit_table", "summon_limit_table must be a table"),
])
def test_check_article_refuses_a_wrong_shape_by_name(parameters, name, words):
    [problem] = check(parameters)
    assert problem.field == f"parameters.{name}"
    assert words in problem.message


def test_a_string_where_a_list_is_expected():
    [problem] = check({"ability_types": "Ignition"}, fmt="deck-masters", slug="abilities")
    assert problem.field == "parameters.ability_types"
    assert problem.message.startswith("ability_types must be a table")


def test_good_values_and_parameters_the_engine_does_not_read_pass():
    assert check({"nightfall_cost": 1000, "nightfall_uses_per_turn": 2,
                  "summon_limit_table": SUMMON_LIMIT}) == []
    # read by neither the engine nor the deck checker (NOT_RULES below): any value will do
    assert check({"main_deck_cards_besides_deck_master": "fifty-nine"}) == []
    assert check({"nightfall_cost": "free"}, fmt="some-format-without-a-ruleset") == []


def test_dropping_a_parameter_the_engine_reads_is_refused():
    context = FormatContext(TRH, parameters={"nightfall_cost": 500},
                            parameter_owners={"nightfall_cost": "nightfall"})
    [problem] = check({}, context=context)
    assert problem.field == "parameters.nightfall_cost"
    assert "nightfall_cost is missing" in problem.message
    # another article may not take it over, but this one keeping it is fine
    assert check({"nightfall_cost": 600}, context=context) == []


@pytest.fixture
def nightfall(make_article):
    return make_article("nightfall", "Pay {{ nightfall_cost }} LP.\n", fmt=TRH,
                        parameters={"nightfall_cost": 500, "nightfall_uses_per_turn": 1},
                        title="Nightfall")


def put(parameters):
    return {"title": "Nightfall", "summary": "", "order": 0,
            "markdown": "Pay {{ nightfall_cost }} LP.\n", "parameters": parameters, "terms": [],
            "comment": "api edit", "base_revision": 1}


@pytest.mark.parametrize("value, words", [
    ("500 LP", "nightfall_cost must be a whole number ≥ 0, got '500 LP'"),
    (-1, "nightfall_cost must be a whole number ≥ 0, got -1"),
    ([500], "nightfall_cost must be a whole number ≥ 0, got [500]"),
])
def test_the_api_answers_400_naming_the_parameter(editor_client, nightfall, value, words):
    response = editor_client.put(f"/api/articles/{TRH}/nightfall/",
                                 put({"nightfall_cost": value, "nightfall_uses_per_turn": 1}),
                                 content_type="application/json")
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert {"field": "parameters.nightfall_cost", "line": None, "message": words} in errors
    assert Article.objects.get(pk=nightfall.pk).current_revision.number == 1


def test_the_editor_form_shows_the_error_on_parameters(editor_client, nightfall):
    rev = nightfall.current_revision
    response = editor_client.post(f"/rules/{TRH}/nightfall/edit/", {
        "title": rev.title, "summary": rev.summary, "order": rev.order, "body": rev.body,
        "parameters": "nightfall_cost: 500 LP\nnightfall_uses_per_turn: 1\n", "terms": "",
        "comment": "", "base_revision": rev.number})
    assert response.status_code == 200
    errors = response.context["form"].errors["parameters"]
    assert any("parameters.nightfall_cost: nightfall_cost must be a whole number ≥ 0, "
               "got '500 LP'" in e for e in errors), errors
    assert Article.objects.get(pk=nightfall.pk).current_revision.number == 1


@pytest.mark.parametrize("old, new, name", [
    ("  nightfall_cost: 500\n", "  nightfall_cost: 500 LP\n", "nightfall_cost"),
    ("  nightfall_uses_per_turn: 1\n", "  nightfall_uses_per_turn: -1\n", "nightfall_uses_per_turn"),
])
def test_load_rules_reports_the_file_and_line_and_keeps_the_previous_revision(
        db, content_copy, old, new, name):
    load_content(content_copy)
    before = Article.objects.get(format__slug=TRH, slug="nightfall").current_revision.number
    path = content_copy / TRH / "nightfall.md"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    line = text.split("\n").index(old.rstrip("\n")) + 1
    report = load_content(content_copy)
    messages = [str(p) for p in report.errors]
    assert any(m.startswith(f"{TRH}/nightfall.md:{line}: parameters.{name}: {name} must be")
               or (f"nightfall.md:{line}: parameters.{name}: {name} must be" in m)
               for m in messages), messages
    assert report.skipped == [f"{TRH}/nightfall"]
    assert Article.objects.get(format__slug=TRH, slug="nightfall").current_revision.number == before


def test_load_rules_refuses_a_summon_limit_table_without_its_zero_row(db, content_copy):
    load_content(content_copy)
    path = content_copy / TRH / "summon-limit.md"
    text = path.read_text(encoding="utf-8")
    zero_row = "  - opponent_lp_at_least: 0\n    limit: 4\n"
    assert zero_row in text
    path.write_text(text.replace(zero_row, ""), encoding="utf-8")
    report = load_content(content_copy)
    assert any("parameters.summon_limit_table: summon_limit_table must have a row with "
               "opponent_lp_at_least: 0" in str(p) for p in report.errors)
    assert report.skipped == [f"{TRH}/summon-limit"]


# --- the deck checker's parameters ----------------------------------------------------------

KD = "kingdom-duels"
DM = "deck-masters"
CONTENT = settings.RULES_CONTENT_DIR

# Article parameters that neither the rules engine nor the deck checker reads, and why: each is
# not a rule either of them applies. A parameter a rule depends on is declared instead (the
# ruleset's PARAMETERS, or DECK_PARAMETERS in scenarios/decks/deck_parameters.py).
NOT_RULES = {
    f"{DM}/ability_type_count": "restates, for the prose, how many rows ability_types has; the "
                                "engine reads the table itself",
    f"{DM}/duels_per_match": "tournament procedure (how many Duels make a Match): the engine "
                             "replays one Duel and the deck checker checks one deck",
    f"{DM}/opening_hand_size": "the Deck Masters engine replays duels from a position stated "
                               "mid-duel and has no duel start to draw an opening hand in "
                               "(the Kingdom Duels Setup Phase reads its own starting_hand_size)",
    f"{KD}/main_card_types": "vocabulary: the card types the cards are written in, listed for "
                             "the reader",
    f"{KD}/secondary_card_types": "vocabulary: the secondary card types, listed for the reader",
    f"{KD}/divine_types": "vocabulary: the Divine Types, listed for the reader",
    f"{KD}/primary_monster_types": "vocabulary: the Types and their official equivalents, a "
                                   "table for the reader",
    f"{KD}/secondary_monster_types": "vocabulary: the secondary Types, a table for the reader",
    f"{KD}/alter_monster_types": "vocabulary: what each Alter Type means; an Alter Summon "
                                 "compares the Type its own card states, never this table",
    f"{KD}/level_min": "the range a printed Level takes: a fact about cards, not a rule of play",
    f"{KD}/level_max": "the range a printed Level takes: a fact about cards, not a rule of play",
    f"{KD}/hierarchy_min": "the range a printed Hierarchy takes: a fact about cards, not a rule "
                           "of play",
    f"{KD}/hierarchy_max": "the range a printed Hierarchy takes: a fact about cards, not a rule "
                           "of play",
    f"{TRH}/main_deck_cards_besides_deck_master": "restates main_deck_size less the Deck Master "
                                                  "for the prose; the checker counts "
                                                  "main_deck_size with the Deck Master",
    f"{TRH}/decks_that_may_need_hits": "a watch list of strategies the Forbidden list may reach "
                                       "later: it forbids nothing",
}


def stated_parameters():
    """(format, name) of every parameter the bundled articles state."""
    found = set()
    for path in sorted(CONTENT.glob("*/*.md")):
        source, _ = parse_article(path.read_text(encoding="utf-8"))
        found |= {(path.parent.name, name) for name in (source.parameters if source else {})}
    return found


def read_by_someone(fmt):
    return set(declarations(ruleset_for(fmt)) if ruleset_for(fmt) else ()) | \
        set(deck_declarations(fmt))


def test_every_stated_parameter_is_read_or_explained():
    unexplained = sorted(f"{fmt}/{name}" for fmt, name in stated_parameters()
                         if name not in read_by_someone(fmt) and f"{fmt}/{name}" not in NOT_RULES)
    assert unexplained == [], "declare these where they are read, or explain them in NOT_RULES"


def test_not_rules_names_only_stated_parameters_nobody_reads():
    stated = {f"{fmt}/{name}" for fmt, name in stated_parameters()}
    for key, why in NOT_RULES.items():
        fmt, _, name = key.partition("/")
        assert key in stated, f"{key} is not stated by any article"
        assert name not in read_by_someone(fmt), f"{key} is read: take it out of NOT_RULES"
        assert why.strip()


@pytest.mark.parametrize("fmt", sorted(DECK_PARAMETERS))
def test_deck_declarations_fit_the_bundled_articles_and_cite_their_rules(fmt):
    values = folder_parameters(CONTENT / fmt)
    assert check_values(DECK_PARAMETERS[fmt], values) == []
    for spec in DECK_PARAMETERS[fmt]:
        assert spec.anchors, spec.name
        for cited in spec.anchors:
            article, _, anchor = cited.partition("#")
            body = (CONTENT / f"{article}.md").read_text(encoding="utf-8").split("\n---\n", 1)[1]
            assert anchor in {a.anchor for a in article_anchors.scan(body)[0]}, cited
        # a name the engine reads too would be checked twice, with two shapes
        assert spec.name not in declarations(ruleset_for(fmt)), spec.name


def test_the_deck_checker_cites_its_parameters_rules():
    from scenarios.decks.checker import RULE_ANCHORS

    for fmt, specs in DECK_PARAMETERS.items():
        cited = {f"{fmt}/{anchor}" for anchor in RULE_ANCHORS[fmt].values()}
        for spec in specs:
            assert set(spec.anchors) <= cited, spec.name


@pytest.mark.parametrize("fmt, slug, parameters, name, words", [
    (TRH, "deck-construction", {"main_deck_size": "forty"}, "main_deck_size",
     "main_deck_size must be a whole number from 1 to 500, got 'forty'"),
    (TRH, "deck-construction", {"main_deck_size": 0}, "main_deck_size",
     "main_deck_size must be a whole number from 1 to 500, got 0"),
    (TRH, "deck-construction", {"copies_per_card": True}, "copies_per_card",
     "copies_per_card must be a whole number from 1 to 100, got True"),
    (TRH, "deck-construction", {"extra_deck_max": 10**6}, "extra_deck_max",
     "extra_deck_max must be at most 500, got 1,000,000"),
    (TRH, "forbidden-list", {"forbidden_monsters": "Pot of Greed"}, "forbidden_monsters",
     "forbidden_monsters must be a list of at most 1,000 names, got 'Pot of Greed'"),
    (TRH, "forbidden-list", {"forbidden_spells": ["Pot of Greed", 3]}, "forbidden_spells",
     "forbidden_spells item 2 must be a name"),
    (TRH, "forbidden-list", {"forbidden_traps": [{"name": "Ring of Destruction"}]},
     "forbidden_traps", "forbidden_traps item 1 must be a name"),
    (TRH, "forbidden-list", {"forbidden_traps": [f"Card {n}" for n in range(5000)]},
     "forbidden_traps", "forbidden_traps must be a list of at most 1,000 names, got 5,000"),
    (DM, "setup", {"copies_per_card": "three"}, "copies_per_card",
     "copies_per_card must be a whole number from 1 to 100, got 'three'"),
    (DM, "setup", {"deck_masters_per_duel": 0}, "deck_masters_per_duel",
     "deck_masters_per_duel must be a whole number from 1 to 10, got 0"),
    (KD, "deck-building", {"main_deck_size": "thirty"}, "main_deck_size",
     "main_deck_size must be a whole number from 1 to 500, got 'thirty'"),
    (KD, "deck-building", {"extra_deck_max": -1}, "extra_deck_max",
     "extra_deck_max must be a whole number from 0 to 500, got -1"),
])
def test_check_article_refuses_a_malformed_deck_parameter(fmt, slug, parameters, name, words):
    [problem] = check(parameters, fmt=fmt, slug=slug)
    assert problem.field == f"parameters.{name}"
    assert problem.message.startswith(words), problem.message


def test_deck_parameters_that_fit_pass_and_the_engine_keeps_its_own():
    assert check({"main_deck_size": 60, "copies_per_card": 1, "extra_deck_min": 0,
                  "extra_deck_max": 15, "side_deck_size": 0}, slug="deck-construction") == []
    assert check({"forbidden_monsters": [], "forbidden_spells": ["Pot of Greed"],
                  "forbidden_traps": ["Ring of Destruction"]}, slug="forbidden-list") == []
    # both read by someone in Kingdom Duels: the engine's and the checker's errors side by side
    problems = check({"main_deck_size": "thirty", "starting_lp": "lots"}, fmt=KD,
                     slug="deck-building")
    assert sorted(p.field for p in problems) == ["parameters.main_deck_size",
                                                 "parameters.starting_lp"]


def test_dropping_a_parameter_the_deck_checker_reads_is_refused():
    context = FormatContext(TRH, parameters={"main_deck_size": 60},
                            parameter_owners={"main_deck_size": "deck-construction"})
    [problem] = check({}, slug="deck-construction", context=context)
    assert problem.field == "parameters.main_deck_size"
    assert problem.message.startswith(
        f"main_deck_size is missing: the {TRH} deck checker reads it "
        f"({TRH}/deck-construction#main-deck-size)")


@pytest.fixture
def deck_construction(make_article):
    return make_article("deck-construction", "A Main Deck of {{ main_deck_size }} cards.\n",
                        fmt=TRH, parameters={"main_deck_size": 60, "copies_per_card": 1},
                        title="Deck construction")


@pytest.mark.parametrize("parameters, name, words", [
    ({"main_deck_size": "forty", "copies_per_card": 1}, "main_deck_size",
     "main_deck_size must be a whole number from 1 to 500, got 'forty'"),
    ({"main_deck_size": 60, "copies_per_card": 1, "forbidden_monsters": "Pot of Greed"},
     "forbidden_monsters",
     "forbidden_monsters must be a list of at most 1,000 names, got 'Pot of Greed'"),
    ({"main_deck_size": 60, "copies_per_card": 1,
      "forbidden_monsters": ["Pot of Greed"] * 5000}, "forbidden_monsters",
     "forbidden_monsters must be a list of at most 1,000 names, got 5,000"),
])
def test_the_api_refuses_a_malformed_deck_parameter(editor_client, deck_construction,
                                                    parameters, name, words):
    response = editor_client.put(
        f"/api/articles/{TRH}/deck-construction/",
        {**put(parameters), "title": "Deck construction",
         "markdown": "A Main Deck of {{ main_deck_size }} cards.\n"},
        content_type="application/json")
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert {"field": f"parameters.{name}", "line": None, "message": words} in errors
    assert Article.objects.get(pk=deck_construction.pk).current_revision.number == 1


FORBIDDEN_SPELLS = re.compile(r"^  forbidden_spells:\n(?:  - .*\n)+", re.MULTILINE)


@pytest.mark.parametrize("fmt, slug, edit, name", [
    (TRH, "deck-construction", lambda t: t.replace("  main_deck_size: 60\n",
                                                   "  main_deck_size: forty\n"), "main_deck_size"),
    (TRH, "forbidden-list", lambda t: FORBIDDEN_SPELLS.sub("  forbidden_spells: Brain Control\n", t),
     "forbidden_spells"),
    (DM, "setup", lambda t: t.replace("  copies_per_card: 3\n", "  copies_per_card: -3\n"),
     "copies_per_card"),
    (KD, "deck-building", lambda t: t.replace("  main_deck_size: 30\n",
                                              "  main_deck_size: thirty\n"), "main_deck_size"),
])
def test_load_rules_refuses_a_malformed_deck_parameter_at_its_line(db, content_copy, fmt, slug,
                                                                   edit, name):
    load_content(content_copy)
    before = Article.objects.get(format__slug=fmt, slug=slug).current_revision
    path = content_copy / fmt / f"{slug}.md"
    text = path.read_text(encoding="utf-8")
    changed = edit(text)
    assert changed != text
    path.write_text(changed, encoding="utf-8")
    line = changed.split("\n").index(next(l for l in changed.split("\n")
                                          if l.startswith(f"  {name}:"))) + 1
    report = load_content(content_copy)
    messages = [str(p) for p in report.errors]
    assert any(f"{slug}.md:{line}: parameters.{name}: {name} must be" in m for m in messages), \
        messages
    assert report.skipped == [f"{fmt}/{slug}"]
    after = Article.objects.get(format__slug=fmt, slug=slug).current_revision
    assert (after.number, after.parameters) == (before.number, before.parameters)


def test_the_deck_checker_reads_only_declared_parameters_of_their_shape():
    from scenarios.decks.checker import FormatRules, MissingParameter

    rules = FormatRules(TRH, {"main_deck_size": -60, "copies_per_card": 1}, cards=None)
    assert rules.number("copies_per_card") == 1
    with pytest.raises(MissingParameter):
        rules.number("main_deck_size")  # declared Whole(1, ...): -60 is not a deck size
    with pytest.raises(LookupError, match="does not declare"):
        rules.number("starting_lp")
