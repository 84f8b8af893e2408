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
