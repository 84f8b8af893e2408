"""Who may change the rules: members of the editors group (and superusers)."""
from django.conf import settings


def is_editor(user):
    if not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    cached = getattr(user, "_is_rules_editor", None)
    if cached is None:
        cached = user.groups.filter(name=settings.EDITORS_GROUP).exists()
        user._is_rules_editor = cached
    return cached


def editor_gate(request, refusal):
    """None when the user may edit; else a redirect to log in (anonymous) or PermissionDenied."""
    from django.core.exceptions import PermissionDenied
    from django.shortcuts import redirect

    if is_editor(request.user):
        return None
    if not request.user.is_authenticated:
        return redirect(f"/accounts/login/?next={request.path}")
    raise PermissionDenied(refusal)
