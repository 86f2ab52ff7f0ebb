from __future__ import annotations

from datetime import date
from typing import Annotated

import msgspec

from bff.schemas import CamelStruct, RequestStruct

Digits = Annotated[str, msgspec.Meta(max_length=20)]
Image = Annotated[str, msgspec.Meta(max_length=8_000_000)]


class LevelStatusOut(CamelStruct):
    level: int
    status: str | None
    comment: str | None


class KycStatusOut(CamelStruct):
    current_level: int
    levels: list[LevelStatusOut]


class BiodataOut(CamelStruct):
    first_name: str
    last_name: str
    date_of_birth: date | None
    gender: str | None
    phone_number: str | None
    email: str
    address: str | None
    bvn: str | None
    nin: str | None


class KycDocumentOut(CamelStruct):
    name: str
    status: str | None
    comment: str | None


class LevelIn(RequestStruct):
    bvn: Digits | None = None
    nin: Digits | None = None
    utility_bill: Image | None = None
    valid_identification_card: Image | None = None
