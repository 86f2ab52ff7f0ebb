"""`python -m bff rewrap-files`: everything sealed under an older key moves onto the current
one, so that the older key can leave the ring (docs/operations.md, "Rotating the file keys");
`python -m bff file-keys` counts what each key still wraps.
Files in the store are re-wrapped in place; BVNs and NINs in the database are re-wrapped, or
sealed if they were written before sealing existed."""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from bff.db import Database
from bff.kyc.models import KycSubmission
from bff.kyc.service import number_context as kyc_context
from bff.onboarding.models import OnboardingProfile
from bff.onboarding.service import number_context as profile_context
from bff.storage import (
    PLAIN,
    UNREADABLE,
    EncryptedDocumentStore,
    KeyNotOnRing,
    Rewrapped,
    TamperedObject,
)
from bff.storage.fields import PREFIX, SealedFields

log = logging.getLogger("bff.storage")
BATCH = 500


@dataclass(frozen=True, slots=True)
class Rotation:
    files: Rewrapped
    numbers: Rewrapped


@dataclass(frozen=True, slots=True)
class KeyUsage:
    files: Counter[str]
    numbers: Counter[str]


async def rewrap_everything(store: EncryptedDocumentStore, db: Database) -> Rotation:
    return Rotation(await store.rewrap_all(), await rewrap_numbers(db, SealedFields(store.ring)))


async def key_usage(store: EncryptedDocumentStore, db: Database) -> KeyUsage:
    return KeyUsage(await store.count_by_key(), await numbers_by_key(db, SealedFields(store.ring)))


async def rewrap_numbers(db: Database, fields: SealedFields) -> Rewrapped:
    moved = current = refused = 0
    async for row, kind, context, stored in _numbers(db):
        try:
            renewed = fields.renewed(context, stored)
        except (TamperedObject, KeyNotOnRing) as problem:
            log.error("%s of user %s not re-wrapped: %s", kind, row.user_id, problem)
            refused += 1
            continue
        if renewed is None:
            current += 1
        else:
            setattr(row, kind, renewed)
            moved += 1
    return Rewrapped(moved, current, refused)


async def numbers_by_key(db: Database, fields: SealedFields) -> Counter[str]:
    """How many BVNs and NINs each key id wraps (PLAIN: not sealed yet)."""
    counts: Counter[str] = Counter()
    async for _row, _kind, _context, stored in _numbers(db):
        if not stored.startswith(PREFIX):
            counts[PLAIN] += 1
            continue
        try:
            counts[fields.key_id(stored)] += 1
        except TamperedObject:
            counts[UNREADABLE] += 1
    return counts


async def _numbers(db: Database) -> AsyncIterator[tuple[Any, str, str, str]]:
    """(row, field, sealing context, stored value) of every BVN and NIN kept, each table in
    batches of rows, each batch in its own transaction: a value the caller sets on a row is
    saved with its batch, so an interrupted run keeps what it did."""
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
                        if stored:
                            yield row, kind, context(row.user_id, kind), stored
            if len(rows) < BATCH:
                break
            last = rows[-1]
            after = last.user_id if isinstance(last, OnboardingProfile) else last.id
