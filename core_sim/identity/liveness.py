"""The liveness and face-match vendor: a selfie checked against a BVN or NIN record.

PASS by default, with scores drawn from a hash of the image (the same image, the same
scores). Forced like every other outcome (fault operation `identity.liveness`): a stored rule
or the X-Sim-Scenario header (`delay` → PASS, `decline` with 34 → SPOOF, any other `decline`
or `pending` → FAIL; `timeout`, `unavailable` and `malformed` as for every operation), or a
magic BVN/NIN of fixtures/scenarios.json (`liveness`). Idempotent on the caller's reference.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json

import msgspec
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from core_sim.db import Database
from core_sim.errors import Conflict, NotFound, SimError
from core_sim.faults.effects import wait_as_forced
from core_sim.faults.models import FaultEffect, FaultRule
from core_sim.faults.service import CallContext, take_fault
from core_sim.identity.models import IdentityRecord, LivenessCheck
from core_sim.identity.schemas import MAX_IMAGE_BYTES, LivenessIn, LivenessOut
from core_sim.settings import FIXTURES_DIR

PASS, FAIL, SPOOF = "PASS", "FAIL", "SPOOF"
# What a bank reads the scores against: PASS scores are above both, FAIL's face match is
# below its threshold, SPOOF's liveness below its.
LIVENESS_THRESHOLD = 0.80
FACE_MATCH_THRESHOLD = 0.75
MESSAGES = {
    PASS: "A live person; the face matches the {id_type} record's photo",
    FAIL: "The face does not match the {id_type} record's photo",
    SPOOF: "No live person: a photo, a screen or a mask was presented",
}
MAGIC: dict[str, str] = {
    number: item["result"]
    for item in json.loads((FIXTURES_DIR / "scenarios.json").read_text())["liveness"]
    for number in (item["bvn"], item["nin"])
}
JPEG, PNG = b"\xff\xd8\xff", b"\x89PNG\r\n\x1a\n"


def decode_image(text: str) -> bytes:
    """The image's bytes: base64 (a data: URL's prefix allowed) of a JPEG or PNG of at most
    2 MiB; anything else is refused (400, 30)."""
    if text.startswith("data:"):
        header, _, text = text.partition(",")
        if not header.endswith(";base64"):
            raise SimError("image: a data: URL must be base64", code="30")
    try:
        image = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError) as exc:
        raise SimError("image: not valid base64", code="30") from exc
    if len(image) > MAX_IMAGE_BYTES:
        raise SimError("image: larger than 2 MiB", code="30")
    if not image.startswith((JPEG, PNG)):
        raise SimError("image: not a JPEG or PNG", code="30")
    return image


def scores(result: str, digest: bytes) -> tuple[float, float]:
    """(livenessScore, faceMatch): from the image's hash, on the result's side of each
    threshold."""
    a, b = digest[0] / 255, digest[1] / 255
    liveness = 0.05 + 0.30 * a if result == SPOOF else 0.90 + 0.09 * a
    face = 0.10 + 0.40 * b if result == FAIL else 0.85 + 0.14 * b
    return round(liveness, 4), round(face, 4)


def forced_result(rule: FaultRule | None) -> str | None:
    if rule is None:
        return None
    if rule.effect == FaultEffect.DELAY:
        return PASS
    if rule.effect in (FaultEffect.DECLINE, FaultEffect.PENDING):
        return SPOOF if rule.response_code == "34" else FAIL
    return None


def liveness_out(check: LivenessCheck) -> LivenessOut:
    return msgspec.convert(check, LivenessOut, from_attributes=True)


async def check(db: Database, data: LivenessIn, timeout_fault_ms: int) -> LivenessOut:
    """The vendor's answer: 400 for what is not an image, the first answer again for a
    reference seen before (409 if it was for another person or image), 404 for a BVN or NIN
    the registry does not have."""
    digest = hashlib.sha256(decode_image(data.image)).digest()
    asked = (data.id_type, data.id_number, digest.hex())
    async with db.reader() as session:
        first = await session.get(LivenessCheck, data.reference)
    if first is not None:
        return _replayed(first, asked)
    rule = await take_fault(db, CallContext("identity.liveness", accounts=(data.id_number,)))
    if rule is not None:
        await wait_as_forced(
            rule.effect, rule.delay_ms, timeout_fault_ms, "Timed out (forced by a fault rule)"
        )
    column = IdentityRecord.bvn if data.id_type == "BVN" else IdentityRecord.nin
    async with db.reader() as session:
        known = await session.scalar(select(IdentityRecord.id).where(column == data.id_number))
    if known is None:
        raise NotFound(f"No {data.id_type} record for {data.id_number}")
    result = forced_result(rule) or MAGIC.get(data.id_number, PASS)
    liveness, face = scores(result, digest)
    record = LivenessCheck(
        reference=data.reference,
        id_type=data.id_type,
        id_number=data.id_number,
        image_sha256=digest.hex(),
        result=result,
        liveness_score=liveness,
        face_match=face,
        message=MESSAGES[result].format(id_type=data.id_type),
    )
    try:
        async with db.writer() as session:
            session.add(record)
    except IntegrityError:  # the same reference raced in: the first answer stands
        async with db.reader() as session:
            first = await session.get(LivenessCheck, data.reference)
        assert first is not None
        return _replayed(first, asked)
    return liveness_out(record)


def _replayed(first: LivenessCheck, asked: tuple[str, str, str]) -> LivenessOut:
    if (first.id_type, first.id_number, first.image_sha256) != asked:
        raise Conflict("This reference was already used for another check", code="94")
    return liveness_out(first)
