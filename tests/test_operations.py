"""What an operator relies on: security headers, logging, throttled login, error pages."""
import logging

from django.conf import settings
from django.core.management import call_command
from django.test import override_settings


def test_every_page_carries_a_policy_allowing_scripts_only_from_the_site(client, db):
    policy = client.get("/").headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "'unsafe-inline'" not in policy.split(
        "script-src", 1)[1].split(";", 1)[0]
    assert "frame-ancestors 'none'" in policy and "object-src 'none'" in policy


def test_no_template_has_an_inline_script():
    for path in (settings.BASE_DIR / "templates").rglob("*.html"):
        text = path.read_text()
        for chunk in text.split("<script")[1:]:
            assert chunk.lstrip().startswith("src="), f"inline script in {path.name}"


def test_errors_are_logged_to_stderr_with_debug_off():
    handlers = settings.LOGGING["handlers"]
    assert handlers["stderr"]["class"] == "logging.StreamHandler"
    assert "stderr" in settings.LOGGING["loggers"]["django.request"]["handlers"]
    assert logging.getLogger("django.request").handlers


def test_the_deploy_check_is_clean_under_production_settings(monkeypatch, capsys):
    import subprocess
    import sys

    env = {"DEBUG": "0", "SECRET_KEY": "a" * 64 + "-production-secret-for-the-check",
           "ALLOWED_HOSTS": "rulings.example.org", "PATH": "/usr/bin:/bin"}
    result = subprocess.run([sys.executable, "manage.py", "check", "--deploy",
                             "--fail-level", "WARNING"], cwd=settings.BASE_DIR, env=env,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_login_is_throttled_after_repeated_failures(client, db, reader):
    for _ in range(settings.LOGIN_ATTEMPTS):
        response = client.post("/accounts/login/", {"username": "rita", "password": "wrong"})
        assert response.status_code == 200
    blocked = client.post("/accounts/login/", {"username": "rita",
                                               "password": "a-long-test-password"})
    assert blocked.status_code == 429 and "Too many attempts" in blocked.content.decode()


def test_a_good_login_clears_the_count(client, db, reader):
    from django.core.cache import cache

    cache.clear()
    client.post("/accounts/login/", {"username": "rita", "password": "wrong"})
    response = client.post("/accounts/login/", {"username": "rita",
                                                "password": "a-long-test-password"})
    assert response.status_code == 302


def test_error_pages_are_styled_and_api_errors_are_json(client, db):
    page = client.get("/no/such/page/")
    assert page.status_code == 404 and "Page not found" in page.content.decode()
    assert 'rel="stylesheet"' in page.content.decode()
    api = client.get("/api/no-such-endpoint/")
    assert api.status_code == 404 and api.json()["detail"]


@override_settings(DEBUG=False)
def test_a_server_error_gets_the_styled_500_page(db):
    from django.test import Client
    from rulings.project.views import errors

    response = errors.server_error(Client().get("/").wsgi_request)
    assert response.status_code == 500 and "Something went wrong" in response.content.decode()


def test_the_compare_page_explains_a_bad_request_in_words(client, make_article):
    make_article("nightfall", "Text.\n", fmt="trh")
    response = client.get("/rules/trh/nightfall/diff/?from=x")
    text = response.content.decode()
    assert response.status_code == 400 and "?from=&lt;number&gt;&amp;to=&lt;number&gt;" in text


def test_favicon_and_admin_branding(client, db):
    assert client.get("/favicon.ico").status_code == 301
    from django.contrib.staticfiles import finders
    assert finders.find("rulings/favicon.svg")
    assert 'rel="icon"' in client.get("/").content.decode()
    from django.contrib import admin
    assert admin.site.site_header == "Judge Rulings administration"


def test_static_files_are_collected_for_whitenoise(tmp_path):
    with override_settings(STATIC_ROOT=tmp_path):
        call_command("collectstatic", "--noinput", verbosity=0)
    assert (tmp_path / "rulings" / "site.css").exists()
