"""Exam blueprints: the shares of each format and article, the drawing, what editors may save
(admin and API), and exams started by blueprint."""
import json
from collections import Counter
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User
from django.test import Client

from scenarios.quizzes import blueprints
from scenarios.quizzes.admin import ExamBlueprintAdmin, ExamBlueprintForm
from scenarios.quizzes.blueprints import BlueprintError, apportion, draw, plan
from scenarios.quizzes.models import Attempt, ExamBlueprint, Question


@dataclass
class Asked:
    """What the drawing reads of a question."""

    pk: int
    scenario_id: int
    format: str
    article: str = ""
    teaching_rule: str = ""


def bank_of(sizes, per_scenario=2, articles=None):
    """Questions per format ({format: n}), two to a scenario; `articles` {key: n} of them
    teach that article."""
    questions, pk = [], 0
    articles = dict(articles or {})
    for fmt, size in sizes.items():
        for n in range(size):
            pk += 1
            article = next((key for key, left in articles.items()
                            if left and key.startswith(fmt + "/")), "")
            if article:
                articles[article] -= 1
            questions.append(Asked(pk, len(questions) // per_scenario, fmt, article))
    return questions


def blueprint(**fields):
    return ExamBlueprint(**{"name": "Test", "slug": "test", "count": 20, **fields})


def post(client, url, data=None, method="post"):
    return getattr(client, method)(url, json.dumps(data or {}), content_type="application/json")


# --- shares -------------------------------------------------------------------------------------

def test_equal_weights_share_alike_and_the_remainders_go_to_the_largest_fractions():
    assert apportion(20, dict.fromkeys("abcde", 1)) == dict.fromkeys("abcde", 4)
    assert apportion(10, {"a": 1, "b": 1, "c": 1}) == {"a": 4, "b": 3, "c": 3}
    assert apportion(10, {"a": 2, "b": 1, "c": 1}) == {"a": 5, "b": 3, "c": 2}
    assert apportion(7, {"a": 5, "b": 3, "c": 2}) == {"a": 4, "b": 2, "c": 1}


def test_a_format_short_of_questions_gives_the_rest_to_the_others_by_weight():
    shares = apportion(20, {"a": 1, "b": 1, "c": 2}, high={"a": 1, "b": 100, "c": 100})
    assert shares == {"a": 1, "b": 6, "c": 13}
    assert sum(shares.values()) == 20


def test_article_counts_are_floors_within_their_format():
    assert apportion(10, {"a": 1, "b": 1}, low={"a": 8}) == {"a": 8, "b": 2}
    assert apportion(10, {"a": 1, "b": 1}, low={"a": 3}) == {"a": 5, "b": 5}


@pytest.mark.django_db
def test_the_plan_weighs_by_the_editors_weights_not_by_the_banks_size():
    questions = bank_of({"core": 60, "trh": 10, "kd": 10})
    shares = plan(blueprint(count=20), questions)
    assert shares.formats == {"core": 7, "kd": 7, "trh": 6} and not shares.notes
    weighted = plan(blueprint(count=20, format_weights={"core": 2, "trh": 0}), questions)
    assert weighted.formats == {"core": 13, "kd": 7}


@pytest.mark.django_db
def test_the_exam_says_which_format_had_fewer_questions_than_its_share():
    shares = plan(blueprint(count=20, format_weights={"missing": 1}),
                  bank_of({"core": 30, "trh": 2, "kd": 30}))
    assert shares.formats == {"core": 9, "kd": 9, "trh": 2}
    assert any("trh has 2 exam questions, fewer than the 6" in note for note in shares.notes)
    assert any("missing has no exam questions yet" in note for note in shares.notes)


@pytest.mark.django_db
def test_article_counts_are_drawn_first_and_a_short_article_is_said():
    questions = bank_of({"core": 30, "kd": 30}, articles={"core/chains": 3})
    shares = plan(blueprint(count=10, article_counts={"core/chains": 4}), questions)
    assert shares.articles == {"core/chains": 3}
    assert any("asks for 4 questions on core/chains; the exam pool holds 3" in note
               for note in shares.notes)
    drawn = draw(shares, questions, "seed")
    assert sum(q.article == "core/chains" for q in drawn) == 3


@pytest.mark.django_db
def test_counts_that_cannot_be_met_at_all_are_refused():
    questions = bank_of({"core": 5, "kd": 5})
    with pytest.raises(BlueprintError) as short:
        plan(blueprint(count=20), questions)
    assert short.value.status == 422 and "only 10 questions" in short.value.message
    with pytest.raises(BlueprintError) as none:
        plan(blueprint(count=5, format_weights={"core": 0, "kd": 0}), questions)
    assert "No format" in none.value.message
    with pytest.raises(BlueprintError) as articles:
        plan(blueprint(count=3, article_counts={"core/a": 2, "kd/b": 2}),
             bank_of({"core": 5, "kd": 5}, articles={"core/a": 2, "kd/b": 2}))
    assert "more than the 3" in articles.value.message


# --- drawing ------------------------------------------------------------------------------------

@pytest.mark.django_db
def test_the_drawing_is_seeded_and_takes_one_question_per_scenario_first():
    questions = bank_of({"core": 40, "kd": 40}, per_scenario=2)
    shares = plan(blueprint(count=20), questions)
    first = draw(shares, questions, "attempt-1")
    assert [q.pk for q in first] == [q.pk for q in draw(shares, questions, "attempt-1")]
    assert [q.pk for q in first] != [q.pk for q in draw(shares, questions, "attempt-2")]
    assert len({q.scenario_id for q in first}) == 20
    assert Counter(q.format for q in first) == {"core": 10, "kd": 10}


# --- what editors may save ----------------------------------------------------------------------

def form(**data):
    fields = {"name": "Core heavy", "slug": "core-heavy", "description": "", "count": 10,
              "minutes": 20, "pass_mark": 70, "format_weights": "{}",
              "article_counts": "{}", "is_default": False}
    fields.update(data)
    return ExamBlueprintForm(data=fields)


@pytest.mark.parametrize("field, value, words", [
    ("format_weights", '{"nope": 1}', "'nope' is not a format"),
    ("format_weights", '{"core": -1}', "whole number from 0"),
    ("format_weights", '{"core": 1.5}', "whole number from 0"),
    ("format_weights", '[1, 2]', "give an object"),
    ("article_counts", '{"core": 1}', "is not an article"),
    ("article_counts", '{"core/chains": true}', "whole number from 0"),
    ("article_counts", '{"core/chains": 11}', "more than the 10"),
])
def test_the_admin_form_names_the_field_at_fault(bundled_rules, field, value, words):
    bad = form(**{field: value})
    assert not bad.is_valid()
    assert words in " ".join(bad.errors[field]), bad.errors


def test_every_format_weighing_nothing_is_refused(bundled_rules):
    slugs = blueprints.format_names()
    bad = form(format_weights=json.dumps(dict.fromkeys(slugs, 0)))
    assert not bad.is_valid() and "every format weighs 0" in str(bad.errors["format_weights"])
    article = form(format_weights='{"core": 0}', article_counts='{"core/chains": 1}')
    assert not article.is_valid() and "weighs 0" in str(article.errors["article_counts"])


def test_saving_a_default_in_the_admin_unsets_the_others(bundled_rules):
    old = blueprints.default()
    new = form(is_default=True, format_weights='{"core": 3}',
               article_counts='{"core/chains": 2}')
    assert new.is_valid(), new.errors
    admin = ExamBlueprintAdmin(ExamBlueprint, None)
    admin.save_model(None, new.save(commit=False), new, change=False)
    assert list(ExamBlueprint.objects.filter(is_default=True)) == [new.instance]
    old.refresh_from_db()
    assert not old.is_default
    assert not admin.has_delete_permission(None, new.instance)
    unset = ExamBlueprintForm(data={**new.data, "is_default": False}, instance=new.instance)
    assert not unset.is_valid() and "must be the default" in str(unset.errors["is_default"])


def test_the_admin_pages_list_and_add_blueprints(bundled_rules, client):
    client.force_login(User.objects.create_superuser("root", password="a-long-password-1"))
    assert "Every format" in client.get("/admin/quizzes/examblueprint/").content.decode()
    page = client.post("/admin/quizzes/examblueprint/add/", {
        "name": "Bad", "slug": "bad", "count": 10, "minutes": 20, "pass_mark": 70,
        "format_weights": '{"nope": 2}', "article_counts": "{}"})
    assert page.status_code == 200 and "&#x27;nope&#x27; is not a format" in page.content.decode()
    assert not ExamBlueprint.objects.filter(slug="bad").exists()


# --- the API ------------------------------------------------------------------------------------

def test_anyone_reads_the_blueprints(bundled_rules, client):
    listed = client.get("/api/exam-blueprints/").json()
    assert [b["slug"] for b in listed["results"]] == ["every-format"]
    one = client.get("/api/exam-blueprints/every-format/").json()
    assert one["is_default"] and one["count"] == 20 and one["format_weights"] == {}
    assert client.get("/api/exam-blueprints/nope/").status_code == 404
    assert post(client, "/api/exam-blueprints/", {"name": "X", "slug": "x"}).status_code == 403


def test_editors_create_change_and_delete_blueprints(bundled_rules, editor_client, reader):
    made = post(editor_client, "/api/exam-blueprints/", {
        "name": "Core first", "slug": "core-first", "count": 10, "minutes": 15,
        "format_weights": {"core": 3}, "article_counts": {"core/chains": 2},
        "is_default": True})
    assert made.status_code == 201, made.content
    assert list(ExamBlueprint.objects.filter(is_default=True).values_list("slug", flat=True)) \
        == ["core-first"]
    assert post(editor_client, "/api/exam-blueprints/core-first/", {},
                "delete").status_code == 409
    changed = post(editor_client, "/api/exam-blueprints/every-format/", {"is_default": True},
                   "patch")
    assert changed.status_code == 200 and changed.json()["is_default"]
    assert post(editor_client, "/api/exam-blueprints/core-first/", {},
                "delete").status_code == 204
    reader_client = Client()
    reader_client.force_login(reader)
    assert post(reader_client, "/api/exam-blueprints/every-format/", {"count": 5},
                "patch").status_code == 403


@pytest.mark.parametrize("body, field", [
    ({"format_weights": {"nope": 1}}, "format_weights"),
    ({"format_weights": {"core": "2"}}, "format_weights"),
    ({"article_counts": {"core/nope": 1}}, "article_counts"),
    ({"article_counts": {"core/chains": 30}}, "article_counts"),
    ({"count": 0}, "count"),
    ({"is_default": False}, "is_default"),
])
def test_the_api_refuses_a_bad_blueprint_naming_the_field(bundled_rules, editor_client, body,
                                                          field):
    response = post(editor_client, "/api/exam-blueprints/every-format/", body, "patch")
    assert response.status_code == 400 and field in response.json(), response.content


# --- exams drawn by blueprint -------------------------------------------------------------------

@pytest.fixture
def exam_bank(bank):
    """The bank with every active question published, so that exams have a pool of some
    size whatever the generator publishes now (its own choice is tested elsewhere)."""
    Question.objects.filter(active=True).update(status=Question.PUBLISHED)
    return bank


def exam_pool():
    from scenarios.quizzes.attempts import Choice, current_questions

    return current_questions(Choice(), Question.EXAM_POOL)


def test_an_exam_uses_the_default_blueprint_and_only_published_exam_questions(exam_bank,
                                                                              client):
    pool = exam_pool()
    withheld = [q.pk for q in pool[:5]]
    Question.objects.filter(pk__in=withheld[:3]).update(status=Question.DRAFT)
    Question.objects.filter(pk__in=withheld[3:]).update(status=Question.RETIRED)
    size = min(len(pool) - 5, blueprints.MAX_QUESTIONS)
    started = post(client, "/api/quizzes/", {"mode": "exam", "count": size})
    assert started.status_code == 201, started.content
    assert started.json()["blueprint"] == "every-format"
    attempt = Attempt.objects.get(pk=started.json()["id"])
    assert attempt.blueprint.slug == "every-format" and attempt.choice["formats"]
    drawn = Question.objects.filter(entries__attempt=attempt)
    assert drawn.count() == size and not set(withheld) & {q.pk for q in drawn}
    assert {(q.pool, q.status) for q in drawn} == {("exam", "published")}


def test_an_exam_named_blueprint_shares_by_its_weights(exam_bank, client):
    per_format = Counter(q.format for q in exam_pool())
    heavy, light = [slug for slug, _ in per_format.most_common(2)]
    assert per_format[light] >= 2
    ExamBlueprint.objects.create(name="Two formats", slug="two", count=6, minutes=10,
                                 pass_mark=50, format_weights={
                                     **dict.fromkeys(per_format, 0), heavy: 2, light: 1})
    started = post(client, "/api/quizzes/", {"mode": "exam", "blueprint": "two"}).json()
    attempt = Attempt.objects.get(pk=started["id"])
    assert Counter(attempt.entries.values_list("question__format", flat=True)) == {
        heavy: 4, light: 2}
    assert started["pass_mark"] == 50 and attempt.blueprint.slug == "two"
    assert 9 * 60 < (attempt.deadline - attempt.started_at).total_seconds() <= 10 * 60


def test_exam_requests_that_cannot_be_met_are_refused_clearly(exam_bank, client):
    per_format = Counter(q.format for q in exam_pool())
    smallest = min(per_format, key=per_format.get)
    ExamBlueprint.objects.create(name="Only one", slug="only-one",
                                 count=per_format[smallest] + 1, format_weights={
                                     **dict.fromkeys(per_format, 0), smallest: 1})
    refused = post(client, "/api/quizzes/", {"mode": "exam", "blueprint": "only-one"})
    assert refused.status_code == 422 and "cannot be drawn" in refused.json()["detail"]
    unknown = post(client, "/api/quizzes/", {"mode": "exam", "blueprint": "nope"})
    assert unknown.status_code == 400 and "blueprint" in unknown.json()
    practice = post(client, "/api/quizzes/", {"mode": "practice", "blueprint": "every-format"})
    assert practice.status_code == 400 and "blueprint" in practice.json()
    chosen = post(client, "/api/quizzes/", {"mode": "exam", "difficulty": 2})
    assert chosen.status_code == 422 and "difficulty" in chosen.json()
    assert not Attempt.objects.exists()


def test_the_exam_says_when_a_format_falls_short(exam_bank, client):
    per_format = Counter(q.format for q in exam_pool())
    smallest = min(per_format, key=per_format.get)
    count = min(blueprints.MAX_QUESTIONS, sum(per_format.values()))
    weights = {**dict.fromkeys(per_format, 1), smallest: 1000}
    assert per_format[smallest] < count * 0.9  # far short of what its weight asks for
    ExamBlueprint.objects.create(name="Lopsided", slug="lopsided", count=count,
                                 format_weights=weights)
    started = post(client, "/api/quizzes/", {"mode": "exam", "blueprint": "lopsided"}).json()
    assert any("fewer than" in note for note in started["notes"]), started
    results = post(client, f"/api/quizzes/{started['id']}/finish/").json()
    assert results["notes"] == started["notes"]
