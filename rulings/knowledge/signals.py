"""Signals other apps listen to when the rules change (the scenarios re-verify on them).

Sent inside the saving transaction, so what listeners record lands with the
edit or not at all; they are sent robustly, so a listener's failure is logged
and never loses the edit. The listeners run in a savepoint: a database error
in one (which on PostgreSQL aborts the transaction) rolls back only what the
listeners wrote. Contention (a deadlock) is raised, so the whole save runs again.
"""
import logging

from django.db import DatabaseError, transaction
from django.dispatch import Signal

from .contention import is_retryable

logger = logging.getLogger(__name__)

# An article got a new revision: article, before (Revision or None), after (Revision), user.
article_published = Signal()
# `load_rules` saved revisions: formats (slugs whose articles changed), user (None).
rules_loaded = Signal()


class _ListenersFailed(Exception):
    def __init__(self, outcomes):
        self.outcomes = outcomes


def send_robustly(signal, **kwargs):
    try:
        with transaction.atomic():
            outcomes = signal.send_robust(sender=None, **kwargs)
            failed = [o for _, o in outcomes if isinstance(o, DatabaseError)]
            for error in failed:
                if is_retryable(error):
                    raise error
            if failed:
                raise _ListenersFailed(outcomes)
    except _ListenersFailed as failure:
        outcomes = failure.outcomes
    for receiver, outcome in outcomes:
        if isinstance(outcome, Exception):
            logger.error("%s failed after a rules change", receiver, exc_info=outcome)
