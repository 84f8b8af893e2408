"""A scenario's catalogued cards are stored with its verdict and follow its text: written,
edited and pruned along with it; its own cards and filler deck cards are never stored."""
from pathlib import Path

from django.conf import settings

from scenarios.engine.card_uses import catalog_cards_used
from scenarios.engine.cards import default_catalog
from scenarios.engine.scenario import parse_scenario
from scenarios.verification import editing
from scenarios.verification.models import ScenarioCard

SOURCE = (Path(settings.BASE_DIR) / "scenarios/data/core/poison-vs-ceasefire.yaml").read_text()


def test_the_engine_reads_the_catalogued_names_a_scenario_writes():
    scenario = parse_scenario(SOURCE)
    assert catalog_cards_used(scenario, default_catalog()) == (
        "Poison of the Old Man", "Sangan", "Ceasefire", "Wall of Illusion")  # no filler deck


def test_a_scenarios_own_card_is_never_a_catalog_use():
    source = (Path(settings.BASE_DIR) /
              "scenarios/data/kingdom-duels/negated-summon-spares-the-idle-warning.yaml").read_text()
    names = catalog_cards_used(parse_scenario(source), default_catalog())
    assert "Kingdom Denial" not in names and names


def stored(slug):
    return set(ScenarioCard.objects.filter(scenario__slug=slug).values_list("name", flat=True))


def test_saving_a_scenario_on_the_site_stores_its_cards_and_an_edit_replaces_them(
        bundled_rules, editor):
    text = SOURCE.replace("slug: poison-vs-ceasefire", "slug: poison-copy")
    row, _ = editing.save(text, editor)
    assert stored("poison-copy") == {"Poison of the Old Man", "Sangan", "Ceasefire",
                                     "Wall of Illusion"}
    edited = text.replace("card: Sangan", "card: Venom Snake")
    editing.save(edited, editor, row, row.revisions.first().number)
    assert stored("poison-copy") == {"Poison of the Old Man", "Venom Snake", "Ceasefire",
                                     "Wall of Illusion"}
    row.delete()
    assert not stored("poison-copy")
