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
