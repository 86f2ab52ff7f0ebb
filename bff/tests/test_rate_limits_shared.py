"""The rate limiter's shared count in Redis (bff/security/counters.py, throttling.py):

- atomic: many checks at once, from several clients (processes), allow exactly the limit;
- every window's key expires, so a count never outlives its minute;
- Redis lost: sign-in counts in the process (up to the limit, then 429), registration and
  the other message-sending routes answer 503, nothing waits on Redis more than once per
  pause, and the metric says what happened; Redis back: it is used again after the pause.

Across two real processes: test_two_processes.py::test_rate_limits_are_exact_across_processes.
"""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import pytest
import redis.asyncio as redis
from litestar.exceptions import TooManyRequestsException

from bff.errors import TRY_AGAIN_SHORTLY
from bff.security.counters import REDIS_PAUSE_S, WINDOW_S, CounterUnavailable, RedisCounter
from bff.security.throttling import Limiter, Rule, WithoutRedis
from bff.tests.helpers import (
    PRODUCTION_LIMITS,
    Bff,
    a_fresh_address,
    assert_rate_limited,
    from_address,
    login_from,
    samples,
)
from testbed import RedisForTests

LOGIN = "/auth/ibanking/personal/login"
REGISTER = "/auth/ibanking/personal/registration/new"
LOST = "kobo_rate_limit_redis_unavailable_total"


class PinnedClock:
    """A monotonic clock that moves only when the test says so."""

    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class SwitchableRedis:
    """A TCP server in front of the real Redis: forwards, or (silent) accepts connections and
    never answers, as a Redis whose machine is gone but whose address still routes does."""

    target: str
    silent: bool = True
    connections: int = 0
    port: int = 0
    writers: list[asyncio.StreamWriter] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        self.writers.append(writer)
        try:
            if self.silent:
                while await reader.read(65536):
                    pass  # swallowed, never answered
                return
            host, port = self.target.removeprefix("redis://").split("/")[0].split(":")
            up_reader, up_writer = await asyncio.open_connection(host, int(port))
            await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            writer.close()


async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    finally:
        writer.close()


@contextlib.asynccontextmanager
async def switchable_redis(target: str) -> AsyncIterator[SwitchableRedis]:
    proxy = SwitchableRedis(target)
    server = await asyncio.start_server(proxy.handle, "127.0.0.1", 0)
    proxy.port = server.sockets[0].getsockname()[1]
    try:
        yield proxy
    finally:
        server.close()
        for writer in proxy.writers:  # the clients' connections end their handlers
            writer.close()
        await server.wait_closed()


def fresh_prefix(redis_server: RedisForTests) -> str:
    return f"{redis_server.prefix}-{uuid.uuid4().hex[:8]}"


# -- atomic counting -----------------------------------------------------------------------


async def test_concurrent_checks_on_one_redis_allow_exactly_the_limit(
    redis_server: RedisForTests,
) -> None:
    """Four limiters (four processes' own Redis clients) check 60 requests at once against a
    limit of 10: exactly 10 pass. A read followed by a write lets several requests read the
    same count and all pass."""
    prefix, limit, route = fresh_prefix(redis_server), 10, "/auth/ibanking/personal/login"
    rule = Rule("auth", limit, WithoutRedis.LOCAL)
    limiters = [
        Limiter({route: rule}, RedisCounter(redis_server.url, prefix, timeout_s=5))
        for _ in range(4)
    ]

    async def check(n: int) -> bool:
        try:
            await limiters[n % 4].check(route, rule, "198.51.100.9")
        except TooManyRequestsException:
            return False
        return True

    try:
        allowed = await asyncio.gather(*(check(n) for n in range(60)))
        assert allowed.count(True) == limit
        # Nothing was counted anywhere but Redis.
        assert all(not limiter.local.windows for limiter in limiters)
    finally:
        for limiter in limiters:
            await limiter.aclose()


async def test_each_window_key_expires_within_the_window(redis_server: RedisForTests) -> None:
    prefix = fresh_prefix(redis_server)
    counter = RedisCounter(redis_server.url, prefix)
    client = redis.from_url(redis_server.url)
    try:
        counts = [await counter.hit("k") for _ in range(3)]
        assert [c.hits for c in counts] == [1, 2, 3]
        assert all(1 <= c.reset_s <= WINDOW_S for c in counts)
        assert 0 < await client.ttl(f"{prefix}:k") <= WINDOW_S
        # A key left without an expiry (whatever wrote it) gets one at its next hit, rather
        # than counting forever.
        await client.set(f"{prefix}:stuck", 7)
        assert (await counter.hit("stuck")).hits == 8
        assert 0 < await client.ttl(f"{prefix}:stuck") <= WINDOW_S
    finally:
        await counter.aclose()
        await client.aclose()


# -- Redis lost ----------------------------------------------------------------------------


async def test_after_a_failure_redis_is_left_alone_then_tried_again(
    redis_server: RedisForTests,
) -> None:
    clock = PinnedClock()
    async with switchable_redis(redis_server.url) as proxy:
        counter = RedisCounter(proxy.url, fresh_prefix(redis_server), clock=clock)
        try:
            with pytest.raises(CounterUnavailable):
                await counter.hit("k")  # waits out the short timeout once
            for _ in range(20):
                with pytest.raises(CounterUnavailable):
                    await counter.hit("k")  # paused: Redis is not asked
            assert (counter.attempts, proxy.connections) == (1, 1)

            proxy.silent = False  # Redis answers again...
            clock.now += REDIS_PAUSE_S - 0.1
            with pytest.raises(CounterUnavailable):
                await counter.hit("k")  # ...but the pause is not over
            assert counter.attempts == 1
            clock.now += 0.2
            assert (await counter.hit("k")).hits == 1
            assert (await counter.hit("k")).hits == 2
            assert counter.attempts == 3
        finally:
            await counter.aclose()


async def metric(bff: Bff) -> dict[tuple[str, str], float]:
    scraped = samples((await bff.client.get("/metrics")).text)
    return {
        (labels["route"], labels["action"]): value
        for (name, label_items), value in scraped.items()
        if name == LOST
        for labels in [dict(label_items)]
    }


@pytest.mark.parametrize("redis_is", ["silent", "refusing connections"])
async def test_redis_lost_sign_in_counts_in_the_process_and_registration_refuses(
    bff_factory: Any, redis_server: RedisForTests, redis_is: str
) -> None:
    """Sign-in fails open to this process's own count (the limit still applies); the routes
    that send messages fail closed with a 503. Redis is asked once: the first request waits
    out the short timeout, the others within the pause do not wait at all."""
    async with switchable_redis(redis_server.url) as proxy:
        # Port 1: nothing listens there, the connection is refused at once.
        url = proxy.url if redis_is == "silent" else "redis://127.0.0.1:1/0"
        bff = await bff_factory(redis_url=url, **PRODUCTION_LIMITS)
        limiter: Limiter = bff.app.state.limiter
        assert limiter.shared is not None
        clock = PinnedClock()
        limiter.shared.clock = limiter.local.clock = clock
        before = await metric(bff)
        limit = PRODUCTION_LIMITS["rate_limit_auth_per_minute"]

        async with from_address(bff, a_fresh_address()) as client:
            for n in range(limit):
                wrong = await login_from(client, f"lost{n}@example.com", "Wrong@2026")
                assert wrong.status_code == 401, (n, wrong.text)
            assert_rate_limited(await login_from(client, "lost@example.com", "Wrong@2026"))
            for _ in range(3):
                refused = await client.post(REGISTER, json={})
                assert refused.status_code == 503, refused.text
                assert refused.headers["retry-after"] == str(int(REDIS_PAUSE_S))
                assert refused.json()["detail"] == TRY_AGAIN_SHORTLY
        # Another client still signs in (its own local count).
        async with from_address(bff, a_fresh_address()) as other:
            assert (await login_from(other, "lost@example.com", "Wrong@2026")).status_code == 401

        assert limiter.shared.attempts == 1
        assert proxy.connections == (1 if redis_is == "silent" else 0)
        after = await metric(bff)
        assert after.get((LOGIN, "local"), 0) - before.get((LOGIN, "local"), 0) == limit + 2
        assert after.get((REGISTER, "refused"), 0) - before.get((REGISTER, "refused"), 0) == 3


async def test_redis_password_comes_from_its_own_setting_unless_the_url_has_one() -> None:
    """KOBO_REDIS_PASSWORD: the address in plain settings, the password in a secret."""
    plain = RedisCounter("rediss://redis.example:6380/0", "p", password="from-the-secret")
    in_url = RedisCounter("redis://:in-the-url@redis.example:6379/0", "p", password="other")
    try:
        assert plain.client.connection_pool.connection_kwargs["password"] == "from-the-secret"
        assert in_url.client.connection_pool.connection_kwargs["password"] == "in-the-url"
    finally:
        await plain.aclose()
        await in_url.aclose()
