"""Passkey routes: sign-in under /auth/ibanking/personal/passkey, the Settings choice and
list under /api/ibanking/personal (docs/contract.md, "Passkeys")."""

from __future__ import annotations

from litestar import Controller, Request, Response, get, post
from litestar.openapi.datastructures import ResponseSpec

from bff.auth.controller import browser_of, signed_in
from bff.auth.guards import client_address
from bff.auth.schemas import SessionOut
from bff.browsers import browser_label
from bff.errors import ValidationFailed
from bff.openapi_errors import refuses
from bff.passkeys.models import Passkey
from bff.passkeys.schemas import (
    PasskeyAddedOut,
    PasskeyCodeIn,
    PasskeyOptionsOut,
    PasskeyOut,
    PasskeyRegistrationIn,
    PasskeySignInIn,
    RemovePasskeyIn,
    RenamePasskeyIn,
)
from bff.passkeys.service import PasskeyService
from bff.schemas import CodeSentOut, MessageOut, RowId
from bff.users.principal import Principal


def passkey_out(passkey: Passkey) -> PasskeyOut:
    return PasskeyOut(
        id=passkey.id,
        name=passkey.name,
        created_at=passkey.created_at.isoformat(),
        last_used_at=passkey.last_used_at.isoformat() if passkey.last_used_at else None,
        synced=passkey.backed_up,
    )


CODE_OR_PASSKEY = "Approve with either a code or a passkey, not both."


class PasskeySignInController(Controller):
    path = "/auth/ibanking/personal/passkey"
    tags = ["auth"]

    @post("/options", status_code=200, summary="Sign in with a passkey, step 1: the challenge")
    async def options(self, passkeys: PasskeyService) -> PasskeyOptionsOut:
        return PasskeyOptionsOut(options=await passkeys.sign_in_options())

    @post(
        "/sign-in",
        status_code=200,
        summary="Sign in with a passkey, step 2: the assertion; opens a session (no code step)",
        opt=refuses(401),
    )
    async def sign_in(
        self, request: Request, passkeys: PasskeyService, data: PasskeySignInIn
    ) -> Response[SessionOut]:
        new = await passkeys.sign_in(
            data.credential, data.remember, client_address(request), browser_of(request)
        )
        return signed_in(request, new, passkeys.settings)


class PasskeySettingsController(Controller):
    path = "/api/ibanking/personal"
    tags = ["settings"]
    security = [{"bearer": []}]

    @get(
        "/2fa/passkey/generate",
        summary="Add a passkey, step 1: sends a code with the current second factor",
        opt=refuses(429),
    )
    async def generate(self, passkeys: PasskeyService, customer: Principal) -> MessageOut:
        return MessageOut(message=await passkeys.send_registration_code(customer.user))

    @post(
        "/2fa/passkey/options",
        status_code=200,
        summary="Add a passkey, step 2: the code; the browser's creation options",
        opt=refuses(429),
    )
    async def registration_options(
        self, passkeys: PasskeyService, customer: Principal, data: PasskeyCodeIn
    ) -> PasskeyOptionsOut:
        options = await passkeys.registration_options(customer.user, data.code)
        return PasskeyOptionsOut(options=options)

    @post(
        "/2fa/passkey/confirm",
        status_code=201,
        summary="Add a passkey, step 3: the browser's new credential",
    )
    async def confirm(
        self,
        request: Request,
        passkeys: PasskeyService,
        customer: Principal,
        data: PasskeyRegistrationIn,
    ) -> PasskeyAddedOut:
        label = browser_label(request.headers.get("user-agent", ""), "Passkey")
        passkey = await passkeys.register(customer.user, data, label, customer.device_id)
        return PasskeyAddedOut(message="Passkey added successfully", passkey=passkey_out(passkey))

    @get("/passkeys", summary="The customer's passkeys")
    async def list_passkeys(
        self, passkeys: PasskeyService, customer: Principal
    ) -> list[PasskeyOut]:
        return [passkey_out(p) for p in await passkeys.passkeys_of(customer.user.id)]

    @post(
        "/passkeys/{passkey_id:int}/rename",
        status_code=200,
        summary="Rename a passkey",
        opt=refuses(404),
    )
    async def rename(
        self,
        passkeys: PasskeyService,
        customer: Principal,
        passkey_id: RowId,
        data: RenamePasskeyIn,
    ) -> PasskeyOut:
        return passkey_out(await passkeys.rename(customer.user.id, passkey_id, data.name))

    @post(
        "/passkeys/{passkey_id:int}/remove",
        status_code=200,
        summary="Remove a passkey: with neither `otp` nor `passkey` sends a code (202), with "
        "one removes (200)",
        opt=refuses(404, 429),
        responses={
            200: ResponseSpec(data_container=MessageOut, description="Removed."),
            202: ResponseSpec(
                data_container=CodeSentOut,
                description="A code was sent. Nothing is changed yet.",
            ),
        },
    )
    async def remove(
        self,
        passkeys: PasskeyService,
        customer: Principal,
        passkey_id: RowId,
        data: RemovePasskeyIn,
    ) -> Response[MessageOut | CodeSentOut]:
        if data.otp and data.passkey is not None:
            raise ValidationFailed(CODE_OR_PASSKEY, field="passkey")
        if not data.otp and data.passkey is None:
            message = await passkeys.send_removal_code(customer.user, passkey_id)
            sent = CodeSentOut(message=message, two_factor_authentication=customer.user.two_factor)
            return Response(sent, status_code=202)
        await passkeys.remove(customer.user, passkey_id, data.otp, data.passkey)
        return Response(MessageOut(message="Passkey removed successfully"), status_code=200)

    @post(
        "/passkeys/{passkey_id:int}/passkey-options",
        status_code=200,
        summary="Remove a passkey with a passkey, step 1: request options bound to this removal",
        opt=refuses(404),
    )
    async def removal_options(
        self, passkeys: PasskeyService, customer: Principal, passkey_id: RowId
    ) -> PasskeyOptionsOut:
        options = await passkeys.removal_options(customer.user.id, passkey_id)
        return PasskeyOptionsOut(options=options)
