"""The attack of issue 16 (step 9), probe by probe, against the real server: prints a count for
each probe, so a tree before and after the fixes can be compared line by line.

Run from the repository root of the tree to probe: `python benchmarks/hostile_probes.py`
(SQLite), or with `DATABASE_URL=postgres://.../<new empty database>` for PostgreSQL. It loads a
scratch database with the README's commands, starts gunicorn (2 workers) on loopback as if
behind one proxy (TRUSTED_PROXIES=1; a tree that does not know the setting ignores it) and
sends only loopback traffic. Every loop is bounded; a probe that takes more than its timeout
is reported as such.
"""
import argparse
import base64
import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import quote, urlencode

ROOT = Path(__file__).resolve().parent.parent
PASSWORD = "probe-password-123"
HUGE = "9" * 5000


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Client:
    """A browser: cookies, a client address the proxy would append, fresh connections."""

    def __init__(self, port, address="198.51.100.1"):
        self.port, self.address, self.cookies = port, address, {}

    def request(self, method, path, body=None, headers=None, timeout=120):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        headers = {"X-Forwarded-For": self.address, **(headers or {})}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        started = time.perf_counter()
        try:
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            data = response.read()
        except (OSError, http.client.HTTPException):
            return 599, b"", time.perf_counter() - started, {}
        finally:
            conn.close()
        for header in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        return response.status, data, time.perf_counter() - started, dict(response.headers)

    def token(self, path):
        _, page, _, _ = self.request("GET", path)
        found = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        return found.group(1).decode() if found else self.cookies.get("csrftoken", "")

    def form(self, path, fields, page=None):
        token = self.token(page or path)
        body = urlencode({"csrfmiddlewaretoken": token, **fields}, doseq=True)
        return self.request("POST", path, body, {
            "Content-Type": "application/x-www-form-urlencoded",
            "Referer": f"http://127.0.0.1:{self.port}{page or path}"})

    def api(self, method, path, data=None, headers=None):
        body = json.dumps(data) if data is not None else None
        extra = {"Content-Type": "application/json", **(headers or {})}
        if "csrftoken" in self.cookies:
            extra["X-CSRFToken"] = self.cookies["csrftoken"]
        return self.request(method, path, body, extra)


def manage(env, *args, check=True):
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, check=check)


def shell(env, code):
    """What `code` printed last (the shell may print a line of its own first)."""
    lines = manage(env, "shell", "-c", code).stdout.strip().splitlines()
    return lines[-1] if lines else ""


def set_up(env):
    for step in (["migrate"], ["load_rules"], ["load_scenarios"]):
        manage(env, *step)
    shell(env, "from django.contrib.auth.models import User, Group\n"
               f"u = User.objects.create_user('probe-editor', password='{PASSWORD}')\n"
               "u.groups.add(Group.objects.get(name='editors'))\n"
               f"[User.objects.create_user(n, password='{PASSWORD}') for n in "
               "('victim', 'victim2', 'bystander')]")


def start_server(env, port):
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "rulings.project.wsgi", "--config", "gunicorn.conf.py",
         "--access-logfile", "/dev/null", "--timeout", "120"], cwd=ROOT,
        env={**env, "PORT": str(port), "HOST": "127.0.0.1", "WEB_CONCURRENCY": "2",
             "GUNICORN_THREADS": "2", "LOG_LEVEL": "CRITICAL"},
        start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(300):
        if Client(port).request("GET", "/healthz", timeout=2)[0] == 200:
            return server
        time.sleep(0.1)
    raise RuntimeError("the server did not start")


def report(name, value):
    print(f"{name:58} {value}")


def probe_search(port):
    status, data, seconds, _ = Client(port).request(
        "GET", "/api/search/?q=" + "+".join(["a"] * 12), timeout=120)
    report("search, 12 x 'a': bytes, seconds", f"{len(data):,} B, {seconds:.2f} s ({status})")
    words = "+".join(("chain link spell speed monster summon deck master life points " * 5)
                     .split())
    status, data, seconds, _ = Client(port).request("GET", f"/api/search/?q={words}")
    report("search, 50 words: bytes, milliseconds",
           f"{len(data):,} B, {seconds * 1000:.0f} ms ({status})")


def probe_basic_auth(port):
    client = Client(port, "198.51.100.10")
    wrong = base64.b64encode(b"probe-editor:wrong").decode()
    statuses = [client.request("GET", "/api/questions/",
                               headers={"Authorization": f"Basic {wrong}"})[0]
                for _ in range(200)]
    right = base64.b64encode(f"probe-editor:{PASSWORD}".encode()).decode()
    after = client.request("GET", "/api/questions/",
                           headers={"Authorization": f"Basic {right}"})[0]
    report("Basic auth: 429s among 200 wrong passwords", statuses.count(429))
    report("Basic auth: the right password then opens /api/questions/", after)


def wrong_logins_before_429(port, account, address, limit=30):
    for n in range(limit):
        status = Client(port, address).form("/accounts/login/",
                                            {"username": account, "password": "wrong"})[0]
        if status == 429:
            return n
    return f"{limit}+"


def probe_logins(port):
    report("wrong logins answered before the first 429 (2 workers)",
           wrong_logins_before_429(port, "victim", "198.51.100.20"))
    for _ in range(10):
        Client(port, "203.0.113.5").form("/accounts/login/",
                                         {"username": "victim2", "password": "wrong"})
    other = Client(port, "198.51.100.77").form(
        "/accounts/login/", {"username": "bystander", "password": PASSWORD})[0]
    report("behind the proxy: another client's login after 10 failures", other)


def probe_signup(port):
    statuses = [Client(port, "198.51.100.30").form(
        "/accounts/signup/", {"username": f"spam{n}", "password1": "a-long-new-password-1",
                              "password2": "a-long-new-password-1"})[0] for n in range(15)]
    report("sign-ups from one address: created / refused (429)",
           f"{statuses.count(302)} / {statuses.count(429)}")
    for n, target in enumerate(("https://evil.example/phish", "//evil.example/x",
                                "javascript:alert(1)")):
        client = Client(port, f"198.51.100.{40 + n}")
        status, _, _, headers = client.form(
            f"/accounts/signup/?next={quote(target)}",
            {"username": f"nexter{n}", "password1": "a-long-new-password-1",
             "password2": "a-long-new-password-1"}, page=f"/accounts/signup/?next={quote(target)}")
        report(f"sign-up next={target}: status, Location", f"{status} {headers.get('Location')}")


def probe_quiz_spam(port, env, seconds):
    before = shell(env, QUIZ_COUNTS)
    deadline = time.monotonic() + seconds
    statuses, lock = [], threading.Lock()

    def spam():
        mine = []
        while time.monotonic() < deadline:
            mine.append(Client(port, "203.0.113.66").api(
                "POST", "/api/quizzes/", {"mode": "practice", "count": 100})[0])
        with lock:
            statuses.extend(mine)

    threads = [threading.Thread(target=spam) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    after = shell(env, QUIZ_COUNTS)
    report(f"quiz spam, {seconds} s cookie-less: 201 / 429", f"{statuses.count(201)} / "
           f"{statuses.count(429)}")
    report("quiz spam: attempts, entries, sessions before -> after", f"{before} -> {after}")


QUIZ_COUNTS = ("from scenarios.quizzes.models import Attempt, AttemptQuestion\n"
               "from django.contrib.sessions.models import Session\n"
               "print(Attempt.objects.count(), AttemptQuestion.objects.count(), "
               "Session.objects.count())")


def editor(port):
    client = Client(port, "198.51.100.200")
    status = client.form("/accounts/login/", {"username": "probe-editor",
                                              "password": PASSWORD})[0]
    assert status == 302, f"the editor could not log in ({status})"
    client.request("GET", "/")
    return client


SCENARIO = """slug: {slug}
format: core
rule: {rule}
title: {title}
narrative: Probing.
setup:
  turn: {{number: 1, player: A, phase: main1}}
  players:
    A: {{lp: {lp}, hand: [{{id: {card}, card: Sangan}}]}}
    B: {{lp: 8000}}
steps:
  - {{player: A, pass: true}}
expect:
  lp: {{A: 8000}}
"""


def scenario(**fields):
    base = {"slug": "probe", "rule": "core/chains#building-a-chain", "title": "Probe",
            "lp": 8000, "card": "sangan"}
    return SCENARIO.format(**{**base, **fields})


def probe_big_numbers(port, env, boss):
    results = []
    anon = Client(port, "198.51.100.90")
    results.append(anon.api("POST", "/api/decks/check/", {
        "format": "thought-ruler-highlander", "decklist": f"{HUGE} Sangan"})[0])
    results.append(anon.form("/decks/check/", {"format": "thought-ruler-highlander",
                                               "decklist": f"{HUGE} Sangan"})[0])
    for button in ("check", "save"):
        results.append(boss.form("/scenarios/new/", {"source": scenario(lp=HUGE), button: "1"})[0])
    revision = json.loads(boss.api("GET", "/api/articles/core/draws/")[1])["revision"]
    for field, value in (("parameters", f"draw_count: {HUGE}\n"),
                         ("terms", f"- name: D\n  anchor: draws\n  definition: {HUGE}\n")):
        results.append(boss.form("/rules/core/draws/edit/", {
            "title": "Draws", "summary": "", "order": "0", "body": "Text.\n", "parameters": "",
            "terms": "", field: value, "comment": "", "base_revision": str(revision),
            "save": "1"}, page="/rules/core/draws/edit/")[0])
    results.append(boss.api("PATCH", "/api/articles/core/draws/", {"summary": "x"},
                            {"If-Match": f'"core/draws/r{HUGE}"'})[0])
    report("huge integers: 5xx among 7 web probes", sum(s >= 500 for s in results))
    content = Path(tempfile.mkdtemp()) / "content"
    subprocess.run(["cp", "-r", str(ROOT / "rulings" / "content"), str(content)], check=True)
    draws = content / "core" / "draws.md"
    draws.write_text(draws.read_text().replace("---\n", f"---\nhuge: {HUGE}\n", 1))
    scratch = {**env, "DATABASE_URL": f"sqlite:///{tempfile.mkdtemp()}/load.sqlite3"}
    manage(scratch, "migrate")
    loaded = manage(scratch, "load_rules", "--dir", str(content), check=False)
    count = shell(scratch, "from rulings.knowledge.models import Article; print(Article.objects.count())")
    report("load_rules with one huge number: articles loaded, traceback",
           f"{count}, {'Traceback' in loaded.stderr}")
    cards = Path(tempfile.mkdtemp()) / "cards.json"
    cards.write_text('{"data": [{"name": "A", "type": "Normal Monster", "frameType": "normal", '
                     f'"atk": {HUGE}}}, {{"name": "B", "type": "Spell Card", '
                     '"frameType": "spell"}]}')
    imported = manage(scratch, "import_cards", str(cards), check=False)
    report("import_cards with one huge number: traceback",
           "Traceback" in imported.stderr)


def probe_lengths(port, boss):
    long_heading = f"## {'Heading ' * 40}\n\nText.\n"
    article_probes = [{"markdown": long_heading},
                      {"markdown": f"## Short {{#{'a' * 201}}}\n\nText.\n"},
                      {"terms": [{"name": "N" * 101, "anchor": "short", "definition": "d"}]},
                      {"slug": "s" * 121}, {"title": "T" * 201}]
    statuses = []
    for n, fields in enumerate(article_probes):
        data = {"format": "core", "slug": f"long-{n}", "title": "Long",
                "markdown": "## Short {#short}\n\nText.\n", **fields}
        statuses.append(boss.api("POST", "/api/articles/", data)[0])
    for n, fields in enumerate(({"title": "T" * 301}, {"slug": "s" * 121},
                                {"card": "c" * 131}, {"rule": "core/chains#" + "r" * 300})):
        statuses.append(boss.form("/scenarios/new/", {
            "source": scenario(**{"slug": f"long-{n}", **fields}), "save": "1"},
            page="/scenarios/new/")[0])
    report("over-long texts: 5xx among 9 probes", sum(s >= 500 for s in statuses))


def probe_creation_race(port, boss):
    statuses, lock = [], threading.Lock()
    barrier = threading.Barrier(20)

    def create(n):
        barrier.wait()
        status = boss.api("POST", "/api/articles/", {
            "format": "core", "slug": "raced", "title": f"Creator {n}",
            "markdown": f"Text {n}.\n"})[0]
        with lock:
            statuses.append(status)

    run_threads(create, 20)
    report("20 article creations at once: 201 / 409 / 5xx",
           f"{statuses.count(201)} / {statuses.count(409)} / {sum(s >= 500 for s in statuses)}")
    saved, lock = [], threading.Lock()
    token = boss.token("/scenarios/new/")
    barrier = threading.Barrier(20)

    def write(n):
        barrier.wait()
        status = boss.request("POST", "/scenarios/new/", urlencode({
            "csrfmiddlewaretoken": token, "source": scenario(slug="raced-scenario",
                                                           title=f"Creator {n}"),
            "save": "1"}), {"Content-Type": "application/x-www-form-urlencoded",
                            "Referer": f"http://127.0.0.1:{port}/scenarios/new/"})[0]
        with lock:
            saved.append(status)

    run_threads(write, 20)
    report("20 scenario creations at once: saved / refused / 5xx",
           f"{saved.count(302)} / {saved.count(200)} / {sum(s >= 500 for s in saved)}")


def run_threads(target, count):
    threads = [threading.Thread(target=target, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)


def probe_loaders(port, env, boss):
    revision = json.loads(boss.api("GET", "/api/articles/core/chains/")[1])["revision"]
    boss.api("PATCH", "/api/articles/core/chains/", {"summary": "Edited on the site.",
                                                     "base_revision": revision})
    boss.form("/scenarios/new/", {"source": scenario(slug="site-written", title="Site"),
                                  "save": "1"})
    output = manage(env, "load_rules").stdout + manage(env, "load_scenarios").stdout
    kept = shell(env, "from rulings.knowledge.models import Article\nfrom scenarios.verification.models import Scenario\n"
                      "a = Article.objects.get(format__slug='core', slug='chains')\n"
                      "print(a.summary == 'Edited on the site.', "
                      "Scenario.objects.filter(slug='site-written').exists())")
    report("README commands again: site edit kept, site scenario kept", kept)
    report("  and the load named the kept article in a line",
           bool(re.search(r"^kept\s+core/chains", output, re.M)))


def probe_exam_harvest(port, quizzes):
    harvested = {}
    for n in range(quizzes):
        client = Client(port, f"198.51.{101 + n // 200}.{n % 200 + 1}")
        status, data, _, _ = client.api("POST", "/api/quizzes/", {"mode": "practice",
                                                                 "count": 100})
        if status != 201:
            continue
        quiz = json.loads(data)
        for number in range(1, quiz["count"] + 1):
            path = f"/api/quizzes/{quiz['id']}/questions/{number}/"
            question = json.loads(client.api("GET", path)[1])
            first = question["options"][0]["key"]
            answer = json.loads(client.api("POST", path + "answer/", {"option": first})[1])
            right = next(o["text"] for o in question["options"]
                         if o["key"] == answer.get("right_option"))
            harvested[stem_key(question)] = right
    client = Client(port, "198.51.110.1")
    status, data, _, _ = client.api("POST", "/api/quizzes/", {"mode": "exam", "count": 20})
    if status != 201:
        report("exam after harvesting practice keys", f"could not start ({status})")
        return
    quiz, known = json.loads(data), 0
    for number in range(1, quiz["count"] + 1):
        path = f"/api/quizzes/{quiz['id']}/questions/{number}/"
        question = json.loads(client.api("GET", path)[1])
        text = harvested.get(stem_key(question))
        option = next((o["key"] for o in question["options"] if o["text"] == text), None)
        known += option is not None
        client.api("POST", path + "answer/", {"option": option or question["options"][0]["key"]})
    result = json.loads(client.api("POST", f"/api/quizzes/{quiz['id']}/finish/")[1])
    report(f"keys harvested by {quizzes} practice quizzes", len(harvested))
    report("exam: questions whose key was harvested, score",
           f"{known} of {quiz['count']}, {result.get('percent')}%")


def stem_key(question):
    return json.dumps([question["stem"], question["steps"],
                       sorted(o["text"] for o in question["options"])])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--spam-seconds", type=int, default=20)
    parser.add_argument("--harvest", type=int, default=40)
    args = parser.parse_args()
    database = os.environ.get("DATABASE_URL") or \
        f"sqlite:///{tempfile.mkdtemp()}/probes.sqlite3"
    env = {**os.environ, "DATABASE_URL": database, "DEBUG": "1", "TRUSTED_PROXIES": "1",
           "DJANGO_SETTINGS_MODULE": "rulings.project.settings", "PYTHONPATH": str(ROOT)}
    set_up(env)
    port = free_port()
    server = start_server(env, port)
    try:
        kind = "PostgreSQL" if database.startswith("postgres") else "SQLite"
        print(f"{ROOT} on {kind}, gunicorn with 2 workers")
        boss = editor(port)
        probe_search(port)
        probe_basic_auth(port)
        probe_logins(port)
        probe_signup(port)
        probe_quiz_spam(port, env, args.spam_seconds)
        probe_big_numbers(port, env, boss)
        probe_lengths(port, boss)
        probe_creation_race(port, boss)
        probe_loaders(port, env, boss)
        probe_exam_harvest(port, args.harvest)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
