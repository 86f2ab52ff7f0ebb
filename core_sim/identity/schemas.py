from __future__ import annotations

from datetime import date
from typing import Annotated, Literal

import msgspec

from core_sim.schemas import CamelStruct


class IdentityOut(CamelStruct):
    bvn: str
    nin: str
    first_name: str
    last_name: str
    date_of_birth: date
    phone_number: str
    gender: str


class ProspectOut(IdentityOut):
    """A registry record, and whether the bank already has a customer with that BVN."""

    is_customer: bool


# 2 MiB of image, as base64 (4 characters for every 3 bytes), and a data: URL's prefix.
MAX_IMAGE_BYTES = 2 * 1024 * 1024
MAX_IMAGE_CHARS = 4 * -(-MAX_IMAGE_BYTES // 3) + 100


class LivenessIn(CamelStruct, forbid_unknown_fields=True):
    reference: Annotated[str, msgspec.Meta(pattern=r"^[A-Za-z0-9_-]{6,64}$")]
    id_type: Literal["BVN", "NIN"]
    id_number: Annotated[str, msgspec.Meta(pattern=r"^\d{11}$")]
    # A JPEG or PNG, base64 (a `data:image/…;base64,` prefix is allowed).
    image: Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_IMAGE_CHARS)]


class LivenessOut(CamelStruct):
    reference: str
    result: str  # PASS, FAIL, SPOOF
    liveness_score: float  # 0..1: how surely a live person was in front of the camera
    face_match: float  # 0..1: how well the face matches the record's photo
    message: str
