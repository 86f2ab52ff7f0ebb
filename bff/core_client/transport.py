"""The BFF's connections to the core: several small httpx connection pools, used in turn.

Why not one pool: httpcore's pool (httpcore 1.0) re-examines every pooled connection on
each request and each response close, and for each idle one counts the whole pool again,
with a socket-readability syscall per connection on the way. The work per request grows
with the square of the pool's size. Profiled at 64 clients (docs/benchmarks.md), that made
the HTTP client the BFF's largest cost on the dashboard. Worse, the count it compares with
`max_keepalive_connections` is every connection, idle or not, so a pool grown past 20
(httpx's default) closed idle connections that the next request then had to reopen.

Small pools keep both in check: each holds at most `per_pool` connections, all kept alive.
"""

from __future__ import annotations

import itertools

import httpx


class PooledTransport(httpx.AsyncBaseTransport):
    def __init__(self, pools: int, per_pool: int, keepalive_expiry_s: float) -> None:
        limits = httpx.Limits(
            max_connections=per_pool,
            max_keepalive_connections=per_pool,
            keepalive_expiry=keepalive_expiry_s,
        )
        self._pools = [httpx.AsyncHTTPTransport(limits=limits) for _ in range(pools)]
        self._turn = itertools.cycle(self._pools)

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        return await next(self._turn).handle_async_request(request)

    async def aclose(self) -> None:
        for pool in self._pools:
            await pool.aclose()
