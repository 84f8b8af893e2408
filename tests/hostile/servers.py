"""The site under gunicorn, on the test database, for tests of what several workers share.

The test must use a transactional database (its writes are committed, so the server's
processes see them). The server runs with the same settings module and a fixed secret key,
on a free loopback port, and stops when the block ends.
"""
import contextlib
import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import time

from django.conf import settings
from django.db import connection


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def database_url():
    """The test database as a DATABASE_URL the server's processes can open."""
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    host = db.get("HOST") or "127.0.0.1"
    user = db.get("USER") or "postgres"
    return f"postgres://{user}@{host}:{db.get('PORT') or 5432}/{db['NAME']}"


@contextlib.contextmanager
def gunicorn(workers=2, **environment):
    """Yields the port of a gunicorn serving the site with `workers` processes."""
    port = free_port()
    env = {**os.environ, "DATABASE_URL": database_url(), "DEBUG": "1", "PORT": str(port),
           "HOST": "127.0.0.1", "WEB_CONCURRENCY": str(workers), "GUNICORN_THREADS": "1",
           "LOG_LEVEL": "ERROR", "CONN_MAX_AGE": "0",
           **{name: str(value) for name, value in environment.items()}}
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "rulings.project.wsgi", "--config", "gunicorn.conf.py",
         "--access-logfile", "/dev/null"], cwd=settings.BASE_DIR, env=env,
        start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        for _ in range(300):
            try:
                probe = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
                probe.request("GET", "/healthz")
                probe.getresponse().read()
                break
            except OSError:
                if server.poll() is not None:
                    raise RuntimeError(server.stderr.read().decode()[-3000:])
                time.sleep(0.1)
        yield port
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


class Browser:
    """A cookie jar over fresh connections: each request may reach another worker."""

    def __init__(self, port):
        self.port, self.cookies = port, {}

    def request(self, method, path, body=None, headers=None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        data = response.read()
        for header in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        conn.close()
        return response.status, data.decode("utf-8", "replace")

    def post_form(self, path, fields):
        """A form sent as a browser sends it: the CSRF token from the page first."""
        _, page = self.request("GET", path)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        from urllib.parse import urlencode

        body = urlencode({"csrfmiddlewaretoken": token, **fields})
        return self.request("POST", path, body, {
            "Content-Type": "application/x-www-form-urlencoded", "Referer": f"http://127.0.0.1:{self.port}{path}"})
