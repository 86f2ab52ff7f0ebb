"""Intra-bank transfers: idempotent on the client reference, subject to fault rules.

The same reference with the same body returns the first answer and moves money once; the
same reference with a different body is refused (409). A forced `pending` reserves the money
with a hold and settles it when the status is queried after `resolve_at`.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from core_sim.db import Database
from core_sim.errors import Conflict, InvalidAmount, NotFound, SimError, SuspectedFraud
from core_sim.faults.effects import wait_as_forced
from core_sim.faults.models import FaultEffect
from core_sim.faults.service import CallContext, take_fault
from core_sim.ledger import inflow
from core_sim.ledger import service as ledger
from core_sim.ledger.inflow import Watch
from core_sim.ledger.models import TransferRequest
from core_sim.settings import InflowRules
from core_sim.simclock.state import utcnow
from kobo_serving.database import insert_detached

SUCCESS = "SUCCESS"
FAILED = "FAILED"
PENDING = "PENDING"


@dataclass(frozen=True, slots=True)
class TransferCommand:
    reference: str
    debit_account: str
    credit_account: str
    amount_kobo: int
    narration: str
    # The paying customer: the debit account must be theirs (ledger.refuse_unless_owned).
    debit_customer_id: str | None = None

    def body_hash(self) -> str:
        canonical = "|".join(
            (self.debit_account, self.credit_account, str(self.amount_kobo), self.narration)
        )
        return hashlib.sha256(canonical.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class TransferAnswer:
    request: TransferRequest
    posted: ledger.Posted | None = None  # the posting this call made, if it made one


async def transfer(
    db: Database,
    command: TransferCommand,
    timeout_fault_ms: int,
    rules: InflowRules | None = None,
) -> TransferRequest:
    """The transfer's recorded answer (`transfer_answer`, without the posting)."""
    return (await transfer_answer(db, command, timeout_fault_ms, rules)).request


async def transfer_answer(
    db: Database,
    command: TransferCommand,
    timeout_fault_ms: int,
    rules: InflowRules | None = None,
) -> TransferAnswer:
    """Make the transfer once: its recorded answer, and the posting if this call made it.
    `rules`: the inflow watch's (core_sim/ledger/inflow.py); a debit it refuses is FAILED
    with 34, the account flagged."""
    if command.amount_kobo <= 0:
        raise InvalidAmount("Amount must be greater than zero")
    if command.debit_account == command.credit_account:
        raise SimError("Source and destination accounts are the same", code="57")

    # No read of the reference first: a request seen before fails on its unique reference
    # (or its posting's) when it is written, and is answered as the first time, below. A
    # statement less on every transfer; a replay may meet a fault rule again (a forced
    # timeout then delays its answer, a decline or a hold is rolled back with it).
    fault = await take_fault(
        db,
        CallContext(
            "ledger.transfer",
            accounts=(command.debit_account, command.credit_account),
            amount_kobo=command.amount_kobo,
        ),
    )
    if fault is not None:
        message = "Timed out (forced by a fault rule); nothing was posted"
        await wait_as_forced(fault.effect, fault.delay_ms, timeout_fault_ms, message)
    watch = None
    if rules is not None:
        call = CallContext(
            "core.inflow",
            accounts=(command.debit_account, command.credit_account),
            amount_kobo=command.amount_kobo,
        )
        watch = Watch(rules, await inflow.forced_outcome(db, call, timeout_fault_ms))

    try:
        async with db.writer() as session:
            # Added last, with its outcome (one insert, no update): a concurrent request with
            # the same reference then fails on the unique reference and rolls back whole.
            request, posted = _new_request(command), None
            if fault is not None and fault.effect == FaultEffect.DECLINE:
                request.status, request.response_code = FAILED, fault.response_code or "05"
                request.message = "Declined (forced by a fault rule)"
            elif fault is not None and fault.effect == FaultEffect.PENDING:
                await ledger.place_hold(
                    session,
                    reference=f"TRF-{command.reference}",
                    account_number=command.debit_account,
                    amount_kobo=command.amount_kobo,
                    narration=command.narration,
                    customer_id=command.debit_customer_id,
                    watch=watch,
                )
                request.status, request.response_code = PENDING, "09"
                request.pending_outcome = fault.pending_outcome or "00"
                request.resolve_at = utcnow() + timedelta(milliseconds=fault.resolve_after_ms or 0)
            else:
                request.status, request.response_code = SUCCESS, "00"
                request.posting_reference = f"TRF-{command.reference}"
                # Written with the posting: one statement on PostgreSQL.
                posted = await _post_transfer(session, command, request, watch)
                return TransferAnswer(request, posted)
            await insert_detached(session, [request])
            return TransferAnswer(request, posted)
    except IntegrityError:
        # This reference was seen before (or a concurrent request with it won the race):
        # everything above rolled back; answer as the first time.
        return TransferAnswer(await _answer_of_first(db, command, rules))
    except SimError as refusal:
        # An unknown account on a transfer reads as NIP's "invalid account".
        code = "07" if isinstance(refusal, NotFound) and refusal.code == "25" else refusal.code
        try:
            async with db.writer() as session:
                if isinstance(refusal, SuspectedFraud):  # the flag it tripped, if it did
                    await inflow.record_refusal(session, refusal)
                request = _new_request(command)
                request.status, request.response_code = FAILED, code
                request.message = refusal.message
                await insert_detached(session, [request])
                return TransferAnswer(request)
        except IntegrityError:  # refused now, but answered before: the first answer stands
            return TransferAnswer(await _answer_of_first(db, command, rules))


async def _answer_of_first(
    db: Database, command: TransferCommand, rules: InflowRules | None = None
) -> TransferRequest:
    async with db.reader() as session:
        first = await session.get(TransferRequest, command.reference)
    if first is None:  # the unique posting reference of a request since removed: impossible
        raise Conflict("This reference was already used", code="94")
    return await _replay(db, first, command, rules)


def _new_request(command: TransferCommand) -> TransferRequest:
    return TransferRequest(
        reference=command.reference,
        body_hash=command.body_hash(),
        status=PENDING,
        response_code="09",
        debit_account=command.debit_account,
        credit_account=command.credit_account,
        amount_kobo=command.amount_kobo,
        narration=command.narration,
        created_at=utcnow(),
    )


async def _post_transfer(
    session: AsyncSession, command: TransferCommand, request: TransferRequest, watch: Watch | None
) -> ledger.Posted:
    debit, credit = command.debit_account, command.credit_account
    return await ledger.post(
        session,
        reference=f"TRF-{command.reference}",
        kind="TRANSFER",
        narration=command.narration,
        # Each side's counterparty name is read from the ledger by `post`.
        legs=[
            ledger.Leg(debit, -command.amount_kobo, credit),
            ledger.Leg(credit, command.amount_kobo, debit),
        ],
        debit_customer_id=command.debit_customer_id,
        record=request,
        watch=watch,
    )


async def _replay(
    db: Database, existing: TransferRequest, command: TransferCommand, rules: InflowRules | None
) -> TransferRequest:
    if existing.body_hash != command.body_hash():
        raise Conflict("This reference was already used for a different transfer", code="94")
    return await status(db, existing.reference, rules)


async def status(db: Database, reference: str, rules: InflowRules | None = None) -> TransferRequest:
    """The transfer's current answer; settles a forced pending transfer once it is due (its
    credit watched under `rules`)."""
    async with db.reader() as session:
        request = await session.get(TransferRequest, reference)
    if request is None:
        raise NotFound(f"No transfer with reference {reference}")
    if request.status != PENDING or request.resolve_at is None or request.resolve_at > utcnow():
        return request
    async with db.writer() as session:
        request = await session.get(TransferRequest, reference, with_for_update=True)
        assert request is not None
        if request.status != PENDING:
            return request
        hold = await ledger.get_hold(session, f"TRF-{reference}")
        if request.pending_outcome == "00":
            posted = await ledger.post_hold(
                session,
                hold=hold,
                credit_account_number=request.credit_account,
                narration=request.narration,
                watch=Watch(rules) if rules is not None else None,
            )
            request.status, request.response_code = SUCCESS, "00"
            request.posting_reference = posted.posting.reference
        else:
            await ledger.void_hold(session, hold=hold)
            request.status = FAILED
            request.response_code = request.pending_outcome or "96"
        return request


async def find(db: Database, reference: str) -> TransferRequest | None:
    async with db.reader() as session:
        return await session.scalar(
            select(TransferRequest).where(TransferRequest.reference == reference)
        )
