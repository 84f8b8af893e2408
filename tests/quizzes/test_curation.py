"""Editors curate questions: drafts published with their reason shown, retired, sent back,
reworded with a preview; every change a line of the question's history; on the pages and
through the API."""
import json
import re

import pytest
from django.test import Client

from scenarios.quizzes import curation
from scenarios.quizzes.models import Question, QuestionEvent

from .curation_helpers import logged_in, make_question, make_scenario

pytestmark = pytest.mark.django_db


@pytest.fixture
def draft(db):
    return make_question(make_scenario(), status=Question.DRAFT,
                         draft_reason="Only one wrong reading of the rule changes the answer.")


def history(question):
    return list(QuestionEvent.objects.filter(question=question).values_list(
        "action", "user__username", "detail"))


def test_publishing_a_draft_records_who_did_it(draft, editor):
    question, changed = curation.publish(draft, editor, "Checked by hand.")
    assert changed and question.status == Question.PUBLISHED
    assert Question.objects.get(pk=draft.pk).status == Question.PUBLISHED
    assert history(draft) == [("published", "edna", "Checked by hand.")]


def test_the_same_status_again_changes_and_records_nothing(draft, editor):
    curation.publish(draft, editor)
    _, changed = curation.publish(draft, editor)
    assert not changed and len(history(draft)) == 1


def test_retiring_and_sending_back_to_draft_say_why(draft, editor):
    curation.publish(draft, editor)
    curation.retire(draft, editor, "Asks the same as another question.")
    curation.to_draft(draft, editor, "The stem needs the Life Points.")
    draft.refresh_from_db()
    assert draft.status == Question.DRAFT
    assert draft.draft_reason == "An editor sent it back to draft: The stem needs the Life Points."
    assert [a for a, _, _ in history(draft)] == ["sent back to draft", "retired", "published"]


def test_a_question_whose_scenario_is_gone_cannot_be_published(editor):
    orphan = make_question(None, status=Question.RETIRED, active=False)
    with pytest.raises(curation.CurationError) as refused:
        curation.publish(orphan, editor)
    assert refused.value.field == "status" and "removed" in refused.value.message
    assert Question.objects.get(pk=orphan.pk).status == Question.RETIRED and not history(orphan)


def test_a_question_without_a_wrong_option_cannot_be_published(editor):
    lonely = make_question(make_scenario(), status=Question.DRAFT,
                           options=[{"key": "a", "text": "B wins", "correct": True,
                                     "source": "engine", "rule": "", "explanation": ""}])
    with pytest.raises(curation.CurationError, match="no wrong option"):
        curation.publish(lonely, editor)


def test_rewording_shows_the_editors_text_and_keeps_the_generated_one(draft, editor):
    curation.reword(draft, editor, "Who has won once the chain has resolved?", "")
    draft.refresh_from_db()
    assert draft.shown_prompt == "Who has won once the chain has resolved?"
    assert draft.prompt == "Who wins the duel?"
    assert draft.shown_explanation == draft.explanation
    curation.reword(draft, editor, prompt_wording="")
    draft.refresh_from_db()
    assert draft.shown_prompt == "Who wins the duel?"
    assert [d for a, _, d in history(draft)] == [
        "The question is back to the generated wording.",
        "The question now reads: Who has won once the chain has resolved?"]


def test_wording_the_same_as_the_generated_text_is_no_wording(draft, editor):
    _, changed = curation.reword(draft, editor, "  Who wins the duel?  ")
    assert not changed and Question.objects.get(pk=draft.pk).prompt_wording == ""


def test_a_status_change_never_loses_wording_saved_meanwhile(draft, editor):
    stale = Question.objects.get(pk=draft.pk)  # read before the reword below
    curation.reword(draft, editor, "Who has won?", "Ceasefire resolves first.")
    curation.publish(stale, editor)
    kept = Question.objects.get(pk=draft.pk)
    assert (kept.status, kept.prompt_wording, kept.explanation_wording) == (
        Question.PUBLISHED, "Who has won?", "Ceasefire resolves first.")


def test_overlong_wording_is_refused_naming_the_field(draft, editor):
    with pytest.raises(curation.CurationError) as refused:
        curation.reword(draft, editor, explanation_wording="x" * 5001)
    assert refused.value.field == "explanation_wording"
    assert "5,001 characters" in refused.value.message


# --- the pages --------------------------------------------------------------------------------

def test_the_question_page_is_for_editors_and_sends_others_to_log_in(draft, client, reader):
    url = f"/quiz/questions/{draft.pk}/"
    response = client.get(url)
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    client = logged_in(reader)
    assert client.get(url).status_code == 403
    assert client.post(url, {"action": "publish"}).status_code == 403
    assert Question.objects.get(pk=draft.pk).status == Question.DRAFT


def test_an_editor_sees_a_draft_with_its_reason_and_publishes_it(draft, editor):
    client = Client(enforce_csrf_checks=True)
    client.force_login(editor)
    url = f"/quiz/questions/{draft.pk}/"
    page = client.get(url).content.decode()
    assert "Not published because: Only one wrong reading of the rule changes the answer." in page
    assert "Damage inside a chain ends the duel" in page and "Step through its replay" in page
    assert "Turn 4, A&#x27;s Main Phase 1." in page and "A chain resolves backwards" in page
    assert "the outcome under a wrong reading of a rule" in page
    for raw in ("wrong_reading", "{&#x27;", "None"):
        assert raw not in page
    assert client.post(url, {"action": "publish"}).status_code == 403  # no CSRF token
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)[1]
    response = client.post(url, {"action": "publish", "note": "Reads well.",
                                 "csrfmiddlewaretoken": token})
    assert response.status_code == 302 and response["Location"] == url
    assert Question.objects.get(pk=draft.pk).status == Question.PUBLISHED
    page = client.get(url).content.decode()
    assert "Published: takers are asked it from now on." in page
    assert "edna: published" in page and "Reads well." in page


def test_the_wording_preview_saves_nothing_and_shows_text_as_typed(draft, editor_client):
    url = f"/quiz/questions/{draft.pk}/"
    typed = {"action": "reword", "prompt_wording": "Who wins <b>now</b>?",
             "explanation_wording": "Ceasefire resolves first.", "preview": "1"}
    page = editor_client.post(url, typed).content.decode()
    assert "Takers would read:" in page and "Who wins &lt;b&gt;now&lt;/b&gt;?" in page
    assert "<b>now</b>" not in page
    assert Question.objects.get(pk=draft.pk).prompt_wording == "" and not history(draft)
    del typed["preview"]
    assert editor_client.post(url, {**typed, "save": "1"}).status_code == 302
    assert Question.objects.get(pk=draft.pk).shown_prompt == "Who wins <b>now</b>?"
    assert history(draft)[0][0] == "reworded"


def test_overlong_wording_on_the_page_keeps_the_text_and_names_the_box(draft, editor_client):
    page = editor_client.post(f"/quiz/questions/{draft.pk}/", {
        "action": "reword", "prompt_wording": "y" * 2001, "explanation_wording": "",
        "save": "1"})
    assert page.status_code == 400
    assert "2,001 characters long" in page.content.decode() and "y" * 2001 in \
        page.content.decode()


def test_the_editors_menu_links_to_the_bank(editor, reader):
    assert 'href="/quiz/questions/">Question bank' in logged_in(editor).get(
        "/quiz/").content.decode()
    assert "/quiz/questions/" not in logged_in(reader).get("/quiz/").content.decode()


def test_the_bank_filters_by_status_and_kind_and_links_each_question(draft, editor_client):
    published = make_question(draft.scenario, key="legal", kind=Question.LEGALITY,
                              prompt="Is the activation legal?")
    page = editor_client.get("/quiz/questions/?status=draft").content.decode()
    assert f'href="/quiz/questions/{draft.pk}/"' in page
    assert f'href="/quiz/questions/{published.pk}/"' not in page
    page = editor_client.get("/quiz/questions/?kind=legality&status=").content.decode()
    assert f'href="/quiz/questions/{published.pk}/"' in page and "Is the activation legal?" in page
    assert f'href="/quiz/questions/{draft.pk}/"' not in page
    # A filter value that does not fit is left out, not an error.
    assert editor_client.get("/quiz/questions/?kind=nonsense").status_code == 200


def test_the_bank_pages_by_fifty(editor_client, db):
    scenario = make_scenario()
    for n in range(51):
        make_question(scenario, key=f"q{n:02}")
    first = editor_client.get("/quiz/questions/").content.decode()
    assert first.count('href="/quiz/questions/') - first.count('href="/quiz/questions/"') == 50
    assert "Page 1 of 2" in first and 'href="?page=2"' in first
    second = editor_client.get("/quiz/questions/?page=2").content.decode()
    assert second.count('href="/quiz/questions/') - second.count('href="/quiz/questions/"') == 1


# --- the API ----------------------------------------------------------------------------------

def patch(client, url, data):
    return client.patch(url, json.dumps(data), content_type="application/json")


def test_the_api_lists_questions_with_stem_options_and_statistics(draft, editor_client):
    listing = editor_client.get("/api/questions/?status=draft&format=core").json()
    assert listing["count"] == 1
    entry = listing["results"][0]
    assert {"id", "scenario", "teaching_rule", "kind", "format", "status", "stem", "options",
            "explanation", "stats", "url", "draft_reason"} <= set(entry)
    assert entry["stem"] == {"prompt": "Who wins the duel?", "steps": draft.steps,
                             "facts": draft.facts}
    assert set(entry["options"][1]) == {"key", "text", "correct", "source", "rule",
                                        "explanation"}
    assert entry["stats"]["answers"] == 0 and entry["stats"]["facility"] is None
    assert entry["page"] == f"/quiz/questions/{draft.pk}/"
    assert entry["draft_reason"].startswith("Only one wrong reading")
    for query, count in (("kind=outcome", 1), ("kind=legality", 0), ("article=core/chains", 1),
                         ("format=trh", 0), ("flagged=true", 0), ("flagged=false", 1)):
        assert editor_client.get(f"/api/questions/?{query}").json()["count"] == count, query


def test_a_bad_filter_is_a_400_naming_it(editor_client, db):
    response = editor_client.get("/api/questions/?status=lost")
    assert response.status_code == 400 and "status" in response.json()
    assert "flagged" in editor_client.get("/api/questions/?flagged=maybe").json()


def test_patch_publishes_and_rewords_with_a_history_line_each(draft, editor_client):
    url = f"/api/questions/{draft.pk}/"
    response = patch(editor_client, url, {"status": "published", "note": "Fine.",
                                          "prompt_wording": "Who has won?"})
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["status"] == "published" and body["stem"]["prompt"] == "Who has won?"
    assert body["generated_prompt"] == "Who wins the duel?"
    assert [e["action"] for e in body["history"]] == ["reworded", "published"]
    assert body["history"][1]["user"] == "edna" and body["history"][1]["detail"] == "Fine."


@pytest.mark.parametrize("body, field", [
    ({"status": "forgotten"}, "status"),
    ({"prompt_wording": "x" * 2001}, "prompt_wording"),
    ({"explanation_wording": ["a list"]}, "explanation_wording"),
    ({"note": "n" * 1001, "status": "retired"}, "note"),
])
def test_a_patch_that_does_not_fit_is_a_400_naming_the_field(draft, editor_client, body, field):
    response = patch(editor_client, f"/api/questions/{draft.pk}/", body)
    assert response.status_code == 400 and field in response.json(), response.content
    assert Question.objects.get(pk=draft.pk).status == Question.DRAFT and not history(draft)


def test_publishing_a_question_whose_scenario_is_gone_is_a_400(editor_client, db):
    orphan = make_question(None, status=Question.DRAFT)
    response = patch(editor_client, f"/api/questions/{orphan.pk}/", {"status": "published"})
    assert response.status_code == 400 and "removed" in response.json()["status"][0]


def test_a_refused_status_changes_no_wording_either(draft, editor_client):
    orphan = make_question(None, status=Question.DRAFT, key="orphan")
    patch(editor_client, f"/api/questions/{orphan.pk}/", {"status": "published",
                                                          "prompt_wording": "Reworded"})
    assert Question.objects.get(pk=orphan.pk).prompt_wording == ""


def test_only_editors_read_or_change_questions(draft, reader):
    url = f"/api/questions/{draft.pk}/"
    for caller in (Client(), logged_in(reader)):
        assert caller.get(url).status_code == 403
        assert patch(caller, url, {"status": "published"}).status_code == 403
        assert caller.get("/api/questions/").status_code == 403
    assert Question.objects.get(pk=draft.pk).status == Question.DRAFT


def test_the_schema_documents_the_editors_endpoints(client, db):
    paths = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()[
        "paths"]
    assert {"get", "patch"} <= set(paths["/api/questions/{id}/"])
    assert "400" in paths["/api/questions/{id}/"]["patch"]["responses"]
    assert {"201", "400", "404", "429"} <= set(paths["/api/questions/{id}/report/"]["post"][
        "responses"])
    listed = {p["name"] for p in paths["/api/questions/"]["get"]["parameters"]}
    assert {"format", "article", "kind", "status", "flagged", "page"} <= listed
