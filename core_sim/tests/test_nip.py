"""The NIP switch: name inquiry, transfer with magic outcomes and faults, status query."""

from __future__ import annotations

import asyncio

from core_sim.tests.helpers import inquire, send, tsq


async def test_name_inquiry_gives_a_30_digit_session_and_the_name(sim_client):
    answer = await inquire(sim_client, "9000000014")
    assert answer["responseCode"] == "00" and answer["accountName"] == "Adaeze Nwosu"
    assert len(answer["sessionId"]) == 30 and answer["sessionId"].startswith("090605")


async def test_unknown_account_and_bank(sim_client):
    assert (await inquire(sim_client, "9000000069"))["responseCode"] == "07"
    assert (await inquire(sim_client, "1234567890"))["responseCode"] == "07"
    assert (await inquire(sim_client, "9000000014", bank="999999"))["responseCode"] == "16"


async def test_transfer_succeeds_and_is_idempotent(sim_client):
    session_id = (await inquire(sim_client, "9000000014"))["sessionId"]
    first = (await send(sim_client, "nip-ok-0001", "9000000014", session_id)).json()
    again = (await send(sim_client, "nip-ok-0001", "9000000014", session_id)).json()
    assert first["responseCode"] == "00" and again["sessionId"] == first["sessionId"]
    assert await tsq(sim_client, "nip-ok-0001") == "00"
    other = await send(sim_client, "nip-ok-0001", "9000000014", session_id, amount=5001)
    assert other.status_code == 409


async def test_a_transfer_must_quote_a_name_inquiry_of_that_account(sim_client):
    session_id = (await inquire(sim_client, "9000000014"))["sessionId"]
    response = (await send(sim_client, "nip-bad-ne-1", "9000000076", session_id)).json()
    assert response["responseCode"] == "12"


async def test_magic_decline_and_unknown_reference(sim_client):
    session_id = (await inquire(sim_client, "9000000021"))["sessionId"]
    assert (await send(sim_client, "nip-51-00001", "9000000021", session_id)).json()[
        "responseCode"
    ] == "51"
    assert await tsq(sim_client, "never-sent-0001") == "25"


async def test_magic_timeout_then_tsq_says_success(sim_client):
    session_id = (await inquire(sim_client, "9000000038"))["sessionId"]
    response = await send(sim_client, "nip-timeout-01", "9000000038", session_id)
    assert response.status_code == 504
    assert await tsq(sim_client, "nip-timeout-01") == "00"


async def test_pending_fault_resolves_to_its_outcome(sim_client):
    await sim_client.post(
        "/sim/faults/",
        json={
            "operation": "nip.transfer",
            "effect": "pending",
            "pendingOutcome": "91",
            # Long enough that the first status query still finds it pending on a loaded
            # machine (200 ms was outlasted once, beside a CPU-heavy job).
            "resolveAfterMs": 3_000,
            "uses": 1,
        },
    )
    session_id = (await inquire(sim_client, "9000000014"))["sessionId"]
    assert (await send(sim_client, "nip-pend-0001", "9000000014", session_id)).json()[
        "responseCode"
    ] == "09"
    assert await tsq(sim_client, "nip-pend-0001") == "09"
    deadline = asyncio.get_running_loop().time() + 30
    while (code := await tsq(sim_client, "nip-pend-0001")) == "09":
        assert asyncio.get_running_loop().time() < deadline, "still pending after 30 s"
        await asyncio.sleep(0.25)
    assert code == "91"


async def test_tsq_fault_and_unknown_operation(sim_client):
    await sim_client.post(
        "/sim/faults/",
        json={"operation": "nip.tsq", "effect": "decline", "responseCode": "01", "uses": 1},
    )
    assert await tsq(sim_client, "whatever-0001") == "01"
    typo = await sim_client.post(
        "/sim/faults/", json={"operation": "nip.transfers", "effect": "timeout"}
    )
    assert typo.status_code == 400


async def test_holds_are_idempotent_on_their_reference(sim_client):
    body = {
        "reference": "hold-idem-0001",
        "account": "1020000122",
        "amountKobo": 1000,
        "narration": "x",
    }
    first = await sim_client.post("/core/holds", json=body)
    again = await sim_client.post("/core/holds", json=body)
    assert first.status_code == again.status_code == 201 and first.json() == again.json()
    clash = await sim_client.post("/core/holds", json={**body, "amountKobo": 999})
    assert clash.status_code == 409
    await sim_client.post("/core/holds/hold-idem-0001/void")
