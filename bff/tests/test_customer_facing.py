"""What the customer sees is true: after every kind of payment, every customer-facing answer
(dashboard, history, details, receipts, statements, bill and schedule lists, SMS and e-mail)
names the other party, keeps one reference, and carries none of the bank's internal codes."""

from __future__ import annotations

import base64
import io
import json
from typing import Any

import openpyxl
import pyotp
import pypdfium2

from bff.history.presentation import customer_reference, internal_codes
from bff.history.receipts import amount_in_words, group_digits, mask_account
from bff.tests.helpers import (
    ADA,
    ADA_CURRENT,
    ADA_SAVINGS,
    ELECTRICITY,
    GTB,
    TUNDE,
    TUNDE_ACCOUNT,
    TUNDE_TOTP_SECRET,
    Bff,
    H,
    auth,
    buy,
    follow_up,
    send,
    today,
)

ADA_PHONE = "08031234501"


async def sign_in_tunde(bff: Bff) -> str:
    """Tunde signs in with Google Authenticator (each test has its own BFF database)."""
    login = await bff.login(TUNDE)
    verified = await bff.verify(login.json(), pyotp.TOTP(TUNDE_TOTP_SECRET).now())
    assert verified.status_code == 200, verified.text
    return str(verified.json()["tokenDTO"]["accessToken"])


def pdf_text(content: bytes) -> str:
    document = pypdfium2.PdfDocument(content)
    try:
        return "\n".join(page.get_textpage().get_text_range() for page in document)
    finally:
        document.close()


def xlsx_text(content: bytes) -> str:
    book = openpyxl.load_workbook(io.BytesIO(content))
    return "\n".join(
        str(cell) for sheet in book for row in sheet.iter_rows(values_only=True) for cell in row
    )


async def get_json(bff: Bff, token: str, path: str, **params: Any) -> Any:
    answer = await bff.client.get(path, headers=auth(token), params=params)
    assert answer.status_code == 200, (path, answer.text)
    return answer.json()


async def statement_texts(bff: Bff, token: str, account: str) -> list[str]:
    body = {
        "nuban": account,
        "startDate": today().strftime("%d-%m-%Y"),
        "endDate": today().strftime("%d-%m-%Y"),
    }
    texts = []
    for path, read in ((f"{H}/download", pdf_text), (f"{H}/download/excel", xlsx_text)):
        asked = await bff.client.post(path, headers=auth(token), json=body)
        assert asked.status_code == 200, asked.text
        mail = (await bff.sim.get("/sim/messages", params={"recipient": ADA, "limit": 1})).json()
        attachment = mail[0]["attachments"][0]
        texts.append(read(base64.b64decode(attachment["content"])))
    return texts


async def everything_ada_sees(bff: Bff, token: str, references: list[str]) -> list[str]:
    """Every customer-facing text after the payments, as JSON or extracted file text."""
    seen: list[Any] = [
        await get_json(bff, token, "/api/client-summary"),
        await get_json(bff, token, H, size=100),
        await get_json(bff, token, "/api/utility/logs"),
        await get_json(bff, token, "/api/ibanking/personal/schedule-payments"),
        (await bff.sim.get("/sim/messages", params={"recipient": ADA, "limit": 30})).json(),
        (await bff.sim.get("/sim/messages", params={"recipient": ADA_PHONE, "limit": 30})).json(),
    ]
    texts = [json.dumps(item) for item in seen]
    for reference in references:
        texts.append(json.dumps(await get_json(bff, token, f"{H}/{reference}")))
        receipt = await bff.client.get(f"{H}/{reference}/receipt", headers=auth(token))
        assert receipt.status_code == 200 and receipt.headers["content-type"] == "application/pdf"
        texts.append(pdf_text(receipt.content))
    for account in (ADA_SAVINGS, ADA_CURRENT):
        texts += await statement_texts(bff, token, account)
    return texts


async def test_every_payment_keeps_one_reference_and_names_the_other_party(bff):
    token = await bff.sign_in()
    intra = await send(
        bff, token, "intrabank", "intrabank", destinationAccountNumber=TUNDE_ACCOUNT, amount=120
    )
    own = await send(
        bff, token, "own-account", "intrabank", destinationAccountNumber=ADA_CURRENT, amount=80
    )
    other = await send(
        bff,
        token,
        "other-banks",
        "other-banks",
        destinationAccountNumber="9000000014",
        destinationBankCode=GTB,
        amount=250,
        description="School fees",
    )
    pending = await send(  # times out at the switch, then the status query completes it
        bff,
        token,
        "other-banks",
        "other-banks",
        destinationAccountNumber="9000000038",
        destinationBankCode=GTB,
        amount=300,
    )
    failed = await send(  # declined by the other bank
        bff,
        token,
        "other-banks",
        "other-banks",
        destinationAccountNumber="9000000021",
        destinationBankCode=GTB,
        amount=50,
    )
    bill = await buy(bff, token, "electricity", **ELECTRICITY)
    assert pending.status_code == 202 and failed.status_code == 422 and bill.status_code == 200
    pending_before = await get_json(bff, token, f"{H}/{pending.json()['referenceNumber']}")
    assert pending_before["status"] == "PENDING"
    await follow_up(bff)

    transfers = {
        "intra": intra.json(),
        "own": own.json(),
        "other": other.json(),
        "pending": pending.json(),
        "failed": failed.json(),
    }
    for answer in transfers.values():
        assert answer["referenceNumber"] == answer["id"]
    references = [a["referenceNumber"] for a in transfers.values()] + [bill.json()["bill"]["id"]]
    # The reference the customer was given finds the payment from submission to completion.
    assert pending_before["referenceNumber"] == transfers["pending"]["referenceNumber"]

    history = (await get_json(bff, token, H, size=100))["content"]
    by_reference = {line["referenceNumber"]: line for line in history}
    completed_other = by_reference[transfers["other"]["referenceNumber"]]
    assert completed_other["narration"] == "Transfer to Adaeze Nwosu, Guaranty Trust Bank"
    assert completed_other["counterpartyName"] == "Adaeze Nwosu"
    assert completed_other["description"] == "School fees"
    assert by_reference[transfers["intra"]["referenceNumber"]]["counterpartyName"] == "Tunde Bakare"
    assert by_reference[transfers["pending"]["referenceNumber"]]["status"] == "COMPLETED"
    assert by_reference[transfers["failed"]["referenceNumber"]]["status"] == "FAILED"
    electricity = by_reference[references[-1]]
    assert electricity["narration"] == "Ikeja Electric prepaid, meter 45000000001"

    details = await get_json(bff, token, f"{H}/{transfers['other']['referenceNumber']}")
    assert details["sessionId"] and len(details["sessionId"]) == 30
    assert details["destinationAccountName"] == "Adaeze Nwosu"
    token_details = await get_json(bff, token, f"{H}/{references[-1]}")
    assert token_details["token"] == bill.json()["bill"]["vendingToken"]

    summary = await get_json(bff, token, "/api/client-summary")
    recent = {r["referenceNumber"]: r for r in summary["recentTransactions"]}
    assert recent[transfers["other"]["referenceNumber"]]["beneficiaryAccount"] == "9000000014"
    assert recent[transfers["other"]["referenceNumber"]]["counterpartyName"] == "Adaeze Nwosu"

    texts = await everything_ada_sees(bff, token, references)
    assert internal_codes(texts) == []
    receipt = pdf_text(
        (await bff.client.get(f"{H}/{references[2]}/receipt", headers=auth(token))).content
    )
    assert "Adaeze Nwosu" in receipt and references[2] in receipt and "naira" in receipt
    sms = (await bff.sim.get("/sim/messages", params={"recipient": ADA_PHONE})).json()
    assert any(transfers["pending"]["referenceNumber"] in m["body"] for m in sms)


async def test_the_recipient_of_a_kobo_transfer_sees_who_sent_it(bff):
    token = await bff.sign_in()
    sent = await send(
        bff,
        token,
        "intrabank",
        "intrabank",
        destinationAccountNumber=TUNDE_ACCOUNT,
        amount=75,
        description="Lunch",
    )
    reference = sent.json()["referenceNumber"]
    chioma = await sign_in_tunde(bff)
    lines = (await get_json(bff, chioma, H, size=20))["content"]
    line = next(line for line in lines if line["referenceNumber"] == reference)
    assert line["narration"] == "From Ada Okafor" and line["transactionType"] == "CREDIT"
    assert line["counterpartyBank"] == "Kobo Microfinance Bank"
    details = await get_json(bff, chioma, f"{H}/{reference}")
    assert details["sourceAccountName"] == "Ada Okafor"
    assert internal_codes([json.dumps(lines), json.dumps(details)]) == []


async def test_only_the_owner_gets_a_receipt(bff):
    token = await bff.sign_in()
    sent = await send(
        bff, token, "own-account", "intrabank", destinationAccountNumber=ADA_CURRENT, amount=10
    )
    reference = sent.json()["referenceNumber"]
    image = await bff.client.get(
        f"{H}/{reference}/receipt", headers=auth(token), params={"format": "png"}
    )
    assert image.status_code == 200 and image.content.startswith(b"\x89PNG\r\n\x1a\n")
    chioma = await sign_in_tunde(bff)
    for fmt in ("pdf", "png"):
        theirs = await bff.client.get(
            f"{H}/{reference}/receipt", headers=auth(chioma), params={"format": fmt}
        )
        assert theirs.status_code == 404
    unknown = await bff.client.get(f"{H}/NOPE123/receipt", headers=auth(token))
    assert unknown.status_code == 404
    anonymous = await bff.client.get(f"{H}/{reference}/receipt")
    assert anonymous.status_code == 401


async def test_seeded_history_reads_like_real_history(bff):
    token = await bff.sign_in()
    lines = (await get_json(bff, token, H, size=100))["content"]
    assert internal_codes([json.dumps(lines)]) == []
    # The seed's lines read like a bank's (other tests' lines may come first).
    seeded = await bff.seeded_lines(token)
    assert seeded
    # A line's details name the other party as the list does: a seeded credit's other leg is
    # a settlement account, its payer is on the line (the details once said "From <payer>"
    # where the list said "<payer>").
    for line in seeded[:5]:
        details = await get_json(bff, token, f"{H}/{line['referenceNumber']}")
        assert details["counterpartyName"] == line["counterpartyName"], line["referenceNumber"]
    kyc = await get_json(bff, token, "/api/kyc/status")
    assert [level["status"] for level in kyc["levels"]] == ["approved"] * 3


def test_receipt_wording():
    assert amount_in_words(125_050) == "One thousand, two hundred and fifty naira, fifty kobo"
    assert amount_in_words(100) == "One naira"
    assert mask_account("0123456789") == "012****789"
    assert group_digits("12345678901234567890") == "1234 5678 9012 3456 7890"
    assert customer_reference("HOLD-TRF-abc") == "abc" == customer_reference("abc")
    assert internal_codes(["GL-NIP-SETTLEMENT", "ELECTRICITY_BILL/IKEDC/1", "FT1020"]) == [
        "GL-N",
        "ELECTRICITY_BILL/",
    ]


async def test_a_formula_in_a_description_is_text_in_both_parties_excel_statements(bff):
    """Issue 22: a transfer description `=HYPERLINK(...)` became a live formula in the Excel
    statements of the sender and of the recipient. Followed here through both parties' real
    statements, read back as each receives them: the description is text, and no cell of
    either workbook is or would be read as a formula. (Today the narration puts the other
    party's name first; `test_history.py::test_free_text_in_the_excel_statement_is_never_a_formula`
    holds the writer itself to it for text that starts with `=`.)"""
    formula = '=HYPERLINK("http://evil.example/x","Click")'
    ada = await bff.sign_in()
    sent = await send(
        bff,
        ada,
        "intrabank",
        "intrabank",
        sourceAccountNumber=ADA_CURRENT,
        destinationAccountNumber=TUNDE_ACCOUNT,
        amount=1,
        description=formula,
    )
    assert sent.status_code == 200, sent.text
    tunde = await sign_in_tunde(bff)
    for token, email, account in ((ada, ADA, ADA_CURRENT), (tunde, TUNDE, TUNDE_ACCOUNT)):
        day = today().strftime("%d-%m-%Y")
        body = {"nuban": account, "startDate": day, "endDate": day}
        asked = await bff.client.post(f"{H}/download/excel", headers=auth(token), json=body)
        assert asked.status_code == 200, asked.text
        mail = (await bff.sim.get("/sim/messages", params={"recipient": email, "limit": 1})).json()
        content = base64.b64decode(mail[0]["attachments"][0]["content"])
        cells = [
            cell
            for sheet in openpyxl.load_workbook(io.BytesIO(content))
            for row in sheet.iter_rows()
            for cell in row
            if cell.value is not None
        ]
        assert not [c.coordinate for c in cells if c.data_type == "f"], email
        carrying = [c for c in cells if "HYPERLINK" in str(c.value)]
        assert carrying, f"the description is missing from {email}'s statement"
        assert all(c.data_type == "s" for c in carrying), email
        # No text cell a spreadsheet could read as a formula (OWASP CSV injection).
        texts = [str(c.value) for c in cells if c.data_type == "s"]
        assert not [t for t in texts if t.startswith(("=", "+", "-", "@", "\t", "\r"))], email
