"""Writing scenarios on the site: check and replay a draft, save it as a new revision.

A draft that cannot be parsed is refused with its line and field, and nothing is
saved; a draft that parses is replayed, and saving records its verdict (failing
ones too: the page then says what differs). An edit names the revision it was
based on; a stale one is refused with a diff, the typed text kept.
"""
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Max

from rulings.knowledge.contention import retrying
from rulings.knowledge.diffing import diff_texts

from scenarios.engine import ScenarioError
from .models import Scenario, ScenarioRevision, VerificationRun
from .sync import ScenarioExists, record
from .verifier import Report, Verifier

MAX_SOURCE = 100_000  # characters


class ScenarioConflict(Exception):
    """The draft was based on a revision that is no longer the current one."""

    def __init__(self, base_number, current):
        self.base_number, self.current = base_number, current
        super().__init__(f"revision {base_number} is no longer current: revision "
                         f"{current.number} was saved since")


class DraftError(Exception):
    """The draft cannot be saved: `message`, at `line` and `field` where known."""

    def __init__(self, message, line=None, field=None):
        super().__init__(message)
        self.message, self.line, self.field = message, line, field


@dataclass
class Checked:
    verdict: object  # verification.Verdict


def check(text, scenario=None):
    """Parse and replay a draft; raises DraftError when it cannot be replayed at all."""
    text = text.replace("\r\n", "\n")
    if not text.strip():
        raise DraftError("the scenario is empty", field="source")
    if len(text) > MAX_SOURCE:
        raise DraftError(f"the scenario is too long ({len(text)} characters; at most "
                         f"{MAX_SOURCE})", field="source")
    path = scenario.path if scenario else "new-scenario.yaml"
    verdict = Verifier().verify_source(text, path)
    if verdict.scenario is None:
        error = verdict.error or _parse_error(text, path)
        raise DraftError(error.message if error else verdict.message,
                         line=error.line if error else None,
                         field=error.field if error else None)
    if scenario is not None and verdict.scenario.slug != scenario.slug:
        raise DraftError(f"the slug is '{scenario.slug}' and cannot change; to make another "
                         "scenario, create a new one", line=verdict.scenario.line_of("slug"),
                         field="slug")
    if scenario is None and Scenario.objects.filter(slug=verdict.scenario.slug).exists():
        raise DraftError(f"a scenario '{verdict.scenario.slug}' already exists",
                         line=verdict.scenario.line_of("slug"), field="slug")
    return Checked(verdict)


def _parse_error(text, path):
    from scenarios.engine.rulesets import RULESETS
    from scenarios.engine.scenario import parse_scenario

    try:
        parse_scenario(text, path, RULESETS)
    except ScenarioError as error:
        return error
    return None


def current_number(scenario):
    return scenario.revisions.aggregate(n=Max("number"))["n"] or 0


@retrying
@transaction.atomic
def save(text, user, scenario=None, base_number=None, comment=""):
    """Save a draft as the scenario's next revision and record its verdict; returns the row."""
    text = text.replace("\r\n", "\n")
    if not text.endswith("\n"):
        text += "\n"
    if scenario is not None:
        scenario = Scenario.objects.select_for_update().get(pk=scenario.pk)
        current = scenario.revisions.first()
        if current is not None and base_number != current.number:
            raise ScenarioConflict(base_number, current)
        if scenario.source == text:
            return scenario, False
    checked = check(text, scenario)
    verdict = checked.verdict
    if scenario is None:
        verdict.path = f"scenarios/data/{verdict.scenario.format}/{verdict.scenario.slug}.yaml"
    else:
        verdict.path = scenario.path
    try:
        record(Report([verdict]), trigger=VerificationRun.EDIT, user=user,
               revisions=[f"scenario {verdict.slug}"], comment=comment or "Edited on the site",
               origin=ScenarioRevision.SITE, create=scenario is None)
    except ScenarioExists:
        raise DraftError(f"a scenario '{verdict.slug}' already exists",
                         line=verdict.scenario.line_of("slug"), field="slug") from None
    return Scenario.objects.get(slug=verdict.slug), True


def conflict_diff(conflict, text):
    base = ScenarioRevision.objects.filter(scenario=conflict.current.scenario,
                                           number=conflict.base_number).first()
    return {"their_changes": diff_texts(base.source, conflict.current.source) if base else [],
            "yours_against_current": diff_texts(conflict.current.source, text)}
