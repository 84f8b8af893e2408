"""The bundled site, built once per test session and shared by the tests that ask for it.

Loading the bundled rules takes a second or two, and loading the bundled scenarios (verified,
with the question bank built from them) several more; about a hundred tests need one or the
other. So each is committed into the test database once, by the first test that asks for it,
and every test runs as before inside a transaction that is rolled back at its end.

The committed database is at one of a few levels at a time: EMPTY (as the migrations left it),
RULES (the bundled rules loaded) or SITE (rules and scenarios loaded). A test asks for a level
through a fixture (`bundled_rules`, `loaded_site`); every other database test asks for EMPTY.
`run_order` sorts the tests so that the level only rises in a run: the database tests that
want it empty, then those on the rules, then those on the whole site; then the transactional
tests (which commit, and whose end flushes every table: Django's TransactionTestCase), highest
level first; then the tests without a database.

A level is built by its builders once per run. Its rows are then kept in memory (a snapshot of
every table), so that a later test that finds the database flushed (after a transactional test,
such as every browser test) gets the level back by writing the rows again, in well under a
second, instead of loading and verifying the bundled content once more.

Any other order stays correct, only slower: a test that finds another level committed than the
one it asks for gets its own inside its transaction (back to EMPTY, then its level built), and
the rollback undoes it; a transactional test gets its level committed. Going back to EMPTY
deletes every row and restores what the migrations wrote (the editors group, the default exam
blueprint, content types and permissions), which Django's own flush would lose.

Nothing here names a model of the project: the levels are built by the functions the root
conftest gives (`SiteLevels(builders)`), so this module only knows Django and pytest.
"""
from django.db import connection, transaction

EMPTY, RULES, SITE = 0, 1, 2
UNKNOWN = -1  # after a transactional test: Django flushed the tables, migrations' rows too
LEVEL_NAMES = {EMPTY: "empty", RULES: "rules", SITE: "site"}
# The fixture a test requests (directly or through another fixture) to get each level.
LEVEL_FIXTURES = {"loaded_site": SITE, "bundled_rules": RULES}

DB_FIXTURES = ("db", "transactional_db", "live_server")
TRANSACTIONAL_FIXTURES = ("transactional_db", "live_server")


def database_use(item):
    """How a collected test uses the database: None, "db" or "transactional" (the way
    pytest-django decides it when it orders tests)."""
    fixtures = getattr(item, "fixturenames", ())
    marker = item.get_closest_marker("django_db")
    transactional = any(name in fixtures for name in TRANSACTIONAL_FIXTURES)
    if marker:
        transactional = transactional or bool(
            marker.kwargs.get("transaction") or marker.kwargs.get("reset_sequences")
            or (marker.args and marker.args[0]))
    if transactional:
        return "transactional"
    if marker or "db" in fixtures:
        return "db"
    return None


def wanted_level(fixturenames):
    """The level a test asks for: the highest of the level fixtures it uses, else EMPTY."""
    return max((LEVEL_FIXTURES[name] for name in fixturenames if name in LEVEL_FIXTURES),
               default=EMPTY)


def run_order(item):
    """Sort key: database tests by rising level, transactional tests by falling level (the
    first one may find its level committed; its end flushes anyway), then the rest."""
    use = database_use(item)
    level = wanted_level(getattr(item, "fixturenames", ()))
    if use == "db":
        return (0, level)
    if use == "transactional":
        return (1, -level)
    return (2, 0)


# PostgreSQL's type ids for json and jsonb. Django reads jsonb as its text (it decodes JSON
# itself), which goes back in as it is; psycopg reads json as Python values, which must be
# wrapped to be written back as JSON.
POSTGRES_JSON, POSTGRES_JSONB = 114, 3802
POSTGRES_JSON_TYPES = (POSTGRES_JSON, POSTGRES_JSONB)


def as_json_values(row, json_columns):
    from psycopg.types.json import Json, Jsonb

    row = list(row)
    for i, type_code in json_columns:
        if row[i] is not None and not isinstance(row[i], str):
            row[i] = (Jsonb if type_code == POSTGRES_JSONB else Json)(row[i])
    return row


class SiteLevels:
    """Which level the test database holds committed, and the means to change it.

    `builders` maps RULES and SITE to functions that load what that level adds on top of the
    one below; each returns the value the level's fixture gives a test (for RULES, the load
    report; SITE gives RULES's value, as the fixtures it replaces did)."""

    def __init__(self, builders):
        self.builders = builders
        self.committed = EMPTY
        self.baseline = None
        self.values = {}
        self.snapshots = {}  # level -> the rows of every table once that level was built

    def record_baseline(self):
        """Remember what the migrations wrote, to restore it when going back to EMPTY."""
        self.baseline = connection.creation.serialize_db_to_string()
        self.committed = EMPTY

    def value(self, level):
        return self.values.get(level, self.values.get(RULES))

    def commit(self, level):
        """Commit `level` in the database, outside any test's transaction."""
        if self.committed == level:
            return
        assert not connection.in_atomic_block, "a level is committed outside tests' transactions"
        before, self.committed = self.committed, UNKNOWN  # until the build has finished
        self.change(before, level)
        self.committed = level

    def provide(self, level, transactional):
        """Give a test its level: nothing to do when it is committed; otherwise a transactional
        test gets it committed and any other test builds it inside its own transaction, which
        the test's rollback undoes."""
        if self.committed == level:
            return
        if transactional:
            self.commit(level)
            return
        assert connection.in_atomic_block, "a database test runs inside its transaction"
        self.change(self.committed, level)

    def change(self, before, level):
        """From level `before` to `level`: built on top when it is a lower level, else from
        the migrations' database."""
        if level in self.snapshots and before != level:
            self.restore(self.snapshots[level])
            return
        if not EMPTY <= before <= level:
            self.reset()
            before = EMPTY
        for step in (RULES, SITE):
            if before < step <= level:
                value = self.builders[step]()
                self.values[step] = value if value is not None else self.values.get(RULES)
        if level != EMPTY:
            self.snapshots[level] = self.snapshot()

    def flushed(self):
        """A transactional test has ended: Django flushes every table after it."""
        self.committed = UNKNOWN

    def reset(self):
        """Back to the database the migrations left: every row deleted (full-text tables too),
        the migrations' own rows written back."""
        from django.contrib.contenttypes.models import ContentType

        with transaction.atomic():
            self.delete_rows()
            connection.creation.deserialize_db_from_string(self.baseline)
        ContentType.objects.clear_cache()

    def delete_rows(self):
        with connection.cursor() as cursor:
            for table in self.tables():
                cursor.execute(f"DELETE FROM {connection.ops.quote_name(table)}")

    def snapshot(self):
        """Every row of every table, with its column names (a full-text table's rowid too: its
        rows are found by it)."""
        rows = {}
        with connection.cursor() as cursor:
            for table in self.tables():
                columns = [column.name for column in
                           connection.introspection.get_table_description(cursor, table)]
                if table in self.virtual_tables():
                    columns = ["rowid"] + columns
                quoted = ", ".join(connection.ops.quote_name(c) for c in columns)
                cursor.execute(f"SELECT {quoted} FROM {connection.ops.quote_name(table)}")
                fetched = cursor.fetchall()
                json_columns = [(i, column[1]) for i, column in enumerate(cursor.description)
                                if column[1] in POSTGRES_JSON_TYPES]
                if json_columns and connection.vendor == "postgresql":
                    fetched = [as_json_values(row, json_columns) for row in fetched]
                rows[table] = (columns, fetched)
        return rows

    def restore(self, snapshot):
        """Write a snapshot back into emptied tables, in one transaction (foreign keys are
        checked at its end, so the order of tables does not matter). Id sequences are left
        alone: they only ever move on, so they are already past every id a snapshot holds, and
        setting them back (PostgreSQL's sequences ignore rollbacks) could hand out an id that a
        committed row still has."""
        from django.contrib.contenttypes.models import ContentType

        with transaction.atomic():
            self.delete_rows()
            with connection.cursor() as cursor:
                for table, (columns, rows) in snapshot.items():
                    if not rows:
                        continue
                    quoted = ", ".join(connection.ops.quote_name(c) for c in columns)
                    marks = ", ".join(["%s"] * len(columns))
                    cursor.executemany(f"INSERT INTO {connection.ops.quote_name(table)} "
                                       f"({quoted}) VALUES ({marks})", rows)
        ContentType.objects.clear_cache()

    @staticmethod
    def virtual_tables():
        if connection.vendor != "sqlite":
            return []
        with connection.cursor() as cursor:
            cursor.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                           "AND sql LIKE 'CREATE VIRTUAL TABLE%'")
            return [name for (name,) in cursor.fetchall()]

    @staticmethod
    def tables():
        """Every table the site writes: the models' tables, and on SQLite the virtual
        (full-text) tables the migrations add beside them."""
        tables = connection.introspection.django_table_names(only_existing=True,
                                                             include_views=False)
        return tables + SiteLevels.virtual_tables()
