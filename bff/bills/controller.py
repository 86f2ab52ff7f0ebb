"""/api/utility/…: billers, look-ups, vending with a code, and the bill history."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, Response, get, post
from litestar.openapi import ResponseSpec

from bff.accounts.schemas import AccountOut
from bff.accounts.service import account_out
from bff.bills.models import ProductType, Vend
from bff.bills.presenter import bill_log
from bff.bills.schemas import (
    AirtimeProviderOut,
    BillLogOut,
    BundleOut,
    CardInfoIn,
    HolderOut,
    MeterInfoIn,
    ProviderOut,
    VendConfirmIn,
    VendIn,
    VendPendingOut,
    VendRefIn,
    VendResultOut,
)
from bff.bills.service import BillService
from bff.errors import AppError
from bff.openapi_errors import BILL_FAILED, refuses
from bff.passkeys.approval import one_proof
from bff.passkeys.schemas import PasskeyOptionsOut
from bff.payments.lifecycle import Status
from bff.risk.presenter import risk_warning_out
from bff.schemas import TextPath
from bff.users.principal import Principal


class BillFailed(AppError):
    status_code = 422
    title = "Bill Payment Failed"


def vend_result(vend: Vend) -> Response[VendResultOut]:
    log = bill_log(vend)
    if vend.status == Status.FAILED:
        raise BillFailed(
            vend.failure_reason or "The payment failed.",
            extra={
                "utilityVendingRequestId": vend.id,
                "referenceNumber": vend.id,
                "vendingStatus": "FAILED",
            },
        )
    return Response(
        VendResultOut(message=log.message or "Successful", bill=log),
        status_code=200 if vend.status == Status.COMPLETED else 202,
    )


# A vend the biller has not finished yet answers 202 (Pending); its outcome comes by SMS.
PENDING_VEND = {
    202: ResponseSpec(
        data_container=VendResultOut,
        description="Accepted and still being processed (Pending); the outcome comes by SMS.",
    )
}


class BillsController(Controller):
    path = "/api/utility"
    tags = ["bills"]
    security = [{"bearer": []}]

    async def _initiate(
        self, bills: BillService, customer: Principal, product_type: str, data: VendIn
    ) -> VendPendingOut:
        vend, message = await bills.initiate(customer.user, product_type, data)
        return VendPendingOut(
            utility_vending_request_id=vend.id,
            message=message,
            two_factor_authentication=customer.user.two_factor,
            passkey_approval=bills.can_approve_with_passkey(customer.user),
            risk_warning=risk_warning_out([vend]),
        )

    async def _confirm(
        self, bills: BillService, customer: Principal, product_type: str, data: VendConfirmIn
    ) -> Response[VendResultOut]:
        one_proof(data.otp, data.passkey)
        vend = await bills.confirm(
            customer.user,
            data.utility_vending_request_id,
            data.otp,
            product_type,
            data.passkey,
            data.acknowledge_warning,
        )
        return vend_result(vend)

    @post(
        "/passkey-options",
        status_code=200,
        summary="Approve a bill with a passkey, step 1: request options bound to this bill",
        opt=refuses(404),
    )
    async def passkey_options(
        self, bills: BillService, customer: Principal, data: VendRefIn
    ) -> PasskeyOptionsOut:
        options = await bills.passkey_options(customer.user, data.utility_vending_request_id)
        return PasskeyOptionsOut(options=options)

    @get("/source-accounts", summary="Accounts a bill can be paid from")
    async def source_accounts(self, bills: BillService, customer: Principal) -> list[AccountOut]:
        return [account_out(a) for a in await bills.source_accounts(customer.user)]

    @get("/logs", summary="Bill payment history, newest first")
    async def logs(self, bills: BillService, customer: Principal) -> list[BillLogOut]:
        return [bill_log(v) for v in await bills.logs(customer.user)]

    # -- airtime ------------------------------------------------------------------------
    @get("/providers/airtime", summary="Airtime networks")
    async def airtime_providers(
        self, bills: BillService, customer: Principal
    ) -> list[AirtimeProviderOut]:
        return [
            AirtimeProviderOut(provider_id=p["providerId"], code=p["code"], title=p["title"])
            for p in (await bills.providers("AIRTIME")).values()
        ]

    @post(
        "/providers/airtime/vend/initiate",
        status_code=201,
        summary="Airtime, step 1",
        opt=refuses(404, 409, 429),
    )
    async def airtime_initiate(
        self, bills: BillService, customer: Principal, data: VendIn
    ) -> VendPendingOut:
        return await self._initiate(bills, customer, ProductType.AIRTIME, data)

    @post(
        "/providers/airtime/vend/confirm",
        status_code=200,
        summary="Airtime, step 2: the code or a passkey",
        opt=refuses(404, 409, 429, BILL_FAILED),
        responses=PENDING_VEND,
    )
    async def airtime_confirm(
        self, bills: BillService, customer: Principal, data: VendConfirmIn
    ) -> Response[VendResultOut]:
        return await self._confirm(bills, customer, ProductType.AIRTIME, data)

    # -- data ---------------------------------------------------------------------------
    @get("/providers/databundle", summary="Data networks")
    async def data_providers(self, bills: BillService, customer: Principal) -> list[ProviderOut]:
        return [
            ProviderOut(title=p["title"], code=p["code"])
            for p in (await bills.providers("DATA")).values()
        ]

    @get(
        "/providers/databundle/{code:str}/bundles",
        summary="A network's data bundles",
        opt=refuses(404),
    )
    async def data_bundles(
        self, bills: BillService, customer: Principal, code: Annotated[str, TextPath(40)]
    ) -> list[BundleOut]:
        return await bills.products("DATA", code)

    @post(
        "/providers/databundle/vend/initiate",
        status_code=201,
        summary="Data, step 1",
        opt=refuses(404, 409, 429),
    )
    async def data_initiate(
        self, bills: BillService, customer: Principal, data: VendIn
    ) -> VendPendingOut:
        return await self._initiate(bills, customer, ProductType.DATA, data)

    @post(
        "/providers/databundle/vend/confirm",
        status_code=200,
        summary="Data, step 2: the code or a passkey",
        opt=refuses(404, 409, 429, BILL_FAILED),
        responses=PENDING_VEND,
    )
    async def data_confirm(
        self, bills: BillService, customer: Principal, data: VendConfirmIn
    ) -> Response[VendResultOut]:
        return await self._confirm(bills, customer, ProductType.DATA, data)

    # -- electricity --------------------------------------------------------------------
    @get(
        "/roviders/electricity/meter-types",
        summary="Meter types (path spelled as the product spells it)",
    )
    async def meter_types_as_spelled(self, bills: BillService, customer: Principal) -> list[str]:
        return list((await bills.catalog())["meterTypes"])

    @get("/providers/electricity/meter-types", summary="Meter types")
    async def meter_types(self, bills: BillService, customer: Principal) -> list[str]:
        return list((await bills.catalog())["meterTypes"])

    @get("/providers/electricity", summary="Electricity distribution companies")
    async def electricity_providers(
        self, bills: BillService, customer: Principal
    ) -> list[ProviderOut]:
        return [
            ProviderOut(title=p["title"], code=p["code"])
            for p in (await bills.providers("ELECTRICITY")).values()
        ]

    @post("/providers/electricity/meter-info", status_code=200, summary="Whose meter is this?")
    async def meter_info(
        self, bills: BillService, customer: Principal, data: MeterInfoIn
    ) -> HolderOut:
        return await bills.lookup(
            "ELECTRICITY",
            data.electricity_provider_code,
            data.meter_number,
            (data.meter_type or "").upper() or None,
        )

    @post(
        "/providers/electricity/vend/initiate",
        status_code=201,
        summary="Electricity, step 1",
        opt=refuses(404, 409, 429),
    )
    async def electricity_initiate(
        self, bills: BillService, customer: Principal, data: VendIn
    ) -> VendPendingOut:
        return await self._initiate(bills, customer, ProductType.ELECTRICITY_BILL, data)

    @post(
        "/providers/electricity/vend/confirm",
        status_code=200,
        summary="Electricity, step 2: the code or a passkey",
        opt=refuses(404, 409, 429, BILL_FAILED),
        responses=PENDING_VEND,
    )
    async def electricity_confirm(
        self, bills: BillService, customer: Principal, data: VendConfirmIn
    ) -> Response[VendResultOut]:
        return await self._confirm(bills, customer, ProductType.ELECTRICITY_BILL, data)

    # -- cable TV -----------------------------------------------------------------------
    @get("/providers/cabletv", summary="Cable TV providers")
    async def cable_providers(self, bills: BillService, customer: Principal) -> list[ProviderOut]:
        return [
            ProviderOut(title=p["title"], code=p["code"])
            for p in (await bills.providers("CABLE_TV")).values()
        ]

    @get(
        "/providers/cabletv/{code:str}/bouquets", summary="A provider's bouquets", opt=refuses(404)
    )
    async def bouquets(
        self, bills: BillService, customer: Principal, code: Annotated[str, TextPath(40)]
    ) -> list[BundleOut]:
        return await bills.products("CABLE_TV", code)

    @post("/providers/cabletv/card-info", status_code=200, summary="Whose smart card is this?")
    async def card_info(
        self, bills: BillService, customer: Principal, data: CardInfoIn
    ) -> HolderOut:
        return await bills.lookup("CABLE_TV", data.cable_tv_provider_code, data.smart_card_number)

    @post(
        "/providers/cabletv/vend/initiate",
        status_code=201,
        summary="Cable TV, step 1",
        opt=refuses(404, 409, 429),
    )
    async def cable_initiate(
        self, bills: BillService, customer: Principal, data: VendIn
    ) -> VendPendingOut:
        return await self._initiate(bills, customer, ProductType.CABLE_TV, data)

    @post(
        "/providers/cabletv/vend/confirm",
        status_code=200,
        summary="Cable TV, step 2: the code or a passkey",
        opt=refuses(404, 409, 429, BILL_FAILED),
        responses=PENDING_VEND,
    )
    async def cable_confirm(
        self, bills: BillService, customer: Principal, data: VendConfirmIn
    ) -> Response[VendResultOut]:
        return await self._confirm(bills, customer, ProductType.CABLE_TV, data)
