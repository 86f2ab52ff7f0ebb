"""Request ids and JSON logs: every log line of a request carries its id, and so does every
call it makes to the core (X-Request-ID), so one customer action can be followed across the
BFF and the simulator.

KOBO_LOG_FORMAT=json (the default in production mode) writes one JSON object per line;
`text` keeps uvicorn's readable default for development.
"""

from __future__ import annotations

import json
import logging
import re
import uuid
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

from litestar.datastructures import MutableScopeHeaders
from litestar.types import ASGIApp, Message, Receive, Scope, Send

from bff.config import production_mode
from kobo_serving.env import env_choice

HEADER = "X-Request-ID"
_ACCEPTABLE = re.compile(r"^[A-Za-z0-9._-]{8,64}$")
current_request_id: ContextVar[str | None] = ContextVar("request_id", default=None)
# The peer's address, for the audit log (behind a proxy: the proxy's, unless uvicorn is
# told to trust its forwarded headers).
current_client_address: ContextVar[str | None] = ContextVar("client_address", default=None)


class RequestIdMiddleware:
    """Takes a well-formed X-Request-ID from the proxy, or makes one; echoes it back. Also
    keeps the client's address for the request (the audit log records where from)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        incoming = dict(scope["headers"]).get(HEADER.lower().encode(), b"").decode("latin-1")
        request_id = incoming if _ACCEPTABLE.match(incoming) else uuid.uuid4().hex
        token = current_request_id.set(request_id)
        client = scope.get("client")
        address_token = current_client_address.set(client[0] if client else None)

        async def send_with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                MutableScopeHeaders.from_message(message)[HEADER] = request_id
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            current_request_id.reset(token)
            current_client_address.reset(address_token)


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if request_id := current_request_id.get():
            entry["requestId"] = request_id
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)


def log_format() -> str:
    default = "json" if production_mode() else "text"
    return env_choice("KOBO_LOG_FORMAT", default, ("json", "text"))


def log_config() -> dict[str, Any] | None:
    """uvicorn's logging configuration: JSON lines, or None for uvicorn's own default."""
    if log_format() != "json":
        return None
    handler = {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stdout"}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": "bff.observability.JsonFormatter"}},
        "handlers": {"default": handler},
        "root": {"handlers": ["default"], "level": "INFO"},
        "loggers": {
            "uvicorn": {"level": "INFO"},
            "uvicorn.access": {"level": "INFO"},
            "httpx": {"level": "WARNING"},
        },
    }
