"""The reference's table of overlapping reason codes (scenarios/engine/vocabulary/overlaps.py)
names codes that really meet: each group's codes can refuse its steps, in the order the engine
checks them, in one same format."""
from scenarios.engine.reference import reference
from scenarios.engine.rulesets import RULESETS
from scenarios.engine.step_fields import refusal_order
from scenarios.engine.vocabulary.overlaps import OVERLAPS


def refusing(verb):
    """{code: formats} of the codes that can refuse a step, over every format."""
    found = {}
    for slug, ruleset in RULESETS.items():
        if verb in ruleset.STEP_VERBS:
            for code in refusal_order(ruleset, verb):
                found.setdefault(code, set()).add(slug)
    return found


def test_every_code_of_a_group_can_refuse_one_of_its_steps():
    for overlap in OVERLAPS:
        codes = set().union(*(refusing(verb) for verb in overlap.steps))
        missing = [code.value for code, _ in overlap.when if code.value not in codes]
        assert not missing, (overlap.title, missing)


def test_each_group_s_codes_all_refuse_its_steps_in_one_same_format():
    """The codes a judge may take for one another meet in one format's steps."""
    for overlap in OVERLAPS:
        named = {code.value for code, _ in overlap.when}
        assert any(named <= {c for verb in overlap.steps
                             for c, formats in refusing(verb).items() if slug in formats}
                   for slug in RULESETS), overlap.title


def test_the_reference_says_when_each_overlapping_code_applies():
    groups = reference()["overlapping_codes"]
    assert [g["title"] for g in groups] == [o.title for o in OVERLAPS]
    tributes = {c["code"]: c for c in groups[0]["codes"]}
    assert {"deck_master_tribute", "opponents_deck_master", "wrong_tributes",
            "cannot_pay_cost"} <= set(tributes)
    for entry in tributes.values():
        assert entry["meaning"] and entry["when"].endswith(".")
