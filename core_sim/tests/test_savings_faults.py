"""Savings money moves under the `savings.move` scenarios (fixtures/scenarios.json): a decline,
a time-out or the core down moves nothing, and the same reference sent again moves the money
once; an unreadable answer hides a move made once, which its posting shows."""

from __future__ import annotations

import json

import httpx
import pytest

ADA, ADA_SAVINGS = "CIF00000001", "1020000115"
P = "/core/savings/pockets"


async def _open(sim: httpx.AsyncClient, reference: str, **terms: object) -> dict:  # type: ignore[type-arg]
    body = {
        "reference": reference,
        "customerId": ADA,
        "sourceAccount": ADA_SAVINGS,
        "product": "FLEXIBLE",
        "name": "Faults",
        "amountKobo": 100_000,
        **terms,
    }
    opened = await sim.post(P, json=body)
    assert opened.status_code == 201, opened.text
    return dict(opened.json())


async def _balances(sim: httpx.AsyncClient, pocket: dict) -> tuple[int, int]:  # type: ignore[type-arg]
    """(Ada's account, the pocket), in kobo."""
    account = (await sim.get(f"/core/accounts/{ADA_SAVINGS}")).json()["ledgerBalanceKobo"]
    held = await sim.get(f"{P}/{pocket['id']}", params={"customerId": ADA})
    return int(account), int(held.json()["balanceKobo"])


async def _posted(sim: httpx.AsyncClient, reference: str) -> bool:
    return (await sim.get(f"/core/postings/{reference}")).status_code == 200


async def _move(
    sim: httpx.AsyncClient,
    pocket: dict,  # type: ignore[type-arg]
    reference: str,
    direction: str = "top-up",
    scenario: str | None = None,
) -> httpx.Response:
    return await sim.post(
        f"{P}/{pocket['id']}/{direction}",
        json={"reference": reference, "customerId": ADA, "amountKobo": 5_000},
        headers={"X-Sim-Scenario": scenario} if scenario else {},
    )


@pytest.mark.parametrize(
    ("scenario", "status", "code"),
    [
        ("savings.move.decline-96", 400, "96"),
        ("savings.move.timeout", 504, "97"),
        ("savings.move.unavailable", 503, "91"),
    ],
)
async def test_a_refused_move_moves_nothing_and_the_same_reference_moves_once(
    sim_client: httpx.AsyncClient, scenario: str, status: int, code: str
) -> None:
    pocket = await _open(sim_client, f"open-{scenario}")
    before = await _balances(sim_client, pocket)
    refused = await _move(sim_client, pocket, f"in-{scenario}", scenario=scenario)
    assert (refused.status_code, refused.json()["responseCode"]) == (status, code)
    assert await _balances(sim_client, pocket) == before
    assert not await _posted(sim_client, f"SAV-IN-in-{scenario}")
    for _ in range(2):  # sent again, and again: once
        again = await _move(sim_client, pocket, f"in-{scenario}")
        assert again.status_code == 200, again.text
        assert await _balances(sim_client, pocket) == (before[0] - 5_000, before[1] + 5_000)


async def test_an_unreadable_answer_hides_a_move_made_once(sim_client: httpx.AsyncClient) -> None:
    pocket = await _open(sim_client, "open-malformed")
    before = await _balances(sim_client, pocket)
    garbled = await _move(sim_client, pocket, "out-malformed", "withdraw", "savings.move.malformed")
    assert garbled.status_code == 200
    with pytest.raises(json.JSONDecodeError):
        garbled.json()
    assert await _posted(sim_client, "SAV-OUT-out-malformed")  # it was done
    assert await _balances(sim_client, pocket) == (before[0] + 5_000, before[1] - 5_000)
    again = await _move(sim_client, pocket, "out-malformed", "withdraw")
    assert again.json()["balanceKobo"] == before[1] - 5_000


async def test_a_stored_rule_matches_the_pocket_and_the_amount(
    sim_client: httpx.AsyncClient,
) -> None:
    chosen, other = await _open(sim_client, "open-chosen"), await _open(sim_client, "open-other")
    rule = {"operation": "savings.move", "effect": "decline", "responseCode": "96"}
    added = await sim_client.post("/sim/faults/", json={**rule, "account": chosen["number"]})
    assert added.status_code == 201, added.text
    assert (await _move(sim_client, other, "rule-other")).status_code == 200
    assert (await _move(sim_client, chosen, "rule-chosen")).json()["responseCode"] == "96"
    await sim_client.delete("/sim/faults/")
    # Opening with money asks too: the rule names the account it is funded from.
    await sim_client.post(
        "/sim/faults/",
        json={**rule, "account": ADA_SAVINGS, "amountKobo": 123_456, "uses": 1},
    )
    refused = await sim_client.post(
        P,
        json={
            "reference": "open-refused",
            "customerId": ADA,
            "sourceAccount": ADA_SAVINGS,
            "product": "FLEXIBLE",
            "name": "Refused",
            "amountKobo": 123_456,
        },
    )
    assert refused.status_code == 400
    listed = (await sim_client.get(P, params={"customerId": ADA})).json()["pockets"]
    assert "Refused" not in [p["name"] for p in listed]
    assert (await _open(sim_client, "open-refused", amountKobo=123_456))["balanceKobo"] == 123_456
    # A rule's account is an account number or a pocket's.
    wrong = await sim_client.post("/sim/faults/", json={**rule, "account": "SAV12"})
    assert wrong.status_code == 400


async def test_breaking_meets_the_fault_before_anything_moves(
    sim_client: httpx.AsyncClient,
) -> None:
    pocket = await _open(sim_client, "open-locked", product="LOCKED", termDays=30)
    body = {"reference": "break-1", "customerId": ADA}
    down = await sim_client.post(
        f"{P}/{pocket['id']}/break",
        json=body,
        headers={"X-Sim-Scenario": "savings.move.unavailable"},
    )
    assert down.status_code == 503
    still = await sim_client.get(f"{P}/{pocket['id']}", params={"customerId": ADA})
    assert (still.json()["status"], still.json()["balanceKobo"]) == ("ACTIVE", 100_000)
    broken = await sim_client.post(f"{P}/{pocket['id']}/break", json=body)
    assert broken.status_code == 200, broken.text
    assert (broken.json()["pocket"]["status"], broken.json()["returnedKobo"]) == ("BROKEN", 100_000)
