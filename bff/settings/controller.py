"""/api/ibanking/personal: password and two-factor settings (limits: `bff/limits/`)."""

from __future__ import annotations

from litestar import Controller, Request, Response, get, patch, post
from litestar.openapi.datastructures import ResponseSpec

from bff.auth.guards import client_address
from bff.errors import ValidationFailed
from bff.openapi_errors import refuses
from bff.passkeys.approval import CODE_OR_PASSKEY
from bff.passkeys.schemas import PasskeyOptionsOut
from bff.schemas import CodeSentOut, MessageOut, RowId
from bff.settings.freeze import UNFROZEN, FreezeService
from bff.settings.instant_transfers import InstantTransfers
from bff.settings.schemas import (
    ChangePasswordIn,
    FreezeOut,
    FrozenCustomerOut,
    GoogleCredentialsOut,
    InstantTransfersOut,
    SwitchOnIn,
    TwoFactorConfirmIn,
    TwoFactorPasskeyOptionsIn,
    TwoFactorTypeOut,
    UnfreezeIn,
)
from bff.settings.service import SettingsService
from bff.users.models import TwoFactor
from bff.users.principal import Principal


class SettingsController(Controller):
    path = "/api/ibanking/personal"
    tags = ["settings"]
    security = [{"bearer": []}]

    @patch(
        "/password",
        status_code=200,
        summary="Change password: without `otp` sends a code (202), with it changes (200)",
        opt=refuses(429),
        description=(
            "Step-up (issue 12): the first call checks the old password and the new one and "
            "sends a code with the customer's second factor; the same body sent again with "
            "`otp` changes the password and signs out every other session."
        ),
        responses={
            200: ResponseSpec(data_container=MessageOut, description="Changed."),
            202: ResponseSpec(
                data_container=CodeSentOut,
                description="Checked; a code was sent. Nothing is changed yet.",
            ),
        },
    )
    async def change_password(
        self,
        request: Request,
        customer_settings: SettingsService,
        customer: Principal,
        data: ChangePasswordIn,
    ) -> Response[MessageOut | CodeSentOut]:
        if data.otp is None:
            message = await customer_settings.send_password_code(
                customer, data, client_address(request)
            )
            sent = CodeSentOut(message=message, two_factor_authentication=customer.user.two_factor)
            return Response(sent, status_code=202)
        await customer_settings.change_password(customer, data, data.otp, client_address(request))
        return Response(MessageOut(message="Password changed successfully"), status_code=200)

    @get("/2fa/type", summary="The current second factor")
    async def two_factor_type(self, customer: Principal) -> TwoFactorTypeOut:
        return TwoFactorTypeOut(two_factor_authentication_type=customer.user.two_factor)  # type: ignore[arg-type]

    @get(
        "/2fa/otp-authentication/generate",
        summary="Switch to OTP, step 1: sends a code",
        opt=refuses(429),
    )
    async def generate_otp(
        self, customer_settings: SettingsService, customer: Principal
    ) -> MessageOut:
        message = await customer_settings.generate(customer.user, TwoFactor.OTP)
        assert isinstance(message, str)
        return MessageOut(message=message)

    @get(
        "/2fa/google-authenticator/generate",
        summary="Switch to Google Authenticator, step 1: QR code and setup secret",
        opt=refuses(429),
    )
    async def generate_google(
        self, customer_settings: SettingsService, customer: Principal
    ) -> GoogleCredentialsOut:
        credentials = await customer_settings.generate(customer.user, TwoFactor.GOOGLE)
        assert isinstance(credentials, GoogleCredentialsOut)
        return credentials

    @post(
        "/2fa/otp-authentication/confirm",
        status_code=200,
        summary="Switch to OTP, step 2 (the current code or a passkey)",
        opt=refuses(429),
    )
    async def confirm_otp(
        self, customer_settings: SettingsService, customer: Principal, data: TwoFactorConfirmIn
    ) -> MessageOut:
        one_current_proof(data)
        await customer_settings.confirm(
            customer.user, TwoFactor.OTP, data.code, data.current_code, data.passkey
        )
        return MessageOut(message="Otp set as 2fa successfully")

    @post(
        "/2fa/google-authenticator/confirm",
        status_code=200,
        summary="Switch to Google Authenticator, step 2 (the current code or a passkey)",
        opt=refuses(429),
    )
    async def confirm_google(
        self, customer_settings: SettingsService, customer: Principal, data: TwoFactorConfirmIn
    ) -> MessageOut:
        one_current_proof(data)
        await customer_settings.confirm(
            customer.user, TwoFactor.GOOGLE, data.code, data.current_code, data.passkey
        )
        return MessageOut(message="Google Authenticator set as 2fa successfully")

    @post(
        "/2fa/change/passkey-options",
        status_code=200,
        summary="Switch 2FA with a passkey instead of the current code: options bound to it",
    )
    async def two_factor_passkey_options(
        self,
        customer_settings: SettingsService,
        customer: Principal,
        data: TwoFactorPasskeyOptionsIn,
    ) -> PasskeyOptionsOut:
        options = await customer_settings.passkey_options(customer.user, data.method)
        return PasskeyOptionsOut(options=options)


def one_current_proof(data: TwoFactorConfirmIn) -> None:
    """The current method's code or a passkey, not both."""
    if data.current_code and data.passkey is not None:
        raise ValidationFailed(CODE_OR_PASSKEY, field="passkey")


class FreezeController(Controller):
    """The customer's own freeze (bff/settings/freeze.py)."""

    path = "/api/ibanking/personal"
    tags = ["settings"]
    security = [{"bearer": []}]

    @get("/freeze", summary="Whether the account is frozen")
    async def freeze_state(self, freeze: FreezeService, customer: Principal) -> FreezeOut:
        return await freeze.state(customer.user)

    @post(
        "/freeze",
        status_code=200,
        summary="Freeze my account now: no money leaves it, other sessions are signed out",
    )
    async def freeze_now(self, freeze: FreezeService, customer: Principal) -> FreezeOut:
        return await freeze.freeze(customer)

    @post(
        "/unfreeze",
        status_code=200,
        summary="Unfreeze: without `otp` sends a code (202), with it unfreezes (200)",
        opt=refuses(409),
        description=(
            "Needs a new password and a code: the first call checks the new password and "
            "sends a code with the customer's second factor; the same body again with `otp` "
            "changes the password, unfreezes the account and signs out every other session."
        ),
        responses={
            200: ResponseSpec(data_container=MessageOut, description="Unfrozen."),
            202: ResponseSpec(
                data_container=CodeSentOut,
                description="Checked; a code was sent. Nothing is changed yet.",
            ),
        },
    )
    async def unfreeze(
        self, freeze: FreezeService, customer: Principal, data: UnfreezeIn
    ) -> Response[MessageOut | CodeSentOut]:
        if data.otp is None:
            message = await freeze.send_unfreeze_code(customer, data)
            sent = CodeSentOut(message=message, two_factor_authentication=customer.user.two_factor)
            return Response(sent, status_code=202)
        await freeze.unfreeze(customer, data, data.otp)
        return Response(MessageOut(message=UNFROZEN), status_code=200)


class InstantTransfersController(Controller):
    """The instant-transfer switch (bff/settings/instant_transfers.py)."""

    path = "/api/ibanking/personal/instant-transfers"
    tags = ["settings"]
    security = [{"bearer": []}]

    @get("/", summary="Whether instant transfers are on")
    async def instant_transfers_state(
        self, instant_transfers: InstantTransfers, customer: Principal
    ) -> InstantTransfersOut:
        return await instant_transfers.state(customer.user)

    @post("/off", status_code=200, summary="Switch instant transfers off now (no code)")
    async def switch_off(
        self, instant_transfers: InstantTransfers, customer: Principal
    ) -> InstantTransfersOut:
        return await instant_transfers.switch_off(customer.user)

    @post(
        "/on",
        status_code=200,
        summary="Switch instant transfers on: without `otp` or `passkey` sends a code (202)",
        opt=refuses(409, 429),
        responses={
            202: ResponseSpec(
                data_container=CodeSentOut,
                description="A code was sent. Nothing is changed yet.",
            ),
        },
    )
    async def switch_on(
        self, instant_transfers: InstantTransfers, customer: Principal, data: SwitchOnIn
    ) -> Response[InstantTransfersOut | CodeSentOut]:
        if data.otp and data.passkey is not None:
            raise ValidationFailed(CODE_OR_PASSKEY, field="passkey")
        if not data.otp and data.passkey is None:
            message = await instant_transfers.send_code(customer.user)
            sent = CodeSentOut(message=message, two_factor_authentication=customer.user.two_factor)
            return Response(sent, status_code=202)
        state = await instant_transfers.switch_on(customer.user, data.otp, data.passkey)
        return Response(state, status_code=200)

    @post(
        "/on/passkey-options",
        status_code=200,
        summary="Switch instant transfers on with a passkey: options bound to it",
        opt=refuses(400, 409),
    )
    async def switch_on_passkey_options(
        self, instant_transfers: InstantTransfers, customer: Principal
    ) -> PasskeyOptionsOut:
        return PasskeyOptionsOut(options=await instant_transfers.passkey_options(customer.user))


class AdminFreezeController(Controller):
    path = "/admin/api/customers"
    tags = ["admin"]
    security = [{"bearer": []}]

    @get("/frozen", summary="Customers whose accounts are frozen, longest frozen first")
    async def frozen(self, freeze: FreezeService, admin: Principal) -> list[FrozenCustomerOut]:
        return await freeze.frozen_customers()

    @post(
        "/{user_id:int}/unfreeze",
        status_code=200,
        summary="Unfreeze a customer's account (the customer is told)",
        opt=refuses(404, 409),
    )
    async def unfreeze(self, freeze: FreezeService, admin: Principal, user_id: RowId) -> MessageOut:
        await freeze.admin_unfreeze(admin.user, user_id)
        return MessageOut(message="The customer's account is unfrozen")
