from django.apps import AppConfig


class RulingsConfig(AppConfig):
    name = "rulings.knowledge"
    label = "rulings"
    verbose_name = "Rules knowledge base"
