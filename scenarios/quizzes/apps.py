from django.apps import AppConfig


class QuizzesConfig(AppConfig):
    name = "scenarios.quizzes"
    label = "quizzes"
    verbose_name = "Quizzes"

    def ready(self):
        from scenarios.verification.question_counts import counters
        from scenarios.verification.signals import verdicts_recorded

        verdicts_recorded.connect(_refresh_bank, dispatch_uid="quizzes-bank")
        if _count_published not in counters:
            counters.append(_count_published)


def _refresh_bank(sender, slugs, **kwargs):
    """Rebuild or withdraw the questions of the scenarios just verified (imported lazily, so
    commands that never verify do not load the engine)."""
    from .bank import refresh

    refresh(slugs)


def _count_published(slugs, active=True):
    """Published questions of these scenarios, active or withdrawn: what an edit that fails
    them withdraws (see scenarios.verification.question_counts)."""
    from .models import Question

    return Question.objects.filter(scenario__slug__in=slugs, status=Question.PUBLISHED,
                                   active=active).count()
