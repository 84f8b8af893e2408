"""Pages that need an account tell an anonymous visitor so, with links to log in and sign up,
rather than sending them to the login form without a word."""
from functools import wraps
from urllib.parse import quote

from django.shortcuts import render


def account_needed(heading, what):
    """Decorate a view only account holders use: `heading` names the need ("Review needs an
    account"), `what` says in sentences what the page keeps for its owner."""
    def decorate(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if request.user.is_authenticated:
                return view(request, *args, **kwargs)
            return render(request, "quiz/account_needed.html", {
                "heading": heading, "what": what, "next": quote(request.get_full_path())}, status=403)
        return wrapped
    return decorate
