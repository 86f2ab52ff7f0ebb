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

An answer is served as it is for the first half of its time; a read in the second half still
gets it at once, and starts one recomputation in the background that replaces it (as HTTP's
stale-while-revalidate). So under load a customer's reads do not wait for the core: the one
read that would have computed a fresh answer at expiry no longer queues behind everyone
else's, which is what set the dashboard's slowest 1 % (docs/benchmarks.md). An answer is
never served past `seconds`: a read after that (a customer back after a pause) computes.

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
        self._refreshing: dict[Hashable, asyncio.Task[None]] = {}

    async def read(self, user: User, what: Hashable, compute: Callable[[], Awaitable[T]]) -> T:
        """`compute()`'s answer for this user and `what`, or the kept one. Callers must not
        change an answer they were given: the next caller gets the same object."""
        if self._answers is None:
            return await compute()
        key = (user.id, user.activity_version, what)
        kept = self._answers.get(key)
        if kept is None:
            answer = await compute()
            self._keep(key, answer)
            return answer
        if self._timer() >= kept.refresh_after and key not in self._refreshing:
            task = asyncio.create_task(self._refresh(key, compute))
            self._refreshing[key] = task
            task.add_done_callback(lambda _task: self._refreshing.pop(key, None))
        return cast(T, kept.answer)

    def _keep(self, key: Hashable, answer: Any) -> None:
        """Served for between three quarters of `seconds` and all of it, at random: answers
        made together (every customer's first read after a restart, or a bench's) would
        otherwise all be recomputed together."""
        assert self._answers is not None
        now, served_for = self._timer(), self.seconds * random.uniform(0.75, 1.0)
        self._answers[key] = _Kept(answer, now + served_for / 2, now + served_for)

    async def _refresh(self, key: Hashable, compute: Callable[[], Awaitable[Any]]) -> None:
        try:
            self._keep(key, await compute())
        except Exception as exc:
            # The kept answer expires as usual; the read after that computes, and answers
            # the customer with whatever went wrong.
            log.warning("could not refresh a kept answer: %r", exc)


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
