from django.apps import AppConfig


class RulingsConfig(AppConfig):
    name = "rulings"
    verbose_name = "Rules knowledge base"
