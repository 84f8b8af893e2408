"""The engine's two kinds of failure: a move the rules forbid, and a scenario that is wrong."""


class IllegalAction(Exception):
    """The rules forbid this action now. `reason` is a stable code scenarios can expect."""

    def __init__(self, reason, message=""):
        self.reason = reason
        self.message = message or reason.replace("_", " ")
        super().__init__(f"{reason}: {self.message}")


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
