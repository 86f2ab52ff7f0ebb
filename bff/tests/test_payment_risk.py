"""The payment risk check over HTTP (docs/contract.md "Payment risk check"): a step-up needs
the warning acknowledged, a hold reserves the money until the back office releases or
cancels it (or its deadline cancels it), a block stores nothing; the instant-transfer
switch, the new-account cap and limit raises that wait. Money always adds up."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import func, select, update

from bff import banks
from bff.audit.models import AuditEvent
from bff.config.risk import RiskSettings
from bff.core_client.schemas import WatchListEntry
from bff.db import utcnow
from bff.limits.models import TransactionLimit
from bff.risk.models import AccountFlag, SyncCursor, WatchedAccount
from bff.risk.reviews import EXPIRED, HELD_MESSAGE
from bff.tests.helpers import (
    ADA,
    ADA_CURRENT,
    ADA_PHONE,
    ADA_SAVINGS,
    GTB,
    TUNDE_ACCOUNT,
    admin_token,
    auth,
    balance,
    buy,
    confirm,
    initiate,
    ledger_is_balanced,
    set_limits,
)
from bff.transfers.models import Transfer
from bff.users.freeze import SWITCHED_OFF

QUEUE = "/admin/api/risk/queue"
SWITCH = "/api/ibanking/personal/instant-transfers"
ALWAYS_HOLD = RiskSettings(velocity_count=1)  # the first payment in the window is held


async def latest_message(bff, recipient: str = ADA) -> str:  # type: ignore[no-untyped-def]
    inbox = (await bff.sim.get("/sim/messages", params={"recipient": recipient})).json()
    return str(inbox[0]["body"])


async def held_transfer(bff, token: str, amount: int = 500):  # type: ignore[no-untyped-def]
    started = await initiate(
        bff, token, "intrabank", destinationAccountNumber=TUNDE_ACCOUNT, amount=amount
    )
    assert started.status_code == 201, started.text
    assert started.json()["riskWarning"] is None  # a hold is not a warning before the code
    held = await confirm(bff, token, started.json()["id"])
    assert held.status_code == 202, held.text
    return held.json()


async def test_a_large_first_payment_to_a_payee_is_stepped_up(bff_factory):
    # Only the payee's rule: at night (an awkward instant's run) the late-night one would
    # add its reason too.
    bff = await bff_factory(risk=RiskSettings(night_kobo=0))
    token = await bff.sign_in()
    started = await initiate(
        bff, token, "intrabank", destinationAccountNumber=TUNDE_ACCOUNT, amount=100_000
    )
    assert started.status_code == 201, started.text
    warning = started.json()["riskWarning"]
    assert warning["title"] == "Check before you send"
    assert warning["reasons"] == ["You have not paid this account before."]
    assert "Kobo will never ask you to move money" in warning["message"]
    before = await balance(bff, ADA_SAVINGS)
    unread = await confirm(bff, token, started.json()["id"])
    assert unread.status_code == 400
    assert unread.json()["errors"] == [
        {
            "field": "acknowledgeWarning",
            "message": "Please confirm that you have read the warning before you send",
        }
    ]
    assert await balance(bff, ADA_SAVINGS) == before  # nothing moved, the code not used
    done = await confirm(bff, token, started.json()["id"], acknowledge=True)
    assert done.status_code == 200, done.text
    # Paid once, the payee is known: the same amount again is not stepped up.
    again = await initiate(
        bff, token, "intrabank", destinationAccountNumber=TUNDE_ACCOUNT, amount=100_000
    )
    assert again.json()["riskWarning"] is None


async def test_a_held_transfer_reserves_the_money_until_the_team_releases_it(bff_factory):
    bff = await bff_factory(risk=ALWAYS_HOLD)
    token = await bff.sign_in()
    before = await balance(bff, ADA_SAVINGS)
    held = await held_transfer(bff, token)
    assert held["status"] == "PENDING" and held["heldForReview"] is True
    assert held["message"] == HELD_MESSAGE
    ledger, available = await balance(bff, ADA_SAVINGS)
    assert (ledger, available) == (before[0], before[1] - 50_000)  # reserved, not sent
    assert "is held for a check; not sent yet" in await latest_message(bff, ADA_PHONE)
    admin = await admin_token(bff)
    queue = (await bff.client.get(QUEUE, headers=auth(admin))).json()
    [item] = [i for i in queue if i["kind"] == "PAYMENT"]
    assert item["rules"] == "VELOCITY" and item["amount"] == 500
    assert item["paymentReference"] == held["id"] and item["state"] == "OPEN"
    # A customer cannot release their own payment.
    assert (
        await bff.client.post(f"/admin/api/risk/reviews/{item['id']}/release", headers=auth(token))
    ).status_code == 403
    released = await bff.client.post(
        f"/admin/api/risk/reviews/{item['id']}/release", headers=auth(admin)
    )
    assert released.status_code == 200 and released.json()["state"] == "RELEASED"
    async with bff.db.transaction() as session:
        transfer = await session.get(Transfer, held["id"])
    assert transfer is not None and transfer.status == "COMPLETED"
    assert await balance(bff, ADA_SAVINGS) == (before[0] - 50_000, before[1] - 50_000)
    assert await ledger_is_balanced(bff)
    again = await bff.client.post(
        f"/admin/api/risk/reviews/{item['id']}/cancel",
        headers=auth(admin),
        json={"reason": "too late"},
    )
    assert again.status_code == 409


async def test_a_cancelled_hold_gives_the_money_back_with_the_teams_reason(bff_factory):
    bff = await bff_factory(risk=ALWAYS_HOLD)
    token = await bff.sign_in()
    before = await balance(bff, ADA_SAVINGS)
    held = await held_transfer(bff, token)
    admin = await admin_token(bff)
    [item] = (await bff.client.get(QUEUE, headers=auth(admin))).json()
    cancel = f"/admin/api/risk/reviews/{item['id']}/cancel"
    unexplained = await bff.client.post(cancel, headers=auth(admin), json={})
    assert unexplained.status_code == 400
    reason = "We could not confirm this payment with you. Call us if you still want to send it."
    cancelled = await bff.client.post(cancel, headers=auth(admin), json={"reason": reason})
    assert cancelled.status_code == 200 and cancelled.json()["state"] == "CANCELLED"
    async with bff.db.transaction() as session:
        transfer = await session.get(Transfer, held["id"])
    assert transfer is not None
    assert (transfer.status, transfer.failure_reason) == ("FAILED", reason)
    assert await balance(bff, ADA_SAVINGS) == before
    assert reason in await latest_message(bff)
    assert await ledger_is_balanced(bff)


async def test_a_hold_nobody_reviewed_is_cancelled_at_its_deadline_and_never_sent(bff_factory):
    bff = await bff_factory(risk=ALWAYS_HOLD)
    token = await bff.sign_in()
    before = await balance(bff, ADA_SAVINGS)
    held = await held_transfer(bff, token)
    jobs = bff.app.state.jobs
    assert await jobs.expire_reviews(utcnow() + timedelta(hours=23)) == 0
    assert await jobs.expire_reviews(utcnow() + timedelta(hours=24, minutes=1)) == 1
    async with bff.db.transaction() as session:
        transfer = await session.get(Transfer, held["id"])
    assert transfer is not None
    assert (transfer.status, transfer.failure_reason) == ("FAILED", EXPIRED)
    assert await balance(bff, ADA_SAVINGS) == before
    # The follow-up worker never sends it, however late.
    await jobs.follow_up_transfers(utcnow() + timedelta(days=3))
    assert await balance(bff, ADA_SAVINGS) == before
    admin = await admin_token(bff)
    [item] = (await bff.client.get(QUEUE, headers=auth(admin), params={"all": "true"})).json()
    assert item["state"] == "EXPIRED"
    late = await bff.client.post(
        f"/admin/api/risk/reviews/{item['id']}/release", headers=auth(admin)
    )
    assert late.status_code == 409


async def test_a_payee_on_the_watch_list_is_blocked_and_nothing_is_stored(bff):
    async with bff.db.transaction() as session:
        session.add(
            WatchedAccount(
                bank_code=banks.own_code(),
                account_number=TUNDE_ACCOUNT,
                reason="reported",
                reported_at=utcnow(),
            )
        )
    token = await bff.sign_in()
    refused = await initiate(bff, token, "intrabank", destinationAccountNumber=TUNDE_ACCOUNT)
    assert refused.status_code == 400
    assert refused.json()["detail"].startswith("This account has been reported to the banks")
    assert "WATCH_LISTED" not in refused.text  # the customer never reads a rule id
    async with bff.db.transaction() as session:
        assert await session.scalar(select(func.count()).select_from(Transfer)) == 0
        event = await session.scalar(
            select(AuditEvent).where(AuditEvent.event == "PAYMENT_BLOCKED")
        )
    assert event is not None and "WATCH_LISTED" in (event.detail or "")


async def test_an_account_the_core_flagged_holds_its_payments_out(bff):
    async with bff.db.transaction() as session:
        session.add(
            AccountFlag(
                account_number=ADA_SAVINGS, rule="PASS_THROUGH", state="OPEN", raised_at=utcnow()
            )
        )
    token = await bff.sign_in()
    held = await held_transfer(bff, token)
    assert held["heldForReview"] is True
    admin = await admin_token(bff)
    kinds = {i["kind"] for i in (await bff.client.get(QUEUE, headers=auth(admin))).json()}
    assert kinds == {"PAYMENT", "ACCOUNT"}


async def test_the_switch_stops_transfers_at_once_and_needs_a_code_to_start_them(bff):
    token = await bff.sign_in()
    assert (await bff.client.get(f"{SWITCH}/", headers=auth(token))).json()["enabled"] is True
    off = await bff.client.post(f"{SWITCH}/off", headers=auth(token))
    assert off.status_code == 200 and off.json()["enabled"] is False
    refused = await initiate(bff, token, "intrabank", destinationAccountNumber=TUNDE_ACCOUNT)
    assert refused.status_code == 409 and refused.json()["detail"] == SWITCHED_OFF
    # Between the customer's own accounts money still moves.
    own = await initiate(bff, token, "own-account", destinationAccountNumber="1020000122")
    assert own.status_code == 201, own.text
    sent = await bff.client.post(f"{SWITCH}/on", headers=auth(token), json={})
    assert sent.status_code == 202
    wrong = await bff.client.post(f"{SWITCH}/on", headers=auth(token), json={"otp": "000000"})
    assert wrong.status_code == 400
    code = await bff.latest_code(ADA)
    on = await bff.client.post(f"{SWITCH}/on", headers=auth(token), json={"otp": code})
    assert on.status_code == 200 and on.json()["enabled"] is True
    allowed = await initiate(bff, token, "intrabank", destinationAccountNumber=TUNDE_ACCOUNT)
    assert allowed.status_code == 201, allowed.text


async def test_a_new_account_sends_at_most_the_cap_in_its_first_day(bff):
    token = await bff.sign_in()
    opened = await bff.client.post("/api/accounts", headers=auth(token), json={"accountTypeId": 4})
    new = opened.json()["account"]["accountNumber"]
    funded = await initiate(bff, token, "own-account", destinationAccountNumber=new, amount=30_000)
    assert (await confirm(bff, token, funded.json()["id"])).status_code == 200
    caps = (await bff.client.get("/api/transfer/new-account-caps", headers=auth(token))).json()
    # (Other tests may have opened accounts of Ada's in the same simulator.)
    [cap] = [c for c in caps if c["accountNumber"] == new]
    assert cap["accountNumber"] == new and cap["limit"] == 20_000 and cap["left"] == 20_000
    assert cap["message"].startswith(f"Account {new} is new: until ")
    over = await initiate(
        bff,
        token,
        "intrabank",
        sourceAccountNumber=new,
        destinationAccountNumber=TUNDE_ACCOUNT,
        amount=20_001,
    )
    assert over.status_code == 400
    assert f"Account {new} is new, so until" in over.json()["detail"]
    assert "₦20,000 is left" in over.json()["detail"]
    fits = await initiate(
        bff,
        token,
        "intrabank",
        sourceAccountNumber=new,
        destinationAccountNumber=TUNDE_ACCOUNT,
        amount=20_000,
    )
    assert fits.status_code == 201, fits.text


async def test_two_transfers_made_before_either_is_confirmed_share_the_new_account_cap(bff):
    """Each fits the cap alone when it is made; the second confirmed would take the account
    over it, so it fails at confirmation with the cap's sentence and moves nothing."""
    token = await bff.sign_in()
    opened = await bff.client.post("/api/accounts", headers=auth(token), json={"accountTypeId": 4})
    new = opened.json()["account"]["accountNumber"]
    funded = await initiate(bff, token, "own-account", destinationAccountNumber=new, amount=40_000)
    assert (await confirm(bff, token, funded.json()["id"])).status_code == 200
    started = []
    for _ in range(2):
        made = await initiate(
            bff,
            token,
            "intrabank",
            sourceAccountNumber=new,
            destinationAccountNumber=TUNDE_ACCOUNT,
            amount=15_000,
        )
        assert made.status_code == 201, made.text
        started.append((made.json()["id"], await bff.latest_code(ADA)))
    first = await confirm(bff, token, started[0][0], otp=started[0][1], acknowledge=True)
    assert first.status_code == 200, first.text
    second = await confirm(bff, token, started[1][0], otp=started[1][1], acknowledge=True)
    assert second.status_code == 422 and second.json()["responseCode"] == "61"
    assert f"Account {new} is new, so until" in second.json()["detail"]
    assert "₦5,000 is left" in second.json()["detail"]
    assert (await balance(bff, new))[0] == 25_000 * 100
    assert await ledger_is_balanced(bff)


async def test_a_lower_limit_applies_at_once_and_a_raise_waits_its_hours(bff):
    token = await bff.sign_in()
    await set_limits(bff, token, daily=100_000, single=50_000)
    limits = (
        await bff.client.get("/api/ibanking/personal/transaction-limits", headers=auth(token))
    ).json()
    row = next(r for r in limits if r["nuban"] == ADA_SAVINGS and r["transferType"] == "INTRA_BANK")
    assert (row["dailyLimit"], row["limitPerTransaction"], row["raiseFrom"]) == (
        100_000,
        50_000,
        None,
    )
    await set_limits(bff, token, daily=200_000, single=60_000)
    limits = (
        await bff.client.get("/api/ibanking/personal/transaction-limits", headers=auth(token))
    ).json()
    row = next(r for r in limits if r["nuban"] == ADA_SAVINGS and r["transferType"] == "INTRA_BANK")
    assert (row["dailyLimit"], row["limitPerTransaction"]) == (100_000, 50_000)
    assert (row["raisedDailyLimit"], row["raisedLimitPerTransaction"]) == (200_000, 60_000)
    assert row["raiseFrom"].endswith("WAT")
    over = await initiate(
        bff, token, "intrabank", destinationAccountNumber=TUNDE_ACCOUNT, amount=55_000
    )
    assert over.status_code == 400 and "₦50,000.00 per transaction" in over.json()["detail"]
    # Its hours later, the raise applies.
    async with bff.db.transaction() as session:
        await session.execute(
            update(TransactionLimit).values(raise_from=utcnow() - timedelta(seconds=1))
        )
    fits = await initiate(
        bff, token, "intrabank", destinationAccountNumber=TUNDE_ACCOUNT, amount=55_000
    )
    assert fits.status_code == 201, fits.text


async def test_a_held_bill_payment_is_reserved_and_runs_once_released(bff_factory):
    bff = await bff_factory(risk=ALWAYS_HOLD)
    token = await bff.sign_in()
    before = await balance(bff, ADA_CURRENT)
    held = await buy(
        bff, token, "airtime", amount=200, phoneNumber="08031234501", airtimeProviderCode="MTN"
    )
    assert held.status_code == 202, held.text
    bill = held.json()["bill"]
    assert bill["heldForReview"] is True and bill["message"] == HELD_MESSAGE
    assert await balance(bff, ADA_CURRENT) == (before[0], before[1] - 20_000)
    admin = await admin_token(bff)
    [item] = (await bff.client.get(QUEUE, headers=auth(admin))).json()
    assert item["payee"].startswith("MTN") and item["amount"] == 200
    released = await bff.client.post(
        f"/admin/api/risk/reviews/{item['id']}/release", headers=auth(admin)
    )
    assert released.status_code == 200, released.text
    assert await balance(bff, ADA_CURRENT) == (before[0] - 20_000, before[1] - 20_000)
    assert await ledger_is_balanced(bff)


MULE = ("000013", "9000000083")  # the simulator's seeded watch-list entry
REPORTED = "9000000014"  # Adaeze Nwosu at GTBank: taken off the list again at the end


async def test_a_refunded_payment_the_customer_did_not_make_puts_its_payee_on_the_list(bff):
    token = await bff.sign_in()
    started = await initiate(
        bff,
        token,
        "other-banks",
        destinationAccountNumber=REPORTED,
        destinationBankCode=GTB,
        amount=250,
    )
    assert started.status_code == 201, started.text
    paid = await confirm(bff, token, started.json()["id"], "other-banks")
    assert paid.status_code == 200, paid.text
    dispute = await bff.client.post(
        "/api/disputes",
        headers=auth(token),
        json={"paymentReference": paid.json()["id"], "reason": "NOT_MINE"},
    )
    number = dispute.json()["dispute"]["trackingNumber"]
    admin = await admin_token(bff)
    refunded = await bff.client.post(f"/admin/api/disputes/{number}/refund", headers=auth(admin))
    assert refunded.status_code == 200, refunded.text
    try:
        listed = (await bff.sim.get("/sim/watch-list/")).json()
        assert any(e["accountNumber"] == REPORTED for e in listed)
        async with bff.db.transaction() as session:
            assert await session.get(WatchedAccount, (GTB, REPORTED)) is not None
        again = await initiate(
            bff,
            token,
            "other-banks",
            destinationAccountNumber=REPORTED,
            destinationBankCode=GTB,
        )
        assert again.status_code == 400
        assert again.json()["detail"].startswith("This account has been reported")
    finally:  # the simulator is the whole session's
        await bff.sim.delete(f"/sim/watch-list/{GTB}/{REPORTED}")


async def test_the_feeds_copy_the_watch_list_and_the_cores_flags_and_decisions_go_back(bff):
    token = await bff.sign_in()
    feeds = bff.app.state.jobs.feeds
    await feeds.pull()
    async with bff.db.transaction() as session:
        assert await session.get(WatchedAccount, MULE) is not None
    opened = await bff.client.post("/api/accounts", headers=auth(token), json={"accountTypeId": 4})
    number = opened.json()["account"]["accountNumber"]
    raised = await bff.sim.post(
        "/sim/risk/flags", json={"accountNumber": number, "rule": "MANY_SENDERS"}
    )
    assert raised.status_code == 201, raised.text
    assert await feeds.pull() >= 1
    async with bff.db.transaction() as session:
        flag = await session.get(AccountFlag, number)
    assert flag is not None and flag.state == "OPEN"
    admin = await admin_token(bff)
    queue = (await bff.client.get(QUEUE, headers=auth(admin))).json()
    assert any(i["kind"] == "ACCOUNT" and i["id"] == number for i in queue)
    cleared = await bff.client.post(f"/admin/api/risk/accounts/{number}/clear", headers=auth(admin))
    assert cleared.status_code == 200 and cleared.json()["state"] == "CLEARED", cleared.text
    again = await bff.client.post(f"/admin/api/risk/accounts/{number}/clear", headers=auth(admin))
    assert again.status_code == 409
    await feeds.pull()  # the feed's own copy of the decision changes nothing
    async with bff.db.transaction() as session:
        flag = await session.get(AccountFlag, number)
    assert flag is not None and flag.state == "CLEARED"


async def test_a_page_another_worker_copied_at_the_same_moment_is_left_to_it(bff):
    """Two BFF processes pull the feeds; the second to commit meets the first's rows."""
    feeds = bff.app.state.jobs.feeds
    await feeds.pull()
    async with bff.db.transaction() as session:
        cursor = await session.get(SyncCursor, "watch-list")
    assert cursor is not None
    seen = cursor.last_seq

    async def copy_again(session, entry: WatchListEntry) -> None:
        # What the slower process does: it read the feed before the other one committed.
        session.add(WatchedAccount(bank_code=entry.bank_code, account_number=entry.account_number))

    entry = WatchListEntry(
        seq=seen + 1,
        bank_code=MULE[0],
        account_number=MULE[1],
        reason="reported",
        reported_by="000013",
        reported_at=utcnow(),
    )
    # No failed job: the unique key's refusal is the other process's copy, not an error.
    copied = await feeds._copied("watch-list", seen + 1, [entry], copy_again)
    assert copied is False
    async with bff.db.transaction() as session:
        cursor = await session.get(SyncCursor, "watch-list")
        assert cursor is not None and cursor.last_seq == seen  # the other process's copy stands
        assert await session.get(WatchedAccount, MULE) is not None
