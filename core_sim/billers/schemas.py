from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from core_sim.schemas import CamelStruct

Category = Literal["AIRTIME", "DATA", "ELECTRICITY", "CABLE_TV"]
Reference = Annotated[str, msgspec.Meta(pattern=r"^[A-Za-z0-9_-]{6,64}$")]


class ValidateIn(CamelStruct, forbid_unknown_fields=True):
    category: Literal["ELECTRICITY", "CABLE_TV"]
    provider_code: Annotated[str, msgspec.Meta(max_length=20)]
    customer_number: Annotated[str, msgspec.Meta(pattern=r"^\d{6,20}$")]
    meter_type: Literal["PREPAID", "POSTPAID"] | None = None


class ValidateOut(CamelStruct):
    response_code: str
    response_message: str
    name: str | None
    phone: str | None
    address: str | None


class VendIn(CamelStruct, forbid_unknown_fields=True):
    reference: Reference
    category: Category
    provider_code: Annotated[str, msgspec.Meta(max_length=20)]
    customer_number: Annotated[str, msgspec.Meta(pattern=r"^\d{6,20}$")]
    amount_kobo: Annotated[int, msgspec.Meta(gt=0, le=10**12)]
    product_code: Annotated[str, msgspec.Meta(max_length=30)] | None = None
    meter_type: Literal["PREPAID", "POSTPAID"] | None = None


class VendOut(CamelStruct):
    reference: str
    response_code: str
    response_message: str
    token: str | None
    units: str | None


class RequeryIn(CamelStruct, forbid_unknown_fields=True):
    reference: Reference


class CatalogOut(CamelStruct):
    catalog: dict[str, Any]
