"""One log line per request with the caller's X-Request-ID, so a customer action can be
followed from the BFF's logs into the simulator's."""

from __future__ import annotations

import logging
import time

from litestar.enums import ScopeType
from litestar.middleware import ASGIMiddleware
from litestar.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger("core_sim.requests")


class RequestLogMiddleware(ASGIMiddleware):
    scopes = (ScopeType.HTTP,)

    async def handle(self, scope: Scope, receive: Receive, send: Send, next_app: ASGIApp) -> None:
        method = str(scope.get("method", "-"))
        request_id = dict(scope["headers"]).get(b"x-request-id", b"-").decode("latin-1")[:64]
        started = time.perf_counter()
        status = 500

        async def send_and_note(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await next_app(scope, receive, send_and_note)
        finally:
            log.info(
                "%s %s %s %.1fms requestId=%s",
                method,
                scope["path"],
                status,
                (time.perf_counter() - started) * 1000,
                request_id,
            )
