"""Problems found in rule content, each naming where it was found."""
from dataclasses import dataclass

ERROR = "error"
WARNING = "warning"


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a piece of content: where (file, line, field) and what."""

    message: str
    field: str = ""
    line: int | None = None
    path: str = ""
    severity: str = ERROR

    @property
    def is_error(self):
        return self.severity == ERROR

    def located(self, path, line_offset=0):
        """The same problem placed in a file, its line shifted by where the part starts."""
        line = None if self.line is None else self.line + line_offset
        return Problem(self.message, self.field, line, path, self.severity)

    def __str__(self):
        where = ":".join(str(p) for p in (self.path, self.line) if p not in ("", None))
        parts = [p for p in (where, self.field) if p]
        prefix = ": ".join(parts)
        label = "" if self.is_error else "warning: "
        return f"{prefix}: {label}{self.message}" if prefix else f"{label}{self.message}"


class ContentError(Exception):
    """Raised when content cannot be accepted; carries every problem found."""

    def __init__(self, problems):
        self.problems = list(problems)
        super().__init__("; ".join(str(p) for p in self.problems))
