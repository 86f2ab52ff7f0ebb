"""argon2id password hashing, in a bounded pool of its own (docs/security.md, "Passwords").

Each hash costs tens of milliseconds of one core and `memory_cost_kib` of memory, by design.
At the morning rush thousands of customers sign in at once, from as many addresses, so the
per-address rate limit does not bound them. Hashing therefore runs in threads of its own
(argon2 releases the GIL), no more than the machine has cores, so that:

- memory stays bounded (threads times memory_cost_kib), however many sign-ins arrive;
- a burst of sign-ins never waits behind, or in front of, receipt and statement rendering
  in the event loop's default thread pool;
- beyond `threads + queue` hashes running or waiting in this process, a sign-in is answered
  at once with 503 and Retry-After instead of queueing until the client times out.
"""

from __future__ import annotations

import asyncio
import math
import os
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from bff.config import Argon2Params
from bff.errors import ServiceUnavailable

T = TypeVar("T")

BUSY = "Many customers are signing in right now. Please try again in a few seconds."


@dataclass(frozen=True, slots=True)
class Checked:
    ok: bool
    # The same password hashed with today's parameters, when the stored hash has older
    # ones: the caller stores it (the rehash-on-sign-in rule).
    upgraded_hash: str | None = None


def default_threads() -> int:
    return os.cpu_count() or 1


class Passwords:
    def __init__(
        self, params: Argon2Params, *, threads: int | None = None, queue: int = 64
    ) -> None:
        self._hasher = PasswordHasher(
            time_cost=params.time_cost,
            memory_cost=params.memory_cost_kib,
            parallelism=params.parallelism,
        )
        # Verified against when the user does not exist, so that an unknown identifier
        # costs the same time as a wrong password (no user enumeration by timing): made
        # with the same parameters as every stored hash.
        self.dummy_hash = self._hasher.hash("not-a-real-password")
        self.threads = threads or default_threads()
        self._pool = ThreadPoolExecutor(max_workers=self.threads, thread_name_prefix="argon2")
        self._admits = self.threads + queue
        self._in_pool = 0  # hashes running or waiting in this process
        self._hash_s = 0.05  # a running mean of one hash's time, for Retry-After

    # -- in the pool (request paths) --------------------------------------------------------
    async def check(self, password_hash: str | None, password: str) -> Checked:
        """Is `password` right? Without a hash (no such user) a dummy is checked, as long."""
        ok = await self._in_own_pool(self.verify_now, password_hash, password)
        if ok and password_hash is not None and self._hasher.check_needs_rehash(password_hash):
            return Checked(True, await self._in_own_pool(self._hasher.hash, password))
        return Checked(ok)

    async def hash(self, password: str) -> str:
        return await self._in_own_pool(self._hasher.hash, password)

    # -- now, in the caller's thread (seeding at start-up, tests, benchmarks) ---------------
    def hash_now(self, password: str) -> str:
        return self._hasher.hash(password)

    def verify_now(self, password_hash: str | None, password: str) -> bool:
        try:
            return self._hasher.verify(password_hash or self.dummy_hash, password) and (
                password_hash is not None
            )
        except (VerificationError, InvalidHashError):
            return False

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)

    async def _in_own_pool(self, work: Callable[..., T], *args: object) -> T:
        if self._in_pool >= self._admits:
            # What the queue ahead would take, rounded up to a whole second.
            wait_s = self._in_pool / self.threads * self._hash_s
            raise ServiceUnavailable(BUSY, retry_after_s=max(1, math.ceil(wait_s)))
        self._in_pool += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(
                self._pool, self._timed, work, *args
            )
        finally:
            self._in_pool -= 1

    def _timed(self, work: Callable[..., T], *args: object) -> T:
        started = time.perf_counter()
        try:
            return work(*args)
        finally:
            # A running mean of one hash's time (a plain float store: no lock needed).
            self._hash_s = 0.8 * self._hash_s + 0.2 * (time.perf_counter() - started)
