"""The full-text search table (SQLite FTS5) and the editors group."""
from django.conf import settings
from django.db import migrations


def create_search_index(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        schema_editor.execute(
            "CREATE VIRTUAL TABLE IF NOT EXISTS rulings_section_fts USING fts5("
            "section_id UNINDEXED, title, heading, body, tokenize='porter unicode61')")


def drop_search_index(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        schema_editor.execute("DROP TABLE IF EXISTS rulings_section_fts")


def create_editors_group(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Group.objects.get_or_create(name=settings.EDITORS_GROUP)


class Migration(migrations.Migration):
    dependencies = [
        ("rulings", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [
        migrations.RunPython(create_search_index, drop_search_index),
        migrations.RunPython(create_editors_group, migrations.RunPython.noop),
    ]
