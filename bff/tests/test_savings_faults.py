"""Savings moves through the BFF under the `savings.move` scenarios, forced with
X-Sim-Scenario: the customer reads a sentence, and a retry with the same reference moves the
money once; an answer lost after the move is found by its reference."""

from __future__ import annotations

from bff.savings.service import SYSTEM_ERROR, UNAVAILABLE
from bff.tests.helpers import ADA, ADA_SAVINGS, Bff, auth, balance, ledger_is_balanced

V = "/api/savings"


async def _signed_in(bff_factory) -> tuple[Bff, str]:  # type: ignore[no-untyped-def]
    bff = await bff_factory(allow_sim_scenarios=True)
    return bff, await bff.sign_in()


async def _open(  # type: ignore[no-untyped-def]
    bff: Bff, token: str, reference: str, scenario: str | None = None, **extra: object
):
    return await bff.client.post(
        f"{V}/pockets",
        headers={**auth(token), **({"X-Sim-Scenario": scenario} if scenario else {})},
        json={
            "product": "FLEXIBLE",
            "name": "Retry",
            "sourceAccountNumber": ADA_SAVINGS,
            "amount": 1000,
            "reference": reference,
            **extra,
        },
    )


async def _move(  # type: ignore[no-untyped-def]
    bff: Bff,
    token: str,
    pocket_id: int,
    reference: str,
    direction: str = "top-up",
    scenario: str | None = None,
):
    headers = {**auth(token), **({"X-Sim-Scenario": scenario} if scenario else {})}
    return await bff.client.post(
        f"{V}/pockets/{pocket_id}/{direction}",
        headers=headers,
        json={"amount": 250, "reference": reference},
    )


async def _held(bff: Bff, token: str, pocket_id: int) -> float:
    pockets = (await bff.client.get(f"{V}/", headers=auth(token))).json()["pockets"]
    return float(next(p for p in pockets if p["id"] == pocket_id)["balance"])


async def test_a_timeout_then_a_retry_with_the_same_reference_moves_the_money_once(bff_factory):
    bff, token = await _signed_in(bff_factory)
    opened = await _open(bff, token, "bff-timeout-open")
    assert opened.status_code == 201, opened.text
    pid = opened.json()["id"]
    before = await balance(bff, ADA_SAVINGS)
    late = await _move(bff, token, pid, "bff-timeout-1", scenario="savings.move.timeout")
    assert late.status_code == 503, late.text
    assert late.json()["detail"] == UNAVAILABLE
    assert late.headers["retry-after"] == "5"
    assert await balance(bff, ADA_SAVINGS) == before  # nothing moved
    assert await _held(bff, token, pid) == 1000
    for _ in range(2):  # the customer retries, then taps again: the same reference
        again = await _move(bff, token, pid, "bff-timeout-1")
        assert again.status_code == 200, again.text
        assert again.json()["balance"] == 1250
    assert await balance(bff, ADA_SAVINGS) == (before[0] - 25_000, before[1] - 25_000)
    assert await ledger_is_balanced(bff)


async def test_the_core_down_moves_nothing_and_opening_again_opens_once(bff_factory):
    bff, token = await _signed_in(bff_factory)
    before = await balance(bff, ADA_SAVINGS)
    down = await _open(bff, token, "bff-down-open", scenario="savings.move.unavailable")
    assert (down.status_code, down.json()["detail"]) == (503, UNAVAILABLE)
    assert await balance(bff, ADA_SAVINGS) == before
    first = await _open(bff, token, "bff-down-open")
    second = await _open(bff, token, "bff-down-open")
    assert first.status_code == second.status_code == 201
    assert first.json()["id"] == second.json()["id"]
    assert await balance(bff, ADA_SAVINGS) == (before[0] - 100_000, before[1] - 100_000)
    assert await ledger_is_balanced(bff)


async def test_an_unreadable_answer_is_found_out_and_the_move_made_once(bff_factory):
    bff, token = await _signed_in(bff_factory)
    pid = (await _open(bff, token, "bff-garbled-open")).json()["id"]
    before = await balance(bff, ADA_SAVINGS)
    garbled = await _move(
        bff, token, pid, "bff-garbled-1", "withdraw", scenario="savings.move.malformed"
    )
    assert garbled.status_code == 200, garbled.text  # found by its reference: done
    assert garbled.json()["balance"] == 750
    again = await _move(bff, token, pid, "bff-garbled-1", "withdraw")
    assert again.json()["balance"] == 750
    assert await balance(bff, ADA_SAVINGS) == (before[0] + 25_000, before[1] + 25_000)
    assert await ledger_is_balanced(bff)


async def test_a_decline_tells_the_customer_and_moves_nothing(bff_factory):
    bff, token = await _signed_in(bff_factory)
    pid = (await _open(bff, token, "bff-declined-open")).json()["id"]
    before = await balance(bff, ADA_SAVINGS)
    declined = await _move(bff, token, pid, "bff-declined-1", scenario="savings.move.decline-96")
    assert (declined.status_code, declined.json()["detail"]) == (400, SYSTEM_ERROR)
    assert await balance(bff, ADA_SAVINGS) == before
    assert await _held(bff, token, pid) == 1000


async def test_a_break_whose_answer_is_lost_is_found_broken(bff_factory):
    bff, token = await _signed_in(bff_factory)
    locked = await _open(bff, token, "bff-break-open", product="LOCKED", termDays=30)
    assert locked.status_code == 201, locked.text
    pid = locked.json()["id"]
    started = await bff.client.post(f"{V}/pockets/{pid}/break", headers=auth(token), json={})
    assert started.status_code == 202, started.text
    broken = await bff.client.post(
        f"{V}/pockets/{pid}/break",
        headers={**auth(token), "X-Sim-Scenario": "savings.move.malformed"},
        json={"otp": await bff.latest_code(ADA)},
    )
    assert broken.status_code == 200, broken.text
    assert broken.json()["message"].startswith(f"₦1,000.00 is back in account {ADA_SAVINGS}")
    assert broken.json()["pocket"]["status"] == "BROKEN"
    assert await ledger_is_balanced(bff)
