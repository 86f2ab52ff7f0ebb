"""Reading one-time codes and mail from the simulator's outbox, as a tester does."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from typing import Any

import httpx

CODE = re.compile(r"\b(\d{6})\b")
# How many of the newest messages each poll reads: under load a customer's other mail (a
# debit alert sent after the previous answer) can land between their code and the poll.
LOOK_BACK = 20


async def newest_message_id(sim: httpx.AsyncClient, recipient: str) -> int:
    """The id of the newest message to `recipient` (0 if none), to tell a fresh code later."""
    inbox = (await sim.get("/sim/messages", params={"recipient": recipient, "limit": 1})).json()
    return int(inbox[0]["id"]) if inbox else 0


async def message_after(
    sim: httpx.AsyncClient,
    recipient: str,
    message_id: int,
    *,
    within_s: float,
    wanted: Callable[[dict[str, Any]], bool] = lambda _message: True,
    pause_s: float = 0.02,
) -> dict[str, Any] | None:
    """The newest message to `recipient` after `message_id` that is `wanted`, polling until
    `within_s` has passed (a deadline, not a number of tries: a poll is slow under load);
    None if none came."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + within_s
    while True:
        params: dict[str, str | int] = {"recipient": recipient, "limit": LOOK_BACK}
        for message in (await sim.get("/sim/messages", params=params)).json():
            if int(message["id"]) > message_id and wanted(message):
                return dict(message)
        if loop.time() >= deadline:
            return None
        await asyncio.sleep(pause_s)


async def code_after(
    sim: httpx.AsyncClient, recipient: str, message_id: int, *, within_s: float
) -> str | None:
    """The code in the newest message to `recipient` after `message_id` (issuing a code
    again replaces the open one, so the newest is the one that works)."""
    message = await message_after(
        sim, recipient, message_id, within_s=within_s, wanted=lambda m: bool(CODE.search(m["body"]))
    )
    found = CODE.search(message["body"]) if message else None
    return found.group(1) if found else None
