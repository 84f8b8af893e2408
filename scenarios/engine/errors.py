"""The engine's kinds of failure: a move the rules forbid, a step whose script is incomplete,
and a scenario that is wrong.

They are separate trees on purpose: a handler for refused moves (`except IllegalAction`) must
never swallow a script error, which is the file's fault and must reach its author.
"""
from .vocabulary.reasons import Reason


class IllegalAction(Exception):
    """The rules forbid this action now. `reason` is a stable code scenarios can expect: a
    Reason (a code no Reason declares is an engine bug, refused here at once)."""

    def __init__(self, reason, message=""):
        self.reason = Reason(reason)
        self.message = message or reason.replace("_", " ")
        super().__init__(f"{reason}: {self.message}")


class ScriptError(Exception):
    """The script of a step is incomplete or says too much: a choice the rules need was
    not scripted, a scripted choice went unused, or a card id names nothing.

    It is no refusal (not an IllegalAction): a replay turns it into a ScenarioError at the
    step's line, because it is the file that must change, not the play.
    """

    def __init__(self, message, field=""):
        self.field = field
        self.message = message
        super().__init__(message)


class ScenarioError(Exception):
    """A scenario file (or the catalog) says something the engine cannot use.

    It names where: the file, the line and the field, so an author can fix it.
    """

    def __init__(self, message, file=None, line=None, field=None):
        self.message = message
        self.file = file
        self.line = line
        self.field = field
        super().__init__(str(self))

    def __str__(self):
        where = ":".join(str(p) for p in (self.file, self.line) if p is not None)
        parts = [p for p in (where, self.field) if p]
        return ": ".join(parts + [self.message])

    def at(self, file=None, line=None, field=None):
        """The same error with its location filled in where it was still unknown."""
        return ScenarioError(self.message, self.file or file, self.line or line,
                             self.field or field)
