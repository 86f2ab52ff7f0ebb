"""One log line per request with the caller's X-Request-ID, so a customer action can be
followed from the BFF's logs into the simulator's."""

from __future__ import annotations

import logging
import time

from litestar.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger("core_sim.requests")


class RequestLogMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
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
            await self.app(scope, receive, send_and_note)
        finally:
            log.info(
                "%s %s %s %.1fms requestId=%s",
                method,
                scope["path"],
                status,
                (time.perf_counter() - started) * 1000,
                request_id,
            )
