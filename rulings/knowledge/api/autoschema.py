"""The project's OpenAPI schema class: drf-spectacular's, plus two facts every operation shares.

- Who may call it: reads are open to anyone (the operation lists `{}`, no credentials,
  among its security requirements), writes need an editor.
- Credentials that do not check out are refused on every operation that reads
  credentials: a wrong token with a 401, a session without its CSRF token with a 403.
- Every operation is throttled (rulings/knowledge/throttles.py), so each documents a 429.
- Every operation that takes a body refuses one over the size limit with a 413.
"""
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiResponse
from rest_framework.permissions import SAFE_METHODS, AllowAny


class RulingsAutoSchema(AutoSchema):
    def _anonymous_allowed(self):
        from .permissions import EditorsWriteOthersRead

        for permission in self.view.get_permissions():
            if isinstance(permission, AllowAny):
                continue
            if isinstance(permission, EditorsWriteOthersRead) and self.method in SAFE_METHODS:
                continue
            return False
        return True

    def get_auth(self):
        auth = super().get_auth()
        if auth and {} not in auth and self._anonymous_allowed():
            auth.append({})
        return auth

    def _get_response_bodies(self, direction="response"):
        from .openapi import ErrorSerializer

        responses = super()._get_response_bodies(direction)
        refusals = []
        if self.view.get_authenticators():
            refusals += [("401", "The token sent does not check out."),
                         ("403", "The credentials sent do not check out.")]
        if self.view.get_throttles():
            refusals.append(("429", "Too many requests from this client: wait the seconds "
                                    "the Retry-After header gives."))
        if self.method in ("POST", "PUT", "PATCH"):
            refusals.append(("413", "The request body is larger than the site accepts."))
        for code, description in refusals:
            if code not in responses:
                responses[code] = self._get_response_for_code(OpenApiResponse(
                    ErrorSerializer, description=description), code, direction=direction)
        return responses
