"""Kobo under every money outcome of the scenario catalogue, forced with X-Sim-Scenario.

Each scenario is sent through the BFF as a customer would, then the background follow-up
runs (with the simulator's clock moved past any pending period): the customer-visible final
status must match the ledger, money moves once or not at all, and the ledger stays balanced.
"""

from __future__ import annotations

import base64

import httpx
import pytest

from bff.config import Settings
from bff.core_client import CoreClient, CoreUnavailable
from bff.core_client.breaker import CircuitBreaker
from bff.tests.helpers import (
    ADA,
    ADA_SAVINGS,
    GTB,
    TUNDE_ACCOUNT,
    T,
    auth,
    balance,
    follow_up,
    initiate,
    ledger_is_balanced,
    make_settings,
)
from core_sim.faults.scenarios import CATALOGUE

FINAL = {
    "ledger.transfer.decline-51": "FAILED",
    "ledger.transfer.decline-57": "FAILED",
    "ledger.transfer.timeout": "COMPLETED",  # retried with the same reference
    "ledger.transfer.delay-2s": "COMPLETED",
    "ledger.transfer.pending-then-00": "COMPLETED",
    "ledger.transfer.pending-then-51": "FAILED",
    "ledger.transfer.malformed": "COMPLETED",
    "ledger.transfer.unavailable": "COMPLETED",  # retried with the same reference
    "nip.transfer.success": "COMPLETED",
    "nip.transfer.decline-51": "FAILED",
    "nip.transfer.decline-91": "FAILED",
    "nip.transfer.timeout-then-00": "COMPLETED",
    "nip.transfer.pending-then-00": "COMPLETED",
    "nip.transfer.pending-then-91": "FAILED",
    "nip.transfer.delay-2s": "COMPLETED",
    "nip.transfer.malformed": "COMPLETED",
    "nip.transfer.unavailable": "COMPLETED",  # never seen (status query 25): sent again
}


def test_every_money_scenario_has_an_expected_outcome():
    money = {i for i, s in CATALOGUE.items() if s.operation in ("ledger.transfer", "nip.transfer")}
    assert money == set(FINAL)


@pytest.mark.parametrize("scenario", sorted(FINAL))
async def test_a_transfer_under_each_scenario_ends_consistent(
    bff_factory, scenario, sim_reseeded_after_the_file
):
    bff = await bff_factory(allow_sim_scenarios=True)
    token = await bff.sign_in()
    interbank = scenario.startswith("nip.")
    path = "other-banks" if interbank else "intrabank"
    body = (
        {"destinationAccountNumber": "9000000014", "destinationBankCode": GTB}
        if interbank
        else {"destinationAccountNumber": TUNDE_ACCOUNT}
    )
    before = await balance(bff, ADA_SAVINGS)
    started = await initiate(bff, token, path, amount=7, **body)
    assert started.status_code == 201, started.text
    code = await bff.latest_code(ADA)
    done = await bff.client.post(
        f"{T}/{path}/confirm",
        headers={**auth(token), "X-Sim-Scenario": scenario},
        json={"otp": code, "id": started.json()["id"]},
    )
    assert done.status_code in (200, 202, 422), done.text
    answer = done.json()
    assert answer.get("message") or answer.get("detail")  # the customer is always told something
    try:
        await bff.sim.post("/sim/clock/advance", json={"seconds": 60})
        for _ in range(3):
            await follow_up(bff)
    finally:
        await bff.sim.post("/sim/clock/reset")
    final = (await bff.client.get(f"{T}/{started.json()['id']}", headers=auth(token))).json()
    assert final["status"] == FINAL[scenario], final
    moved = 700 if FINAL[scenario] == "COMPLETED" else 0
    assert await balance(bff, ADA_SAVINGS) == (before[0] - moved, before[1] - moved)
    assert await ledger_is_balanced(bff)
    if moved:  # give Ada her money back: the simulator is shared by the whole session
        await _refund(bff, interbank)


async def _refund(bff, interbank: bool) -> None:  # type: ignore[no-untyped-def]
    source = "GL-NIP-SETTLEMENT" if interbank else TUNDE_ACCOUNT
    response = await bff.sim.post(
        "/core/transfers",
        json={
            "reference": f"refund-{id(bff)}",
            "debitAccount": source,
            "creditAccount": ADA_SAVINGS,
            "amountKobo": 700,
            "narration": "test refund",
        },
    )
    assert response.status_code == 200, response.text


async def test_the_header_is_ignored_unless_allowed(bff):
    token = await bff.sign_in()
    looked_up = await bff.client.post(
        f"{T}/name-inquiry",
        headers={**auth(token), "X-Sim-Scenario": "nip.name_inquiry.decline-07"},
        json={"accountNumber": "9000000014", "bankCode": GTB},
    )
    assert looked_up.json()["accountName"] == "Adaeze Nwosu"


async def test_the_header_reaches_the_simulator_when_allowed(bff_factory):
    bff = await bff_factory(allow_sim_scenarios=True)
    token = await bff.sign_in()
    looked_up = await bff.client.post(
        f"{T}/name-inquiry",
        headers={**auth(token), "X-Sim-Scenario": "nip.name_inquiry.decline-07"},
        json={"accountNumber": "9000000014", "bankCode": GTB},
    )
    assert looked_up.status_code == 400
    assert looked_up.json()["detail"] == "Invalid account details"


def test_production_mode_refuses_development_settings():
    settings = make_settings("sqlite+aiosqlite://", allow_sim_scenarios=True)
    production = Settings(**{**_fields(settings), "production": True})
    with pytest.raises(RuntimeError, match="KOBO_ALLOW_SIM_SCENARIOS must be off"):
        production.check_production(secret_from_env=True)
    with pytest.raises(RuntimeError, match="KOBO_SECRET_KEY must be set"):
        Settings(
            **{**_fields(settings), "production": True, "allow_sim_scenarios": False}
        ).check_production(secret_from_env=False)


def test_production_mode_from_the_environment(monkeypatch):
    monkeypatch.setenv("KOBO_ENV", "production")
    monkeypatch.delenv("KOBO_SECRET_KEY", raising=False)
    with pytest.raises(RuntimeError, match="Refusing to start in production mode"):
        Settings.from_env()
    monkeypatch.setenv("KOBO_SECRET_KEY", "embedded-development-key-not-for-production")
    with pytest.raises(RuntimeError, match="a development key from this repository"):
        Settings.from_env()
    monkeypatch.setenv("KOBO_SECRET_KEY", "x" * 40)
    monkeypatch.setenv("KOBO_SEED_PERSONAS", "1")
    with pytest.raises(RuntimeError, match="KOBO_SEED_PERSONAS must be off"):
        Settings.from_env()
    monkeypatch.setenv("KOBO_SEED_PERSONAS", "0")
    monkeypatch.setenv("KOBO_FILE_KEYS", "k1:" + base64.b64encode(bytes(range(32))).decode())
    with pytest.raises(RuntimeError, match="localhost is for development only"):
        Settings.from_env()
    monkeypatch.setenv("KOBO_WEBAUTHN_RP_ID", "bank.example")
    monkeypatch.setenv("KOBO_WEBAUTHN_ORIGINS", "https://bank.example")
    assert Settings.from_env().production


def _fields(settings: Settings) -> dict[str, object]:
    return {name: getattr(settings, name) for name in Settings.__dataclass_fields__}


class FlakyCore:
    """A transport that is down until told otherwise, counting what reaches it."""

    def __init__(self) -> None:
        self.up = False
        self.calls = 0

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.calls += 1
        if not self.up:
            raise httpx.ConnectError("connection refused", request=request)
        return httpx.Response(200, json=[])


async def test_the_breaker_fails_fast_then_recovers_by_itself():
    core = FlakyCore()
    now = [0.0]
    breaker = CircuitBreaker(failure_threshold=3, reset_after_s=5, monotonic=lambda: now[0])
    client = CoreClient(
        httpx.AsyncClient(transport=httpx.MockTransport(core), base_url="http://core"),
        timeout_s=1,
        breaker=breaker,
    )
    for _ in range(3):
        with pytest.raises(CoreUnavailable) as failed:
            await client.account_types()
        assert failed.value.sent
    assert breaker.is_open and core.calls == 3
    for _ in range(10):  # open: nothing is sent, the answer is immediate
        with pytest.raises(CoreUnavailable) as fast:
            await client.account_types()
        assert not fast.value.sent
    assert core.calls == 3
    now[0] += 5  # half-open: one trial, still down, open again
    with pytest.raises(CoreUnavailable):
        await client.account_types()
    assert core.calls == 4 and breaker.is_open
    core.up = True
    now[0] += 5
    assert await client.account_types() == []  # the trial succeeds: closed again
    assert not breaker.is_open
    assert await client.account_types() == [] and core.calls == 6
    await client.aclose()


async def test_a_dead_core_gives_a_fast_clear_503(bff_factory):
    bff = await bff_factory()
    token = await bff.sign_in()
    dead = CoreClient(
        httpx.AsyncClient(base_url="http://127.0.0.1:1"),
        timeout_s=0.5,
        breaker=CircuitBreaker(failure_threshold=2, reset_after_s=60),
    )
    bff.app.state.dashboard_service.core = dead
    for _ in range(4):
        response = await bff.client.get("/api/client-summary", headers=auth(token))
        assert response.status_code == 503
        assert "Please try again" in response.json()["detail"]
    assert dead.breaker.is_open
    await dead.aclose()


async def test_a_transport_that_breaks_unexpectedly_is_an_outage_not_a_500():
    """httpcore has raised AttributeError on a connection dropped mid-request: the caller must
    see what any lost answer is (unknown outcome), not an unhandled error."""

    def broken(request: httpx.Request) -> httpx.Response:
        raise AttributeError("'NoneType' object has no attribute 'read'")

    client = CoreClient(
        httpx.AsyncClient(transport=httpx.MockTransport(broken), base_url="http://core"),
        timeout_s=1,
    )
    with pytest.raises(CoreUnavailable) as lost:
        await client.account_types()
    assert lost.value.sent
    await client.aclose()
