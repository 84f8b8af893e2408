"""Logins can be neither guessed nor blocked by someone else.

Found by the attack: the API took HTTP Basic and never throttled it (200 wrong passwords,
then the right one opened the editors' /api/questions/ while the login page was locked);
behind the proxy every client had the proxy's address, so one person's 10 wrong logins
locked every user out for 900 s; sign-up was unthrottled and followed `next` off the site
(and answered 500 for `javascript:` after creating the account).
"""
import base64

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from rest_framework.authtoken.models import Token

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-test-password"


def login(client, username, password, address="10.0.0.1", **headers):
    return client.post("/accounts/login/", {"username": username, "password": password},
                       REMOTE_ADDR=address, **headers)


def basic(username, password):
    token = base64.b64encode(f"{username}:{password}".encode()).decode()
    return {"HTTP_AUTHORIZATION": f"Basic {token}"}


def test_http_basic_opens_nothing_even_with_the_right_password(client, editor):
    for _ in range(3):
        assert client.get("/api/questions/", **basic("edna", "wrong")).status_code in (401, 403)
    response = client.get("/api/questions/", **basic("edna", PASSWORD))
    assert response.status_code in (401, 403)


def test_wrong_tokens_count_as_failed_logins_for_the_address(client, editor):
    good = Token.objects.create(user=editor).key
    for _ in range(settings.LOGIN_ADDRESS_ATTEMPTS):
        response = client.get("/api/questions/", HTTP_AUTHORIZATION="Token " + "0" * 40,
                              REMOTE_ADDR="10.0.0.9")
        assert response.status_code in (401, 403)
    paused = client.get("/api/questions/", HTTP_AUTHORIZATION=f"Token {good}",
                        REMOTE_ADDR="10.0.0.9")
    assert paused.status_code == 429 and paused["Retry-After"]
    elsewhere = client.get("/api/questions/", HTTP_AUTHORIZATION=f"Token {good}",
                           REMOTE_ADDR="10.0.0.10")
    assert elsewhere.status_code == 200


def test_failures_on_one_account_never_lock_another(client, reader, editor):
    for _ in range(settings.LOGIN_ATTEMPTS + 5):
        login(Client(), "rita", "wrong", address="10.0.0.1")
    assert login(Client(), "rita", PASSWORD, address="10.0.0.2").status_code == 429
    assert login(Client(), "edna", PASSWORD, address="10.0.0.2").status_code == 302
    assert login(Client(), "edna", PASSWORD, address="10.0.0.3").status_code == 302


def test_the_owner_logs_in_from_a_known_browser_while_strangers_fail(reader):
    owner = Client()
    assert login(owner, "rita", PASSWORD, address="10.0.0.5").status_code == 302
    owner.post("/accounts/logout/")
    for n in range(settings.LOGIN_ATTEMPTS + 5):
        login(Client(), "rita", "wrong", address=f"10.0.1.{n}")
    assert login(Client(), "rita", PASSWORD, address="10.0.0.6").status_code == 429
    assert login(owner, "rita", PASSWORD, address="10.0.0.5").status_code == 302


def test_one_address_cannot_spray_guesses_over_many_accounts(db):
    User.objects.bulk_create(User(username=f"user{n}") for n in range(30))
    statuses = [login(Client(), f"user{n}", "guess", address="10.0.0.7").status_code
                for n in range(settings.LOGIN_ADDRESS_ATTEMPTS + 3)]
    assert statuses == [200] * settings.LOGIN_ADDRESS_ATTEMPTS + [429] * 3


def test_the_admin_login_is_the_same_throttled_page(client, reader):
    for _ in range(settings.LOGIN_ATTEMPTS):
        client.post("/admin/login/", {"username": "rita", "password": "wrong"},
                    REMOTE_ADDR="10.0.0.8")
    response = client.post("/admin/login/", {"username": "rita", "password": PASSWORD},
                           REMOTE_ADDR="10.0.0.8")
    assert response.status_code == 429


@pytest.fixture
def behind_one_proxy(settings):
    settings.TRUSTED_PROXIES = 1


def test_behind_the_proxy_each_client_is_counted_by_its_own_address(client, reader, editor,
                                                                     behind_one_proxy):
    proxy = "10.9.9.9"
    for _ in range(settings.LOGIN_ADDRESS_ATTEMPTS + 2):
        login(Client(), f"nobody{_}", "wrong", address=proxy,
              HTTP_X_FORWARDED_FOR="203.0.113.5")
    assert login(Client(), "edna", PASSWORD, address=proxy,
                 HTTP_X_FORWARDED_FOR="203.0.113.5").status_code == 429
    assert login(Client(), "edna", PASSWORD, address=proxy,
                 HTTP_X_FORWARDED_FOR="198.51.100.7").status_code == 302


def test_a_client_cannot_choose_its_address_by_writing_the_header(client, behind_one_proxy):
    proxy = "10.9.9.9"
    for n in range(settings.LOGIN_ADDRESS_ATTEMPTS):
        # the client writes a fresh address each time; the proxy appends the real one
        login(Client(), f"nobody{n}", "wrong", address=proxy,
              HTTP_X_FORWARDED_FOR=f"192.0.2.{n}, 203.0.113.5")
    assert login(Client(), "nobody", "wrong", address=proxy,
                 HTTP_X_FORWARDED_FOR="192.0.2.200, 203.0.113.5").status_code == 429


def test_without_a_trusted_proxy_the_header_is_ignored(client, editor):
    for n in range(settings.LOGIN_ADDRESS_ATTEMPTS):
        login(Client(), f"nobody{n}", "wrong", address="10.0.0.11",
              HTTP_X_FORWARDED_FOR=f"192.0.2.{n}")
    assert login(Client(), "edna", PASSWORD, address="10.0.0.11",
                 HTTP_X_FORWARDED_FOR="192.0.2.99").status_code == 429


def sign_up(client, name, next_url=None, address="10.0.0.20"):
    path = "/accounts/signup/" + (f"?next={next_url}" if next_url else "")
    return client.post(path, {"username": name, "password1": "a-long-new-password-1",
                              "password2": "a-long-new-password-1"}, REMOTE_ADDR=address)


@pytest.mark.parametrize("target", ["https://evil.example/phish", "//evil.example/x",
                                    "javascript:alert(1)", "/\\evil.example"])
def test_sign_up_never_follows_next_off_the_site(client, target):
    response = sign_up(client, "newjudge", target)
    assert response.status_code == 302
    assert response["Location"] == "/quiz/"
    assert User.objects.filter(username="newjudge").exists()


def test_sign_up_follows_next_within_the_site(client):
    response = sign_up(client, "newjudge", "/rules/core/")
    assert response.status_code == 302 and response["Location"] == "/rules/core/"


def test_sign_up_is_throttled_per_address(client):
    number, _ = (int(part) if n == 0 else part for n, part in
                 enumerate(settings.THROTTLE_RATES["signup"].split("/")))
    statuses = [sign_up(Client(), f"judge{n}").status_code for n in range(number + 2)]
    assert statuses == [302] * number + [429] * 2
    assert User.objects.count() == number
    assert sign_up(Client(), "elsewhere", address="10.0.0.21").status_code == 302
