"""/api/accounts…: the signed-in customer's accounts."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, get, post

from bff.accounts.schemas import (
    AccountCreatedOut,
    AccountOut,
    AccountTypeOut,
    ConfirmCodeIn,
    CreateAccountIn,
)
from bff.accounts.service import AccountsService
from bff.openapi_errors import refuses
from bff.schemas import CodeSentOut, MessageOut, TextPath
from bff.users.principal import Principal


class AccountsController(Controller):
    path = "/api"
    tags = ["accounts"]
    security = [{"bearer": []}]

    @get("/accounts", summary="The signed-in customer's accounts")
    async def list_accounts(
        self, accounts: AccountsService, customer: Principal
    ) -> list[AccountOut]:
        return await accounts.accounts(customer.user)

    @get("/accounts/types", summary="Account types the customer can open")
    async def account_types(
        self, accounts: AccountsService, customer: Principal
    ) -> list[AccountTypeOut]:
        return await accounts.account_types()

    @post("/accounts", status_code=201, summary="Open a new account of a type", opt=refuses(409))
    async def create_account(
        self, accounts: AccountsService, customer: Principal, data: CreateAccountIn
    ) -> AccountCreatedOut:
        account = await accounts.open_account(customer.user, data.account_type_id)
        return AccountCreatedOut(message="Account created successfully", account=account)

    @get(
        "/accounts/{account_number:str}",
        summary="One of the signed-in customer's accounts",
        opt=refuses(404),
    )
    async def get_account(
        self,
        accounts: AccountsService,
        customer: Principal,
        account_number: Annotated[str, TextPath(20)],
    ) -> AccountOut:
        return await accounts.account(customer.user, account_number)

    @post(
        "/accounts/{account_number:str}/disable",
        status_code=200,
        summary="Disable an account, step 1: sends a confirmation code",
        opt=refuses(404, 409, 429),
    )
    async def request_disable(
        self,
        accounts: AccountsService,
        customer: Principal,
        account_number: Annotated[str, TextPath(20)],
    ) -> CodeSentOut:
        message = await accounts.request_disable(customer.user, account_number)
        return CodeSentOut(message=message, two_factor_authentication=customer.user.two_factor)

    @post(
        "/accounts/{account_number:str}/disable/confirm",
        status_code=200,
        summary="Disable an account, step 2: the code",
        opt=refuses(404, 409, 429),
    )
    async def confirm_disable(
        self,
        accounts: AccountsService,
        customer: Principal,
        account_number: Annotated[str, TextPath(20)],
        data: ConfirmCodeIn,
    ) -> MessageOut:
        await accounts.confirm_disable(customer.user, account_number, data.otp)
        return MessageOut(message="Account disabled successfully")
