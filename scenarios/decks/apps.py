from django.apps import AppConfig


class DecksConfig(AppConfig):
    name = "scenarios.decks"
    label = "decks"
    verbose_name = "Deck checker"
