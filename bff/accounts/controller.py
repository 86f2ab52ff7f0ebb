"""GET /api/accounts, /api/accounts/{accountNumber}, /api/client-summary."""

from __future__ import annotations

from litestar import Controller, get

from bff.accounts.schemas import AccountOut, ClientSummaryOut
from bff.accounts.service import AccountsService
from bff.auth.service import Principal


class AccountsController(Controller):
    path = "/api"
    tags = ["accounts"]
    security = [{"bearer": []}]

    @get("/accounts", summary="The signed-in customer's accounts")
    async def list_accounts(
        self, accounts: AccountsService, customer: Principal
    ) -> list[AccountOut]:
        return await accounts.accounts(customer.user)

    @get("/accounts/{account_number:str}", summary="One of the signed-in customer's accounts")
    async def get_account(
        self, accounts: AccountsService, customer: Principal, account_number: str
    ) -> AccountOut:
        return await accounts.account(customer.user, account_number)

    @get("/client-summary", summary="Dashboard: accounts, totals, this week, recent activity")
    async def client_summary(
        self, accounts: AccountsService, customer: Principal
    ) -> ClientSummaryOut:
        return await accounts.client_summary(customer.user)
