"""CardRecord now belongs to the deck checker app (decks.0001_initial takes it over with its
table): the scenarios app forgets the model without dropping the table."""
from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('scenarios', '0006_revision_origin'),
        ('decks', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name='CardRecord')],
            database_operations=[],
        ),
    ]
