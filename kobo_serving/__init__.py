"""How both Kobo programs (the BFF and the core-banking simulator) are served: uvicorn with
httptools, uvloop when present, and Nagle's algorithm off on every connection.

Why the protocol below: with `--workers N` uvicorn binds the listening socket itself and
leaves its `proto` at 0; accepted connections inherit that, and asyncio then skips
TCP_NODELAY on them (uvicorn issue #3149). Every keep-alive response after the first then
waited ~40 ms for the client's delayed ACK: the first benchmark run measured 44 ms for a
trivial endpoint. Setting the option per connection works whatever bound the socket.
"""

from __future__ import annotations

import asyncio
import gc
import socket
from typing import TYPE_CHECKING

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

# How long an idle client connection stays open, in seconds, in both servers. Longer than the
# idle timeout of any proxy or client pool in front (deploy/nginx.conf keeps idle upstream
# connections 60 s, as do most load balancers; the BFF's pool to the core 2 s): the side that
# sends requests must be the side that closes an idle connection. Were it the server, a
# request sent down the connection as it closed would fail, and a POST (a transfer's confirm)
# is not retried: the customer would see a 502. uvicorn's own default is 5 s.
KEEP_ALIVE_S = 75

if TYPE_CHECKING:
    from litestar import Litestar

# What uvicorn's `http=` setting takes: an import string survives its worker processes.
HTTP_PROTOCOL = "kobo_serving:NoDelayHttpToolsProtocol"


class NoDelayHttpToolsProtocol(HttpToolsProtocol):
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        sock = transport.get_extra_info("socket")
        if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        super().connection_made(transport)


def freeze_startup_objects() -> None:
    """An on-startup hook: what the application built at start-up (routes, models, compiled
    statements: about 176,000 objects in the BFF) lives as long as the process, yet every full
    garbage collection walked it again, pausing the process about 90 ms each time, and every
    request in flight with it. Frozen, those objects are left out of every collection
    (Python's `gc.freeze`); what requests allocate is collected as before."""
    gc.collect()
    gc.freeze()


def served(app: Litestar) -> Litestar:
    """`app` as `python -m … serve` runs it: what it built at start-up is frozen once it has
    started. Tests use their programs' `create_app` directly, which freezes nothing."""
    app.on_startup.append(freeze_startup_objects)
    return app
