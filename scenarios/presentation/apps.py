from django.apps import AppConfig


def _difference_words(difference, cards=None):
    """outcome_words.difference_words, imported on first use (it loads the sentence writer)."""
    from .outcome_words import difference_words

    return difference_words(difference, cards)


class PresentationConfig(AppConfig):
    name = "scenarios.presentation"
    label = "presentation"
    verbose_name = "Replay presentation"

    def ready(self):
        from scenarios.verification.registries import register_difference_describer

        # Edit impact (verification) tells each failing scenario's differences in these words.
        register_difference_describer(_difference_words)
