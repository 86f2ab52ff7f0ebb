"""The core client over a real socket (`CoreClient.over_network`), as production runs it:
connections are kept alive between calls, and every way the core can fail on the wire (not
listening, hanging, dropping the connection mid-answer) becomes `CoreUnavailable`, within
the client's deadline."""

from __future__ import annotations

import asyncio
import json
import socket
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest

from bff.core_client import CoreClient, CoreUnavailable
from bff.core_client.transport import NetworkTransport

Handler = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]

CLOCK = {"now": "2026-11-26T12:00:00Z", "offsetSeconds": 0}


class FakeCore:
    """An HTTP/1.1 server on a loopback port, counting the connections it accepts."""

    def __init__(self, behaviour: str) -> None:
        self.behaviour = behaviour
        self.connections = 0
        self.server: asyncio.Server | None = None

    @property
    def url(self) -> str:
        assert self.server is not None
        return f"http://127.0.0.1:{self.server.sockets[0].getsockname()[1]}"

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        try:
            while head := await reader.readuntil(b"\r\n\r\n"):
                if self.behaviour == "hang":
                    await asyncio.sleep(30)
                if self.behaviour == "drop":
                    writer.transport.abort()
                    return
                answer = CLOCK
                if self.behaviour == "echo":  # the request line, as the core received it
                    answer = {"requestLine": head.split(b"\r\n")[0].decode()}
                body = json.dumps(answer).encode()
                writer.write(
                    b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n"
                    + f"content-length: {len(body)}\r\n\r\n".encode()
                    + body
                )
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.CancelledError):
            pass
        finally:
            writer.close()


@pytest.fixture
async def fake_core(request: pytest.FixtureRequest) -> AsyncIterator[FakeCore]:
    core = FakeCore(request.param)
    core.server = await asyncio.start_server(core.handle, "127.0.0.1", 0)
    yield core
    core.server.close()


@pytest.mark.parametrize("fake_core", ["answer"], indirect=True)
async def test_calls_reuse_one_kept_alive_connection(fake_core: FakeCore) -> None:
    client = CoreClient.over_network(fake_core.url, timeout_s=2.0)
    try:
        for _ in range(5):
            assert (await client.clock()).offset_seconds == 0
    finally:
        await client.aclose()
    assert fake_core.connections == 1


@pytest.mark.parametrize("fake_core", ["hang", "drop"], indirect=True)
async def test_a_hung_or_dropped_call_is_unavailable_within_the_deadline(
    fake_core: FakeCore,
) -> None:
    client = CoreClient.over_network(fake_core.url, timeout_s=0.5)
    loop = asyncio.get_running_loop()
    started = loop.time()
    try:
        with pytest.raises(CoreUnavailable):
            await client.clock()
    finally:
        await client.aclose()
    assert loop.time() - started < 5


async def test_a_core_that_is_not_listening_is_unavailable() -> None:
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    client = CoreClient.over_network(f"http://127.0.0.1:{port}", timeout_s=2.0)
    try:
        with pytest.raises(CoreUnavailable):
            await client.clock()
    finally:
        await client.aclose()


@pytest.mark.parametrize("fake_core", ["echo"], indirect=True)
async def test_the_path_keeps_its_escapes_and_a_list_repeats_its_name(fake_core: FakeCore) -> None:
    """A reference escaped into the path ('/' as %2F) reaches the core as escaped, and a
    list in the query (activity versions' customer ids) gives one pair per item."""
    transport = NetworkTransport(fake_core.url + "/")
    try:
        status, content = await transport.send(
            "GET",
            "/core/accounts/A%2FB/lines",
            [("customerId", "C1"), ("customerId", "C2")],
            {},
            None,
        )
    finally:
        await transport.aclose()
    assert status == 200
    assert json.loads(content) == {
        "requestLine": "GET /core/accounts/A%2FB/lines?customerId=C1&customerId=C2 HTTP/1.1"
    }
