"""The README's run command shows the site as people see it: its own 404 and 500 pages (Django's
debug pages are an explicit `DEBUG=1`), with static files served and nothing else to set up."""
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from django.test import override_settings
from django.urls import path

from rulings.project import urls as site_urls

from tests.hostile.servers import free_port

ROOT = Path(__file__).resolve().parent.parent
CLEAN_ENV = {"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "rulings.project.settings"}


def settings_value(expression, **environment):
    code = f"import django; django.setup(); from django.conf import settings; print({expression})"
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, env={**CLEAN_ENV, **environment}, timeout=60)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


def test_debug_is_off_unless_asked_for():
    assert settings_value("settings.DEBUG") == "False"
    assert settings_value("settings.DEBUG", DEBUG="1") == "True"


def test_the_local_default_needs_no_secret_key_and_serves_static_files_itself():
    assert settings_value("settings.PRODUCTION, settings.WHITENOISE_USE_FINDERS") == "False True"
    assert settings_value("settings.ALLOWED_HOSTS") == "['localhost', '127.0.0.1', '[::1]']"
    assert settings_value("settings.SECURE_SSL_REDIRECT") == "False"


def test_production_is_debug_zero_and_keeps_its_secure_settings():
    value = settings_value("settings.PRODUCTION, settings.SECURE_SSL_REDIRECT, "
                           "'WHITENOISE_USE_FINDERS' in dir(settings)",
                           DEBUG="0", SECRET_KEY="x" * 60)
    assert value == "True True False"


def fetch(url):
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


@pytest.fixture
def runserver(tmp_path):
    """`manage.py runserver` as the README runs it (no DEBUG, no SECRET_KEY), on a fresh
    migrated SQLite file."""
    env = {**CLEAN_ENV, "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"}
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env,
                   check=True, timeout=300)
    port = free_port()
    server = subprocess.Popen([sys.executable, "manage.py", "runserver", "--noreload",
                               f"127.0.0.1:{port}"], cwd=ROOT, env=env, start_new_session=True,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(url + "/healthz", timeout=1)
                break
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.1)
        yield url
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=20)


def test_the_run_command_shows_the_sites_own_404_and_serves_static_files(runserver):
    status, html = fetch(runserver + "/no/such/page/")
    assert status == 404
    assert "Page not found" in html and 'class="site-header"' in html
    assert "URLconf" not in html and "Using the URLconf" not in html  # no debug listing
    status, css = fetch(runserver + "/static/rulings/site.css")
    assert status == 200 and ".site-header" in css


def broken_view(request):
    raise RuntimeError("a bug in a view")


# This module is the URLconf of the 500 test: the site's pages plus one that fails.
urlpatterns = [path("broken/", broken_view)] + site_urls.urlpatterns
handler500 = site_urls.handler500


@override_settings(DEBUG=False, ROOT_URLCONF=__name__)
def test_an_unhandled_error_shows_the_sites_own_500_page(client, db):
    client.raise_request_exception = False
    response = client.get("/broken/")
    html = response.content.decode()
    assert response.status_code == 500
    assert "Something went wrong" in html and 'class="site-header"' in html
    assert "Traceback" not in html and "a bug in a view" not in html
