"""Passkeys (WebAuthn credentials) and the challenges of their ceremonies.

A challenge lives in the database, not in a process's memory: the browser may send the
answer to any BFF process. It is used once (a conditional UPDATE claims it) and dies after
`webauthn_challenge_ttl_s`.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Index, Integer, LargeBinary, String
from sqlalchemy.orm import Mapped, mapped_column

from bff.db import Base, UTCDateTime, utcnow


class Passkey(Base):
    """One customer's registered credential: its public key and the authenticator's count."""

    __tablename__ = "passkeys"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    # The credential id as the browser sends it (base64url), unique across the bank.
    credential_id: Mapped[str] = mapped_column(String(1400), unique=True)
    public_key: Mapped[bytes] = mapped_column(LargeBinary)  # COSE_Key, as registered
    sign_count: Mapped[int] = mapped_column(Integer, default=0)
    # The customer's own label ("Pixel 8", "Work laptop"); first set from the browser.
    name: Mapped[str] = mapped_column(String(60))
    transports: Mapped[str] = mapped_column(String(120), default="")  # comma-separated hints
    backed_up: Mapped[bool] = mapped_column(Boolean, default=False)  # synced (multi-device)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    last_used_at: Mapped[datetime | None] = mapped_column(UTCDateTime)


class WebAuthnChallenge(Base):
    """One ceremony's challenge: registering, signing in, or approving one action."""

    __tablename__ = "webauthn_challenges"
    __table_args__ = (Index("ix_webauthn_challenges_expires", "expires_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    # base64url of the challenge bytes, as the browser's clientDataJSON carries it.
    challenge: Mapped[str] = mapped_column(String(100), unique=True)
    # None for sign-in: whoever answers is known only from the credential.
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    # REGISTER, SIGN_IN, or APPROVE:<action key> (e.g. APPROVE:TRANSFER:<id>).
    purpose: Mapped[str] = mapped_column(String(80))
    # Approvals: the random half of the challenge; the other half is the action's digest.
    nonce: Mapped[str | None] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    used_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
