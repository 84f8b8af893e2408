"""Editors saving at the same moment: one wins, the others get a 409, nobody gets a 500.

These run real threads against the test database. On SQLite, tests/conftest.py puts it in a
file (an in-memory database cannot be shared by threads): WAL, a busy timeout and IMMEDIATE
write transactions (rulings/project/settings.py) make the writers queue instead of failing. On
PostgreSQL the edited article's row lock queues them, and a deadlock is retried
(rulings/knowledge/contention.py).
"""
from collections import Counter

import pytest
from django.db import connection


from rulings.knowledge.models import Article
from tests.concurrency import editor_clients, run_together

pytestmark = pytest.mark.django_db(transaction=True)

THREADS = 20
URL = "/api/articles/trh/nightfall/"


@pytest.fixture
def article(make_article):
    return make_article("nightfall", "## Cost {#cost}\n\nPay {{ cost }} LP.\n", fmt="trh",
                        parameters={"cost": 500}, title="Nightfall")


@pytest.fixture
def clients(transactional_db):
    return editor_clients(THREADS, "editor")


def body(n, attempt=0):
    return {"title": "Nightfall", "summary": "", "order": 0, "parameters": {"cost": 500},
            "terms": [], "comment": f"editor {n}",
            "markdown": f"## Cost {{#cost}}\n\nEditor {n} says pay {{{{ cost }}}} LP.\n"}


@pytest.mark.skipif(connection.vendor != "sqlite",
                    reason="WAL and IMMEDIATE transactions are SQLite's; PostgreSQL locks rows")
def test_the_test_database_is_a_wal_file():
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        assert cursor.fetchone()[0] == "wal"
    assert connection.settings_dict["OPTIONS"]["transaction_mode"] == "IMMEDIATE"


def test_simultaneous_edits_on_one_base_give_one_save_and_conflicts_never_500(article, clients):
    before = article.revisions.count()
    statuses = []

    def edit(n):
        response = clients[n].put(URL, dict(body(n), base_revision=1),
                                  content_type="application/json")
        statuses.append(response.status_code)
        if response.status_code == 409:
            data = response.json()
            assert data["current_revision"] == 2
            assert data["submitted"]["markdown"] == body(n)["markdown"]

    errors = run_together(edit, THREADS)
    assert errors == []
    assert Counter(statuses) == {200: 1, 409: THREADS - 1}
    assert article.revisions.count() == before + statuses.count(200)


def test_simultaneous_editors_who_retry_on_conflict_all_land(article, clients):
    before = article.revisions.count()
    failures = []

    def edit(n):
        client = clients[n]
        base = client.get(URL).json()["revision"]
        for _attempt in range(10 * THREADS):
            response = client.put(URL, dict(body(n), base_revision=base),
                                  content_type="application/json")
            if response.status_code == 200:
                return
            if response.status_code != 409:
                failures.append(response.status_code)
                return
            base = response.json()["current_revision"]
        failures.append("gave up")

    errors = run_together(edit, THREADS)
    assert errors == [] and failures == []
    assert article.revisions.count() == before + THREADS
    saved = set(Article.objects.get(pk=article.pk).revisions.values_list("body", flat=True))
    assert all(body(n)["markdown"] in saved for n in range(THREADS))
