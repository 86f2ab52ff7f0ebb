"""The end of retention: what the law kept of a closed profile is deleted when its period ends.

An erasure (bff/privacy/erasure.py) keeps the financial record, the KYC record, tickets,
disputes, messages and the security log for `RETENTION_YEARS` after the relationship ends,
and tells the customer "then we delete it". This is that deletion: every row that leads to
the closed profile, found by the same walk of the schema as the customer's archive
(bff/privacy/archive.py), so a table added tomorrow is deleted too without anyone
remembering it; then the profile's own row, and the files those rows pointed to once the
deletion has committed (a file deleted before a rollback could not be brought back).

The core's ledger is not touched: its postings are the bank's books, kept by the core under
its own rules, and they still sum to zero. What this BFF held about the person is gone."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import MetaData, Select, delete, select, tuple_
from sqlalchemy.ext.asyncio import AsyncSession

from bff.privacy.archive import FILE_COLUMNS, Owner, owned_rows
from bff.users.models import User

# The money-laundering rules' period (bff/privacy/record.py, FINANCIAL_RETENTION).
RETENTION_YEARS = 5
RETENTION = timedelta(days=365 * RETENTION_YEARS)


def retention_ends(closed_at: datetime) -> datetime:
    return closed_at + RETENTION


def past_retention(now: datetime) -> Select[User]:
    """The profiles closed long enough ago that nothing of theirs may be kept."""
    return select(User).where(User.closed_at.is_not(None), User.closed_at <= now - RETENTION)


async def delete_records_in(session: AsyncSession, metadata: MetaData, user: User) -> list[str]:
    """In the caller's transaction: every row of `user`'s, children before parents, and the
    user row last. Returns the document-store keys to forget once it commits."""
    owner = Owner(user.id, user.email, user.phone_number, user.customer_id)
    forget: list[str] = []
    for table in reversed(metadata.sorted_tables):
        owned = owned_rows(metadata, table, owner)
        if owned is None:
            continue
        files = [table.c[name] for name in FILE_COLUMNS if name in table.c]
        for row in (await session.execute(owned.with_only_columns(*files))).all() if files else ():
            forget.extend(key for key in row if key)
        key = list(table.primary_key.columns)
        chosen = owned.with_only_columns(*key)
        matching = key[0].in_(chosen) if len(key) == 1 else tuple_(*key).in_(chosen)
        await session.execute(delete(table).where(matching))
    return await _unreferenced(session, metadata, forget)


async def _unreferenced(session: AsyncSession, metadata: MetaData, keys: list[str]) -> list[str]:
    """`keys` less any another row still names: files stored before keys were random were
    named by their content's hash, so two people's identical uploads may share one."""
    left = set(keys)
    for table in metadata.sorted_tables:
        for name in FILE_COLUMNS & set(table.c.keys()):
            column = table.c[name]
            if left:
                left -= set(await session.scalars(select(column).where(column.in_(left))))
    return sorted(left)
