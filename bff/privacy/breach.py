"""The operator's breach drill (NDPA 2023 s. 40: the NDPC told within 72 hours):
`python -m bff breach-drill --key K | --prefix P | --since T --until T` lists every customer
whose data a file key, an object-storage prefix or a time window touched, found by walking
the schema as the archive does (bff/privacy/archive.py), and drafts the notice to the NDPC
and the message to the customers (docs/operations.md, "A data breach")."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, MetaData, Select, Table, or_, select

from bff.dates import WAT, format_date
from bff.db import Database, UTCDateTime
from bff.privacy.archive import FILE_COLUMNS, LINKS, ownership
from bff.privacy.summary import LABELS, OTHER
from bff.storage import EncryptedDocumentStore, TamperedObject
from bff.storage.envelope import key_id_of
from bff.storage.fields import PREFIX, SealedFields
from bff.users.models import User

# Sealed identity numbers: (table, columns), read by their key id.
SEALED_NUMBERS = {"onboarding_profiles": ("bvn", "nin"), "kyc_submissions": ("bvn", "nin")}


@dataclass
class Affected:
    user_id: int
    name: str
    email: str
    phone_number: str | None
    what: set[str] = field(default_factory=set)


def owner_query(metadata: MetaData, table: Table) -> Select[Any] | None:
    """SELECT the owning user's id of each row of `table` (None: its rows lead to nobody)."""
    paths = ownership(metadata)
    users = metadata.tables["users"]
    if table.name == "users":
        return select(table.c.id.label("owner"))
    if table.name in paths:
        current, query = table, None
        joins = []
        for hop in paths[table.name]:
            if hop.parent == "users":
                query = select(current.c[hop.column].label("owner")).select_from(table)
                break
            parent = metadata.tables[hop.parent]
            joins.append((parent, current.c[hop.column] == parent.c[hop.parent_column]))
            current = parent
        assert query is not None
        for parent, on in joins:
            query = query.join(parent, on)
        return query
    if table.name in LINKS:
        column, names = LINKS[table.name]
        match = or_(*(table.c[column] == users.c[name] for name in names))
        return select(users.c.id.label("owner")).select_from(table).join(users, match)
    return None


class BreachDrill:
    def __init__(self, db: Database, metadata: MetaData, store: EncryptedDocumentStore) -> None:
        self.db = db
        self.metadata = metadata
        self.store = store
        self.fields = SealedFields(store.ring)

    async def by_key(self, key_id: str) -> dict[int, Affected]:
        """Every file and identity number sealed under `key_id`, and whose they are."""
        names = set()
        async for name in self.store.objects.names():
            try:
                if key_id_of(await self.store.objects.read(name)) == key_id:
                    names.add(name)
            except TamperedObject:
                continue  # plain or unreadable: not under this key
        found = await self._files(names)
        async with self.db.reader() as session:
            for table_name, columns in SEALED_NUMBERS.items():
                table = self.metadata.tables[table_name]
                rows = (await session.execute(select(table))).mappings().all()
                for row in rows:
                    for column in columns:
                        stored = row[column]
                        if not stored or not stored.startswith(PREFIX):
                            continue
                        try:
                            under = self.fields.key_id(stored)
                        except TamperedObject:
                            continue
                        if under == key_id:
                            found[row["user_id"]].add("Identity numbers (BVN, NIN)")
        return await self._people(found)

    async def by_prefix(self, prefix: str) -> dict[int, Affected]:
        """Every file whose object name starts with `prefix` (the store's own prefix, if
        given, is taken off first)."""
        own = getattr(self.store.objects, "prefix", "")
        wanted = prefix.removeprefix(own) if own else prefix
        names = {name async for name in self.store.objects.names() if name.startswith(wanted)}
        return await self._people(await self._files(names))

    async def in_window(self, since: datetime, until: datetime) -> dict[int, Affected]:
        """Every customer with a row written, changed or used between `since` and `until`
        (any time column of any table that leads to a customer)."""
        found: dict[int, set[str]] = defaultdict(set)
        async with self.db.reader() as session:
            for table in self.metadata.sorted_tables:
                query = owner_query(self.metadata, table)
                if query is None:
                    continue
                times = [c for c in table.columns if isinstance(c.type, UTCDateTime)]
                if not times:
                    continue
                within: list[ColumnElement[bool]] = [c.between(since, until) for c in times]
                owners = (await session.scalars(query.where(or_(*within)).distinct())).all()
                for owner in owners:
                    if owner is not None:
                        found[owner].add(LABELS.get(table.name, OTHER))
        return await self._people(found)

    async def _files(self, names: set[str]) -> dict[int, set[str]]:
        found: dict[int, set[str]] = defaultdict(set)
        if not names:
            return found
        async with self.db.reader() as session:
            for table in self.metadata.sorted_tables:
                columns = [c for c in table.columns if c.name in FILE_COLUMNS]
                query = owner_query(self.metadata, table)
                if not columns or query is None:
                    continue
                matching = or_(*(c.in_(sorted(names)) for c in columns))
                for owner in (await session.scalars(query.where(matching).distinct())).all():
                    found[owner].add(LABELS.get(table.name, OTHER))
        return found

    async def _people(self, found: dict[int, set[str]]) -> dict[int, Affected]:
        if not found:
            return {}
        async with self.db.reader() as session:
            users = (await session.scalars(select(User).where(User.id.in_(sorted(found))))).all()
        return {
            u.id: Affected(
                u.id, f"{u.first_name} {u.last_name}", u.email, u.phone_number, found[u.id]
            )
            for u in users
        }


def ndpc_notice(what_happened: str, affected: dict[int, Affected], discovered: datetime) -> str:
    """The draft of the notice to the Nigeria Data Protection Commission (s. 40(2))."""
    kinds = sorted({w for a in affected.values() for w in a.what})
    return "\n".join(
        [
            "To: The National Commissioner, Nigeria Data Protection Commission",
            "From: Kobo Microfinance Bank, data protection officer",
            "Subject: Notification of a personal data breach (NDPA 2023, s. 40)",
            "",
            f"1. What happened: {what_happened}.",
            f"2. When we found it: {format_date(discovered, WAT)}. This notice is sent within "
            "72 hours of that time.",
            f"3. Data subjects affected: {len(affected)} (customers, and staff where listed).",
            f"4. Kinds of personal data: {'; '.join(kinds) or 'none found'}.",
            "5. Likely consequences: [to complete: e.g. identity fraud if identity documents "
            "were read; the files are encrypted at rest, each under its own key].",
            "6. What we have done and will do: [to complete: key rotated with `python -m bff "
            "rewrap-files`, access revoked, customers told, passwords reset].",
            "7. Contact: the data protection officer, Kobo Microfinance Bank, Lagos.",
        ]
    )


def customer_message(what_happened: str, kinds: set[str]) -> str:
    """The draft of the message to each affected customer (s. 40(3)): plain words."""
    listed = "; ".join(sorted(kinds)).lower() or "some of your data"
    return (
        f"We are writing to tell you that {what_happened}. It may have exposed {listed}. "
        "We have reported it to the Nigeria Data Protection Commission and taken steps to "
        "stop it happening again. Kobo will never ask for your password, PIN or a code: if "
        "anyone does, do not give it. If you see a payment you did not make, freeze your "
        "account in Settings and contact us at once."
    )


def report(heading: str, what_happened: str, affected: dict[int, Affected], now: datetime) -> str:
    lines = [heading, f"{len(affected)} people affected", ""]
    for a in sorted(affected.values(), key=lambda a: a.user_id):
        lines.append(
            "\t".join(
                (str(a.user_id), a.name, a.email, a.phone_number or "-", "; ".join(sorted(a.what)))
            )
        )
    kinds = {w for a in affected.values() for w in a.what}
    lines += [
        "",
        "--- Draft notice to the NDPC (send within 72 hours of discovery) ---",
        ndpc_notice(heading[0].lower() + heading[1:] + " may have been exposed", affected, now),
        "",
        "--- Draft message to each customer (e-mail and SMS) ---",
        customer_message(what_happened, kinds),
    ]
    return "\n".join(lines)
