"""Limits on how often one client may do one thing, counted where every app server sees them.

A count is one atomic statement (an insert that adds one to the row already there), so
workers on any host never both read the same count and both let a request through. Each
count lives for a fixed window: the first hit after the window ends starts it again at 1.

The rates are settings (`THROTTLE_RATES`, "number/period"), read at each request so a
deployment can change them without code. `RateThrottle` subclasses apply them to the API;
`refused(request, scope)` applies them to ordinary views.
"""
import math
import time

from django.conf import settings
from django.db import connection, transaction
from django.shortcuts import render
from rest_framework.throttling import BaseThrottle

from .clients import client_address
from .models import ThrottleCount

PERIODS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}


def parse_rate(rate):
    """("30/hour") -> (30, 3600); a bad rate in the settings is an error at once."""
    number, _, period = str(rate).partition("/")
    try:
        return int(number), PERIODS[period.strip().rstrip("s")]
    except (ValueError, KeyError):
        raise ValueError(f"a rate reads like '30/hour', not {rate!r}") from None


def rate_of(scope):
    return parse_rate(settings.THROTTLE_RATES[scope])


def hit(key, seconds, now=None):
    """Count one more for `key`; returns (count in this window, when the window ends)."""
    now = time.time() if now is None else now
    quote = connection.ops.quote_name
    table, key_col, count_col, ends_col = (quote(name) for name in (
        ThrottleCount._meta.db_table, "key", "count", "window_ends"))
    ended = f"{table}.{ends_col} <= %s"
    sql = (f"INSERT INTO {table} ({key_col}, {count_col}, {ends_col}) VALUES (%s, 1, %s) "
           f"ON CONFLICT ({key_col}) DO UPDATE SET "
           f"{count_col} = CASE WHEN {ended} THEN 1 ELSE {table}.{count_col} + 1 END, "
           f"{ends_col} = CASE WHEN {ended} THEN %s ELSE {table}.{ends_col} END "
           f"RETURNING {count_col}, {ends_col}")
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(sql, [key[:200], now + seconds, now, now, now + seconds])
        count, window_ends = cursor.fetchone()
    return count, window_ends


def peek(key, now=None):
    """The count for `key` in its current window (0 once the window has ended)."""
    now = time.time() if now is None else now
    row = ThrottleCount.objects.filter(key=key[:200], window_ends__gt=now).values_list(
        "count", flat=True).first()
    return row or 0


def clear(*keys):
    ThrottleCount.objects.filter(key__in=[k[:200] for k in keys]).delete()


def purge_expired(now=None):
    """Delete counts whose window has ended; returns how many."""
    now = time.time() if now is None else now
    deleted, _ = ThrottleCount.objects.filter(window_ends__lte=now).delete()
    return deleted


class Limit:
    """One client against one scope's rate: `exceeded` after counting this request."""

    def __init__(self, scope, ident):
        self.scope, self.ident = scope, ident
        self.number, self.seconds = rate_of(scope)

    def count(self):
        self.used, self.window_ends = hit(f"{self.scope}:{self.ident}", self.seconds)
        return self

    @property
    def exceeded(self):
        return self.used > self.number

    @property
    def wait(self):
        return max(1, math.ceil(self.window_ends - time.time()))


class RateThrottle(BaseThrottle):
    """A DRF throttle over the shared counts; subclasses say whom they count and when."""

    scope = None

    def ident(self, request, view):
        """Whom to count this request against, or None when this throttle does not apply."""
        raise NotImplementedError

    def allow_request(self, request, view):
        ident = self.ident(request, view)
        if ident is None:
            return True
        self.limit = Limit(self.scope, ident).count()
        return not self.limit.exceeded

    def wait(self):
        return self.limit.wait


class AnonymousRateThrottle(RateThrottle):
    """Every API request by a visitor who is not logged in, per client address."""

    scope = "anon"

    def ident(self, request, view):
        return None if request.user.is_authenticated else client_address(request)


class UserRateThrottle(RateThrottle):
    """Every API request by a logged-in user, per account."""

    scope = "user"

    def ident(self, request, view):
        return f"user-{request.user.pk}" if request.user.is_authenticated else None


def client_ident(request):
    """Per account when logged in, else per address: people behind one address (a judge
    class on one network) who sign in are counted apart."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"user-{user.pk}"
    return client_address(request)


class ScopedPostThrottle(RateThrottle):
    """POSTs to one view, per client (`throttle_scope` on the view names the rate)."""

    def allow_request(self, request, view):
        self.scope = getattr(view, "throttle_scope", None)
        return super().allow_request(request, view)

    def ident(self, request, view):
        if request.method != "POST" or not self.scope:
            return None
        return client_ident(request)


def refused(request, scope, ident=None):
    """For an ordinary view: None if the request may go on, else a 429 page saying how long
    to wait. The request is counted either way."""
    limit = Limit(scope, ident or client_ident(request)).count()
    if not limit.exceeded:
        return None
    minutes = max(1, math.ceil(limit.wait / 60))
    response = render(request, "throttled.html", {"minutes": minutes, "scope": scope},
                      status=429)
    response["Retry-After"] = str(limit.wait)
    return response
