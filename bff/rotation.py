"""`python -m bff rewrap-files`: everything sealed under an older key moves onto the current
one, so that the older key can leave KOBO_FILE_KEYS (docs/security.md, "Rotating keys").
Files in the store are re-wrapped in place; BVNs and NINs in the database are re-wrapped, or
sealed if they were written before sealing existed."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from bff.db import Database
from bff.kyc.models import KycSubmission
from bff.kyc.service import number_context as kyc_context
from bff.onboarding.models import OnboardingProfile
from bff.onboarding.service import number_context as profile_context
from bff.storage import EncryptedDocumentStore, Rewrapped, TamperedObject
from bff.storage.fields import SealedFields

log = logging.getLogger("bff.storage")
BATCH = 500


@dataclass(frozen=True, slots=True)
class Rotation:
    files: Rewrapped
    numbers: Rewrapped


async def rewrap_everything(store: EncryptedDocumentStore, db: Database) -> Rotation:
    return Rotation(await store.rewrap_all(), await rewrap_numbers(db, SealedFields(store.ring)))


async def rewrap_numbers(db: Database, fields: SealedFields) -> Rewrapped:
    """Each table in batches of rows, each batch in its own transaction."""
    moved = current = refused = 0
    for model, context in (
        (OnboardingProfile, profile_context),
        (KycSubmission, kyc_context),
    ):
        key_column = OnboardingProfile.user_id if model is OnboardingProfile else KycSubmission.id
        after: int | None = None
        while True:
            async with db.transaction() as session:
                query = select(model).order_by(key_column).limit(BATCH)
                if after is not None:
                    query = query.where(key_column > after)
                rows: list[Any] = list((await session.scalars(query)).all())
                for row in rows:
                    for kind in ("bvn", "nin"):
                        stored = getattr(row, kind)
                        if not stored:
                            continue
                        try:
                            renewed = fields.renewed(context(row.user_id, kind), stored)
                        except TamperedObject as problem:
                            log.error(
                                "%s of user %s not re-wrapped: %s", kind, row.user_id, problem
                            )
                            refused += 1
                            continue
                        if renewed is None:
                            current += 1
                        else:
                            setattr(row, kind, renewed)
                            moved += 1
            if len(rows) < BATCH:
                break
            last = rows[-1]
            after = last.user_id if isinstance(last, OnboardingProfile) else last.id
    return Rewrapped(moved, current, refused)
