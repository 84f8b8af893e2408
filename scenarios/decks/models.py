"""The deck checker's data: card records imported from YGOPRODeck."""
from django.db import models


class CardRecord(models.Model):
    """One card as YGOPRODeck describes it, imported by `import_cards`.

    Data only: the deck checker reads these to know what a decklist's names are
    (monster or not, which kind, whether its text forbids a Normal Summon).
    Reading the card-info JSON lives in scenarios/decks/cardrecords.py.
    """

    FRAME_TYPES = (
        "normal", "effect", "ritual", "fusion", "synchro", "xyz", "link",
        "normal_pendulum", "effect_pendulum", "ritual_pendulum", "fusion_pendulum",
        "synchro_pendulum", "xyz_pendulum", "spell", "trap", "token", "skill")

    name = models.CharField(max_length=200, unique=True)
    ygoprodeck_id = models.PositiveIntegerField(null=True, blank=True)
    frame_type = models.CharField(max_length=20, choices=[(f, f) for f in FRAME_TYPES])
    type_line = models.CharField(max_length=100)
    desc = models.TextField(blank=True)
    atk = models.IntegerField(null=True, blank=True)
    defense = models.IntegerField(null=True, blank=True)
    level = models.PositiveSmallIntegerField(null=True, blank=True)
    race = models.CharField(max_length=50, blank=True)
    attribute = models.CharField(max_length=20, blank=True)
    linkval = models.PositiveSmallIntegerField(null=True, blank=True)
    cannot_normal_summon = models.BooleanField(default=False)

    class Meta:
        ordering = ["name"]
        # Moved here from the scenarios app with its table: its rows stay where they were.
        db_table = "scenarios_cardrecord"

    def __str__(self):
        return self.name
