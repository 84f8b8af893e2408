"""Editors see what they break: the preview's summary and its differences in words, a save
that makes scenarios fail waits for a confirmation, the message after saving names the
failures, and a restore shows the same impact before it restores."""
import re

from django.contrib.messages import get_messages

from rulings.knowledge.articlefile import dump_yaml as dump_parameters
from rulings.knowledge.forms import ArticleForm
from rulings.knowledge.models import Article
from scenarios.verification.models import Scenario, VerificationRun
from scenarios.quizzes.models import Question

TRH = "thought-ruler-highlander"
URL = f"/rules/{TRH}/nightfall/edit/"


def nightfall():
    return Article.objects.select_related("current_revision").get(
        format__slug=TRH, slug="nightfall")


def form_data(article, **changes):
    data = {**ArticleForm.initial_from(article.current_revision), "comment": ""}
    data.update(changes)
    return data


def breaking(article):
    """The Nightfall cost doubled: the scenarios that pay it stop passing."""
    return form_data(article, parameters=dump_parameters(
        {**article.current_revision.parameters, "nightfall_cost": 1000}))


def text(response):
    return response.content.decode()


def test_preview_opens_with_a_summary_counting_passes_failures_and_withdrawn_questions(
        editor_client, loaded):
    article = nightfall()
    response = editor_client.post(URL, {**breaking(article), "preview": "1"})
    impact = response.context["impact"]
    failing = [entry["slug"] for entry in impact.failing]
    withdrawn = Question.objects.filter(scenario__slug__in=failing, active=True,
                                        status=Question.PUBLISHED).count()
    assert failing and withdrawn
    summary = re.search(r'<p class="impact-summary">(.*?)</p>', text(response), re.S).group(1)
    summary = re.sub(r"<[^>]+>", "", summary)
    assert summary.startswith(
        f"This edit changes {impact.affected} scenarios: {impact.passing} still pass, "
        f"{len(failing)} would fail, {withdrawn} quiz questions would be withdrawn")


def test_the_differences_are_written_in_words_not_keys(editor_client, loaded):
    article = nightfall()
    page = text(editor_client.post(URL, {**breaking(article), "preview": "1"}))
    table = re.search(r'<table class="data impact-list">(.*?)</table>', page, re.S).group(1)
    assert "lp." not in table and "{&#x27;" not in table and "{'" not in table
    assert re.search(r"<td>[ABCD]&#x27;s LP</td><td[^>]*>[ABCD] has \d+ LP\.</td>"
                     r"<td[^>]*>[ABCD] has \d+ LP\.</td>", table)
    assert "With this edit the engine computes" in table


def test_a_save_that_makes_scenarios_fail_is_held_for_confirmation(editor_client, loaded):
    article = nightfall()
    response = editor_client.post(URL, {**breaking(article), "save": "1"})
    page = text(response)
    failing = len(response.context["impact"].failing)
    assert response.status_code == 200 and failing
    assert f"Not saved yet: this edit makes {failing} scenarios fail" in page
    assert (f'<input type="checkbox" name="confirm_failures" value="{failing}"> '
            f"I understand {failing} scenarios will fail") in page
    assert "nightfall_cost: 1000" in page  # the typed text is kept
    assert nightfall().current_revision.number == article.current_revision.number


def test_a_confirmation_for_another_number_of_failures_does_not_save(editor_client, loaded):
    article = nightfall()
    response = editor_client.post(URL, {**breaking(article), "save": "1",
                                        "confirm_failures": "1"})
    assert response.status_code == 200 and response.context["confirm_needed"] > 1
    assert nightfall().current_revision.number == article.current_revision.number


def test_a_harmless_save_needs_no_confirmation(editor_client, loaded):
    article = nightfall()
    body = article.current_revision.body + "\nA clarifying sentence. {#clarifying}\n"
    response = editor_client.post(URL, form_data(article, body=body, save="1"))
    assert response.status_code == 302
    assert nightfall().current_revision.number == article.current_revision.number + 1
    message = [str(m) for m in get_messages(response.wsgi_request)]
    assert message == [f"Saved revision {article.current_revision.number + 1} of "
                       f"“{article.current_revision.title}”."]


def test_a_confirmed_breaking_save_says_what_failed_with_a_link_to_the_run(
        editor_client, loaded):
    article = nightfall()
    held = editor_client.post(URL, {**breaking(article), "save": "1"})
    failing = held.context["confirm_needed"]
    slugs = [entry["slug"] for entry in held.context["impact"].failing]
    questions = Question.objects.filter(scenario__slug__in=slugs, active=True,
                                        status=Question.PUBLISHED).count()
    response = editor_client.post(URL, {**breaking(article), "save": "1",
                                        "confirm_failures": str(failing)})
    assert response.status_code == 302
    number = article.current_revision.number + 1
    assert nightfall().current_revision.number == number
    run = VerificationRun.objects.filter(trigger=VerificationRun.EDIT).first()
    assert f"{TRH}/nightfall r{number}" in run.revisions
    (message,) = get_messages(response.wsgi_request)
    assert str(message) == (
        f"Saved revision {number} of “{article.current_revision.title}”. {failing} scenarios "
        f"now fail and {questions} quiz questions were withdrawn: <a href=\"/verification/"
        f"{run.pk}/\">see the verification run and the failing scenarios</a>.")
    assert set(Scenario.objects.filter(slug__in=slugs).values_list("status", flat=True)) == {
        "failed"}
    page = text(editor_client.get(article.get_absolute_url()))
    assert f'<a href="/verification/{run.pk}/">' in page  # the link is a link, not escaped


def test_restoring_shows_the_impact_and_asks_before_it_restores(editor_client, loaded):
    article = nightfall()
    first = article.current_revision.number
    editor_client.post(URL, {**breaking(article), "save": "1",
                             "confirm_failures": str(len(editor_client.post(
                                 URL, {**breaking(article), "preview": "1"}
                             ).context["impact"].failing))})
    # Revision `first` had the cost at 500; put a breaking cost back on top of a fixed one.
    url = f"/rules/{TRH}/nightfall/restore/{first}/"
    page = editor_client.get(url)
    assert page.status_code == 200
    assert page.context["impact"].fixed and not page.context["impact"].failing
    assert "This restore changes" in text(page) and "would pass again" in text(page)
    assert f"Restore revision {first}" in text(page)
    assert nightfall().current_revision.number == first + 1  # a GET restores nothing
    assert editor_client.post(url).status_code == 200  # nor a POST without the button
    assert nightfall().current_revision.number == first + 1
    response = editor_client.post(url, {"confirm": "1"})
    assert response.status_code == 302
    assert nightfall().current_revision.number == first + 2
    assert nightfall().current_revision.parameters["nightfall_cost"] == 500


def test_restoring_a_revision_that_breaks_scenarios_needs_the_box_ticked(editor_client, loaded):
    article = nightfall()
    broken = article.current_revision.number + 1
    editor_client.post(URL, {**breaking(article), "save": "1", "confirm_failures": str(
        len(editor_client.post(URL, {**breaking(article), "preview": "1"}).context[
            "impact"].failing))})
    fixed = nightfall()
    editor_client.post(URL, form_data(fixed, save="1", parameters=dump_parameters(
        {**fixed.current_revision.parameters, "nightfall_cost": 500})))
    assert nightfall().current_revision.parameters["nightfall_cost"] == 500
    url = f"/rules/{TRH}/nightfall/restore/{broken}/"
    shown = editor_client.get(url)
    failing = len(shown.context["impact"].failing)
    assert failing and f"I understand {failing} scenarios will fail" in text(shown)
    held = editor_client.post(url, {"confirm": "1"})
    assert held.status_code == 200 and held.context["confirm_needed"] == failing
    assert nightfall().current_revision.parameters["nightfall_cost"] == 500
    done = editor_client.post(url, {"confirm": "1", "confirm_failures": str(failing)})
    assert done.status_code == 302
    assert nightfall().current_revision.parameters["nightfall_cost"] == 1000
    (message,) = get_messages(done.wsgi_request)
    assert str(message).startswith(f"Revision {broken} restored as revision {broken + 2}. "
                                   f"{failing} scenarios now fail")


def test_the_history_links_each_old_revision_to_its_restore_page(editor_client, loaded):
    article = nightfall()
    editor_client.post(URL, form_data(article, body=article.current_revision.body + "\nMore.\n",
                                      save="1"))
    page = text(editor_client.get(f"/rules/{TRH}/nightfall/history/"))
    number = article.current_revision.number
    assert f'href="/rules/{TRH}/nightfall/restore/{number}/"' in page
    assert 'method="post"' not in page.split("<table")[1].split("</table>")[0]
