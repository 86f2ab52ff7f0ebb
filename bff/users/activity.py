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

The version comes from the user row that the session check reads before the answer is
computed, so an answer is never filed under a version newer than what it saw.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Hashable
from typing import Any, TypeVar, cast

from cachetools import TLRUCache
from sqlalchemy import update

from bff.db import Database
from bff.users.models import User

T = TypeVar("T")
# Customers served by one process within `seconds`; an answer is a few kilobytes.
CUSTOMERS_KEPT = 5_000


class ActivityCache:
    def __init__(self, seconds: float) -> None:
        self._answers: TLRUCache[Hashable, Any] | None = (
            TLRUCache(maxsize=CUSTOMERS_KEPT, ttu=_expiry(seconds)) if seconds > 0 else None
        )

    async def read(self, user: User, what: Hashable, compute: Callable[[], Awaitable[T]]) -> T:
        """`compute()`'s answer for this user and `what`, or the kept one. Callers must not
        change an answer they were given: the next caller gets the same object."""
        if self._answers is None:
            return await compute()
        key = (user.id, user.activity_version, what)
        kept = self._answers.get(key)
        if kept is not None:
            return cast(T, kept)
        answer = await compute()
        self._answers[key] = answer
        return answer


def _expiry(seconds: float) -> Callable[[Hashable, Any, float], float]:
    """Each answer is kept between three quarters of `seconds` and all of it, at random:
    answers made
    together (every customer's first read after a restart, or a bench's) would otherwise
    expire together, and every customer's next read would queue behind the core at once."""

    def expires(_key: Hashable, _answer: Any, now: float) -> float:
        return now + seconds * random.uniform(0.75, 1.0)

    return expires


async def activity_changed(db: Database, user_id: int) -> None:
    """For a change the payment triggers do not see (an account opened or disabled in the
    core): the user's kept answers are computed afresh on their next read."""
    async with db.autocommit() as session:
        await session.execute(
            update(User)
            .where(User.id == user_id)
            .values(activity_version=User.activity_version + 1)
        )
