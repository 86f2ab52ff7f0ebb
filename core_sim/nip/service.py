"""The NIP switch: name inquiry, funds transfer and transaction status query (TSQ).

Answers are HTTP 200 with a NIP response code, as NIBSS answers; only a forced timeout (no
answer in time: 504) and malformed requests are HTTP errors. A funds transfer is recorded
with its final outcome *before* any forced hang, so a TSQ after a timeout tells the truth
and a sender that follows the rules (query, never resend under a new session) never pays twice.
"""

from __future__ import annotations

import hashlib
import json
import secrets

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from core_sim.db import Database
from core_sim.errors import Conflict
from core_sim.faults.effects import wait_as_forced
from core_sim.faults.models import FaultEffect
from core_sim.faults.plan import IN_PROGRESS, plan_of, settle_if_due
from core_sim.faults.service import CallContext, take_fault
from core_sim.nip.models import ExternalAccount, InterbankTransfer, NameInquiry
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
NO_ANSWER = "No answer from the switch in time (forced)"


async def external_accounts(db: Database, bank_code: str | None) -> list[ExternalAccount]:
    """Accounts at other banks, all or one bank's, in the order they were seeded."""
    async with db.reader() as session:
        query = select(ExternalAccount).order_by(ExternalAccount.id)
        if bank_code:
            query = query.where(ExternalAccount.bank_code == bank_code)
        return list((await session.scalars(query)).all())


def new_session_id(sender_code: str) -> str:
    """30 digits: sender institution code, yyMMddHHmmss, 12 random digits."""
    stamp = utcnow().strftime("%y%m%d%H%M%S")
    return f"{sender_code}{stamp}{secrets.randbelow(10**12):012d}"


async def name_inquiry(
    db: Database, bank_code: str, account_number: str, own_code: str, timeout_fault_ms: int
) -> tuple[str, NameInquiry | None]:
    """(response code, the recorded inquiry when successful)."""
    rule = await take_fault(
        db, CallContext("nip.name_inquiry", accounts=(account_number,), bank=bank_code)
    )
    if rule is not None:
        await wait_as_forced(rule.effect, rule.delay_ms, timeout_fault_ms, NO_ANSWER)
        if rule.effect in (FaultEffect.DECLINE, FaultEffect.PENDING):
            return rule.response_code or IN_PROGRESS, None
    if bank_code not in BANKS or bank_code == own_code:
        return "16", None
    scenario = SCENARIOS.get((bank_code, account_number), {})
    if "nameInquiry" in scenario:
        return scenario["nameInquiry"]["responseCode"], None
    async with db.reader() as session:
        account = await session.scalar(
            select(ExternalAccount).where(
                ExternalAccount.bank_code == bank_code,
                ExternalAccount.account_number == account_number,
            )
        )
    if account is None or not account.account_name:
        return "07", None
    inquiry = NameInquiry(
        session_id=new_session_id(own_code),
        bank_code=bank_code,
        account_number=account_number,
        account_name=account.account_name,
    )
    async with db.writer() as session:
        session.add(inquiry)
    return "00", inquiry


def _body_hash(data: NipTransferIn) -> str:
    canonical = "|".join(
        (
            data.name_inquiry_ref,
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
        inquiry = await session.get(NameInquiry, data.name_inquiry_ref)
    valid_inquiry = (
        inquiry is not None
        and inquiry.bank_code == data.destination_institution_code
        and inquiry.account_number == data.beneficiary_account
    )
    rule = await take_fault(
        db,
        CallContext(
            "nip.transfer",
            accounts=(data.debit_account, data.beneficiary_account),
            bank=data.destination_institution_code,
            amount_kobo=data.amount_kobo,
        ),
    )
    scenario = SCENARIOS.get((data.destination_institution_code, data.beneficiary_account), {})
    plan = plan_of(rule, scenario.get("transfer", {}))
    if not valid_inquiry:
        plan = plan.refused("12")  # a transfer must quote a name inquiry of this account
    record = InterbankTransfer(
        reference=data.reference,
        session_id=new_session_id(own_code),
        name_inquiry_ref=data.name_inquiry_ref,
        body_hash=_body_hash(data),
        debit_account=data.debit_account,
        bank_code=data.destination_institution_code,
        account_number=data.beneficiary_account,
        account_name=data.beneficiary_name,
        amount_kobo=data.amount_kobo,
        narration=data.narration,
        **plan.columns(utcnow()),
    )
    try:
        async with db.writer() as session:
            session.add(record)
    except IntegrityError:  # the same reference raced in: answer as the first did
        _, winner = await status_query(db, data.reference, timeout_fault_ms, apply_faults=False)
        assert winner is not None
        return winner
    # The switch processed it; on a forced timeout the answer is what gets lost.
    await plan.wait_as_forced(timeout_fault_ms, f"{NO_ANSWER}; query the status")
    return record


async def status_query(
    db: Database, reference: str, timeout_fault_ms: int, *, apply_faults: bool = True
) -> tuple[str, InterbankTransfer | None]:
    """(the code a TSQ answers now, the recorded transfer if the switch has it)."""
    if apply_faults:
        rule = await take_fault(db, CallContext("nip.tsq"))
        if rule is not None:
            await wait_as_forced(rule.effect, rule.delay_ms, timeout_fault_ms, NO_ANSWER)
            if rule.effect in (FaultEffect.DECLINE, FaultEffect.PENDING):
                return rule.response_code or "01", None
    async with db.writer() as session:
        record = await session.get(InterbankTransfer, reference)
        if record is None:
            return "25", None
        settle_if_due(record)
        return record.response_code, record
