"""Load on the real server: gunicorn on loopback, 50 concurrent connections, a realistic mix.

Run from the repository root: `python benchmarks/load.py [--workers 2] [--seconds 30]
[--connections 50]`. It loads a scratch database (SQLite by default; set DATABASE_URL to a
PostgreSQL database to measure that), starts `gunicorn rulings.project.wsgi` on 127.0.0.1 with the
stated worker count, and drives it with keep-alive connections over a mix of article pages,
search, scenario replay pages, card pages and card searches, deck checks, and quiz starts and
answers; then the same for the
trivial `/healthz` view. It prints requests/s, p50/p99 latency and error counts (5xx must be
0), and the article page's throughput as a share of the trivial view's (target >= 50%).

The server sits behind a pretend proxy (TRUSTED_PROXIES=1): each request names a client
address in X-Forwarded-For, drawn from many readers, so the throttles see many clients as in
production. The mix also holds what an attacker sends: the search that used to blow up
(twelve "a"s), a 50-word search, and cookie-less starts of 100-question quizzes from a few
addresses. For each kind it prints the 429s, and at the end the largest response and the
peak memory of a worker (its resident set's high-water mark).
Traffic goes only to 127.0.0.1, and every loop stops by itself.
"""
import argparse
import http.client
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def prepare():
    """A loaded database and the URLs of the mix (read from it)."""
    if not os.environ.get("DATABASE_URL"):
        from scratch_site import set_up

        set_up("load")
    else:
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulings.project.settings")
        import django

        django.setup()
        from django.core.management import call_command

        quiet = open(os.devnull, "w")
        call_command("migrate", verbosity=0)
        call_command("load_rules", stdout=quiet)
        call_command("load_scenarios", stdout=quiet)
    from rulings.knowledge.models import Article
    from scenarios.verification.models import Scenario

    articles = [a.get_absolute_url() for a in Article.objects.select_related("format")]
    from scenarios.cards.entries import catalog_entries

    scenarios = [s.get_absolute_url() for s in Scenario.objects.all()[:60]]
    cards = [f"/cards/{entry.slug}/" for entry in catalog_entries()]
    return articles, scenarios, cards, os.environ["DATABASE_URL"]


DECK = "Deck Master: Gemini Elf\nMain Deck:\n3 Sangan\n2 Pot of Greed\n"
CARD_SEARCHES = ["/api/cards/?q=solem", "/api/cards/?q=kingdom+so", "/cards/?q=sangan",
                 "/cards/?kind=deck-master&format=deck-masters"]
SEARCHES = ["summon limit", "negated summons", "chain", "Deck Master", "Terrain", "Nightfall"]
ATTACK_SEARCH = "/api/search/?q=" + "+".join(["a"] * 12)
LONG_SEARCH = "/api/search/?q=" + "+".join(
    ("chain link spell speed monster summon deck master life points " * 5).split())
READERS = 20_000  # client addresses the readers' requests come from
ATTACKERS = 2  # addresses the quiz spam comes from


def client_address(attacker=False):
    n = random.randrange(ATTACKERS if attacker else READERS)
    return f"198.18.{n // 250}.{n % 250 + 1}" if not attacker else f"203.0.113.{n + 1}"


def request_mix(articles, scenarios, cards):
    """One request of the mix: (label, method, path, body)."""
    roll = random.random()
    if roll < 0.37:
        return "article", "GET", random.choice(articles), None
    if roll < 0.41:
        return "card", "GET", random.choice(cards), None
    if roll < 0.43:
        return "card-search", "GET", random.choice(CARD_SEARCHES), None
    if roll < 0.56:
        return "search", "GET", f"/search/?q={random.choice(SEARCHES).replace(' ', '+')}", None
    if roll < 0.58:
        return "search-attack", "GET", ATTACK_SEARCH, None
    if roll < 0.59:
        return "search-50-words", "GET", LONG_SEARCH, None
    if roll < 0.73:
        return "replay", "GET", random.choice(scenarios), None
    if roll < 0.83:
        return "deck", "POST", "/api/decks/check/", json.dumps(
            {"format": "deck-masters", "decklist": DECK})
    if roll < 0.85:
        return "quiz-spam", "POST", "/api/quizzes/", json.dumps({"mode": "practice",
                                                                 "count": 100})
    return "quiz", "QUIZ", None, None


def drive(port, seconds, connections, articles, scenarios, cards, only=None):
    deadline = time.monotonic() + seconds
    results, lock = [], threading.Lock()

    largest = [0, ""]

    def call(conn, method, path, body, cookies=None, address=None):
        headers = {"Content-Type": "application/json"} if body else {}
        headers["X-Forwarded-For"] = address or client_address()
        if cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
        started = time.perf_counter()
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        data = response.read()
        if len(data) > largest[0]:
            largest[:] = [len(data), path]
        if cookies is not None:
            for header in response.headers.get_all("Set-Cookie") or []:
                name, _, rest = header.partition("=")
                cookies[name.strip()] = rest.split(";", 1)[0]
        return response.status, (time.perf_counter() - started) * 1000, data

    def worker():
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        mine = []
        while time.monotonic() < deadline:
            if only == "trivial":
                label, method, path, body = "trivial", "GET", "/healthz", None
            elif only == "article":
                label, method, path, body = "article", "GET", random.choice(articles), None
            else:
                label, method, path, body = request_mix(articles, scenarios, cards)
            try:
                if method == "QUIZ":
                    jar, reader = {}, client_address()  # a visitor's session and address
                    status, ms, data = call(conn, "POST", "/api/quizzes/",
                                            json.dumps({"mode": "practice", "count": 3}), jar,
                                            reader)
                    mine.append((label, status, ms))
                    if status == 201:
                        quiz = json.loads(data)
                        status, ms, data = call(conn, "GET", quiz["first_question"], None, jar,
                                                reader)
                        mine.append(("question", status, ms))
                        if status == 200:
                            option = json.loads(data)["options"][0]["key"]
                            status, ms, _ = call(conn, "POST", quiz["first_question"] + "answer/",
                                                 json.dumps({"option": option}), jar, reader)
                            mine.append(("answer", status, ms))
                    continue
                attacker = label == "quiz-spam"
                status, ms, _ = call(conn, method, path, body,
                                     address=client_address(attacker))
                mine.append((label, status, ms))
            except (OSError, http.client.HTTPException):
                mine.append((label, 599, 0.0))
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        with lock:
            results.extend(mine)

    threads = [threading.Thread(target=worker) for _ in range(connections)]
    begun = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    drive.largest = max(getattr(drive, "largest", (0, "")), tuple(largest))
    return results, time.monotonic() - begun


def report(title, results, elapsed):
    by_label = {}
    for label, status, ms in results:
        by_label.setdefault(label, []).append((status, ms))
    print(f"{title}: {len(results) / elapsed:.0f} requests/s over {elapsed:.0f} s")
    for label, rows in sorted(by_label.items()):
        times = sorted(ms for _, ms in rows)
        errors = sum(1 for status, _ in rows if status >= 500)
        refused = sum(1 for status, _ in rows if status == 429)
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        print(f"  {label:15} {len(rows) / elapsed:7.1f} req/s  p50 {statistics.median(times):6.1f}"
              f" ms  p99 {p99:7.1f} ms  5xx {errors}  429 {refused}")
    return {label: len(rows) / elapsed for label, rows in by_label.items()}


def worker_peak_memory(master_pid):
    """The largest resident-set high-water mark of the master's worker processes, in MB."""
    peak = 0
    for proc in Path("/proc").iterdir():
        try:
            status = (proc / "status").read_text() if proc.name.isdigit() else ""
        except OSError:
            continue
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        if fields.get("PPid", "").strip() == str(master_pid) and "VmHWM" in fields:
            peak = max(peak, int(fields["VmHWM"].split()[0]) / 1024)
    return peak


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seconds", type=int, default=30)
    parser.add_argument("--connections", type=int, default=50)
    args = parser.parse_args()
    articles, scenarios, cards, database = prepare()
    port = free_port()
    env = {**os.environ, "DATABASE_URL": database, "DEBUG": "0", "SECRET_KEY": "load-test-" * 5,
           "ALLOWED_HOSTS": "127.0.0.1", "SECURE_SSL_REDIRECT": "0", "SECURE_COOKIES": "0",
           "WEB_CONCURRENCY": str(args.workers), "PORT": str(port), "HOST": "127.0.0.1",
           "LOG_LEVEL": "ERROR", "TRUSTED_PROXIES": "1"}
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT,
                   env=env, check=True)
    server = subprocess.Popen([sys.executable, "-m", "gunicorn", "rulings.project.wsgi", "--config",
                               "gunicorn.conf.py", "--access-logfile", "/dev/null"], cwd=ROOT,
                              env=env, start_new_session=True)
    try:
        for _ in range(100):
            try:
                http.client.HTTPConnection("127.0.0.1", port, timeout=1).request("GET", "/healthz")
                break
            except OSError:
                time.sleep(0.1)
        kind = "PostgreSQL" if database.startswith("postgres") else "SQLite"
        print(f"gunicorn, {args.workers} workers, {args.connections} connections, {kind}")
        drive(port, 3, args.connections, articles, scenarios, cards)  # warm the caches
        mixed = report("mix", *drive(port, args.seconds, args.connections, articles, scenarios,
                                     cards))
        pages = report("article pages only", *drive(port, args.seconds, args.connections,
                                                     articles, scenarios, cards, only="article"))
        trivial = report("trivial view", *drive(port, args.seconds, args.connections,
                                                 articles, scenarios, cards, only="trivial"))
        print(f"mix: {sum(mixed.values()):.0f} requests/s; article pages: "
              f"{100 * pages['article'] / trivial['trivial']:.0f}% of the trivial view's "
              f"throughput (target >= 50%)")
        size, path = drive.largest
        print(f"largest response: {size:,} bytes ({path}); peak memory of a worker: "
              f"{worker_peak_memory(server.pid):.0f} MB")
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
