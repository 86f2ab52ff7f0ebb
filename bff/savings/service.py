"""Savings pockets for the customer: the core keeps them (docs/simulator.md, "Savings that
earn"); the BFF adds the KYC ceiling on what is held, the code or passkey that breaks a
locked pocket, and the wire's naira and sentences.

Every money move carries a reference (the web app's, one per attempt of the same move, or a
new one) on which the core is idempotent. When the core's answer is lost (no answer in time,
the core down, an answer that cannot be read) the BFF asks the core for the move's posting
by that reference: found, the move was made and the pocket is answered; not found, nothing
moved and the customer is told to try again shortly, with the same reference."""

from __future__ import annotations

import contextlib
import uuid
from datetime import date
from typing import Any

from bff.auth.codes import OneTimeCodes
from bff.core_client import CoreClient, CorePosting, CoreUnavailable
from bff.core_client.errors import CoreRefused
from bff.core_client.schemas import CoreSavingsPocket
from bff.dates import DATE, format_date
from bff.db import Database
from bff.errors import AppError, Conflict, NotFound, ServiceUnavailable, ValidationFailed
from bff.history.schemas import TransactionPageOut
from bff.history.service import HistoryService
from bff.money import format_naira, kobo_to_naira, naira_to_kobo
from bff.passkeys.schemas import PasskeyAssertionIn
from bff.passkeys.service import Action, PasskeyApprovals, PasskeyService
from bff.savings.presenter import pocket_out, product_out
from bff.savings.rules import holding_ceiling, over_ceiling
from bff.savings.schemas import (
    AutoSaveIn,
    BreakCodeSentOut,
    BrokenOut,
    MoveIn,
    OpenPocketIn,
    PocketOut,
    SavingsOut,
)
from bff.users.models import User
from bff.users.read_cache import activity_changed

BREAK = "SAVINGS_BREAK"  # a code purpose, with the pocket's id
NOT_FOUND = "Savings pocket not found"
ACCOUNT_NOT_FOUND = "Account not found"
SHORT = "Not enough money in the account for this"
NO_CUSTOMER = "Your profile has no accounts yet"
UNAVAILABLE = "Savings are not available right now, try again shortly"
SYSTEM_ERROR = (
    "We could not move this money because of a system error. Nothing was moved; try again later"
)
# The core posts each move under the caller's reference with these prefixes
# (docs/simulator.md, "Savings that earn"): where to look when its answer was lost.
POSTED_AS = {"open": "SAV-IN-", "top-up": "SAV-IN-", "withdraw": "SAV-OUT-", "break": "SAV-BRK-"}


def break_approval(user_id: int, pocket_id: int) -> Action:
    """What a passkey approves: breaking this customer's pocket."""
    return Action(key=f"{BREAK}:{user_id}:{pocket_id}", text=f"{BREAK}\n{user_id}\n{pocket_id}")


def _refusal(refused: CoreRefused, not_found: str = NOT_FOUND) -> AppError:
    """The core's refusal as the customer reads it."""
    if refused.status_code == 404:
        return NotFound(not_found)
    if refused.code == "51":
        return ValidationFailed(SHORT, field="amount")
    if refused.code == "96":
        return ValidationFailed(SYSTEM_ERROR, field="amount")
    return ValidationFailed(refused.detail or "This cannot be done", field="amount")


def _date(text: str | None, field: str) -> date | None:
    if not text:
        return None
    try:
        day, month, year = (int(part) for part in text.split("-"))
        return date(year, month, day)
    except ValueError as exc:
        raise ValidationFailed("Enter a date as dd-mm-yyyy", field=field) from exc


class SavingsService(PasskeyApprovals):
    def __init__(
        self,
        db: Database,
        core: CoreClient,
        codes: OneTimeCodes,
        history: HistoryService,
        passkeys: PasskeyService | None = None,
    ) -> None:
        self.db = db
        self.core = core
        self.codes = codes
        self.history = history
        self.passkeys = passkeys

    def _customer(self, user: User) -> str:
        if not user.customer_id:
            raise NotFound(NO_CUSTOMER)
        return user.customer_id

    async def overview(self, user: User) -> SavingsOut:
        held = await self.core.savings_pockets(self._customer(user))
        products = await self.core.savings_products()
        ceiling = holding_ceiling(user.kyc_level)
        return SavingsOut(
            total_savings=kobo_to_naira(held.total_kobo),
            pockets=[pocket_out(p) for p in held.pockets],
            products=[product_out(p, products.locked_rates) for p in products.products],
            holding_limit=kobo_to_naira(ceiling) if ceiling is not None else None,
            withholding_tax_percent=products.withholding_tax_percent,
        )

    async def _check_ceiling(self, user: User, customer_id: str, kobo: int) -> None:
        if holding_ceiling(user.kyc_level) is None:
            return
        held = await self.core.savings_pockets(customer_id)
        if refusal := over_ceiling(user.kyc_level, held.total_kobo, kobo):
            raise ValidationFailed(refusal, field="amount")

    async def open(self, user: User, data: OpenPocketIn) -> PocketOut:
        customer_id = self._customer(user)
        if not data.name.strip():
            raise ValidationFailed("This field is required", field="name")
        kobo = naira_to_kobo(data.amount) if data.amount not in (None, "", 0) else 0
        reference = data.reference or uuid.uuid4().hex
        body: dict[str, Any] = {
            "reference": reference,
            "customerId": customer_id,
            "sourceAccount": data.source_account_number,
            "product": data.product,
            "name": data.name.strip(),
            "amountKobo": kobo,
        }
        if data.product == "LOCKED":
            if data.term_days is None or not 30 <= data.term_days <= 365:
                raise ValidationFailed("Choose 30 to 365 days", field="termDays")
            if not kobo:
                raise ValidationFailed("This field is required", field="amount")
            body["termDays"] = data.term_days
        if data.product == "GOAL":
            if data.target_amount in (None, ""):
                raise ValidationFailed("This field is required", field="targetAmount")
            assert data.target_amount is not None
            target = _date(data.target_date, "targetDate")
            if target is None:
                raise ValidationFailed("This field is required", field="targetDate")
            body["targetKobo"] = naira_to_kobo(data.target_amount, "targetAmount")
            body["targetDate"] = target.isoformat()
        if kobo:
            await self._check_ceiling(user, customer_id, kobo)
        try:
            opened = await self.core.open_savings(body)
        except CoreRefused as refused:
            raise _refusal(refused, ACCOUNT_NOT_FOUND) from refused
        except CoreUnavailable as lost:
            if not kobo:  # no money moved; the same reference again opens it once
                raise ServiceUnavailable(UNAVAILABLE, retry_after_s=5) from lost
            posting = await self._find_out(customer_id, "open", reference, lost)
            opened = await self._pocket_of(customer_id, posting, lost)
        await activity_changed(self.db, user.id)  # the dashboard and history read afresh
        return pocket_out(opened)

    async def move(self, user: User, pocket_id: int, direction: str, data: MoveIn) -> PocketOut:
        """`direction`: top-up (the KYC ceiling applies) or withdraw."""
        customer_id = self._customer(user)
        kobo = naira_to_kobo(data.amount)
        if direction == "top-up":
            await self._check_ceiling(user, customer_id, kobo)
        reference = data.reference or uuid.uuid4().hex
        body = {"reference": reference, "customerId": customer_id, "amountKobo": kobo}
        try:
            moved = await self.core.move_savings(pocket_id, direction, body)
        except CoreRefused as refused:
            raise _refusal(refused) from refused
        except CoreUnavailable as lost:
            posting = await self._find_out(customer_id, direction, reference, lost)
            moved = await self._pocket_of(customer_id, posting, lost, pocket_id)
        await activity_changed(self.db, user.id)
        return pocket_out(moved)

    async def _find_out(
        self, customer_id: str, move: str, reference: str, lost: CoreUnavailable
    ) -> CorePosting:
        """The posting of a move whose answer was lost, when the core made it (both its sides
        the customer's); else nothing moved: 503, and the same reference may be sent again."""
        posting = None
        if lost.sent:
            with contextlib.suppress(CoreRefused, CoreUnavailable):
                posting = await self.core.posting(POSTED_AS[move] + reference)
        if posting is None or any(e.customer_id != customer_id for e in posting.entries):
            raise ServiceUnavailable(UNAVAILABLE, retry_after_s=5) from lost
        return posting

    async def _pocket_of(
        self,
        customer_id: str,
        posting: CorePosting,
        lost: CoreUnavailable,
        pocket_id: int | None = None,
    ) -> CoreSavingsPocket:
        """The pocket a move's posting went to or came from, as it is now (`pocket_id`: the
        one the move was asked for; a reference used on another pocket is not this move)."""
        numbers = {entry.account_number for entry in posting.entries}
        try:
            held = await self.core.savings_pockets(customer_id)
        except CoreUnavailable as exc:
            raise ServiceUnavailable(UNAVAILABLE, retry_after_s=5) from exc
        found = next((p for p in held.pockets if p.number in numbers), None)
        if found is None or pocket_id not in (None, found.id):
            raise ServiceUnavailable(UNAVAILABLE, retry_after_s=5) from lost
        return found

    async def transactions(
        self, user: User, pocket_id: int, page: int, size: int
    ) -> TransactionPageOut:
        """The pocket's own lines, newest first, as the history page shows lines."""
        try:
            pocket = await self.core.savings_pocket(self._customer(user), pocket_id)
        except CoreRefused as refused:
            raise _refusal(refused) from refused
        return await self.history.account_page(pocket.number, page, size)

    async def start_break(self, user: User, pocket_id: int) -> BreakCodeSentOut:
        """Step 1: what breaking forfeits, and a code to the customer's second factor."""
        customer_id = self._customer(user)
        try:
            quote = await self.core.savings_break_quote(customer_id, pocket_id)
            pocket = await self.core.savings_pocket(customer_id, pocket_id)
        except CoreRefused as refused:
            if refused.status_code == 404:
                raise NotFound(NOT_FOUND) from refused
            raise Conflict(refused.detail) from refused
        message = await self.codes.ask_to_confirm(user, f"{BREAK}:{pocket_id}")
        matures = (
            f" It matures on {format_date(quote.matures_on, DATE)}." if quote.matures_on else ""
        )
        warning = (
            f"Breaking {pocket.name} now gives up {format_naira(quote.forfeit_kobo)} of "
            f"interest earned so far. {format_naira(quote.balance_kobo)} goes back to account "
            f"{pocket.source_account}.{matures}"
        )
        return BreakCodeSentOut(
            message=message,
            two_factor_authentication=user.two_factor,
            warning=warning,
            forfeit=kobo_to_naira(quote.forfeit_kobo),
            balance=kobo_to_naira(quote.balance_kobo),
            passkey_approval=self.can_approve_with_passkey(user),
        )

    async def passkey_options(self, user: User, pocket_id: int) -> dict[str, object]:
        try:
            await self.core.savings_pocket(self._customer(user), pocket_id)
        except CoreRefused as refused:
            raise _refusal(refused) from refused
        return await self._passkeys().approval_options(user.id, break_approval(user.id, pocket_id))

    async def confirm_break(
        self, user: User, pocket_id: int, otp: str | None, passkey: PasskeyAssertionIn | None
    ) -> BrokenOut:
        """Step 2: with the code, or a passkey's approval of breaking this pocket."""
        customer_id = self._customer(user)
        if passkey is None:
            await self.codes.consume(user.id, f"{BREAK}:{pocket_id}", otp or "")
        else:
            async with self.db.transaction() as session:
                await self._passkeys().approve_in(
                    session, user.id, break_approval(user.id, pocket_id), passkey
                )
        reference = uuid.uuid4().hex
        try:
            broken = await self.core.break_savings(customer_id, pocket_id, reference)
            pocket, returned, forfeited = broken.pocket, broken.returned_kobo, broken.forfeited_kobo
        except CoreRefused as refused:
            if refused.status_code == 404:
                raise NotFound(NOT_FOUND) from refused
            if refused.code == "96":
                raise Conflict(SYSTEM_ERROR) from refused
            raise Conflict(refused.detail) from refused
        except CoreUnavailable as lost:
            # Broken or not? Its posting says (a new code is needed to try again).
            posting = await self._find_out(customer_id, "break", reference, lost)
            pocket = await self._pocket_of(customer_id, posting, lost, pocket_id)
            returned = max(entry.amount_kobo for entry in posting.entries)
            forfeited = pocket.forfeited_kobo
        await activity_changed(self.db, user.id)
        return BrokenOut(
            message=f"{format_naira(returned)} is back in account "
            f"{pocket.source_account}. Interest given up: {format_naira(forfeited)}.",
            pocket=pocket_out(pocket),
        )

    async def set_auto_save(self, user: User, pocket_id: int, data: AutoSaveIn) -> PocketOut:
        body: dict[str, Any] = {"customerId": self._customer(user), "kind": data.kind}
        if data.kind != "NONE":
            if not data.source_account_number:
                raise ValidationFailed("This field is required", field="sourceAccountNumber")
            body["sourceAccount"] = data.source_account_number
            if data.kind == "PERCENT_OF_CREDITS":
                if data.percent is None or not 1 <= data.percent <= 100:
                    raise ValidationFailed("Choose 1 to 100 %", field="percent")
                body["percent"] = data.percent
            else:
                if data.amount in (None, ""):
                    raise ValidationFailed("This field is required", field="amount")
                assert data.amount is not None
                body["amountKobo"] = naira_to_kobo(data.amount)
                if start := _date(data.start_date, "startDate"):
                    body["startsOn"] = start.isoformat()
        try:
            return pocket_out(await self.core.savings_rule(pocket_id, body))
        except CoreRefused as refused:
            raise _refusal(
                refused, NOT_FOUND if "pocket" in refused.detail else ACCOUNT_NOT_FOUND
            ) from refused
