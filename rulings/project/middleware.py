"""Response headers every page carries: a Content-Security-Policy that lets scripts come
only from the site itself (no inline script, no other origin)."""
from django.conf import settings


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response
        self.policy = "; ".join(f"{name} {value}" for name, value in
                                settings.CONTENT_SECURITY_POLICY.items())

    def __call__(self, request):
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", self.policy)
        return response


class StripNulCharactersMiddleware:
    """Query parameters lose their NUL characters before any view reads them.

    No slug, format or search word holds one, and PostgreSQL refuses one in any text it
    is sent (SQLite only fails to match), so `?format=%00` would be a 500 there. Form and
    JSON fields already refuse them (Django's and DRF's CharField validators)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if "%00" in request.META.get("QUERY_STRING", ""):  # how a NUL arrives in a URL
            cleaned = request.GET.copy()
            for key, values in list(cleaned.lists()):
                del cleaned[key]
                cleaned.setlist(key.replace("\x00", ""), [v.replace("\x00", "") for v in values])
            cleaned._mutable = False
            request.GET = cleaned
        return self.get_response(request)
