"""Line diffs between two versions of an article's file text."""
import difflib
from dataclasses import dataclass

from .articlefile import dump_article
from .publishing import source_of


@dataclass(frozen=True)
class DiffLine:
    kind: str  # "same", "added", "removed" or "gap"
    old_number: int | None
    new_number: int | None
    text: str


def diff_texts(old, new, context=3):
    """Changed lines with `context` unchanged lines around them; "gap" rows mark skipped runs."""
    old_lines, new_lines = old.split("\n"), new.split("\n")
    rows = []
    matcher = difflib.SequenceMatcher(a=old_lines, b=new_lines, autojunk=False)
    for group in matcher.get_grouped_opcodes(context):
        if rows:
            rows.append(DiffLine("gap", None, None, "…"))
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                rows += [DiffLine("same", i + 1, j1 + (i - i1) + 1, old_lines[i]) for i in range(i1, i2)]
                continue
            rows += [DiffLine("removed", i + 1, None, old_lines[i]) for i in range(i1, i2)]
            rows += [DiffLine("added", None, j + 1, new_lines[j]) for j in range(j1, j2)]
    return rows


def revision_text(revision):
    return dump_article(source_of(revision))


def diff_revisions(old, new):
    return diff_texts(revision_text(old), revision_text(new))
