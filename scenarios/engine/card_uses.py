"""Which catalogued cards a scenario names, read from its file without replaying it.

A card page lists every scenario that uses its card, so the site stores these names when it
records a verdict (scenarios/verification/sync.py) instead of replaying scenarios per request.
A name counts when it is written as a value anywhere in the setup or the steps and the catalog
has a card of exactly that name: the cards set up in zones, a Deck Master, a card a step names
by name. Filler deck cards (`deck: 5`) are not written, so they do not count, and a scenario's
own cards (`cards:`) can never take a catalog name, so they never count either.
"""
from collections.abc import Container, Iterator

from .scenario import Scenario
from .yamltypes import YamlValue

# How deep the walk goes into a setup or a step: far deeper than any scenario nests.
MAX_DEPTH = 32


def catalog_cards_used(scenario: Scenario, catalog: Container[str]) -> tuple[str, ...]:
    """The catalog card names the scenario writes, in first-written order, once each."""
    found: dict[str, None] = {}
    values = [scenario.setup, *(step.raw for step in scenario.steps)]
    for value in values:
        for text in _strings(value, 0):
            if text in catalog:
                found.setdefault(text, None)
    return tuple(found)


def _strings(value: YamlValue, depth: int) -> Iterator[str]:
    """Every string value (not key) inside `value`."""
    if depth > MAX_DEPTH:
        return
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item, depth + 1)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item, depth + 1)
