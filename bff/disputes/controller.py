"""/api/disputes…: problems the customer reported about their payments."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, get, post
from litestar.params import Parameter

from bff.disputes.backoffice import DisputeBackOffice
from bff.disputes.schemas import (
    AdminDisputeOut,
    DisputeCreatedOut,
    DisputeDetailOut,
    DisputeIn,
    DisputeOut,
    ReasonOut,
    RejectIn,
)
from bff.disputes.service import DisputeService
from bff.openapi_errors import refuses
from bff.schemas import TextPath, TextQuery, refuse_hidden_characters
from bff.users.principal import Principal

TrackingNumber = Annotated[str, TextPath(24)]


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
        payment_reference: Annotated[str | None, TextQuery(40, query="paymentReference")] = None,
    ) -> list[DisputeOut]:
        if payment_reference:
            refuse_hidden_characters(payment_reference, "paymentReference")
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


class AdminDisputesController(Controller):
    path = "/admin/api/disputes"
    tags = ["admin"]
    security = [{"bearer": []}]

    @get("/", summary="Disputes by answer-by time, soonest first (open ones unless all=true)")
    async def queue(
        self,
        dispute_back_office: DisputeBackOffice,
        admin: Principal,
        all_disputes: Annotated[bool, Parameter(query="all")] = False,
    ) -> list[AdminDisputeOut]:
        return await dispute_back_office.queue(open_only=not all_disputes)

    @get("/{tracking_number:str}", summary="Any dispute with its conversation", opt=refuses(404))
    async def detail(
        self, disputes: DisputeService, admin: Principal, tracking_number: TrackingNumber
    ) -> DisputeDetailOut:
        return await disputes.get(None, tracking_number)

    @post(
        "/{tracking_number:str}/review",
        status_code=200,
        summary="Mark as in review (the customer is told)",
        opt=refuses(404, 409),
    )
    async def review(
        self,
        dispute_back_office: DisputeBackOffice,
        admin: Principal,
        tracking_number: TrackingNumber,
    ) -> DisputeOut:
        return await dispute_back_office.review(admin.user, tracking_number)

    @post(
        "/{tracking_number:str}/refund",
        status_code=200,
        summary="Refund: the core posts a reversal credit linked to the payment",
        opt=refuses(404, 409),
    )
    async def refund(
        self,
        dispute_back_office: DisputeBackOffice,
        admin: Principal,
        tracking_number: TrackingNumber,
    ) -> DisputeOut:
        return await dispute_back_office.refund(admin.user, tracking_number)

    @post(
        "/{tracking_number:str}/reject",
        status_code=200,
        summary="Reject with a reason the customer reads",
        opt=refuses(404, 409),
    )
    async def reject(
        self,
        dispute_back_office: DisputeBackOffice,
        admin: Principal,
        tracking_number: TrackingNumber,
        data: RejectIn,
    ) -> DisputeOut:
        return await dispute_back_office.reject(admin.user, tracking_number, data.reason)
