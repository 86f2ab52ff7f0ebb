"""Sign-in state of internet-banking users: sessions, one-time-code challenges, password resets
and login failures (the users themselves are in bff/users)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from bff.db import Base, UTCDateTime, utcnow


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
    # The browser it was opened in (bff/devices): removing the device ends the session.
    device_id: Mapped[int | None] = mapped_column(Integer, index=True)


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
