"""The simulator's notion of "now": real time plus an offset testers move.

Kept in memory so that `utcnow()` stays a plain function; the offset is also stored in the
database (see controller.py) so that it survives restarts and every worker process agrees.
"""

from __future__ import annotations

from datetime import timedelta

_offset = timedelta(0)


def offset() -> timedelta:
    return _offset


def set_offset(value: timedelta) -> None:
    global _offset
    _offset = value
