from __future__ import annotations

from typing import Annotated

import msgspec

from bff.schemas import CamelStruct, RequestStruct


class LivenessOut(CamelStruct):
    status: str
    attempts_left: int
    message: str


class SelfieIn(RequestStruct):
    # A data URL, JPEG or PNG, at most 2 MB decoded.
    image: Annotated[str, msgspec.Meta(max_length=3_000_000)] | None = None


class ReferredOut(CamelStruct):
    user_id: int
    name: str
    referred_at: str


class LivenessDecisionIn(RequestStruct):
    multiline_fields = frozenset({"reason"})

    reason: Annotated[str, msgspec.Meta(max_length=2_000)] | None = None
