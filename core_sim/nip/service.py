"""The NIP switch: name enquiry, funds transfer and transaction status query (TSQ).

Answers are HTTP 200 with a NIP response code, as NIBSS answers; only a forced timeout (no
answer in time: 504) and malformed requests are HTTP errors. A funds transfer is recorded
with its final outcome *before* any forced hang, so a TSQ after a timeout tells the truth
and a sender that follows the rules (query, never resend under a new session) never pays twice.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import secrets
from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from core_sim.db import Database
from core_sim.errors import Conflict, FaultTimeout
from core_sim.faults.models import FaultEffect, FaultRule
from core_sim.faults.service import CallContext, take_fault
from core_sim.nip.models import ExternalAccount, InterbankTransfer, NameEnquiry
from core_sim.nip.schemas import NipTransferIn
from core_sim.settings import FIXTURES_DIR
from core_sim.simclock.state import utcnow

BANKS = {
    b["institutionCode"]: b["institutionName"]
    for b in json.loads((FIXTURES_DIR / "banks.json").read_text())["banks"]
}
SCENARIOS = {
    (s["bankCode"], s["accountNumber"]): s
    for s in json.loads((FIXTURES_DIR / "scenarios.json").read_text())["interbankAccounts"]
}
IN_PROGRESS = "09"


def new_session_id(sender_code: str) -> str:
    """30 digits: sender institution code, yyMMddHHmmss, 12 random digits."""
    stamp = utcnow().strftime("%y%m%d%H%M%S")
    return f"{sender_code}{stamp}{secrets.randbelow(10**12):012d}"


async def _fault(db: Database, operation: str, call: CallContext) -> FaultRule | None:
    return await take_fault(db, call)


async def _hang(rule: FaultRule, timeout_fault_ms: int) -> None:
    await asyncio.sleep((rule.delay_ms or timeout_fault_ms) / 1000)
    raise FaultTimeout("No answer from the switch in time (forced)")


async def name_enquiry(
    db: Database, bank_code: str, account_number: str, own_code: str, timeout_fault_ms: int
) -> tuple[str, NameEnquiry | None]:
    """(response code, the recorded enquiry when successful)."""
    rule = await _fault(
        db,
        "nip.name_enquiry",
        CallContext("nip.name_enquiry", accounts=(account_number,), bank=bank_code),
    )
    if rule is not None:
        if rule.effect == FaultEffect.TIMEOUT:
            await _hang(rule, timeout_fault_ms)
        if rule.effect == FaultEffect.DELAY:
            await asyncio.sleep((rule.delay_ms or 0) / 1000)
        if rule.effect in (FaultEffect.DECLINE, FaultEffect.PENDING):
            return rule.response_code or IN_PROGRESS, None
    if bank_code not in BANKS or bank_code == own_code:
        return "16", None
    scenario = SCENARIOS.get((bank_code, account_number), {})
    if "nameEnquiry" in scenario:
        return scenario["nameEnquiry"]["responseCode"], None
    async with db.reader() as session:
        account = await session.scalar(
            select(ExternalAccount).where(
                ExternalAccount.bank_code == bank_code,
                ExternalAccount.account_number == account_number,
            )
        )
    if account is None or not account.account_name:
        return "07", None
    enquiry = NameEnquiry(
        session_id=new_session_id(own_code),
        bank_code=bank_code,
        account_number=account_number,
        account_name=account.account_name,
    )
    async with db.writer() as session:
        session.add(enquiry)
    return "00", enquiry


def _body_hash(data: NipTransferIn) -> str:
    canonical = "|".join(
        (
            data.name_enquiry_ref,
            data.debit_account,
            data.destination_institution_code,
            data.beneficiary_account,
            str(data.amount_kobo),
            data.narration,
        )
    )
    return hashlib.sha256(canonical.encode()).hexdigest()


async def transfer(
    db: Database, data: NipTransferIn, own_code: str, timeout_fault_ms: int
) -> InterbankTransfer:
    async with db.reader() as session:
        existing = await session.get(InterbankTransfer, data.reference)
    if existing is not None:
        if existing.body_hash != _body_hash(data):
            raise Conflict("This reference was already used for another transfer", code="94")
        _, record = await status_query(db, data.reference, timeout_fault_ms, apply_faults=False)
        assert record is not None
        return record

    async with db.reader() as session:
        enquiry = await session.get(NameEnquiry, data.name_enquiry_ref)
    valid_enquiry = (
        enquiry is not None
        and enquiry.bank_code == data.destination_institution_code
        and enquiry.account_number == data.beneficiary_account
    )
    rule = await _fault(
        db,
        "nip.transfer",
        CallContext(
            "nip.transfer",
            accounts=(data.debit_account, data.beneficiary_account),
            bank=data.destination_institution_code,
            amount_kobo=data.amount_kobo,
        ),
    )
    scenario = SCENARIOS.get((data.destination_institution_code, data.beneficiary_account), {})
    plan = dict(scenario.get("transfer", {}))
    if rule is not None:
        plan = {
            "effect": rule.effect,
            "responseCode": rule.response_code,
            "finalResponseCode": rule.pending_outcome or "00",
            "resolveAfterMs": rule.resolve_after_ms or 0,
            "delayMs": rule.delay_ms,
        }
    effect = plan.get("effect", FaultEffect.DECLINE if plan.get("responseCode") else None)
    final = (
        plan.get("responseCode")
        if effect == FaultEffect.DECLINE
        else plan.get("finalResponseCode", "00")
    )
    if not valid_enquiry:
        effect, final = None, "12"  # a transfer must quote a name enquiry of this account
    now = utcnow()
    record = InterbankTransfer(
        reference=data.reference,
        session_id=new_session_id(own_code),
        name_enquiry_ref=data.name_enquiry_ref,
        body_hash=_body_hash(data),
        debit_account=data.debit_account,
        bank_code=data.destination_institution_code,
        account_number=data.beneficiary_account,
        account_name=data.beneficiary_name,
        amount_kobo=data.amount_kobo,
        narration=data.narration,
        response_code=IN_PROGRESS if effect == FaultEffect.PENDING else final,
        final_response_code=final,
        resolve_at=now + timedelta(milliseconds=int(plan.get("resolveAfterMs") or 0))
        if effect == FaultEffect.PENDING
        else None,
        created_at=now,
    )
    try:
        async with db.writer() as session:
            session.add(record)
    except IntegrityError:  # the same reference raced in: answer as the first did
        _, winner = await status_query(db, data.reference, timeout_fault_ms, apply_faults=False)
        assert winner is not None
        return winner
    if effect == FaultEffect.DELAY:
        await asyncio.sleep(int(plan.get("delayMs") or 0) / 1000)
    if effect == FaultEffect.TIMEOUT:
        # The switch processed it; the answer is what gets lost.
        await asyncio.sleep(int(plan.get("delayMs") or timeout_fault_ms) / 1000)
        raise FaultTimeout("No answer from the switch in time (forced); query the status")
    return record


async def status_query(
    db: Database, reference: str, timeout_fault_ms: int, *, apply_faults: bool = True
) -> tuple[str, InterbankTransfer | None]:
    """(the code a TSQ answers now, the recorded transfer if the switch has it)."""
    if apply_faults:
        rule = await _fault(db, "nip.tsq", CallContext("nip.tsq"))
        if rule is not None and rule.effect == FaultEffect.TIMEOUT:
            await _hang(rule, timeout_fault_ms)
        if rule is not None and rule.effect == FaultEffect.DELAY:
            await asyncio.sleep((rule.delay_ms or 0) / 1000)
        if rule is not None and rule.effect in (FaultEffect.DECLINE, FaultEffect.PENDING):
            return rule.response_code or "01", None
    async with db.writer() as session:
        record = await session.get(InterbankTransfer, reference)
        if record is None:
            return "25", None
        if (
            record.response_code == IN_PROGRESS
            and record.resolve_at is not None
            and record.resolve_at <= utcnow()
        ):
            record.response_code = record.final_response_code
        return record.response_code, record
