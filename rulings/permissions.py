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
