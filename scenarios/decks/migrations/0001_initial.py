"""CardRecord moves here from the scenarios app, keeping its table (scenarios_cardrecord):
only Django's idea of which app owns the model changes; no row moves. On a fresh database
the table is made by scenarios' 0002_cardrecord, which this follows."""
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('scenarios', '0006_revision_origin'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='CardRecord',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('name', models.CharField(max_length=200, unique=True)),
                        ('ygoprodeck_id', models.PositiveIntegerField(blank=True, null=True)),
                        ('frame_type', models.CharField(choices=[('normal', 'normal'), ('effect', 'effect'), ('ritual', 'ritual'), ('fusion', 'fusion'), ('synchro', 'synchro'), ('xyz', 'xyz'), ('link', 'link'), ('normal_pendulum', 'normal_pendulum'), ('effect_pendulum', 'effect_pendulum'), ('ritual_pendulum', 'ritual_pendulum'), ('fusion_pendulum', 'fusion_pendulum'), ('synchro_pendulum', 'synchro_pendulum'), ('xyz_pendulum', 'xyz_pendulum'), ('spell', 'spell'), ('trap', 'trap'), ('token', 'token'), ('skill', 'skill')], max_length=20)),
                        ('type_line', models.CharField(max_length=100)),
                        ('desc', models.TextField(blank=True)),
                        ('atk', models.IntegerField(blank=True, null=True)),
                        ('defense', models.IntegerField(blank=True, null=True)),
                        ('level', models.PositiveSmallIntegerField(blank=True, null=True)),
                        ('race', models.CharField(blank=True, max_length=50)),
                        ('attribute', models.CharField(blank=True, max_length=20)),
                        ('linkval', models.PositiveSmallIntegerField(blank=True, null=True)),
                        ('cannot_normal_summon', models.BooleanField(default=False)),
                    ],
                    options={
                        'ordering': ['name'],
                        'db_table': 'scenarios_cardrecord',
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
