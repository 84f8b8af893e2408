"""PostgreSQL full-text search: a weighted tsvector per section, with a GIN index.

Only on PostgreSQL (SQLite searches its FTS5 table from 0002). The column is not
a model field: rulings.search fills it whenever an article's sections are
indexed (heading A, article title B, body C), and this migration fills it for
the sections that already exist.
"""
from django.db import migrations


def add_search_vector(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(
        "ALTER TABLE rulings_section ADD COLUMN IF NOT EXISTS search_vector tsvector")
    schema_editor.execute(
        "UPDATE rulings_section AS s SET search_vector ="
        " setweight(to_tsvector('english'::regconfig, COALESCE(s.heading, '')), 'A')"
        " || setweight(to_tsvector('english'::regconfig, COALESCE(a.title, '')), 'B')"
        " || setweight(to_tsvector('english'::regconfig, COALESCE(s.text, '')), 'C')"
        " FROM rulings_article AS a WHERE a.id = s.article_id")
    schema_editor.execute(
        "CREATE INDEX IF NOT EXISTS rulings_section_search_vector_gin"
        " ON rulings_section USING GIN (search_vector)")


def drop_search_vector(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("DROP INDEX IF EXISTS rulings_section_search_vector_gin")
    schema_editor.execute("ALTER TABLE rulings_section DROP COLUMN IF EXISTS search_vector")


class Migration(migrations.Migration):
    dependencies = [("rulings", "0002_search_index_and_editors")]

    operations = [migrations.RunPython(add_search_vector, drop_search_vector, elidable=False)]
