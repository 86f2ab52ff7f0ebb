"""Typed async client for the core-banking simulator.

Every call has a deadline enforced here, so a hung core never hangs a customer's request,
whatever transport is underneath (network, or in-process in tests: transport.py).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import quote

import httpx
import msgspec

from bff.core_client.breaker import CircuitBreaker
from bff.core_client.errors import CoreRefused, CoreUnavailable
from bff.core_client.scenario import HEADER as SCENARIO_HEADER
from bff.core_client.scenario import current_scenario
from bff.core_client.schemas import (
    AccountFlagEntry,
    AccountFlagPage,
    BillerCatalog,
    BillerHolder,
    BillerVend,
    CoreAccount,
    CoreActivityVersion,
    CoreBalanceAt,
    CoreBreakQuote,
    CoreBroken,
    CoreCustomer,
    CoreCustomerActivity,
    CoreCustomerCreated,
    CoreCustomerLines,
    CoreHold,
    CoreIdentity,
    CoreLinesPage,
    CoreMessageSent,
    CoreNamedId,
    CorePosting,
    CoreSavingsPocket,
    CoreSavingsPockets,
    CoreSavingsProducts,
    CoreStatementLine,
    CoreTransfer,
    LivenessResult,
    NipNameInquiry,
    NipStatus,
    NipTransfer,
    SimClock,
    WatchListEntry,
    WatchListPage,
)
from bff.core_client.transport import (
    InProcessTransport,
    NetworkTransport,
    Query,
    TracedTransport,
    Transport,
    TransportError,
)
from bff.observability import HEADER as REQUEST_ID_HEADER
from bff.observability import current_request_id

if TYPE_CHECKING:
    from opentelemetry.sdk.trace import TracerProvider

log = logging.getLogger(__name__)

# Customers per GET /core/activity-versions: the core's limit (their ids travel in the URL).
ACTIVITY_VERSIONS_PER_CALL = 200
# The gateway's limit on messages per call (the simulator's MAX_MESSAGES_PER_CALL).
MESSAGES_PER_CALL = 100

T = TypeVar("T")


def _segment(value: str) -> str:
    """A value placed in a URL path, escaped: a reference typed by a customer could otherwise
    carry '/', '?' or '#' into the core's URL."""
    return quote(value, safe="")


def _query(params: dict[str, Any] | None) -> Query:
    """The query's pairs as text; a list gives its name once per item."""
    pairs: list[tuple[str, str]] = []
    for name, value in (params or {}).items():
        for item in value if isinstance(value, list) else [value]:
            pairs.append((name, str(item)))
    return pairs


class CoreClient:
    def __init__(
        self,
        http: httpx.AsyncClient | Transport,
        timeout_s: float,
        breaker: CircuitBreaker | None = None,
    ) -> None:
        """`http`: an httpx client (the tests' simulator in-process) or a transport."""
        self._transport: Transport = (
            InProcessTransport(http) if isinstance(http, httpx.AsyncClient) else http
        )
        self._timeout_s = timeout_s
        self.breaker = breaker or CircuitBreaker()

    @classmethod
    def over_network(
        cls, base_url: str, timeout_s: float, breaker: CircuitBreaker | None = None
    ) -> CoreClient:
        return cls(NetworkTransport(base_url), timeout_s, breaker)

    def trace_with(self, provider: TracerProvider | None) -> None:
        """Each call a span of the customer's trace (kobo_serving/tracing.py), when on."""
        if provider is not None:
            self._transport = TracedTransport(self._transport, provider)

    async def aclose(self) -> None:
        await self._transport.aclose()

    async def _call(
        self,
        method: str,
        path: str,
        result: type[T],
        *,
        json: Any = None,
        params: dict[str, Any] | None = None,
    ) -> T:
        if not self.breaker.allow():
            # Nothing was sent: the core has been failing and is given time to recover.
            raise CoreUnavailable(f"core circuit open; {method} {path} not sent", sent=False)
        try:
            answer = await self._exchange(method, path, result, json=json, params=params)
        except CoreUnavailable:
            self.breaker.record_failure()
            raise
        self.breaker.record_success()
        return answer

    async def _exchange(
        self,
        method: str,
        path: str,
        result: type[T],
        *,
        json: Any = None,
        params: dict[str, Any] | None = None,
    ) -> T:
        headers = {}
        if scenario := current_scenario.get():
            headers[SCENARIO_HEADER] = scenario
        if request_id := current_request_id.get():
            headers[REQUEST_ID_HEADER] = request_id
        body = None
        if json is not None:
            body = msgspec.json.encode(json)
            headers["content-type"] = "application/json"
        try:
            async with asyncio.timeout(self._timeout_s):
                status, content = await self._transport.send(
                    method, path, _query(params), headers, body
                )
        except TimeoutError as exc:
            raise CoreUnavailable(f"core timed out on {method} {path}") from exc
        except TransportError as exc:
            raise CoreUnavailable(f"core unreachable on {method} {path}: {exc}") from exc
        except Exception as exc:
            # Only the transport ran in this block: an error it does not map to its own (a
            # connection the core dropped mid-request, say) leaves the outcome unknown, which
            # is what CoreUnavailable means (a payment then asks the core what happened).
            log.exception("core transport failed on %s %s", method, path)
            raise CoreUnavailable(f"core transport failed on {method} {path}: {exc!r}") from exc
        if status >= 500:
            raise CoreUnavailable(f"core answered {status} on {method} {path}")
        if status >= 400:
            refusal = _json_or_empty(content)
            raise CoreRefused(status, str(refusal.get("detail", "")), refusal.get("responseCode"))
        try:
            return msgspec.json.decode(content, type=result)
        except msgspec.DecodeError as exc:
            raise CoreUnavailable(f"unreadable core answer on {method} {path}") from exc

    async def clock(self) -> SimClock:
        return await self._call("GET", "/sim/clock/", SimClock)

    async def set_clock(self, now: datetime) -> SimClock:
        return await self._call("POST", "/sim/clock/set", SimClock, json={"now": now.isoformat()})

    # -- savings (docs/simulator.md, "Savings that earn") -------------------------------
    async def savings_products(self) -> CoreSavingsProducts:
        return await self._call("GET", "/core/savings/products", CoreSavingsProducts)

    async def savings_pockets(self, customer_id: str) -> CoreSavingsPockets:
        return await self._call(
            "GET", "/core/savings/pockets", CoreSavingsPockets, params={"customerId": customer_id}
        )

    async def savings_pocket(self, customer_id: str, pocket_id: int) -> CoreSavingsPocket:
        return await self._call(
            "GET",
            f"/core/savings/pockets/{pocket_id}",
            CoreSavingsPocket,
            params={"customerId": customer_id},
        )

    async def open_savings(self, body: dict[str, Any]) -> CoreSavingsPocket:
        """Idempotent on body["reference"]."""
        return await self._call("POST", "/core/savings/pockets", CoreSavingsPocket, json=body)

    async def move_savings(
        self, pocket_id: int, direction: str, body: dict[str, Any]
    ) -> CoreSavingsPocket:
        """`direction`: top-up or withdraw; idempotent on body["reference"]."""
        return await self._call(
            "POST", f"/core/savings/pockets/{pocket_id}/{direction}", CoreSavingsPocket, json=body
        )

    async def savings_break_quote(self, customer_id: str, pocket_id: int) -> CoreBreakQuote:
        return await self._call(
            "GET",
            f"/core/savings/pockets/{pocket_id}/break-quote",
            CoreBreakQuote,
            params={"customerId": customer_id},
        )

    async def break_savings(self, customer_id: str, pocket_id: int, reference: str) -> CoreBroken:
        return await self._call(
            "POST",
            f"/core/savings/pockets/{pocket_id}/break",
            CoreBroken,
            json={"reference": reference, "customerId": customer_id},
        )

    async def savings_rule(self, pocket_id: int, body: dict[str, Any]) -> CoreSavingsPocket:
        return await self._call(
            "PUT", f"/core/savings/pockets/{pocket_id}/rule", CoreSavingsPocket, json=body
        )

    async def customer(self, customer_id: str) -> CoreCustomer:
        return await self._call("GET", f"/core/customers/{_segment(customer_id)}", CoreCustomer)

    async def account(self, account_number: str) -> CoreAccount:
        return await self._call("GET", f"/core/accounts/{_segment(account_number)}", CoreAccount)

    async def set_account_status(self, account_number: str, status: str) -> CoreAccount:
        return await self._call(
            "POST",
            f"/core/accounts/{_segment(account_number)}/status",
            CoreAccount,
            json={"status": status},
        )

    async def account_types(self) -> list[CoreNamedId]:
        return await self._call("GET", "/core/account-types", list[CoreNamedId])

    async def document_types(self) -> list[CoreNamedId]:
        return await self._call("GET", "/core/document-types", list[CoreNamedId])

    async def create_customer(self, body: dict[str, Any]) -> CoreCustomerCreated:
        """Idempotent on body["reference"]: a retry after a timeout returns the same customer."""
        return await self._call("POST", "/core/customers", CoreCustomerCreated, json=body)

    async def open_account(
        self, customer_id: str, account_type_id: int, reference: str
    ) -> CoreAccount:
        return await self._call(
            "POST",
            f"/core/customers/{_segment(customer_id)}/accounts",
            CoreAccount,
            json={"reference": reference, "accountTypeId": account_type_id},
        )

    async def identity_by_bvn(self, bvn: str) -> CoreIdentity:
        return await self._call("GET", f"/core/identity/bvn/{_segment(bvn)}", CoreIdentity)

    async def identity_by_nin(self, nin: str) -> CoreIdentity:
        return await self._call("GET", f"/core/identity/nin/{_segment(nin)}", CoreIdentity)

    async def customer_accounts(self, customer_id: str) -> list[CoreAccount]:
        return await self._call(
            "GET", f"/core/customers/{_segment(customer_id)}/accounts", list[CoreAccount]
        )

    async def customer_activity(
        self, customer_id: str, *, since: datetime, recent: int
    ) -> CoreCustomerActivity:
        """A dashboard's worth in one call: accounts, totals since `since`, newest lines."""
        return await self._call(
            "GET",
            f"/core/customers/{_segment(customer_id)}/activity",
            CoreCustomerActivity,
            params={"since": since.isoformat(), "recent": recent},
        )

    async def activity_versions(self, customer_ids: Sequence[str]) -> dict[str, str]:
        """Per customer, a version that changes whenever anything on their accounts does: a
        kept page computed under the same version is still true as far as the core is
        concerned. Customers without accounts are left out. At most
        `ACTIVITY_VERSIONS_PER_CALL` per call (the core's limit)."""
        found = await self._call(
            "GET",
            "/core/activity-versions",
            list[CoreActivityVersion],
            params={"customerId": list(customer_ids)},
        )
        return {item.customer_id: item.version for item in found}

    async def statement(
        self,
        account_number: str,
        *,
        start: datetime | None = None,
        end: datetime | None = None,
        limit: int = 100,
    ) -> list[CoreStatementLine]:
        """Newest first."""
        params: dict[str, Any] = {"limit": limit}
        if start is not None:
            params["start"] = start.isoformat()
        if end is not None:
            params["end"] = end.isoformat()
        return await self._call(
            "GET",
            f"/core/accounts/{_segment(account_number)}/statement",
            list[CoreStatementLine],
            params=params,
        )

    async def customer_lines(
        self,
        customer_id: str,
        *,
        account: str | None = None,
        start: datetime | None = None,
        end: datetime | None = None,
        direction: str | None = None,
        search: str | None = None,
        limit: int = 10,
    ) -> CoreCustomerLines:
        """A history page's one call: the customer's accounts and the newest `limit` matching
        lines of each (of `account` only, when given and theirs), filtered by the core."""
        params: dict[str, Any] = {"limit": limit}
        for name, value in (("account", account), ("direction", direction), ("search", search)):
            if value:
                params[name] = value
        if start is not None:
            params["start"] = start.isoformat()
        if end is not None:
            params["end"] = end.isoformat()
        return await self._call(
            "GET",
            f"/core/customers/{_segment(customer_id)}/lines",
            CoreCustomerLines,
            params=params,
        )

    async def account_lines(
        self, account_number: str, *, limit: int, offset: int = 0
    ) -> CoreLinesPage:
        """One page of an account's lines, newest first, and how many it has (counted no
        further than the core's cap). The caller has made sure the account is the customer's."""
        return await self._call(
            "GET",
            f"/core/accounts/{_segment(account_number)}/lines",
            CoreLinesPage,
            params={"limit": limit, "offset": offset},
        )

    async def balance_before(self, account_number: str, moment: datetime) -> int:
        answer = await self._call(
            "GET",
            f"/core/accounts/{_segment(account_number)}/balance-at",
            CoreBalanceAt,
            params={"at": moment.isoformat()},
        )
        return answer.balance_kobo

    async def posting(self, reference: str) -> CorePosting:
        return await self._call("GET", f"/core/postings/{_segment(reference)}", CorePosting)

    async def first_posting(self, references: Sequence[str]) -> CorePosting | None:
        """The first of these postings the core has (a payment's posting may be under either
        of two references), or None: one lookup each, whatever the size of the ledger."""
        for reference in references:
            try:
                return await self.posting(reference)
            except CoreRefused:
                continue
        return None

    # -- money (every call carries the caller's reference: retries are safe) -------------
    async def transfer(
        self,
        reference: str,
        debit: str,
        credit: str,
        amount_kobo: int,
        narration: str,
        customer_id: str | None = None,
    ) -> CoreTransfer:
        """`customer_id`: the paying customer; the core refuses (57) a debit account that is
        not theirs. The answer carries the posting it made (for the alerts)."""
        body: dict[str, Any] = {
            "reference": reference,
            "debitAccount": debit,
            "creditAccount": credit,
            "amountKobo": amount_kobo,
            "narration": narration,
        }
        if customer_id is not None:
            body["debitCustomerId"] = customer_id
        return await self._call("POST", "/core/transfers", CoreTransfer, json=body)

    async def transfer_status(self, reference: str) -> CoreTransfer:
        return await self._call("GET", f"/core/transfers/{_segment(reference)}", CoreTransfer)

    async def place_hold(
        self,
        reference: str,
        account: str,
        amount_kobo: int,
        narration: str,
        customer_id: str | None = None,
    ) -> CoreHold:
        """`customer_id`: as `transfer`'s (the held account must be theirs)."""
        body: dict[str, Any] = {
            "reference": reference,
            "account": account,
            "amountKobo": amount_kobo,
            "narration": narration,
        }
        if customer_id is not None:
            body["customerId"] = customer_id
        return await self._call("POST", "/core/holds", CoreHold, json=body)

    async def post_hold(self, reference: str, credit_account: str, narration: str) -> CoreHold:
        """The answer carries the posting (for the alerts) when this call made it."""
        return await self._call(
            "POST",
            f"/core/holds/{_segment(reference)}/post",
            CoreHold,
            json={"creditAccount": credit_account, "narration": narration},
        )

    async def void_hold(self, reference: str, account: str, amount_kobo: int) -> CoreHold:
        """Release the hold. Its account and amount let the core record the void even when
        the hold has not reached it yet, so that a late request to place it reserves
        nothing (a hold asked for while the core did not answer may still arrive)."""
        return await self._call(
            "POST",
            f"/core/holds/{_segment(reference)}/void",
            CoreHold,
            json={"account": account, "amountKobo": amount_kobo},
        )

    async def nip_name_inquiry(self, bank_code: str, account_number: str) -> NipNameInquiry:
        return await self._call(
            "POST",
            "/nip/name-inquiry",
            NipNameInquiry,
            json={"destinationInstitutionCode": bank_code, "accountNumber": account_number},
        )

    async def nip_transfer(self, body: dict[str, Any]) -> NipTransfer:
        return await self._call("POST", "/nip/transfers", NipTransfer, json=body)

    async def nip_status(self, reference: str) -> NipStatus:
        return await self._call("POST", "/nip/tsq", NipStatus, json={"reference": reference})

    async def liveness(
        self, reference: str, id_type: str, id_number: str, image_base64: str
    ) -> LivenessResult:
        """A selfie checked for a live person and matched to the BVN's (or NIN's) photo;
        idempotent on `reference`."""
        return await self._call(
            "POST",
            "/core/identity/liveness",
            LivenessResult,
            json={
                "reference": reference,
                "idType": id_type,
                "idNumber": id_number,
                "image": image_base64,
            },
        )

    # -- fraud: the switch's watch-list, the core's account flags ----------------------------
    async def watch_list(self, after: int, limit: int = 500) -> WatchListPage:
        """Changes to the watch-list after sequence number `after`, oldest first."""
        return await self._call(
            "GET", "/nip/watch-list", WatchListPage, params={"after": after, "limit": limit}
        )

    async def report_mule(
        self, reference: str, bank_code: str, account_number: str, reason: str
    ) -> WatchListEntry:
        """Report an account to the switch's watch-list (idempotent on `reference`)."""
        return await self._call(
            "POST",
            "/nip/watch-list",
            WatchListEntry,
            json={
                "reference": reference,
                "bankCode": bank_code,
                "accountNumber": account_number,
                "reason": reason,
                "reportedBy": "Kobo",
            },
        )

    async def account_flags(self, after: int, limit: int = 500) -> AccountFlagPage:
        """Changes to the core's account flags after sequence number `after`, oldest first."""
        return await self._call(
            "GET", "/core/risk/flags", AccountFlagPage, params={"after": after, "limit": limit}
        )

    async def decide_flag(self, account_number: str, decision: str) -> AccountFlagEntry:
        """CLEAR (the account's outflows flow again) or CONFIRM (they stay stopped)."""
        return await self._call(
            "POST",
            f"/core/risk/flags/{_segment(account_number)}/decide",
            AccountFlagEntry,
            json={"decision": decision},
        )

    # -- billers ---------------------------------------------------------------------------
    async def biller_catalog(self) -> dict[str, Any]:
        return (await self._call("GET", "/billers/catalog", BillerCatalog)).catalog

    async def biller_validate(
        self, category: str, provider_code: str, number: str, meter_type: str | None = None
    ) -> BillerHolder:
        body: dict[str, Any] = {
            "category": category,
            "providerCode": provider_code,
            "customerNumber": number,
        }
        if meter_type:
            body["meterType"] = meter_type
        return await self._call("POST", "/billers/validate", BillerHolder, json=body)

    async def biller_vend(self, body: dict[str, Any]) -> BillerVend:
        return await self._call("POST", "/billers/vend", BillerVend, json=body)

    async def biller_requery(self, reference: str) -> BillerVend:
        return await self._call(
            "POST", "/billers/requery", BillerVend, json={"reference": reference}
        )

    async def send_messages(self, messages: list[dict[str, Any]]) -> list[CoreMessageSent]:
        """The gateway, several messages in one call (at most `MESSAGES_PER_CALL`): each
        one's outcome, in order (a declined message is refused alone)."""
        return await self._call(
            "POST", "/core/messages/batch", list[CoreMessageSent], json={"messages": messages}
        )


def _json_or_empty(content: bytes) -> dict[str, Any]:
    try:
        body = msgspec.json.decode(content)
    except msgspec.DecodeError:
        return {}
    return body if isinstance(body, dict) else {}
