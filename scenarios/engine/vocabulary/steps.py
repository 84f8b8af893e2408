"""What became of a scripted step in a replay: done, refused (as the file expected or not),
allowed though the file expected a refusal, or skipped.

Pages, quizzes and sentences ask `status.refused` (or `is_refused(status)` for a status read
back as a plain string) instead of testing how the status is spelled.
"""
from enum import StrEnum
from typing import Any


class StepStatus(StrEnum):
    DONE = "done"
    REFUSED_AS_EXPECTED = "illegal (expected)"
    REFUSED = "illegal"
    ALLOWED_UNEXPECTEDLY = "legal (expected illegal)"
    SKIPPED = "skipped"

    @property
    def refused(self) -> bool:
        """The rules refused the step (whether or not the file expected it): it changed
        nothing."""
        return self in REFUSED

    @property
    def unexpected(self) -> bool:
        """The step went otherwise than the file says: a verification stops here."""
        return self in (StepStatus.REFUSED, StepStatus.ALLOWED_UNEXPECTEDLY)


REFUSED = frozenset({StepStatus.REFUSED, StepStatus.REFUSED_AS_EXPECTED})


def is_refused(status: Any) -> bool:
    """Was a step with this status (a StepStatus, its string, or None) refused by the rules?"""
    return status in REFUSED
