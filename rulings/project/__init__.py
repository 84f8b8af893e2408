"""The Django project: settings, root URLs, WSGI, middleware, error pages, accounts and login
throttling. It sits above every app and joins them; no app imports it."""
