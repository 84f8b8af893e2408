"""Throttles count in a store every worker shares: under gunicorn with several workers, the
configured number of failed logins (and of API requests) passes, and not one more.

Found by the attack: login failures lived in each worker's own cache, so 10 wrong logins
passed before the first 429, not the configured 5.
"""
import json

import pytest
from django.conf import settings

from .servers import Browser, gunicorn

pytestmark = pytest.mark.django_db(transaction=True)


def test_failed_logins_are_counted_once_for_all_workers(reader):
    with gunicorn(workers=4) as port:
        statuses = []
        for _ in range(settings.LOGIN_ATTEMPTS + 8):
            status, _ = Browser(port).post_form("/accounts/login/", {
                "username": "rita", "password": "wrong"})
            statuses.append(status)
        good, _ = Browser(port).post_form("/accounts/login/", {
            "username": "rita", "password": "a-long-test-password"})
    assert statuses == [200] * settings.LOGIN_ATTEMPTS + [429] * 8, statuses
    assert good == 429


def test_api_requests_are_counted_once_for_all_workers(db):
    with gunicorn(workers=4, THROTTLE_ANON="12/minute") as port:
        statuses = [Browser(port).request("GET", "/api/formats/")[0] for _ in range(20)]
        status, body = Browser(port).request("GET", "/api/formats/")
    assert statuses == [200] * 12 + [429] * 8, statuses
    assert status == 429 and "detail" in json.loads(body)
