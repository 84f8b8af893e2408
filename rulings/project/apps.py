from django.apps import AppConfig


class ProjectConfig(AppConfig):
    """The project configuration as an app, only so that its login throttling can connect its
    signal receivers when the site starts (it has no models)."""

    name = "rulings.project"
    label = "project"
    verbose_name = "Site"

    def ready(self):
        from . import login  # noqa: F401 - counts failed logins (signal receivers)
