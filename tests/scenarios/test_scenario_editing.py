"""Judges write scenarios on the site: checked and replayed before saving, with history."""
import filecmp

from django.conf import settings
from django.core.management import call_command

from scenarios.verification.models import Scenario, VerificationRun

SOURCE = """slug: two-thousand-beats-nineteen-hundred
format: core
rule: core/ending-the-game#zero-lp-immediate-loss
title: A 2500-ATK monster attacks a 1900-ATK monster
narrative: >
  A's Summoned Skull attacks B's Gemini Elf; the difference is dealt to B.
setup:
  turn: {number: 3, player: A, phase: battle}
  players:
    A: {lp: 8000, monsters: [{id: skull, card: Summoned Skull, position: attack}]}
    B: {lp: 100, monsters: [{id: elf, card: Gemini Elf, position: attack}]}
steps:
  - {player: A, attack: skull, target: elf}
  - {player: A, pass: true}
  - {player: B, pass: true}
expect:
  result: {winner: A, reason: lp_zero}
"""


def test_loading_gives_each_scenario_its_first_revision(loaded):
    row = Scenario.objects.get(slug="poison-vs-ceasefire")
    (revision,) = row.revisions.all()
    assert revision.number == 1 and revision.source == row.source
    assert revision.comment.startswith("Loaded from")


def test_a_draft_with_a_mistake_is_refused_at_its_line(editor_client, loaded):
    broken = SOURCE.replace("attack: skull, target: elf", "atack: skull, target: elf")
    response = editor_client.post("/scenarios/new/", {"source": broken, "save": "1"})
    html = response.content.decode()
    assert response.status_code == 200 and "line 13" in html and "atack" in html
    assert not Scenario.objects.filter(slug="two-thousand-beats-nineteen-hundred").exists()


def test_check_replays_without_saving(editor_client, loaded):
    response = editor_client.post("/scenarios/new/", {"source": SOURCE, "check": "1"})
    html = response.content.decode()
    assert "The engine&#x27;s replay of this draft" in html or "replay of this draft" in html
    assert "A attacks" in html and 'class="replay-step' in html
    assert not Scenario.objects.filter(slug="two-thousand-beats-nineteen-hundred").exists()


def test_saving_records_the_verdict_a_revision_and_a_run(editor_client, editor, loaded):
    runs = VerificationRun.objects.count()
    response = editor_client.post("/scenarios/new/", {"source": SOURCE, "save": "1",
                                                      "comment": "from the judges' chat"})
    assert response.status_code == 302
    row = Scenario.objects.get(slug="two-thousand-beats-nineteen-hundred")
    assert row.status in ("passed", "failed") and row.revisions.get().author == editor
    assert VerificationRun.objects.count() == runs + 1
    assert VerificationRun.objects.first().trigger == "edit"


def test_an_edit_on_a_stale_base_is_refused_with_the_text_kept(editor_client, loaded):
    row = Scenario.objects.get(slug="poison-vs-ceasefire")
    first = row.source.replace("title: ", "title: Edited, ", 1)
    assert editor_client.post(f"/scenarios/{row.slug}/edit/", {
        "source": first, "base_revision": 1, "save": "1"}).status_code == 302
    second = row.source.replace("title: ", "title: Another, ", 1)
    response = editor_client.post(f"/scenarios/{row.slug}/edit/", {
        "source": second, "base_revision": 1, "save": "1"})
    html = response.content.decode()
    assert response.status_code == 200 and "Not saved" in html and "Another, " in html
    assert Scenario.objects.get(slug=row.slug).revisions.count() == 2
    assert "Edited, " in Scenario.objects.get(slug=row.slug).source


def test_the_slug_cannot_change_in_an_edit(editor_client, loaded):
    row = Scenario.objects.get(slug="poison-vs-ceasefire")
    response = editor_client.post(f"/scenarios/{row.slug}/edit/", {
        "source": row.source.replace("slug: poison-vs-ceasefire", "slug: renamed"),
        "base_revision": 1, "save": "1"})
    assert "cannot change" in response.content.decode()


def test_readers_cannot_write_scenarios(reader_client, loaded):
    from django.test import Client

    assert reader_client.get("/scenarios/new/").status_code == 403
    assert Client().get("/scenarios/poison-vs-ceasefire/edit/").status_code == 302


def test_history_lists_revisions_with_diffs(editor_client, client, loaded):
    row = Scenario.objects.get(slug="poison-vs-ceasefire")
    editor_client.post(f"/scenarios/{row.slug}/edit/", {
        "source": row.source.replace("title: ", "title: Edited, ", 1), "base_revision": 1,
        "save": "1"})
    html = client.get(f"/scenarios/{row.slug}/history/?r=2").content.decode()
    assert "Revision 2" in html and "Edited, " in html and "diff-added" in html


def test_load_then_export_reproduces_the_bundled_files(loaded, tmp_path):
    call_command("export_scenarios", dir=str(tmp_path), stdout=open("/dev/null", "w"))
    for bundled in settings.SCENARIOS_DIR.rglob("*.yaml"):
        exported = tmp_path / bundled.parent.name / bundled.name
        assert filecmp.cmp(bundled, exported, shallow=False), bundled.name


def test_the_list_filters_searches_and_pages(client, loaded):
    page = client.get("/scenarios/?format=core&q=Ceasefire").content.decode()
    assert "Damage inside a chain ends the duel at once" in page
    assert "Final Countdown" not in page
    by_article = client.get("/scenarios/?article=core/ending-the-game").content.decode()
    assert "Damage inside a chain" in by_article
    failed = client.get("/scenarios/?verdict=failed").content.decode()
    assert "No scenario matches" in failed
    first = client.get("/scenarios/").content.decode()
    assert "page 1 of" in first and 'rel="next"' in first


def test_scenarios_appear_in_site_search(client, loaded):
    html = client.get("/search/?q=Ceasefire").content.decode()
    assert "Scenarios" in html and "/scenarios/poison-vs-ceasefire/" in html
