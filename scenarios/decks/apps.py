from django.apps import AppConfig


class DecksConfig(AppConfig):
    name = "scenarios.decks"
    label = "decks"
    verbose_name = "Deck checker"

    def ready(self):
        from rulings.knowledge.registries import register_parameter_reader

        from .deck_parameters import DECK_PARAMETERS

        # Saving an article checks the values of the parameters the deck checker reads.
        register_parameter_reader("deck checker", lambda slug: DECK_PARAMETERS.get(slug, ()))
