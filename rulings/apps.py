from django.apps import AppConfig


class RulingsConfig(AppConfig):
    name = "rulings"
    verbose_name = "Rules knowledge base"

    def ready(self):
        from . import login  # noqa: F401 - counts failed logins (signal receivers)
