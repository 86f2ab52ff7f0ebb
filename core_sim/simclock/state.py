"""The simulator's notion of "now": real time plus an offset testers move.

Kept in memory so that `utcnow()` stays a plain function; the offset is also stored in the
database (see controller.py) so that it survives restarts and every worker process agrees.
This module imports nothing of the simulator's, so every other part (models' column
defaults included) can ask it the time.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

_offset = timedelta(0)
_changes = 0  # how many times this process has set the offset


def utcnow() -> datetime:
    """Now as the simulator sees it: testers can move it (core_sim/simclock/service.py)."""
    return datetime.now(UTC) + _offset


def offset() -> timedelta:
    return _offset


def changes() -> int:
    return _changes


def set_offset(value: timedelta) -> None:
    global _offset, _changes
    _offset = value
    _changes += 1


def set_offset_unless_changed_since(value: timedelta, seen_changes: int) -> None:
    """For the background refresh from the database: a read that began before this process
    moved the clock must not put the old offset back (a tester's advance would vanish)."""
    if _changes == seen_changes:
        set_offset(value)
