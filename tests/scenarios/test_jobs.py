"""Verification as background jobs: a save never replays in its request, the form waits for a
draft's impact as a state of its own, pages say which verdicts are being brought up to date,
and a job that fails is retried without ever recording half of what it found."""
import re
import shutil
import time

import pytest
from django.conf import settings as django_settings
from django.contrib.messages import get_messages
from django.core.management import call_command
from django.test import Client

from rulings.knowledge.articlefile import dump_yaml
from rulings.knowledge.forms import ArticleForm
from rulings.knowledge.models import Article
from scenarios.verification import impact as impact_module
from scenarios.verification.jobs import backends, kinds, running
from scenarios.verification.models import Scenario, VerificationJob, VerificationRun
from scenarios.verification.verifier import Verifier

TRH = "thought-ruler-highlander"
URL = f"/rules/{TRH}/nightfall/edit/"


@pytest.fixture
def trh_loaded(bundled_rules, settings, tmp_path):
    """The bundled rules, and the Thought Ruler Highlander scenarios loaded and verified."""
    folder = tmp_path / "data" / TRH
    shutil.copytree(django_settings.SCENARIOS_DIR / TRH, folder)
    settings.SCENARIOS_DIR = tmp_path / "data"
    call_command("load_scenarios", stdout=open("/dev/null", "w"))
    return bundled_rules


@pytest.fixture
def replays(monkeypatch):
    """Counts every scenario replayed (in the request or in a job)."""
    count = {"n": 0}
    real = Verifier.verify_source

    def counting(self, *args, **kwargs):
        count["n"] += 1
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Verifier, "verify_source", counting)
    return count


@pytest.fixture
def held_queue(settings, monkeypatch):
    """Jobs go to a queue nobody works (as when a worker is busy): the test runs them. The
    test's own transaction never commits, so they are queued at once rather than on commit."""
    settings.JOBS_MODE = "thread"
    queued = []
    monkeypatch.setitem(backends._START, "thread", queued.append)
    monkeypatch.setattr(backends, "after_commit", lambda start: start())
    return queued


def nightfall():
    return Article.objects.select_related("current_revision", "format").get(
        format__slug=TRH, slug="nightfall")


def form_data(article, **changes):
    return {**ArticleForm.initial_from(article.current_revision), "comment": "", **changes}


def breaking(article):
    """The Nightfall cost doubled: the scenarios that pay it stop passing."""
    return form_data(article, parameters=dump_yaml(
        {**article.current_revision.parameters, "nightfall_cost": 1000}))


def text(response):
    return response.content.decode()


def test_a_parameter_edit_is_reverified_by_a_job_then_its_questions_by_another(
        editor_client, trh_loaded):
    article = nightfall()
    held = editor_client.post(URL, {**breaking(article), "save": "1"})
    failing = held.context["confirm_needed"]
    response = editor_client.post(URL, {**breaking(article), "save": "1",
                                        "confirm_failures": str(failing)})
    assert response.status_code == 302
    label = f"{TRH}/nightfall r{article.current_revision.number + 1}"
    reverify = VerificationJob.objects.get(kind=VerificationJob.REVERIFY, label=label)
    readers = {row.slug for row in Scenario.objects.filter(format_slug=TRH)
               if "nightfall_cost" in row.params_read}
    assert readers and readers <= set(reverify.slugs)
    assert (reverify.status, reverify.attempts, reverify.done) == ("done", 1, len(reverify.slugs))
    assert reverify.run.revisions == [label] and reverify.run.total == len(reverify.slugs)
    questions = VerificationJob.objects.get(kind=VerificationJob.QUESTIONS, label=label)
    assert questions.status == "done" and questions.payload == {"run": reverify.run.pk}


def test_an_edit_that_changes_no_parameter_replays_nothing(editor_client, trh_loaded, replays):
    article = nightfall()
    body = article.current_revision.body + "\nA clarifying sentence. {#clarifying}\n"
    preview = editor_client.post(URL, form_data(article, body=body, preview="1"))
    assert preview.context["impact"].affected > 0  # the scenarios citing it, unchanged
    assert preview.context["impact"].failing == []
    response = editor_client.post(URL, form_data(article, body=body, save="1"))
    assert response.status_code == 302
    assert replays["n"] == 0
    assert not VerificationJob.objects.exists()


def test_the_save_request_never_replays_and_waits_for_the_impact_as_a_form_state(
        editor_client, trh_loaded, replays, held_queue):
    article = nightfall()
    preview = editor_client.post(URL, {**breaking(article), "preview": "1"})
    page = text(preview)
    (job,) = VerificationJob.objects.filter(kind=VerificationJob.IMPACT)
    assert held_queue == [job.pk] and preview.context["impact"] is None
    assert "Checking which scenarios this edit changes…" in page
    assert f'data-job-progress="/verification/jobs/{job.pk}/progress/"' in page
    assert 'data-resubmit="preview"' in page and "rulings/jobs.js" in page

    waiting = editor_client.post(URL, {**breaking(article), "save": "1"})
    assert "Not saved yet: checking which scenarios this edit changes…" in text(waiting)
    assert 'data-resubmit="save"' in text(waiting)
    assert nightfall().current_revision.number == article.current_revision.number
    assert held_queue == [job.pk]  # the same draft asks the same job, not a new one
    assert replays["n"] == 0

    running.run_attempts(job.pk)  # the worker's turn
    replayed_by_the_job = replays["n"]
    held = editor_client.post(URL, {**breaking(article), "save": "1"})
    failing = held.context["confirm_needed"]
    assert failing == len(VerificationJob.objects.get(pk=job.pk).result["failing"]) > 0
    saved = editor_client.post(URL, {**breaking(article), "save": "1",
                                     "confirm_failures": str(failing)})
    assert saved.status_code == 302
    assert replays["n"] == replayed_by_the_job  # neither request replayed anything
    reverify = VerificationJob.objects.get(kind=VerificationJob.REVERIFY)
    assert reverify.status == "queued" and held_queue[-1] == reverify.pk
    (message,) = get_messages(saved.wsgi_request)
    assert str(message) == (
        f"Saved revision {article.current_revision.number + 1} of "
        f"“{article.current_revision.title}”. Its {reverify.total} affected scenarios are "
        f"being re-verified in the background: <a href=\"/verification/jobs/{reverify.pk}/\">"
        "follow the progress</a>.")


def test_pages_say_which_verdicts_are_being_brought_up_to_date_until_the_job_is_done(
        editor_client, trh_loaded, held_queue):
    client = Client()  # a reader who is not logged in: served from the page cache
    article = nightfall()
    call_command_save(editor_client, article)
    reverify = VerificationJob.objects.get(kind=VerificationJob.REVERIFY)
    scenario = Scenario.objects.filter(slug__in=reverify.slugs).exclude(example="").first()
    slug = scenario.slug
    old_status = scenario.status
    updating = "This scenario's recorded verdict is being brought up to date"
    assert updating in text(client.get(f"/scenarios/{slug}/"))
    runs_page = text(client.get("/verification/"))
    assert "Verdicts are being brought up to date" in runs_page
    assert re.search(rf'<tr class="job job-queued"><td><a href="/verification/jobs/'
                     rf'{reverify.pk}/">', runs_page)
    assert "being re-verified" in text(client.get(f"/scenarios/?format={TRH}"))
    article_page = text(client.get(scenario.example_block.article.get_absolute_url()))
    assert "Its verdict is being brought up to date" in article_page
    assert Scenario.objects.get(slug=slug).status == old_status  # nothing written yet

    running.run_attempts(reverify.pk)
    assert updating not in text(client.get(f"/scenarios/{slug}/"))
    article_page = text(client.get(scenario.example_block.article.get_absolute_url()))
    assert "Its verdict is being brought up to date" not in article_page
    runs_page = text(client.get("/verification/"))
    assert "Verdicts are being brought up to date" not in runs_page
    assert f'<a href="{VerificationJob.objects.get(pk=reverify.pk).run.get_absolute_url()}">' \
           f'its run</a>' in runs_page


def call_command_save(editor_client, article):
    """Save the breaking edit through the form, its impact worked out first."""
    editor_client.post(URL, {**breaking(article), "preview": "1"})
    for job in VerificationJob.objects.filter(status=VerificationJob.QUEUED):
        running.run_attempts(job.pk)
    held = editor_client.post(URL, {**breaking(article), "save": "1"})
    response = editor_client.post(URL, {**breaking(article), "save": "1",
                                        "confirm_failures": str(held.context["confirm_needed"])})
    assert response.status_code == 302


def test_a_failed_attempt_is_retried_from_the_start_and_the_page_says_so(
        client, editor_client, trh_loaded, monkeypatch):
    calls = {"n": 0}
    real = impact_module.replay_rows

    def fails_once(rows, progress=None):
        calls["n"] += 1
        if calls["n"] == 1:
            progress(1, len(rows))
            raise RuntimeError("the worker ran out of memory")
        return real(rows, progress)

    monkeypatch.setattr(kinds, "replay_rows", fails_once)
    article = nightfall()
    call_command_save(editor_client, article)
    job = VerificationJob.objects.get(kind=VerificationJob.REVERIFY)
    assert (job.status, job.attempts, job.done) == ("done", 2, job.total)
    assert job.error == "Attempt 1 stopped: RuntimeError: the worker ran out of memory"
    assert VerificationRun.objects.filter(revisions=[job.label]).count() == 1
    page = text(client.get(f"/verification/jobs/{job.pk}/"))
    assert "Done after 2 attempts." in page and "the worker ran out of memory" in page


def test_a_job_that_fails_every_attempt_is_failed_and_changes_no_verdict(
        client, editor_client, trh_loaded, monkeypatch):
    def always_fails(rows, progress=None):
        raise RuntimeError("no memory at all")

    monkeypatch.setattr(kinds, "replay_rows", always_fails)
    before = dict(Scenario.objects.values_list("slug", "fingerprint"))
    runs = VerificationRun.objects.count()
    call_command_save(editor_client, nightfall())
    job = VerificationJob.objects.get(kind=VerificationJob.REVERIFY)
    assert (job.status, job.attempts) == ("failed", django_settings.JOBS_ATTEMPTS)
    assert dict(Scenario.objects.values_list("slug", "fingerprint")) == before
    assert VerificationRun.objects.count() == runs
    assert "failed after 3 attempts" in text(client.get("/verification/"))
    assert "being brought up to date" not in text(client.get(f"/scenarios/{job.slugs[0]}/"))


def test_an_attempt_given_up_for_dead_records_nothing_when_it_wakes(trh_loaded):
    slugs = list(Scenario.objects.filter(format_slug=TRH).values_list("slug", flat=True)[:3])
    job = VerificationJob.objects.create(kind=VerificationJob.REVERIFY, format_slug=TRH,
                                         label=f"{TRH}/nightfall r99", slugs=slugs,
                                         total=len(slugs))
    first = running._start(job.pk)
    second = running._start(job.pk)  # the first was given up for dead: a retry took over
    assert (first.attempts, second.attempts) == (1, 2)
    assert second.error == "Attempt 1 stopped before it finished."
    rows = Scenario.objects.filter(slug__in=slugs)
    kinds._finish_reverify(first, impact_module.replay_rows(rows))
    assert not VerificationRun.objects.filter(revisions=[job.label]).exists()
    kinds._finish_reverify(second, impact_module.replay_rows(rows))
    assert VerificationRun.objects.filter(revisions=[job.label]).count() == 1
    assert VerificationJob.objects.get(pk=job.pk).status == "done"


def test_a_drafts_impact_job_is_shown_to_editors_only(editor_client, trh_loaded, held_queue):
    client = Client()
    editor_client.post(URL, {**breaking(nightfall()), "preview": "1"})
    job = VerificationJob.objects.get(kind=VerificationJob.IMPACT)
    progress = editor_client.get(f"/verification/jobs/{job.pk}/progress/").json()
    assert progress["status"] == "queued" and progress["state"] == "queued"
    assert editor_client.get(f"/verification/jobs/{job.pk}/")["Refresh"] == "2"
    assert client.get(f"/verification/jobs/{job.pk}/progress/").status_code == 404
    assert client.get(f"/verification/jobs/{job.pk}/").status_code == 404
    assert f"/verification/jobs/{job.pk}/" not in text(client.get("/verification/"))


def test_restoring_waits_for_the_impact_and_reloads_by_itself(editor_client, trh_loaded,
                                                             held_queue):
    article = nightfall()
    call_command_save_sync(editor_client, article)
    restore_url = f"/rules/{TRH}/nightfall/restore/{article.current_revision.number}/"
    page = editor_client.get(restore_url)
    assert page["Refresh"] == "2"
    assert "Checking which scenarios this restore changes…" in text(page)
    confirm = editor_client.post(restore_url, {"confirm": "1"})
    assert "Not restored yet: checking which scenarios restoring changes…" in text(confirm)
    assert nightfall().current_revision.number == article.current_revision.number + 1


def call_command_save_sync(editor_client, article):
    from django.test import override_settings

    with override_settings(JOBS_MODE="sync"):
        call_command_save(editor_client, article)


@pytest.mark.django_db(transaction=True)
def test_without_redis_a_job_runs_in_a_thread_after_the_request(settings):
    settings.JOBS_MODE = "thread"
    job = VerificationJob.objects.create(kind=VerificationJob.REVERIFY, format_slug=TRH,
                                         label=f"{TRH}/nightfall r7", slugs=[], total=0)
    backends.submit(job)  # outside a transaction: the thread hears of it at once
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        job.refresh_from_db()
        if job.status == "done":
            break
        time.sleep(0.05)
    assert job.status == "done" and job.run is not None and job.run.total == 0
