"""/api/beneficiaries: the signed-in customer's saved beneficiaries."""

from __future__ import annotations

from litestar import Controller, Response, delete, get, post
from litestar.openapi.datastructures import ResponseSpec

from bff.auth.codes import OneTimeCodes
from bff.beneficiaries.schemas import (
    BeneficiaryCreatedOut,
    BeneficiaryIn,
    BeneficiaryOut,
)
from bff.beneficiaries.service import BeneficiaryService
from bff.errors import ValidationFailed
from bff.openapi_errors import refuses
from bff.passkeys.approval import CODE_OR_PASSKEY, ApprovalCodeSentOut
from bff.passkeys.schemas import PasskeyOptionsOut
from bff.schemas import MessageOut, RowId
from bff.users.principal import Principal


class BeneficiariesController(Controller):
    path = "/api/beneficiaries"
    tags = ["beneficiaries"]
    security = [{"bearer": []}]

    @get("/", summary="Saved beneficiaries")
    async def list_beneficiaries(
        self, beneficiaries: BeneficiaryService, customer: Principal
    ) -> list[BeneficiaryOut]:
        return await beneficiaries.for_customer(customer.user)

    @get("/{beneficiary_id:int}", summary="One saved beneficiary", opt=refuses(404))
    async def get_beneficiary(
        self, beneficiaries: BeneficiaryService, customer: Principal, beneficiary_id: RowId
    ) -> BeneficiaryOut:
        return await beneficiaries.get(customer.user, beneficiary_id)

    @post(
        "/",
        status_code=201,
        summary="Save a beneficiary: without `otp` sends a code (202), with it saves (201)",
        opt=refuses(409, 429),
        description=(
            "Step-up (issue 12): the first call checks the beneficiary (the name is looked up "
            "again) and sends a code with the customer's second factor; the same body sent "
            "again with `otp` saves it. A code only saves the beneficiary it was sent for."
        ),
        # The union return type would document 201 as either body: say which is which.
        responses={
            201: ResponseSpec(
                data_container=BeneficiaryCreatedOut, description="Saved with the right code."
            ),
            202: ResponseSpec(
                data_container=ApprovalCodeSentOut,
                description="Checked; a code was sent. Nothing is saved yet.",
            ),
        },
    )
    async def create_beneficiary(
        self,
        beneficiaries: BeneficiaryService,
        codes: OneTimeCodes,
        customer: Principal,
        data: BeneficiaryIn,
    ) -> Response[BeneficiaryCreatedOut | ApprovalCodeSentOut]:
        if data.otp and data.passkey is not None:
            raise ValidationFailed(CODE_OR_PASSKEY, field="passkey")
        if data.otp is None and data.passkey is None:
            message = await beneficiaries.send_code(customer.user, data, codes)
            sent = ApprovalCodeSentOut(
                message=message,
                two_factor_authentication=customer.user.two_factor,
                passkey_approval=beneficiaries.can_approve_with_passkey(customer.user),
            )
            return Response(sent, status_code=202)
        row = await beneficiaries.create(customer.user, data, data.otp, codes, data.passkey)
        created = BeneficiaryCreatedOut(message="Beneficiary created successfully", beneficiary=row)
        return Response(created, status_code=201)

    @post(
        "/passkey-options",
        status_code=200,
        summary="Save a beneficiary with a passkey, step 1: options bound to this beneficiary",
        opt=refuses(409),
        description=(
            "The same details as the save (bank, account, name); the challenge commits to "
            "them, so the approval saves this beneficiary and no other."
        ),
    )
    async def passkey_options(
        self, beneficiaries: BeneficiaryService, customer: Principal, data: BeneficiaryIn
    ) -> PasskeyOptionsOut:
        options = await beneficiaries.passkey_options(customer.user, data)
        return PasskeyOptionsOut(options=options)

    @delete(
        "/{beneficiary_id:int}",
        status_code=200,
        summary="Delete a saved beneficiary",
        opt=refuses(404),
    )
    async def delete_beneficiary(
        self, beneficiaries: BeneficiaryService, customer: Principal, beneficiary_id: RowId
    ) -> MessageOut:
        await beneficiaries.delete(customer.user, beneficiary_id)
        return MessageOut(message="Deleted successfully")
