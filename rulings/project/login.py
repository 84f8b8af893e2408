"""Logging in, throttled so that passwords cannot be guessed and nobody can lock out another.

Every password check on the site (the login page, the admin's, anything that calls
`authenticate`) goes through `ThrottledModelBackend`, and every failure is counted twice,
in the shared counts of rulings/knowledge/throttles.py:

- per client address (`LOGIN_ADDRESS_ATTEMPTS`): one client cannot try many passwords,
  whichever accounts it tries them on;
- per account (`LOGIN_ATTEMPTS`): many clients together cannot try many passwords on one
  account. A browser that has logged into that account before carries a signed cookie
  that lets it past this count, so a stranger's failures never lock the owner out.

Both counts last `LOGIN_LOCKOUT_SECONDS` from the first failure. A good login clears its
account's count (not the address's: logging into one's own account between guesses must
not buy more guesses). API tokens are counted per address the same way (rulings/project/token_auth.py).
"""
import hashlib

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.core import signing
from django.core.exceptions import PermissionDenied
from django.dispatch import receiver
from django.shortcuts import render

from rulings.knowledge import throttles
from rulings.knowledge.clients import client_address

KNOWN_COOKIE = "known_logins"
KNOWN_SALT = "rulings.login.known-browser"
KNOWN_DAYS = 180
KNOWN_MAX_ACCOUNTS = 5


def _account(username):
    name = str(username or "").strip().lower()[:150]
    return hashlib.sha256(name.encode()).hexdigest()[:32]


def address_key(request):
    return f"login-address:{client_address(request)}"


def account_key(username):
    return f"login-account:{_account(username)}"


def known_accounts(request):
    """The accounts this browser has logged into before (from its signed cookie)."""
    value = request.COOKIES.get(KNOWN_COOKIE)
    if not value:
        return []
    try:
        accounts = signing.loads(value, salt=KNOWN_SALT, max_age=KNOWN_DAYS * 86400)
    except signing.BadSignature:
        return []
    return [a for a in accounts if isinstance(a, str)] if isinstance(accounts, list) else []


def address_paused(request):
    return throttles.peek(address_key(request)) >= settings.LOGIN_ADDRESS_ATTEMPTS


def paused(request, username):
    """Is logging in as `username` from this request's client paused for now?"""
    if address_paused(request):
        return True
    if _account(username) in known_accounts(request):
        return False
    return throttles.peek(account_key(username)) >= settings.LOGIN_ATTEMPTS


def count_address_failure(request):
    throttles.hit(address_key(request), settings.LOGIN_LOCKOUT_SECONDS)


class ThrottledModelBackend(ModelBackend):
    """Django's password check, refused outright while the login is paused."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is not None and paused(request, username or kwargs.get("email")):
            raise PermissionDenied("too many failed logins")
        return super().authenticate(request, username=username, password=password, **kwargs)


@receiver(user_login_failed)
def count_failure(sender, credentials, request=None, **kwargs):
    if request is None:
        return
    count_address_failure(request)
    throttles.hit(account_key(credentials.get("username")), settings.LOGIN_LOCKOUT_SECONDS)


@receiver(user_logged_in)
def clear_account_count(sender, request, user, **kwargs):
    throttles.clear(account_key(user.get_username()))


def lockout_page(request):
    minutes = max(1, settings.LOGIN_LOCKOUT_SECONDS // 60)
    response = render(request, "throttled.html", {"minutes": minutes, "scope": "login"},
                      status=429)
    response["Retry-After"] = str(settings.LOGIN_LOCKOUT_SECONDS)
    return response


class ThrottledLoginView(auth_views.LoginView):
    """The login page (also the admin's): a paused login is a 429 page, not a form error."""

    def post(self, request, *args, **kwargs):
        if paused(request, request.POST.get("username", "")):
            return lockout_page(request)
        return super().post(request, *args, **kwargs)

    def form_valid(self, form):
        response = super().form_valid(form)
        remember_browser(self.request, response, form.get_user())
        return response


def remember_browser(request, response, user):
    """Mark this browser as one that has logged into `user`'s account."""
    accounts = [a for a in known_accounts(request) if a != _account(user.get_username())]
    accounts = [_account(user.get_username()), *accounts][:KNOWN_MAX_ACCOUNTS]
    response.set_cookie(KNOWN_COOKIE, signing.dumps(accounts, salt=KNOWN_SALT),
                        max_age=KNOWN_DAYS * 86400, httponly=True, samesite="Lax",
                        secure=settings.SESSION_COOKIE_SECURE)
