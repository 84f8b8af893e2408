"""Signals other apps listen to when the rules change (the scenarios re-verify on them).

Sent inside the saving transaction, so what listeners record lands with the
edit or not at all; they are sent robustly, so a listener's failure is logged
and never loses the edit.
"""
import logging

from django.dispatch import Signal

logger = logging.getLogger(__name__)

# An article got a new revision: article, before (Revision or None), after (Revision), user.
article_published = Signal()
# `load_rules` saved revisions: formats (slugs whose articles changed), user (None).
rules_loaded = Signal()


def send_robustly(signal, **kwargs):
    for receiver, outcome in signal.send_robust(sender=None, **kwargs):
        if isinstance(outcome, Exception):
            logger.error("%s failed after a rules change", receiver, exc_info=outcome)
