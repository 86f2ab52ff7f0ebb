"""Known devices under /api/ibanking/personal, Settings (docs/contract.md, "Known devices");
the new-device cap's route is with transfers (bff/transfers/device_cap.py)."""

from __future__ import annotations

from litestar import Controller, Response, get, post
from litestar.openapi.datastructures import ResponseSpec
from sqlalchemy.ext.asyncio import AsyncSession

from bff.auth.models import Device
from bff.db import utcnow
from bff.devices.schemas import DeviceOut, RemoveDeviceIn, RenameDeviceIn
from bff.devices.service import DeviceService
from bff.errors import ValidationFailed
from bff.openapi_errors import refuses
from bff.passkeys.schemas import PasskeyOptionsOut
from bff.passkeys.service import Action, PasskeyService, removal
from bff.schemas import CodeSentOut, MessageOut, RowId
from bff.users.principal import Principal

DEVICE_REMOVED = "Device removed successfully"
CODE_OR_PASSKEY = "Approve with either a code or a passkey, not both."


def removal_of(device: Device) -> Action:
    """What a passkey approves when a device is removed: that device of that customer."""
    return removal("DEVICE_REMOVE", device.id, device.user_id, device.token_hash)


def device_out(device: Device, current: int | None, signed_in: bool, cap_on: bool) -> DeviceOut:
    until = device.capped_until
    capped = until if cap_on and until is not None and until > utcnow() else None
    return DeviceOut(
        id=device.id,
        name=device.name,
        created_at=device.created_at.isoformat(),
        last_used_at=device.last_used_at.isoformat(),
        this_device=device.id == current,
        signed_in=signed_in,
        capped_until=capped.isoformat() if capped else None,
    )


class DevicesController(Controller):
    path = "/api/ibanking/personal/devices"
    tags = ["settings"]
    security = [{"bearer": []}]

    @get("", summary="The customer's devices (browsers signed in from), most recent first")
    async def list_devices(self, devices: DeviceService, customer: Principal) -> list[DeviceOut]:
        return [
            device_out(device, customer.device_id, signed_in, devices.settings.new_device_cap_on)
            for device, signed_in in await devices.devices_of(customer.user.id)
        ]

    @post("/{device_id:int}/rename", status_code=200, summary="Rename a device", opt=refuses(404))
    async def rename(
        self, devices: DeviceService, customer: Principal, device_id: RowId, data: RenameDeviceIn
    ) -> DeviceOut:
        device, signed_in = await devices.rename(customer.user.id, device_id, data.name)
        return device_out(device, customer.device_id, signed_in, devices.settings.new_device_cap_on)

    @post(
        "/{device_id:int}/remove",
        status_code=200,
        summary="Remove a device and sign it out: with neither `otp` nor `passkey` sends a code "
        "(202), with one removes (200)",
        opt=refuses(404, 429),
        responses={
            200: ResponseSpec(data_container=MessageOut, description="Removed; signed out."),
            202: ResponseSpec(
                data_container=CodeSentOut,
                description="A code was sent. Nothing is changed yet.",
            ),
        },
    )
    async def remove(
        self,
        devices: DeviceService,
        passkeys: PasskeyService,
        customer: Principal,
        device_id: RowId,
        data: RemoveDeviceIn,
    ) -> Response[MessageOut | CodeSentOut]:
        if data.otp and data.passkey is not None:
            raise ValidationFailed(CODE_OR_PASSKEY, field="passkey")
        user = customer.user
        if data.passkey is not None:
            assertion = data.passkey

            async def approve(session: AsyncSession, device: Device) -> None:
                await passkeys.approve_in(session, user.id, removal_of(device), assertion)

            await devices.remove(user, device_id, customer.device_id, None, approve)
        elif data.otp:
            await devices.remove(user, device_id, customer.device_id, data.otp)
        else:
            message = await devices.send_removal_code(user, device_id, customer.device_id)
            sent = CodeSentOut(message=message, two_factor_authentication=user.two_factor)
            return Response(sent, status_code=202)
        return Response(MessageOut(message=DEVICE_REMOVED), status_code=200)

    @post(
        "/{device_id:int}/passkey-options",
        status_code=200,
        summary="Remove a device with a passkey, step 1: request options bound to this removal",
        opt=refuses(404),
    )
    async def passkey_options(
        self,
        devices: DeviceService,
        passkeys: PasskeyService,
        customer: Principal,
        device_id: RowId,
    ) -> PasskeyOptionsOut:
        device = await devices.removable(customer.user.id, device_id, customer.device_id)
        options = await passkeys.approval_options(customer.user.id, removal_of(device))
        return PasskeyOptionsOut(options=options)
