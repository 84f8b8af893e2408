"""Keeping each scenario's catalogued cards (ScenarioCard rows) in step with its source.

`sync.record` calls `store` for the scenarios whose text it writes, so a card page reads its
scenarios in one query. The names come from the engine (engine/card_uses.py); a source that
no longer parses keeps no names rather than stopping the load.
"""
from scenarios.engine.card_uses import catalog_cards_used
from scenarios.engine.cards import default_catalog
from scenarios.engine.errors import ScenarioError
from scenarios.engine.scenario import parse_scenario


def names_in_source(source):
    """The catalog card names a scenario's text writes, or () when it does not parse."""
    try:
        return catalog_cards_used(parse_scenario(source), default_catalog())
    except (ScenarioError, ValueError, TypeError, RecursionError):
        return ()


def names_of(scenario):
    """The catalog card names of a parsed engine Scenario."""
    return catalog_cards_used(scenario, default_catalog())


def store(named_rows, model):
    """Replace the card rows of each (scenario row, names) pair: two queries for any number."""
    rows = [(row, names) for row, names in named_rows if row.pk is not None]
    if not rows:
        return
    model.objects.filter(scenario_id__in=[row.pk for row, _ in rows]).delete()
    model.objects.bulk_create(model(scenario_id=row.pk, name=name)
                              for row, names in rows for name in names)
