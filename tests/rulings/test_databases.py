"""What must hold on SQLite and on PostgreSQL alike (the suite runs on both: .ci/test)."""
import psycopg
import pytest
from django.db import OperationalError, connection, transaction

from rulings.knowledge import contention
from rulings.knowledge.models import Article
from rulings.knowledge.signals import article_published


@pytest.mark.parametrize("url", ["/api/articles/?format=%00", "/api/glossary/?format=tr%00h",
                                 "/api/search/?q=pay%00&format=%00", "/search/?q=%00pay",
                                 "/api/scenarios/?format=%00"])
def test_a_nul_in_a_query_parameter_is_never_a_500(client, make_article, url):
    make_article("nightfall", "## Cost {#cost}\n\nPay.\n", fmt="trh")
    assert client.get(url).status_code == 200


def cancelled(code):
    """An OperationalError as Django raises it for a cancelled PostgreSQL transaction."""
    error = OperationalError("cancelled")
    error.__cause__ = psycopg.errors.lookup(code)("cancelled")
    return error


def test_a_deadlocked_transaction_runs_again(monkeypatch):
    monkeypatch.setattr(contention.time, "sleep", lambda seconds: None)
    calls = []

    @contention.retrying
    def save():
        calls.append(1)
        if len(calls) < 3:
            raise cancelled("40P01")
        return "saved"

    assert save() == "saved" and len(calls) == 3


def test_other_errors_and_enclosed_transactions_are_not_retried(transactional_db, monkeypatch):
    monkeypatch.setattr(contention.time, "sleep", lambda seconds: None)
    calls = []

    @contention.retrying
    def save(error):
        calls.append(1)
        raise error

    with pytest.raises(OperationalError):
        save(OperationalError("disk I/O error"))
    assert len(calls) == 1
    with pytest.raises(OperationalError), transaction.atomic():
        save(cancelled("40001"))  # the enclosing transaction is lost already
    assert len(calls) == 2
    with pytest.raises(OperationalError):
        save(cancelled("40001"))
    assert len(calls) == 2 + contention.ATTEMPTS


def test_busy_means_locked_deadlocked_or_not_serializable():
    assert contention.is_busy(OperationalError("database is locked"))
    assert contention.is_busy(cancelled("40P01")) and contention.is_busy(cancelled("40001"))
    assert not contention.is_busy(OperationalError("no such table: x"))


def test_a_listener_whose_database_work_fails_never_loses_the_edit(make_article):
    def broken_listener(sender, **kwargs):
        with connection.cursor() as cursor:
            cursor.execute("SELECT * FROM no_such_table")

    article = make_article("nightfall", "## Cost {#cost}\n\nPay.\n", fmt="trh")
    article_published.connect(broken_listener)
    try:
        make_article("nightfall", "## Cost {#cost}\n\nPay twice.\n", fmt="trh")
    finally:
        article_published.disconnect(broken_listener)
    assert Article.objects.get(pk=article.pk).current_revision.number == 2
    assert Article.objects.count() == 1  # and the connection still works
