"""JSON in, with limits: every API endpoint answers a hostile body with a 4xx JSON error.

- a body over MAX_BODY_BYTES is a 413 (Django's own limit would answer with an HTML 400 page);
- JSON nested deeper than MAX_DEPTH is a 400 naming the depth (Python's decoder would raise
  RecursionError, a 500);
- NaN and Infinity are refused (they are not JSON);
- not UTF-8 is a 400.
"""
import json

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from rest_framework import status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.parsers import JSONParser

MAX_DEPTH = 32


def max_body_bytes():
    return getattr(settings, "API_MAX_BODY_BYTES", 1_000_000)


class PayloadTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = "The request body is too large."
    default_code = "payload_too_large"


def too_large():
    return PayloadTooLarge(f"The request body is larger than {max_body_bytes()} bytes.")


def check_depth(data, limit=MAX_DEPTH):
    """Raise ParseError when `data` nests lists and objects deeper than `limit`."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (dict, list)):
            if depth > limit:
                raise ParseError(f"JSON nested more than {limit} levels deep.")
            children = value.values() if isinstance(value, dict) else value
            stack.extend((child, depth + 1) for child in children)


def _no_constant(name):
    raise ParseError(f"{name} is not a JSON number.")


def _bounded_depth_text(text, limit=MAX_DEPTH):
    """A cheap pre-check so the decoder never recurses: count brackets outside strings."""
    depth, in_string, escaped = 0, False, False
    if text.count("[") + text.count("{") <= limit:
        return
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                raise ParseError(f"JSON nested more than {limit} levels deep.")
        elif char in "]}":
            depth -= 1


class SafeJSONParser(JSONParser):
    """DRF's JSON parser with a body size limit, a depth limit and strict numbers."""

    def parse(self, stream, media_type=None, parser_context=None):
        limit = max_body_bytes()
        request = (parser_context or {}).get("request")
        meta = getattr(request, "META", {}) if request is not None else {}
        try:
            declared = int(meta.get("CONTENT_LENGTH") or 0)
        except (TypeError, ValueError):
            declared = 0
        if declared > limit:
            raise too_large()
        try:
            raw = stream.read(limit + 1) if stream is not None else b""
        except RequestDataTooBig:
            raise too_large() from None
        if len(raw) > limit:
            raise too_large()
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        try:
            text = raw.decode(encoding)
        except (UnicodeDecodeError, LookupError):
            raise ParseError("The request body is not UTF-8 text.") from None
        _bounded_depth_text(text)
        try:
            data = json.loads(text, parse_constant=_no_constant)
        except ValueError as error:
            raise ParseError(f"JSON parse error - {error}") from None
        except RecursionError:
            raise ParseError(f"JSON nested more than {MAX_DEPTH} levels deep.") from None
        check_depth(data)
        return data
