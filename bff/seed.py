"""Create the demo personas' internet-banking users (idempotent: existing e-mails are kept)."""

from __future__ import annotations

import json

from sqlalchemy import select

from bff.config import FIXTURES_DIR
from bff.db import Database
from bff.security.passwords import Passwords
from bff.users.models import User


async def seed_personas(db: Database, passwords: Passwords) -> int:
    personas = json.loads((FIXTURES_DIR / "personas.json").read_text())["personas"]
    created = 0
    async with db.transaction() as session:
        existing = set((await session.scalars(select(User.email))).all())
        for persona in personas:
            banking = persona["internetBanking"]
            if banking is None or persona["email"] in existing:
                continue
            session.add(
                User(
                    email=persona["email"],
                    phone_number=persona["phoneNumber"],
                    password_hash=passwords.hash_now(banking["password"]),
                    role=banking["role"],
                    first_name=persona["firstName"],
                    last_name=persona["lastName"],
                    customer_id=persona["customerId"],
                    two_factor=banking["twoFactorAuthentication"],
                    totp_secret=banking.get("totpSecret"),
                    onboarding_complete=banking["onboardingComplete"],
                    kyc_level=banking["kycLevel"],
                    email_verified=True,
                )
            )
            created += 1
    return created
