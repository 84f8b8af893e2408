"""`{% your_reports attempt number as reports %}`: the visitor's own reports on the question
asked as `number` of `attempt`, so the "Report a problem" include can say what became of them.

The reports of every question of the attempt are read once per page (two queries), then kept
on the attempt object for the other questions the page shows (a results page shows them all).
"""
from django import template

from ..curation import reports_of

register = template.Library()


@register.simple_tag(takes_context=True)
def your_reports(context, attempt, number):
    kept = getattr(attempt, "_your_reports", None)
    if kept is None:
        request = context.get("request")
        numbers = {}
        for question_id, n in attempt.entries.values_list("question_id", "number"):
            numbers.setdefault(question_id, []).append(n)
        kept = {}
        if request is not None:
            for report in reports_of(request.user, request.session.session_key or "", numbers):
                for n in numbers[report.question_id]:
                    kept.setdefault(n, []).append(report)
        attempt._your_reports = kept
    try:
        return kept.get(int(number), [])
    except (TypeError, ValueError):
        return []
