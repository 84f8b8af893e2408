"""Background jobs in words, for the templates (scenarios/verification/jobs/words.py)."""
from django import template

from scenarios.verification.jobs.words import job_state as state_words

register = template.Library()


@register.filter
def job_state(job):
    return state_words(job)
