from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from bff.passkeys.schemas import PasskeyAssertionIn
from bff.risk.schemas import RiskWarningOut
from bff.schemas import Amount, CamelStruct, RequestStruct

Text = Annotated[str, msgspec.Meta(max_length=60)]


class AirtimeProviderOut(CamelStruct):
    provider_id: int
    code: str
    title: str


class ProviderOut(CamelStruct):
    title: str
    code: str


class BundleOut(CamelStruct):
    code: str
    title: str
    amount: float
    validity: str | None = None


class MeterInfoIn(RequestStruct):
    meter_number: Text | None = None
    electricity_provider_code: Text | None = None
    meter_type: Text | None = None


class CardInfoIn(RequestStruct):
    smart_card_number: Text | None = None
    cable_tv_provider_code: Text | None = None
    cable_tv_provider_bouquet_code: Text | None = None


class HolderOut(CamelStruct):
    name: str
    phone_number: str | None = None
    address: str | None = None


class VendIn(RequestStruct):
    utility_product_type: Literal["AIRTIME", "DATA", "ELECTRICITY_BILL", "CABLE_TV"] | None = None
    nuban: Text | None = None
    phone_number: Text | None = None
    amount: Amount | None = None
    airtime_provider_code: Text | None = None
    data_bundle_provider_code: Text | None = None
    data_bundle_code: Text | None = None
    electricity_provider_code: Text | None = None
    electricity_meter_num: Text | None = None
    meter_type: Text | None = None
    cable_tv_provider_code: Text | None = None
    cable_tv_bouquet_code: Text | None = None
    cable_tv_smart_card_num: Text | None = None


class VendPendingOut(CamelStruct):
    utility_vending_request_id: str
    message: str
    two_factor_authentication: str
    # The customer has a passkey: the dialog offers "Approve with passkey" first (the code
    # was sent all the same, for "Use a code instead").
    passkey_approval: bool = False
    # A step-up (docs/contract.md §16.1): the confirm must carry `acknowledgeWarning: true`.
    risk_warning: RiskWarningOut | None = None


class VendConfirmIn(RequestStruct):
    """The code (`otp`), or instead a passkey's approval of this bill (`passkey`, the
    assertion answering `POST /api/utility/passkey-options`)."""

    utility_vending_request_id: Annotated[str, msgspec.Meta(max_length=40)]
    otp: Annotated[str, msgspec.Meta(max_length=12)] | None = None
    passkey: PasskeyAssertionIn | None = None
    acknowledge_warning: bool = False


class VendRefIn(RequestStruct):
    utility_vending_request_id: Annotated[str, msgspec.Meta(max_length=40)]


class BillLogOut(CamelStruct):
    id: str
    date_created: str
    utility_product_type: str
    amount: float
    vending_status: str  # SUCCESS, PENDING, FAILED
    reference: str
    source_account: str
    vender: str
    utility_provider_title: str
    phone_number: str | None
    data_bundle_code: str | None
    electricity_meter_number: str | None
    electricity_meter_owner: str | None
    electricity_meter_owner_phone_number: str | None
    electricity_meter_owner_address: str | None
    electricity_meter_type: str | None
    vending_token: str | None
    units: str | None
    cable_tv_smart_card_number: str | None
    cable_tv_bouquet_code: str | None
    message: str | None
    # Held for a check by the bank's team: reserved, not sent (docs/contract.md §16.1).
    held_for_review: bool = False


class VendResultOut(CamelStruct):
    message: str
    bill: BillLogOut
