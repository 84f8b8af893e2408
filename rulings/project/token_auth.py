"""How API clients prove who they are: the browser's session (with its CSRF token), or a
token for a script (`manage.py drf_create_token <username>`). No password is ever sent to
the API, so the only password checks are the login pages' (rulings/project/login.py).

A wrong token counts as a failed login for the client's address, and a paused address is
refused (429) before its token is even looked at: tokens are as throttled as passwords.
"""
from django.conf import settings
from rest_framework.authentication import TokenAuthentication, get_authorization_header
from rest_framework.exceptions import AuthenticationFailed, Throttled

from . import login


class ThrottledTokenAuthentication(TokenAuthentication):
    def authenticate(self, request):
        parts = get_authorization_header(request).split()
        if not parts or parts[0].lower() != self.keyword.lower().encode():
            return None
        if login.address_paused(request):
            raise Throttled(wait=settings.LOGIN_LOCKOUT_SECONDS,
                            detail="Too many failed logins from this address.")
        try:
            return super().authenticate(request)
        except AuthenticationFailed:
            login.count_address_failure(request)
            raise
