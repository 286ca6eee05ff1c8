"""Opening an SQLite file that another process may be creating at the same moment.

Switching a new database to WAL and creating its tables take locks for which SQLite does not
always call its busy handler: two processes opening one fresh file together would see
"database is locked" at once, however long the connection's timeout. ``retry_busy`` starts the
whole opening over, on a fresh connection, until it succeeds or the deadline passes.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

OPEN_TIMEOUT = 60.0


def is_busy(exc: BaseException) -> bool:
    """True for SQLite's "database is locked" / "database table is locked" / "busy" errors."""
    if not isinstance(exc, sqlite3.OperationalError):
        return False
    text = str(exc).lower()
    return "locked" in text or "busy" in text


def retry_busy(attempt: Callable[[], T], *, timeout: float = OPEN_TIMEOUT) -> T:
    """``attempt()``, again while the database is busy, for up to ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    pause = 0.005
    while True:
        try:
            return attempt()
        except sqlite3.OperationalError as exc:
            if not is_busy(exc) or time.monotonic() >= deadline:
                raise
        time.sleep(pause)
        pause = min(pause * 2, 0.2)


__all__ = ["OPEN_TIMEOUT", "is_busy", "retry_busy"]
