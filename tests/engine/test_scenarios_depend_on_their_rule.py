"""A scenario that illustrates a rule depends on it: a wrong reading of that rule changes its
outcome.

It concerns every scenario that names a rule with wrong readings (`rule:`, a hook of its
format's ruleset) or encodes an example block. A scenario may pass under every wrong reading of
its own rule only when it is listed below with the reason; a new one that does fails this test,
and so does a listed one that no longer needs its place.
"""
from functools import lru_cache

from scenarios.engine.rulesets import RULESETS

from .conftest import SCENARIO_FILES, run, scenario_at

# slug: why no wrong reading of its own rule changes it (and where that rule is decided).
EXCEPTIONS = {
    "field-spell-opponent-replaced-on-resolution":
        "the resolving half of a pair: whether the opponent's Field Spell leaves at activation "
        "(the wrong reading) or at resolution, it is gone once the new one has resolved; "
        "field-spell-opponent-kept-if-new-destroyed, where the new one never resolves, is the "
        "half the wrong reading changes",
    "paracide-negated-dna-surgery-applies":
        "the negated half of the Paracide example: with the Ability negated there is nothing to "
        "override, so no reading of the overriding rule changes it; "
        "paracide-overrides-dna-surgery is the half those readings change",
    "coin-called-right":
        "the right-call half of a pair: the wrong reading (the caller's effect applies whatever "
        "the coin shows) agrees with a right call; coin-called-wrong is the half it changes",
}


def own_readings(scenario):
    """The wrong readings ("rule:reading") of the rule the scenario names, in its format."""
    book = RULESETS[scenario.format].RULES
    return [f"{name}:{reading}" for name, rule in book.items() if rule.anchor == scenario.rule
            for reading in rule.mutations]


@lru_cache(maxsize=None)
def passes_under_every_own_reading(path):
    """True when the scenario illustrates a rule (a hooked `rule:` or an example block) and no
    wrong reading of that rule changes its outcome. Only the readings its replay asked about
    can change it, so only those are replayed."""
    scenario = scenario_at(path)
    readings = own_readings(scenario)
    if scenario.xfail or not (readings or scenario.example):
        return False
    asked = set(run(scenario, record_states=False).readings_asked)
    return not any(run(scenario, mutation=reading, record_states=False).differences
                   for reading in readings if reading in asked)


def test_every_scenario_depends_on_its_own_rule_or_is_listed_with_a_reason():
    found = {scenario_at(path).slug for path in SCENARIO_FILES
             if passes_under_every_own_reading(path)}
    unlisted = sorted(found - set(EXCEPTIONS))
    assert not unlisted, ("these scenarios pass under every wrong reading of the rule they name: "
                          "sharpen them, cite the rule that decides them, or list them here "
                          "with why: " + ", ".join(unlisted))


def test_every_listed_exception_still_needs_its_place():
    slugs = {scenario_at(path).slug: path for path in SCENARIO_FILES}
    stale = sorted(slug for slug in EXCEPTIONS
                   if slug not in slugs or not passes_under_every_own_reading(slugs[slug]))
    assert not stale, "no longer exceptions (remove them from EXCEPTIONS): " + ", ".join(stale)


def test_the_exceptions_give_their_reasons_in_sentences():
    for slug, reason in EXCEPTIONS.items():
        assert len(reason.split()) >= 8, slug
