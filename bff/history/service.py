"""Transaction history (the ledger's lines, plus transfers and vends still pending or
failed), transaction details, and statements e-mailed as PDF or Excel files."""

from __future__ import annotations

import asyncio
import base64
import functools
import logging
import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import CompoundSelect, bindparam, literal, or_, select, union_all

from bff.accounts.service import AccountsService
from bff.banks import BANK_NAME
from bff.bills.models import Vend
from bff.core_client import (
    CoreAccount,
    CoreClient,
    CoreError,
    CorePosting,
    CoreStatementLine,
    CoreUnavailable,
)
from bff.dates import LAGOS
from bff.db import Database, utcnow
from bff.errors import FieldErrors, NotFound, ServiceUnavailable, ValidationFailed
from bff.history.presentation import (
    Presented,
    Records,
    customer_facing_account,
    customer_reference,
    load_records,
    load_records_of,
    posting_references,
    present_core_line,
    present_line,
    present_unsettled,
)
from bff.history.presenter import Line, detail_out, line_out, record_detail_out
from bff.history.receipts import Receipt
from bff.history.receipts import render_pdf as render_receipt
from bff.history.receipts import render_png as receipt_png
from bff.history.schemas import TransactionDetailOut, TransactionOut, TransactionPageOut
from bff.history.statements import Statement, StatementLine, render_pdf, render_xlsx
from bff.notifications.message import Attachment
from bff.notifications.notifier import Notifier
from bff.notifications.templates import branded_email
from bff.notifications.transports import DeliveryFailed
from bff.payments.lifecycle import Status
from bff.transfers.models import Transfer
from bff.users.models import User
from bff.users.read_cache import Computed, ReadCache
from kobo_serving.database import fetch_rows

log = logging.getLogger(__name__)

MAX_LINES = 20_000  # per account and statement; far beyond a year of a personal account
# The history pages reach this many rows deep (the core counts matching lines this far);
# older lines are a statement away, or nearer with dates or a search.
DEEPEST_ROW = 10_000
TOO_DEEP = "Choose dates or a search to see older transactions"
TOO_DEEP_ONE_ACCOUNT = f"Only the newest {DEEPEST_ROW:,} lines are shown here"
CORE_DOWN = "We could not reach your transactions right now. Please try again shortly."


@dataclass(frozen=True, slots=True)
class Query:
    account: str | None = None
    start: date | None = None
    end: date | None = None
    transaction_type: str | None = None  # CREDIT, DEBIT
    status: str | None = None  # COMPLETED, PENDING, FAILED
    search: str | None = None
    page: int = 0
    size: int = 10


def parse_day(text: str | None, field: str) -> date | None:
    if not text:
        return None
    match = re.fullmatch(r"(\d{2})-(\d{2})-(\d{4})", text.strip()) or None
    try:
        if match:
            return date(int(match[3]), int(match[2]), int(match[1]))
        return date.fromisoformat(text.strip())
    except ValueError as exc:
        raise ValidationFailed("Enter dates as dd-mm-yyyy", field=field) from exc


def lagos_midnight(day: date) -> datetime:
    return datetime(day.year, day.month, day.day, tzinfo=LAGOS)


def _chosen(own: list[CoreAccount], account: str | None) -> list[CoreAccount]:
    """The customer's accounts, or the one they chose (404 when it is not theirs)."""
    if account is None:
        return own
    chosen = [a for a in own if a.account_number == account]
    if not chosen:
        raise NotFound("Account not found")
    return chosen


# Transfers and vends have the same columns, and are queried alike.
_UNSETTLED_MODELS: tuple[Any, ...] = (Transfer, Vend)


@functools.cache
def _unsettled_ids(shape: tuple[bool, bool, bool]) -> CompoundSelect[*tuple[Any, ...]]:
    """`HistoryService._unsettled`'s read of ids, built once per shape (a start date, an
    end date, one status rather than pending and failed), its values bound: `fetch_rows`
    compiles each statement once."""
    has_start, has_end, one_status = shape
    status = (
        [model.status == bindparam("status") for model in _UNSETTLED_MODELS]
        if one_status
        else [
            or_(model.status == Status.PENDING, model.status == Status.FAILED)
            for model in _UNSETTLED_MODELS
        ]
    )
    return union_all(
        *(
            select(literal(i).label("table"), model.id, model.source_account).where(
                model.user_id == bindparam("user_id"),
                status[i],
                *([model.created_at >= bindparam("start")] if has_start else []),
                *([model.created_at < bindparam("end")] if has_end else []),
            )
            for i, model in enumerate(_UNSETTLED_MODELS)
        )
    )


@dataclass(frozen=True, slots=True)
class _CoreRow:
    """A ledger line of a history page, presented only if the page shows it."""

    account_number: str
    line: CoreStatementLine
    records: Records


def _shown(row: TransactionOut | _CoreRow) -> TransactionOut:
    if isinstance(row, TransactionOut):
        return row
    ln = row.line
    return line_out(
        Line(
            row.account_number,
            ln.posted_at,
            present_core_line(ln, row.records),
            ln.amount_kobo,
            Status.COMPLETED,
            ln.balance_after_kobo,
        )
    )


class HistoryService:
    def __init__(
        self,
        db: Database,
        core: CoreClient,
        accounts: AccountsService,
        notifier: Notifier | None = None,
        read_cache: ReadCache | None = None,
    ) -> None:
        self.db = db
        self.core = core
        self.accounts = accounts
        self.notifier = notifier or Notifier.simulator(db, core)
        self.read_cache = read_cache or ReadCache(seconds=0)

    async def _own(self, user: User, account: str | None) -> list[CoreAccount]:
        return _chosen(await self.accounts.core_accounts(user), account)

    async def transactions(self, user: User, query: Query) -> TransactionPageOut:
        """A page of history, kept for a moment and refreshed by the customer's own payments
        (bff/users/read_cache.py)."""
        return await self.read_cache.read(user, query, lambda: self._transactions(user, query))

    async def _transactions(self, user: User, query: Query) -> Computed[TransactionPageOut]:
        """One page of the ledger's lines of the chosen accounts merged with the transfers
        and vends the ledger has not got (pending or failed). The core filters and pages its
        lines next to its index, so a page costs the same on a young account as on one with
        a million lines; the merge needs the newest (page + 1) * size rows of each source.
        The accounts and their lines come in one call to the core."""
        if query.start and query.end and query.end < query.start:
            raise ValidationFailed("The end date cannot be before the start date", field="endDate")
        wanted = (query.page + 1) * query.size
        if wanted > DEEPEST_ROW:
            raise ValidationFailed(TOO_DEEP, field="page")
        assert user.customer_id is not None  # guaranteed by the `customer` dependency
        start = lagos_midnight(query.start) if query.start else None
        end = lagos_midnight(query.end) + timedelta(days=1) if query.end else None
        search = (query.search or "").strip() or None
        # Each row is presented only if the page shows it (`_shown`): a customer with three
        # accounts sends (page + 1) * size lines of each, and formatting them all was a
        # third of the BFF's work on Ada's first page (issue 57).
        rows: list[tuple[datetime, TransactionOut | _CoreRow]] = []
        total = 0
        core_version = None  # a page of pending and failed payments only: not known
        if query.status in (None, Status.COMPLETED):
            try:
                found = await self.core.customer_lines(
                    user.customer_id,
                    account=query.account,
                    start=start,
                    end=end,
                    direction=query.transaction_type,
                    search=search,
                    limit=wanted,
                )
            except CoreUnavailable as exc:
                raise ServiceUnavailable(CORE_DOWN) from exc
            accounts = _chosen(found.accounts, query.account)
            core_version = found.version
            async with self.db.reader() as session:
                records = await load_records_of(
                    session, (ln for p in found.pages for ln in p.page.lines)
                )
            for page in found.pages:
                total += page.page.total
                rows += [
                    (ln.posted_at, _CoreRow(page.account_number, ln, records))
                    for ln in page.page.lines
                ]
        else:
            accounts = await self._own(user, query.account)
        # Transfers and vends only ever take money out: none of them is a credit.
        if query.status in (None, Status.PENDING, Status.FAILED) and query.transaction_type in (
            None,
            "DEBIT",
        ):
            unsettled = await self._unsettled(
                user, {a.account_number for a in accounts}, start, end, query.status
            )
            needle = (search or "").lower()
            matching = [
                (when, out)
                for when, out in unsettled
                if needle in out.narration.lower() or needle in out.reference_number.lower()
            ]
            total += len(matching)
            rows += matching
        rows.sort(key=lambda pair: pair[0], reverse=True)
        first = query.page * query.size
        answer = TransactionPageOut(
            content=[_shown(row) for _, row in rows[first : first + query.size]],
            total_elements=total,
            page=query.page,
            size=query.size,
        )
        return Computed(answer, core_version)

    async def account_page(self, account_number: str, page: int, size: int) -> TransactionPageOut:
        """A page of one account's ledger lines, newest first, as the history page shows
        lines: a savings pocket's own (bff/savings), which the caller has found to be the
        customer's. Nothing pending or failed is kept under such an account."""
        first = page * size
        if first + size > DEEPEST_ROW:
            raise ValidationFailed(TOO_DEEP_ONE_ACCOUNT, field="page")
        try:
            found = await self.core.account_lines(account_number, limit=size, offset=first)
        except CoreUnavailable as exc:
            raise ServiceUnavailable(CORE_DOWN) from exc
        async with self.db.reader() as session:
            records = await load_records_of(session, found.lines)
        return TransactionPageOut(
            content=[_shown(_CoreRow(account_number, ln, records)) for ln in found.lines],
            total_elements=found.total,
            page=page,
            size=size,
        )

    async def _unsettled(
        self,
        user: User,
        accounts: set[str],
        start: datetime | None,
        end: datetime | None,
        status: str | None,
    ) -> list[tuple[datetime, TransactionOut]]:
        """Transfers and vends not (or never) in the ledger: pending and failed ones."""
        params = {"user_id": user.id, "start": start, "end": end, "status": status}
        shape = (start is not None, end is not None, status is not None)
        # Most customers have none: one statement finds which there are (ids only, on the
        # raw driver on PostgreSQL), and only then are they loaded (a page cost two ORM
        # queries before, found or not). The accounts are picked here: their number varies.
        ids: dict[int, list[str]] = {}
        async with self.db.plain_reader() as connection:
            for row in await fetch_rows(connection, _unsettled_ids(shape), params):
                if row["source_account"] in accounts:
                    ids.setdefault(row["table"], []).append(row["id"])
        if not ids:
            return []
        out: list[tuple[datetime, TransactionOut]] = []
        async with self.db.reader() as session:
            for table, chosen in ids.items():
                model = _UNSETTLED_MODELS[table]
                for item in (
                    await session.scalars(select(model).where(model.id.in_(chosen)))
                ).all():
                    out.append((item.created_at, line_out(_unsettled_line(item))))
        return out

    async def detail(self, user: User, reference: str) -> TransactionDetailOut:
        _, detail = await self._detail(user, reference)
        return detail

    async def line(self, user: User, reference: str) -> Line:
        """The customer's line behind `reference`, in kobo and a datetime (404 unless it is
        theirs)."""
        line, _ = await self._detail(user, reference)
        return line

    async def receipt(self, user: User, reference: str, image: bool) -> bytes:
        """The transaction's receipt: PDF, or PNG when `image` (404 unless it is theirs)."""
        line, detail = await self._detail(user, reference)
        receipt = Receipt(detail, abs(line.amount_kobo), utcnow())
        pdf = await asyncio.to_thread(render_receipt, receipt)
        return await asyncio.to_thread(receipt_png, pdf) if image else pdf

    async def _detail(self, user: User, reference: str) -> tuple[Line, TransactionDetailOut]:
        """The line (kobo, datetime) and its details as the wire shows them."""
        reference = customer_reference(reference)  # a link from before kept its prefix
        own = {a.account_number: a for a in await self.accounts.core_accounts(user)}
        async with self.db.transaction() as session:
            records = await load_records(session, [reference])
        record = records.get(reference)
        mine_record = record if record is not None and record.user_id == user.id else None
        if mine_record is not None and mine_record.status != Status.COMPLETED:
            unsettled = _unsettled_line(mine_record)
            return unsettled, record_detail_out(line_out(unsettled), mine_record, own)
        posting = await self._posting(reference, record)
        mine = next((e for e in posting.entries if e.account_number in own), None)
        if mine is None:  # someone else's transaction: the same answer as a missing one
            raise NotFound("Transaction not found")
        other = next((e for e in posting.entries if e is not mine), None)
        # Named as the account's statement (the history list) names it: for a seeded or
        # interbank line the posting's other leg is a settlement account, the payer is not.
        if mine.counterparty_number or mine.counterparty_name:
            party = (mine.counterparty_number, mine.counterparty_name)
        else:
            party = (other.account_number, other.account_name) if other else (None, None)
        shown = present_line(
            posting.reference, posting.narration, mine.amount_kobo, *party, records
        )
        # With the balance after it, as the history list shows the same line.
        line = Line(
            mine.account_number,
            posting.posted_at,
            shown,
            mine.amount_kobo,
            Status.COMPLETED,
            mine.balance_after_kobo,
        )
        base = line_out(line)
        if mine_record is not None:
            return line, record_detail_out(base, mine_record, own)
        # Received money, or a line the BFF has no record of: the ledger's two sides, with a
        # settlement account replaced by the name the customer knows.
        me = (mine.account_name, mine.account_number)
        them = (
            shown.counterparty_name,
            customer_facing_account(other.account_number if other else None),
        )
        source, destination = (me, them) if mine.amount_kobo < 0 else (them, me)
        return line, detail_out(base, source, destination)

    async def _posting(self, reference: str, record: Transfer | Vend | None) -> CorePosting:
        try:
            posting = await self.core.first_posting(posting_references(reference, record))
        except CoreUnavailable as exc:
            raise ServiceUnavailable(CORE_DOWN) from exc
        if posting is None:
            raise NotFound("Transaction not found")
        return posting

    # -- statements ---------------------------------------------------------------------
    async def check_statement_request(
        self, user: User, nuban: str | None, start_text: str | None, end_text: str | None
    ) -> tuple[CoreAccount, date, date]:
        errors = [
            {"field": f, "message": "This field is required"}
            for f, v in (("nuban", nuban), ("startDate", start_text), ("endDate", end_text))
            if not v
        ]
        if errors:
            raise FieldErrors(errors)
        start, end = parse_day(start_text, "startDate"), parse_day(end_text, "endDate")
        assert start is not None and end is not None
        if end < start:
            raise ValidationFailed("The end date cannot be before the start date", field="endDate")
        if (end - start).days > 366:
            raise ValidationFailed("A statement can cover at most one year", field="endDate")
        if start > utcnow().astimezone(LAGOS).date():
            raise ValidationFailed("The start date cannot be in the future", field="startDate")
        (account,) = await self._own(user, nuban)
        return account, start, end

    async def build_statement(
        self, user: User, account: CoreAccount, start: date, end: date
    ) -> Statement:
        begin, finish = lagos_midnight(start), lagos_midnight(end) + timedelta(days=1)
        opening = await self.core.balance_before(account.account_number, begin)
        lines = await self.core.statement(
            account.account_number, start=begin, end=finish, limit=MAX_LINES
        )
        async with self.db.transaction() as session:
            records = await load_records_of(session, lines)
        return Statement(
            customer_name=f"{user.first_name} {user.last_name}",
            account_number=account.account_number,
            account_type=account.account_type_name or "Account",
            start=start,
            end=end,
            opening_kobo=opening,
            lines=[_statement_line(ln, present_core_line(ln, records)) for ln in reversed(lines)],
            generated_at=utcnow(),
        )

    async def email_statement(
        self, user: User, account: CoreAccount, start: date, end: date, file_type: str
    ) -> None:
        """Runs after the answer was sent: builds the file and e-mails it."""
        try:
            statement = await self.build_statement(user, account, start, end)
            if file_type == "PDF":
                content = await asyncio.to_thread(render_pdf, statement)
                name, mime = f"statement-{account.account_number}.pdf", "application/pdf"
            else:
                content = await asyncio.to_thread(render_xlsx, statement)
                name = f"statement-{account.account_number}.xlsx"
                mime = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            # Straight through the transport: the file is large, and the customer can ask again.
            await self.notifier.send_now(
                branded_email(
                    user.email,
                    f"Your Kobo statement {statement.period}",
                    f"Your statement {statement.period}",
                    [
                        f"Hello {user.first_name},",
                        f"Attached is the statement of account {account.account_number} "
                        f"for {statement.period}.",
                        BANK_NAME,
                    ],
                    attachments=(Attachment(name, mime, base64.b64encode(content).decode()),),
                )
            )
        except (CoreError, DeliveryFailed) as exc:
            log.warning("statement for user %s could not be sent: %s", user.id, exc)


def _statement_line(line: CoreStatementLine, shown: Presented) -> StatementLine:
    details = f"{shown.narration}: {shown.description}" if shown.description else shown.narration
    return StatementLine(
        line.posted_at, shown.reference, details, line.amount_kobo, line.balance_after_kobo
    )


def _unsettled_line(record: Transfer | Vend) -> Line:
    """A payment the ledger has not got: pending, or failed (and so never a debit)."""
    return Line(
        record.source_account,
        record.created_at,
        present_unsettled(record),
        -record.amount_kobo,
        record.status,
        None,
    )
