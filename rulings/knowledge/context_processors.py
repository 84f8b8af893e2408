from .permissions import is_editor


def site(request):
    """Values every page's layout uses."""
    from .models import Format

    user = getattr(request, "user", None)
    can_edit = bool(user and is_editor(user))
    # The editors' menu links each format's rule coverage; the query runs only if it renders.
    return {"can_edit": can_edit, "editor_formats": Format.objects.all() if can_edit else ()}
