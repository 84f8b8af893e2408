"""gunicorn settings for production: `gunicorn rulings.project.wsgi --config gunicorn.conf.py`.

Every value can be overridden from the environment (WEB_CONCURRENCY, PORT, ...)."""
import os

bind = f"{os.environ.get('HOST', '0.0.0.0')}:{os.environ.get('PORT', '8000')}"
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
threads = int(os.environ.get("GUNICORN_THREADS", "2"))
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
# Requests larger than this are refused before Django sees them.
limit_request_line = 8190
accesslog = "-"
errorlog = "-"
# The proxy whose X-Forwarded-Proto gunicorn believes. Which address a request came from is
# the site's business: TRUSTED_PROXIES (rulings/knowledge/clients.py) reads X-Forwarded-For.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
