"""Bill payments: look-ups, the code step, and vending exactly once.

A vend is a held payment (bff/payments/lifecycle.py): the customer's money is held, the
biller is asked to vend with the vend's id as reference, and only a final answer settles the
hold to the biller settlement account (with the token) or releases it. An unclear answer is
requeried until final, never vended again, so nobody pays for nothing or gets two tokens.
"""

from __future__ import annotations

import logging
import re
import uuid
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select

from bff.accounts.service import AccountsService
from bff.auth.codes import OneTimeCodes
from bff.bills.alerts import VEND_ALERT
from bff.bills.models import ProductType, Vend
from bff.bills.schemas import BundleOut, HolderOut, VendIn
from bff.bills.vending import BillerVend
from bff.core_client import CoreAccount, CoreClient, CoreUnavailable
from bff.db import Database
from bff.errors import FieldErrors, NotFound, ServiceUnavailable, ValidationFailed
from bff.limits.service import LimitsService
from bff.money import format_naira, kobo_to_naira, naira_to_kobo
from bff.notifications.notifier import Notifier
from bff.passkeys.schemas import PasskeyAssertionIn
from bff.passkeys.service import Action, PasskeyApprovals, PasskeyService
from bff.payments.lifecycle import Lifecycle, Status, begin_with_code
from bff.payments.outcome import text_the_outcome
from bff.risk.check import RiskCheck, refuse_unacknowledged
from bff.risk.reviews import REVIEW, PaymentReviews
from bff.risk.rules import Outcome as Risk
from bff.risk.rules import verdict_of
from bff.users.freeze import refuse_if_payments_stopped
from bff.users.models import User

log = logging.getLogger(__name__)

NOT_AWAITING_APPROVAL = "This bill payment is no longer waiting for your approval."
BILLERS_DOWN = "We could not reach the biller right now. Please try again shortly."
MIN_AIRTIME_KOBO = 50_00
MIN_ELECTRICITY_KOBO = 500_00
CATEGORY_KEYS = {
    "AIRTIME": "airtime",
    "DATA": "data",
    "ELECTRICITY": "electricity",
    "CABLE_TV": "cableTv",
}


class BillService(PasskeyApprovals):
    def __init__(
        self,
        db: Database,
        core: CoreClient,
        codes: OneTimeCodes,
        accounts: AccountsService,
        limits: LimitsService,
        notifier: Notifier,
        *,
        otp_ttl_s: int,
        passkeys: PasskeyService | None = None,
        risk: RiskCheck | None = None,
        reviews: PaymentReviews | None = None,
    ) -> None:
        self.db = db
        self.risk = risk
        self.reviews = reviews
        self.core = core
        self.codes = codes
        self.notifier = notifier
        self.accounts = accounts
        self.limits = limits
        self.passkeys = passkeys
        self.otp_ttl = timedelta(seconds=otp_ttl_s)
        self.life: Lifecycle[Vend] = Lifecycle(db, Vend, alert=VEND_ALERT)
        if reviews is not None:  # a released bill runs as if just confirmed
            reviews.register(REVIEWED_KIND, self.life, lambda i: self.execute(i, leased=True))
        self._catalog: dict[str, Any] | None = None

    # -- catalogue and look-ups -----------------------------------------------------------
    async def catalog(self) -> dict[str, Any]:
        if self._catalog is None:  # it changes with deployments, not per request
            try:
                self._catalog = await self.core.biller_catalog()
            except CoreUnavailable as exc:
                raise ServiceUnavailable(BILLERS_DOWN) from exc
        return self._catalog

    async def providers(self, category: str) -> dict[str, dict[str, Any]]:
        return {p["code"]: p for p in (await self.catalog())[CATEGORY_KEYS[category]]}

    async def products(self, category: str, provider_code: str) -> list[BundleOut]:
        provider = (await self.providers(category)).get(provider_code)
        if provider is None:
            raise NotFound("Provider not found")
        key = "bundles" if category == "DATA" else "bouquets"
        return [
            BundleOut(
                code=p["code"],
                title=p["title"],
                amount=kobo_to_naira(p["priceKobo"]),
                validity=p.get("validity"),
            )
            for p in provider[key]
        ]

    async def lookup(
        self,
        category: str,
        provider_code: str | None,
        number: str | None,
        meter_type: str | None = None,
    ) -> HolderOut:
        number_field = "meterNumber" if category == "ELECTRICITY" else "smartCardNumber"
        provider_field = (
            "electricityProviderCode" if category == "ELECTRICITY" else "cableTvProviderCode"
        )
        errors = [
            {"field": f, "message": "This field is required"}
            for f, v in ((number_field, number), (provider_field, provider_code))
            if not v
        ]
        if errors:
            raise FieldErrors(errors)
        assert number is not None and provider_code is not None
        if not re.fullmatch(r"\d{6,20}", number.strip()):
            raise ValidationFailed("Enter the number as digits only", field=number_field)
        if provider_code not in await self.providers(category):
            raise ValidationFailed("Choose a provider from the list", field=provider_field)
        try:
            answer = await self.core.biller_validate(
                category, provider_code, number.strip(), meter_type
            )
        except CoreUnavailable as exc:
            raise ServiceUnavailable(BILLERS_DOWN) from exc
        if answer.response_code != "00" or not answer.name:
            what = "meter" if category == "ELECTRICITY" else "smart card"
            raise ValidationFailed(
                f"We could not find this {what}. Check the number and the provider.",
                field=number_field,
            )
        return HolderOut(name=answer.name, phone_number=answer.phone, address=answer.address)

    async def source_accounts(self, user: User) -> list[CoreAccount]:
        return [a for a in await self.accounts.payer_accounts(user) if a.status == "ACTIVE"]

    # -- initiation ---------------------------------------------------------------------
    async def initiate(self, user: User, product_type: str, data: VendIn) -> tuple[Vend, str]:
        refuse_if_payments_stopped(user)
        vend = await self._validated(user, product_type, data)
        message = await self.codes.ask_to_confirm(user, _purpose(vend.id), store_with=[vend])
        return vend, message

    async def _validated(self, user: User, product_type: str, data: VendIn) -> Vend:
        """The vend the request describes, or the first refusal: required fields, provider,
        account, then what the product itself needs, then limits and funds."""
        _refuse_missing_fields(product_type, data)
        provider_field, provider_attribute = PROVIDER_FIELD[product_type]
        provider_code: str = getattr(data, provider_attribute)
        assert data.amount is not None and data.nuban is not None
        amount = naira_to_kobo(data.amount)
        category = ProductType.CATEGORY[product_type]
        provider = (await self.providers(category)).get(provider_code)
        if provider is None:
            raise ValidationFailed("Choose a provider from the list", field=provider_field)
        source = next(
            (a for a in await self.source_accounts(user) if a.account_number == data.nuban), None
        )
        if source is None:
            raise NotFound("Account not found")
        phone = (data.phone_number or "").strip()
        vend = Vend(
            id=uuid.uuid4().hex,
            user_id=user.id,
            product_type=product_type,
            source_account=source.account_number,
            amount_kobo=amount,
            provider_code=provider_code,
            provider_title=provider["title"],
            phone_number=phone or None,
            status=Status.AWAITING_OTP,
        )
        if product_type == ProductType.AIRTIME:
            _check_airtime(vend, phone)
        elif product_type == ProductType.ELECTRICITY_BILL:
            await self._check_electricity(vend, data)
        else:
            await self._check_catalogue_item(vend, data, phone)
        await self._check_limits_and_funds(user, source, vend)
        return vend

    async def _check_catalogue_item(self, vend: Vend, data: VendIn, phone: str) -> None:
        """A data bundle or a TV bouquet: an item of the provider's list, at its price."""
        category = ProductType.CATEGORY[vend.product_type]
        data_bundle = vend.product_type == ProductType.DATA
        code = data.data_bundle_code if data_bundle else data.cable_tv_bouquet_code
        products = await self.products(category, vend.provider_code)
        item = next((p for p in products if p.code == code), None)
        if item is None:
            raise ValidationFailed("Choose a product from the list", field="productCode")
        if vend.amount_kobo != naira_to_kobo(item.amount):
            raise ValidationFailed(
                "The amount does not match the price of this product", field="amount"
            )
        vend.product_code = code
        if data_bundle:
            vend.customer_number = phone
            return
        holder = await self.lookup(category, vend.provider_code, data.cable_tv_smart_card_num)
        vend.customer_number = (data.cable_tv_smart_card_num or "").strip()
        vend.holder_name = holder.name

    async def _check_electricity(self, vend: Vend, data: VendIn) -> None:
        meter_type = (data.meter_type or "").upper()
        if meter_type not in (await self.catalog())["meterTypes"]:
            raise ValidationFailed("Choose a meter type from the list", field="meterType")
        if vend.amount_kobo < MIN_ELECTRICITY_KOBO:
            raise ValidationFailed(
                f"The least you can pay is {format_naira(MIN_ELECTRICITY_KOBO)}", field="amount"
            )
        category = ProductType.CATEGORY[vend.product_type]
        holder = await self.lookup(
            category, vend.provider_code, data.electricity_meter_num, meter_type
        )
        vend.customer_number = (data.electricity_meter_num or "").strip()
        vend.meter_type = meter_type
        vend.holder_name, vend.holder_phone = holder.name, holder.phone_number
        vend.holder_address = holder.address

    async def _check_limits_and_funds(self, user: User, source: CoreAccount, vend: Vend) -> None:
        """The limits, funds and the risk check (its facts read with the limits: no
        statement more); the verdict is kept on the vend, a block raises."""
        number, amount = source.account_number, vend.amount_kobo
        also = self.risk.reading(user.id, number, None) if self.risk else ([], {})
        facts = await self.limits.check(user, number, "BILL_PAYMENT", [amount], Vend, also=also)
        if amount > source.available_balance_kobo:
            raise ValidationFailed("Insufficient funds", field="amount")
        if self.risk is not None:
            verdict = await self.risk.judge(user.id, number, amount, None, None, values=facts)
            vend.risk_outcome, vend.risk_rules = verdict.outcome.name, verdict.rule_ids[:200]

    # -- confirmation and vending -------------------------------------------------------
    async def passkey_options(self, user: User, vend_id: str) -> dict[str, Any]:
        """The passkey request options that approve this bill payment and no other."""
        async with self.db.autocommit() as session:
            vend = await session.get(Vend, vend_id)
        if vend is None or vend.user_id != user.id:
            raise NotFound("Bill payment not found")
        if vend.status != Status.AWAITING_OTP:
            raise ValidationFailed(NOT_AWAITING_APPROVAL)
        return await self._passkeys().approval_options(user.id, approval_of(vend))

    async def confirm(
        self,
        user: User,
        vend_id: str,
        otp: str | None,
        product_type: str,
        passkey: PasskeyAssertionIn | None = None,
        acknowledged: bool = False,
    ) -> Vend:
        """With the code, or with a passkey's assertion of this very bill payment.
        `acknowledged`: the customer read the step-up warning, which a STEP_UP bill needs."""
        refuse_if_payments_stopped(user)  # frozen since the code was sent
        vend, started = await begin_with_code(
            self.life,
            self.codes,
            item_id=vend_id,
            owned=lambda v: (
                v.user_id == user.id
                and v.product_type == product_type
                and refuse_unacknowledged([v], acknowledged)
            ),
            not_found="Bill payment not found",
            user_id=user.id,
            purpose=_purpose(vend_id),
            otp=otp,
            ttl=self.otp_ttl,
            approve=self._approval(user, passkey, approval_of),
        )
        if started and vend.risk_outcome == Risk.HOLD.name and self.reviews is not None:
            verdict = verdict_of(vend.risk_outcome, vend.risk_rules)
            held: Vend = await self.reviews.hold(
                REVIEWED_KIND,
                vend,
                user,
                f"{vend.provider_title} ({vend.customer_number})",
                verdict.reasons,
                verdict.rule_ids,
                user.customer_id,
            )
            return held
        if started:
            return await self.execute(vend_id, leased=True, vend=vend, customer_id=user.customer_id)
        return await self.life.outcome_of_first_confirm(vend_id)

    async def execute(
        self,
        vend_id: str,
        *,
        leased: bool = False,
        vend: Vend | None = None,
        customer_id: str | None = None,
    ) -> Vend:
        """`vend`: as `Lifecycle.drive`'s `item`; `customer_id`: as `TransferService.execute`'s
        (the core refuses to hold another customer's money)."""
        return await self.life.drive(
            vend_id,
            lambda vend: BillerVend(self.db, self.core, vend, customer_id),
            leased=leased,
            item=vend,
        )

    # -- history and follow-up ----------------------------------------------------------
    async def logs(self, user: User) -> list[Vend]:
        async with self.db.transaction() as session:
            return list(
                (
                    await session.scalars(
                        select(Vend)
                        .where(Vend.user_id == user.id, Vend.status != Status.AWAITING_OTP)
                        .order_by(Vend.created_at.desc())
                        .limit(500)
                    )
                ).all()
            )

    async def due(self, now: datetime | None = None) -> list[str]:
        return await self.life.due(now)

    async def follow_up(self, vend_id: str) -> Vend:
        before = await self.life.get(vend_id)
        if before is not None and before.stage == REVIEW and self.reviews is not None:
            held: Vend = await self.reviews.resume(REVIEWED_KIND, vend_id)  # never sent here
            return held
        after = await self.execute(vend_id)
        if before is not None and before.status == Status.PENDING and after.status in Status.FINAL:
            await self._notify(after)
        return after

    async def _notify(self, vend: Vend) -> None:
        payment = f"{vend.provider_title} payment of {format_naira(vend.amount_kobo)}"
        token = f" Token: {vend.token}." if vend.token else ""
        await text_the_outcome(self.life, self.notifier, vend, payment, receipt=token)


REVIEWED_KIND = "BILL"  # a held bill payment's kind in the review queue


def approval_of(vend: Vend) -> Action:
    """What a passkey approves of a bill payment: its reference, amount in kobo, the account
    it leaves, the product and biller, the bundle or bouquet, and the number paid for."""
    return Action(
        key=f"BILL:{vend.id}",
        text="\n".join(
            (
                "BILL",
                vend.id,
                str(vend.amount_kobo),
                vend.source_account,
                vend.product_type,
                vend.provider_code,
                vend.product_code or "",
                vend.customer_number,
            )
        ),
    )


def _purpose(vend_id: str) -> str:
    return f"BILL:{vend_id}"


# The request field naming each product's provider: (wire name, VendIn attribute).
PROVIDER_FIELD = {
    ProductType.AIRTIME: ("airtimeProviderCode", "airtime_provider_code"),
    ProductType.DATA: ("dataBundleProviderCode", "data_bundle_provider_code"),
    ProductType.ELECTRICITY_BILL: ("electricityProviderCode", "electricity_provider_code"),
    ProductType.CABLE_TV: ("cableTvProviderCode", "cable_tv_provider_code"),
}
# What else each product needs, after its provider.
DETAIL_FIELDS = {
    ProductType.AIRTIME: (),
    ProductType.DATA: (("dataBundleCode", "data_bundle_code"),),
    ProductType.ELECTRICITY_BILL: (
        ("electricityMeterNum", "electricity_meter_num"),
        ("meterType", "meter_type"),
    ),
    ProductType.CABLE_TV: (
        ("cableTvBouquetCode", "cable_tv_bouquet_code"),
        ("cableTvSmartCardNum", "cable_tv_smart_card_num"),
    ),
}


def _refuse_missing_fields(product_type: str, data: VendIn) -> None:
    """Every missing field at once, in the form's order, and a malformed phone number."""
    wanted: list[tuple[str, str]] = [("nuban", "nuban"), ("amount", "amount")]
    if product_type in (ProductType.AIRTIME, ProductType.DATA):
        wanted.append(("phoneNumber", "phone_number"))
    wanted += [PROVIDER_FIELD[product_type], *DETAIL_FIELDS[product_type]]
    errors = [
        {"field": field, "message": "This field is required"}
        for field, attribute in wanted
        if getattr(data, attribute) in (None, "")
    ]
    phone = (data.phone_number or "").strip()
    if phone and not re.fullmatch(r"\d{11}", phone):
        errors.append({"field": "phoneNumber", "message": "Mobile Number must be 11 characters"})
    if errors:
        raise FieldErrors(errors)


def _check_airtime(vend: Vend, phone: str) -> None:
    if vend.amount_kobo < MIN_AIRTIME_KOBO:
        raise ValidationFailed(
            f"The least airtime you can buy is {format_naira(MIN_AIRTIME_KOBO)}", field="amount"
        )
    vend.customer_number = phone
