"""A bank-workload fault test in the style of Jepsen's bank test.

Customers do concurrent transfers of all four kinds (same bank, own account, other bank,
bulk), bill payments and scheduled payments through the real BFF, while faults are injected
(per-request X-Sim-Scenario headers and stored fault rules drawn from the scenario catalogue)
and the BFF process is killed with SIGKILL and restarted mid-run. After the run, faults are
cleared, time moves on and the BFF's own background work reconciles. A checker then proves:

1. the ledger balances (every posting sums to zero: no debit without its credit);
2. the customers' money is conserved: the sum of their balances changed by exactly the
   completed payments that leave the bank (other-bank transfers and bills);
3. no payment was applied twice, and each payment's status matches the ledger: a completed
   one has exactly its posting with its amount, a failed or abandoned one has none;
4. nothing is still held, pending or processing after reconciliation;
5. what the customer sees through the API equals the BFF's record, for every payment;
6. savings (issue 58): each pocket holds exactly what its acknowledged top-ups and
   withdrawals (each retried under its reference until answered) and its net interest say,
   after the clock moves 31 days; each pocket's interest is its accrual rows', once.

    python -m bench.workload --seconds 20 --customers 4              # small (the test command)
    python -m bench.workload --seconds 300 --postgres --report docs/reliability.md
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import socket
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol
from zoneinfo import ZoneInfo

import httpx
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from bench.inbox import code_after, newest_message_id
from bench.processes import Stack
from bench.report import write_section
from core_sim.faults.scenarios import CATALOGUE

LAGOS = ZoneInfo("Africa/Lagos")
KOBO = "090605"
GTB = "000013"
PASSWORD = "Kobo@2026"  # noqa: S105 (the seeded demo personas' password)
# Customers with internet banking and the accounts whose balances are tracked.
CUSTOMERS = {
    "ada.okafor@example.com": ["1020000115", "1020000122", "1020000139"],
    "tunde.bakare@example.com": ["1020000218"],
    "chioma.eze@example.com": ["1020000311"],
}
TRACKED = [n for numbers in CUSTOMERS.values() for n in numbers] + ["1020000414"]
CUSTOMER_IDS = {
    "ada.okafor@example.com": "CIF00000001",
    "tunde.bakare@example.com": "CIF00000002",
    "chioma.eze@example.com": "CIF00000003",
}
EXTERNAL_OK = "9000000014"  # GTBank account that behaves normally
# Which catalogue scenarios may be put on which kind of operation's request.
HEADER_SCENARIOS = {
    "intrabank": [s for s in CATALOGUE if s.startswith(("ledger.transfer.", "messaging."))],
    "own": [s for s in CATALOGUE if s.startswith("ledger.transfer.")],
    "interbank": [s for s in CATALOGUE if s.startswith(("nip.", "accounts.read."))],
    "bulk": [s for s in CATALOGUE if s.startswith("ledger.transfer.")],
    "bill": [s for s in CATALOGUE if s.startswith("bills.vend.") or s.startswith("bills.requery")],
    "schedule": [s for s in CATALOGUE if s.startswith("messaging.")],
}
# Stored rules injected during the run (uses 1-3 each): every money operation and its queries.
RULE_SCENARIOS = [
    s
    for s in CATALOGUE
    if s.startswith(("ledger.transfer.", "nip.transfer.", "nip.tsq.", "bills.vend.", "bills."))
    and "delay" not in s
]


class Endpoints(Protocol):
    """Where the clients send their requests: a `Stack` on loopback, or the drill's bank
    behind nginx (bench/drill). `bff_verify`: the CA file of an https `bff_url`, or True."""

    @property
    def bff_url(self) -> str: ...
    @property
    def sim_url(self) -> str: ...


@dataclass(frozen=True)
class Ack:
    """A payment the API acknowledged: a confirmation answered 200 (completed), 202
    (accepted, pending) or 422 (failed), when it was sent and answered (monotonic s)."""

    kind: str
    payment_id: str
    status_code: int
    sent_at: float
    answered_at: float


@dataclass
class Tally:
    operations: Counter[str] = field(default_factory=Counter)
    outcomes: Counter[str] = field(default_factory=Counter)
    headers: Counter[str] = field(default_factory=Counter)
    rules: Counter[str] = field(default_factory=Counter)
    transfer_ids: set[str] = field(default_factory=set)
    bill_ids: set[str] = field(default_factory=set)
    refusals: Counter[str] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)
    restarts: int = 0
    connection_errors: int = 0
    acks: list[Ack] = field(default_factory=list)
    # Savings: each pocket's balance as the acknowledged moves make it (kobo).
    pockets: dict[int, int] = field(default_factory=dict)


def detail(response: httpx.Response) -> str:
    try:
        return str(response.json().get("detail", ""))[:90]
    except ValueError:
        return response.text[:90]


class Customer:
    def __init__(
        self,
        email: str,
        stack: Endpoints,
        tally: Tally,
        rng: random.Random,
        verify: str | bool = True,
        kinds: Sequence[str] | None = None,
    ) -> None:
        """`kinds`: the operations drawn from (default: every kind this customer can do)."""
        self.email = email
        self.accounts = CUSTOMERS[email]
        self.stack = stack
        self.tally = tally
        self.rng = rng
        self.kinds = list(kinds) if kinds is not None else None
        self.http = httpx.AsyncClient(base_url=stack.bff_url, timeout=30, verify=verify)
        self.sim = httpx.AsyncClient(base_url=stack.sim_url, timeout=30)
        self.token: str | None = None
        self.pocket_id: int | None = None

    async def close(self) -> None:
        await self.http.aclose()
        await self.sim.aclose()

    # -- plumbing ---------------------------------------------------------------------------

    async def _newest_message_id(self) -> int:
        return await newest_message_id(self.sim, self.email)

    async def _code_after(self, message_id: int) -> str | None:
        return await code_after(self.sim, self.email, message_id, within_s=4)

    async def _call(
        self, method: str, path: str, body: Any = None, scenario: str | None = None
    ) -> httpx.Response:
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        if scenario:
            headers["X-Sim-Scenario"] = scenario
            self.tally.headers[scenario] += 1
        return await self.http.request(method, path, json=body, headers=headers)

    async def sign_in(self) -> None:
        self.token = None
        before = await self._newest_message_id()
        login = await self._call(
            "POST", "/auth/ibanking/personal/login", {"email": self.email, "password": PASSWORD}
        )
        login.raise_for_status()
        code = await self._code_after(before)
        if code is None:
            inbox = (await self.sim.get("/sim/messages", params={"recipient": self.email})).json()
            raise RuntimeError(
                f"no sign-in code for {self.email} after message {before}: {login.text} {inbox[:2]}"
            )
        verified = await self._call(
            "POST",
            "/auth/ibanking/personal/otp-verification",
            {**login.json(), "otp": code},
        )
        verified.raise_for_status()
        self.token = verified.json()["tokenDTO"]["accessToken"]

    def _scenario(self, kind: str) -> str | None:
        choices = HEADER_SCENARIOS[kind]
        return self.rng.choice(choices) if choices and self.rng.random() < 0.35 else None

    async def _with_code(
        self, kind: str, start: tuple[str, Any], confirm_path: str, id_field: str
    ) -> None:
        """Start a payment (a code is sent), confirm it with the code, count the outcome."""
        before = await self._newest_message_id()
        started = await self._call("POST", start[0], start[1])
        self.tally.operations[kind] += 1
        if started.status_code != 201:
            self.tally.refusals[f"{kind}: {started.status_code} {detail(started)}"] += 1
            self.tally.outcomes[f"{kind}: refused {started.status_code}"] += 1
            return
        payment_id = started.json()[id_field if id_field in started.json() else "id"]
        (self.tally.bill_ids if kind == "bill" else self.tally.transfer_ids).add(payment_id)
        code = await self._code_after(before)
        if code is None:
            self.tally.outcomes[f"{kind}: no code delivered"] += 1
            return
        id_key = "utilityVendingRequestId" if kind == "bill" else "id"
        sent_at = time.monotonic()
        confirmed = await self._call(
            "POST" if kind != "schedule" else "PATCH",
            confirm_path,
            {"otp": code, id_key: payment_id}
            if kind != "schedule"
            else {"otp": code, "referenceNumber": payment_id},
            scenario=self._scenario(kind),
        )
        self.tally.outcomes[f"{kind}: {confirmed.status_code}"] += 1
        answered_at = time.monotonic()
        if kind == "bulk" and confirmed.status_code == 200:
            for row in confirmed.json().get("transfers", []):
                self.tally.transfer_ids.add(row["id"])
                told = {"COMPLETED": 200, "FAILED": 422}.get(row.get("status", ""), 202)
                self.tally.acks.append(Ack(kind, row["id"], told, sent_at, answered_at))
        elif kind != "schedule" and confirmed.status_code in (200, 202, 422):
            self.tally.acks.append(
                Ack(kind, payment_id, confirmed.status_code, sent_at, answered_at)
            )

    # -- the operations -------------------------------------------------------------------

    def _amount(self) -> int:
        return self.rng.choice([1, 5, 20, 75, 150, 400, 2_500])

    def _other_customer_account(self) -> str:
        return self.rng.choice([n for n in TRACKED if n not in self.accounts])

    async def intrabank(self) -> None:
        body = {
            "sourceAccountNumber": self.rng.choice(self.accounts),
            "destinationAccountNumber": self._other_customer_account(),
            "amount": self._amount(),
            "description": "workload",
        }
        await self._with_code(
            "intrabank", ("/api/transfer/intrabank", body), "/api/transfer/intrabank/confirm", "id"
        )

    async def own(self) -> None:
        source, destination = self.rng.sample(self.accounts, 2)
        body = {
            "sourceAccountNumber": source,
            "destinationAccountNumber": destination,
            "amount": self._amount(),
            "description": "workload own",
        }
        await self._with_code(
            "own", ("/api/transfer/own-account", body), "/api/transfer/intrabank/confirm", "id"
        )

    async def interbank(self) -> None:
        inquiry = await self._call(
            "POST",
            "/api/transfer/name-inquiry",
            {"accountNumber": EXTERNAL_OK, "bankCode": GTB},
            scenario=self._scenario("interbank") if self.rng.random() < 0.3 else None,
        )
        if inquiry.status_code != 200:
            self.tally.operations["interbank"] += 1
            self.tally.outcomes[f"interbank: name inquiry {inquiry.status_code}"] += 1
            return
        body = {
            "sourceAccountNumber": self.rng.choice(self.accounts),
            "destinationAccountNumber": EXTERNAL_OK,
            "destinationBankCode": GTB,
            "nameInquiryReference": inquiry.json()["nameInquiryReference"],
            "amount": self._amount(),
            "description": "workload nip",
        }
        await self._with_code(
            "interbank",
            ("/api/transfer/other-banks", body),
            "/api/transfer/other-banks/confirm",
            "id",
        )

    async def bulk(self) -> None:
        source = self.rng.choice(self.accounts)
        rows = [
            {
                "sourceAccountNumber": source,
                "destinationAccountNumber": self._other_customer_account(),
                "destinationBankCode": KOBO,
                "amount": self._amount(),
                "description": f"workload bulk {i}",
            }
            for i in range(self.rng.randint(2, 3))
        ]
        await self._with_code(
            "bulk", ("/api/transfer/bulk", {"transfers": rows}), "/api/transfer/bulk/confirm", "id"
        )

    async def bill(self) -> None:
        body = {
            "utilityProductType": "AIRTIME",
            "nuban": self.rng.choice(self.accounts),
            "phoneNumber": self.rng.choice(["08031112222", "08099990001", "08099990003"]),
            "amount": self.rng.choice([50, 100, 200]),
            "airtimeProviderCode": self.rng.choice(["MTN", "GLO", "AIRTEL"]),
        }
        await self._with_code(
            "bill",
            ("/api/utility/providers/airtime/vend/initiate", body),
            "/api/utility/providers/airtime/vend/confirm",
            "utilityVendingRequestId",
        )

    async def schedule(self) -> None:
        today = (await self._bank_now()).astimezone(LAGOS).date()
        body = {
            "sourceAccountNumber": self.rng.choice(self.accounts),
            "destinationAccountNumber": self._other_customer_account(),
            "amount": self._amount(),
            "description": "workload schedule",
            "schedulePaymentSetting": {
                "schedulePaymentDate": today.isoformat(),
                "continuous": False,
            },
        }
        before = await self._newest_message_id()
        started = await self._call(
            "POST", "/api/ibanking/personal/schedule-payments/intrabank", body
        )
        self.tally.operations["schedule"] += 1
        if started.status_code != 201:
            self.tally.outcomes[f"schedule: refused {started.status_code}"] += 1
            return
        reference = started.json()[0]["referenceNumber"]
        code = await self._code_after(before)
        if code is None:
            self.tally.outcomes["schedule: no code delivered"] += 1
            return
        approved = await self._call(
            "PATCH",
            "/api/ibanking/personal/schedule-payments/approve",
            {"otp": code, "referenceNumber": reference},
        )
        self.tally.outcomes[f"schedule: {approved.status_code}"] += 1

    async def _until_answered(self, path: str, body: dict[str, Any]) -> httpx.Response | None:
        """A savings call retried under its reference until the BFF answers (it is being
        killed and restarted): the core moves the money once whatever the retries."""
        for _ in range(40):
            try:
                answer = await self._call("POST", path, body)
            except httpx.TransportError:
                self.tally.connection_errors += 1
                await asyncio.sleep(0.5)
                continue
            if answer.status_code == 401:  # the session went with the killed process? sign in
                await self.sign_in()
                continue
            if answer.status_code < 500:
                return answer
            await asyncio.sleep(0.5)
        return None

    async def savings(self) -> None:
        """Open a flexible pocket (once), then top it up or withdraw from it."""
        self.tally.operations["savings"] += 1
        reference = f"wl-{self.rng.getrandbits(64):016x}"
        amount = self._amount()
        if self.pocket_id is None:
            body = {
                "product": "FLEXIBLE",
                "name": "Workload",
                "sourceAccountNumber": self.accounts[0],
                "amount": amount,
                "reference": reference,
            }
            answer = await self._until_answered("/api/savings/pockets", body)
            if answer is not None and answer.status_code == 201:
                self.pocket_id = int(answer.json()["id"])
                self.tally.pockets[self.pocket_id] = amount * 100
            self.tally.outcomes[f"savings open: {answer.status_code if answer else 'none'}"] += 1
            return
        direction = self.rng.choice(["top-up", "withdraw"])
        if direction == "withdraw":
            amount = min(amount, self.tally.pockets[self.pocket_id] // 100)
            if amount <= 0:
                return
        answer = await self._until_answered(
            f"/api/savings/pockets/{self.pocket_id}/{direction}",
            {"amount": amount, "reference": reference},
        )
        status = answer.status_code if answer else "none"
        self.tally.outcomes[f"savings {direction}: {status}"] += 1
        if answer is not None and answer.status_code == 200:
            self.tally.pockets[self.pocket_id] += (
                amount * 100 * (-1 if direction == "withdraw" else 1)
            )

    async def _bank_now(self) -> datetime:
        clock = (await self.sim.get("/sim/clock/")).json()
        return datetime.fromisoformat(clock["now"])

    async def run(self, until: float) -> None:
        kinds = self.kinds or [
            "intrabank",
            "intrabank",
            "interbank",
            "bulk",
            "bill",
            "schedule",
            "savings",
        ]
        if self.kinds is None and len(self.accounts) > 1:
            kinds.append("own")
        while time.monotonic() < until:
            try:
                if self.token is None:
                    await self.sign_in()
                await getattr(self, self.rng.choice(kinds))()
            except (httpx.TransportError, httpx.HTTPStatusError, RuntimeError, KeyError) as exc:
                # The BFF is being killed and restarted, or a sign-in met a fault: try again.
                self.tally.connection_errors += 1
                self.tally.errors[f"{type(exc).__name__}: {str(exc)[:80]}"] += 1
                self.token = None
                await asyncio.sleep(0.5)


async def prepare_customers(bff_db: str) -> None:
    """The personas as they are seeded do not all bank by code: Tunde confirms with an
    authenticator app (one code per 30 s) and Chioma has not finished onboarding. For this
    test all three confirm by one-time code and may transact (tier 2 limits)."""
    engine = create_async_engine(bff_db)
    async with engine.begin() as conn:
        await conn.execute(
            text(
                "UPDATE users SET two_factor = 'OTP_AUTHENTICATION', onboarding_complete = true, "
                "kyc_level = CASE WHEN kyc_level < 2 THEN 2 ELSE kyc_level END "
                "WHERE email IN ('tunde.bakare@example.com', 'chioma.eze@example.com')"
            )
        )
    await engine.dispose()


async def inject_faults(stack: Endpoints, tally: Tally, rng: random.Random, until: float) -> None:
    async with httpx.AsyncClient(base_url=stack.sim_url, timeout=10) as sim:
        while time.monotonic() < until:
            await asyncio.sleep(rng.uniform(0.5, 2.0))
            scenario = CATALOGUE[rng.choice(RULE_SCENARIOS)]
            rule = {"operation": scenario.operation, **scenario.rule, "uses": rng.randint(1, 3)}
            with contextlib.suppress(httpx.HTTPError):
                if (await sim.post("/sim/faults/", json=rule)).status_code == 201:
                    tally.rules[scenario.id] += 1


async def kill_and_restart(stack: Stack, tally: Tally, seconds: float, kills: int) -> None:
    for _ in range(kills):
        await asyncio.sleep(seconds / (kills + 1))
        await stack.restart_bff_after_kill()
        tally.restarts += 1


# -- the checker ------------------------------------------------------------------------------


@dataclass
class Check:
    name: str
    checked: int = 0
    violations: list[str] = field(default_factory=list)


async def balances(sim: httpx.AsyncClient) -> dict[str, tuple[int, int]]:
    out = {}
    for number in TRACKED:
        account = (await sim.get(f"/core/accounts/{number}")).json()
        out[number] = (account["ledgerBalanceKobo"], account["availableBalanceKobo"])
    return out


async def savings_pockets(sim: httpx.AsyncClient) -> list[dict[str, Any]]:
    pockets = []
    for customer_id in CUSTOMER_IDS.values():
        found = await sim.get("/core/savings/pockets", params={"customerId": customer_id})
        found.raise_for_status()
        pockets += found.json()["pockets"]
    return pockets


async def end_of_days(stack: Endpoints) -> None:
    """31 days on: every pocket's interest accrues day by day and a month's end pays it."""
    async with httpx.AsyncClient(base_url=stack.sim_url, timeout=120) as sim:
        await sim.post("/sim/clock/advance", json={"seconds": 31 * 86_400})
        (await sim.post("/sim/savings/end-of-day")).raise_for_status()


async def check_savings(stack: Endpoints, sim_db: str, tally: Tally) -> Check:
    """Each pocket holds its acknowledged moves plus its net interest; its interest is the
    sum of its accrual rows (one per pocket and day), those kept and those pruned once paid,
    paid, carried or forfeited."""
    result = Check("savings: each move once, each day's interest once per pocket")
    async with httpx.AsyncClient(base_url=stack.sim_url, timeout=30) as sim:
        pockets = {p["id"]: p for p in await savings_pockets(sim)}
    engine = create_async_engine(sim_db)
    async with engine.connect() as conn:
        rows = (
            await conn.execute(
                text(
                    "SELECT p.id, p.accrued_units + p.forfeited_units, p.interest_paid_kobo,"
                    " COALESCE(SUM(a.units), 0) + p.pruned_units,"
                    " COUNT(a.business_date), COUNT(DISTINCT a.business_date)"
                    " FROM savings_pockets AS p"
                    " LEFT JOIN savings_accruals AS a ON a.pocket_id = p.id"
                    " GROUP BY p.id, p.accrued_units, p.forfeited_units, p.interest_paid_kobo,"
                    " p.pruned_units"
                )
            )
        ).all()
    await engine.dispose()
    for pocket_id, accrued, paid, units, days, distinct_days in rows:
        result.checked += 1
        if int(units) != int(accrued) + int(paid) * 3_650_000 or days != distinct_days:
            result.violations.append(f"pocket {pocket_id}: accrual rows do not add up")
    for pocket_id, expected in tally.pockets.items():
        result.checked += 1
        pocket = pockets.get(pocket_id)
        net = pocket["interestPaidKobo"] - pocket["taxWithheldKobo"] if pocket else 0
        if pocket is None or pocket["balanceKobo"] != expected + net:
            result.violations.append(
                f"pocket {pocket_id}: holds {pocket and pocket['balanceKobo']}, "
                f"acknowledged {expected} + interest {net}"
            )
    return result


async def reconcile(stack: Endpoints, bff_db: str, timeout_s: float = 120) -> None:
    """Clear faults, let time pass, and wait until the BFF has settled everything itself."""
    async with httpx.AsyncClient(base_url=stack.sim_url, timeout=10) as sim:
        await sim.delete("/sim/faults/")
        await sim.post("/sim/clock/advance", json={"seconds": 3600})
    engine = create_async_engine(bff_db)
    deadline = time.monotonic() + timeout_s
    try:
        while time.monotonic() < deadline:
            async with engine.connect() as conn:
                unsettled = 0
                for table in ("transfers", "bill_vends"):
                    unsettled += (
                        await conn.execute(
                            text(
                                f"SELECT count(*) FROM {table} "  # noqa: S608 (fixed names)
                                "WHERE status IN ('PROCESSING', 'PENDING')"
                            )
                        )
                    ).scalar_one()
                unsettled += (
                    await conn.execute(
                        text(
                            "SELECT count(*) FROM scheduled_payments "
                            "WHERE approved AND status = 'PENDING'"
                        )
                    )
                ).scalar_one()
            if unsettled == 0:
                return
            await asyncio.sleep(1)
        raise RuntimeError(f"{unsettled} payments still unsettled after {timeout_s:.0f} s")
    finally:
        await engine.dispose()


async def check(
    stack: Endpoints,
    bff_db: str,
    before: dict[str, tuple[int, int]],
    tally: Tally,
    verify: str | bool = True,
) -> list[Check]:
    ledger, conserved, once, settled, visible = (
        Check("ledger balances: every posting sums to zero"),
        Check("customers' money conserved (changed by exactly the completed outflows)"),
        Check("each payment applied at most once, and completed exactly when posted"),
        Check("nothing held, pending or processing after reconciliation"),
        Check("what the customer sees equals the BFF's record"),
    )
    engine = create_async_engine(bff_db)
    async with engine.connect() as conn:
        transfers = (
            await conn.execute(
                text("SELECT id, transfer_type, status, amount_kobo, source_account FROM transfers")
            )
        ).all()
        bills = (
            await conn.execute(
                text("SELECT id, status, amount_kobo, source_account FROM bill_vends")
            )
        ).all()
        open_schedules = (
            await conn.execute(
                text(
                    "SELECT count(*) FROM scheduled_payments WHERE approved AND status = 'PENDING'"
                )
            )
        ).scalar_one()
    await engine.dispose()
    async with httpx.AsyncClient(base_url=stack.sim_url, timeout=30) as sim:
        check_out = (await sim.get("/core/ledger/balance-check")).json()
        ledger.checked = 1
        if not check_out["balanced"]:
            ledger.violations.append(f"sum of all balances {check_out['sumOfAllBalancesKobo']}")

        after = await balances(sim)
        pockets = await savings_pockets(sim)
        net_interest = sum(p["interestPaidKobo"] - p["taxWithheldKobo"] for p in pockets)
        for pocket in pockets:  # the customers' money in their savings, less the bank's interest
            after[pocket["number"]] = (pocket["balanceKobo"], pocket["balanceKobo"])
        outflow = -net_interest + sum(
            t.amount_kobo
            for t in transfers
            if t.transfer_type == "OTHER_BANK" and t.status == "COMPLETED"
        )
        outflow += sum(b.amount_kobo for b in bills if b.status == "COMPLETED")
        total_before = sum(v[0] for v in before.values())
        total_after = sum(v[0] for v in after.values())
        conserved.checked = len(after)
        if total_before - outflow != total_after:
            conserved.violations.append(
                f"before {total_before} - outflow {outflow} != after {total_after}"
            )

        for number, (ledger_kobo, available) in after.items():
            settled.checked += 1
            if ledger_kobo != available:
                settled.violations.append(f"{number}: {ledger_kobo - available} kobo still held")
        for row in [*transfers, *bills]:
            settled.checked += 1
            if row.status in ("PROCESSING", "PENDING"):
                settled.violations.append(f"{row.id} still {row.status}")
        settled.checked += 1
        if open_schedules:
            settled.violations.append(f"{open_schedules} approved schedules still PENDING")

        for row in transfers:
            references = posting_references(row.id, row.transfer_type)
            await _check_posting(sim, once, row.id, references, row.status == "COMPLETED", row)
        for row in bills:
            references = posting_references(row.id, BILL)
            await _check_posting(sim, once, row.id, references, row.status == "COMPLETED", row)

    await _check_customer_view(stack, tally, transfers, bills, visible, verify)
    return [ledger, conserved, once, settled, visible]


BILL = "BILL"  # `posting_references`' kind for a bill payment (a transfer gives its type)


def posting_references(payment_id: str, kind: str | None) -> list[str]:
    """Every posting the core can have made for a payment, by reference: a held payment (to
    another bank, `OTHER_BANK`, or a bill, `BILL`) is posted as HOLD-<id>; a same-bank
    transfer as TRF-<id>, or as HOLD-TRF-<id> when the core first held it. `kind` None (no
    record of the payment to tell): any of them."""
    if kind in ("OTHER_BANK", BILL):
        return [f"HOLD-{payment_id}"]
    if kind is not None:
        return [f"TRF-{payment_id}", f"HOLD-TRF-{payment_id}"]
    return [f"HOLD-{payment_id}", f"TRF-{payment_id}", f"HOLD-TRF-{payment_id}"]


async def _check_posting(
    sim: httpx.AsyncClient,
    result: Check,
    payment_id: str,
    references: list[str],
    completed: bool,
    row: Any,
) -> None:
    """`references`: every posting the payment could have made (a same-bank transfer the core
    first held and then settled is posted as HOLD-TRF-…): exactly one when completed."""
    result.checked += 1
    postings = []
    for reference in references:
        response = await sim.get(f"/core/postings/{reference}")
        if response.status_code != 404:
            response.raise_for_status()
            postings.append(response.json())
    if not completed:
        if postings:
            result.violations.append(f"{payment_id} is {row.status} but was posted")
        return
    if len(postings) != 1:
        result.violations.append(f"{payment_id} completed with {len(postings)} postings")
        return
    debits = [e for e in postings[0]["entries"] if e["amountKobo"] < 0]
    if len(debits) != 1 or -debits[0]["amountKobo"] != row.amount_kobo:
        result.violations.append(
            f"{payment_id}: posting {postings[0]['entries']} is not one debit of {row.amount_kobo}"
        )


async def _check_customer_view(
    stack: Endpoints,
    tally: Tally,
    transfers: Sequence[Any],
    bills: Sequence[Any],
    result: Check,
    verify: str | bool = True,
) -> None:
    recorded = {row.id: row.status for row in transfers}
    # The bill log speaks the biller's words: COMPLETED is SUCCESS, anything unfinished PENDING.
    recorded_bills = {
        row.id: {"COMPLETED": "SUCCESS", "FAILED": "FAILED"}.get(row.status, "PENDING")
        for row in bills
    }
    for email in CUSTOMERS:
        customer = Customer(email, stack, tally, random.Random(0), verify)
        await customer.sign_in()
        for transfer_id in sorted(tally.transfer_ids):
            answer = await customer._call("GET", f"/api/transfer/{transfer_id}")
            if answer.status_code == 200:
                result.checked += 1
                if answer.json()["status"] != recorded.get(transfer_id):
                    result.violations.append(
                        f"{transfer_id}: customer sees {answer.json()['status']}, "
                        f"BFF has {recorded.get(transfer_id)}"
                    )
        logs = (await customer._call("GET", "/api/utility/logs")).json()
        for log in logs if isinstance(logs, list) else []:
            if log.get("id") in recorded_bills:
                result.checked += 1
                if log["vendingStatus"] != recorded_bills[log["id"]]:
                    result.violations.append(
                        f"bill {log['id']}: customer sees {log['vendingStatus']}, "
                        f"BFF has {recorded_bills[log['id']]}"
                    )
        await customer.close()


# -- running it --------------------------------------------------------------------------------


# Load from one address on loopback would trip the per-address request limits at once.
UNTHROTTLED = {
    "KOBO_RATE_LIMIT_AUTH_PER_MINUTE": "1000000",
    "KOBO_RATE_LIMIT_NAME_INQUIRY_PER_MINUTE": "1000000",
    # The login workload signs each bench customer in again and again.
    "KOBO_LOGIN_CODES_PER_WINDOW": "1000000",
    # Customers opened a minute ago who pay many times a second: the new-account cap and the
    # risk rules that read velocity, newness and history would hold or refuse them. The
    # check itself still runs on every payment (its cost is measured: bench/risk.py).
    "KOBO_RISK_NEW_ACCOUNT_CAP_KOBO": "0",
    "KOBO_RISK_VELOCITY_COUNT": "0",
    "KOBO_RISK_VELOCITY_SUM_KOBO": "0",
    "KOBO_RISK_NEW_PAYEE_KOBO": "0",
    "KOBO_RISK_NEW_DEVICE_KOBO": "0",
    "KOBO_RISK_NIGHT_KOBO": "0",
    "KOBO_RISK_PATTERN_MIN_PAYMENTS": "1000000",
    "SIM_INFLOW_MANY_CREDITS": "1000000000",
    "SIM_INFLOW_LARGE_CREDIT_KOBO": "1000000000000000",
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def _postgres_databases(dsn_host: str) -> tuple[str, str]:
    suffix = f"{int(time.time())}_{random.randrange(10**6)}"
    names = (f"kobo_workload_bff_{suffix}", f"kobo_workload_sim_{suffix}")
    await _on_postgres(dsn_host, [f'CREATE DATABASE "{name}"' for name in names])
    return tuple(f"postgresql+asyncpg://postgres@{dsn_host}/{n}" for n in names)  # type: ignore[return-value]


async def drop_postgres_databases(dsn_host: str, names: list[str]) -> None:
    """Drop databases by name (those `_postgres_databases` made, by the last part of their
    URLs), whoever is still connected."""
    await _on_postgres(
        dsn_host, [f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)' for name in names]
    )


async def _on_postgres(dsn_host: str, statements: list[str]) -> None:
    import asyncpg

    conn = await asyncpg.connect(f"postgresql://postgres@{dsn_host}/postgres")
    try:
        for statement in statements:
            await conn.execute(statement)
    finally:
        await conn.close()


async def scrape_transfers(bff_url: str) -> dict[tuple[str, str], int]:
    """`kobo_transfers{type, outcome}` as the BFF's /metrics shows it (scraped from this
    host, which the default allow-list admits)."""
    async with httpx.AsyncClient(base_url=bff_url, timeout=30) as client:
        scraped = await client.get("/metrics")
    scraped.raise_for_status()
    return {
        (sample.labels["type"], sample.labels["outcome"]): int(sample.value)
        for family in text_string_to_metric_families(scraped.text)
        if family.name == "kobo_transfers"
        for sample in family.samples
    }


async def check_metrics(bff_url: str, bff_db: str) -> tuple[Check, dict[tuple[str, str], int]]:
    """/metrics must show the transfers the run made, by type and outcome, as recorded."""
    result = Check("/metrics shows the transfers made, by type and outcome")
    shown = await scrape_transfers(bff_url)
    engine = create_async_engine(bff_db)
    async with engine.connect() as conn:
        recorded = {
            (kind, status): count
            for kind, status, count in await conn.execute(
                text(
                    "SELECT transfer_type, status, count(*) FROM transfers"
                    " GROUP BY transfer_type, status"
                )
            )
        }
    await engine.dispose()
    for key in sorted(set(recorded) | set(shown)):
        result.checked += 1
        if shown.get(key, 0) != recorded.get(key, 0):
            result.violations.append(
                f"{key[0]} {key[1]}: /metrics shows {shown.get(key, 0)}, "
                f"the BFF recorded {recorded.get(key, 0)}"
            )
    if not shown:
        result.violations.append("/metrics shows no transfers")
    return result, shown


@dataclass
class Result:
    seconds: float
    customers: int
    database: str
    tally: Tally
    checks: list[Check]
    elapsed_s: float
    transfers_on_metrics: dict[tuple[str, str], int] = field(default_factory=dict)

    @property
    def violations(self) -> int:
        return sum(len(c.violations) for c in self.checks)


async def run(
    seconds: float, customers: int, kills: int, seed: int, postgres: str | None
) -> Result:
    rng = random.Random(seed)
    work_dir = Path(tempfile.mkdtemp(prefix="kobo-workload-"))
    if postgres:
        bff_db, sim_db = await _postgres_databases(postgres)
    else:
        bff_db = f"sqlite+aiosqlite:///{work_dir / 'bff.sqlite3'}"
        sim_db = f"sqlite+aiosqlite:///{work_dir / 'core_sim.sqlite3'}"
    stack = Stack(
        bff_db=bff_db,
        sim_db=sim_db,
        bff_port=free_port(),
        sim_port=free_port(),
        log_dir=work_dir,
        env_overrides={
            "KOBO_CORE_TIMEOUT_S": "1.5",
            "SIM_TIMEOUT_FAULT_MS": "2500",
            "KOBO_WORKER_INTERVAL_S": "0.5",
            "KOBO_ALLOW_SIM_SCENARIOS": "1",
            "KOBO_CLOCK_SOURCE": "simulator",
            "KOBO_AUTO_APPROVE_REVIEWS": "0",
            # Many payments per customer in a short run: the daily limits are not under test.
            "KOBO_SEED_PERSONAS": "1",
            # A few customers from one address, signing in again after every kill: the
            # per-address request limits are not under test here (bff/tests/test_throttling.py).
            **UNTHROTTLED,
        },
    )
    started = time.monotonic()
    await asyncio.to_thread(stack.start)
    await prepare_customers(bff_db)
    tally = Tally()
    try:
        async with httpx.AsyncClient(base_url=stack.sim_url, timeout=30) as sim:
            # Chioma starts with nothing: Musa (no internet banking) gives her ₦100,000.
            funded = await sim.post(
                "/core/transfers",
                json={
                    "reference": "workload-funding",
                    "debitAccount": "1020000414",
                    "creditAccount": "1020000311",
                    "amountKobo": 10_000_000,
                    "narration": "workload funding",
                },
            )
            funded.raise_for_status()
            before = await balances(sim)
        people = [
            Customer(email, stack, tally, random.Random(rng.random()))
            for email in list(CUSTOMERS)[: max(1, customers)]
        ]
        # More customers than personas: several sessions of the same people, concurrently.
        while len(people) < customers:
            email = list(CUSTOMERS)[len(people) % len(CUSTOMERS)]
            people.append(Customer(email, stack, tally, random.Random(rng.random())))
        until = time.monotonic() + seconds
        await asyncio.gather(
            *(person.run(until) for person in people),
            inject_faults(stack, tally, rng, until),
            kill_and_restart(stack, tally, seconds, kills),
        )
        for person in people:
            await person.close()
        await reconcile(stack, bff_db)
        await end_of_days(stack)
        checks = await check(stack, bff_db, before, tally)
        checks.append(await check_savings(stack, sim_db, tally))
        metrics_check, transfers_on_metrics = await check_metrics(stack.bff_url, bff_db)
        checks.append(metrics_check)
    finally:
        await asyncio.to_thread(stack.stop)
    return Result(
        seconds=seconds,
        customers=customers,
        database="PostgreSQL" if postgres else "SQLite",
        tally=tally,
        checks=checks,
        elapsed_s=time.monotonic() - started,
        transfers_on_metrics=transfers_on_metrics,
    )


def report(result: Result) -> str:
    t = result.tally
    lines = [
        f"Run on {datetime.now(UTC):%Y-%m-%d %H:%M} UTC: {result.customers} concurrent customer "
        f"sessions for {result.seconds:.0f} s on {result.database} "
        f"({result.elapsed_s:.0f} s with start-up and reconciliation).",
        "",
        "| operations | count |",
        "|---|---|",
        *(f"| {kind} | {count} |" for kind, count in sorted(t.operations.items())),
        f"| **total** | **{sum(t.operations.values())}** |",
        "",
        "| outcome seen by the client | count |",
        "|---|---|",
        *(f"| {kind} | {count} |" for kind, count in sorted(t.outcomes.items())),
        "",
        f"Faults injected: {sum(t.headers.values())} per-request X-Sim-Scenario headers "
        f"({len(t.headers)} distinct scenarios), {sum(t.rules.values())} stored fault rules "
        f"({len(t.rules)} distinct scenarios); BFF killed with SIGKILL and restarted "
        f"{t.restarts} times; {t.connection_errors} client calls cut off or retried.",
        "",
        "| transfers on /metrics (`kobo_transfers`) | outcome | count |",
        "|---|---|---|",
        *(
            f"| {kind} | {outcome} | {count} |"
            for (kind, outcome), count in sorted(result.transfers_on_metrics.items())
        ),
        "",
        "| invariant | items checked | violations |",
        "|---|---|---|",
        *(f"| {c.name} | {c.checked} | {len(c.violations)} |" for c in result.checks),
        "",
        f"**Violations: {result.violations}.**",
    ]
    for c in result.checks:
        lines += [f"- {c.name}: {v}" for v in c.violations[:20]]
    if t.refusals:
        lines += ["", "Refusals (the BFF said no before any money moved):", ""]
        lines += [f"- {reason}: {count}" for reason, count in t.refusals.most_common(12)]
    if t.errors:
        lines += ["", "Client calls cut off (kills, restarts, sign-in faults):", ""]
        lines += [f"- {reason}: {count}" for reason, count in t.errors.most_common(8)]
    return "\n".join(lines) + "\n"


REPORT_START = "<!-- workload:start -->"
REPORT_END = "<!-- workload:end -->"


def write_report(path: Path, text_block: str) -> None:
    write_section(path, REPORT_START, REPORT_END, text_block, "## Latest big run")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--customers", type=int, default=3)
    parser.add_argument("--kills", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--postgres", nargs="?", const="127.0.0.1:5432", default=None)
    parser.add_argument("--report", type=Path, help="write the report into this markdown file")
    args = parser.parse_args()
    result = asyncio.run(run(args.seconds, args.customers, args.kills, args.seed, args.postgres))
    text_block = report(result)
    print(text_block)
    if args.report:
        write_report(args.report, text_block)
    sys.exit(1 if result.violations else 0)


if __name__ == "__main__":
    main()
