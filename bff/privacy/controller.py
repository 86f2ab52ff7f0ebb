"""/api/privacy…: the customer's data rights in Settings (docs/contract.md §14.6), and
/admin/api/privacy…: the back office's side of their requests and the offers staff send to
those who consented (docs/admin-api.md)."""

from __future__ import annotations

from typing import Annotated

from litestar import Controller, Response, get, post
from litestar.openapi.datastructures import ResponseSpec
from litestar.params import Parameter

from bff.errors import ValidationFailed
from bff.openapi_errors import refuses
from bff.passkeys.approval import CODE_OR_PASSKEY, ApprovalCodeSentOut
from bff.passkeys.schemas import PasskeyOptionsOut
from bff.privacy.backoffice import PrivacyBackOffice
from bff.privacy.marketing import MarketingOffers, checked_offer
from bff.privacy.schemas import (
    AdminDataRequestOut,
    AnswerIn,
    ConsentIn,
    ConsentsOut,
    DataRequestCreatedOut,
    DataRequestIn,
    DataRequestOut,
    DownloadIn,
    ExportIn,
    ExportOut,
    ExportRequestedOut,
    OfferIn,
    OfferSentOut,
    RecordOut,
)
from bff.privacy.service import PREPARING, PrivacyService, export_out, record_out
from bff.schemas import RowId, TextPath
from bff.users.principal import Principal

TrackingNumber = Annotated[str, TextPath(24)]
REQUEST_RECEIVED = "We received your request. We will answer by {}"


class PrivacyController(Controller):
    path = "/api/privacy"
    tags = ["privacy"]
    security = [{"bearer": []}]

    @get("/record", summary="The record of processing: what Kobo keeps, why, how long, for whom")
    async def processing_record(self, applicant: Principal) -> RecordOut:
        return record_out()

    @get("/exports", summary="The customer's copies of their data, newest first")
    async def exports(self, privacy: PrivacyService, applicant: Principal) -> list[ExportOut]:
        return await privacy.exports_of(applicant.user)

    @post(
        "/exports",
        status_code=201,
        summary="Ask for a copy of your data: without `otp` or `passkey` sends a code (202), "
        "with one the copy is prepared in the background (201) and e-mailed when ready",
        opt=refuses(409, 429),
        responses={
            202: ResponseSpec(
                data_container=ApprovalCodeSentOut,
                description="A code was sent. Nothing is prepared yet.",
            ),
        },
    )
    async def ask_for_export(
        self, privacy: PrivacyService, applicant: Principal, data: ExportIn
    ) -> Response[ExportRequestedOut | ApprovalCodeSentOut]:
        user = applicant.user
        if data.otp and data.passkey is not None:
            raise ValidationFailed(CODE_OR_PASSKEY, field="passkey")
        if not data.otp and data.passkey is None:
            message = await privacy.send_export_code(user)
            sent = ApprovalCodeSentOut(
                message=message,
                two_factor_authentication=user.two_factor,
                passkey_approval=privacy.can_approve_with_passkey(user),
            )
            return Response(sent, status_code=202)
        row = await privacy.request_export(user, data.otp, data.passkey)
        return Response(
            ExportRequestedOut(message=PREPARING, export=export_out(row)), status_code=201
        )

    @post(
        "/exports/passkey-options",
        status_code=200,
        summary="Ask for a copy of your data with a passkey: options bound to it",
        opt=refuses(400),
    )
    async def export_passkey_options(
        self, privacy: PrivacyService, applicant: Principal
    ) -> PasskeyOptionsOut:
        return PasskeyOptionsOut(options=await privacy.export_options(applicant.user))

    @post(
        "/exports/{export_id:int}/download",
        status_code=200,
        summary="The copy of your data (a zip), once, with the secret of the e-mailed link",
        media_type="application/zip",
        opt=refuses(404, 409),
        response_description="The archive: application/zip",
    )
    async def download(
        self, privacy: PrivacyService, applicant: Principal, export_id: RowId, data: DownloadIn
    ) -> Response[bytes]:
        content = await privacy.download(applicant.user, export_id, data.token)
        return Response(
            content,
            media_type="application/zip",
            headers={
                "Content-Disposition": f'attachment; filename="kobo-data-{export_id}.zip"',
                "Cache-Control": "no-store",
            },
        )

    @get("/consents", summary="Marketing consents in force, and the log of every change")
    async def consents(self, privacy: PrivacyService, applicant: Principal) -> ConsentsOut:
        return await privacy.consents(applicant.user)

    @post("/consents", status_code=200, summary="Give or withdraw a marketing consent")
    async def set_consent(
        self, privacy: PrivacyService, applicant: Principal, data: ConsentIn
    ) -> ConsentsOut:
        return await privacy.set_consent(applicant.user, data.channel, data.given)

    @get("/requests", summary="The customer's correction and erasure requests, newest first")
    async def requests(self, privacy: PrivacyService, applicant: Principal) -> list[DataRequestOut]:
        return await privacy.requests_of(applicant.user)

    @post(
        "/requests",
        status_code=201,
        summary="Ask for a correction or an erasure: a tracked request",
        opt=refuses(409),
    )
    async def open_request(
        self, privacy: PrivacyService, applicant: Principal, data: DataRequestIn
    ) -> DataRequestCreatedOut:
        row = await privacy.open_request(applicant.user, data.kind, data.details)
        return DataRequestCreatedOut(message=REQUEST_RECEIVED.format(row.answer_by), request=row)


class AdminPrivacyController(Controller):
    path = "/admin/api/privacy/requests"
    tags = ["admin"]
    security = [{"bearer": []}]

    @get("/", summary="Correction and erasure requests, soonest answer-by first (open unless all)")
    async def queue(
        self,
        privacy_back_office: PrivacyBackOffice,
        admin: Principal,
        all_requests: Annotated[bool, Parameter(query="all")] = False,
    ) -> list[AdminDataRequestOut]:
        return await privacy_back_office.queue(open_only=not all_requests)

    @get("/{tracking_number:str}", summary="One request", opt=refuses(404))
    async def detail(
        self,
        privacy_back_office: PrivacyBackOffice,
        admin: Principal,
        tracking_number: TrackingNumber,
    ) -> AdminDataRequestOut:
        return await privacy_back_office.get(tracking_number)

    @post(
        "/{tracking_number:str}/correct",
        status_code=200,
        summary="A correction done: the answer says what changed (the customer is told)",
        opt=refuses(404, 409),
    )
    async def correct(
        self,
        privacy_back_office: PrivacyBackOffice,
        admin: Principal,
        tracking_number: TrackingNumber,
        data: AnswerIn,
    ) -> AdminDataRequestOut:
        return await privacy_back_office.correct(admin.user, tracking_number, data.answer)

    @post(
        "/{tracking_number:str}/erase",
        status_code=200,
        summary="Fulfil an erasure: the profile closes; what no retention rule keeps is removed",
        opt=refuses(404, 409),
    )
    async def erase(
        self,
        privacy_back_office: PrivacyBackOffice,
        admin: Principal,
        tracking_number: TrackingNumber,
    ) -> AdminDataRequestOut:
        return await privacy_back_office.erase(admin.user, tracking_number)

    @post(
        "/{tracking_number:str}/reject",
        status_code=200,
        summary="Reject with a reason the customer reads",
        opt=refuses(404, 409),
    )
    async def reject(
        self,
        privacy_back_office: PrivacyBackOffice,
        admin: Principal,
        tracking_number: TrackingNumber,
        data: AnswerIn,
    ) -> AdminDataRequestOut:
        return await privacy_back_office.reject(admin.user, tracking_number, data.answer)


class AdminOffersController(Controller):
    path = "/admin/api/privacy/offers"
    tags = ["admin"]
    security = [{"bearer": []}]

    @post(
        "/",
        status_code=202,
        summary="Send a marketing offer: queued only for the customers whose consent on the "
        "channel is in force",
    )
    async def send(
        self, marketing: MarketingOffers, admin: Principal, data: OfferIn
    ) -> OfferSentOut:
        offer = checked_offer(data.channel, data.subject, data.text)
        return OfferSentOut(recipients=await marketing.send(offer))
