"""Transaction history (the ledger's lines, plus transfers and vends still pending or
failed), transaction details, and statements e-mailed as PDF or Excel files."""

from __future__ import annotations

import asyncio
import base64
import logging
import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import select

from bff.accounts.service import AccountsService
from bff.auth.models import User
from bff.bills.models import Vend
from bff.core_client import CoreAccount, CoreClient, CoreError, CoreRefused, CoreUnavailable
from bff.db import Database, utcnow
from bff.errors import FieldErrors, NotFound, ServiceUnavailable, ValidationFailed
from bff.history.schemas import TransactionDetailOut, TransactionOut, TransactionPageOut
from bff.history.statements import Statement, StatementLine, render_pdf, render_xlsx
from bff.money import kobo_to_naira
from bff.payments.lifecycle import Status
from bff.timefmt import LAGOS
from bff.transfers.models import Transfer

log = logging.getLogger(__name__)

MAX_LINES = 20_000  # per account and statement; far beyond a year of a personal account
# The history pages reach this many rows deep (the core counts matching lines this far);
# older lines are a statement away, or nearer with dates or a search.
DEEPEST_ROW = 10_000
TOO_DEEP = "Choose dates or a search to see older transactions"
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


def _line(
    account: str,
    reference: str,
    when: datetime,
    narration: str,
    amount: int,
    status: str,
    balance: int | None,
) -> TransactionOut:
    local = when.astimezone(LAGOS)
    return TransactionOut(
        reference_number=reference,
        date_created=local.strftime("%d-%m-%Y"),
        time_created=local.strftime("%H:%M"),
        narration=narration,
        transaction_type="CREDIT" if amount > 0 else "DEBIT",
        amount=kobo_to_naira(abs(amount)),
        status=status,
        account_number=account,
        balance_after=kobo_to_naira(balance) if balance is not None else None,
    )


class HistoryService:
    def __init__(self, db: Database, core: CoreClient, accounts: AccountsService) -> None:
        self.db = db
        self.core = core
        self.accounts = accounts

    async def _own(self, user: User, account: str | None) -> list[CoreAccount]:
        own = await self.accounts.core_accounts(user)
        if account is None:
            return own
        chosen = [a for a in own if a.account_number == account]
        if not chosen:
            raise NotFound("Account not found")
        return chosen

    async def transactions(self, user: User, query: Query) -> TransactionPageOut:
        """One page of the ledger's lines of the chosen accounts merged with the transfers
        and vends the ledger has not got (pending or failed). The core filters and pages its
        lines next to its index, so a page costs the same on a young account as on one with
        a million lines; the merge needs the newest (page + 1) * size rows of each source."""
        accounts = await self._own(user, query.account)
        if query.start and query.end and query.end < query.start:
            raise ValidationFailed("The end date cannot be before the start date", field="endDate")
        wanted = (query.page + 1) * query.size
        if wanted > DEEPEST_ROW:
            raise ValidationFailed(TOO_DEEP, field="page")
        start = lagos_midnight(query.start) if query.start else None
        end = lagos_midnight(query.end) + timedelta(days=1) if query.end else None
        search = (query.search or "").strip() or None
        rows: list[tuple[datetime, TransactionOut]] = []
        total = 0
        if query.status in (None, Status.COMPLETED):
            try:
                pages = await asyncio.gather(
                    *(
                        self.core.lines(
                            a.account_number,
                            start=start,
                            end=end,
                            direction=query.transaction_type,
                            search=search,
                            limit=wanted,
                        )
                        for a in accounts
                    )
                )
            except CoreUnavailable as exc:
                raise ServiceUnavailable(CORE_DOWN) from exc
            for account, page in zip(accounts, pages, strict=True):
                total += page.total
                rows += [
                    (
                        ln.posted_at,
                        _line(
                            account.account_number,
                            ln.posting_reference,
                            ln.posted_at,
                            ln.narration,
                            ln.amount_kobo,
                            Status.COMPLETED,
                            ln.balance_after_kobo,
                        ),
                    )
                    for ln in page.lines
                ]
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
        return TransactionPageOut(
            content=[out for _, out in rows[first : first + query.size]],
            total_elements=total,
            page=query.page,
            size=query.size,
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
        wanted = (status,) if status else (Status.PENDING, Status.FAILED)
        out: list[tuple[datetime, TransactionOut]] = []
        sources: tuple[tuple[Any, str], ...] = ((Transfer, "Transfer to"), (Vend, "Bill payment"))
        async with self.db.transaction() as session:
            for model, label in sources:
                query = select(model).where(
                    model.user_id == user.id,
                    model.status.in_(wanted),
                    model.source_account.in_(accounts),
                )
                if start is not None:
                    query = query.where(model.created_at >= start)
                if end is not None:
                    query = query.where(model.created_at < end)
                for item in (await session.scalars(query)).all():
                    what = (
                        f"{label} {item.destination_name}"
                        if model is Transfer
                        else f"{label} {item.provider_title} {item.customer_number}"
                    )
                    out.append(
                        (
                            item.created_at,
                            _line(
                                item.source_account,
                                item.id,
                                item.created_at,
                                what,
                                -item.amount_kobo,
                                item.status,
                                None,
                            ),
                        )
                    )
        return out

    async def detail(self, user: User, reference: str) -> TransactionDetailOut:
        own = {a.account_number: a for a in await self.accounts.core_accounts(user)}
        async with self.db.transaction() as session:
            transfer = await session.get(Transfer, reference)
            if transfer is None and "-" in reference:
                transfer = await session.get(Transfer, reference.split("-", 1)[1])
        if (
            transfer is not None
            and transfer.user_id == user.id
            and transfer.status != Status.COMPLETED
        ):
            base = _line(
                transfer.source_account,
                transfer.id,
                transfer.created_at,
                f"Transfer to {transfer.destination_name}",
                -transfer.amount_kobo,
                transfer.status,
                None,
            )
            return self._with_parties(base, transfer, own)
        try:
            posting = await self.core.posting(reference)
        except CoreRefused as exc:
            raise NotFound("Transaction not found") from exc
        except CoreUnavailable as exc:
            raise ServiceUnavailable(CORE_DOWN) from exc
        mine = next((e for e in posting.entries if e.account_number in own), None)
        if mine is None:  # someone else's transaction: the same answer as a missing one
            raise NotFound("Transaction not found")
        other = next((e for e in posting.entries if e is not mine), None)
        base = _line(
            mine.account_number,
            posting.reference,
            posting.posted_at,
            posting.narration,
            mine.amount_kobo,
            Status.COMPLETED,
            None,
        )
        if transfer is not None and transfer.user_id == user.id:
            return self._with_parties(base, transfer, own)
        debit, credit = (mine, other) if mine.amount_kobo < 0 else (other, mine)
        return TransactionDetailOut(
            **{f: getattr(base, f) for f in TransactionOut.__struct_fields__},
            session_id=None,
            source_account_name=debit.account_name if debit else None,
            source_account_number=debit.account_number if debit else None,
            destination_account_name=credit.account_name if credit else None,
            destination_account_number=credit.account_number if credit else None,
        )

    @staticmethod
    def _with_parties(
        base: TransactionOut, transfer: Transfer, own: dict[str, CoreAccount]
    ) -> TransactionDetailOut:
        source = own.get(transfer.source_account)
        return TransactionDetailOut(
            **{f: getattr(base, f) for f in TransactionOut.__struct_fields__},
            session_id=transfer.session_id,
            source_account_name=source.account_name if source else None,
            source_account_number=transfer.source_account,
            destination_account_name=transfer.destination_name,
            destination_account_number=transfer.destination_account,
        )

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
        return Statement(
            customer_name=f"{user.first_name} {user.last_name}",
            account_number=account.account_number,
            account_type=account.account_type_name or "Account",
            start=start,
            end=end,
            opening_kobo=opening,
            lines=[
                StatementLine(
                    ln.posted_at,
                    ln.posting_reference,
                    ln.narration,
                    ln.amount_kobo,
                    ln.balance_after_kobo,
                )
                for ln in reversed(lines)
            ],
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
            await self.core.send_email_with_attachment(
                user.email,
                f"Your Kobo statement {statement.period}",
                f"Hello {user.first_name},\n\nAttached is the statement of account "
                f"{account.account_number} for {statement.period}.\n\nKobo Microfinance Bank",
                name,
                mime,
                base64.b64encode(content).decode(),
            )
        except CoreError as exc:
            log.warning("statement for user %s could not be sent: %s", user.id, exc)
