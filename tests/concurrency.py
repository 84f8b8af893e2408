"""Running one action in many threads at the same moment, for the concurrent-writer tests."""
import threading

from django.db import connection


def run_together(target, count):
    """Call target(n) for n in range(count) in threads released together; returns the errors
    raised (as text). Each thread closes its own database connection."""
    barrier, errors = threading.Barrier(count), []

    def run(n):
        try:
            barrier.wait(timeout=30)
            target(n)
        except Exception as error:  # noqa: BLE001 - reported by the test
            errors.append(repr(error))
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=180)
    assert not any(thread.is_alive() for thread in threads)
    return errors


def editor_clients(count, prefix="editor"):
    """`count` test clients, each logged in as an editor of its own (no password: hashing
    is slow)."""
    from django.conf import settings
    from django.contrib.auth.models import Group, User
    from django.test import Client

    group, _ = Group.objects.get_or_create(name=settings.EDITORS_GROUP)
    made = []
    for n in range(count):
        user = User.objects.create(username=f"{prefix}{n}")
        user.groups.add(group)
        client = Client()
        client.force_login(user)
        made.append(client)
    return made
