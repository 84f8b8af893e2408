import json
from xml.etree import ElementTree as ET

import pytest
from django.core.management import call_command

from scenarios.verification.models import Scenario


def verify(*args):
    with pytest.raises(SystemExit) as exit_:
        call_command("verify", *args)
    return exit_.value.code


def test_all_bundled_scenarios_pass_and_exit_zero(db, capsys):
    assert verify() == 0
    out = capsys.readouterr().out
    assert "poison-vs-ceasefire" in out and "0 failed, 0 invalid" in out


def test_json_report_has_the_documented_shape(db, capsys):
    assert verify("--json", "--format", "core") == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"total", "passed", "failed", "invalid", "formats", "scenarios"}
    assert data["formats"]["core"]["total"] == data["total"] == data["passed"] >= 25
    assert set(data["scenarios"][0]) == {"slug", "format", "status", "ms", "message",
                                         "differences"}


def test_a_failing_scenario_exits_one_with_its_first_difference(db, scenario_dir, capsys):
    path = scenario_dir / "core" / "poison-vs-ceasefire.yaml"
    path.write_text(path.read_text().replace("lp: {A: 0, B: 8000}", "lp: {A: 0, B: 7999}"))
    assert verify(str(path)) == 1
    assert "lp.B: expected 7999, got 8000" in capsys.readouterr().out


def test_an_invalid_file_exits_two_and_the_others_still_verify(db, scenario_dir, capsys):
    (scenario_dir / "core" / "broken.yaml").write_text("slug: broken\nformat: core\nsetup: [\n")
    assert verify(str(scenario_dir), "--json") == 2
    data = json.loads(capsys.readouterr().out)
    assert data["invalid"] == 1 and data["passed"] == data["total"] - 1
    broken = next(s for s in data["scenarios"] if s["status"] == "invalid")
    assert "broken.yaml:" in broken["message"] and "invalid YAML" in broken["message"]


def test_duplicate_slug_is_invalid(db, scenario_dir, capsys):
    source = scenario_dir / "core" / "poison-vs-ceasefire.yaml"
    (scenario_dir / "core" / "copy.yaml").write_text(source.read_text())
    assert verify(str(scenario_dir), "--json") == 2
    assert "already used" in capsys.readouterr().out


def test_junit_report(db, tmp_path):
    target = tmp_path / "report.xml"
    assert verify("--junit", str(target)) == 0
    suite = ET.parse(target).getroot()
    assert suite.tag == "testsuite" and int(suite.get("tests")) >= 25
    assert suite.get("failures") == "0" and suite.find("testcase").get("classname") == "scenarios.core"


def test_verify_records_verdicts_linked_to_articles_and_examples(loaded):
    scenario = Scenario.objects.get(slug="poison-vs-ceasefire")
    assert scenario.status == "passed" and scenario.ms is not None
    assert (scenario.article.format.slug, scenario.article.slug) == ("core", "ending-the-game")
    assert scenario.example_block.anchor == "example-poison-vs-ceasefire"


def test_engine_parameters_come_from_the_articles(loaded):
    from rulings.knowledge.models import Article
    from scenarios.verification.article_parameters import parameters_for

    article = Article.objects.get(format__slug="tag-team-phalanx", slug="teams-and-turns")
    assert parameters_for("tag-team-phalanx")["team_life_points"] == \
        article.current_revision.parameters["team_life_points"]
