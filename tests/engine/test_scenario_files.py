"""Every bundled scenario replays to the outcome it states."""
import pytest

from .conftest import SCENARIO_FILES, run, scenario_at


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_scenario_passes(path):
    result = run(scenario_at(path))
    assert result.status in ("passed", "xfail"), result.message


def test_scenario_slugs_are_unique_and_match_their_file_names():
    slugs = [scenario_at(p).slug for p in SCENARIO_FILES]
    assert len(slugs) == len(set(slugs))
    for path in SCENARIO_FILES:
        scenario = scenario_at(path)
        assert (scenario.slug, scenario.format) == (path.stem, path.parent.name)


def test_every_scenario_cites_an_anchor_that_exists_in_the_bundled_articles():
    from .conftest import ROOT
    for path in SCENARIO_FILES:
        scenario = scenario_at(path)
        for anchor in filter(None, (scenario.rule, scenario.example)):
            fmt, _, rest = anchor.partition("/")
            article, _, name = rest.partition("#")
            text = (ROOT / "rulings" / "content" / fmt / f"{article}.md").read_text()
            assert "{#" + name + "}" in text, f"{scenario.slug}: {anchor}"
