"""Billers: customer validation (meters, smart cards), vending with tokens, and requery.

Like the NIP switch, a vend is recorded with its final outcome before any forced hang, so a
requery after a timeout tells the truth and a sender that requeries never vends twice.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from decimal import ROUND_DOWN, Decimal
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from core_sim.billers.models import BillerCustomer, Vend
from core_sim.billers.schemas import VendIn
from core_sim.db import Database
from core_sim.errors import Conflict
from core_sim.faults.effects import wait_as_forced
from core_sim.faults.models import FaultEffect
from core_sim.faults.plan import IN_PROGRESS, plan_of, settle_if_due
from core_sim.faults.service import CallContext, take_fault
from core_sim.settings import FIXTURES_DIR
from core_sim.simclock.state import utcnow

CATALOG: dict[str, Any] = json.loads((FIXTURES_DIR / "billers.json").read_text())
SCENARIOS = {
    s["customerId"]: s
    for s in json.loads((FIXTURES_DIR / "scenarios.json").read_text()).get("billers", [])
}
NO_ANSWER = "The biller did not answer in time (forced)"


def _providers(category: str) -> dict[str, dict[str, Any]]:
    key = {
        "AIRTIME": "airtime",
        "DATA": "data",
        "ELECTRICITY": "electricity",
        "CABLE_TV": "cableTv",
    }[category]
    return {p["code"]: p for p in CATALOG[key]}


async def validate(
    db: Database, category: str, provider_code: str, number: str, timeout_fault_ms: int
) -> tuple[str, BillerCustomer | None]:
    rule = await take_fault(db, CallContext("bills.validate", accounts=(number,)))
    if rule is not None:
        await wait_as_forced(rule.effect, rule.delay_ms, timeout_fault_ms, NO_ANSWER)
        if rule.effect != FaultEffect.DELAY:
            return rule.response_code or "96", None
    if provider_code not in _providers(category):
        return "16", None
    scenario = SCENARIOS.get(number, {})
    if "validate" in scenario:
        return scenario["validate"]["responseCode"], None
    async with db.reader() as session:
        customer = await session.scalar(
            select(BillerCustomer).where(
                BillerCustomer.category == category, BillerCustomer.number == number
            )
        )
    return ("00", customer) if customer else ("07", None)


def _check_product(data: VendIn) -> str | None:
    """A response code when the vend does not fit the catalogue, else None."""
    providers = _providers(data.category)
    provider = providers.get(data.provider_code)
    if provider is None:
        return "16"
    if data.category in ("DATA", "CABLE_TV"):
        items = provider["bundles" if data.category == "DATA" else "bouquets"]
        item = next((b for b in items if b["code"] == data.product_code), None)
        if item is None:
            return "12"
        if item["priceKobo"] != data.amount_kobo:
            return "13"
    return None


def _token_and_units(data: VendIn) -> tuple[str | None, str | None]:
    if data.category != "ELECTRICITY" or data.meter_type == "POSTPAID":
        return None, None
    tariff = _providers("ELECTRICITY")[data.provider_code]["tariffKoboPerKwh"]
    units = (Decimal(data.amount_kobo) / Decimal(tariff)).quantize(Decimal("0.01"), ROUND_DOWN)
    token = "".join(str(secrets.randbelow(10)) for _ in range(20))
    return token, f"{units} kWh"


def _hash(data: VendIn) -> str:
    canonical = "|".join(
        (
            data.category,
            data.provider_code,
            data.product_code or "",
            data.customer_number,
            str(data.amount_kobo),
        )
    )
    return hashlib.sha256(canonical.encode()).hexdigest()


async def vend(db: Database, data: VendIn, timeout_fault_ms: int) -> Vend:
    async with db.reader() as session:
        existing = await session.get(Vend, data.reference)
    if existing is not None:
        if existing.body_hash != _hash(data):
            raise Conflict("This reference was already used for another vend", code="94")
        return await requery(db, data.reference, apply_faults=False)
    rule = await take_fault(
        db,
        CallContext("bills.vend", accounts=(data.customer_number,), amount_kobo=data.amount_kobo),
    )
    plan = plan_of(rule, SCENARIOS.get(data.customer_number, {}).get("vend", {}))
    if (mismatch := _check_product(data)) is not None:
        plan = plan.refused(mismatch)
    token, units = _token_and_units(data) if plan.final_code == "00" else (None, None)
    record = Vend(
        reference=data.reference,
        body_hash=_hash(data),
        category=data.category,
        provider_code=data.provider_code,
        product_code=data.product_code,
        customer_number=data.customer_number,
        amount_kobo=data.amount_kobo,
        token=token,
        units=units,
        **plan.columns(utcnow()),
    )
    try:
        async with db.writer() as session:
            session.add(record)
    except IntegrityError:
        return await requery(db, data.reference, apply_faults=False)
    await plan.wait_as_forced(timeout_fault_ms, f"{NO_ANSWER}; requery the vend")
    return record if record.response_code != IN_PROGRESS else _hide_token(record)


def _hide_token(record: Vend) -> Vend:
    """While in progress the token is not given out yet."""
    return Vend(
        reference=record.reference, response_code=record.response_code, token=None, units=None
    )


async def requery(
    db: Database, reference: str, *, apply_faults: bool = True, timeout_fault_ms: int = 30_000
) -> Vend:
    if apply_faults:
        rule = await take_fault(db, CallContext("bills.requery"))
        if rule is not None and rule.effect == FaultEffect.TIMEOUT:  # a delay is not applied
            await wait_as_forced(rule.effect, rule.delay_ms, timeout_fault_ms, NO_ANSWER)
        if rule is not None and rule.effect in (FaultEffect.DECLINE, FaultEffect.PENDING):
            return Vend(reference=reference, response_code=rule.response_code or IN_PROGRESS)
    async with db.writer() as session:
        record = await session.get(Vend, reference)
        if record is None:
            return Vend(reference=reference, response_code="25")
        settle_if_due(record)
        return record if record.response_code != IN_PROGRESS else _hide_token(record)
