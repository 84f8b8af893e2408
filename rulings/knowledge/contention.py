"""Write transactions under contention, on SQLite and on PostgreSQL.

SQLite serialises writers (IMMEDIATE transactions and a busy timeout, see
settings): a writer waits, and after the timeout gets "database is locked".
PostgreSQL lets writers run side by side and locks rows: when two transactions
wait on each other one is cancelled with a deadlock (40P01) or, above READ
COMMITTED, a serialization failure (40001). Such a transaction did nothing
wrong: it is run again from the start. What still fails is "busy", which the
views answer with a 503 (never a 500), keeping what the user typed.
"""
import functools
import random
import time

from django.db import OperationalError, connection

RETRYABLE_SQLSTATES = {"40001", "40P01"}  # serialization_failure, deadlock_detected
BUSY_SQLSTATES = RETRYABLE_SQLSTATES | {"55P03"}  # lock_not_available
ATTEMPTS = 5


def sqlstate(error):
    cause = getattr(error, "__cause__", None)
    return getattr(cause, "sqlstate", None) or getattr(cause, "pgcode", None)


def is_retryable(error):
    """A transaction cancelled only because another one ran beside it."""
    return isinstance(error, OperationalError) and sqlstate(error) in RETRYABLE_SQLSTATES


def is_busy(error):
    """The database could not take this write now (locked, deadlocked, serialization)."""
    return isinstance(error, OperationalError) and (
        sqlstate(error) in BUSY_SQLSTATES or "locked" in str(error))


def retrying(func=None, *, before_retry=None):
    """Run `func` (which opens its own transaction) again when the database cancels it for
    contention; only when it is the outermost transaction, since an enclosing one is
    already lost. `before_retry(*args, **kwargs)` resets what the failed attempt changed
    in memory."""
    if func is None:
        return functools.partial(retrying, before_retry=before_retry)

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        outermost = not connection.in_atomic_block
        for attempt in range(1, ATTEMPTS + 1):
            try:
                return func(*args, **kwargs)
            except OperationalError as error:
                if not outermost or attempt == ATTEMPTS or not is_retryable(error):
                    raise
            time.sleep(random.uniform(0.005, 0.05) * attempt)
            if before_retry is not None:
                before_retry(*args, **kwargs)
    return wrapper
