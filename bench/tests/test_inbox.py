"""bench/inbox.py finds a customer's fresh code or mail in the simulator's outbox."""

from __future__ import annotations

from typing import Any

import httpx

from bench.inbox import code_after, message_after

ADA = "ada@example.com"


def outbox(messages: list[dict[str, Any]], calls: list[int]) -> httpx.AsyncClient:
    """A simulator whose outbox holds `messages` (newest first); `calls` counts the polls."""

    def answer(request: httpx.Request) -> httpx.Response:
        calls.append(1)
        limit = int(request.url.params["limit"])
        mine = [m for m in messages if m["recipient"] == request.url.params["recipient"]]
        return httpx.Response(200, json=mine[:limit])

    return httpx.AsyncClient(transport=httpx.MockTransport(answer), base_url="http://sim")


async def test_the_newest_fresh_code_is_read_past_other_mail() -> None:
    messages = [
        {"id": 9, "recipient": ADA, "body": "Debit alert: NGN 1,000.00 left your account"},
        {"id": 8, "recipient": ADA, "body": "Your Kobo verification code is 222222."},
        {"id": 7, "recipient": ADA, "body": "Your Kobo verification code is 111111."},
        {"id": 5, "recipient": ADA, "body": "Your Kobo verification code is 000000."},
    ]
    async with outbox(messages, []) as sim:
        assert await code_after(sim, ADA, 6, within_s=1) == "222222"


async def test_no_fresh_code_gives_none_once_the_time_is_up() -> None:
    calls: list[int] = []
    messages = [{"id": 5, "recipient": ADA, "body": "Your Kobo verification code is 000000."}]
    async with outbox(messages, calls) as sim:
        assert await code_after(sim, ADA, 5, within_s=0.1) is None
    assert len(calls) > 1  # it polled again until the deadline, then gave up


async def test_a_wanted_mail_is_found_among_newer_ones() -> None:
    messages = [
        {"id": 4, "recipient": ADA, "body": "Login alert"},
        {"id": 3, "recipient": ADA, "body": "Your statement", "attachments": [{"name": "s.pdf"}]},
    ]
    async with outbox(messages, []) as sim:
        mail = await message_after(
            sim, ADA, 2, within_s=1, wanted=lambda m: bool(m.get("attachments"))
        )
    assert mail is not None and mail["id"] == 3
