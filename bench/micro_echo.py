"""The smallest ASGI server a core call can reach: the other end of bench/micro.py's HTTP
comparison (a JSON answer about the size of the simulator's transfer answer)."""

from __future__ import annotations

from typing import Any

BODY = (
    b'{"status":"SUCCESS","responseCode":"00","items":['
    + b",".join(b'{"a":1}' for _ in range(20))
    + b"]}"
)
HEADERS = [(b"content-type", b"application/json")]


async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] != "http":
        return
    while (await receive()).get("more_body"):
        pass
    await send({"type": "http.response.start", "status": 200, "headers": HEADERS})
    await send({"type": "http.response.body", "body": BODY})
