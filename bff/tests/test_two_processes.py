"""Two BFF processes on one PostgreSQL behave as one bank (issue 11, scale-out).

Real processes (`python -m bff serve`), not two app objects in this test's process: nothing
can be shared by accident through module state. A session opened on one is valid on the
other, a code sent by one is checked (once) by the other, sign-in failures counted by both
throttle together, and one transfer confirmed on both at the same moment moves money once.
Schedules run exactly once across processes: test_schedules.py (two job runners).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import httpx
import pytest

from bench.inbox import code_after, newest_message_id
from bench.processes import Stack
from bench.workload import free_port
from bff.tests.conftest import ADA, PASSWORD

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

LOGIN = "/auth/ibanking/personal/login"
VERIFY = "/auth/ibanking/personal/otp-verification"
ADA_CURRENT, TUNDE_CURRENT = "1020000115", "1020000218"


@pytest.fixture(scope="module")
def stack(databases, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Stack, str]]:  # type: ignore[no-untyped-def]
    work: Path = tmp_path_factory.mktemp("two-bffs")
    stack = Stack(
        bff_db=databases.new("two_bff"),
        sim_db=databases.new("two_sim"),
        bff_port=free_port(),
        sim_port=free_port(),
        log_dir=work,
        env_overrides={"SIM_LOG_LEVEL": "WARNING", "KOBO_LOG_FORMAT": "text"},
    )
    stack.start()  # the first process migrates and seeds the personas; then the second
    try:
        second = stack.start_another_bff(free_port())
        yield stack, second
    finally:
        stack.stop()


@pytest.fixture
async def clients(stack) -> AsyncIterator[tuple[httpx.AsyncClient, ...]]:  # type: ignore[no-untyped-def]
    bank, second = stack
    async with (
        httpx.AsyncClient(base_url=bank.bff_url, timeout=30) as a,
        httpx.AsyncClient(base_url=second, timeout=30) as b,
        httpx.AsyncClient(base_url=bank.sim_url, timeout=30) as sim,
    ):
        yield a, b, sim


async def fresh_code(sim: httpx.AsyncClient, before: int, recipient: str = ADA) -> str:
    code = await code_after(sim, recipient, before, within_s=10)
    assert code is not None, "no code arrived"
    return code


async def sign_in(
    login_at: httpx.AsyncClient, verify_at: httpx.AsyncClient, sim: httpx.AsyncClient
) -> str:
    before = await newest_message_id(sim, ADA)
    started = await login_at.post(LOGIN, json={"email": ADA, "password": PASSWORD})
    assert started.status_code == 200, started.text
    code = await fresh_code(sim, before)
    verified = await verify_at.post(VERIFY, json={**started.json(), "otp": code})
    assert verified.status_code == 200, verified.text
    again = await login_at.post(VERIFY, json={**started.json(), "otp": code})
    assert again.status_code == 400, "a code checked by one process is spent for the other"
    return str(verified.json()["tokenDTO"]["accessToken"])


async def test_sessions_and_codes_are_shared(clients):
    a, b, sim = clients
    token = await sign_in(a, b, sim)  # code sent by A, checked by B
    auth = {"Authorization": f"Bearer {token}"}
    assert (await a.get("/api/client-summary", headers=auth)).status_code == 200
    assert (await b.get("/api/client-summary", headers=auth)).status_code == 200
    signed_out = await b.post("/auth/ibanking/personal/logout", headers=auth)
    assert signed_out.status_code in (200, 204), signed_out.text
    assert (await a.get("/api/client-summary", headers=auth)).status_code == 401


async def test_sign_in_failures_on_both_processes_throttle_together(clients):
    a, b, _ = clients
    target = "nobody-here@example.com"
    limit = 5  # Settings.login_max_failures_per_identifier
    for attempt in range(limit):
        process = a if attempt % 2 == 0 else b
        wrong = await process.post(LOGIN, json={"email": target, "password": "Wrong@2026"})
        assert wrong.status_code == 401, wrong.text
    for process in (a, b):
        throttled = await process.post(LOGIN, json={"email": target, "password": "Wrong@2026"})
        assert throttled.status_code == 429, throttled.text


async def test_one_transfer_confirmed_on_both_processes_moves_money_once(clients):
    a, b, sim = clients
    token = await sign_in(a, a, sim)
    auth = {"Authorization": f"Bearer {token}"}

    async def balance() -> int:
        account = (await sim.get(f"/core/accounts/{ADA_CURRENT}")).json()
        return int(account["ledgerBalanceKobo"])

    opening = await balance()
    before = await newest_message_id(sim, ADA)
    started = await a.post(
        "/api/transfer/intrabank",
        headers=auth,
        json={
            "sourceAccountNumber": ADA_CURRENT,
            "destinationAccountNumber": TUNDE_CURRENT,
            "amount": 125,
            "description": "two processes",
        },
    )
    assert started.status_code == 201, started.text
    body = {"otp": await fresh_code(sim, before), "id": started.json()["id"]}
    answers = await asyncio.gather(
        a.post("/api/transfer/intrabank/confirm", headers=auth, json=body),
        b.post("/api/transfer/intrabank/confirm", headers=auth, json=body),
    )
    completed = [r for r in answers if r.status_code == 200]
    assert completed and all(r.json()["status"] == "COMPLETED" for r in completed)
    assert all(r.status_code < 500 for r in answers), [r.text for r in answers]
    assert await balance() == opening - 125_00
    check = (await sim.get("/core/ledger/balance-check")).json()
    assert check["balanced"] is True
