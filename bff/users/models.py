"""Internet-banking users: who signs in, their roles and second factor.

Below every domain: authentication, audit, notifications and the payment domains all read
a `User`; this package imports none of them.
"""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import Boolean, Integer, String, false
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
    # Whether the customer has a passkey (bff/passkeys), kept with every passkey added or
    # removed: the transfer form offers passkey approval from the user row every request
    # reads anyway, instead of a statement more on every transfer (issue 39's budget).
    has_passkey: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # Goes up with every change to the user's payments, in the same transaction (database
    # triggers, migration 0014); the dashboard and history caches are keyed on it.
    activity_version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # Set while the customer's account is frozen: no money leaves it (bff/users/freeze.py).
    frozen_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # Set while the customer has switched instant transfers off (bff/risk/switch.py): no
    # transfer leaves their accounts for someone else until they switch it on with a code.
    instant_transfers_off_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # Set while a returning profile (unfrozen by the customer, or dormant) owes a selfie
    # (bff/liveness): no money leaves it until one passes.
    liveness_required_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
    # Set when the profile is closed by an erasure request (bff/privacy/erasure.py): nobody
    # signs in to it again; the financial record stays for its retention period.
    closed_at: Mapped[datetime | None] = mapped_column(UTCDateTime)
