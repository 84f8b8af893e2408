"""Previewing an article edit: the rendered draft, its problems, and what it does to the
scenarios, with nothing saved. The editor's form and the preview API share it.

The knowledge base renders and checks the draft; what it does to the scenarios comes from the
app that replays them, through `registries.draft_impact` (rulings/knowledge/registries.py).
The preview API has it replayed in the request (its caller asks for exactly that answer); the
editor's form asks for it in the background (`background=True`: a job of the verification
app), so neither its Preview nor its Save waits for replays."""
from dataclasses import dataclass

from .publishing import SiteState, check
from .registries import draft_impact, draft_impact_in_background
from .rendering import anchors
from .rendering import render as render_markdown
from .validation import anchor_labels


@dataclass
class Preview:
    html: str
    errors: list
    warnings: list
    impact: object  # Impact, or None when the draft has errors or its job is still working
    impact_job: object = None  # the job working the impact out, when there is one

    def as_dict(self):
        def problems(found):
            return [{"field": p.field, "line": p.line, "message": p.message} for p in found]

        return {"html": self.html, "errors": problems(self.errors),
                "warnings": problems(self.warnings),
                "impact": self.impact.as_dict() if self.impact else None}


def preview(article, source, problems=None, background=False, user=None, render=True):
    """Render `source` as `article` would show it and replay the scenarios depending on it.

    `problems`: the draft's problems when the caller has already checked it. `background`:
    the impact comes from a job (None in `impact` until it is done, see `impact_job`).
    `render=False`: the impact alone (a save that goes ahead shows no preview)."""
    state = SiteState.load() if render or problems is None else None
    if problems is None:
        problems = check(article.format, article.slug, source, state)
    errors = [p for p in problems if p.is_error]
    warnings = [p for p in problems if not p.is_error]
    if errors:
        return Preview("", errors, warnings, None)
    html = rendered(article, source, state) if render else ""
    if article.pk is None:
        return Preview(html, errors, warnings, None)
    found, _ = anchors.scan(source.body)
    labels = set(anchor_labels(found))
    if background:
        impact, job = draft_impact_in_background(article, source, labels, user)
        return Preview(html, errors, warnings, impact, job)
    return Preview(html, errors, warnings, draft_impact(article, source, labels))


def rendered(article, source, state=None):
    """The draft's HTML, as the article would show it."""
    state = state or SiteState.load()
    context = state.render_context(article)
    context.parameters = {**context.parameters, **source.parameters}
    return render_markdown(source.body, context).html
