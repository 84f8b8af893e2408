"""Kingdom Duels Extra Deck monsters, equips and dual-type cards: bad data fails with its place."""
import pytest

from scenarios.engine import ScenarioError, parse_scenario, replay, ruleset_for
from scenarios.engine.cards import Catalog, default_catalog
from scenarios.engine.primitives import check_card_spec

from .conftest import ROOT, parameters

EQUIPS = ROOT / "scenarios" / "data" / "kingdom-duels" / "alter-monster-takes-over-valid-equips.yaml"


def run(text):
    scenario = parse_scenario(text, "kd.yaml", formats={"kingdom-duels"})
    return replay(scenario, ruleset_for("kingdom-duels"), default_catalog(),
                  params=parameters("kingdom-duels"))


def error_of(text):
    with pytest.raises(ScenarioError) as raised:
        run(text)
    return raised.value


def catalog_error(tmp_path, text):
    (tmp_path / "bad.yaml").write_text(text)
    with pytest.raises(ScenarioError) as raised:
        Catalog.load(tmp_path, vocabulary=check_card_spec)
    return raised.value


@pytest.mark.parametrize("card, message", [
    ("kind: monster\n  subtype: normal\n  summon_with: {material: X}", "only Ritual, Alter"),
    ("kind: monster\n  subtype: alter\n  summon_with: {alter_type: Toon}", "needs material"),
    ("kind: monster\n  subtype: alter\n  summon_with: {alter_type: Toon, material: X, tokens: 1}",
     "unknown summon_with key(s) tokens"),
    ("kind: spell\n  subtype: ritual\n  summon_with: {material_levels: -2}", "material_levels"),
    ("kind: monster\n  subtype: normal\n  also: [rule]", "not another kind"),
    ("kind: monster\n  subtype: normal\n  also: ['trap:quick']", "a trap's subtype"),
])
def test_catalog_rejects_unusable_summon_with_and_also(tmp_path, card, message):
    error = catalog_error(tmp_path, f"- name: Odd Card\n  {card}\n")
    assert error.file == "bad.yaml" and error.line == 4 and message in error.message
    assert error.field in ("summon_with", "also")


def test_an_equip_on_a_missing_monster_is_an_impossible_setup():
    error = error_of(EQUIPS.read_text().replace("equipped_to: soldier}\n        - {id: charm",
                                                "equipped_to: nobody}\n        - {id: charm"))
    assert "blade is equipped to nobody" in error.message and error.field == "setup.players.A"


def test_an_attached_card_names_its_host():
    error = error_of(EQUIPS.read_text().replace(
        "spell_trap:\n", "attached: [{id: stray, card: Kingdom Wolf}]\n      spell_trap:\n"))
    assert error.field == "setup.players.A.attached[0]" and "attached_to" in error.message


def test_an_alter_summon_scripts_its_alter_monster_and_material():
    error = error_of(EQUIPS.read_text().replace("select: {alter: toon}, ", ""))
    assert error.field == "steps[0].select" and error.line is not None
    error = error_of(EQUIPS.read_text().replace("materials: [soldier]", "materials: []"))
    assert error.field == "steps[0].materials"


def test_equips_and_attachments_are_written_back_as_setup():
    duel = run(EQUIPS.read_text()).duel
    setup = duel.to_setup()["players"]["A"]
    assert {"id": "soldier", "card": "Kingdom Soldier", "attached_to": "toon"} in setup["attached"]
    assert {"id": "blade", "card": "Kingdom Blade", "equipped_to": "toon"} in setup["spell_trap"]
