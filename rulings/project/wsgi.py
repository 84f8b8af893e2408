"""WSGI entry point for the rulings site."""
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulings.project.settings")
application = get_wsgi_application()
