"""Editors verifying and saving at the same moment: no 500s, every run recorded.

Real threads against the SQLite test file (see tests/conftest.py): recording verdicts takes
the write lock in one IMMEDIATE transaction, as publishing does, so writers queue.
"""
from collections import Counter

import pytest
from django.conf import settings
from django.core.management import call_command


from rulings.knowledge.loading import load_content
from rulings.knowledge.models import Article
from scenarios.verification.models import VerificationRun
from tests.concurrency import editor_clients, run_together

pytestmark = pytest.mark.django_db(transaction=True)

THREADS = 20
SLUGS = ["poison-vs-ceasefire", "final-countdown"]


@pytest.fixture
def site(transactional_db):
    assert not load_content(settings.RULES_CONTENT_DIR).errors
    call_command("load_scenarios", verbosity=0)


@pytest.fixture
def clients(site):
    return editor_clients(THREADS, "judge")


def test_twenty_simultaneous_verifications_all_answer_and_all_are_recorded(clients):
    before = VerificationRun.objects.count()
    statuses = []

    def verify(n):
        response = clients[n].post(f"/api/scenarios/{SLUGS[n % 2]}/verify/")
        statuses.append(response.status_code)

    assert run_together(verify, THREADS) == []
    assert Counter(statuses) == {200: THREADS}
    assert VerificationRun.objects.count() == before + THREADS


def test_saves_and_verifications_at_once_give_no_500_and_lose_no_revision(clients):
    article = Article.objects.get(format__slug="core", slug="draws")
    base = article.current_revision
    revisions, runs = article.revisions.count(), VerificationRun.objects.count()
    statuses = []

    def act(n):
        client = clients[n]
        if n % 2:
            response = client.post(f"/api/scenarios/{SLUGS[n % 4 // 2]}/verify/")
        else:
            response = client.patch(
                "/api/articles/core/draws/",
                {"markdown": base.body + f"\nJudge {n} adds a line. {{#judge-{n}}}\n",
                 "base_revision": base.number}, content_type="application/json")
        statuses.append((n % 2, response.status_code))

    assert run_together(act, THREADS) == []
    saves = Counter(code for kind, code in statuses if kind == 0)
    verifications = Counter(code for kind, code in statuses if kind == 1)
    assert saves == {200: 1, 409: THREADS // 2 - 1}
    assert verifications == {200: THREADS // 2}
    assert article.revisions.count() == revisions + 1
    assert VerificationRun.objects.count() >= runs + THREADS // 2
