from django.apps import AppConfig


class QuizzesConfig(AppConfig):
    name = "scenarios.quizzes"
    label = "quizzes"
    verbose_name = "Quizzes"

    def ready(self):
        from ..signals import verdicts_recorded

        verdicts_recorded.connect(_refresh_bank, dispatch_uid="quizzes-bank")


def _refresh_bank(sender, slugs, **kwargs):
    """Rebuild or withdraw the questions of the scenarios just verified (imported lazily, so
    commands that never verify do not load the engine)."""
    from .bank import refresh

    refresh(slugs)
