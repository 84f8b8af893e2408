"""The API's exception handler: errors a hostile request can cause are 4xx JSON, never an
anonymous 500 or Django's HTML 400 page."""
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent
from django.http import UnreadablePostError
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_handler

from .parsers import max_body_bytes


def exception_handler(exc, context):
    response = drf_handler(exc, context)
    if response is not None:
        return response
    if isinstance(exc, RequestDataTooBig):
        return Response({"detail": f"The request body is larger than {max_body_bytes()} bytes."},
                        status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)
    if isinstance(exc, (TooManyFieldsSent, UnreadablePostError)):
        return Response({"detail": str(exc) or "The request body cannot be read."},
                        status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, RecursionError):
        return Response({"detail": "The request is nested too deeply."},
                        status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, OverflowError):
        return Response({"detail": "A number in the request is out of range."},
                        status=status.HTTP_400_BAD_REQUEST)
    return None
