"""Each example block of an article shows its scenario's verdict, read at page time.

The article's HTML is rendered once per revision and stored; verdicts change
without a new revision, so the badges are placed into that HTML when the page
is served: a constant number of queries whatever the article holds.
"""
import re

from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from scenarios.verification.fingerprints import StaleCheck
from scenarios.verification.jobs.pending import Pending
from scenarios.verification.models import Scenario
from .outcome_words import describe, difference_sentence

BADGE_FIELDS = ("id", "slug", "title", "example", "status", "message", "source", "fingerprint",
                "params_read", "format_slug", "expected", "outcome", "differences")


def badge_for(anchor, rows, pending=None):
    """What the page says of one example block: its scenarios and their verdicts, or none;
    `pending` (jobs.pending.Pending): which verdicts are being brought up to date."""
    if not rows:
        return {"anchor": anchor, "state": "not-encoded", "scenarios": []}
    entries = []
    for row in rows:
        outcome = row.outcome or {}
        state = "stale" if row.is_stale else (
            "verified" if row.status in ("passed", "xfail") else row.status)
        first = (row.differences or [None])[0]
        entries.append({"row": row, "state": state,
                        "first_difference": difference_sentence(
                            first, outcome.get("cards"), "the engine computes")
                        if isinstance(first, dict) and "key" in first else None,
                        "computed": describe(row.expected or {}, outcome),
                        "updating": pending is not None and pending.covers(row.slug)})
    worst = next((e["state"] for e in entries if e["state"] != "verified"), "verified")
    return {"anchor": anchor, "state": worst, "scenarios": entries}


def with_example_badges(article, revision):
    """The revision's HTML with a verdict badge after each example block's title."""
    prefix = f"{article.format.slug}/{article.slug}#"
    rows = StaleCheck().mark(Scenario.objects.filter(
        format_slug=article.format.slug, example__startswith=prefix).only(*BADGE_FIELDS))
    pending = Pending()
    by_anchor = {}
    for row in rows:
        by_anchor.setdefault(row.example[len(prefix):], []).append(row)
    html = revision.html
    for anchor in revision.anchors:
        if not anchor.startswith("example-"):
            continue
        badge = render_to_string("scenarios/_example_badge.html",
                                 badge_for(anchor, by_anchor.get(anchor, []), pending))
        pattern = re.compile(r'(<aside class="example"[^>]*\bid="' + re.escape(anchor)
                             + r'"[^>]*>\s*<p class="example-title">.*?</p>)', re.S)
        html = pattern.sub(lambda m: m.group(1) + badge, html, count=1)
    return mark_safe(html)
