"""Who may call what: every route of the BFF, taken from its own OpenAPI document.

Customer A (Ada) owns one of each resource; customer B (Tunde) has a session of his own. For
every route: without a token it answers 401 unless it is on the public allow-list below; with
B's token and A's ids in the path, body or query it answers 403 or 404 (never 2xx, never 5xx);
admin routes refuse customers; and everything A can observe is the same after B's walk.

The tables are deliberately strict: a route with a path parameter, a request body or a query
the tables do not know fails the test, so whoever adds a route decides here how it is guarded.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from bff.auth.models import Device
from bff.dates import LAGOS
from bff.passkeys.models import Passkey
from bff.privacy.models import DataExport, ExportStatus
from bff.privacy.service import token_digest
from bff.tests.helpers import (
    ADA,
    GTB,
    TUNDE_ACCOUNT,
    Bff,
    U,
    admin_token,
    auth,
    data_url,
    png_bytes,
    tunde_token,
)
from bff.users.models import User

ADA_SAVINGS, ADA_TARGET = "1020000115", "1020000139"
ADA_BVN = "22212345601"
METHODS = ("get", "post", "put", "patch", "delete")
LOGOUT = ("POST", "/auth/ibanking/personal/logout")
# B freezing his own account would make every later payment route refuse him for that reason
# before it looks at A's ids: walked just before B signs out.
FREEZE = ("POST", "/api/ibanking/personal/freeze")
SWITCH_OFF = ("POST", "/api/ibanking/personal/instant-transfers/off")

# Routes anyone may call. Everything else must answer 401 without a token.
PUBLIC_ROUTES = {
    # Signing in and recovering a password: the caller has no session yet.
    ("POST", "/auth/ibanking/personal/login"),
    ("POST", "/auth/ibanking/personal/otp-verification"),
    ("POST", "/auth/ibanking/personal/passkey/options"),
    ("POST", "/auth/ibanking/personal/passkey/sign-in"),
    ("POST", "/auth/ibanking/personal/password/forgot/{encoded}"),
    ("GET", "/auth/ibanking/personal/password/verify"),
    ("PATCH", "/auth/ibanking/personal/password/reset"),
    # Registering and verifying the e-mail, and the reference data the form is built from.
    ("POST", "/auth/ibanking/personal/registration/new"),
    ("POST", "/auth/ibanking/personal/registration/existing"),
    ("POST", "/auth/ibanking/personal/email/verification"),
    ("POST", "/auth/ibanking/personal/email/resend-code"),
    ("GET", "/auth/ibanking/personal/registration-enums"),
    ("GET", "/auth/ibanking/personal/states"),
    ("GET", "/auth/ibanking/personal/account-types"),
    # Probes for load balancers and orchestrators.
    ("GET", "/health"),
    ("GET", "/ready"),
}
# The OpenAPI document is public too, but it is not one of its own paths: checked apart.
OPENAPI_PATH = "/schema/openapi.json"


def today() -> str:
    return datetime.now(LAGOS).date().isoformat()


def day_months_ago(months: int) -> str:
    return (datetime.now(LAGOS).date() - timedelta(days=30 * months)).strftime("%d-%m-%Y")


@dataclass
class Owned:
    """A's resources (ids as the routes take them) and the code of A's pending transfer."""

    user_id: int
    disabling_account: str
    pending_transfer: str
    pending_transfer_code: str
    completed_transfer: str
    bulk_batch: str
    beneficiary: int
    beneficiary_code: str  # A's open code for saving B_FRIEND (A has not used it yet)
    schedule_uuid: str
    schedule_reference: str
    pending_vend: str
    completed_vend: str
    document: int
    kyc_submission: int
    ticket: int
    attachment: int
    limit_change: str
    transaction_reference: str
    passkey: int
    device: int
    dispute: str  # its tracking number
    data_export: int  # A's copy of her data, ready, its link's secret A_LINK_SECRET
    savings_pocket: int

    def markers(self) -> list[str]:
        """Strings only A's data contains: none may appear in an answer to B."""
        return [
            self.pending_transfer,
            self.completed_transfer,
            self.bulk_batch,
            self.schedule_uuid,
            self.schedule_reference,
            self.pending_vend,
            self.completed_vend,
            self.limit_change,
            self.dispute,
            TICKET_SUBJECT,
            ADA,
        ]


TICKET_SUBJECT = "A-only: my card was swallowed"
A_LINK_SECRET = "a-only-link-secret"


def path_values(owned: Owned) -> dict[str, tuple[str, bool]]:
    """Path parameter name -> (value, whether it is A's). New names must be added here."""
    return {
        "account_number": (owned.disabling_account, True),
        "beneficiary_id": (str(owned.beneficiary), True),
        "schedule_uuid": (owned.schedule_uuid, True),
        "reference_number": (owned.transaction_reference, True),
        "transfer_id": (owned.pending_transfer, True),
        "document_id": (str(owned.document), True),
        "ticket_id": (str(owned.ticket), True),
        "attachment_id": (str(owned.attachment), True),
        "submission_id": (str(owned.kyc_submission), True),
        "user_id": (str(owned.user_id), True),
        "passkey_id": (str(owned.passkey), True),
        "device_id": (str(owned.device), True),
        "tracking_number": (owned.dispute, True),
        "export_id": (str(owned.data_export), True),
        "pocket_id": (str(owned.savings_pocket), True),
        # Catalogue keys, nobody's property: the same for every customer.
        "code": ("MTN-DATA", False),
        "which": ("utility-bill", False),
        # The fraud team's queue: admin routes, refused to customers whatever the id.
        "review_id": ("1", False),
        "decision": ("clear", False),
    }


@dataclass
class Probe:
    """What B sends besides the path: `foreign` when it names A's account, id or code."""

    json: Any = None
    params: dict[str, str] | None = None
    foreign: bool = False


def transfer_from_a(**extra: object) -> Probe:
    body = {
        "sourceAccountNumber": ADA_SAVINGS,
        "destinationAccountNumber": TUNDE_ACCOUNT,
        "destinationBankCode": GTB,
        "amount": 1,
        "description": "not mine",
        **extra,
    }
    return Probe(json=body, foreign=True)


def schedule_from_a() -> Probe:
    setting = {"schedulePaymentDate": today()}
    return transfer_from_a(scheduleTransaction=True, schedulePaymentSetting=setting)


def vend_from_a(product: str) -> Probe:
    return Probe(
        json={
            "utilityProductType": product,
            "nuban": ADA_SAVINGS,
            "amount": 100,
            "phoneNumber": "08099990001",
            "airtimeProviderCode": "MTN",
            "dataBundleProviderCode": "MTN-DATA",
            "dataBundleCode": "MTN-1GB-1D",
            "electricityProviderCode": "IKEDC",
            "electricityMeterNum": "45000000001",
            "meterType": "PREPAID",
            "cableTvProviderCode": "GOTV",
            "cableTvBouquetCode": "GOTV-JINJA",
            "cableTvSmartCardNum": "7000000001",
        },
        foreign=True,
    )


def confirm_a_vend(o: Owned) -> Probe:
    return Probe(json={"otp": "123456", "utilityVendingRequestId": o.pending_vend}, foreign=True)


PERSONAL = "/api/ibanking/personal"
B_FRIEND = {"beneficiaryName": "A's other friend", "bankCode": GTB, "accountNumber": "9000000021"}
# Every route that takes a body or a query. B's own business (a ticket of his own, a look-up
# any customer may make) is not `foreign`; anything naming A's account or ids is.
PROBES: dict[tuple[str, str], Callable[[Owned], Probe]] = {
    # accounts and settings
    ("POST", "/api/accounts"): lambda o: Probe(json={"accountTypeId": 1}),
    ("POST", "/api/accounts/{account_number}/disable/confirm"): lambda o: Probe(
        json={"otp": "123456"}
    ),
    ("PATCH", f"{PERSONAL}/password"): lambda o: Probe(
        json={"oldPassword": "Wrong@2026", "newPassword": "New#Pass2026", "confirmPassword": "x"}
    ),
    ("POST", f"{PERSONAL}/2fa/otp-authentication/confirm"): lambda o: Probe(
        json={"code": "123456"}
    ),
    ("POST", f"{PERSONAL}/2fa/google-authenticator/confirm"): lambda o: Probe(
        json={"code": "123456"}
    ),
    ("POST", f"{PERSONAL}/2fa/passkey/options"): lambda o: Probe(json={"code": "123456"}),
    # B's own (made-up) credential: refused as B's, nothing of A's named.
    ("POST", f"{PERSONAL}/2fa/passkey/confirm"): lambda o: Probe(
        json={
            "id": "AAAA",
            "rawId": "AAAA",
            "type": "public-key",
            "response": {"clientDataJSON": "e30", "attestationObject": "oA"},
        }
    ),
    # A's passkey (the path names it): refused with or without a code.
    ("POST", f"{PERSONAL}/passkeys/{{passkey_id}}/remove"): lambda o: Probe(
        json={"otp": "123456"}, foreign=True
    ),
    ("POST", f"{PERSONAL}/passkeys/{{passkey_id}}/rename"): lambda o: Probe(
        json={"name": "B's now"}, foreign=True
    ),
    # A's device (the path names it): not renamed, not removed.
    ("POST", f"{PERSONAL}/devices/{{device_id}}/remove"): lambda o: Probe(
        json={"otp": "123456"}, foreign=True
    ),
    ("POST", f"{PERSONAL}/devices/{{device_id}}/rename"): lambda o: Probe(
        json={"name": "B's now"}, foreign=True
    ),
    ("POST", f"{PERSONAL}/transaction-limits"): lambda o: Probe(
        json={
            "dailyTransactionLimit": 1000,
            "singleTransactionLimit": 500,
            "nuban": ADA_SAVINGS,
            "transferType": "INTRA_BANK",
        },
        foreign=True,
    ),
    # B's own switch (he has no passkey): nothing of A's is named.
    ("POST", f"{PERSONAL}/2fa/change/passkey-options"): lambda o: Probe(
        json={"method": "OTP_AUTHENTICATION"}
    ),
    ("POST", f"{PERSONAL}/transaction-limits/passkey-options"): lambda o: Probe(
        json={"nuban": ADA_SAVINGS, "transactionLimitUuid": o.limit_change}, foreign=True
    ),
    ("POST", f"{PERSONAL}/transaction-limits/confirm"): lambda o: Probe(
        json={"otp": "123456", "nuban": ADA_SAVINGS, "transactionLimitUuid": o.limit_change},
        foreign=True,
    ),
    # transfers and beneficiaries
    ("POST", "/api/transfer/name-inquiry"): lambda o: Probe(
        json={"accountNumber": ADA_SAVINGS, "bankCode": "090605"}  # any customer may look up
    ),
    ("POST", "/api/transfer/intrabank-name-inquiry"): lambda o: Probe(
        json={"accountNumber": ADA_SAVINGS}
    ),
    ("POST", "/api/transfer/intrabank"): lambda o: transfer_from_a(),
    ("POST", "/api/transfer/own-account"): lambda o: transfer_from_a(
        destinationAccountNumber=ADA_TARGET
    ),
    ("POST", "/api/transfer/other-banks"): lambda o: transfer_from_a(
        destinationAccountNumber="9000000014"
    ),
    ("POST", "/api/transfer/intrabank/confirm"): lambda o: Probe(
        # A's own, still valid code: B holding it must not be enough.
        json={"otp": o.pending_transfer_code, "id": o.pending_transfer},
        foreign=True,
    ),
    ("POST", "/api/transfer/other-banks/confirm"): lambda o: Probe(
        json={"otp": o.pending_transfer_code, "id": o.pending_transfer}, foreign=True
    ),
    ("POST", "/api/transfer/passkey-options"): lambda o: Probe(
        json={"id": o.pending_transfer}, foreign=True
    ),
    ("POST", "/api/transfer/bulk"): lambda o: Probe(
        json={"transfers": [transfer_from_a().json]}, foreign=True
    ),
    ("POST", "/api/transfer/bulk/confirm"): lambda o: Probe(
        json={"otp": "123456", "id": o.bulk_batch}, foreign=True
    ),
    ("POST", "/api/transfer/bulk/passkey-options"): lambda o: Probe(
        json={"id": o.bulk_batch}, foreign=True
    ),
    # B's own beneficiary, with the code A was sent for the same account: B's first step
    # (no code) is his own business; A's code must not complete B's second.
    ("POST", "/api/beneficiaries"): lambda o: Probe(
        json={**B_FRIEND, "beneficiaryName": "B's friend", "otp": o.beneficiary_code}
    ),
    # B's own look-up (he has no passkey): nothing of A's is named.
    ("POST", "/api/beneficiaries/passkey-options"): lambda o: Probe(json=B_FRIEND),
    # scheduled payments
    ("POST", f"{PERSONAL}/schedule-payments/intrabank"): lambda o: schedule_from_a(),
    ("POST", f"{PERSONAL}/schedule-payments/interbank"): lambda o: schedule_from_a(),
    ("POST", f"{PERSONAL}/schedule-payments/own"): lambda o: schedule_from_a(),
    ("POST", f"{PERSONAL}/schedule-payments/bulk"): lambda o: Probe(
        json={
            "bulkScheduleTransfer": [transfer_from_a().json],
            "schedulePaymentSetting": {"schedulePaymentDate": today()},
        },
        foreign=True,
    ),
    ("PATCH", f"{PERSONAL}/schedule-payments/approve"): lambda o: Probe(
        json={"otp": "123456", "referenceNumber": o.schedule_reference}, foreign=True
    ),
    ("POST", f"{PERSONAL}/schedule-payments/passkey-options"): lambda o: Probe(
        json={"referenceNumber": o.schedule_reference}, foreign=True
    ),
    ("PUT", f"{PERSONAL}/schedule-payments/edit"): lambda o: Probe(
        json={**transfer_from_a().json, "uuid": o.schedule_uuid, "scheduleDate": today()},
        foreign=True,
    ),
    # history and statements
    ("GET", f"{PERSONAL}/transactions"): lambda o: Probe(
        params={"accountNumber": ADA_SAVINGS}, foreign=True
    ),
    ("GET", f"{PERSONAL}/transactions/{{reference_number}}/receipt"): lambda o: Probe(
        params={"format": "png"}
    ),
    ("POST", f"{PERSONAL}/transactions/download"): lambda o: Probe(
        json={"nuban": ADA_SAVINGS, "startDate": day_months_ago(1), "endDate": day_months_ago(0)},
        foreign=True,
    ),
    ("POST", f"{PERSONAL}/transactions/download/excel"): lambda o: Probe(
        json={"nuban": ADA_SAVINGS, "startDate": day_months_ago(1), "endDate": day_months_ago(0)},
        foreign=True,
    ),
    # bills
    ("POST", f"{U}/airtime/vend/initiate"): lambda o: vend_from_a("AIRTIME"),
    ("POST", f"{U}/databundle/vend/initiate"): lambda o: vend_from_a("DATA"),
    ("POST", f"{U}/electricity/vend/initiate"): lambda o: vend_from_a("ELECTRICITY_BILL"),
    ("POST", f"{U}/cabletv/vend/initiate"): lambda o: vend_from_a("CABLE_TV"),
    ("POST", f"{U}/airtime/vend/confirm"): confirm_a_vend,
    ("POST", f"{U}/databundle/vend/confirm"): confirm_a_vend,
    ("POST", f"{U}/electricity/vend/confirm"): confirm_a_vend,
    ("POST", f"{U}/cabletv/vend/confirm"): confirm_a_vend,
    ("POST", "/api/utility/passkey-options"): lambda o: Probe(
        json={"utilityVendingRequestId": o.pending_vend}, foreign=True
    ),
    ("POST", f"{U}/electricity/meter-info"): lambda o: Probe(
        json={
            "meterNumber": "45000000001",
            "electricityProviderCode": "IKEDC",
            "meterType": "PREPAID",
        }
    ),
    ("POST", f"{U}/cabletv/card-info"): lambda o: Probe(
        json={"smartCardNumber": "7000000001", "cableTvProviderCode": "GOTV"}
    ),
    # KYC and onboarding: B's own levels and documents (A's are reached by id only)
    ("POST", "/api/kyc/level-1"): lambda o: Probe(json={}),
    ("POST", "/api/kyc/level-2"): lambda o: Probe(json={}),
    ("POST", "/api/kyc/level-3"): lambda o: Probe(json={}),
    ("POST", "/api/onboarding/basic-profile"): lambda o: Probe(json={}),
    ("POST", "/api/onboarding/documents"): lambda o: Probe(
        json={"documentTypeId": 1, "content": data_url(png_bytes())}
    ),
    # tickets
    ("POST", "/api/tickets"): lambda o: Probe(json={"subject": "B's own", "body": "Hello"}),
    ("POST", "/api/tickets/{ticket_id}/messages"): lambda o: Probe(
        json={"text": "B writes in A's ticket"}
    ),
    ("POST", "/api/tickets/{ticket_id}/status"): lambda o: Probe(json={"resolved": True}),
    # disputes: B reporting A's payment; B's own list, filtered by A's payment, is empty
    ("POST", "/api/disputes"): lambda o: Probe(
        json={"paymentReference": o.completed_transfer, "reason": "NOT_RECEIVED"}, foreign=True
    ),
    ("GET", "/api/disputes"): lambda o: Probe(params={"paymentReference": o.completed_transfer}),
    # data rights: B's own copy, consent and request; A's copy with its very secret refused
    ("POST", "/api/privacy/exports"): lambda o: Probe(json={}),
    ("POST", "/api/privacy/exports/{export_id}/download"): lambda o: Probe(
        json={"token": A_LINK_SECRET}, foreign=True
    ),
    ("POST", "/api/privacy/consents"): lambda o: Probe(json={"channel": "SMS", "given": True}),
    ("POST", "/api/privacy/requests"): lambda o: Probe(
        json={"kind": "CORRECTION", "details": "B's own middle name"}
    ),
    # freezing: B's own account only (the body names nobody)
    ("POST", f"{PERSONAL}/unfreeze"): lambda o: Probe(
        json={"newPassword": "Other#Kobo2027", "confirmPassword": "Other#Kobo2027"}
    ),
    # selfies: B's own (the body names nobody)
    ("POST", "/api/onboarding/liveness"): lambda o: Probe(json={"image": data_url(png_bytes())}),
    ("POST", f"{PERSONAL}/liveness"): lambda o: Probe(json={"image": data_url(png_bytes())}),
    ("POST", "/admin/api/liveness/{user_id}/decline"): lambda o: Probe(json={"reason": "no"}),
    # savings: A's pocket in the path, or A's account in the body
    ("POST", "/api/savings/pockets"): lambda o: Probe(
        json={
            "product": "FLEXIBLE",
            "name": "B's",
            "sourceAccountNumber": ADA_SAVINGS,
            "amount": 1,
        },
        foreign=True,
    ),
    ("POST", "/api/savings/pockets/{pocket_id}/top-up"): lambda o: Probe(json={"amount": 1}),
    ("POST", "/api/savings/pockets/{pocket_id}/withdraw"): lambda o: Probe(json={"amount": 1}),
    ("POST", "/api/savings/pockets/{pocket_id}/break"): lambda o: Probe(json={}),
    ("PUT", "/api/savings/pockets/{pocket_id}/auto-save"): lambda o: Probe(json={"kind": "NONE"}),
    ("GET", "/api/savings/pockets/{pocket_id}/transactions"): lambda o: Probe(
        params={"page": 0, "size": 10}
    ),
    # the instant-transfer switch: B's own profile only (the body names nobody)
    ("POST", f"{PERSONAL}/instant-transfers/on"): lambda o: Probe(json={}),
    # back office (customers are refused whatever they send)
    ("GET", "/admin/api/risk/queue"): lambda o: Probe(params={"all": "true"}),
    ("POST", "/admin/api/risk/reviews/{review_id}/cancel"): lambda o: Probe(
        json={"reason": "B is not the fraud team"}
    ),
    ("POST", "/admin/api/clock"): lambda o: Probe(json={"offsetSeconds": 86_400}),
    ("GET", "/admin/api/audit-events"): lambda o: Probe(params={"event": "SIGN_IN"}),
    ("POST", "/admin/api/kyc/submissions/{submission_id}/review"): lambda o: Probe(
        json={"decision": "APPROVE"}
    ),
    ("POST", "/admin/api/onboarding/applicants/{user_id}/basic-profile/review"): lambda o: Probe(
        json={"decision": "APPROVE"}
    ),
    ("POST", "/admin/api/onboarding/documents/{document_id}/review"): lambda o: Probe(
        json={"decision": "APPROVE"}
    ),
    ("GET", "/admin/api/disputes"): lambda o: Probe(params={"all": "true"}),
    ("GET", "/admin/api/privacy/requests"): lambda o: Probe(params={"all": "true"}),
    ("POST", "/admin/api/privacy/offers"): lambda o: Probe(
        json={"channel": "EMAIL", "subject": "B's offer", "text": "B sends offers to everyone"}
    ),
    ("POST", "/admin/api/privacy/requests/{tracking_number}/correct"): lambda o: Probe(
        json={"answer": "Not an agent"}
    ),
    ("POST", "/admin/api/privacy/requests/{tracking_number}/reject"): lambda o: Probe(
        json={"answer": "Not an agent"}
    ),
    ("POST", "/admin/api/disputes/{tracking_number}/reject"): lambda o: Probe(
        json={"reason": "Not an agent"}
    ),
    ("POST", "/admin/api/tickets/{ticket_id}/messages"): lambda o: Probe(
        json={"text": "Not an agent"}
    ),
}


@dataclass(frozen=True)
class Route:
    method: str
    path: str
    operation: dict[str, Any]

    @property
    def key(self) -> tuple[str, str]:
        return (self.method, self.path)

    @property
    def is_admin(self) -> bool:
        return self.path.startswith("/admin/")

    def takes(self, where: str) -> bool:
        return any(p["in"] == where for p in self.operation.get("parameters", []))


def routes_of(bff: Bff) -> list[Route]:
    document = bff.app.openapi_schema.to_schema()
    found = [
        Route(method.upper(), path, operation)
        for path, item in document["paths"].items()
        for method, operation in item.items()
        if method in METHODS
    ]
    assert len(found) > 100, "the OpenAPI document lost its routes"
    return found


@dataclass
class Request:
    method: str
    url: str
    json: Any
    params: dict[str, str] | None
    foreign: bool


def request_for(route: Route, owned: Owned) -> Request:
    values = path_values(owned)
    foreign = False

    def substitute(match: re.Match[str]) -> str:
        nonlocal foreign
        name = match.group(1)
        assert name in values, f"{route.key}: path parameter {name!r} is not in path_values()"
        value, is_a_s = values[name]
        foreign = foreign or is_a_s
        return value

    url = re.sub(r"\{(\w+)\}", substitute, route.path)
    needs_probe = "requestBody" in route.operation or route.takes("query")
    assert not needs_probe or route.key in PROBES, (
        f"{route.key} takes a body or a query: add what B sends to PROBES"
    )
    probe = PROBES[route.key](owned) if route.key in PROBES else Probe()
    return Request(route.method, url, probe.json, probe.params, foreign or probe.foreign)


# Bulk requests check every row and answer 400 with one error per row, so the customer can
# fix them all at once; another customer's account is refused there in the same words as an
# account that does not exist.
CHECKED_ROW_BY_ROW = {
    ("POST", "/api/transfer/bulk"),
    ("POST", f"{PERSONAL}/schedule-payments/bulk"),
}


def refused_row_by_row(answer) -> bool:  # type: ignore[no-untyped-def]
    errors = answer.json().get("errors") or [] if answer.status_code == 400 else []
    return bool(errors) and all(e["message"] == "Account not found" for e in errors)


async def call(bff: Bff, request: Request, token: str | None):  # type: ignore[no-untyped-def]
    return await bff.client.request(
        request.method,
        request.url,
        json=request.json,
        params=request.params,
        headers=auth(token) if token else None,
    )


# -- A's resources and what A can see -------------------------------------------------------


async def sign_in_with_id(bff: Bff, email: str) -> tuple[str, int]:
    login = await bff.login(email)
    assert login.status_code == 200, login.text
    verified = await bff.verify(login.json(), await bff.latest_code(email))
    assert verified.status_code == 200, verified.text
    return verified.json()["tokenDTO"]["accessToken"], login.json()["userId"]


def expect(response, status: int = 201) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    assert response.status_code == status, response.text
    return response.json()  # type: ignore[no-any-return]


@contextlib.asynccontextmanager
async def onboarding_reopened(bff: Bff, user_id: int) -> AsyncIterator[None]:
    async with bff.db.transaction() as session:
        user = await session.get(User, user_id)
        assert user is not None
        user.onboarding_complete = False
    try:
        yield
    finally:
        async with bff.db.transaction() as session:
            user = await session.get(User, user_id)
            assert user is not None
            user.onboarding_complete = True


async def own_one_of_each(bff: Bff, token: str, user_id: int) -> Owned:
    post = bff.client.post
    h = auth(token)
    transfer = {"sourceAccountNumber": ADA_SAVINGS, "amount": 10, "description": "mine"}
    own = expect(
        await post(
            "/api/transfer/own-account",
            headers=h,
            json={**transfer, "destinationAccountNumber": ADA_TARGET},
        )
    )
    completed = expect(
        await post(
            "/api/transfer/intrabank/confirm",
            headers=h,
            json={"otp": await bff.latest_code(ADA), "id": own["id"]},
        ),
        200,
    )
    assert completed["status"] == "COMPLETED", completed
    dispute = expect(
        await post(
            "/api/disputes",
            headers=h,
            json={"paymentReference": completed["id"], "reason": "NOT_RECEIVED"},
        )
    )["dispute"]["trackingNumber"]
    pending = expect(
        await post(
            "/api/transfer/intrabank",
            headers=h,
            json={**transfer, "destinationAccountNumber": TUNDE_ACCOUNT},
        )
    )
    pending_code = await bff.latest_code(ADA)
    bulk_row = {**transfer, "destinationAccountNumber": "9000000014", "destinationBankCode": GTB}
    bulk = expect(await post("/api/transfer/bulk", headers=h, json={"transfers": [bulk_row]}))
    friend = {"beneficiaryName": "A's friend", "bankCode": GTB, "accountNumber": "9000000014"}
    expect(await post("/api/beneficiaries", headers=h, json=friend), 202)
    beneficiary = expect(
        await post(
            "/api/beneficiaries",
            headers=h,
            json={**friend, "otp": await bff.latest_code(ADA)},
        )
    )
    expect(await post("/api/beneficiaries", headers=h, json=B_FRIEND), 202)
    beneficiary_code = await bff.latest_code(ADA)
    schedule = (
        expect(
            await post(
                f"{PERSONAL}/schedule-payments/intrabank",
                headers=h,
                json={
                    **transfer,
                    "destinationAccountNumber": TUNDE_ACCOUNT,
                    "scheduleTransaction": True,
                    "schedulePaymentSetting": {"schedulePaymentDate": today()},
                },
            )
        )
    )[0]
    airtime = {
        "utilityProductType": "AIRTIME",
        "nuban": ADA_SAVINGS,
        "phoneNumber": "08099990001",
        "amount": 100,
        "airtimeProviderCode": "MTN",
    }
    bought = expect(await post(f"{U}/airtime/vend/initiate", headers=h, json=airtime))
    paid = await post(
        f"{U}/airtime/vend/confirm",
        headers=h,
        json={
            "otp": await bff.latest_code(ADA),
            "utilityVendingRequestId": bought["utilityVendingRequestId"],
        },
    )
    assert paid.status_code == 200, paid.text
    vend = expect(await post(f"{U}/airtime/vend/initiate", headers=h, json=airtime))
    # Onboarding steps are closed to an onboarded customer (409): A's document is one she
    # uploaded while still onboarding.
    async with onboarding_reopened(bff, user_id):
        document = expect(
            await post(
                "/api/onboarding/documents",
                headers=h,
                json={"documentTypeId": 1, "content": data_url(png_bytes())},
            )
        )
    level_3 = await post(
        "/api/kyc/level-3",
        headers=h,
        json={
            "bvn": ADA_BVN,
            "utilityBill": data_url(png_bytes()),
            "validIdentificationCard": data_url(png_bytes(3)),
        },
    )
    assert level_3.status_code == 200, level_3.text
    reviews = (
        await bff.client.get("/admin/api/kyc/reviews", headers=auth(await admin_token(bff)))
    ).json()
    (submission,) = [r["id"] for r in reviews if r["userId"] == user_id]
    ticket = (
        expect(
            await post(
                "/api/tickets",
                headers=h,
                json={
                    "subject": TICKET_SUBJECT,
                    "body": "Please help.",
                    "attachments": [{"name": "atm.png", "document": data_url(png_bytes())}],
                },
            )
        )
    )["ticket"]
    statement = await post(
        f"{PERSONAL}/transactions/download",
        headers=h,
        json={"nuban": ADA_SAVINGS, "startDate": day_months_ago(1), "endDate": day_months_ago(0)},
    )
    assert statement.status_code == 200, statement.text
    limit = expect(
        await post(
            f"{PERSONAL}/transaction-limits",
            headers=h,
            json={
                "dailyTransactionLimit": 1000,
                "singleTransactionLimit": 500,
                "nuban": ADA_SAVINGS,
                "transferType": "INTRA_BANK",
            },
        ),
        200,
    )
    # A has asked to disable a new, empty account: B's confirm must not finish it.
    empty = (expect(await post("/api/accounts", headers=h, json={"accountTypeId": 2})))["account"][
        "accountNumber"
    ]
    expect(await post(f"/api/accounts/{empty}/disable", headers=h), 200)
    # A line of A's alone (a seeded one, FT…): the simulator is shared by the session, and
    # another test's transfer between A and B is B's transaction too (its details answer B,
    # rightly). Earlier files on this worker may have pushed the seeded lines off page 0.
    seeded = await bff.seeded_lines(token)
    assert seeded, "no seeded line in the customer's history"
    own_line = str(seeded[0]["referenceNumber"])
    # A's passkey, stored as registration stores one (the ceremony is bff/tests/test_passkeys.py).
    async with bff.db.transaction() as session:
        passkey = Passkey(
            user_id=user_id, credential_id="a-s-passkey", public_key=b"\xa0", name="A's phone"
        )
        session.add(passkey)
        device = Device(user_id=user_id, token_hash="a" * 64, name="A's laptop")
        session.add(device)
        # A's copy of her data, ready, as the jobs runner leaves one (bff/tests/test_data_rights.py
        # builds real ones): B holding its link's secret must still get nothing.
        data_export = DataExport(
            user_id=user_id,
            status=ExportStatus.READY,
            token_hash=token_digest(A_LINK_SECRET),
            link_expires_at=datetime.now(LAGOS) + timedelta(hours=1),
        )
        session.add(data_export)
    pocket = expect(
        await post(
            "/api/savings/pockets",
            headers=h,
            json={
                "product": "FLEXIBLE",
                "name": "A's pocket",
                "sourceAccountNumber": ADA_SAVINGS,
                "amount": 10,
            },
        )
    )
    return Owned(
        user_id=user_id,
        disabling_account=empty,
        pending_transfer=pending["id"],
        pending_transfer_code=pending_code,
        completed_transfer=completed["id"],
        bulk_batch=bulk["id"],
        beneficiary=beneficiary["beneficiary"]["id"],
        beneficiary_code=beneficiary_code,
        savings_pocket=pocket["id"],
        schedule_uuid=schedule["uuid"],
        schedule_reference=schedule["referenceNumber"],
        pending_vend=vend["utilityVendingRequestId"],
        completed_vend=bought["utilityVendingRequestId"],
        document=document["document"]["id"],
        kyc_submission=submission,
        ticket=ticket["id"],
        attachment=ticket["messages"][0]["attachments"][0]["id"],
        limit_change=limit["transactionLimitUuid"],
        transaction_reference=own_line,
        passkey=passkey.id,
        device=device.id,
        dispute=dispute,
        data_export=data_export.id,
    )


async def observable_state(bff: Bff, token: str, owned: Owned) -> dict[str, Any]:
    """Everything A can read about A's money and records, plus the core's balances."""
    reads = [
        "/api/accounts",
        f"/api/transfer/{owned.pending_transfer}",
        f"/api/transfer/{owned.completed_transfer}",
        "/api/beneficiaries",
        f"{PERSONAL}/schedule-payments",
        f"{PERSONAL}/transaction-limits",
        f"{PERSONAL}/transactions?size=100",
        f"{PERSONAL}/2fa/type",
        f"{PERSONAL}/passkeys",
        f"{PERSONAL}/devices",
        "/api/utility/logs",
        "/api/tickets",
        f"/api/tickets/{owned.ticket}",
        "/api/disputes",
        f"/api/disputes/{owned.dispute}",
        "/api/privacy/exports",
        "/api/privacy/consents",
        "/api/privacy/requests",
        f"{PERSONAL}/freeze",
        f"/api/tickets/attachments/{owned.attachment}/download",
        "/api/onboarding/documents",
        f"/api/onboarding/documents/{owned.document}/download",
        "/api/kyc/status",
        "/api/kyc/uploaded-documents",
        "/api/kyc/biodata",
    ]
    state: dict[str, Any] = {}
    for path in reads:
        response = await bff.client.get(path, headers=auth(token))
        assert response.status_code == 200, (path, response.text)
        state[path] = response.json()
    for account in state["/api/accounts"]:
        number = account["accountNumber"]
        state[f"core {number}"] = (await bff.sim.get(f"/core/accounts/{number}")).json()
    return state


# -- the walks ----------------------------------------------------------------------------


def check_contract(routes: list[Route]) -> None:
    """The tables name real routes, and the document shows the lock exactly where the
    server asks for a token."""
    keys = {r.key for r in routes}
    assert keys >= PUBLIC_ROUTES, f"stale public routes: {PUBLIC_ROUTES - keys}"
    assert set(PROBES) <= keys, f"stale PROBES entries: {set(PROBES) - keys}"
    for route in routes:
        declared = bool(route.operation.get("security"))
        assert declared != (route.key in PUBLIC_ROUTES), f"{route.key}: OpenAPI security"


async def walk_without_a_session(bff: Bff, guarded: list[Route], owned: Owned) -> list[str]:
    failures = []
    for token in (None, "forged-token"):
        for route in guarded:
            answer = await call(bff, request_for(route, owned), token)
            if answer.status_code != 401:
                failures.append(f"token {token}: {route.key} -> {answer.status_code}")
    return failures


def judge(route: Route, request: Request, answer, owned: Owned) -> str | None:  # type: ignore[no-untyped-def]
    """What is wrong with the answer to another customer, if anything."""
    status = answer.status_code
    if status == 404 and answer.json().get("detail") == "Not Found":
        return "the router's 404: the request did not reach the route (fix the tables)"
    if route.is_admin:
        return None if status == 403 else "wanted 403"
    if request.foreign and route.key in CHECKED_ROW_BY_ROW:
        return None if refused_row_by_row(answer) else "wanted 400 'Account not found' per row"
    if request.foreign:
        return None if status in (403, 404) else "wanted 403 or 404"
    leaked = [marker for marker in owned.markers() if marker in answer.text]
    if status >= 500 or leaked:
        return f"wanted no 5xx and none of A's data {leaked}"
    return None


async def walk_as_b(
    bff: Bff, guarded: list[Route], owned: Owned, token_b: str, token_a: str
) -> list[str]:
    failures = []
    # B's switching instant transfers off, B's freeze, then B's sign-out come last.
    last = (SWITCH_OFF, FREEZE, LOGOUT)
    for route in sorted(guarded, key=lambda r: last.index(r.key) if r.key in last else -1):
        request = request_for(route, owned)
        # Admin routes refuse every customer, the owner too.
        callers = [("B", token_b), ("A", token_a)] if route.is_admin else [("B", token_b)]
        for who, token in callers:
            answer = await call(bff, request, token)
            if problem := judge(route, request, answer, owned):
                failures.append(
                    f"{who}: {route.key} -> {answer.status_code}, {problem}: {answer.text[:200]}"
                )
        if request.foreign and route.method == "GET" and not route.is_admin:
            # The very request B was refused is A's to make: B hit a real resource.
            mine = await call(bff, request, token_a)
            if mine.status_code != 200:
                failures.append(f"A: {route.key} -> {mine.status_code}: {mine.text[:200]}")
    return failures


async def test_every_route_is_guarded_and_b_cannot_touch_a(bff):
    routes = routes_of(bff)
    check_contract(routes)
    assert (await bff.client.get(OPENAPI_PATH)).status_code == 200  # public, not in the paths

    token_a, ada_id = await sign_in_with_id(bff, ADA)
    owned = await own_one_of_each(bff, token_a, ada_id)
    token_b = await tunde_token(bff)
    before = await observable_state(bff, token_a, owned)

    guarded = [r for r in routes if r.key not in PUBLIC_ROUTES]
    failures = await walk_without_a_session(bff, guarded, owned)
    failures += await walk_as_b(bff, guarded, owned, token_b, token_a)
    assert not failures, "\n".join(failures)

    after = await observable_state(bff, token_a, owned)
    changed = [key for key in before if before[key] != after[key]]
    assert not changed, {key: (before[key], after[key]) for key in changed}
    # B's tries did not use up A's code: A can still finish the pending transfer with it.
    done = await bff.client.post(
        "/api/transfer/intrabank/confirm",
        headers=auth(token_a),
        json={"otp": owned.pending_transfer_code, "id": owned.pending_transfer},
    )
    assert done.status_code == 200, done.text
    # Nor A's beneficiary code.
    saved = await bff.client.post(
        "/api/beneficiaries",
        headers=auth(token_a),
        json={**B_FRIEND, "otp": owned.beneficiary_code},
    )
    assert saved.status_code == 201, saved.text
