"""The signed `nameInquiryReference` (bff/payees/reference.py): a transfer that hands back the
customer's own, fresh name inquiry asks the payee's bank nothing more; any other reference is
refused with a sentence the customer can act on, and nothing is stored or sent."""

from __future__ import annotations

from datetime import timedelta

import pyotp
import pytest
from sqlalchemy import func, select

from bff.db import utcnow
from bff.errors import ValidationFailed
from bff.payees import lookup as lookup_module
from bff.payees import reference
from bff.tests.census import counting
from bff.tests.helpers import (
    ADA_CURRENT,
    GTB,
    TUNDE,
    TUNDE_ACCOUNT,
    TUNDE_TOTP_SECRET,
    Bff,
    auth,
    initiate,
)
from bff.transfers.models import Transfer

KEY = "test-secret"
NOW = 1_800_000_000.0
PAYEE = {"user_id": 7, "account": "9000000014", "bank": GTB}


def issued(**overrides: object) -> str:
    values: dict[str, object] = {
        **PAYEE,
        "account_name": "Adaeze Nwosu",
        "session_id": "0" * 30,
        "now": NOW,
        **overrides,
    }
    signed = reference.issue(KEY, **values)  # type: ignore[arg-type]
    assert signed is not None
    return signed


def test_a_reference_gives_back_what_the_inquiry_answered() -> None:
    payee = reference.check(KEY, issued(), **PAYEE, now=NOW + 60)
    assert payee == reference.CheckedPayee("Adaeze Nwosu", "0" * 30)
    kobo = reference.check(
        KEY, issued(session_id=None, bank="090605"), **{**PAYEE, "bank": "090605"}, now=NOW
    )
    assert kobo.session_id is None


@pytest.mark.parametrize(
    ("altered", "expected"),
    [
        ({"user_id": 8}, reference.NOT_VALID),  # another customer's
        ({"account": "9000000021"}, reference.NOT_VALID),  # another account
        ({"bank": "000014"}, reference.NOT_VALID),  # another bank
        ({"now": NOW + reference.LIFETIME_S}, reference.EXPIRED),
    ],
)
def test_a_reference_is_refused_for_anything_else(
    altered: dict[str, object], expected: str
) -> None:
    with pytest.raises(ValidationFailed) as refused:
        reference.check(KEY, issued(), **{**PAYEE, "now": NOW, **altered})  # type: ignore[arg-type]
    assert refused.value.message == expected
    assert refused.value.errors == [{"field": "nameInquiryReference", "message": expected}]


def test_a_forged_reference_is_refused() -> None:
    expiry, session, name, mac = issued().split(".")
    forged_name = reference._b64(b"Mallory Thief")
    far_expiry = format(int(NOW) + 10 * reference.LIFETIME_S, "x")
    for forged in (
        f"{expiry}.{session}.{forged_name}.{mac}",  # another name under the same MAC
        f"{far_expiry}.{session}.{name}.{mac}",  # a longer life
        f"{expiry}.{session}.{name}.{mac[:-2]}AA",
        "not-a-reference",
        "",
    ):
        with pytest.raises(ValidationFailed) as refused:
            reference.check(KEY, forged, **PAYEE, now=NOW)
        assert refused.value.message == reference.NOT_VALID, forged
    with pytest.raises(ValidationFailed):
        reference.check("another-key", issued(), **PAYEE, now=NOW)


def test_a_name_too_long_for_the_field_gets_no_reference() -> None:
    assert reference.issue(KEY, **PAYEE, account_name="A" * 200, session_id=None, now=NOW) is None


async def _transfers(bff: Bff) -> int:
    async with bff.db.reader() as session:
        return int(await session.scalar(select(func.count()).select_from(Transfer)) or 0)


async def _inquiry(bff: Bff, token: str, account: str, bank: str) -> str:
    answer = await bff.client.post(
        "/api/transfer/name-inquiry",
        headers=auth(token),
        json={"accountNumber": account, "bankCode": bank},
    )
    assert answer.status_code == 200, answer.text
    return str(answer.json()["nameInquiryReference"])


async def test_the_customers_own_inquiry_names_the_payee_without_asking_again(bff: Bff) -> None:
    token = await bff.sign_in()
    signed = await _inquiry(bff, token, "9000000014", GTB)
    with counting(bff.app.state.db.engine.url.database) as census:
        started = await initiate(
            bff,
            token,
            "other-banks",
            destinationAccountNumber="9000000014",
            destinationBankCode=GTB,
            nameInquiryReference=signed,
        )
    assert started.status_code == 201, started.text
    assert started.json()["transfer"]["destinationAccountName"] == "Adaeze Nwosu"
    assert "POST /nip/name-inquiry" not in census.calls
    async with bff.db.reader() as session:
        stored = await session.get(Transfer, started.json()["id"])
    assert stored is not None and stored.name_inquiry_ref == signed.split(".")[1]


async def test_other_references_are_refused_and_nothing_is_stored_or_sent(
    bff: Bff, monkeypatch: pytest.MonkeyPatch
) -> None:
    token = await bff.sign_in()
    login = await bff.login(TUNDE)
    tunde = (await bff.verify(login.json(), pyotp.TOTP(TUNDE_TOTP_SECRET).now())).json()[
        "tokenDTO"
    ]["accessToken"]
    mine = await _inquiry(bff, token, TUNDE_ACCOUNT, "090605")
    his = await _inquiry(bff, tunde, ADA_CURRENT, "090605")
    hers = await _inquiry(bff, tunde, TUNDE_ACCOUNT, "090605")
    other_account = await _inquiry(bff, token, "9000000014", GTB)
    before, inbox = await _transfers(bff), await bff.latest_code("ada.okafor@example.com")
    attempts = [
        (hers, TUNDE_ACCOUNT, reference.NOT_VALID),  # another customer's inquiry
        (his, ADA_CURRENT, reference.NOT_VALID),
        (other_account, TUNDE_ACCOUNT, reference.NOT_VALID),  # another account's
        (mine[:-1] + ("A" if mine[-1] != "A" else "B"), TUNDE_ACCOUNT, reference.NOT_VALID),
    ]
    for signed, account, expected in attempts:
        refused = await initiate(
            bff, token, "intrabank", destinationAccountNumber=account, nameInquiryReference=signed
        )
        assert refused.status_code == 400, refused.text
        assert refused.json()["detail"] == expected
    later = utcnow() + timedelta(seconds=reference.LIFETIME_S + 1)
    monkeypatch.setattr(lookup_module, "utcnow", lambda: later)
    expired = await initiate(
        bff, token, "intrabank", destinationAccountNumber=TUNDE_ACCOUNT, nameInquiryReference=mine
    )
    assert expired.status_code == 400 and expired.json()["detail"] == reference.EXPIRED
    assert await _transfers(bff) == before
    assert await bff.latest_code("ada.okafor@example.com") == inbox  # no code was sent
