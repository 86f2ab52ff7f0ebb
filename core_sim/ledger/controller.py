from __future__ import annotations

from typing import Annotated

import msgspec
from litestar import Controller, get, post
from litestar.params import Parameter

from core_sim.db import Database
from core_sim.ledger import inflow, transfers
from core_sim.ledger import service as ledger
from core_sim.ledger.inflow import Watch
from core_sim.ledger.models import Hold, RiskFlag, TransferRequest
from core_sim.ledger.schemas import (
    BalanceCheckOut,
    HoldIn,
    HoldOut,
    HoldPostIn,
    HoldVoidIn,
    PostingEntryOut,
    PostingOut,
    RiskDecisionIn,
    RiskFlagIn,
    RiskFlagOut,
    RiskFlagsOut,
    TransferIn,
    TransferOut,
)
from core_sim.response_codes import NIP_MESSAGES
from core_sim.settings import SimSettings


def posting_out(posted: ledger.Posted | None) -> PostingOut | None:
    """The posting a call just made, as GET /core/postings/{reference} would show it."""
    if posted is None or posted.lines is None:
        return None
    posting = posted.posting
    return PostingOut(
        reference=posting.reference,
        kind=posting.kind,
        narration=posting.narration,
        posted_at=posting.posted_at,
        entries=[
            PostingEntryOut(
                account_number=line.account_number,
                account_name=line.account_name,
                amount_kobo=line.amount_kobo,
                available_after_kobo=line.available_after_kobo,
                balance_after_kobo=line.balance_after_kobo,
                customer_id=line.customer_id,
                counterparty_number=line.counterparty_number,
                counterparty_name=line.counterparty_name,
            )
            for line in posted.lines
        ],
    )


def transfer_out(request: TransferRequest, posted: ledger.Posted | None = None) -> TransferOut:
    return TransferOut(
        reference=request.reference,
        status=request.status,
        response_code=request.response_code,
        response_message=NIP_MESSAGES.get(request.response_code, request.message or ""),
        debit_account=request.debit_account,
        credit_account=request.credit_account,
        amount_kobo=request.amount_kobo,
        narration=request.narration,
        created_at=request.created_at,
        posting=posting_out(posted),
    )


async def hold_out(
    db: Database, hold: Hold, posted: ledger.Posted | None = None, number: str | None = None
) -> HoldOut:
    """`number`: the hold's account number when the caller knows it. A posted hold's account
    is its posting's debit. Either way it is not read again."""
    lines = posted.lines if posted is not None and posted.lines else []
    debit = next((line for line in lines if line.amount_kobo < 0), None)
    if debit is not None:
        number = debit.account_number
    if number is None:
        number = await ledger.account_number_of(db, hold.account_id)
    return HoldOut(
        reference=hold.reference,
        account=number,
        amount_kobo=hold.amount_kobo,
        status=hold.status,
        posting=posting_out(posted),
    )


class LedgerController(Controller):
    path = "/core"
    tags = ["ledger"]

    @post("/transfers", status_code=200)
    async def create_transfer(
        self, db: Database, sim_settings: SimSettings, data: TransferIn
    ) -> TransferOut:
        """Intra-bank transfer. A decline is a 200 with status FAILED and its NIP code."""
        command = transfers.TransferCommand(
            reference=data.reference,
            debit_account=data.debit_account,
            credit_account=data.credit_account,
            amount_kobo=data.amount_kobo,
            narration=data.narration,
            debit_customer_id=data.debit_customer_id,
        )
        answer = await transfers.transfer_answer(
            db, command, sim_settings.timeout_fault_ms, sim_settings.inflow
        )
        return transfer_out(answer.request, answer.posted)

    @get("/transfers/{reference:str}")
    async def transfer_status(
        self, db: Database, sim_settings: SimSettings, reference: str
    ) -> TransferOut:
        return transfer_out(await transfers.status(db, reference, sim_settings.inflow))

    @post("/holds", status_code=201)
    async def create_hold(self, db: Database, sim_settings: SimSettings, data: HoldIn) -> HoldOut:
        """A refusal of the inflow watch (a flagged account, a pass-through) is 422 with
        responseCode 34; a REVIEW- reference is never refused by it."""
        hold = await ledger.hold_watched(
            db,
            reference=data.reference,
            account_number=data.account,
            amount_kobo=data.amount_kobo,
            narration=data.narration,
            customer_id=data.customer_id,
            rules=sim_settings.inflow,
            timeout_fault_ms=sim_settings.timeout_fault_ms,
        )
        # The hold is on `data.account` (place_hold refuses a hold of that reference on any
        # other account).
        return await hold_out(db, hold, number=data.account)

    @post("/holds/{reference:str}/post", status_code=200)
    async def post_hold(
        self, db: Database, sim_settings: SimSettings, reference: str, data: HoldPostIn
    ) -> HoldOut:
        async with db.writer() as session:
            hold = await ledger.get_hold(session, reference)
            posted = await ledger.post_hold(
                session,
                hold=hold,
                credit_account_number=data.credit_account,
                narration=data.narration,
                watch=Watch(sim_settings.inflow),
            )
        return await hold_out(db, hold, posted)

    @post("/holds/{reference:str}/void", status_code=200)
    async def void_hold(
        self, db: Database, reference: str, data: HoldVoidIn | None = None
    ) -> HoldOut:
        """Release a hold. With the hold's account and amount, a hold not placed yet is
        recorded as voided (`ledger.void_unplaced_hold`); without them it is a 404."""
        async with db.writer() as session:
            hold = await ledger.find_hold(session, reference)
            if hold is not None:
                await ledger.void_hold(session, hold=hold)
            elif data is not None:
                hold = await ledger.void_unplaced_hold(
                    session,
                    reference=reference,
                    account_number=data.account,
                    amount_kobo=data.amount_kobo,
                )
            else:
                hold = await ledger.get_hold(session, reference)  # not found: the 404
        return await hold_out(db, hold)

    @get("/ledger/balance-check")
    async def balance_check(self, db: Database) -> BalanceCheckOut:
        """The invariant testers can watch: all balances, bank-side included, sum to zero."""
        async with db.reader() as session:
            total = await ledger.total_of_all_balances(session)
        return BalanceCheckOut(sum_of_all_balances_kobo=total, balanced=total == 0)


def flag_out(flag: RiskFlag) -> RiskFlagOut:
    return msgspec.convert(flag, RiskFlagOut, from_attributes=True)


FeedLimit = Annotated[int, Parameter(ge=1, le=1000)]
FeedAfter = Annotated[int, Parameter(ge=0)]


class RiskController(Controller):
    """The inflow watch's flags (core_sim/ledger/inflow.py): the feed and the decisions."""

    path = "/core/risk"
    tags = ["risk"]

    @get("/flags")
    async def flags(
        self, db: Database, after: FeedAfter = 0, limit: FeedLimit = 500
    ) -> RiskFlagsOut:
        """Flags changed after `after` (a seq), in order; `last` is the seq to ask after next."""
        async with db.reader() as session:
            flags = await inflow.flags_after(session, after, limit)
        return RiskFlagsOut(
            flags=[flag_out(f) for f in flags], last=flags[-1].seq if flags else after
        )

    @post("/flags/{account_number:str}/decide", status_code=200)
    async def decide(self, db: Database, account_number: str, data: RiskDecisionIn) -> RiskFlagOut:
        """CLEAR reopens the account's outflows; CONFIRM keeps them refused. 404: no flag;
        409: its flag was decided already."""
        async with db.writer() as session:
            flag = await inflow.decide(session, account_number, data.decision == "CONFIRM")
            return flag_out(flag)


class SimRiskController(Controller):
    """Tester control: raise a flag by hand."""

    path = "/sim/risk"
    tags = ["risk"]

    @post("/flags", status_code=201)
    async def raise_flag(self, db: Database, data: RiskFlagIn) -> RiskFlagOut:
        async with db.writer() as session:
            flag = await inflow.raise_by_hand(session, data.account_number, data.rule)
            return flag_out(flag)
