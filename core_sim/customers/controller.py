"""/core/…: customers, their accounts and their lines. Routing and validation only: the reads
are in `reads.py`, the openings and the status change in `opening.py`."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from litestar import Controller, get, post
from litestar.params import Parameter

from core_sim.customers import opening, reads
from core_sim.customers.reads import LINES_COUNT_CAP, LINES_PAGE_MAX
from core_sim.customers.schemas import (
    MAX_VERSIONS,
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
from core_sim.ledger.schemas import PostingOut
from core_sim.ledger.service import LineFilter
from core_sim.settings import SimSettings

# Identity documents a customer may present (what the onboarding upload offers).
DOCUMENT_TYPES = (
    (1, "International Passport"),
    (2, "Driver's Licence"),
    (3, "National ID Card"),
    (4, "Voter's Card"),
    (5, "Utility Bill"),
    (6, "Bank Statement"),
)
Search = Annotated[str | None, Parameter(max_length=100)]
Direction = Literal["CREDIT", "DEBIT"] | None


class CustomersController(Controller):
    path = "/core"
    tags = ["customers"]

    @get("/account-types")
    async def list_account_types(self, db: Database) -> list[AccountTypeOut]:
        return await reads.account_types(db)

    @get("/document-types")
    async def list_document_types(self) -> list[DocumentTypeOut]:
        return [DocumentTypeOut(id=i, name=n) for i, n in DOCUMENT_TYPES]

    @post("/customers", status_code=201)
    async def create_customer(
        self, db: Database, sim_settings: SimSettings, data: CustomerIn
    ) -> CustomerCreatedOut:
        """Open a customer with a first account; the same reference returns the same pair."""
        return await opening.open_customer(db, data, sim_settings.bank_code)

    @post("/customers/{customer_id:str}/accounts", status_code=201)
    async def open_customer_account(
        self, db: Database, sim_settings: SimSettings, customer_id: str, data: AccountOpenIn
    ) -> AccountOut:
        return await opening.open_customer_account(db, customer_id, data, sim_settings.bank_code)

    @get("/customers/{customer_id:str}")
    async def get_customer(self, db: Database, customer_id: str) -> CustomerOut:
        return await reads.customer(db, customer_id)

    @get("/customers/{customer_id:str}/accounts")
    async def get_customer_accounts(
        self, db: Database, sim_settings: SimSettings, customer_id: str
    ) -> list[AccountOut]:
        return await reads.customer_accounts(db, customer_id, sim_settings.timeout_fault_ms)

    @get("/customers/{customer_id:str}/activity")
    async def get_customer_activity(
        self,
        db: Database,
        sim_settings: SimSettings,
        customer_id: str,
        since: datetime,
        recent: Annotated[int, Parameter(ge=0, le=50)] = 5,
    ) -> CustomerActivityOut:
        return await reads.customer_activity(
            db, customer_id, since, recent, sim_settings.timeout_fault_ms
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
        return await reads.activity_versions(db, customer_ids, sim_settings.timeout_fault_ms)

    @get("/accounts/{account_number:str}")
    async def get_account(
        self, db: Database, sim_settings: SimSettings, account_number: str
    ) -> AccountOut:
        return await reads.account(db, account_number, sim_settings.timeout_fault_ms)

    @post("/accounts/{account_number:str}/status", status_code=200)
    async def set_account_status(
        self, db: Database, account_number: str, data: AccountStatusIn
    ) -> AccountOut:
        """Disable (or re-enable) an account. A disabled account takes no postings at all."""
        return await opening.set_account_status(db, account_number, data.status)

    @get("/accounts/{account_number:str}/balance-at")
    async def balance_at(self, db: Database, account_number: str, at: datetime) -> BalanceAtOut:
        """The ledger balance just before `at` (a statement's opening balance)."""
        return await reads.balance_at(db, account_number, at)

    @get("/postings/{reference:str}")
    async def get_posting(self, db: Database, reference: str) -> PostingOut:
        return await reads.posting(db, reference)

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
        chosen = LineFilter(start=start, end=end)
        return await reads.statement(db, account_number, chosen, limit, offset)

    @get("/accounts/{account_number:str}/lines")
    async def get_lines(
        self,
        db: Database,
        account_number: str,
        start: datetime | None = None,
        end: datetime | None = None,
        direction: Direction = None,
        search: Search = None,
        limit: Annotated[int, Parameter(ge=1, le=LINES_PAGE_MAX)] = 10,
        offset: Annotated[int, Parameter(ge=0, le=LINES_COUNT_CAP)] = 0,
    ) -> LinesPageOut:
        """One page of an account's history, filtered here, next to the index, with the
        number of matching lines counted up to LINES_COUNT_CAP (`totalIsExact` says whether
        the count stopped there)."""
        chosen = LineFilter(start=start, end=end, direction=direction, search=search)
        return await reads.lines(db, account_number, chosen, limit, offset)

    @get("/customers/{customer_id:str}/lines")
    async def get_customer_lines(
        self,
        db: Database,
        sim_settings: SimSettings,
        customer_id: str,
        account: Annotated[str | None, Parameter(max_length=20)] = None,
        start: datetime | None = None,
        end: datetime | None = None,
        direction: Direction = None,
        search: Search = None,
        limit: Annotated[int, Parameter(ge=1, le=LINES_PAGE_MAX)] = 10,
    ) -> CustomerLinesOut:
        """A history page's one call: the customer's accounts, and a page of lines (as
        `/accounts/{n}/lines`) of each, or only of `account` when given (no page when it is
        not theirs: the caller answers that)."""
        chosen = LineFilter(start=start, end=end, direction=direction, search=search)
        return await reads.customer_lines(
            db, customer_id, account, chosen, limit, sim_settings.timeout_fault_ms
        )
