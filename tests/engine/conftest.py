"""Engine tests: pure Python, no database."""
from functools import lru_cache
from pathlib import Path

import pytest

from rulings.articlefile import parse_article
from scenarios.engine import load_scenario, replay, ruleset_for
from scenarios.engine.cards import default_catalog

ROOT = Path(__file__).resolve().parent.parent.parent
SCENARIO_FILES = sorted((ROOT / "scenarios" / "data").rglob("*.yaml"))


@lru_cache(maxsize=None)
def parameters(format_slug):
    """A format's rule parameters, read from its bundled article files."""
    merged = {}
    for path in sorted((ROOT / "rulings" / "content" / format_slug).glob("*.md")):
        source, _ = parse_article(path.read_text(encoding="utf-8"))
        if source:
            merged.update(source.parameters)
    return merged


@lru_cache(maxsize=None)
def scenario_at(path):
    return load_scenario(path)


def run(scenario, mutation=None):
    return replay(scenario, ruleset_for(scenario.format), default_catalog(),
                  params=parameters(scenario.format), mutation=mutation)


@pytest.fixture
def catalog():
    return default_catalog()
