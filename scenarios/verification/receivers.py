"""Re-verifying scenarios when the rules they replay change (see rulings/knowledge/signals.py).

An article edit starts a background job (scenarios/verification/jobs), so the save answers without
replaying; loading rules (a command) re-verifies in the caller. The engine is imported only
when a change happens, so commands that never change the rules (`check`, `migrate`) do not
pay for loading it.
"""


def reverify_after_edit(sender, article, before, after, user=None, **kwargs):
    from .jobs.edits import reverify_later

    reverify_later(article, before, after, user)


def reverify_after_load(sender, formats, user=None, **kwargs):
    from .impact import reverify_formats
    from .models import VerificationRun

    if formats:
        reverify_formats(formats, VerificationRun.LOAD, user)
