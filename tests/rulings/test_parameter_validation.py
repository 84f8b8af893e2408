"""Saving an article refuses rule parameters the format's rules engine could not use, naming
each one: in check_article, the editor form, the API and load_rules."""
import pytest

from rulings.articlefile import ArticleSource
from rulings.loading import load_content
from rulings.models import Article
from rulings.validation import FormatContext, check_article

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
    assert check({"main_deck_size": "sixty"}) == []  # the deck checker's, not the engine's
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
