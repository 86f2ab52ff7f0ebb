"""Reading one-time codes from the simulator's outbox, as a tester does."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import httpx

CODE = re.compile(r"\b(\d{6})\b")


async def newest_message_id(sim: httpx.AsyncClient, recipient: str) -> int:
    """The id of the newest message to `recipient` (0 if none), to tell a fresh code later."""
    inbox = (await sim.get("/sim/messages", params={"recipient": recipient, "limit": 1})).json()
    return int(inbox[0]["id"]) if inbox else 0


async def code_after(
    sim: httpx.AsyncClient, recipient: str, message_id: int, *, tries: int, pause_s: float
) -> str | None:
    """The code in the first message to `recipient` newer than `message_id`, polling up to
    `tries` times; None if none came."""
    for _ in range(tries):
        inbox = (await sim.get("/sim/messages", params={"recipient": recipient, "limit": 5})).json()
        for message in inbox:
            if int(message["id"]) > message_id and (found := CODE.search(message["body"])):
                return found.group(1)
        await asyncio.sleep(pause_s)
    return None


async def mail_after(
    sim: httpx.AsyncClient, recipient: str, message_id: int, *, tries: int, pause_s: float
) -> dict[str, Any] | None:
    """The first message to `recipient` newer than `message_id`, polling up to `tries` times."""
    for _ in range(tries):
        inbox = (await sim.get("/sim/messages", params={"recipient": recipient, "limit": 1})).json()
        if inbox and int(inbox[0]["id"]) > message_id:
            return dict(inbox[0])
        await asyncio.sleep(pause_s)
    return None
