"""Settings rules: change password and the second factor (transaction limits: `bff/limits/`)."""

from __future__ import annotations

import hashlib
from datetime import timedelta
from typing import Any

import pyotp
import segno

from bff.accounts.service import AccountsService
from bff.audit.events import Event
from bff.audit.notices import SecurityNotices
from bff.audit.service import record
from bff.auth.codes import EMAIL, SMS, OneTimeCodes, wrong_code
from bff.auth.models import LoginFailure
from bff.auth.service import AuthService
from bff.config import Settings
from bff.db import Database, utcnow
from bff.errors import FieldErrors, ValidationFailed
from bff.passkeys.schemas import PasskeyAssertionIn
from bff.passkeys.service import Action, PasskeyApprovals, PasskeyService
from bff.security import totp
from bff.security.password_policy import password_errors
from bff.security.passwords import Passwords
from bff.settings.models import PendingAuthenticatorSecret
from bff.settings.schemas import ChangePasswordIn, GoogleCredentialsOut
from bff.users.models import TwoFactor, User
from bff.users.principal import Principal

OLD_REQUIRED = "Password is required"
OLD_WRONG = "Your old password is incorrect"
SAME_AS_OLD = "Your new password must be different from your old password"
CURRENT_CODE_REQUIRED = "Enter the code that confirms it's you"
SETUP_FIRST = "Generate a new QR code and try again."

NEW_FACTOR = "2FA_NEW_FACTOR"
PASSWORD_CHANGE = "PASSWORD_CHANGE"  # noqa: S105 (a code purpose, not a secret)
CURRENT_FACTOR = "2FA_CURRENT_FACTOR"


class SettingsService(PasskeyApprovals):
    def __init__(
        self,
        db: Database,
        config: Settings,
        passwords: Passwords,
        auth: AuthService,
        codes: OneTimeCodes,
        accounts: AccountsService,
        notices: SecurityNotices,
        passkeys: PasskeyService | None = None,
    ) -> None:
        self.notices = notices
        self.db = db
        self.config = config
        self.passwords = passwords
        self.auth = auth
        self.codes = codes
        self.accounts = accounts
        self.passkeys = passkeys

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
        new_hash = await self.passwords.hash(new)
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
        if not (await self.passwords.check(user.password_hash, old)).ok:
            async with self.db.transaction() as session:
                session.add(LoginFailure(identifier=user.email, client_address=client_address))
            raise ValidationFailed(OLD_WRONG, field="oldPassword")
        if old == new:
            raise ValidationFailed(SAME_AS_OLD, field="newPassword")
        return new

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

    async def _pending_secret(self, user: User) -> str:
        async with self.db.transaction() as session:
            pending = await session.get(PendingAuthenticatorSecret, user.id)
        if pending is None or pending.created_at < utcnow() - timedelta(minutes=30):
            raise ValidationFailed(SETUP_FIRST)
        return pending.secret

    async def passkey_options(self, user: User, target: str) -> dict[str, Any]:
        """The passkey request options that approve switching to `target` (for Google
        Authenticator: to the app set up by the last generate call) and nothing else. The
        passkey stands in for the current method's code; the new method's code is still
        needed, since it proves the new method works."""
        secret = await self._pending_secret(user) if target == TwoFactor.GOOGLE else None
        return await self._passkeys().approval_options(
            user.id, two_factor_approval(user, target, secret)
        )

    async def confirm(
        self,
        user: User,
        target: str,
        code: str,
        current_code: str | None,
        passkey: PasskeyAssertionIn | None = None,
    ) -> None:
        """`current_code`, or a passkey's approval of this very switch, proves the customer;
        `code` proves the new method."""
        needs_current = user.two_factor == TwoFactor.GOOGLE or target == TwoFactor.GOOGLE
        passkeys = self._passkeys() if passkey is not None else None
        if needs_current and not current_code and passkeys is None:
            raise ValidationFailed(CURRENT_CODE_REQUIRED, field="currentCode")
        step = None
        secret = None
        if target == TwoFactor.GOOGLE:
            async with self.db.transaction() as session:
                pending = await session.get(PendingAuthenticatorSecret, user.id)
            if pending is None or pending.created_at < utcnow() - timedelta(minutes=30):
                raise ValidationFailed(SETUP_FIRST)
            step = totp.matching_step(pending.secret, code.strip())
            if step is None:
                raise ValidationFailed("Invalid or expired OTP", field="code")
            secret = pending.secret
        if passkeys is None:
            if needs_current:
                assert current_code is not None
                await self.codes.consume(user.id, CURRENT_FACTOR, current_code)
            if target != TwoFactor.GOOGLE:
                await self.codes.consume(user.id, NEW_FACTOR, code)
        else:
            assert passkey is not None
            # The approval first (a refusal writes nothing), then the new method's code in
            # the same transaction: a wrong one is counted, and uses the approval up.
            async with self.db.transaction() as session:
                await passkeys.approve_in(
                    session, user.id, two_factor_approval(user, target, secret), passkey
                )
                used = (
                    await self.codes.use_in(session, user.id, NEW_FACTOR, code)
                    if target != TwoFactor.GOOGLE
                    else True
                )
            if used is None:
                raise wrong_code()
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


def two_factor_approval(user: User, target: str, secret: str | None) -> Action:
    """What a passkey approves of a second-factor switch: whose, from which method to which,
    and for Google Authenticator the app set up (the pending secret, hashed). A switch to
    another method, or to another set-up, has another text."""
    set_up = hashlib.sha256(secret.encode()).hexdigest() if secret else ""
    return Action(
        key=f"2FA:{target}",
        text="\n".join(("TWO_FACTOR", str(user.id), user.two_factor, target, set_up)),
    )
