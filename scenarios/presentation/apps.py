from django.apps import AppConfig


class PresentationConfig(AppConfig):
    name = "scenarios.presentation"
    label = "presentation"
    verbose_name = "Replay presentation"
