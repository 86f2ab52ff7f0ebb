"""Scheduled payments: approval, editing, and exactly one run per due date."""

from __future__ import annotations

import asyncio
from datetime import date

import pytest

from bff.schedules.dates import due_date
from bff.tests.helpers import (
    ADA_SAVINGS,
    ADMIN,
    TUNDE,
    TUNDE_ACCOUNT,
    TUNDE_TOTP_SECRET,
    Bff,
    S,
    approve,
    auth,
    schedule,
    today,
)


async def move_clock_to(bff: Bff, day: date) -> None:
    await bff.app.state.clock.set_offset(max((day - today()).days, 0) * 86_400 + 3_600)


async def balance(bff: Bff, number: str) -> int:
    return int((await bff.sim.get(f"/core/accounts/{number}")).json()["ledgerBalanceKobo"])


def test_monthly_due_dates_keep_the_day_and_clamp_short_months():
    first = date(2027, 1, 31)
    assert [due_date(first, "MONTHLY", i) for i in range(4)] == [
        date(2027, 1, 31),
        date(2027, 2, 28),
        date(2027, 3, 31),
        date(2027, 4, 30),
    ]
    assert due_date(first, "WEEKLY", 2) == date(2027, 2, 14)
    assert due_date(first, "DAILY", 1) == date(2027, 2, 1)


async def test_nothing_runs_before_approval_and_approval_needs_the_code(bff):
    token = await bff.sign_in()
    created = await schedule(bff, token)
    assert created.status_code == 201
    item = created.json()[0]
    assert item["referenceNumber"].startswith("SCH") and item["status"] == "PENDING"
    assert item["approved"] is False and item["scheduleDate"] == today().strftime("%d-%m-%Y")
    before = await balance(bff, ADA_SAVINGS)
    assert (await bff.app.state.jobs.run_due_schedules()) == 0
    assert await balance(bff, ADA_SAVINGS) == before
    wrong = await bff.client.patch(
        f"{S}/approve",
        headers=auth(token),
        json={"otp": "000000", "referenceNumber": item["referenceNumber"]},
    )
    assert wrong.status_code == 400
    ok = await approve(bff, token, item["referenceNumber"])
    assert ok.status_code == 200 and ok.json()["message"] == "Scheduled Payment Approved"
    assert (await bff.app.state.jobs.run_due_schedules()) == 1
    assert await balance(bff, ADA_SAVINGS) == before - 10_000
    done = (await bff.client.get(f"{S}/{item['uuid']}", headers=auth(token))).json()
    assert done["status"] == "COMPLETED" and done["runsDone"] == 1
    summary = (await bff.client.get("/api/client-summary", headers=auth(token))).json()
    assert summary["scheduledPayments"][0]["status"] == "COMPLETED"


async def test_scheduling_rules(bff):
    token = await bff.sign_in()
    cases = [
        ({"schedulePaymentDate": ""}, "schedulePaymentDate", "This field is required"),
        (
            {"schedulePaymentDate": "2020-01-01"},
            "schedulePaymentDate",
            "The date cannot be in the past",
        ),
        ({"continuous": True, "repeatPayment": 3}, "scheduledInterval", "This field is required"),
        (
            {"continuous": True, "scheduledInterval": "MONTHLY"},
            "repeatPayment",
            "This field is required",
        ),
        (
            {"continuous": True, "scheduledInterval": "HOURLY", "repeatPayment": 2},
            "scheduledInterval",
            "Choose DAILY, WEEKLY or MONTHLY",
        ),
    ]
    for setting, field, message in cases:
        body = {
            "sourceAccountNumber": ADA_SAVINGS,
            "destinationAccountNumber": TUNDE_ACCOUNT,
            "amount": 1,
            "description": "x",
            "schedulePaymentSetting": {"schedulePaymentDate": today().isoformat(), **setting},
        }
        response = await bff.client.post(f"{S}/intrabank", headers=auth(token), json=body)
        assert response.status_code == 400, setting
        assert {"field": field, "message": message} in response.json()["errors"], response.text
    assert (await bff.client.get(f"{S}/", headers=auth(token))).json() == []


async def test_edit_only_pending_and_it_needs_approving_again(bff):
    token = await bff.sign_in()
    item = (await schedule(bff, token)).json()[0]
    await approve(bff, token, item["referenceNumber"])
    edit = {
        "uuid": item["uuid"],
        "sourceAccountNumber": ADA_SAVINGS,
        "destinationAccountNumber": TUNDE_ACCOUNT,
        "amount": 250,
        "description": "rent (new)",
        "scheduleDate": today().isoformat(),
    }
    edited = await bff.client.put(f"{S}/edit", headers=auth(token), json=edit)
    assert edited.status_code == 200
    assert edited.json()["message"] == "Scheduled payment edited successfully"
    row = edited.json()["scheduledPayment"]
    assert row["approved"] is False and row["amount"] == 250
    assert (await bff.app.state.jobs.run_due_schedules()) == 0
    missing = await bff.client.put(
        f"{S}/edit", headers=auth(token), json={**edit, "description": ""}
    )
    assert {"field": "description", "message": "This field is required"} in missing.json()["errors"]
    short = await bff.client.put(
        f"{S}/edit", headers=auth(token), json={**edit, "destinationAccountNumber": "123"}
    )
    assert short.json()["detail"] == "Account Number must be 10 characters"
    await approve(bff, token, row["referenceNumber"])
    await bff.app.state.jobs.run_due_schedules()
    again = await bff.client.put(f"{S}/edit", headers=auth(token), json=edit)
    assert again.status_code == 409
    assert again.json()["detail"] == "Only pending scheduled payments can be edited"


async def test_a_run_without_funds_fails_the_schedule_and_tells_the_customer(bff):
    token = await bff.sign_in()
    inbox = {"recipient": "08031234501", "limit": 1}
    newest = (await bff.sim.get("/sim/messages", params=inbox)).json()
    before_id = newest[0]["id"] if newest else 0
    item = (await schedule(bff, token, amount=999_000)).json()[0]  # more than the savings hold
    await approve(bff, token, item["referenceNumber"])
    # Spend the money before the due date comes (and give it back afterwards: the
    # simulator is shared by the whole session).
    drained = await balance(bff, ADA_SAVINGS) - 100_000

    async def move(debit: str, credit: str, reference: str) -> None:
        moved = await bff.sim.post(
            "/core/transfers",
            json={
                "reference": reference,
                "debitAccount": debit,
                "creditAccount": credit,
                "amountKobo": drained,
                "narration": "test drain",
            },
        )
        assert moved.json()["status"] == "SUCCESS"

    await move(ADA_SAVINGS, "1020000122", f"drain-{item['uuid'][:8]}")
    try:
        await bff.app.state.jobs.run_due_schedules()
    finally:
        await move("1020000122", ADA_SAVINGS, f"undrain-{item['uuid'][:8]}")
    row = (await bff.client.get(f"{S}/{item['uuid']}", headers=auth(token))).json()
    assert row["status"] == "FAILED" and row["failureReason"] == "Insufficient funds"
    sms = (await bff.sim.get("/sim/messages", params=inbox)).json()
    assert sms[0]["id"] > before_id and "failed" in sms[0]["body"]


async def test_someone_elses_schedule_is_not_found(bff):
    token = await bff.sign_in()
    item = (await schedule(bff, token)).json()[0]
    import pyotp

    login = await bff.login(TUNDE)
    tunde = (await bff.verify(login.json(), pyotp.TOTP(TUNDE_TOTP_SECRET).now())).json()[
        "tokenDTO"
    ]["accessToken"]
    assert (await bff.client.get(f"{S}/{item['uuid']}", headers=auth(tunde))).status_code == 404
    stolen = await bff.client.patch(
        f"{S}/approve",
        headers=auth(tunde),
        json={"otp": "123456", "referenceNumber": item["referenceNumber"]},
    )
    assert stolen.status_code == 404


@pytest.mark.postgres
async def test_two_processes_run_three_monthly_dates_exactly_once(bff_factory):
    first = await bff_factory()
    second = await bff_factory(database_url=first.app.state.settings.database_url)
    token = await first.sign_in()
    before = await balance(first, TUNDE_ACCOUNT)
    item = (
        await schedule(
            first, token, amount=42, continuous=True, scheduledInterval="MONTHLY", repeatPayment=3
        )
    ).json()[0]
    await approve(first, token, item["referenceNumber"])
    start = today()
    for run in range(3):
        await move_clock_to(first, due_date(start, "MONTHLY", run))
        # Both processes race for the same due work, twice.
        await asyncio.gather(
            *(app.app.state.jobs.run_due_schedules() for app in (first, second, first, second))
        )
    await move_clock_to(first, due_date(start, "MONTHLY", 5))
    await asyncio.gather(
        first.app.state.jobs.run_due_schedules(), second.app.state.jobs.run_due_schedules()
    )
    assert await balance(first, TUNDE_ACCOUNT) == before + 3 * 4_200
    row = (await first.client.get(f"{S}/{item['uuid']}", headers=auth(token))).json()
    assert row["status"] == "COMPLETED" and row["runsDone"] == 3
    async with first.db.transaction() as session:
        from sqlalchemy import func, select

        from bff.schedules.models import ScheduledRun

        runs = await session.scalar(
            select(func.count())
            .select_from(ScheduledRun)
            .where(ScheduledRun.schedule_uuid == item["uuid"])
        )
    assert runs == 3
    await first.app.state.clock.set_offset(0)


async def test_the_simulators_clock_makes_a_monthly_payment_fall_due(bff_factory):
    """KOBO_CLOCK_SOURCE=simulator: a tester moving /sim/clock moves the BFF's schedules."""
    bff = await bff_factory(clock_source="simulator")
    token = await bff.sign_in()
    next_month = due_date(today(), "MONTHLY", 1)
    item = (
        await schedule(bff, token, amount=3, schedulePaymentDate=next_month.isoformat())
    ).json()[0]
    assert (await approve(bff, token, item["referenceNumber"])).status_code == 200
    before = await balance(bff, TUNDE_ACCOUNT)
    await bff.app.state.jobs.run_due_schedules()
    assert await balance(bff, TUNDE_ACCOUNT) == before  # not due yet
    try:
        days = (next_month - today()).days
        await bff.sim.post("/sim/clock/advance", json={"seconds": days * 86_400 + 3_600})
        bff.app.state.clock._read_at = None  # the next read asks the simulator again
        await bff.app.state.jobs.run_due_schedules()
        await bff.sim.post("/sim/clock/reset")
        assert await balance(bff, TUNDE_ACCOUNT) == before + 300
        row = (await bff.client.get(f"{S}/{item['uuid']}", headers=auth(token))).json()
        assert row["status"] == "COMPLETED"
    finally:
        # The payment's ledger lines are dated next month: resetting the clock leaves them
        # at the top of Ada's history, ahead of any later test's payment on this worker's
        # shared simulator. Reseeding is the only way to take them back.
        await bff.sim.post("/sim/reset")


@pytest.mark.parametrize("source", ["database", "simulator"])
async def test_the_admin_clock_and_run_due_work_with_either_clock(bff_factory, source):

    bff = await bff_factory(clock_source=source)
    token = await bff.sign_in(ADMIN)
    try:
        moved = await bff.client.post(
            "/admin/api/clock", headers=auth(token), json={"offsetSeconds": 86_400}
        )
        assert moved.status_code == 200, moved.text
        assert abs(moved.json()["offsetSeconds"] - 86_400) <= 2
        read = await bff.client.get("/admin/api/clock", headers=auth(token))
        assert read.status_code == 200 and abs(read.json()["offsetSeconds"] - 86_400) <= 2
        ran = await bff.client.post("/admin/api/jobs/run-due", headers=auth(token))
        assert ran.status_code == 200, ran.text
    finally:
        await bff.client.post("/admin/api/clock", headers=auth(token), json={"offsetSeconds": 0})
        await bff.sim.post("/sim/clock/reset")
