"""Error pages people can read: styled pages on the site, JSON under /api/."""
from django.core.exceptions import BadRequest
from django.http import JsonResponse
from django.template.loader import render_to_string
from django.http import HttpResponse

MESSAGES = {
    400: ("This request cannot be answered", "Something in the address or the form was not "
          "understood. Go back and try again."),
    403: ("Not allowed", "You do not have permission for this page. Editors can log in to "
          "change the rules."),
    404: ("Page not found", "There is no page at this address. The rule may have moved: try "
          "the search or the list of formats."),
    500: ("Something went wrong", "The site could not answer this request. The error has been "
          "logged; please try again in a moment."),
}


def error_response(request, status, detail=None):
    title, text = MESSAGES[status]
    if request is not None and request.path.startswith("/api/"):
        return JsonResponse({"detail": detail or title}, status=status)
    try:
        html = render_to_string("error.html", {"status": status, "title": title, "text": text,
                                               "detail": detail}, request=request)
    except Exception:  # noqa: BLE001 - the error page itself must never fail
        html = f"<!DOCTYPE html><title>{title}</title><h1>{title}</h1><p>{text}</p>"
    return HttpResponse(html, status=status)


def bad_request(request, exception=None):
    """A view's own BadRequest says what to fix; other bad requests (a suspicious header, a
    body too big) keep their details to the log."""
    detail = str(exception) if isinstance(exception, BadRequest) and str(exception) else None
    return error_response(request, 400, detail)


def forbidden(request, exception=None):
    detail = str(exception) if exception and str(exception) else None
    return error_response(request, 403, detail)


def not_found(request, exception=None):
    return error_response(request, 404)


def server_error(request):
    return error_response(request, 500)
