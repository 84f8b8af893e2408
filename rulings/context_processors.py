from .permissions import is_editor


def site(request):
    """Values every page's layout uses."""
    user = getattr(request, "user", None)
    return {"can_edit": bool(user and is_editor(user))}
