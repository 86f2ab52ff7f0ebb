"""/api/disputes…: problems the customer reported about their payments."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, get, post
from litestar.params import Parameter

from bff.disputes.schemas import (
    DisputeCreatedOut,
    DisputeDetailOut,
    DisputeIn,
    DisputeOut,
    ReasonOut,
)
from bff.disputes.service import DisputeService
from bff.openapi_errors import refuses
from bff.users.principal import Principal

TrackingNumber = Annotated[str, Parameter(max_length=24)]


class DisputesController(Controller):
    path = "/api/disputes"
    tags = ["disputes"]
    security = [{"bearer": []}]

    @get("/reasons", summary="What can be reported, and how long the bank has to answer")
    async def reasons(self, disputes: DisputeService, customer: Principal) -> list[ReasonOut]:
        return disputes.reasons()

    @get("/", summary="The customer's disputes, newest first (one payment's with paymentReference)")
    async def list_disputes(
        self,
        disputes: DisputeService,
        customer: Principal,
        payment_reference: Annotated[
            str | None, Parameter(query="paymentReference", max_length=40)
        ] = None,
    ) -> list[DisputeOut]:
        return await disputes.of_customer(customer.user, payment_reference)

    @post(
        "/",
        status_code=201,
        summary="Report a problem with a payment (acknowledged by SMS and e-mail at once)",
        opt=refuses(404, 409),
    )
    async def create(
        self, disputes: DisputeService, customer: Principal, data: DisputeIn
    ) -> DisputeCreatedOut:
        dispute = await disputes.open(customer.user, data)
        message = (
            "We have answered your report"
            if dispute.answer is not None
            else f"We received your report. We will answer by {dispute.answer_by} WAT"
        )
        return DisputeCreatedOut(message=message, dispute=dispute)

    @get("/{tracking_number:str}", summary="A dispute with its conversation", opt=refuses(404))
    async def detail(
        self, disputes: DisputeService, customer: Principal, tracking_number: TrackingNumber
    ) -> DisputeDetailOut:
        return await disputes.get(customer.user, tracking_number)
