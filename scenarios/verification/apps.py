from django.apps import AppConfig


class ScenariosConfig(AppConfig):
    name = "scenarios.verification"
    label = "scenarios"
    verbose_name = "Scenarios"

    def ready(self):
        from rulings.knowledge.signals import article_published, rules_loaded

        from . import providers, receivers

        article_published.connect(receivers.reverify_after_edit, dispatch_uid="scenarios-edit")
        rules_loaded.connect(receivers.reverify_after_load, dispatch_uid="scenarios-load")
        providers.register()
