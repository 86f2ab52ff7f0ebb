"""/api/beneficiaries: the signed-in customer's saved beneficiaries."""

from __future__ import annotations

from litestar import Controller, delete, get, post

from bff.auth.service import Principal
from bff.beneficiaries.schemas import BeneficiaryCreatedOut, BeneficiaryIn, BeneficiaryOut
from bff.beneficiaries.service import BeneficiaryService
from bff.schemas import MessageOut


class BeneficiariesController(Controller):
    path = "/api/beneficiaries"
    tags = ["beneficiaries"]
    security = [{"bearer": []}]

    @get("/", summary="Saved beneficiaries")
    async def list_beneficiaries(
        self, beneficiaries: BeneficiaryService, customer: Principal
    ) -> list[BeneficiaryOut]:
        return await beneficiaries.for_customer(customer.user)

    @get("/{beneficiary_id:int}", summary="One saved beneficiary")
    async def get_beneficiary(
        self, beneficiaries: BeneficiaryService, customer: Principal, beneficiary_id: int
    ) -> BeneficiaryOut:
        return await beneficiaries.get(customer.user, beneficiary_id)

    @post("/", status_code=201, summary="Save a beneficiary (the name is looked up again)")
    async def create_beneficiary(
        self, beneficiaries: BeneficiaryService, customer: Principal, data: BeneficiaryIn
    ) -> BeneficiaryCreatedOut:
        row = await beneficiaries.create(customer.user, data)
        return BeneficiaryCreatedOut(message="Beneficiary created successfully", beneficiary=row)

    @delete("/{beneficiary_id:int}", status_code=200, summary="Delete a saved beneficiary")
    async def delete_beneficiary(
        self, beneficiaries: BeneficiaryService, customer: Principal, beneficiary_id: int
    ) -> MessageOut:
        await beneficiaries.delete(customer.user, beneficiary_id)
        return MessageOut(message="Deleted successfully")
