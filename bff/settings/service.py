"""Settings rules: change password, transaction limits, and the second factor."""

from __future__ import annotations

import asyncio
import uuid
from datetime import timedelta
from typing import Any

import pyotp
import segno
from sqlalchemy import ScalarSelect, select

from bff.accounts.service import AccountsService
from bff.audit.events import Event
from bff.audit.notices import SecurityNotices
from bff.audit.service import record
from bff.auth.codes import EMAIL, SMS, OneTimeCodes
from bff.auth.models import LoginFailure, TwoFactor, User
from bff.auth.service import AuthService, Principal
from bff.config import Settings
from bff.core_client import CoreAccount
from bff.db import Database, utcnow
from bff.errors import FieldErrors, NotFound, ValidationFailed
from bff.money import format_naira, kobo_to_naira, naira_to_kobo
from bff.security import totp
from bff.security.password_policy import password_errors
from bff.security.passwords import Passwords
from bff.settings.limits import (
    TRANSFER_TYPE_NAMES,
    TRANSFER_TYPES,
    ceiling_for,
    effective_limits,
    own_limits,
)
from bff.settings.models import PendingAuthenticatorSecret, PendingLimitChange, TransactionLimit
from bff.settings.schemas import (
    ChangePasswordIn,
    GoogleCredentialsOut,
    TransactionLimitIn,
    TransactionLimitOut,
)

OLD_REQUIRED = "Password is required"
OLD_WRONG = "Your old password is incorrect"
SAME_AS_OLD = "Your new password must be different from your old password"
LIMIT_CHANGE_GONE = "This limit change has expired. Please set the limit again."
LIMIT_CHANGE_NOT_FOUND = "Limit change not found"
CURRENT_CODE_REQUIRED = "Enter the code that confirms it's you"
SETUP_FIRST = "Generate a new QR code and try again."

NEW_FACTOR = "2FA_NEW_FACTOR"
PASSWORD_CHANGE = "PASSWORD_CHANGE"  # noqa: S105 (a code purpose, not a secret)
CURRENT_FACTOR = "2FA_CURRENT_FACTOR"


class SettingsService:
    def __init__(
        self,
        db: Database,
        config: Settings,
        passwords: Passwords,
        auth: AuthService,
        codes: OneTimeCodes,
        accounts: AccountsService,
        notices: SecurityNotices,
    ) -> None:
        self.notices = notices
        self.db = db
        self.config = config
        self.passwords = passwords
        self.auth = auth
        self.codes = codes
        self.accounts = accounts

    # -- password -----------------------------------------------------------------------
    async def send_password_code(
        self, principal: Principal, change: ChangePasswordIn, client_address: str
    ) -> str:
        """Step 1 (step-up, issue 12): check the change as step 2 would, then send a code with
        the customer's second factor. Returns where the code went; nothing changes yet."""
        await self._checked_password_change(principal, change, client_address)
        return await self.codes.ask_to_confirm(principal.user, PASSWORD_CHANGE)

    async def change_password(
        self, principal: Principal, change: ChangePasswordIn, otp: str, client_address: str
    ) -> None:
        """Step 2: the same body with the code. Checked again (the old password proves the
        customer knows it now), then the code is used up and the password changes."""
        user = principal.user
        new = await self._checked_password_change(principal, change, client_address)
        await self.codes.consume(user.id, PASSWORD_CHANGE, otp)
        new_hash = await asyncio.to_thread(self.passwords.hash, new)
        async with self.db.transaction() as session:
            fresh = await session.get(User, user.id)
            assert fresh is not None
            fresh.password_hash = new_hash
            record(session, Event.PASSWORD_CHANGED, user_id=user.id)
            # Everyone else signed in as this customer is signed out; this session stays.
            await self.auth.revoke_sessions(session, user.id, keep_session_id=principal.session_id)
        await self.notices.tell(
            user,
            Event.PASSWORD_CHANGED,
            "Your password was changed. Everywhere else you were signed in has been signed out.",
        )

    async def _checked_password_change(
        self, principal: Principal, change: ChangePasswordIn, client_address: str
    ) -> str:
        """The rules of a password change; returns the new password."""
        old, new = change.old_password, change.new_password
        errors = [] if old else [{"field": "oldPassword", "message": OLD_REQUIRED}]
        errors += password_errors(new, change.confirm_password, field="newPassword")
        if errors:
            raise FieldErrors(errors)
        user = principal.user
        assert old is not None and new is not None
        # Wrong old passwords count as failed sign-ins, so this cannot be used to guess.
        async with self.db.transaction() as session:
            await self.auth.check_throttle(session, user.email)
        if not await asyncio.to_thread(self.passwords.verify, user.password_hash, old):
            async with self.db.transaction() as session:
                session.add(LoginFailure(identifier=user.email, client_address=client_address))
            raise ValidationFailed(OLD_WRONG, field="oldPassword")
        if old == new:
            raise ValidationFailed(SAME_AS_OLD, field="newPassword")
        return new

    # -- transaction limits -------------------------------------------------------------
    async def _active_accounts(self, user: User) -> list[CoreAccount]:
        return [a for a in await self.accounts.core_accounts(user) if a.status == "ACTIVE"]

    async def limits(self, user: User) -> list[TransactionLimitOut]:
        accounts = await self._active_accounts(user)
        async with self.db.transaction() as session:
            stored = {
                (row.nuban, row.transfer_type): row
                for row in (
                    await session.scalars(
                        select(TransactionLimit).where(TransactionLimit.user_id == user.id)
                    )
                ).all()
            }
        ceiling = ceiling_for(user.kyc_level)
        out = []
        for account in accounts:
            for transfer_type in TRANSFER_TYPES:
                row = stored.get((account.account_number, transfer_type))
                out.append(
                    TransactionLimitOut(
                        product_name=f"{account.account_type_name} ({account.account_number})",
                        transfer_type=transfer_type,
                        transfer_type_name=TRANSFER_TYPE_NAMES[transfer_type],
                        daily_limit=kobo_to_naira(row.daily_kobo if row else ceiling.daily_kobo),
                        limit_per_transaction=kobo_to_naira(
                            row.single_kobo if row else ceiling.single_kobo
                        ),
                        maximum_daily_limit=kobo_to_naira(ceiling.daily_kobo),
                        maximum_limit_per_transaction=kobo_to_naira(ceiling.single_kobo),
                        nuban=account.account_number,
                        transaction_limit_uuid=row.uuid if row else None,
                    )
                )
        return out

    async def limits_and_spent(
        self, user: User, nuban: str, transfer_type: str, spent: ScalarSelect[Any]
    ) -> tuple[int, int, int]:
        """(daily, per-transaction, `spent`) kobo in one statement: the limits that apply now
        (as `effective_limits`) and what counts against the daily one
        (`payments.lifecycle.spent_today`)."""
        own_daily, own_single = own_limits(nuban, transfer_type)
        async with self.db.autocommit() as session:
            daily, single, spent_kobo = (
                await session.execute(select(own_daily, own_single, spent))
            ).one()
        return (*effective_limits(user.kyc_level, daily, single), int(spent_kobo or 0))

    async def effective_limits(self, user: User, nuban: str, transfer_type: str) -> tuple[int, int]:
        """(daily, per-transaction) kobo that apply now (`limits.effective_limits`)."""
        async with self.db.autocommit() as session:
            daily, single = (await session.execute(select(*own_limits(nuban, transfer_type)))).one()
        return effective_limits(user.kyc_level, daily, single)

    async def request_limit_change(
        self, user: User, data: TransactionLimitIn
    ) -> tuple[PendingLimitChange, str]:
        errors = []
        for field, value in (
            ("dailyTransactionLimit", data.daily_transaction_limit),
            ("singleTransactionLimit", data.single_transaction_limit),
            ("nuban", data.nuban),
        ):
            if value is None or value == "":
                errors.append({"field": field, "message": "This field is required"})
        if errors:
            raise FieldErrors(errors)
        assert data.nuban is not None and data.daily_transaction_limit is not None
        assert data.single_transaction_limit is not None
        daily = naira_to_kobo(data.daily_transaction_limit, "dailyTransactionLimit")
        single = naira_to_kobo(data.single_transaction_limit, "singleTransactionLimit")
        if data.nuban not in {a.account_number for a in await self._active_accounts(user)}:
            raise NotFound("Account not found")
        ceiling = ceiling_for(user.kyc_level)
        if daily > ceiling.daily_kobo:
            raise ValidationFailed(
                f"The daily limit cannot be above {format_naira(ceiling.daily_kobo)} "
                "for your KYC level",
                field="dailyTransactionLimit",
            )
        if single > ceiling.single_kobo:
            raise ValidationFailed(
                f"The amount per transaction cannot be above {format_naira(ceiling.single_kobo)} "
                "for your KYC level",
                field="singleTransactionLimit",
            )
        if single > daily:
            raise ValidationFailed(
                "Maximum amount per transaction cannot exceed the daily limit",
                field="singleTransactionLimit",
            )
        change = PendingLimitChange(
            uuid=str(uuid.uuid4()),
            user_id=user.id,
            nuban=data.nuban,
            transfer_type=data.transfer_type,
            daily_kobo=daily,
            single_kobo=single,
        )
        async with self.db.transaction() as session:
            session.add(change)
        message = await self.codes.ask_to_confirm(user, _limit_purpose(change.uuid))
        return change, message

    async def confirm_limit_change(
        self, user: User, nuban: str, change_uuid: str, otp: str
    ) -> None:
        async with self.db.transaction() as session:
            change = await session.get(PendingLimitChange, change_uuid)
        fresh_after = utcnow() - timedelta(seconds=self.config.otp_ttl_s)
        if change is None or change.user_id != user.id or change.nuban != nuban:
            # Another customer's change answers like one that never existed.
            raise NotFound(LIMIT_CHANGE_NOT_FOUND)
        if change.confirmed_at is not None or change.created_at < fresh_after:
            raise ValidationFailed(LIMIT_CHANGE_GONE)
        await self.codes.consume(user.id, _limit_purpose(change_uuid), otp)
        types = [change.transfer_type] if change.transfer_type else list(TRANSFER_TYPES)
        async with self.db.transaction() as session:
            pending = await session.get(PendingLimitChange, change_uuid, with_for_update=True)
            assert pending is not None
            if pending.confirmed_at is not None:
                return
            pending.confirmed_at = utcnow()
            record(
                session,
                Event.LIMIT_CHANGED,
                user_id=user.id,
                detail=f"{nuban} {change.transfer_type or 'ALL'}: daily {pending.daily_kobo} "
                f"kobo, single {pending.single_kobo} kobo",
            )
            for transfer_type in types:
                row = await session.scalar(
                    select(TransactionLimit).where(
                        TransactionLimit.nuban == nuban,
                        TransactionLimit.transfer_type == transfer_type,
                    )
                )
                if row is None:
                    row = TransactionLimit(
                        user_id=user.id, nuban=nuban, transfer_type=transfer_type
                    )
                    session.add(row)
                row.daily_kobo, row.single_kobo = pending.daily_kobo, pending.single_kobo
                row.updated_at = utcnow()
        await self.notices.tell(
            user,
            Event.LIMIT_CHANGED,
            f"The transfer limits of account {nuban} were changed to "
            f"{format_naira(pending.daily_kobo)} a day and {format_naira(pending.single_kobo)} "
            "for a single transfer.",
        )

    # -- second factor ------------------------------------------------------------------
    async def generate(self, user: User, target: str) -> str | GoogleCredentialsOut:
        """Start switching to `target`. Returns what the customer must do next."""
        if target == TwoFactor.GOOGLE:
            secret = totp.new_secret()
            async with self.db.transaction() as session:
                pending = await session.get(PendingAuthenticatorSecret, user.id)
                if pending is None:
                    session.add(PendingAuthenticatorSecret(user_id=user.id, secret=secret))
                else:
                    pending.secret, pending.created_at = secret, utcnow()
        else:
            await self.codes.issue(user, NEW_FACTOR, channels=(EMAIL, SMS))
        # Proof of the current factor: the authenticator's code, or a code we send now
        # (not needed when OTP is both the current and the new method).
        if user.two_factor == TwoFactor.GOOGLE:
            await self.codes.issue(user, CURRENT_FACTOR, method=TwoFactor.GOOGLE)
        elif target == TwoFactor.GOOGLE:
            await self.codes.issue(user, CURRENT_FACTOR, channels=(EMAIL, SMS))
        if target != TwoFactor.GOOGLE:
            return "Enter the OTP sent to your registered email & phone number"
        uri = pyotp.TOTP(secret).provisioning_uri(name=user.email, issuer_name="Kobo")
        return GoogleCredentialsOut(
            image=segno.make(uri, error="m").png_data_uri(scale=6, border=2),
            secret_code=secret,
            message=(
                "Scan the QR code with Google Authenticator (or type the setup code), then "
                "enter the code it shows"
                + (
                    " and the code from your current authenticator."
                    if user.two_factor == TwoFactor.GOOGLE
                    else " and the OTP we sent to your email & phone number."
                )
            ),
        )

    async def confirm(self, user: User, target: str, code: str, current_code: str | None) -> None:
        needs_current = user.two_factor == TwoFactor.GOOGLE or target == TwoFactor.GOOGLE
        if needs_current and not current_code:
            raise ValidationFailed(CURRENT_CODE_REQUIRED, field="currentCode")
        step = None
        if target == TwoFactor.GOOGLE:
            async with self.db.transaction() as session:
                pending = await session.get(PendingAuthenticatorSecret, user.id)
            if pending is None or pending.created_at < utcnow() - timedelta(minutes=30):
                raise ValidationFailed(SETUP_FIRST)
            step = totp.matching_step(pending.secret, code.strip())
            if step is None:
                raise ValidationFailed("Invalid or expired OTP", field="code")
            secret = pending.secret
        if needs_current:
            assert current_code is not None
            await self.codes.consume(user.id, CURRENT_FACTOR, current_code)
        if target != TwoFactor.GOOGLE:
            await self.codes.consume(user.id, NEW_FACTOR, code)
        async with self.db.transaction() as session:
            fresh = await session.get(User, user.id)
            assert fresh is not None
            fresh.two_factor = target
            record(session, Event.TWO_FACTOR_CHANGED, user_id=user.id, detail=f"now {target}")
            if target == TwoFactor.GOOGLE:
                fresh.totp_secret, fresh.totp_last_step = secret, step
                pending_row = await session.get(PendingAuthenticatorSecret, user.id)
                if pending_row is not None:
                    await session.delete(pending_row)
            else:
                fresh.totp_secret, fresh.totp_last_step = None, None
        method = "Google Authenticator" if target == TwoFactor.GOOGLE else "codes by SMS and e-mail"
        await self.notices.tell(
            user, Event.TWO_FACTOR_CHANGED, f"You now confirm sign-ins and payments with {method}."
        )


def _limit_purpose(change_uuid: str) -> str:
    return f"TRANSACTION_LIMIT:{change_uuid}"
