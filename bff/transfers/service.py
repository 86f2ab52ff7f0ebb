"""Transfers: validation, the code step, and moving the money exactly once.

Initiation checks everything and stores the transfer as AWAITING_OTP; confirmation consumes
the code and moves the transfer to PROCESSING with one conditional UPDATE, so of two
concurrent confirms only one executes and the other returns the first one's outcome.

Execution (`execute`) is idempotent and resumable: every core call carries the transfer id
as its reference, and interbank transfers record their stage (HELD → SENT → SETTLED or
REVERSED) before each step. Whatever fails — the core, the switch, this process — running
`execute` again (the worker does) finishes the transfer without moving money twice: after
a NIP transfer was sent once, only status queries (TSQ) follow until a final answer.
"""

from __future__ import annotations

import logging
import re
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select, update

from bff import banks
from bff.accounts.service import AccountsService, Balances
from bff.auth.codes import OneTimeCodes
from bff.beneficiaries.service import BeneficiaryService
from bff.core_client import CoreAccount, CoreClient
from bff.db import Database, utcnow
from bff.errors import AppError, FieldErrors, NotFound, ValidationFailed
from bff.limits.rules import refusal
from bff.limits.service import LimitsService
from bff.money import format_naira, naira_to_kobo
from bff.notifications.notifier import Notifier
from bff.passkeys.schemas import PasskeyAssertionIn
from bff.passkeys.service import Action, PasskeyApprovals, PasskeyService
from bff.payees.lookup import AccountLookup
from bff.payments.lifecycle import LEASE, Lifecycle, Outcome, begin_with_code
from bff.payments.outcome import text_the_outcome
from bff.risk.check import Payee, RiskCheck, refuse_unacknowledged
from bff.risk.reviews import REVIEW, PaymentReviews
from bff.risk.rules import Outcome as Risk
from bff.risk.rules import Verdict, verdict_of
from bff.transfers.account_cap import NewAccountCap
from bff.transfers.alerts import TRANSFER_ALERT
from bff.transfers.device_cap import CAPPED_TYPES, DeviceCap
from bff.transfers.execution import payment_of
from bff.transfers.models import Stage, Status, Transfer, TransferBatch, TransferType
from bff.transfers.schemas import (
    BulkTransferRow,
    TransferIn,
)
from bff.users.freeze import (
    refuse_if_frozen_now,
    refuse_if_payments_stopped,
    refuse_if_switched_off,
)
from bff.users.models import User
from bff.users.principal import SessionDevice

log = logging.getLogger(__name__)

EXPIRED = "This transfer has expired. Please start again."
NOT_AWAITING_APPROVAL = "This transfer is no longer waiting for your approval."


@dataclass(frozen=True, slots=True)
class Plan:
    """A validated transfer, ready to be stored."""

    transfer_type: str
    source: CoreAccount
    destination_account: str
    bank_code: str
    bank_name: str
    destination_name: str
    amount_kobo: int
    description: str
    name_inquiry_ref: str | None

    def columns(self) -> dict[str, Any]:
        """The payer, payee and money columns a transfer and a scheduled payment both keep."""
        return {
            "source_account": self.source.account_number,
            "destination_account": self.destination_account,
            "destination_bank_code": self.bank_code,
            "destination_bank_name": self.bank_name,
            "destination_name": self.destination_name,
            "amount_kobo": self.amount_kobo,
            "description": self.description,
        }


class TransferService(PasskeyApprovals):
    def __init__(
        self,
        db: Database,
        core: CoreClient,
        codes: OneTimeCodes,
        accounts: AccountsService,
        limits: LimitsService,
        beneficiaries: BeneficiaryService,
        lookup: AccountLookup,
        notifier: Notifier,
        *,
        otp_ttl_s: int,
        passkeys: PasskeyService | None = None,
        device_cap: DeviceCap | None = None,
        risk: RiskCheck | None = None,
        reviews: PaymentReviews | None = None,
        account_cap: NewAccountCap | None = None,
    ) -> None:
        self.db = db
        self.passkeys = passkeys
        self.device_cap = device_cap
        self.risk = risk
        self.reviews = reviews
        self.account_cap = account_cap
        self.core = core
        self.codes = codes
        self.accounts = accounts
        self.limits = limits
        self.beneficiaries = beneficiaries
        self.lookup = lookup
        self.notifier = notifier
        self.life: Lifecycle[Transfer] = Lifecycle(db, Transfer, alert=TRANSFER_ALERT)
        self.otp_ttl = timedelta(seconds=otp_ttl_s)
        if reviews is not None:  # a released transfer runs as if just confirmed
            reviews.register(REVIEWED_KIND, self.life, lambda i: self.execute(i, leased=True))

    # -- look-ups -----------------------------------------------------------------------
    async def balances(self, user: User) -> Balances:
        return await self.accounts.balances(user)

    # -- initiation ---------------------------------------------------------------------
    async def plan(
        self,
        user: User,
        transfer_type: str,
        data: TransferIn | BulkTransferRow,
        own: list[CoreAccount],
    ) -> Plan:
        """Validate one transfer against the customer's accounts and the destination."""
        errors = []
        source_number = (data.source_account_number or "").strip()
        destination = (data.destination_account_number or "").strip()
        for field, value in (
            ("sourceAccountNumber", source_number),
            ("destinationAccountNumber", destination),
            ("amount", data.amount),
        ):
            if value in (None, ""):
                errors.append({"field": field, "message": "This field is required"})
        if destination and not re.fullmatch(r"\d{10}", destination):
            errors.append(
                {
                    "field": "destinationAccountNumber",
                    "message": "Account Number must be 10 characters",
                }
            )
        if errors:
            raise FieldErrors(errors)
        assert data.amount is not None
        amount = naira_to_kobo(data.amount)
        source = next((a for a in own if a.account_number == source_number), None)
        if source is None:
            raise NotFound("Account not found")
        if source.status != "ACTIVE":
            raise ValidationFailed(
                "This account is disabled and cannot send money", field="sourceAccountNumber"
            )
        if destination == source_number:
            raise ValidationFailed(
                "You cannot send money to the same account", field="destinationAccountNumber"
            )
        description = (data.description or "").strip() or "Transfer"
        if transfer_type == TransferType.OWN_ACCOUNT:
            target = next((a for a in own if a.account_number == destination), None)
            if target is None or target.status != "ACTIVE":
                raise ValidationFailed(
                    "Choose one of your active accounts", field="destinationAccountNumber"
                )
            return Plan(
                transfer_type,
                source,
                destination,
                banks.own_code(),
                banks.own_name(),
                target.account_name,
                amount,
                description,
                None,
            )
        bank_code = (
            banks.own_code()
            if transfer_type == TransferType.INTRA_BANK
            else (data.destination_bank_code or "").strip()
        )
        if transfer_type == TransferType.OTHER_BANK and not bank_code:
            raise ValidationFailed("This field is required", field="destinationBankCode")
        signed = (data.name_inquiry_reference or "").strip()
        # The customer's own name inquiry, signed by us a moment ago, answers who the payee
        # is; without one (a scheduled run, a saved beneficiary) the payee's bank is asked.
        lookup = (
            self.lookup.checked(user.id, signed, destination, bank_code)
            if signed
            else await self.lookup(destination, bank_code)
        )
        return Plan(
            transfer_type,
            source,
            destination,
            lookup.bank_code,
            lookup.bank_name,
            lookup.account_name,
            amount,
            description,
            lookup.name_inquiry_reference,
        )

    async def _check_limits_and_funds(
        self,
        user: User,
        plans: list[Plan],
        device: SessionDevice | None = None,
        judged: Plan | None = None,
    ) -> Sequence[Any] | None:
        """The limits (LimitsService.check, once per account and limited type, the rows of a
        batch in order), the new-device cap (device_cap.py), the new-account cap
        (account_cap.py) and funds. `judged`: a plan whose risk check reads its facts in the
        statement of its limits; their values are returned (None: nothing read)."""
        if self.device_cap is not None:
            capped = sum(p.amount_kobo for p in plans if p.transfer_type in CAPPED_TYPES)
            await self.device_cap.check(user.id, device, capped)
        limited: dict[tuple[str, str], list[int]] = {}
        by_source: dict[str, int] = {}
        for plan in plans:
            source = plan.source.account_number
            by_source[source] = by_source.get(source, 0) + plan.amount_kobo
            if plan.transfer_type in TransferType.LIMITED:  # not between one's own accounts
                limited.setdefault((source, plan.transfer_type), []).append(plan.amount_kobo)
        if self.account_cap is not None:
            sources = {p.source.account_number: p.source for p in plans}
            for number, amounts in _by_source(limited).items():
                await self.account_cap.check(sources[number], sum(amounts))
        facts: Sequence[Any] | None = None
        for (source, transfer_type), amounts in limited.items():
            also = self._risk_columns(user, judged, source, transfer_type)
            values = await self.limits.check(
                user,
                source,
                transfer_type,
                amounts,
                Transfer,
                Transfer.transfer_type == transfer_type,
                also=also,
            )
            if also[0]:
                facts = values
        for plan in plans:
            if by_source[plan.source.account_number] > plan.source.available_balance_kobo:
                raise ValidationFailed("Insufficient funds", field="amount")
        return facts

    def _cap_until(self, plan: Plan) -> datetime | None:
        """When the paying account stops being new, if it is new now and the payment counts
        against its cap (stored on the transfer, checked again at confirmation)."""
        if self.account_cap is None or plan.transfer_type not in TransferType.LIMITED:
            return None
        return self.account_cap.window_end(plan.source)

    def _risk_columns(
        self, user: User, judged: Plan | None, source: str, transfer_type: str
    ) -> tuple[list[Any], dict[str, Any]]:
        """The risk check's columns and their parameters, for the limits statement of
        `judged`'s account and type (none for the others)."""
        if (
            self.risk is None
            or judged is None
            or (judged.source.account_number, judged.transfer_type) != (source, transfer_type)
        ):
            return [], {}
        return self.risk.reading(user.id, source, _payee(judged))

    async def initiate(
        self, user: User, transfer_type: str, data: TransferIn, device: SessionDevice | None = None
    ) -> tuple[Transfer, str]:
        refuse_if_payments_stopped(user)
        if transfer_type in TransferType.LIMITED:
            refuse_if_switched_off(user)
        own = await self.accounts.payer_accounts(user)
        plan = await self.plan(user, transfer_type, data, own)
        facts = await self._check_limits_and_funds(user, [plan], device, judged=plan)
        verdict = await self._judge(user, plan, device, values=facts)
        transfer = _new_transfer(
            user, plan, None, data.save_as_beneficiary, _id_of(device), verdict
        )
        transfer.account_cap_until = self._cap_until(plan)
        message = await self.codes.ask_to_confirm(
            user, _purpose(transfer.id), store_with=[transfer]
        )
        return transfer, message

    async def initiate_bulk(
        self, user: User, rows: list[BulkTransferRow], device: SessionDevice | None = None
    ) -> tuple[TransferBatch, list[Transfer], str]:
        refuse_if_payments_stopped(user)
        refuse_if_switched_off(user)
        if not rows:
            raise ValidationFailed("Add at least one transfer", field="transfers")
        own = await self.accounts.payer_accounts(user)
        plans = []
        for index, row in enumerate(rows):
            transfer_type = (
                TransferType.INTRA_BANK
                if (row.destination_bank_code or banks.own_code()) == banks.own_code()
                else TransferType.OTHER_BANK
            )
            try:
                plans.append(await self.plan(user, transfer_type, row, own))
            except AppError as exc:
                raise FieldErrors(
                    [
                        {"field": f"transfers[{index}].{e['field']}", "message": e["message"]}
                        for e in (exc.errors or [{"field": "row", "message": exc.message}])
                    ]
                ) from exc
        await self._check_limits_and_funds(user, plans, device)
        verdicts: list[Verdict | None] = []
        before: dict[str, int] = {}  # what earlier rows send from each account
        for index, plan in enumerate(plans):
            source = plan.source.account_number
            try:
                verdicts.append(await self._judge(user, plan, device, before.get(source, 0)))
            except AppError as exc:
                raise FieldErrors(
                    [{"field": f"transfers[{index}].row", "message": exc.message}]
                ) from exc
            before[source] = before.get(source, 0) + plan.amount_kobo
        batch = TransferBatch(id=uuid.uuid4().hex, user_id=user.id)
        transfers = [
            _new_transfer(user, plan, batch.id, False, _id_of(device), verdict)
            for plan, verdict in zip(plans, verdicts, strict=True)
        ]
        for position, (transfer, plan) in enumerate(zip(transfers, plans, strict=True)):
            transfer.batch_position = position
            transfer.account_cap_until = self._cap_until(plan)
        async with self.db.transaction() as session:
            session.add(batch)
            await session.flush()
            session.add_all(transfers)
        message = await self.codes.ask_to_confirm(user, _purpose(batch.id))
        return batch, transfers, message

    async def run_scheduled(
        self, user: User, transfer_type: str, data: TransferIn, device: SessionDevice | None = None
    ) -> Transfer:
        """One run of an approved scheduled payment: the live path (look-up, limits, funds,
        NIP with status queries) minus the code step, which the approval stood for.
        A frozen account's run is refused (the schedule records it failed and tells the
        customer why)."""
        await refuse_if_frozen_now(self.db, user.id, transfer=transfer_type in TransferType.LIMITED)
        own = await self.accounts.core_accounts(user)
        plan = await self.plan(user, transfer_type, data, own)
        facts = await self._check_limits_and_funds(user, [plan], device, judged=plan)
        # A step-up has nobody to warn: the customer was warned when they approved the
        # schedule. A hold holds the run; a block refuses it (the schedule records why).
        verdict = await self._judge(user, plan, device, values=facts)
        transfer = _new_transfer(user, plan, None, False, _id_of(device), verdict)
        now = utcnow()
        transfer.status, transfer.confirmed_at = Status.PROCESSING, now
        transfer.next_attempt_at = now + LEASE
        # Born leased, by the database's clock (Database.lease_now): on PostgreSQL a SQL
        # expression the INSERT evaluates, so no other host's follow-up takes it meanwhile.
        transfer.lease_until = self.db.lease_now() + LEASE
        async with self.db.transaction() as session:
            session.add(transfer)
        if transfer.risk_outcome == Risk.HOLD.name:
            return await self._hold(user, transfer)
        return await self.execute(transfer.id, leased=True, transfer=transfer)

    # -- confirmation -------------------------------------------------------------------
    async def get_own(self, user: User, transfer_id: str) -> Transfer:
        async with self.db.autocommit() as session:
            transfer = await session.get(Transfer, transfer_id)
        if transfer is None or transfer.user_id != user.id:
            raise NotFound("Transfer not found")
        return transfer

    async def passkey_options(self, user: User, transfer_id: str) -> dict[str, Any]:
        """The passkey request options that approve this transfer and no other."""
        transfer = await self.get_own(user, transfer_id)
        if transfer.batch_id is not None or transfer.status != Status.AWAITING_OTP:
            raise ValidationFailed(NOT_AWAITING_APPROVAL)
        return await self._passkeys().approval_options(user.id, approval_of(transfer))

    async def confirm(
        self,
        user: User,
        transfer_id: str,
        otp: str | None,
        passkey: PasskeyAssertionIn | None = None,
        device: SessionDevice | None = None,
        acknowledged: bool = False,
    ) -> Transfer:
        """With the code, or with a passkey's assertion of this very transfer. `device`: the
        browser confirming it (its cap window, as the session check read it). `acknowledged`:
        the customer read the step-up warning, which a STEP_UP transfer needs."""
        refuse_if_payments_stopped(user)  # frozen since the code was sent
        transfer, started = await begin_with_code(
            self.life,
            self.codes,
            item_id=transfer_id,
            # A bulk row is confirmed with its batch, never on its own.
            owned=lambda t: (
                t.user_id == user.id
                and t.batch_id is None
                and refuse_unacknowledged([t], acknowledged)
            ),
            not_found="Transfer not found",
            user_id=user.id,
            purpose=_purpose(transfer_id),
            otp=otp,
            ttl=self.otp_ttl,
            expired_message=EXPIRED,
            approve=self._approval(user, passkey, approval_of),
        )
        if not started:
            return await self.life.outcome_of_first_confirm(transfer_id)
        return await self._execute_confirmed(user, transfer, device)

    async def _execute_confirmed(
        self, user: User, transfer: Transfer, device: SessionDevice | None = None
    ) -> Transfer:
        """After the start was committed: the limit re-check, then the money.
        (`transfer` as read before the code step: what both use never changes.)"""
        refused = await self._over_limit(user, transfer, device)
        if refused is not None:
            return await self.life.settle(transfer.id, refused)
        if transfer.risk_outcome == Risk.HOLD.name:
            return await self._hold(user, transfer)
        return await self.execute(
            transfer.id, leased=True, transfer=transfer, customer_id=user.customer_id
        )

    async def bulk_passkey_options(self, user: User, batch_id: str) -> dict[str, Any]:
        """The passkey request options that approve this batch, every row as it is, and
        nothing else."""
        async with self.db.autocommit() as session:
            batch = await session.get(TransferBatch, batch_id)
        if batch is None or batch.user_id != user.id:
            raise NotFound("Transfer not found")
        if batch.status != Status.AWAITING_OTP:
            raise ValidationFailed(NOT_AWAITING_APPROVAL)
        rows = await self._batch(batch_id)
        return await self._passkeys().approval_options(user.id, approval_of_batch(batch, rows))

    async def confirm_bulk(
        self,
        user: User,
        batch_id: str,
        otp: str | None,
        passkey: PasskeyAssertionIn | None = None,
        acknowledged: bool = False,
    ) -> list[Transfer]:
        """With the code, or with a passkey's assertion of this very batch. `acknowledged`:
        as for a single transfer, needed when any row was stepped up."""
        refuse_if_payments_stopped(user)
        async with self.db.transaction() as session:
            batch = await session.get(TransferBatch, batch_id)
        if batch is None or batch.user_id != user.id:
            raise NotFound("Transfer not found")
        if batch.status == Status.AWAITING_OTP:
            if batch.created_at + self.otp_ttl < utcnow():
                raise ValidationFailed(EXPIRED)
            refuse_unacknowledged(await self._batch(batch_id), acknowledged)
            passkeys = self._passkeys() if passkey is not None else None
            if passkeys is None:
                if otp is None:
                    raise ValidationFailed("This field is required", field="otp")
                await self.codes.consume(user.id, _purpose(batch_id), otp)
            async with self.db.transaction() as session:
                if passkeys is not None and passkey is not None:
                    # Checked against the rows as stored, with the claim: a refusal
                    # writes nothing, and the code still confirms the batch.
                    rows = list(
                        (
                            await session.scalars(
                                select(Transfer)
                                .where(Transfer.batch_id == batch_id)
                                .order_by(Transfer.batch_position)
                            )
                        ).all()
                    )
                    await passkeys.approve_in(
                        session, user.id, approval_of_batch(batch, rows), passkey
                    )
                claimed = (
                    await session.execute(
                        update(TransferBatch)
                        .where(
                            TransferBatch.id == batch_id,
                            TransferBatch.status == Status.AWAITING_OTP,
                        )
                        .values(status=Status.PROCESSING)
                    )
                ).rowcount  # type: ignore[attr-defined]
            if claimed:
                for transfer in await self._batch(batch_id):
                    if await self.life.start(transfer.id):
                        await self._execute_confirmed(user, transfer)
        return [await self.life.outcome_of_first_confirm(t.id) for t in await self._batch(batch_id)]

    async def _batch(self, batch_id: str) -> list[Transfer]:
        async with self.db.transaction() as session:
            return list(
                (
                    await session.scalars(
                        select(Transfer)
                        .where(Transfer.batch_id == batch_id)
                        .order_by(Transfer.batch_position)
                    )
                ).all()
            )

    async def _over_limit(
        self, user: User, transfer: Transfer, confirming: SessionDevice | None = None
    ) -> Outcome | None:
        """Limits again at confirmation, with the same sentences: other transfers may have
        been confirmed meanwhile. Only once this transfer's start is committed, never in the
        start's transaction: two concurrent confirms would then not see each other and could
        both pass. What was spent today counts the others, not this one."""
        if transfer.transfer_type not in TransferType.LIMITED:
            return None
        limits, _ = await self.limits.applying(
            user,
            transfer.source_account,
            transfer.transfer_type,
            Transfer,
            Transfer.transfer_type == transfer.transfer_type,
            Transfer.id != transfer.id,
        )
        refused = refusal(limits, [transfer.amount_kobo])
        if refused is None and self.device_cap is not None:  # the new-device cap, the same way
            refused = await self.device_cap.over_cap(
                user.id, _device_of(transfer, confirming), transfer.amount_kobo
            )
        if refused is None and self.account_cap is not None:  # and the new-account cap
            refused = await self.account_cap.over_cap(transfer)
        return None if refused is None else Outcome(Status.FAILED, "61", refused)

    # -- execution ----------------------------------------------------------------------
    async def execute(
        self,
        transfer_id: str,
        *,
        leased: bool = False,
        transfer: Transfer | None = None,
        customer_id: str | None = None,
    ) -> Transfer:
        """Drive a confirmed transfer as far as it can go now. Safe to call again at any time.
        `transfer`: as `Lifecycle.drive`'s `item`. `customer_id`: the paying customer, when
        the caller has them (a confirm): the core then refuses a debit from an account that
        is not theirs, whatever the BFF checked before."""

        final = await self.life.drive(
            transfer_id,
            lambda row: payment_of(self.db, self.core, row, customer_id),
            leased=leased,
            item=transfer,
        )
        if final.status == Status.COMPLETED and final.save_as_beneficiary:
            await self.beneficiaries.remember(final)
        return final

    async def due(self, now: datetime | None = None, limit: int = 20) -> list[str]:
        return await self.life.due(now, limit)

    async def follow_up(self, transfer_id: str) -> Transfer:
        before, stage = await self._status_of(transfer_id)
        if stage == REVIEW:  # held: its money is reserved by the reviews, never sent here
            assert self.reviews is not None
            held: Transfer = await self.reviews.resume(REVIEWED_KIND, transfer_id)
            return held
        after = await self.execute(transfer_id)
        if before == Status.PENDING and after.status in Status.FINAL:
            await self._notify(after)
        return after

    async def _status_of(self, transfer_id: str) -> tuple[str, str]:
        async with self.db.transaction() as session:
            status, stage = (
                await session.execute(
                    select(Transfer.status, Transfer.stage).where(Transfer.id == transfer_id)
                )
            ).one()
        return str(status), str(stage)

    # -- the risk check ----------------------------------------------------------------------
    async def _judge(
        self,
        user: User,
        plan: Plan,
        device: SessionDevice | None,
        before_kobo: int = 0,
        values: Sequence[Any] | None = None,
    ) -> Verdict | None:
        """The risk check of a transfer to someone else (bff/risk); None: not checked (a
        move between the customer's own accounts). A block raises. `values`: its facts as
        the limits statement read them (None: read now)."""
        if self.risk is None or plan.transfer_type not in TransferType.LIMITED:
            return None
        return await self.risk.judge(
            user.id,
            plan.source.account_number,
            plan.amount_kobo,
            _payee(plan),
            device,
            before_kobo,
            values,
        )

    async def _hold(self, user: User, transfer: Transfer) -> Transfer:
        """A confirmed transfer the check held: reserved, not sent, until reviewed."""
        assert self.reviews is not None
        verdict = verdict_of(transfer.risk_outcome, transfer.risk_rules)
        held: Transfer = await self.reviews.hold(
            REVIEWED_KIND,
            transfer,
            user,
            transfer.payee(),
            verdict.reasons,
            verdict.rule_ids,
            user.customer_id,
        )
        return held

    async def _notify(self, transfer: Transfer) -> None:
        """SMS the outcome of a transfer the customer last saw as Pending (once)."""
        payment = (
            f"transfer of {format_naira(transfer.amount_kobo)} to {transfer.destination_name} "
            f"({transfer.destination_bank_name})"
        )
        await text_the_outcome(self.life, self.notifier, transfer, payment)


def approval_of(transfer: Transfer) -> Action:
    """What a passkey approves of a transfer: its reference, amount in kobo, the account it
    leaves and the payee (bank, account, name). Any other transfer has another text."""
    return Action(
        key=f"TRANSFER:{transfer.id}",
        text="\n".join(
            (
                "TRANSFER",
                transfer.id,
                str(transfer.amount_kobo),
                transfer.source_account,
                transfer.destination_bank_code,
                transfer.destination_account,
                transfer.destination_name,
            )
        ),
    )


def approval_of_batch(batch: TransferBatch, rows: list[Transfer]) -> Action:
    """What a passkey approves of a bulk transfer: the batch's reference and, row by row,
    each transfer's own approval text (amount, source and payee). Another batch, or this one
    with any row changed, has another text."""
    return Action(
        key=f"BULK:{batch.id}",
        text="\n".join(("BULK", batch.id, *(approval_of(t).text for t in rows))),
    )


def _purpose(transfer_or_batch_id: str) -> str:
    return f"TRANSFER:{transfer_or_batch_id}"


REVIEWED_KIND = "TRANSFER"  # a held transfer's kind in the review queue


def _payee(plan: Plan) -> Payee:
    return Payee(plan.bank_code, plan.destination_account)


def _by_source(limited: dict[tuple[str, str], list[int]]) -> dict[str, list[int]]:
    """The limited amounts of `_check_limits_and_funds`, per paying account."""
    out: dict[str, list[int]] = {}
    for (source, _type), amounts in limited.items():
        out.setdefault(source, []).extend(amounts)
    return out


def _new_transfer(
    user: User,
    plan: Plan,
    batch_id: str | None,
    save: bool,
    device_id: int | None = None,
    verdict: Verdict | None = None,
) -> Transfer:
    return Transfer(
        risk_outcome=verdict.outcome.name if verdict is not None else None,
        risk_rules=verdict.rule_ids[:200] if verdict is not None else None,
        device_id=device_id,
        id=uuid.uuid4().hex,
        user_id=user.id,
        batch_id=batch_id,
        transfer_type=plan.transfer_type,
        **plan.columns(),
        name_inquiry_ref=plan.name_inquiry_ref,
        save_as_beneficiary=save,
        status=Status.AWAITING_OTP,
        stage=Stage.NEW,
    )


def _id_of(device: SessionDevice | None) -> int | None:
    return device.id if device is not None else None


def _device_of(transfer: Transfer, confirming: SessionDevice | None) -> SessionDevice | None:
    """The device a transfer came from (its cap applies), with its cap window when the
    session confirming it is on that same device; else only its id (the window is read)."""
    if transfer.device_id is None:
        return None
    if confirming is not None and confirming.id == transfer.device_id:
        return confirming
    return SessionDevice(transfer.device_id, window_known=False)
