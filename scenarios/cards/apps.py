from django.apps import AppConfig


class CardsConfig(AppConfig):
    name = "scenarios.cards"
    label = "cards"
    verbose_name = "Card pages"

    def ready(self):
        from rulings.knowledge.registries import register_card_linker, register_search_leader

        from .linking import card_url, link_card_names
        from .search import card_hits

        # Lower layers link card names and rank card pages first in search through these.
        register_card_linker(link_card_names, card_url)
        register_search_leader(card_hits)
