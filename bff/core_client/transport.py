"""How the core client's requests travel: over the network in production (aiohttp's
connection pool, used directly), or in-process in tests (httpx over the simulator's ASGI app).

Both take a request already encoded (method, escaped path, query pairs, headers, JSON bytes)
and give back the status and the body's bytes; everything else (deadline, errors, decoding,
tracing) is the client's, the same on both.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

import aiohttp
import httpx
from yarl import URL

if TYPE_CHECKING:
    from opentelemetry.sdk.trace import TracerProvider

Query = Sequence[tuple[str, str]]

# Connections from one BFF process to the core, all kept alive between calls; a call beyond
# them waits for one.
CORE_CONNECTIONS = 64
CORE_KEEPALIVE_S = 2.0


class TransportError(Exception):
    """The request could not be sent or its answer could not be read (refused, reset,
    dropped mid-answer): the client treats it as the core being unreachable."""


class Transport(Protocol):
    async def send(
        self, method: str, path: str, query: Query, headers: dict[str, str], body: bytes | None
    ) -> tuple[int, bytes]: ...

    async def aclose(self) -> None: ...


class NetworkTransport:
    """aiohttp's pool, used directly. httpx's interface over the same pool (httpx-aiohttp,
    used before) took 0.57 ms of CPU per call against 0.17-0.21 ms for aiohttp alone (client
    and a bare server side by side, 64 calls in flight), a tenth of the BFF's CPU on a
    computed dashboard (`bench.profile`); httpx's own pool costs more still (`python -m
    bench.micro http`). Idle connections are dropped long before the core's side closes them
    (the simulator after 75 s, kobo_serving.KEEP_ALIVE_S; a core behind a load balancer
    perhaps after 5 s), so a request is not sent on a connection being closed."""

    def __init__(self, base_url: str) -> None:
        self._base_url = base_url.rstrip("/")
        self._session: aiohttp.ClientSession | None = None

    def _pool(self) -> aiohttp.ClientSession:
        # Made at the first call, inside the event loop that serves (aiohttp binds to it).
        if self._session is None:
            self._session = aiohttp.ClientSession(
                connector=aiohttp.TCPConnector(
                    limit=CORE_CONNECTIONS, keepalive_timeout=CORE_KEEPALIVE_S
                ),
                # The core sets no cookies; nothing to keep between calls.
                cookie_jar=aiohttp.DummyCookieJar(),
                # The deadline is the client's (asyncio.timeout around each call).
                timeout=aiohttp.ClientTimeout(total=None),
            )
        return self._session

    async def send(
        self, method: str, path: str, query: Query, headers: dict[str, str], body: bytes | None
    ) -> tuple[int, bytes]:
        # The path's segments are escaped by the client already (`encoded=True` keeps them).
        url = URL(self._base_url + path, encoded=True)
        try:
            async with self._pool().request(
                method, url, params=query or None, headers=headers, data=body
            ) as response:
                return response.status, await response.read()
        except aiohttp.ClientError as exc:
            raise TransportError(str(exc) or type(exc).__name__) from exc

    async def aclose(self) -> None:
        if self._session is not None:
            await self._session.close()
            self._session = None


class InProcessTransport:
    """An httpx client, in the tests over the simulator's ASGI app."""

    def __init__(self, http: httpx.AsyncClient) -> None:
        self._http = http

    async def send(
        self, method: str, path: str, query: Query, headers: dict[str, str], body: bytes | None
    ) -> tuple[int, bytes]:
        try:
            response = await self._http.request(
                method, path, params=list(query), headers=headers, content=body
            )
        except httpx.HTTPError as exc:
            raise TransportError(str(exc) or type(exc).__name__) from exc
        return response.status_code, response.content

    async def aclose(self) -> None:
        await self._http.aclose()


class TracedTransport:
    """A span for each call, with the W3C trace context passed on in its headers, so that one
    customer action is one trace across the BFF and the core (kobo_serving/tracing.py: on
    only when tracing is). OpenTelemetry is imported only here, when it is on."""

    def __init__(self, inner: Transport, provider: TracerProvider) -> None:
        from opentelemetry.propagate import inject
        from opentelemetry.trace import SpanKind

        self._inner = inner
        self._tracer = provider.get_tracer(__name__)
        self._inject = inject
        self._client_kind = SpanKind.CLIENT

    async def send(
        self, method: str, path: str, query: Query, headers: dict[str, str], body: bytes | None
    ) -> tuple[int, bytes]:
        attributes = {"http.request.method": method, "url.path": path}
        with self._tracer.start_as_current_span(
            method, kind=self._client_kind, attributes=attributes
        ) as span:
            headers = dict(headers)
            self._inject(headers)
            status, content = await self._inner.send(method, path, query, headers, body)
            span.set_attribute("http.response.status_code", status)
            return status, content

    async def aclose(self) -> None:
        await self._inner.aclose()
