"""Everything Kobo holds about one customer, found by walking the schema (SQLAlchemy's
metadata), not by a list of tables: a table added tomorrow with a column that leads to a
customer is in the next archive without anyone remembering to add it.

A row belongs to a customer when a chain of foreign keys leads from it to their `users` row
(`user_id` first; else a parent table that belongs to them, so an agent's reply in the
customer's ticket is the customer's; else any other key to `users`). Three tables name a
customer without a foreign key (`LINKS`); three hold nobody's personal data
(`NOT_CUSTOMER_DATA`). bff/tests/test_data_rights.py fails on a table that is in none of these.

What the archive leaves out of a row (`WITHHELD`) are secrets that would let the holder of
the file act as the customer (password and code hashes, the authenticator's secret, session
and link tokens), and another person's figures (an alert's posting, with the other side's
balance). Identity numbers are unsealed and files decrypted for the customer."""

from __future__ import annotations

import base64
import io
import json
import zipfile
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from sqlalchemy import ColumnElement, MetaData, Select, Table, select
from sqlalchemy.ext.asyncio import AsyncSession

from bff.kyc.service import number_context as kyc_context
from bff.onboarding.service import number_context as profile_context
from bff.storage.fields import PREFIX, SealedFields

SCHEMA_VERSION = 1

# Tables that name a customer without a foreign key: (their column, the users columns it
# holds). A message is the customer's when it went to their e-mail address or phone; a
# failed sign-in when it named either.
LINKS: dict[str, tuple[str, tuple[str, ...]]] = {
    "account_flags": ("customer_id", ("customer_id",)),
    "notification_outbox": ("recipient", ("email", "phone_number")),
    "login_failures": ("identifier", ("email", "phone_number")),
}

# Tables with no customer's personal data, and why.
NOT_CUSTOMER_DATA: dict[str, str] = {
    "clock_offset": "the test bench's clock offset",
    "sync_cursors": "how far the watch-list and flag copies have read",
    "watched_accounts": "accounts at other banks reported as mules by the switch; no Kobo "
    "customer's data",
}

# Columns never put in an archive (see the module's docstring), by name in any table.
WITHHELD = frozenset(
    {
        "password_hash",
        "totp_secret",
        "totp_last_step",
        "code_hash",
        "token_hash",
        "secret",
        "public_key",
        "challenge",
        "nonce",
        "claim_token",
        "lease_until",
        "payload",
        "html",
        "open_reference",
    }
)

# Columns that hold a document-store key: the file goes into the archive, decrypted, and the
# row says where (files/<table>/<row>-<column>.<extension>).
FILE_COLUMNS = frozenset({"storage_key", "utility_bill_key", "id_card_key", "selfie_key"})

# Sealed identity numbers: the context each is sealed under (bff/storage/fields.py).
SEALED: dict[str, Callable[[int, str], str]] = {
    "onboarding_profiles": profile_context,
    "kyc_submissions": kyc_context,
}


@dataclass(frozen=True, slots=True)
class Hop:
    """One foreign key on the way from a table to `users`."""

    column: str
    parent: str
    parent_column: str


def ownership(metadata: MetaData) -> dict[str, tuple[Hop, ...]]:
    """For each table whose rows lead to a customer through foreign keys, the way there
    (`users` itself: no hop)."""
    paths: dict[str, tuple[Hop, ...]] = {"users": ()}
    for table in metadata.sorted_tables:  # parents before children
        if table.name in paths:
            continue
        keys = [key for column in table.columns for key in column.foreign_keys]
        direct = [k for k in keys if k.column.table.name == "users" and k.parent.name == "user_id"]
        through = [
            k for k in keys if k.column.table.name in paths and k.column.table.name != "users"
        ]
        other = [k for k in keys if k.column.table.name == "users"]
        candidates = direct or through or other
        if not candidates:
            continue
        chosen = candidates[0]
        parent = chosen.column.table.name
        hop = Hop(chosen.parent.name, parent, chosen.column.name)
        paths[table.name] = (hop, *paths[parent])
    return paths


@dataclass(frozen=True, slots=True)
class Owner:
    """The customer whose data is gathered: the values the LINKS match."""

    user_id: int
    email: str
    phone_number: str | None
    customer_id: str | None

    def linked(self, names: Sequence[str]) -> list[str]:
        values = {"email": self.email, "phone_number": self.phone_number}
        values["customer_id"] = self.customer_id
        return [v for name in names if (v := values.get(name))]


def owned_rows(metadata: MetaData, table: Table, owner: Owner) -> Select[Any] | None:
    """The statement that selects `owner`'s rows of `table` (None: the table holds none of
    theirs, or names nobody)."""
    paths = ownership(metadata)
    if table.name in paths:
        query = select(table)
        current = table
        condition: ColumnElement[bool] | None = None
        hops = paths[table.name]
        if not hops:
            return query.where(table.c.id == owner.user_id)
        for hop in hops:
            parent = metadata.tables[hop.parent]
            if hop.parent == "users":
                condition = current.c[hop.column] == owner.user_id
                break
            query = query.join(parent, current.c[hop.column] == parent.c[hop.parent_column])
            current = parent
        assert condition is not None
        return query.where(condition)
    if table.name in LINKS:
        column, names = LINKS[table.name]
        values = owner.linked(names)
        if not values:
            return None
        return select(table).where(table.c[column].in_(values))
    return None


def unclaimed_tables(metadata: MetaData) -> list[str]:
    """Tables the archive would say nothing about and that no one has said hold no one's
    data: each must be fixed (a foreign key, a LINKS entry or a NOT_CUSTOMER_DATA reason)."""
    paths = ownership(metadata)
    return sorted(
        t.name
        for t in metadata.sorted_tables
        if t.name not in paths and t.name not in LINKS and t.name not in NOT_CUSTOMER_DATA
    )


@dataclass
class Gathered:
    """What the archive holds: each table's rows (as JSON values) and the files."""

    tables: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    files: dict[str, bytes] = field(default_factory=dict)
    core: dict[str, Any] = field(default_factory=dict)


async def gather(
    session: AsyncSession,
    metadata: MetaData,
    owner: Owner,
    numbers: SealedFields,
    read_file: Callable[[str], Any],
) -> Gathered:
    """Every row of `owner`'s in every table (the tables of `users` first), with identity
    numbers unsealed and files read through `read_file` (an awaitable of the bytes)."""
    gathered = Gathered()
    for table in metadata.sorted_tables:
        query = owned_rows(metadata, table, owner)
        if query is None:
            continue
        order = [c for c in table.primary_key.columns]
        rows = (await session.execute(query.order_by(*order))).mappings().all()
        out: list[dict[str, Any]] = []
        for row in rows:
            item: dict[str, Any] = {}
            for column in table.columns:
                if column.name in WITHHELD:
                    continue
                value = row[column]
                if column.name in FILE_COLUMNS and value:
                    content = await read_file(value)
                    name = f"files/{table.name}/{_row_name(table, row)}-{column.name}"
                    name += _extension(content)
                    gathered.files[name] = content
                    value = name
                elif isinstance(value, str) and value.startswith(PREFIX):
                    context = SEALED.get(table.name)
                    user_id = row.get("user_id", owner.user_id)
                    value = numbers.open(context(user_id, column.name), value) if context else None
                item[column.name] = _json_value(value)
            out.append(item)
        gathered.tables[table.name] = out
    return gathered


def _row_name(table: Table, row: Mapping[Any, Any]) -> str:
    return "-".join(str(row[c.name]) for c in table.primary_key.columns)


def _extension(content: bytes) -> str:
    for magic, extension in (
        (b"\x89PNG", ".png"),
        (b"\xff\xd8\xff", ".jpg"),
        (b"%PDF", ".pdf"),
        (b"PK\x03\x04", ".zip"),
        (b"GIF8", ".gif"),
    ):
        if content.startswith(magic):
            return extension
    return ".bin"


def _json_value(value: Any) -> Any:
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, bytes):
        return base64.b64encode(value).decode()
    return value


def schema_of(metadata: MetaData) -> dict[str, Any]:
    """The archive's schema, from the same metadata: each table's columns and their types,
    without the withheld ones (docs/contract.md §14.6a describes it in words)."""
    tables = {}
    for table in metadata.sorted_tables:
        if table.name in NOT_CUSTOMER_DATA:
            continue
        columns = {}
        for column in table.columns:
            if column.name in WITHHELD:
                continue
            kind = type(column.type).__name__
            if column.name in FILE_COLUMNS:
                kind = "file path in this archive"
            columns[column.name] = {"type": kind, "nullable": bool(column.nullable)}
        tables[table.name] = {"columns": columns}
    return {
        "schemaVersion": SCHEMA_VERSION,
        "tables": tables,
        "withheld": sorted(WITHHELD),
        "core": {
            "customer": "your profile as our core-banking system keeps it",
            "accounts": "your accounts with their balances",
            "lines": "every line of each account's ledger, newest first",
        },
    }


def document(
    gathered: Gathered, owner: Owner, generated_at: datetime, metadata: MetaData
) -> dict[str, Any]:
    return {
        "schemaVersion": SCHEMA_VERSION,
        "generatedAt": generated_at.isoformat(),
        "customer": {"userId": owner.user_id, "email": owner.email},
        "tables": gathered.tables,
        "core": gathered.core,
        "files": sorted(gathered.files),
        "withheld": sorted(WITHHELD),
        "tablesWithoutPersonalData": sorted(NOT_CUSTOMER_DATA),
    }


def pack(
    data: dict[str, Any], schema: dict[str, Any], files: Mapping[str, bytes], pdf: bytes
) -> bytes:
    """The archive: data.json, schema.json, summary.pdf, README.txt and files/…"""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("README.txt", README)
        archive.writestr("data.json", json.dumps(data, indent=2, ensure_ascii=False, default=str))
        archive.writestr("schema.json", json.dumps(schema, indent=2))
        archive.writestr("summary.pdf", pdf)
        for name, content in sorted(files.items()):
            archive.writestr(name, content)
    return buffer.getvalue()


def unpack(archive: bytes) -> Iterator[tuple[str, bytes]]:
    with zipfile.ZipFile(io.BytesIO(archive)) as opened:
        for name in opened.namelist():
            yield name, opened.read(name)


README = """Your data at Kobo Microfinance Bank

data.json    everything we hold about you, machine-readable (its layout: schema.json)
schema.json  each table's fields and their types
summary.pdf  a readable summary: what we keep, why, for how long and who receives it
files/       the documents and pictures you gave us, decrypted for you

Keep this file safe: it holds your identity numbers and documents.
"""
