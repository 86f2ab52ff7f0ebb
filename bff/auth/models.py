"""Internet-banking users, their sessions, one-time-code challenges and login failures."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from bff.db import Base, UTCDateTime, utcnow


class Role:
    CUSTOMER = "CUSTOMER"
    ADMIN = "ADMIN"


class TwoFactor:
    OTP = "OTP_AUTHENTICATION"
    GOOGLE = "GOOGLE_AUTHENTICATOR"


class User(Base):
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    uuid: Mapped[str] = mapped_column(String(36), unique=True, default=lambda: str(uuid.uuid4()))
    email: Mapped[str] = mapped_column(String(200), unique=True)
    phone_number: Mapped[str | None] = mapped_column(String(11), unique=True)
    password_hash: Mapped[str] = mapped_column(String(200))
    role: Mapped[str] = mapped_column(String(10), default=Role.CUSTOMER)
    first_name: Mapped[str] = mapped_column(String(80))
    last_name: Mapped[str] = mapped_column(String(80))
    # The core-banking customer this user acts for (None for back-office staff).
    customer_id: Mapped[str | None] = mapped_column(String(20), index=True)
    two_factor: Mapped[str] = mapped_column(String(24), default=TwoFactor.OTP)
    totp_secret: Mapped[str | None] = mapped_column(String(64))
    # The last 30-second TOTP time step accepted, so one authenticator code works only once.
    totp_last_step: Mapped[int | None] = mapped_column(Integer)
    onboarding_complete: Mapped[bool] = mapped_column(Boolean, default=False)
    email_verified: Mapped[bool] = mapped_column(Boolean, default=True)
    # CBN tiered KYC level 0-3 (bff/kyc raises it); sets the ceiling of transaction limits.
    kyc_level: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    # Wrong codes in a row across every challenge (a new sign-in does not start afresh);
    # reaching the limit pauses the second factor until `codes_paused_until`.
    code_failures: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    codes_paused_until: Mapped[datetime | None] = mapped_column(UTCDateTime)


class UserSession(Base):
    """A signed-in session. Only the SHA-256 of the bearer token is stored."""

    __tablename__ = "user_sessions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    last_seen_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    client_address: Mapped[str | None] = mapped_column(String(64))


class OtpPurpose:
    LOGIN = "LOGIN"
    EMAIL_VERIFICATION = "EMAIL_VERIFICATION"


class OtpChallenge(Base):
    """One code sent (or, for Google Authenticator, one TOTP expected) for one purpose."""

    __tablename__ = "otp_challenges"
    __table_args__ = (Index("ix_otp_challenges_user_purpose", "user_id", "purpose"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    purpose: Mapped[str] = mapped_column(String(80))
    method: Mapped[str] = mapped_column(String(24))  # OTP_AUTHENTICATION or GOOGLE_AUTHENTICATOR
    # HMAC-SHA256 of the code under the server secret; None for TOTP challenges.
    code_hash: Mapped[str | None] = mapped_column(String(64))
    # Extra data bound to the challenge (e.g. remember-me for a login).
    remember: Mapped[bool] = mapped_column(Boolean, default=False)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    consumed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class LoginFailure(Base):
    """Failed sign-in attempts, counted per identifier to pause it (the address is kept for the
    audit trail)."""

    __tablename__ = "login_failures"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    identifier: Mapped[str] = mapped_column(String(200), index=True)
    client_address: Mapped[str] = mapped_column(String(64), index=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow, index=True)


class PasswordReset(Base):
    """A reset link: only the SHA-256 of its random code is stored; it works once."""

    __tablename__ = "password_resets"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    code_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    used_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
