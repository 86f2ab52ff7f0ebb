"""A customer's most opened reads, kept and checked against the core, never past their own change.

The dashboard and the history pages are what a signed-in customer opens most, and each
costs a call to the core and several queries. Each process keeps their answers, keyed by
the user's `activity_version`, which the database raises in the same transaction as any
change to the customer's transfers, bill payments or scheduled payments (triggers,
migration 0014), and checks them against the core every `seconds`. So:

- after the customer's own transfer, bill payment or schedule change, the next read is
  computed afresh: no screen shows a balance older than the customer's last money movement,
  whichever process served the payment;
- an account the customer opens or disables here refreshes them too (`activity_changed`);
- what changes outside the customer's own actions (money arriving from another customer or
  bank, a tester's move in the simulator) shows within `seconds`: that is how often a kept
  answer is checked against the core's *activity version* of the customer, a fingerprint of
  their accounts' lines, holds and balances that one indexed read answers
  (`CoreClient.activity_versions`). An unchanged version keeps the answer for another
  `seconds`; a changed one (or a failed check) computes it again. Profiles showed the
  recomputations, not the reads, as most of a busy dashboard's cost: a check is a fraction
  of one, and an idle customer's pages are not recomputed at all.

An answer is served as it is for the first three quarters of its time; a read in the last
quarter still gets it at once, and starts one check in the background (as HTTP's
stale-while-revalidate). A read after that time (a customer back after a pause) waits for the
check. Reads that need a check or a computation share one. Whatever the checks say, an answer
is computed afresh after `LONGEST_KEPT_S`, so nothing the version does not cover (a display
rule, a clock) lasts.

The version comes from the user row that the session check reads before the answer is
computed, so an answer is never filed under a version newer than what it saw. The core's
version comes with the computation (`Computed`): the core answers it beside the accounts it
read first, so an answer is never filed under a core version newer than what it shows. A
computation thus costs no call of its own for the version: a customer's payment changes
their version, so before this their next payment screen asked the core twice (issue 39).
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Awaitable, Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, TypeVar, cast

from cachetools import TLRUCache
from sqlalchemy import update

from bff.core_client.client import ACTIVITY_VERSIONS_PER_CALL
from bff.core_client.scenario import current_scenario
from bff.db import Database
from bff.users.models import User

T = TypeVar("T")
# Customers served by one process within `LONGEST_KEPT_S`; an answer is a few kilobytes.
CUSTOMERS_KEPT = 5_000
# However often the core confirms it, an answer is computed again after this long.
LONGEST_KEPT_S = 60.0

# The share of an answer's time after which a read starts its check: late enough that a
# busy customer's answer is checked about as often as when it was checked at expiry, early
# enough that the check is done before the answer expires.
REFRESH_FROM = 0.75

log = logging.getLogger(__name__)

# The core's activity versions of several customers (CoreClient.activity_versions); a
# customer it does not know is left out.
CoreVersions = Callable[[Sequence[str]], Awaitable[Mapping[str, str]]]
# Background checks made within this share of `seconds` of each other go to the core as one
# call. They begin at three quarters of an answer's time at the latest, so they are answered
# long before it expires; and under load the checks of a second are a few calls, not one per
# customer (profiles showed them as a quarter of a busy dashboard's cost).
CHECKS_GATHERED_FOR = 0.05


class Computed(NamedTuple, Generic[T]):
    """A computation's answer and the core's activity version of the customer as the core
    read what the answer shows (the `version` of its activity or lines); None: not known."""

    answer: T
    core_version: str | None


@dataclass(frozen=True, slots=True)
class _Kept:
    answer: Any
    core_version: str | None  # as the core read what `answer` shows; None: not known
    computed_at: float
    refresh_after: float  # from here on, a read starts a check in the background
    expires_at: float  # from here on, it is not served unchecked

    @property
    def computed_again_at(self) -> float:
        """However often the core confirms it: dropped then, and the next read computes."""
        return self.computed_at + LONGEST_KEPT_S


class ReadCache:
    def __init__(
        self,
        seconds: float,
        core_versions: CoreVersions | None = None,
        timer: Callable[[], float] = time.monotonic,
    ) -> None:
        """`core_versions(customer_ids)`: the core's activity versions; without it, every
        answer is computed again after `seconds`."""
        self.seconds = seconds
        self._checks = (
            CoreChecks(core_versions, seconds * CHECKS_GATHERED_FOR)
            if core_versions is not None
            else None
        )
        self._timer = timer
        self._answers: TLRUCache[Hashable, _Kept] | None = (
            TLRUCache(maxsize=CUSTOMERS_KEPT, ttu=_until_computed_again, timer=timer)
            if seconds > 0
            else None
        )
        # At most one check or computation per key at a time, shared by every read.
        self._computing: dict[Hashable, asyncio.Task[Any]] = {}

    async def read(
        self, user: User, what: Hashable, compute: Callable[[], Awaitable[Computed[T]]]
    ) -> T:
        """`compute()`'s answer for this user and `what`, or the kept one. Callers must not
        change an answer they were given: the next caller gets the same object."""
        if self._answers is None or current_scenario.get():
            # A tester forcing a core outcome (X-Sim-Scenario) wants this read to meet it.
            return (await compute()).answer
        key = (user.id, user.activity_version, what)
        kept = self._answers.get(key)
        now = self._timer()
        if kept is None or now >= kept.expires_at:
            # Shielded: a customer who gives up does not cancel what others wait for.
            waited = self._refresh(key, kept, user, compute, behind_the_read=False)
            return cast(T, await asyncio.shield(waited))
        if now >= kept.refresh_after and key not in self._computing:
            behind = self._refresh(key, kept, user, compute, behind_the_read=True)
            behind.add_done_callback(_log_failed_refresh)
        return cast(T, kept.answer)

    def _refresh(
        self,
        key: Hashable,
        kept: _Kept | None,
        user: User,
        compute: Callable[[], Awaitable[Computed[Any]]],
        behind_the_read: bool,
    ) -> asyncio.Task[Any]:
        running = self._computing.get(key)
        if running is not None:
            return running
        task = asyncio.create_task(
            self._check_or_compute(key, kept, user.customer_id, compute, behind_the_read)
        )
        self._computing[key] = task
        task.add_done_callback(lambda _task: self._computing.pop(key, None))
        return task

    async def _check_or_compute(
        self,
        key: Hashable,
        kept: _Kept | None,
        customer_id: str | None,
        compute: Callable[[], Awaitable[Computed[Any]]],
        behind_the_read: bool,
    ) -> Any:
        # Nothing kept (the customer's first read, or their first after a payment of their
        # own): nothing to check, and the computation brings its own version.
        if kept is not None:
            version = await self._read_core_version(customer_id, gathered=behind_the_read)
            if (
                version is not None
                and version == kept.core_version
                and self._timer() < kept.computed_again_at  # a check that began in time
            ):
                self._keep(key, kept.answer, version, kept.computed_at)
                return kept.answer
        computed = await compute()
        self._keep(key, computed.answer, computed.core_version, self._timer())
        return computed.answer

    async def _read_core_version(self, customer_id: str | None, gathered: bool) -> str | None:
        """None when there is no core customer or the core does not answer: the answer is
        then computed, and the computation reports an unavailable core as it always does.
        `gathered`: with other checks (behind a read); else at once (a customer waits)."""
        if self._checks is None or customer_id is None:
            return None
        try:
            if gathered:
                return await self._checks.gathered(customer_id)
            return await self._checks.at_once(customer_id)
        except Exception as exc:  # whatever failed, the answer is not confirmed
            log.warning("could not check a kept answer against the core: %r", exc)
            return None

    def _keep(self, key: Hashable, answer: Any, version: str | None, computed_at: float) -> None:
        """Served for between three quarters of `seconds` and all of it, at random (answers
        made together, as every customer's first read after a restart, would otherwise all
        be checked together), and checked behind the reads of its last quarter."""
        assert self._answers is not None
        now, served_for = self._timer(), self.seconds * random.uniform(0.75, 1.0)
        self._answers[key] = _Kept(
            answer, version, computed_at, now + served_for * REFRESH_FROM, now + served_for
        )


class CoreChecks:
    """A customer's core version at once, or gathered: the versions asked for within
    `window_s` of the first are read in one call."""

    def __init__(self, core_versions: CoreVersions, window_s: float) -> None:
        self._core_versions = core_versions
        self._window_s = window_s
        self._waiting: dict[str, list[asyncio.Future[str | None]]] = {}
        self._calls: set[asyncio.Task[None]] = set()  # referenced until done

    async def at_once(self, customer_id: str) -> str | None:
        return (await self._core_versions([customer_id])).get(customer_id)

    async def gathered(self, customer_id: str) -> str | None:
        loop = asyncio.get_running_loop()
        if not self._waiting:
            loop.call_later(self._window_s, self._send)
        future: asyncio.Future[str | None] = loop.create_future()
        self._waiting.setdefault(customer_id, []).append(future)
        return await future

    def _send(self) -> None:
        waiting, self._waiting = self._waiting, {}
        call = asyncio.create_task(self._answer(waiting))
        self._calls.add(call)
        call.add_done_callback(self._calls.discard)

    async def _answer(self, waiting: dict[str, list[asyncio.Future[str | None]]]) -> None:
        customers = list(waiting)
        for start in range(0, len(customers), ACTIVITY_VERSIONS_PER_CALL):
            chunk = customers[start : start + ACTIVITY_VERSIONS_PER_CALL]
            failure: Exception | None = None
            try:
                versions = await self._core_versions(chunk)
            except Exception as exc:  # each waiting check learns that the core failed
                versions, failure = {}, exc
            for customer_id in chunk:
                for future in waiting[customer_id]:
                    if future.done():
                        continue
                    if failure is not None:
                        future.set_exception(failure)
                    else:
                        future.set_result(versions.get(customer_id))


def _log_failed_refresh(task: asyncio.Task[Any]) -> None:
    """The kept answer expires as usual; the read after that checks or computes, and answers
    the customer with whatever went wrong."""
    if not task.cancelled() and task.exception() is not None:
        log.warning("could not refresh a kept answer: %r", task.exception())


def _until_computed_again(_key: Hashable, kept: _Kept, _now: float) -> float:
    return kept.computed_again_at


async def activity_changed(db: Database, user_id: int) -> None:
    """For a change the payment triggers do not see (an account opened or disabled in the
    core): the user's kept answers are computed afresh on their next read."""
    async with db.autocommit() as session:
        await session.execute(
            update(User)
            .where(User.id == user_id)
            .values(activity_version=User.activity_version + 1)
        )
