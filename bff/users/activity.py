"""A customer's most opened reads, kept for a few seconds and never past their own change.

The dashboard and the history pages are what a signed-in customer opens most, and each
costs a call to the core and several queries. Each process keeps their answers for
`seconds`, keyed by the user's `activity_version`, which the database raises in the same
transaction as any change to the customer's transfers, bill payments or scheduled payments
(triggers, migration 0014). So:

- after the customer's own transfer, bill payment or schedule change, the next read is
  computed afresh: no screen shows a balance older than the customer's last money movement,
  whichever process served the payment;
- an account the customer opens or disables here refreshes them too (`activity_changed`);
- what changes outside the customer's own actions (money arriving from another customer or
  bank, a tester's move in the simulator) shows within `seconds`.

An answer is served as it is for the first three quarters of its time; a read in the last
quarter still gets it at once, and starts one recomputation in the background that replaces
it (as HTTP's stale-while-revalidate). Reads that find nothing kept share one computation.
So under load a customer's reads do not wait for the core. An answer is never served past
`seconds`: a read after that (a customer back after a pause) computes.

The version comes from the user row that the session check reads before the answer is
computed, so an answer is never filed under a version newer than what it saw.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from cachetools import TLRUCache
from sqlalchemy import update

from bff.db import Database
from bff.users.models import User

T = TypeVar("T")
# Customers served by one process within `seconds`; an answer is a few kilobytes.
CUSTOMERS_KEPT = 5_000

# The share of an answer's time after which a read starts its recomputation: late enough
# that a busy customer's answer is computed about as often as when it was computed at
# expiry, early enough that the new one is ready before the old one expires.
REFRESH_FROM = 0.75

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class _Kept:
    answer: Any
    refresh_after: float  # from here on, a read starts a recomputation in the background
    expires_at: float  # from here on, it is not served


class ActivityCache:
    def __init__(self, seconds: float, timer: Callable[[], float] = time.monotonic) -> None:
        self.seconds = seconds
        self._timer = timer
        self._answers: TLRUCache[Hashable, _Kept] | None = (
            TLRUCache(maxsize=CUSTOMERS_KEPT, ttu=_until_expiry, timer=timer)
            if seconds > 0
            else None
        )
        # At most one computation per key at a time, shared by every read that needs it.
        self._computing: dict[Hashable, asyncio.Task[Any]] = {}

    async def read(self, user: User, what: Hashable, compute: Callable[[], Awaitable[T]]) -> T:
        """`compute()`'s answer for this user and `what`, or the kept one. Callers must not
        change an answer they were given: the next caller gets the same object."""
        if self._answers is None:
            return await compute()
        key = (user.id, user.activity_version, what)
        kept = self._answers.get(key)
        if kept is None:
            # Shielded: a customer who gives up does not cancel what others wait for.
            return cast(T, await asyncio.shield(self._computation(key, compute)))
        if self._timer() >= kept.refresh_after and key not in self._computing:
            self._computation(key, compute).add_done_callback(_log_failed_refresh)
        return cast(T, kept.answer)

    def _computation(
        self, key: Hashable, compute: Callable[[], Awaitable[Any]]
    ) -> asyncio.Task[Any]:
        running = self._computing.get(key)
        if running is not None:
            return running
        task = asyncio.create_task(self._compute_and_keep(key, compute))
        self._computing[key] = task
        task.add_done_callback(lambda _task: self._computing.pop(key, None))
        return task

    async def _compute_and_keep(self, key: Hashable, compute: Callable[[], Awaitable[Any]]) -> Any:
        answer = await compute()
        self._keep(key, answer)
        return answer

    def _keep(self, key: Hashable, answer: Any) -> None:
        """Served for between three quarters of `seconds` and all of it, at random (answers
        made together, as every customer's first read after a restart, would otherwise all
        be recomputed together), and recomputed behind the reads of its last quarter."""
        assert self._answers is not None
        now, served_for = self._timer(), self.seconds * random.uniform(0.75, 1.0)
        self._answers[key] = _Kept(answer, now + served_for * REFRESH_FROM, now + served_for)


def _log_failed_refresh(task: asyncio.Task[Any]) -> None:
    """The kept answer expires as usual; the read after that computes, and answers the
    customer with whatever went wrong."""
    if not task.cancelled() and task.exception() is not None:
        log.warning("could not refresh a kept answer: %r", task.exception())


def _until_expiry(_key: Hashable, kept: _Kept, _now: float) -> float:
    return kept.expires_at


async def activity_changed(db: Database, user_id: int) -> None:
    """For a change the payment triggers do not see (an account opened or disabled in the
    core): the user's kept answers are computed afresh on their next read."""
    async with db.autocommit() as session:
        await session.execute(
            update(User)
            .where(User.id == user_id)
            .values(activity_version=User.activity_version + 1)
        )
