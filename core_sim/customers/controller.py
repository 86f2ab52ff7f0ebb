from __future__ import annotations

from datetime import datetime
from typing import Annotated

from litestar import Controller, get
from litestar.params import Parameter

from core_sim.customers import service
from core_sim.customers.schemas import AccountOut, AccountTypeOut, CustomerOut, StatementLineOut
from core_sim.db import Database
from core_sim.ledger import service as ledger


class CustomersController(Controller):
    path = "/core"
    tags = ["customers"]

    @get("/account-types")
    async def list_account_types(self, db: Database) -> list[AccountTypeOut]:
        async with db.reader() as session:
            types = await service.account_types(session)
        return [AccountTypeOut(id=t.id, name=t.name, code=t.code) for t in types.values()]

    @get("/customers/{customer_id:str}")
    async def get_customer(self, db: Database, customer_id: str) -> CustomerOut:
        async with db.reader() as session:
            return service.customer_out(await service.get_customer(session, customer_id))

    @get("/customers/{customer_id:str}/accounts")
    async def get_customer_accounts(self, db: Database, customer_id: str) -> list[AccountOut]:
        async with db.reader() as session:
            accounts = await service.customer_accounts(session, customer_id)
            types = await service.account_types(session)
        return [service.account_out(a, types) for a in accounts]

    @get("/accounts/{account_number:str}")
    async def get_account(self, db: Database, account_number: str) -> AccountOut:
        async with db.reader() as session:
            account = await ledger.get_account(session, account_number)
            types = await service.account_types(session)
        return service.account_out(account, types)

    @get("/accounts/{account_number:str}/statement")
    async def get_statement(
        self,
        db: Database,
        account_number: str,
        start: datetime | None = None,
        end: datetime | None = None,
        limit: Annotated[int, Parameter(ge=1, le=1000)] = 100,
        offset: Annotated[int, Parameter(ge=0)] = 0,
    ) -> list[StatementLineOut]:
        async with db.reader() as session:
            account = await ledger.get_account(session, account_number)
            rows = await ledger.statement(
                session, account, start=start, end=end, limit=limit, offset=offset
            )
        return [
            StatementLineOut(
                posting_reference=posting.reference,
                kind=posting.kind,
                narration=posting.narration,
                amount_kobo=entry.amount_kobo,
                balance_after_kobo=entry.balance_after_kobo,
                counterparty_number=entry.counterparty_number,
                counterparty_name=entry.counterparty_name,
                posted_at=entry.posted_at,
            )
            for entry, posting in rows
        ]
