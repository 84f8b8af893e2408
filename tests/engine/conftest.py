"""Engine tests: pure Python, no database."""
from functools import lru_cache
from pathlib import Path

import pytest

from rulings.knowledge.articlefile import folder_parameters
from scenarios.engine import load_scenario, replay, ruleset_for
from scenarios.engine.cards import default_catalog

ROOT = Path(__file__).resolve().parent.parent.parent
SCENARIO_FILES = sorted((ROOT / "scenarios" / "data").rglob("*.yaml"))


@lru_cache(maxsize=None)
def parameters(format_slug):
    """A format's rule parameters, read from its bundled article files."""
    return folder_parameters(ROOT / "rulings" / "content" / format_slug)


@lru_cache(maxsize=None)
def scenario_at(path):
    return load_scenario(path)


def run(scenario, mutation=None):
    return replay(scenario, ruleset_for(scenario.format), default_catalog(),
                  params=parameters(scenario.format), mutation=mutation)


@pytest.fixture
def catalog():
    return default_catalog()
