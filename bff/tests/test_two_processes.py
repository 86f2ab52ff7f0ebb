"""Two BFF processes on one PostgreSQL behave as one bank (issue 11, scale-out).

Real processes (`python -m bff serve`), not two app objects in this test's process: nothing
can be shared by accident through module state. A session opened on one is valid on the
other, a code sent by one is checked (once) by the other, sign-in failures counted by both
throttle together, rate limits are counted once for both (in Redis, exactly), and one
transfer confirmed on both at the same moment moves money once.
Schedules run exactly once across processes: test_schedules.py (two job runners). Every
test runs twice: straight to PostgreSQL, and through PgBouncer in transaction pooling mode.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import httpx
import pytest

from bench.inbox import code_after, newest_message_id
from bench.processes import Stack
from bench.workload import free_port
from bff.tests.helpers import ADA, CHIOMA, PASSWORD

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

LOGIN = "/auth/ibanking/personal/login"
VERIFY = "/auth/ibanking/personal/otp-verification"
ADA_CURRENT, TUNDE_CURRENT = "1020000115", "1020000218"
NAME_INQUIRY = "/api/transfer/intrabank-name-inquiry"
NAME_INQUIRIES_PER_MINUTE = 12


@pytest.fixture(scope="module", params=["direct", "pgbouncer"])
def stack(
    request, databases, redis_server, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Stack, str]]:  # type: ignore[no-untyped-def]
    """The two BFFs (and the simulator) connected to PostgreSQL directly, or through one
    PgBouncer in transaction pooling mode (KOBO_DB_PGBOUNCER=1), as a deployment may be."""
    work: Path = tmp_path_factory.mktemp("two-bffs")
    bff_db, sim_db = databases.new("two_bff"), databases.new("two_sim")
    pooled: dict[str, str] = {}
    if request.param == "pgbouncer":
        pooler = request.getfixturevalue("pgbouncer_server")
        bff_db, sim_db = pooler.through(bff_db), pooler.through(sim_db)
        pooled = {"KOBO_DB_PGBOUNCER": "1"}
    stack = Stack(
        bff_db=bff_db,
        sim_db=sim_db,
        bff_port=free_port(),
        sim_port=free_port(),
        log_dir=work,
        env_overrides={
            "SIM_LOG_LEVEL": "WARNING",
            "KOBO_LOG_FORMAT": "text",
            # Both processes count rate limits in one Redis, as a deployment does.
            "REDIS_URL": redis_server.url,
            "KOBO_REDIS_KEY_PREFIX": f"{redis_server.prefix}-{work.name}",
            # Every call here comes from 127.0.0.1: with room in the per-address limit, what
            # stops the guessing below is the per-account counters in the database, which
            # these tests are about. Name inquiry keeps a small limit, which one test fills.
            "KOBO_RATE_LIMIT_AUTH_PER_MINUTE": "1000",
            "KOBO_RATE_LIMIT_NAME_INQUIRY_PER_MINUTE": str(NAME_INQUIRIES_PER_MINUTE),
            **pooled,
        },
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


async def test_rate_limits_are_exact_across_processes(clients):
    """40 name inquiries at once from one address, split over both processes, against a
    limit of 12 a minute: exactly 12 reach the handler (401: no session) and 28 are refused.
    Redis counts each in one atomic step; a read followed by a write lets several requests
    read the same count and pass."""
    a, b, _ = clients
    body = {"accountNumber": "1020000122"}
    answers = await asyncio.gather(
        *(client.post(NAME_INQUIRY, json=body) for client in (a, b) * 20)
    )
    statuses = Counter(answer.status_code for answer in answers)
    assert statuses == {401: NAME_INQUIRIES_PER_MINUTE, 429: 40 - NAME_INQUIRIES_PER_MINUTE}
    refused = next(answer for answer in answers if answer.status_code == 429)
    assert refused.headers["ratelimit-limit"] == str(NAME_INQUIRIES_PER_MINUTE)
    assert 1 <= int(refused.headers["retry-after"]) <= 60


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


async def test_wrong_codes_on_both_processes_pause_the_second_factor_together(clients):
    """NIST SP 800-63B 5.2.2 across processes: 10 wrong codes in a row for one account, over
    five sign-ins spread on both processes (each sign-in's two wrong codes sent to both at
    once), pause the second factor on both; the right code is refused then too."""
    a, b, sim = clients
    limit = 10  # Settings.code_max_consecutive_failures
    before = await newest_message_id(sim, CHIOMA)
    latest = before
    for sign_in_number in range(limit // 2):
        process = (a, b)[sign_in_number % 2]
        started = await process.post(LOGIN, json={"email": CHIOMA, "password": PASSWORD})
        assert started.status_code == 200, started.text
        code = await fresh_code(sim, latest, CHIOMA)
        latest = await newest_message_id(sim, CHIOMA)
        wrong = f"{(int(code) + 1) % 1_000_000:06d}"
        answers = await asyncio.gather(
            a.post(VERIFY, json={**started.json(), "otp": wrong}),
            b.post(VERIFY, json={**started.json(), "otp": wrong}),
        )
        assert [r.status_code for r in answers] == [400, 400], [r.text for r in answers]
    # Paused everywhere: the right code of the open challenge, and any new sign-in.
    for process in (a, b):
        right = await process.post(VERIFY, json={**started.json(), "otp": code})
        assert right.status_code == 429 and "paused" in right.json()["detail"], right.text
        again = await process.post(LOGIN, json={"email": CHIOMA, "password": PASSWORD})
        assert again.status_code == 429 and int(again.headers["retry-after"]) > 0, again.text
    inbox = (await sim.get("/sim/messages", params={"recipient": CHIOMA})).json()
    notices = [m for m in inbox if m["id"] > before and "wrong codes" in m["subject"]]
    assert len(notices) == 1, "the owner is told once, by the process that paused"


async def test_sign_in_codes_sent_on_both_processes_count_together(clients):
    """Each sign-in sends an SMS and an e-mail: at most 10 in the window per account
    (Settings.login_codes_per_window), whichever process the sign-ins reach. Sign-ins
    alternate between the processes until refused: both refuse once the account's total
    reaches 10, though neither process alone has sent 10. (Last in this module: Ada's
    sign-ins of the tests above count too.)"""
    a, b, sim = clients
    limit = 10
    accepted = {"a": 0, "b": 0}
    for attempt in range(limit + 1):
        name, process = (("a", a), ("b", b))[attempt % 2]
        started = await process.post(LOGIN, json={"email": ADA, "password": PASSWORD})
        if started.status_code == 429:
            break
        assert started.status_code == 200, started.text
        accepted[name] += 1
    assert 0 < accepted["a"] < limit and 0 < accepted["b"] < limit, accepted
    sent = await newest_message_id(sim, ADA)
    for process in (a, b):
        refused = await process.post(LOGIN, json={"email": ADA, "password": PASSWORD})
        assert refused.status_code == 429, refused.text
        assert "Too many codes were requested" in refused.json()["detail"]
    await asyncio.sleep(0.5)  # a code sent anyway would have arrived by now
    assert await newest_message_id(sim, ADA) == sent, "no SMS or e-mail after the limit"
