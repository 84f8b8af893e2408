"""Previewing an article edit: the rendered draft, its problems, and what it does to the
scenarios, with nothing saved. The editor's form and the preview API share it.

The knowledge base renders and checks the draft; what it does to the scenarios comes from the
app that replays them, through `registries.draft_impact` (rulings/knowledge/registries.py)."""
from dataclasses import dataclass

from .publishing import SiteState, check
from .registries import draft_impact
from .rendering import anchors
from .rendering import render as render_markdown
from .validation import anchor_labels


@dataclass
class Preview:
    html: str
    errors: list
    warnings: list
    impact: object  # Impact, or None when the draft has errors

    def as_dict(self):
        def problems(found):
            return [{"field": p.field, "line": p.line, "message": p.message} for p in found]

        return {"html": self.html, "errors": problems(self.errors),
                "warnings": problems(self.warnings),
                "impact": self.impact.as_dict() if self.impact else None}


def preview(article, source, problems=None):
    """Render `source` as `article` would show it and replay the scenarios depending on it.

    `problems`: the draft's problems when the caller has already checked it."""
    state = SiteState.load()
    if problems is None:
        problems = check(article.format, article.slug, source, state)
    errors = [p for p in problems if p.is_error]
    warnings = [p for p in problems if not p.is_error]
    if errors:
        return Preview("", errors, warnings, None)
    context = state.render_context(article)
    context.parameters = {**context.parameters, **source.parameters}
    html = render_markdown(source.body, context).html
    found, _ = anchors.scan(source.body)
    impact = draft_impact(article, source, set(anchor_labels(found))) \
        if article.pk is not None else None
    return Preview(html, errors, warnings, impact)
