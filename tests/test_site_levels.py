"""The shared test site (tests/site_levels.py): each test finds the level it asks for, whatever
ran before it, and the suite's order makes the levels rise once."""
from types import SimpleNamespace

import pytest
from django.conf import settings
from django.contrib.auth.models import Group
from django.db import transaction

from rulings.knowledge.models import Article, Revision
from scenarios.verification.models import Scenario
from scenarios.quizzes.models import ExamBlueprint, Question
from tests import site_levels
from tests.conftest import SITE_LEVELS


def migrations_rows_are_there():
    return (Group.objects.filter(name=settings.EDITORS_GROUP).exists()
            and ExamBlueprint.objects.filter(is_default=True).exists())


def test_a_database_test_that_asks_for_nothing_finds_only_what_the_migrations_wrote(db):
    assert not Article.objects.exists() and not Scenario.objects.exists()
    assert migrations_rows_are_there()


def test_the_bundled_rules_come_without_scenarios(bundled_rules):
    assert Article.objects.count() == len(bundled_rules.created) > 0
    assert not Scenario.objects.exists()


def test_the_loaded_site_has_rules_verified_scenarios_and_questions(loaded_site):
    assert Article.objects.exists() and Question.objects.exists()
    assert Scenario.objects.filter(status="passed").count() > 300


def test_going_back_to_empty_restores_the_migrations_rows_and_clears_search(loaded_site):
    from rulings.knowledge import search

    assert search.search("negated summons")
    SITE_LEVELS.reset()  # inside this test's transaction: rolled back at its end
    assert not Article.objects.exists() and not Question.objects.exists()
    assert migrations_rows_are_there()
    assert search.search("negated summons") == []


def test_a_test_out_of_order_builds_its_level_inside_its_own_transaction(db):
    """As when a rules test runs while the database holds another level: the level is built in
    the test's transaction and the committed level is left as it was."""
    committed = SITE_LEVELS.committed
    SITE_LEVELS.provide(site_levels.RULES, transactional=False)
    assert Article.objects.exists() and not Scenario.objects.exists()
    assert SITE_LEVELS.committed == committed


def json_columns():
    """Every JSON value the site keeps of its scenarios, blueprints and revisions, as read."""
    return (sorted(Scenario.objects.values_list("slug", "expected", "trace", "decided_by")),
            sorted(ExamBlueprint.objects.values_list("pk", "format_weights")),
            sorted(Revision.objects.values_list("pk", "parameters", "terms")),
            sorted(Question.objects.values_list("pk", "options", "anchors")))


def test_a_level_built_once_comes_back_from_its_snapshot_without_building_again(loaded_site):
    """After a transactional test has flushed the tables, the site is written back from the
    rows kept when it was first built: the same rows, search included, and no builder runs."""
    from rulings.knowledge import search

    articles = sorted(Article.objects.values_list("pk", "slug"))
    questions = Question.objects.count()
    found = search.search("negated summons")
    json_values = json_columns()
    SITE_LEVELS.reset()  # as a flush leaves it, inside this test's transaction
    assert site_levels.SITE in SITE_LEVELS.snapshots
    calls = []
    builders = SITE_LEVELS.builders
    SITE_LEVELS.builders = {level: lambda: calls.append(level) for level in builders}
    try:
        SITE_LEVELS.change(site_levels.EMPTY, site_levels.SITE)
    finally:
        SITE_LEVELS.builders = builders
    assert calls == []
    assert sorted(Article.objects.values_list("pk", "slug")) == articles
    assert Question.objects.count() == questions > 0
    assert migrations_rows_are_there()
    assert search.search("negated summons") == found
    assert json_columns() == json_values  # JSON written back as JSON, on PostgreSQL too
    Article.objects.create(format=Article.objects.first().format, slug="after-restore",
                           title="After the restore")  # ids go on past the restored rows


def test_a_lower_level_written_back_and_rolled_back_leaves_new_ids_free(loaded_site):
    """A test out of order gets a lower level written back inside its transaction. Once that is
    undone, a new row still gets an id no committed row has: PostgreSQL's sequences ignore
    rollbacks, so the write-back must never set them back."""
    assert site_levels.RULES in SITE_LEVELS.snapshots

    class Undone(Exception):
        pass

    with pytest.raises(Undone), transaction.atomic():
        SITE_LEVELS.restore(SITE_LEVELS.snapshots[site_levels.RULES])
        assert not Scenario.objects.exists()
        raise Undone
    assert Scenario.objects.count() > 300
    with transaction.atomic():  # an id clash would be an IntegrityError here
        Scenario.objects.create(slug="after-a-lower-level", format_slug="core", path="x.yaml",
                                title="After a lower level", narrative="-", rule="core/x",
                                source="-")


def fake_test(*fixtures, marker=None):
    return SimpleNamespace(fixturenames=list(fixtures), get_closest_marker=lambda name: marker)


def test_the_run_order_raises_the_level_once_then_runs_transactional_tests_highest_first():
    transaction = SimpleNamespace(args=(), kwargs={"transaction": True})
    tests = {"site": fake_test("db", "bundled_rules", "loaded_site"),
             "plain": fake_test(),
             "flushing": fake_test("transactional_db"),
             "flushing-site": fake_test("db", "loaded_site", marker=transaction),
             "rules": fake_test("db", "bundled_rules"),
             "empty": fake_test("db"),
             "marked": fake_test(marker=SimpleNamespace(args=(), kwargs={}))}
    ordered = sorted(tests, key=lambda name: site_levels.run_order(tests[name]))
    assert ordered == ["empty", "marked", "rules", "site", "flushing-site", "flushing", "plain"]


@pytest.mark.parametrize("fixtures, level", [
    ((), site_levels.EMPTY), (("db", "editor"), site_levels.EMPTY),
    (("bundled_rules", "db"), site_levels.RULES),
    (("loaded_site", "bundled_rules"), site_levels.SITE)])
def test_a_test_asks_for_the_highest_level_among_its_fixtures(fixtures, level):
    assert site_levels.wanted_level(fixtures) == level
