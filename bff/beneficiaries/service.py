"""Saved beneficiaries: the customer's own list, names always from a fresh look-up."""

from __future__ import annotations

from typing import Protocol

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from bff.audit.events import Event
from bff.audit.notices import SecurityNotices
from bff.audit.service import record
from bff.auth.codes import OneTimeCodes
from bff.beneficiaries.models import Beneficiary
from bff.beneficiaries.schemas import BeneficiaryIn, BeneficiaryOut
from bff.db import Database
from bff.errors import Conflict, FieldErrors, NotFound, ValidationFailed
from bff.passkeys.schemas import PasskeyAssertionIn
from bff.passkeys.service import Action, PasskeyApprovals, PasskeyService
from bff.payees.lookup import AccountLookup
from bff.users.models import User


class PaidPayee(Protocol):
    """What `remember` reads of a completed payment (a transfer has these fields): the
    beneficiaries domain does not depend on the payment domains that use it."""

    @property
    def user_id(self) -> int: ...
    @property
    def destination_name(self) -> str: ...
    @property
    def destination_bank_code(self) -> str: ...
    @property
    def destination_bank_name(self) -> str: ...
    @property
    def destination_account(self) -> str: ...


DUPLICATE = "This beneficiary already exists"


def code_purpose(row: Beneficiary) -> str:
    """Binds a code to one beneficiary, so a code sent for one account cannot save another.
    (Codes are per customer already.) At most 29 characters: the column holds 80."""
    return f"BENEFICIARY:{row.bank_code}:{row.account_number}"


def approval_of(row: Beneficiary) -> Action:
    """What a passkey approves of a new beneficiary: the bank, the account, its owner's name
    (as looked up) and the name it is saved under. Another account has another text."""
    return Action(
        key=code_purpose(row),
        text="\n".join(
            (
                "BENEFICIARY",
                row.bank_code,
                row.account_number,
                row.account_name,
                row.beneficiary_name,
            )
        ),
    )


def beneficiary_out(row: Beneficiary) -> BeneficiaryOut:
    return BeneficiaryOut(
        id=row.id,
        beneficiary_name=row.beneficiary_name,
        bank_name=row.bank_name,
        account_name=row.account_name,
        account_number=row.account_number,
        bank_code=row.bank_code,
    )


class BeneficiaryService(PasskeyApprovals):
    def __init__(
        self,
        db: Database,
        lookup: AccountLookup,
        notices: SecurityNotices,
        passkeys: PasskeyService | None = None,
    ) -> None:
        self.notices = notices
        self.db = db
        self.lookup = lookup
        self.passkeys = passkeys

    async def passkey_options(self, user: User, data: BeneficiaryIn) -> dict[str, object]:
        """The passkey request options that save this beneficiary (checked as a save would
        be: the name looked up afresh) and no other."""
        row = await self._checked(user, data)
        return await self._passkeys().approval_options(user.id, approval_of(row))

    async def for_customer(self, user: User) -> list[BeneficiaryOut]:
        async with self.db.transaction() as session:
            rows = await session.scalars(
                select(Beneficiary)
                .where(Beneficiary.user_id == user.id)
                .order_by(Beneficiary.beneficiary_name, Beneficiary.id)
            )
            return [beneficiary_out(r) for r in rows.all()]

    async def get(self, user: User, beneficiary_id: int) -> BeneficiaryOut:
        async with self.db.transaction() as session:
            row = await session.get(Beneficiary, beneficiary_id)
        if row is None or row.user_id != user.id:
            raise NotFound("Beneficiary not found")
        return beneficiary_out(row)

    async def send_code(self, user: User, data: BeneficiaryIn, codes: OneTimeCodes) -> str:
        """Step 1: check the beneficiary as a save would, then send the customer a code bound
        to it. Returns the sentence that says where the code went; nothing is saved."""
        row = await self._checked(user, data)
        return await codes.ask_to_confirm(user, code_purpose(row))

    async def create(
        self,
        user: User,
        data: BeneficiaryIn,
        otp: str | None,
        codes: OneTimeCodes,
        passkey: PasskeyAssertionIn | None = None,
    ) -> BeneficiaryOut:
        """Step 2: the same body with the code, or with a passkey's approval of this very
        beneficiary. Checked again (the name is looked up afresh and the list may have changed
        since step 1), then the code is used up (or the approval, with the save) and it is
        saved."""
        row = await self._checked(user, data)
        passkeys = self._passkeys() if passkey is not None else None
        if passkeys is None:
            if otp is None:
                raise ValidationFailed("This field is required", field="otp")
            await codes.consume(user.id, code_purpose(row), otp)
        try:
            async with self.db.transaction() as session:
                if passkeys is not None and passkey is not None:
                    await passkeys.approve_in(session, user.id, approval_of(row), passkey)
                if await self._already_saved(session, user, row):
                    raise Conflict(DUPLICATE)
                session.add(row)
                record(
                    session,
                    Event.BENEFICIARY_ADDED,
                    user_id=user.id,
                    detail=f"{row.account_name} {row.bank_code}/{row.account_number}",
                )
        except IntegrityError as exc:
            raise Conflict(DUPLICATE) from exc
        await self.notices.tell(
            user,
            Event.BENEFICIARY_ADDED,
            f"{row.account_name} ({row.bank_name}, {row.account_number}) was saved as a "
            f'beneficiary named "{row.beneficiary_name}".',
        )
        return beneficiary_out(row)

    async def _checked(self, user: User, data: BeneficiaryIn) -> Beneficiary:
        """The beneficiary as it would be saved: required fields, a fresh name inquiry and
        no duplicate, with the same refusals at either step."""
        errors = [
            {"field": field, "message": "This field is required"}
            for field, value in (
                ("beneficiaryName", data.beneficiary_name),
                ("bankCode", data.bank_code),
                ("accountNumber", data.account_number),
            )
            if not (value or "").strip()
        ]
        if errors:
            raise FieldErrors(errors)
        found = await self.lookup(data.account_number, data.bank_code)
        row = Beneficiary(
            user_id=user.id,
            beneficiary_name=(data.beneficiary_name or "").strip(),
            bank_code=found.bank_code,
            bank_name=found.bank_name,
            account_number=found.account_number,
            account_name=found.account_name,
        )
        async with self.db.transaction() as session:
            if await self._already_saved(session, user, row):
                raise Conflict(DUPLICATE)
        return row

    @staticmethod
    async def _already_saved(session: AsyncSession, user: User, row: Beneficiary) -> bool:
        duplicate = await session.scalar(
            select(Beneficiary.id).where(
                Beneficiary.user_id == user.id,
                Beneficiary.bank_code == row.bank_code,
                Beneficiary.account_number == row.account_number,
            )
        )
        return duplicate is not None

    async def delete(self, user: User, beneficiary_id: int) -> None:
        async with self.db.transaction() as session:
            row = await session.get(Beneficiary, beneficiary_id)
            if row is None or row.user_id != user.id:
                raise NotFound("Beneficiary not found")
            await session.delete(row)
            record(
                session,
                Event.BENEFICIARY_DELETED,
                user_id=user.id,
                detail=f"{row.account_name} {row.bank_code}/{row.account_number}",
            )

    async def remember(self, transfer: PaidPayee) -> None:
        """After a completed transfer with "save as beneficiary": add it unless already there.

        No code of its own: the transfer that names this account was itself confirmed with
        the customer's code, which covers saving its recipient."""
        try:
            async with self.db.transaction() as session:
                exists = await session.scalar(
                    select(Beneficiary.id).where(
                        Beneficiary.user_id == transfer.user_id,
                        Beneficiary.bank_code == transfer.destination_bank_code,
                        Beneficiary.account_number == transfer.destination_account,
                    )
                )
                if exists is None:
                    session.add(
                        Beneficiary(
                            user_id=transfer.user_id,
                            beneficiary_name=transfer.destination_name,
                            bank_code=transfer.destination_bank_code,
                            bank_name=transfer.destination_bank_name,
                            account_number=transfer.destination_account,
                            account_name=transfer.destination_name,
                        )
                    )
        except IntegrityError:
            pass  # saved concurrently: nothing to add
