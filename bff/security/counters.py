"""Fixed-window request counters for the rate limiter (bff/security/throttling.py).

One interface, `hit(key)`: count one request in the current minute's window and say how
many the window holds now and how long it has left. Two implementations:

- `MemoryCounter`: one process's own counts (development, tests, and the fallback when
  Redis does not answer);
- `RedisCounter`: counts shared by every BFF process, in ONE round trip per check: a Lua
  script (EVALSHA) increments the key and sets its expiry on the first hit, atomically, so
  concurrent requests on any number of processes can never undercount (a read followed by a
  write, as Litestar's middleware did, lets two requests both read 9 and both pass).

A `RedisCounter` that cannot reach Redis raises `CounterUnavailable` within its short
timeout; after a failure it does not try Redis again for `pause_s` (a small breaker), so
a dead Redis costs one timeout per pause per process, not one per request.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

import redis.asyncio as redis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff

log = logging.getLogger("bff")

WINDOW_S = 60  # the limits are per minute

# A sign-in must not wait on a dead Redis: a quarter of a second to connect or to answer.
REDIS_TIMEOUT_S = 0.25
# After a failure, count locally (or refuse) for this long before asking Redis again.
REDIS_PAUSE_S = 5.0

# INCR, then set the window's expiry if the key has none: on the first hit of a window, and
# also on a key left without one (whatever wrote it), which would otherwise count forever.
# Returns the count and the seconds the window has left. Redis runs a script atomically.
HIT_SCRIPT = """
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('TTL', KEYS[1])
if ttl < 0 then
  redis.call('EXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {hits, ttl}
"""


@dataclass(frozen=True, slots=True)
class Count:
    hits: int  # requests in this window, this one included
    reset_s: int  # seconds until the window ends


class CounterUnavailable(Exception):
    """The shared counter did not answer (or is paused after not answering)."""


class MemoryCounter:
    """Counts in this process's memory, by monotonic time (a wall-clock step changes nothing)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.windows: dict[str, tuple[int, float]] = {}  # key -> (hits, window ends at)
        self.next_sweep = 0.0

    async def hit(self, key: str) -> Count:
        now = self.clock()
        self._sweep(now)
        hits, ends = self.windows.get(key, (0, 0.0))
        if ends <= now:
            hits, ends = 0, now + WINDOW_S
        hits += 1
        self.windows[key] = (hits, ends)
        return Count(hits=hits, reset_s=max(1, round(ends - now)))

    def _sweep(self, now: float) -> None:
        """Forgets ended windows once a window: every client address ever seen would
        otherwise stay in memory."""
        if now < self.next_sweep:
            return
        self.windows = {key: value for key, value in self.windows.items() if value[1] > now}
        self.next_sweep = now + WINDOW_S

    async def aclose(self) -> None:
        self.windows.clear()


class RedisCounter:
    """Counts in Redis under `prefix:key`, shared by every process that uses the same prefix."""

    def __init__(
        self,
        url: str,
        prefix: str,
        *,
        password: str | None = None,
        timeout_s: float = REDIS_TIMEOUT_S,
        pause_s: float = REDIS_PAUSE_S,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.prefix = prefix
        self.pause_s = pause_s
        self.clock = clock
        self.paused_until = 0.0
        self.client = redis.from_url(
            url,
            password=password,  # one given in the URL wins
            socket_timeout=timeout_s,
            socket_connect_timeout=timeout_s,
            # One try, whatever redis-py's default (its `Redis()` retries 10 times with
            # backoff: seconds of waiting per request when Redis is gone); the pause below
            # does the rest.
            retry=Retry(NoBackoff(), 0),
        )
        self.script = self.client.register_script(HIT_SCRIPT)
        self.attempts = 0  # calls that reached for Redis (what the tests count)

    async def hit(self, key: str) -> Count:
        if self.clock() < self.paused_until:
            raise CounterUnavailable("paused after a failure")
        self.attempts += 1
        try:
            hits, ttl = await self.script(keys=[f"{self.prefix}:{key}"], args=[WINDOW_S])
        except (redis.RedisError, OSError) as exc:
            self.paused_until = self.clock() + self.pause_s
            log.warning(
                "rate limiter: Redis did not answer (%s: %s); for %.0f s each process counts "
                "sign-in and name inquiry on its own, and the routes that must share a count "
                "answer 503",
                type(exc).__name__,
                exc,
                self.pause_s,
            )
            raise CounterUnavailable(str(exc)) from exc
        return Count(hits=int(hits), reset_s=max(1, int(ttl)))

    async def aclose(self) -> None:
        await self.client.aclose()
