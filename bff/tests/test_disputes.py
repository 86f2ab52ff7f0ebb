"""Disputes: a problem reported on one of the customer's payments, acknowledged at once,
answered by the ledger when it can be; and every refusal."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

import pytest
from sqlalchemy import update

from bff.config.dispute_deadlines import DEFAULT_DEADLINE_HOURS, parse_deadline_hours
from bff.dates import LAGOS
from bff.db import utcnow
from bff.disputes.models import Dispute
from bff.tests.helpers import (
    ADA,
    ADA_SAVINGS,
    ELECTRICITY,
    GTB,
    Bff,
    T,
    admin_token,
    auth,
    balance,
    buy,
    samples,
    send,
    tunde_token,
)
from bff.transfers.models import Transfer

D = "/api/disputes"
ADA_PHONE = "08031234501"
TRACKING = re.compile(r"^KOBO-DSP-\d{6}-[A-Z2-9]{6}$")


async def other_bank_transfer(bff: Bff, token: str, account: str = "9000000014") -> dict:  # type: ignore[type-arg]
    done = await send(
        bff,
        token,
        "other-banks",
        "other-banks",
        sourceAccountNumber=ADA_SAVINGS,
        destinationAccountNumber=account,
        destinationBankCode=GTB,
        amount=250,
    )
    assert done.status_code in (200, 202, 422), done.text
    return dict(done.json())


async def report(bff: Bff, token: str, reference: str, reason: str, **body: object):  # type: ignore[no-untyped-def]
    return await bff.client.post(
        D,
        headers=auth(token),
        json={"paymentReference": reference, "reason": reason, **body},
    )


async def inbox(bff: Bff, recipient: str) -> list[dict]:  # type: ignore[type-arg]
    return list((await bff.sim.get("/sim/messages", params={"recipient": recipient})).json())


def answer_by(dispute: dict) -> datetime:  # type: ignore[type-arg]
    return datetime.fromisoformat(dispute["answerByUtc"])


async def test_not_received_is_acknowledged_with_a_tracking_number_by_sms_and_email(bff):
    token = await bff.sign_in()
    transfer = await other_bank_transfer(bff, token)
    reference = transfer["id"]
    created = await report(
        bff, token, reference, "NOT_RECEIVED", note="Adaeze says nothing arrived."
    )
    assert created.status_code == 201, created.text
    dispute = created.json()["dispute"]
    assert TRACKING.match(dispute["trackingNumber"])
    assert dispute["status"] == "RECEIVED" and dispute["statusLabel"] == "Received"
    assert dispute["reasonLabel"] == "The recipient has not received it"
    assert dispute["paymentReference"] == reference
    assert dispute["paymentSummary"].startswith("₦250.00 to ")
    assert dispute["amount"] == 250.0 and dispute["answer"] is None
    due = answer_by(dispute)
    assert abs(due - (utcnow() + timedelta(hours=72))) < timedelta(minutes=1)
    assert due.utcoffset() == timedelta(hours=1)  # West Africa Time
    assert created.json()["message"] == (
        f"We received your report. We will answer by {dispute['answerBy']} WAT"
    )
    assert [m["sender"] for m in dispute["messages"]] == ["CLIENT"]
    assert dispute["messages"][0]["text"] == "Adaeze says nothing arrived."
    wat = due.strftime("%d-%m-%Y %H:%M WAT")
    text = (await inbox(bff, ADA_PHONE))[0]["body"]
    assert dispute["trackingNumber"] in text and wat in text
    mail = (await inbox(bff, ADA))[0]["body"]
    assert dispute["trackingNumber"] in mail and wat in mail
    # Listed, alone for its payment, and readable by its number; its ticket beside tickets.
    listed = (await bff.client.get(D, headers=auth(token))).json()
    assert [d["trackingNumber"] for d in listed] == [dispute["trackingNumber"]]
    linked = await bff.client.get(D, headers=auth(token), params={"paymentReference": reference})
    assert [d["trackingNumber"] for d in linked.json()] == [dispute["trackingNumber"]]
    other = await bff.client.get(D, headers=auth(token), params={"paymentReference": "X1"})
    assert other.json() == []
    again = await bff.client.get(f"{D}/{dispute['trackingNumber']}", headers=auth(token))
    assert again.json()["trackingNumber"] == dispute["trackingNumber"]
    tickets = (await bff.client.get("/api/tickets", headers=auth(token))).json()
    assert dispute["ticketId"] in [t["id"] for day in tickets for t in day["tickets"]]


async def test_a_second_open_dispute_on_one_payment_is_refused(bff):
    token = await bff.sign_in()
    reference = (await other_bank_transfer(bff, token))["id"]
    first = (await report(bff, token, reference, "WRONG_AMOUNT")).json()["dispute"]
    second = await report(bff, token, reference, "NOT_RECEIVED")
    assert second.status_code == 409
    assert second.json()["detail"].startswith(
        f"You have already reported a problem with this payment ({first['trackingNumber']})."
    )
    assert len((await bff.client.get(D, headers=auth(token))).json()) == 1


async def test_another_customers_payment_or_a_made_up_one_is_not_found(bff):
    token = await bff.sign_in()
    reference = (await other_bank_transfer(bff, token))["id"]
    tunde = await tunde_token(bff)
    for who, ref in ((tunde, reference), (token, "NOSUCHPAYMENT1")):
        refused = await report(bff, who, ref, "NOT_MINE")
        assert refused.status_code == 404
        assert refused.json()["detail"] == "We could not find this payment among yours"
    dispute = (await report(bff, token, reference, "OTHER", note="x")).json()["dispute"]
    peek = await bff.client.get(f"{D}/{dispute['trackingNumber']}", headers=auth(tunde))
    assert peek.status_code == 404
    assert (await bff.client.get(D, headers=auth(tunde))).json() == []


async def test_a_ledger_line_kobo_holds_no_record_of_can_be_reported(bff):
    token = await bff.sign_in()
    page = await bff.client.get(
        "/api/ibanking/personal/transactions",
        headers=auth(token),
        params={"accountNumber": ADA_SAVINGS, "transactionType": "DEBIT", "size": 100},
    )
    # The simulator's seeded history, references such as FT102000012200042 (other tests'
    # payments share the simulator, not the BFF database that knows them).
    line = next(ln for ln in page.json()["content"] if ln["referenceNumber"].startswith("FT"))
    created = await report(bff, token, line["referenceNumber"], "NOT_MINE")
    assert created.status_code == 201, (line, created.text)
    dispute = created.json()["dispute"]
    assert dispute["amount"] == abs(line["amount"])
    assert dispute["paymentSummary"].startswith("₦") and " to " in dispute["paymentSummary"]
    assert dispute["paymentDate"][:10] == line["dateCreated"]


async def test_payments_older_than_ninety_days_are_refused(bff):
    token = await bff.sign_in()
    reference = (await other_bank_transfer(bff, token))["id"]
    long_ago = utcnow() - timedelta(days=91)
    async with bff.db.transaction() as session:
        await session.execute(
            update(Transfer)
            .where(Transfer.id == reference)
            .values(created_at=long_ago, confirmed_at=long_ago)
        )
    refused = await report(bff, token, reference, "NOT_RECEIVED")
    assert refused.status_code == 400
    assert refused.json()["detail"] == (
        "Only payments of the last 90 days can be reported here. "
        "Please write to customer service about older ones."
    )
    assert (await bff.client.get(D, headers=auth(token))).json() == []


async def test_bad_reports_are_refused_and_record_nothing(bff):
    token = await bff.sign_in()
    reference = (await other_bank_transfer(bff, token))["id"]
    no_reason = await report(bff, token, reference, "LOST_IT")
    assert no_reason.status_code == 400 and no_reason.json()["detail"] == "Choose what went wrong"
    empty = await bff.client.post(D, headers=auth(token), json={})
    assert [e["field"] for e in empty.json()["errors"]] == ["paymentReference", "reason"]
    hidden = await report(bff, token, reference, "OTHER", note="a\u202eb")
    assert hidden.status_code == 400
    too_many = await report(
        bff,
        token,
        reference,
        "OTHER",
        attachments=[{"name": "a.pdf", "document": "data:application/pdf;base64,JVBERi0="}] * 6,
    )
    # The bound is the contract's (`maxItems`), enforced where it is declared.
    assert too_many.status_code == 400 and "attachments" in too_many.json()["detail"]
    assert (await bff.client.get(D, headers=auth(token))).json() == []


async def test_a_failed_transfer_whose_hold_was_released_is_answered_at_once(bff):
    token = await bff.sign_in()
    failed = await other_bank_transfer(bff, token, account="9000000021")  # declined
    assert failed["transferStatus"] == "FAILED"
    reference = failed["id"]
    created = await report(bff, token, reference, "DEBITED_BUT_FAILED")
    assert created.status_code == 201, created.text
    dispute = created.json()["dispute"]
    assert dispute["status"] == "ANSWERED" and dispute["statusLabel"] == "Answered"
    assert re.fullmatch(
        r"Your money was not taken: the ₦250\.00 hold was released on "
        r"\d{2}-\d{2}-\d{4} \d{2}:\d{2} WAT\.",
        dispute["answer"],
    )
    assert created.json()["message"] == "We have answered your report"
    assert [m["sender"] for m in dispute["messages"]] == ["CLIENT", "AGENT"]
    assert dispute["messages"][1]["text"] == dispute["answer"]
    assert dispute["answer"] in (await inbox(bff, ADA_PHONE))[0]["body"]
    # Answered is closed: the payment can be reported again.
    assert (await report(bff, token, reference, "OTHER")).status_code == 201


async def test_a_pending_other_bank_transfer_is_queried_first(bff):
    token = await bff.sign_in()
    await bff.sim.post(
        "/sim/faults/",
        json={
            "operation": "nip.transfer",
            "effect": "pending",
            "pendingOutcome": "91",
            "resolveAfterMs": 0,
            "uses": 1,
        },
    )
    pending = await other_bank_transfer(bff, token)
    assert pending["status"] == "PENDING"
    created = await report(bff, token, pending["id"], "DEBITED_BUT_FAILED")
    dispute = created.json()["dispute"]
    assert dispute["status"] == "ANSWERED"
    assert dispute["answer"].startswith("Your money was not taken: the ₦250.00 hold was released")
    after = (await bff.client.get(f"{T}/{pending['id']}", headers=auth(token))).json()
    assert after["status"] == "FAILED"


async def pending_vend(bff: Bff, token: str) -> str:
    """A prepaid electricity vend whose answer was lost: PENDING, and a requery finds it
    vended (the simulator's meter 45000000004)."""
    done = await buy(
        bff, token, "electricity", **{**ELECTRICITY, "electricityMeterNum": "45000000004"}
    )
    assert done.status_code == 202 and done.json()["bill"]["vendingStatus"] == "PENDING", done.text
    return str(done.json()["bill"]["reference"])


async def test_a_pending_bill_payment_is_requeried_first_and_answered_with_its_result(bff):
    token = await bff.sign_in()
    reference = await pending_vend(bff, token)
    created = await report(bff, token, reference, "DEBITED_BUT_FAILED")
    assert created.status_code == 201, created.text
    dispute = created.json()["dispute"]
    assert dispute["status"] == "ANSWERED"
    assert created.json()["message"] == "We have answered your report"
    assert dispute["paymentSummary"] == "₦5,000.00 for Ikeja Electric prepaid, meter 45000000004"
    assert re.fullmatch(
        r"This payment did not fail: ₦5,000\.00 was paid to Ikeja Electric prepaid, meter "
        r"45000000004 on \d{2}-\d{2}-\d{4} \d{2}:\d{2} WAT\. If the recipient has not received "
        r'it, report "The recipient has not received it"\.',
        dispute["answer"],
    )
    # The requery settled the bill itself (one token, as the background pass would have).
    log = (await bff.client.get("/api/utility/logs", headers=auth(token))).json()[0]
    assert log["reference"] == reference
    assert log["vendingStatus"] == "SUCCESS" and re.fullmatch(r"\d{20}", log["vendingToken"])


async def test_a_bill_payment_the_requery_finds_failed_is_answered_as_not_taken(bff):
    token = await bff.sign_in()
    await bff.sim.post(
        "/sim/faults/",
        json={
            "operation": "bills.vend",
            "effect": "pending",
            "pendingOutcome": "96",
            "resolveAfterMs": 0,
            "uses": 1,
        },
    )
    airtime = {"utilityProductType": "AIRTIME", "phoneNumber": "08099990001", "amount": 100}
    done = await buy(bff, token, "airtime", **airtime, airtimeProviderCode="MTN")
    assert done.status_code == 202, done.text
    reference = done.json()["bill"]["reference"]
    dispute = (await report(bff, token, reference, "DEBITED_BUT_FAILED")).json()["dispute"]
    assert dispute["status"] == "ANSWERED"
    assert re.fullmatch(
        r"Your money was not taken: the ₦100\.00 hold was released on "
        r"\d{2}-\d{2}-\d{4} \d{2}:\d{2} WAT\.",
        dispute["answer"],
    )
    log = (await bff.client.get("/api/utility/logs", headers=auth(token))).json()[0]
    assert log["vendingStatus"] == "FAILED"


async def test_a_bill_payment_still_pending_after_the_requery_is_left_for_a_person(bff):
    token = await bff.sign_in()
    reference = await pending_vend(bff, token)
    await bff.sim.post(
        "/sim/faults/",
        json={"operation": "bills.requery", "effect": "pending", "responseCode": "09", "uses": 1},
    )
    created = await report(bff, token, reference, "DEBITED_BUT_FAILED")
    assert created.status_code == 201, created.text
    dispute = created.json()["dispute"]
    assert dispute["status"] == "RECEIVED" and dispute["answer"] is None
    assert created.json()["message"].startswith("We received your report. We will answer by ")
    log = (await bff.client.get("/api/utility/logs", headers=auth(token))).json()[0]
    assert log["vendingStatus"] == "PENDING"


async def test_a_completed_payment_reported_as_failed_says_where_the_money_went(bff):
    token = await bff.sign_in()
    reference = (await other_bank_transfer(bff, token))["id"]
    dispute = (await report(bff, token, reference, "DEBITED_BUT_FAILED")).json()["dispute"]
    assert dispute["status"] == "ANSWERED"
    assert dispute["answer"].startswith("This payment did not fail: ₦250.00 was paid to ")


async def test_deadlines_are_configurable_per_reason(bff_factory):
    bff = await bff_factory(dispute_deadline_hours={**DEFAULT_DEADLINE_HOURS, "NOT_RECEIVED": 5})
    token = await bff.sign_in()
    reasons = (await bff.client.get(f"{D}/reasons", headers=auth(token))).json()
    assert [(r["reason"], r["answerWithinHours"]) for r in reasons] == [
        ("NOT_RECEIVED", 5),
        ("DEBITED_BUT_FAILED", 24),
        ("WRONG_AMOUNT", 72),
        ("NOT_MINE", 72),
        ("OTHER", 72),
    ]
    reference = (await other_bank_transfer(bff, token))["id"]
    dispute = (await report(bff, token, reference, "NOT_RECEIVED")).json()["dispute"]
    assert abs(answer_by(dispute) - (utcnow() + timedelta(hours=5))) < timedelta(minutes=1)
    assert answer_by(dispute).tzinfo is not None
    assert answer_by(dispute).astimezone(LAGOS) == answer_by(dispute)


def test_deadline_setting_parses_and_refuses_nonsense():
    assert parse_deadline_hours("")["NOT_RECEIVED"] == 72
    assert parse_deadline_hours("not_received=48, other=120")["OTHER"] == 120
    for bad in ("LOST=5", "OTHER=0", "OTHER=x", "OTHER=99999"):
        with pytest.raises(ValueError):
            parse_deadline_hours(bad)


# -- back office --------------------------------------------------------------------------

A = "/admin/api/disputes"


async def test_back_office_reviews_then_refunds_with_a_linked_reversal(bff):
    token = await bff.sign_in()
    admin = await admin_token(bff)
    transfer = await other_bank_transfer(bff, token)
    reference = transfer["id"]
    dispute = (await report(bff, token, reference, "NOT_RECEIVED")).json()["dispute"]
    number = dispute["trackingNumber"]
    queue = (await bff.client.get(A, headers=auth(admin))).json()
    mine = next(d for d in queue if d["trackingNumber"] == number)
    assert mine["customerEmail"] == ADA and mine["accountFrozen"] is False
    assert [d["answerByUtc"] for d in queue] == sorted(d["answerByUtc"] for d in queue)
    reviewed = await bff.client.post(f"{A}/{number}/review", headers=auth(admin))
    assert reviewed.status_code == 200 and reviewed.json()["statusLabel"] == "In review"
    assert "looking into it" in (await inbox(bff, ADA_PHONE))[0]["body"]
    before = await balance(bff, ADA_SAVINGS)
    refunded = await bff.client.post(f"{A}/{number}/refund", headers=auth(admin))
    assert refunded.status_code == 200, refunded.text
    out = refunded.json()
    assert out["status"] == "REFUNDED" and out["refundReference"] == f"RVSL-{reference}"
    assert out["answer"] == (
        f"We have refunded ₦250.00 to your account {ADA_SAVINGS}. "
        "It shows in your history as a reversal."
    )
    assert await balance(bff, ADA_SAVINGS) == (before[0] + 25_000, before[1] + 25_000)
    assert (await bff.sim.get("/core/ledger/balance-check")).json()["balanced"]
    assert "refunded ₦250.00" in (await inbox(bff, ADA_PHONE))[0]["body"]
    # History: the reversal line, its details and receipt; the dispute links both ways.
    history = (
        await bff.client.get(
            "/api/ibanking/personal/transactions",
            headers=auth(token),
            params={"search": "Reversal", "size": 100},
        )
    ).json()["content"]
    line = next(ln for ln in history if ln["referenceNumber"] == f"RVSL-{reference}")
    assert line["narration"].startswith("Reversal: transfer to ")
    assert line["transactionType"] == "CREDIT" and line["amount"] == 250.0
    detail = await bff.client.get(
        f"/api/ibanking/personal/transactions/RVSL-{reference}", headers=auth(token)
    )
    assert detail.status_code == 200 and detail.json()["narration"] == line["narration"]
    receipt = await bff.client.get(
        f"/api/ibanking/personal/transactions/RVSL-{reference}/receipt", headers=auth(token)
    )
    assert receipt.status_code == 200 and receipt.content.startswith(b"%PDF")
    linked = (
        await bff.client.get(D, headers=auth(token), params={"paymentReference": reference})
    ).json()
    assert (
        linked[0]["status"] == "REFUNDED"
        and linked[0]["refundReference"] == line["referenceNumber"]
    )
    conversation = (await bff.client.get(f"{D}/{number}", headers=auth(token))).json()
    assert [m["sender"] for m in conversation["messages"]] == ["CLIENT", "AGENT", "AGENT"]
    # Closed: a second decision is refused and nothing moves twice.
    again = await bff.client.post(f"{A}/{number}/refund", headers=auth(admin))
    assert again.status_code == 409 and again.json()["detail"] == "This dispute is already closed"
    assert await balance(bff, ADA_SAVINGS) == (before[0] + 25_000, before[1] + 25_000)


async def test_back_office_rejects_with_a_reason_the_customer_reads(bff):
    token = await bff.sign_in()
    admin = await admin_token(bff)
    reference = (await other_bank_transfer(bff, token))["id"]
    number = (await report(bff, token, reference, "WRONG_AMOUNT")).json()["dispute"][
        "trackingNumber"
    ]
    blank = await bff.client.post(f"{A}/{number}/reject", headers=auth(admin), json={})
    assert blank.status_code == 400 and blank.json()["detail"] == "Give the customer the reason"
    reason = "The amount debited is the ₦250.00 you entered."
    rejected = await bff.client.post(
        f"{A}/{number}/reject", headers=auth(admin), json={"reason": reason}
    )
    assert rejected.json()["status"] == "REJECTED" and rejected.json()["answer"] == reason
    mail = (await inbox(bff, ADA))[0]
    assert number in mail["body"] and reason in mail["body"]
    assert (await bff.client.get(A, headers=auth(admin))).json() == []
    assert len((await bff.client.get(A, headers=auth(admin), params={"all": "true"})).json()) == 1
    missing = await bff.client.post(f"{A}/KOBO-DSP-000000-AAAAAA/review", headers=auth(admin))
    assert missing.status_code == 404


async def test_a_payment_that_took_no_money_cannot_be_refunded(bff):
    token = await bff.sign_in()
    admin = await admin_token(bff)
    failed = await other_bank_transfer(bff, token, account="9000000021")
    number = (await report(bff, token, failed["id"], "OTHER", note="?")).json()["dispute"][
        "trackingNumber"
    ]
    refused = await bff.client.post(f"{A}/{number}/refund", headers=auth(admin))
    assert refused.status_code == 409
    assert refused.json()["detail"].startswith("Nothing to refund")


async def test_metrics_count_open_and_past_deadline_disputes(bff):
    token = await bff.sign_in()
    reference = (await other_bank_transfer(bff, token))["id"]
    await report(bff, token, reference, "NOT_RECEIVED")
    figures = samples((await bff.client.get("/metrics")).text)
    assert figures[("kobo_disputes_open", ())] == 1
    assert figures[("kobo_disputes_past_deadline", ())] == 0
    async with bff.db.transaction() as session:
        await session.execute(update(Dispute).values(due_at=utcnow() - timedelta(minutes=1)))
    figures = samples((await bff.client.get("/metrics")).text)
    assert figures[("kobo_disputes_past_deadline", ())] == 1
    listed = (await bff.client.get(D, headers=auth(token))).json()
    assert listed[0]["pastDeadline"] is True
