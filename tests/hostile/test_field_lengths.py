"""Every text is measured where it enters: one longer than the site keeps is refused with a
400 (or a form error, or an invalid verdict) naming the field, never a database error.

Found by the attack on PostgreSQL (SQLite does not enforce lengths): 9 of 15 probes answered
500 with `DataError: value too long`, and a scenario file with a 301-character title made
`load_scenarios` fail with 0 scenarios loaded while `verify` claimed the database was not
migrated and exited 0.
"""
import io
import shutil

import pytest
from django.core.management import call_command
from django.db import DataError

from rulings.knowledge.models import Article
from scenarios.verification.models import Scenario

pytestmark = pytest.mark.django_db

LONG = "x" * 400


def create_article(client, **fields):
    data = {"format": "core", "slug": "long-things", "title": "Long things",
            "markdown": "## Short {#short}\n\nText.\n", **fields}
    return client.post("/api/articles/", data, content_type="application/json")


@pytest.mark.parametrize("fields, named", [
    ({"markdown": f"## {'Heading ' * 40}\n\nText.\n"}, "heading"),
    ({"markdown": f"## Short {{#{'a' * 201}}}\n\nText.\n"}, "anchor"),
    ({"terms": [{"name": "N" * 101, "anchor": "short", "definition": "d"}]}, "name"),
    ({"terms": [{"name": "Name", "aliases": ["A" * 101], "anchor": "short",
                 "definition": "d"}]}, "aliases"),
    ({"slug": "s" * 121}, "slug"),
    ({"title": "T" * 201}, "title"),
])
def test_a_long_article_text_is_a_400_naming_it(editor_client, make_format, fields, named):
    make_format("core", "Core")
    response = create_article(editor_client, **fields)
    assert response.status_code == 400, response.content
    assert named in response.content.decode()
    assert not Article.objects.filter(slug__startswith="long").exists()


@pytest.mark.parametrize("field", ["heading", "anchor"])
def test_the_article_form_refuses_long_headings_and_anchors(editor_client, make_format, field):
    make_format("core", "Core")
    body = {"heading": f"## {'Heading ' * 40}\n", "anchor": f"## Short {{#{'a' * 201}}}\n"}
    response = editor_client.post("/rules/core/new/", {
        "slug": "long-things", "title": "Long", "summary": "", "order": "1",
        "body": body[field] + "\nText.\n", "parameters": "", "terms": "", "save": "1"})
    assert response.status_code == 200
    assert "characters long; at most" in response.content.decode()


SCENARIO = """slug: {slug}
format: core
rule: {rule}
title: {title}
narrative: Long texts.
setup:
  turn: {{number: 1, player: A, phase: main1}}
  players:
    A: {{lp: 8000, hand: [{{id: {card}, card: Sangan}}]}}
    B: {{lp: 8000}}
steps:
  - {{player: A, pass: true}}
expect:
  lp: {{A: 8000}}
"""
FIELDS = {"slug": "long-texts", "rule": "core/chains#building-a-chain", "title": "Long",
          "card": "sangan"}


@pytest.mark.parametrize("field, value", [
    ("title", "T" * 301), ("slug", "s" * 121), ("card", "c" * 131),
    ("rule", "core/chains#" + "r" * 300)])
def test_a_long_scenario_text_is_refused_at_its_field(editor_client, bundled_rules, field,
                                                      value):
    source = SCENARIO.format(**{**FIELDS, field: value})
    response = editor_client.post("/scenarios/new/", {"source": source, "save": "1"})
    assert response.status_code == 200
    text = response.content.decode()
    assert "characters long; at most" in text
    assert {"card": "setup.players.A.hand[0].id"}.get(field, f"({field})") in text
    assert Scenario.objects.count() == 0


def test_one_file_with_a_long_title_fails_alone_and_the_rest_loads(bundled_rules, tmp_path,
                                                                    settings):
    from django.conf import settings as django_settings

    folder = tmp_path / "data"
    shutil.copytree(django_settings.SCENARIOS_DIR / "core", folder / "core")
    (folder / "core" / "long-title.yaml").write_text(
        SCENARIO.format(**{**FIELDS, "slug": "long-title", "title": "T" * 301}))
    settings.SCENARIOS_DIR = folder
    err = io.StringIO()
    call_command("load_scenarios", stdout=io.StringIO(), stderr=err)
    assert "invalid: long-title" in err.getvalue() and "at most 300" in err.getvalue()
    loaded = len(list((folder / "core").glob("*.yaml"))) - 1
    assert Scenario.objects.filter(status="passed").count() == loaded


def test_verify_says_when_the_database_refuses_the_verdicts_and_fails(db, monkeypatch):
    def refuse(*args, **kwargs):
        raise DataError("value too long for type character varying(300)")

    monkeypatch.setattr("scenarios.verification.sync.record", refuse)
    err = io.StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("verify", "--format", "core", stdout=io.StringIO(), stderr=err)
    assert exit_.value.code == 3
    assert "the database refused them" in err.getvalue()
    assert "not migrated" not in err.getvalue()
