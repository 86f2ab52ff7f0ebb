"""Erasure (NDPA 2023 s. 36) within the duty to keep records: the profile closes, and what no
retention rule keeps is removed: devices, passkeys and their challenges, sessions, codes and
reset links, a pending authenticator secret, marketing consents and their log, saved
beneficiaries, failed sign-ins naming the customer, reviewed selfies and earlier copies of
their data. What the law keeps stays whole for its period (docs/contract.md §14.6d): the
profile's name and contact, identity numbers and documents (KYC records), payments and
their ledger, tickets, disputes and the messages sent, the security log."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from bff.auth.models import Device, LoginFailure, OtpChallenge, PasswordReset, UserSession
from bff.beneficiaries.models import Beneficiary
from bff.liveness.models import LivenessCheck, LivenessStatus
from bff.passkeys.models import Passkey, WebAuthnChallenge
from bff.privacy.models import ConsentEvent, DataExport, ExportStatus
from bff.schedules.models import ScheduledPayment, ScheduleStatus
from bff.settings.models import PendingAuthenticatorSecret
from bff.users.models import TwoFactor, User

# No password hashes to this: argon2 never verifies it, so nobody signs in with a password.
CLOSED_PASSWORD = "!closed"  # noqa: S105 (a marker, not a password)
SCHEDULE_STOPPED = "The profile was closed"
REMOVED = (
    "your devices, passkeys and sign-in sessions, your marketing choices, your saved "
    "beneficiaries, your selfies and any copies of your data we had prepared"
)


async def erase_in(session: AsyncSession, user: User, now: datetime) -> list[str]:
    """In the caller's transaction; returns the document-store keys to forget once it
    commits (a file deleted before a rollback could not be brought back)."""
    uid = user.id
    for model in (
        UserSession,
        Device,
        Passkey,
        WebAuthnChallenge,
        OtpChallenge,
        PasswordReset,
        PendingAuthenticatorSecret,
        ConsentEvent,
        Beneficiary,
    ):
        await session.execute(delete(model).where(model.user_id == uid))
    names = [user.email] + ([user.phone_number] if user.phone_number else [])
    await session.execute(delete(LoginFailure).where(LoginFailure.identifier.in_(names)))
    forget: list[str] = []
    check = await session.get(LivenessCheck, uid)
    # A selfie a person has not compared yet stays until they decide (then it goes anyway).
    if check is not None and check.selfie_key and check.status != LivenessStatus.REFERRED:
        forget.append(check.selfie_key)
        check.selfie_key = None
    exports = (
        await session.scalars(
            select(DataExport).where(DataExport.user_id == uid, DataExport.deleted_at.is_(None))
        )
    ).all()
    for export in exports:
        if export.storage_key:
            forget.append(export.storage_key)
        export.storage_key, export.token_hash = None, None
        export.status, export.deleted_at = ExportStatus.DELETED, now
    await session.execute(
        update(ScheduledPayment)
        .where(ScheduledPayment.user_id == uid, ScheduledPayment.status == ScheduleStatus.PENDING)
        .values(status=ScheduleStatus.FAILED, failure_reason=SCHEDULE_STOPPED)
    )
    await session.execute(
        update(User)
        .where(User.id == uid)
        .values(
            closed_at=now,
            password_hash=CLOSED_PASSWORD,
            totp_secret=None,
            totp_last_step=None,
            two_factor=TwoFactor.OTP,
            has_passkey=False,
        )
    )
    return forget
