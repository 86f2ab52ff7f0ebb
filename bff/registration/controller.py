"""Registration and its reference data (no token needed)."""

from __future__ import annotations

from litestar import Controller, get, post

from bff.core_client import CoreClient, CoreUnavailable
from bff.errors import ServiceUnavailable
from bff.openapi_errors import refuses
from bff.registration import reference
from bff.registration.schemas import (
    AccountOwnerIn,
    AccountTypeOut,
    NewUserIn,
    RegisteredOut,
    RegistrationEnumsOut,
    StateOut,
)
from bff.registration.service import RegistrationService


class RegistrationController(Controller):
    path = "/auth/ibanking/personal"
    tags = ["registration"]

    @get("/registration-enums", summary="Choices of the registration form")
    async def enums(self) -> RegistrationEnumsOut:
        return RegistrationEnumsOut(
            gender=list(reference.GENDERS),
            employment_status=list(reference.EMPLOYMENT_STATUSES),
            marital_status=list(reference.MARITAL_STATUSES),
            client_type=list(reference.CLIENT_TYPES),
            required_registration_parameter=reference.REQUIRED_REGISTRATION_PARAMETER,
        )

    @get("/states", summary="States of residence")
    async def states(self) -> list[StateOut]:
        return [StateOut(code=code, name=name) for code, name in reference.STATES]

    @get("/account-types", summary="Account types a new customer can open")
    async def account_types(self, core: CoreClient) -> list[AccountTypeOut]:
        try:
            types = await core.account_types()
        except CoreUnavailable as exc:
            raise ServiceUnavailable("An error occurred while fetching account types") from exc
        return [AccountTypeOut(id=t.id, name=t.name) for t in types]

    @post("/registration/new", status_code=201, summary="Register a new customer", opt=refuses(409))
    async def register_new(
        self, registration: RegistrationService, data: NewUserIn
    ) -> RegisteredOut:
        user = await registration.register_new(data)
        return RegisteredOut(user_id=user.id, email=user.email, message="Registered successfully")

    @post(
        "/registration/existing",
        status_code=201,
        summary="Register an existing account owner for internet banking",
        opt=refuses(409),
    )
    async def register_owner(
        self, registration: RegistrationService, data: AccountOwnerIn
    ) -> RegisteredOut:
        user = await registration.register_owner(data)
        return RegisteredOut(user_id=user.id, email=user.email, message="Registered successfully")
