from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Annotated, Any, Literal

from litestar import Controller, get, post
from litestar.params import Parameter
from sqlalchemy.ext.asyncio import AsyncSession

from core_sim.customers import service
from core_sim.customers.opening import create_customer, open_account
from core_sim.customers.schemas import (
    MAX_VERSIONS,
    AccountLineOut,
    AccountLinesPageOut,
    AccountOpenIn,
    AccountOut,
    AccountStatusIn,
    AccountTypeOut,
    ActivityVersionOut,
    BalanceAtOut,
    CustomerActivityOut,
    CustomerCreatedOut,
    CustomerIn,
    CustomerLinesOut,
    CustomerOut,
    DocumentTypeOut,
    LinesPageOut,
    StatementLineOut,
)
from core_sim.db import Database
from core_sim.errors import NotPermitted
from core_sim.faults.effects import apply_fault
from core_sim.faults.service import CallContext, take_fault
from core_sim.ledger import service as ledger
from core_sim.ledger.models import AccountKind
from core_sim.ledger.schemas import PostingEntryOut, PostingOut
from core_sim.settings import SimSettings

# A history page reaches at most this deep, and counts matching lines at most this far.
LINES_COUNT_CAP = 10_000
LINES_PAGE_MAX = 10_000

# Identity documents a customer may present (what the onboarding upload offers).
DOCUMENT_TYPES = (
    (1, "International Passport"),
    (2, "Driver's Licence"),
    (3, "National ID Card"),
    (4, "Voter's Card"),
    (5, "Utility Bill"),
    (6, "Bank Statement"),
)


class CustomersController(Controller):
    path = "/core"
    tags = ["customers"]

    @get("/account-types")
    async def list_account_types(self, db: Database) -> list[AccountTypeOut]:
        async with db.reader() as session:
            types = await service.account_types(session)
        return [AccountTypeOut(id=t.id, name=t.name, code=t.code) for t in types.values()]

    @get("/document-types")
    async def list_document_types(self) -> list[DocumentTypeOut]:
        return [DocumentTypeOut(id=i, name=n) for i, n in DOCUMENT_TYPES]

    @post("/customers", status_code=201)
    async def create_customer(
        self, db: Database, sim_settings: SimSettings, data: CustomerIn
    ) -> CustomerCreatedOut:
        """Open a customer with a first account; the same reference returns the same pair."""
        async with db.writer() as session:
            customer, account = await create_customer(
                session,
                reference=data.reference,
                first_name=data.first_name,
                last_name=data.last_name,
                email=data.email,
                phone_number=data.phone_number,
                bvn=data.bvn,
                nin=data.nin,
                date_of_birth=data.date_of_birth,
                gender=data.gender,
                address=data.address,
                state_of_residence=data.state_of_residence,
                employment_status=data.employment_status,
                marital_status=data.marital_status,
                account_type_id=data.account_type_id,
                bank_code=sim_settings.bank_code,
            )
            return CustomerCreatedOut(
                customer=service.customer_out(customer),
                account=await service.account(session, account.number),
            )

    @post("/customers/{customer_id:str}/accounts", status_code=201)
    async def open_customer_account(
        self, db: Database, sim_settings: SimSettings, customer_id: str, data: AccountOpenIn
    ) -> AccountOut:
        async with db.writer() as session:
            customer = await service.get_customer(session, customer_id)
            account = await open_account(
                session, customer, data.account_type_id, data.reference, sim_settings.bank_code
            )
            return await service.account(session, account.number)

    @get("/customers/{customer_id:str}")
    async def get_customer(self, db: Database, customer_id: str) -> CustomerOut:
        async with db.reader() as session:
            return service.customer_out(await service.get_customer(session, customer_id))

    @get("/customers/{customer_id:str}/accounts")
    async def get_customer_accounts(
        self, db: Database, sim_settings: SimSettings, customer_id: str
    ) -> list[AccountOut]:
        await apply_fault(
            await take_fault(db, CallContext("accounts.read")), sim_settings.timeout_fault_ms
        )
        async with db.reader() as session:
            accounts = await service.customer_accounts(session, customer_id)
        return [account for _, account in accounts]

    @get("/customers/{customer_id:str}/activity")
    async def get_customer_activity(
        self,
        db: Database,
        sim_settings: SimSettings,
        customer_id: str,
        since: datetime,
        recent: Annotated[int, Parameter(ge=0, le=50)] = 5,
    ) -> CustomerActivityOut:
        await apply_fault(
            await take_fault(db, CallContext("accounts.read")), sim_settings.timeout_fault_ms
        )
        async with db.plain_reader() as connection:
            activity = await service.customer_activity(connection, customer_id, since, recent)
        if activity is None:
            async with db.reader() as session:
                await service.get_customer(session, customer_id)  # NotFound when unknown
            activity = service.Activity([], 0, 0, 0, [], None)
        return CustomerActivityOut(
            accounts=activity.accounts,
            since=since,
            lines_since=activity.lines_since,
            credits_since_kobo=activity.credits_since_kobo,
            debits_since_kobo=activity.debits_since_kobo,
            recent=[_account_line_out(row) for row in activity.recent],
            version=activity.version,
        )

    @get("/activity-versions")
    async def get_activity_versions(
        self,
        db: Database,
        sim_settings: SimSettings,
        customer_ids: Annotated[
            list[str], Parameter(query="customerId", min_items=1, max_items=MAX_VERSIONS)
        ],
    ) -> list[ActivityVersionOut]:
        """Per customer, a short fingerprint of everything their activity and lines depend
        on: it changes with any line, hold, balance or status on any of their accounts. A
        client that keeps customers' pages asks this (one indexed read for many customers)
        to learn whether they are still true, instead of reading each activity again. A
        customer without accounts (or unknown) is left out."""
        await apply_fault(
            await take_fault(db, CallContext("accounts.read")), sim_settings.timeout_fault_ms
        )
        async with db.reader() as session:
            versions = await service.activity_versions(session, customer_ids)
        return [ActivityVersionOut(customer_id=c, version=v) for c, v in versions.items()]

    @get("/accounts/{account_number:str}")
    async def get_account(
        self, db: Database, sim_settings: SimSettings, account_number: str
    ) -> AccountOut:
        await apply_fault(
            await take_fault(db, CallContext("accounts.read", accounts=(account_number,))),
            sim_settings.timeout_fault_ms,
        )
        async with db.reader() as session:
            return await service.account(session, account_number)

    @post("/accounts/{account_number:str}/status", status_code=200)
    async def set_account_status(
        self, db: Database, account_number: str, data: AccountStatusIn
    ) -> AccountOut:
        """Disable (or re-enable) an account. A disabled account takes no postings at all."""
        async with db.writer() as session:
            account = await ledger.get_account(session, account_number)
            if account.kind != AccountKind.CUSTOMER:
                raise NotPermitted("Only customer accounts can change status")
            account.status = data.status
            return await service.account(session, account_number)

    @get("/accounts/{account_number:str}/balance-at")
    async def balance_at(self, db: Database, account_number: str, at: datetime) -> BalanceAtOut:
        """The ledger balance just before `at` (a statement's opening balance)."""
        async with db.reader() as session:
            account = await ledger.get_account(session, account_number)
            balance = await ledger.balance_before(session, account, at)
        return BalanceAtOut(account_number=account_number, at=at, balance_kobo=balance)

    @get("/postings/{reference:str}")
    async def get_posting(self, db: Database, reference: str) -> PostingOut:
        async with db.reader() as session:
            posting, entries = await ledger.posting_with_accounts(session, reference)
        return PostingOut(
            reference=posting.reference,
            kind=posting.kind,
            narration=posting.narration,
            posted_at=posting.posted_at,
            entries=[
                PostingEntryOut(
                    account_number=a.number,
                    account_name=a.name,
                    amount_kobo=e.amount_kobo,
                    available_after_kobo=e.available_after_kobo,
                    customer_id=a.customer_id,
                )
                for e, a in entries
            ],
        )

    @get("/accounts/{account_number:str}/statement")
    async def get_statement(
        self,
        db: Database,
        account_number: str,
        start: datetime | None = None,
        end: datetime | None = None,
        limit: Annotated[int, Parameter(ge=1, le=20_000)] = 100,
        offset: Annotated[int, Parameter(ge=0)] = 0,
    ) -> list[StatementLineOut]:
        """Every line of a period, newest first (statements)."""
        async with db.reader() as session:
            account = await ledger.get_account(session, account_number)
            rows = await ledger.statement(
                session,
                account.id,
                ledger.LineFilter(start=start, end=end),
                limit=limit,
                offset=offset,
            )
        return [_line_out(row) for row in rows]

    @get("/accounts/{account_number:str}/lines")
    async def get_lines(
        self,
        db: Database,
        account_number: str,
        start: datetime | None = None,
        end: datetime | None = None,
        direction: Literal["CREDIT", "DEBIT"] | None = None,
        search: Annotated[str | None, Parameter(max_length=100)] = None,
        limit: Annotated[int, Parameter(ge=1, le=LINES_PAGE_MAX)] = 10,
        offset: Annotated[int, Parameter(ge=0, le=LINES_COUNT_CAP)] = 0,
    ) -> LinesPageOut:
        """One page of an account's history, filtered here, next to the index, with the
        number of matching lines counted up to LINES_COUNT_CAP (`totalIsExact` says whether
        the count stopped there)."""
        chosen = ledger.LineFilter(start=start, end=end, direction=direction, search=search)
        async with db.reader() as session:
            account = await ledger.get_account(session, account_number)
            return await _lines_page(session, account.id, account.line_count, chosen, limit, offset)

    @get("/customers/{customer_id:str}/lines")
    async def get_customer_lines(
        self,
        db: Database,
        sim_settings: SimSettings,
        customer_id: str,
        account: Annotated[str | None, Parameter(max_length=20)] = None,
        start: datetime | None = None,
        end: datetime | None = None,
        direction: Literal["CREDIT", "DEBIT"] | None = None,
        search: Annotated[str | None, Parameter(max_length=100)] = None,
        limit: Annotated[int, Parameter(ge=1, le=LINES_PAGE_MAX)] = 10,
    ) -> CustomerLinesOut:
        """A history page's one call: the customer's accounts, and a page of lines (as
        `/accounts/{n}/lines`) of each, or only of `account` when given (no page when it is
        not theirs: the caller answers that)."""
        await apply_fault(
            await take_fault(db, CallContext("accounts.read")), sim_settings.timeout_fault_ms
        )
        chosen = ledger.LineFilter(start=start, end=end, direction=direction, search=search)
        async with db.reader() as session:
            rows = await service.customer_account_rows(session, customer_id)
            pages = [
                AccountLinesPageOut(
                    account_number=row["number"],
                    page=await _lines_page(session, row["id"], row["line_count"], chosen, limit, 0),
                )
                for row in rows
                if account is None or row["number"] == account
            ]
        accounts = [service.account_out(row) for row in rows]
        return CustomerLinesOut(
            accounts=accounts, pages=pages, version=service.activity_version(rows)
        )


async def _lines_page(
    session: AsyncSession,
    account_id: int,
    line_count: int,
    chosen: ledger.LineFilter,
    limit: int,
    offset: int,
) -> LinesPageOut:
    """A page of one account's matching lines, newest first, and how many match (counted
    up to LINES_COUNT_CAP; `totalIsExact` says whether the count stopped there)."""
    rows = await ledger.statement(session, account_id, chosen, limit=limit, offset=offset)
    total = await ledger.count_lines(
        session, account_id, line_count, chosen, up_to=LINES_COUNT_CAP + 1
    )
    return LinesPageOut(
        lines=[_line_out(row) for row in rows],
        total=min(total, LINES_COUNT_CAP),
        total_is_exact=total <= LINES_COUNT_CAP,
    )


def _account_line_out(row: Mapping[Any, Any]) -> AccountLineOut:
    line = _line_out(row)
    fields = {name: getattr(line, name) for name in StatementLineOut.__struct_fields__}
    return AccountLineOut(account_number=row["account_number"], **fields)


def _line_out(row: Mapping[Any, Any]) -> StatementLineOut:
    """A line with LINE_COLUMNS, as a mapping (`fetch_rows`' row or a row's `_mapping`)."""
    return StatementLineOut(
        posting_reference=row["reference"],
        kind=row["kind"],
        narration=row["narration"],
        amount_kobo=row["amount_kobo"],
        balance_after_kobo=row["balance_after_kobo"],
        available_after_kobo=row["available_after_kobo"],
        counterparty_number=row["counterparty_number"],
        counterparty_name=row["counterparty_name"],
        posted_at=row["posted_at"],
    )
