"""/api/savings…: the savings page (docs/contract.md, "Savings")."""

from __future__ import annotations

from typing import Annotated, Literal

from litestar import Controller, Response, get, post, put
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import Parameter

from bff.history.schemas import TransactionPageOut
from bff.openapi_errors import refuses
from bff.passkeys.approval import one_proof
from bff.passkeys.schemas import PasskeyOptionsOut
from bff.savings.schemas import (
    AutoSaveIn,
    BreakCodeSentOut,
    BreakIn,
    BrokenOut,
    MoveIn,
    OpenPocketIn,
    PocketOut,
    SavingsOut,
)
from bff.savings.service import SavingsService
from bff.schemas import RowId
from bff.users.principal import Principal


class SavingsController(Controller):
    path = "/api/savings"
    tags = ["savings"]
    security = [{"bearer": []}]

    @get("/", summary="The customer's savings: pockets, goals, products, the KYC ceiling")
    async def overview(self, savings: SavingsService, customer: Principal) -> SavingsOut:
        return await savings.overview(customer.user)

    @post("/pockets", status_code=201, summary="Open a pocket or goal", opt=refuses(404))
    async def open_pocket(
        self, savings: SavingsService, customer: Principal, data: OpenPocketIn
    ) -> PocketOut:
        return await savings.open(customer.user, data)

    async def _move(
        self,
        savings: SavingsService,
        customer: Principal,
        pocket_id: int,
        direction: Literal["top-up", "withdraw"],
        data: MoveIn,
    ) -> PocketOut:
        return await savings.move(customer.user, pocket_id, direction, data)

    @post(
        "/pockets/{pocket_id:int}/top-up",
        status_code=200,
        summary="Add money from the pocket's account (flexible, goal)",
        opt=refuses(404),
    )
    async def top_up(
        self, savings: SavingsService, customer: Principal, pocket_id: RowId, data: MoveIn
    ) -> PocketOut:
        return await self._move(savings, customer, pocket_id, "top-up", data)

    @post(
        "/pockets/{pocket_id:int}/withdraw",
        status_code=200,
        summary="Take money back to the pocket's account (flexible, goal)",
        opt=refuses(404),
    )
    async def withdraw(
        self, savings: SavingsService, customer: Principal, pocket_id: RowId, data: MoveIn
    ) -> PocketOut:
        return await self._move(savings, customer, pocket_id, "withdraw", data)

    @post(
        "/pockets/{pocket_id:int}/break",
        status_code=200,
        summary="Break a locked pocket: without `otp` or `passkey` shows the forfeit and sends "
        "a code (202)",
        opt=refuses(404, 409, 429),
        responses={
            202: ResponseSpec(
                data_container=BreakCodeSentOut,
                description="The forfeit to show, and a code sent. Nothing is changed yet.",
            ),
        },
    )
    async def break_pocket(
        self, savings: SavingsService, customer: Principal, pocket_id: RowId, data: BreakIn
    ) -> Response[BrokenOut | BreakCodeSentOut]:
        if not data.otp and data.passkey is None:
            sent = await savings.start_break(customer.user, pocket_id)
            return Response(sent, status_code=202)
        one_proof(data.otp, data.passkey)
        broken = await savings.confirm_break(customer.user, pocket_id, data.otp, data.passkey)
        return Response(broken, status_code=200)

    @post(
        "/pockets/{pocket_id:int}/break/passkey-options",
        status_code=200,
        summary="Break with a passkey, step 1: options bound to this pocket",
        opt=refuses(404),
    )
    async def break_passkey_options(
        self, savings: SavingsService, customer: Principal, pocket_id: RowId
    ) -> PasskeyOptionsOut:
        return PasskeyOptionsOut(options=await savings.passkey_options(customer.user, pocket_id))

    @get(
        "/pockets/{pocket_id:int}/transactions",
        summary="A pocket's own lines, newest first, paged",
        opt=refuses(404),
    )
    async def pocket_transactions(
        self,
        savings: SavingsService,
        customer: Principal,
        pocket_id: RowId,
        page: Annotated[int, Parameter(ge=0, le=10_000)] = 0,
        size: Annotated[int, Parameter(ge=1, le=100)] = 10,
    ) -> TransactionPageOut:
        return await savings.transactions(customer.user, pocket_id, page, size)

    @put(
        "/pockets/{pocket_id:int}/auto-save",
        status_code=200,
        summary="Set or stop a goal's automatic saving",
        opt=refuses(404),
    )
    async def auto_save(
        self, savings: SavingsService, customer: Principal, pocket_id: RowId, data: AutoSaveIn
    ) -> PocketOut:
        return await savings.set_auto_save(customer.user, pocket_id, data)
