"""The project's OpenAPI schema class: drf-spectacular's, plus two facts every operation shares.

- Who may call it: reads are open to anyone (the operation lists `{}`, no credentials,
  among its security requirements), writes need an editor.
- Credentials that do not check out (a wrong password in HTTP Basic, say) are refused with
  a 403 `{"detail": ...}` on every operation that reads credentials, so each of them
  documents a 403.
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
        if self.view.get_authenticators() and "403" not in responses:
            responses["403"] = self._get_response_for_code(OpenApiResponse(
                ErrorSerializer, description="The credentials sent do not check out."),
                "403", direction=direction)
        return responses
