"""Transaction history, details, and e-mailed statements that add up."""

from __future__ import annotations

import base64
import io
import shutil
import subprocess
from datetime import date, datetime, timedelta

import openpyxl
import pytest

from bff.dates import LAGOS
from bff.history.statements import Statement, StatementLine, render_pdf, render_xlsx
from bff.tests.helpers import ADA, GTB, Bff, H, auth, send, today

BUSY = "1020000122"  # Ada's current account: over a thousand seeded lines


async def latest_attachment(bff: Bff) -> tuple[str, bytes]:
    mail = (await bff.sim.get("/sim/messages", params={"recipient": ADA, "limit": 1})).json()[0]
    attachment = mail["attachments"][0]
    return attachment["name"], base64.b64decode(attachment["content"])


async def test_history_is_paged_and_filtered_on_the_server(bff):
    token = await bff.sign_in()
    first = (await bff.client.get(H, headers=auth(token), params={"size": 10})).json()
    assert len(first["content"]) == 10 and first["totalElements"] > 1000
    line = first["content"][0]
    assert set(line) >= {
        "referenceNumber",
        "dateCreated",
        "timeCreated",
        "narration",
        "transactionType",
        "amount",
    }
    assert len(line["dateCreated"]) == 10 and len(line["timeCreated"]) == 5
    second = (await bff.client.get(H, headers=auth(token), params={"size": 10, "page": 1})).json()
    assert {r["referenceNumber"] for r in first["content"]}.isdisjoint(
        {r["referenceNumber"] for r in second["content"]}
    )
    credits = (
        await bff.client.get(
            H,
            headers=auth(token),
            params={"transactionType": "CREDIT", "accountNumber": "1020000115", "size": 100},
        )
    ).json()
    assert credits["content"] and all(
        r["transactionType"] == "CREDIT" and r["accountNumber"] == "1020000115"
        for r in credits["content"]
    )
    salary = (
        await bff.client.get(H, headers=auth(token), params={"search": "salary", "size": 100})
    ).json()
    assert salary["content"] and all("salary" in r["narration"].lower() for r in salary["content"])
    week = (
        await bff.client.get(
            H,
            headers=auth(token),
            params={
                "startDate": (today() - timedelta(days=7)).strftime("%d-%m-%Y"),
                "endDate": today().strftime("%d-%m-%Y"),
                "size": 100,
            },
        )
    ).json()
    assert 0 < week["totalElements"] < first["totalElements"]


async def test_pages_walked_one_by_one_match_one_big_page(bff):
    """Each account's lines come paged from the core and are merged here with pending and
    failed transfers: walking the pages must give exactly the newest rows, in order."""
    token = await bff.sign_in()
    big = (await bff.client.get(H, headers=auth(token), params={"size": 60})).json()
    walked = []
    for page in range(6):
        answer = await bff.client.get(H, headers=auth(token), params={"size": 10, "page": page})
        assert answer.json()["totalElements"] == big["totalElements"]
        walked += answer.json()["content"]
    assert walked == big["content"]
    dates = [datetime.strptime(r["dateCreated"], "%d-%m-%Y") for r in walked]
    assert dates == sorted(dates, reverse=True)


async def test_history_pages_stop_at_ten_thousand_rows(bff):
    token = await bff.sign_in()
    too_deep = await bff.client.get(H, headers=auth(token), params={"size": 100, "page": 100})
    assert too_deep.status_code == 400
    assert too_deep.json()["detail"] == "Choose dates or a search to see older transactions"
    deepest = await bff.client.get(H, headers=auth(token), params={"size": 100, "page": 99})
    assert deepest.status_code == 200


async def test_odd_references_are_not_found_not_errors(bff):
    """A reference is put into the core's URL escaped (schemathesis found a 500 here)."""
    token = await bff.sign_in()
    for odd in ("%21S%1E", "a%3Fb%23c", "..%2F..%2Fsim%2Fclock"):
        answer = await bff.client.get(f"{H}/{odd}", headers=auth(token))
        assert answer.status_code == 404, (odd, answer.text)


async def test_history_refuses_other_accounts_and_bad_ranges(bff):
    token = await bff.sign_in()
    other = await bff.client.get(H, headers=auth(token), params={"accountNumber": "1020000218"})
    assert other.status_code == 404
    backwards = await bff.client.get(
        H, headers=auth(token), params={"startDate": "10-11-2026", "endDate": "01-11-2026"}
    )
    assert backwards.status_code == 400
    assert backwards.json()["detail"] == "The end date cannot be before the start date"


async def test_transaction_details_name_both_parties(bff):
    token = await bff.sign_in()
    done = await bff.client.post(
        "/api/transfer/intrabank",
        headers=auth(token),
        json={
            "sourceAccountNumber": "1020000115",
            "destinationAccountNumber": "1020000218",
            "amount": 12.5,
            "description": "details test",
        },
    )
    await bff.client.post(
        "/api/transfer/intrabank/confirm",
        headers=auth(token),
        json={"otp": await bff.latest_code(ADA), "id": done.json()["id"]},
    )
    newest = (
        await bff.client.get(H, headers=auth(token), params={"search": "details test"})
    ).json()["content"][0]
    detail = (await bff.client.get(f"{H}/{newest['referenceNumber']}", headers=auth(token))).json()
    assert (
        detail["sourceAccountNumber"] == "1020000115"
        and detail["destinationAccountName"] == "Tunde Bakare"
    )
    assert detail["amount"] == 12.5 and detail["transactionType"] == "DEBIT"
    # Another customer's transaction is not found.
    tunde_seed = (
        await bff.sim.get("/core/accounts/1020000218/statement", params={"limit": 500})
    ).json()[-1]
    foreign = await bff.client.get(f"{H}/{tunde_seed['postingReference']}", headers=auth(token))
    assert foreign.status_code == 404


async def test_details_carry_the_balance_after_as_the_list_does(bff):
    """Details opened by reference (a reported problem's link) show the line's balance
    after it, as its row in the list does: the same line, one answer (issue 55)."""
    token = await bff.sign_in()
    page = (await bff.client.get(H, headers=auth(token), params={"size": 10})).json()
    completed = [line for line in page["content"] if line["status"] == "COMPLETED"]
    assert completed
    for line in completed:
        answer = await bff.client.get(f"{H}/{line['referenceNumber']}", headers=auth(token))
        assert answer.status_code == 200, (line, answer.text)
        assert line["balanceAfter"] is not None
        assert answer.json()["balanceAfter"] == line["balanceAfter"], line["referenceNumber"]


@pytest.mark.parametrize(("path", "kind"), [("download", "pdf"), ("download/excel", "xlsx")])
async def test_statement_is_emailed_as_a_file(bff, path, kind):
    token = await bff.sign_in()
    start = (today() - timedelta(days=200)).strftime("%d-%m-%Y")
    response = await bff.client.post(
        f"{H}/{path}",
        headers=auth(token),
        json={"nuban": BUSY, "startDate": start, "endDate": today().strftime("%d-%m-%Y")},
    )
    assert response.status_code == 200
    assert (
        response.json()["message"]
        == "Bank statement requested successfully and will be sent to your mail shortly"
    )
    name, content = await latest_attachment(bff)
    assert name == f"statement-{BUSY}.{kind}"
    assert content.startswith(b"%PDF-" if kind == "pdf" else b"PK")


async def test_excel_statement_totals_match_the_ledger(bff):
    token = await bff.sign_in()
    start_day = today() - timedelta(days=200)
    await bff.client.post(
        f"{H}/download/excel",
        headers=auth(token),
        json={
            "nuban": BUSY,
            "startDate": start_day.strftime("%d-%m-%Y"),
            "endDate": today().strftime("%d-%m-%Y"),
        },
    )
    _, content = await latest_attachment(bff)
    sheet = openpyxl.load_workbook(io.BytesIO(content)).active
    facts = {
        sheet.cell(row=r, column=4).value: sheet.cell(row=r, column=5).value for r in range(4, 8)
    }
    opening, credits, debits, closing = (
        round(facts[k] * 100)
        for k in ("Opening balance", "Total credits", "Total debits", "Closing balance")
    )
    assert opening + credits - debits == closing
    lines = [
        row
        for row in sheet.iter_rows(min_row=11, values_only=True)
        if row[0] and row[2] != "Totals"
    ]
    assert len(lines) > 1000
    assert round(sum((row[4] or 0) for row in lines) * 100) == credits
    assert round(sum((row[3] or 0) for row in lines) * 100) == debits
    ledger_now = (await bff.sim.get(f"/core/accounts/{BUSY}")).json()["ledgerBalanceKobo"]
    assert closing == ledger_now  # the period ends today: nothing after it
    assert round(lines[-1][5] * 100) == closing  # the last running balance


async def test_a_past_statement_closes_at_the_ledger_balance_of_its_end_date(bff):
    token = await bff.sign_in()
    start_day, end_day = today() - timedelta(days=300), today() - timedelta(days=40)
    await bff.client.post(
        f"{H}/download/excel",
        headers=auth(token),
        json={
            "nuban": BUSY,
            "startDate": start_day.strftime("%d-%m-%Y"),
            "endDate": end_day.strftime("%d-%m-%Y"),
        },
    )
    _, content = await latest_attachment(bff)
    sheet = openpyxl.load_workbook(io.BytesIO(content)).active
    facts = {
        sheet.cell(row=r, column=4).value: sheet.cell(row=r, column=5).value for r in range(4, 8)
    }
    opening, credits, debits, closing = (
        round(facts[k] * 100)
        for k in ("Opening balance", "Total credits", "Total debits", "Closing balance")
    )
    assert opening + credits - debits == closing
    end_of_period = datetime.combine(end_day + timedelta(days=1), datetime.min.time(), LAGOS)
    ledger_then = (
        await bff.sim.get(
            f"/core/accounts/{BUSY}/balance-at", params={"at": end_of_period.isoformat()}
        )
    ).json()["balanceKobo"]
    assert closing == ledger_then
    start_of_period = datetime.combine(start_day, datetime.min.time(), LAGOS)
    ledger_before = (
        await bff.sim.get(
            f"/core/accounts/{BUSY}/balance-at", params={"at": start_of_period.isoformat()}
        )
    ).json()["balanceKobo"]
    assert opening == ledger_before
    lines = [r for r in sheet.iter_rows(min_row=11, values_only=True) if r[0] and r[2] != "Totals"]
    assert len(lines) > 800  # most of the busy account's 1,100 lines fall in these 260 days


async def test_pdf_statement_renders_to_pages(bff, tmp_path):
    if shutil.which("pdftoppm") is None:
        pytest.fail("pdftoppm (poppler-utils) is needed: scripts/test installs it")
    token = await bff.sign_in()
    await bff.client.post(
        f"{H}/download",
        headers=auth(token),
        json={
            "nuban": BUSY,
            "startDate": (today() - timedelta(days=30)).strftime("%d-%m-%Y"),
            "endDate": today().strftime("%d-%m-%Y"),
        },
    )
    _, content = await latest_attachment(bff)
    pdf = tmp_path / "statement.pdf"
    pdf.write_bytes(content)
    subprocess.run(["pdftoppm", "-png", "-r", "60", str(pdf), str(tmp_path / "page")], check=True)
    pages = sorted(tmp_path.glob("page*.png"))
    assert len(pages) >= 2
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True, text=True
    ).stdout
    assert "Kobo Microfinance Bank" in text and "Closing balance" in text
    assert f"Page 1 of {len(pages)}" in text


@pytest.mark.parametrize(
    ("body", "detail"),
    [
        (
            {"nuban": BUSY, "startDate": "01-01-2025", "endDate": "05-01-2026"},
            "A statement can cover at most one year",
        ),
        (
            {"nuban": BUSY, "startDate": "10-11-2026", "endDate": "01-11-2026"},
            "The end date cannot be before the start date",
        ),
        ({"nuban": BUSY, "startDate": "", "endDate": "01-11-2026"}, "This field is required"),
        (
            {"nuban": "1020000218", "startDate": "01-10-2026", "endDate": "01-11-2026"},
            "Account not found",
        ),
    ],
)
async def test_bad_statement_requests_are_refused(bff, body, detail):
    token = await bff.sign_in()
    response = await bff.client.post(f"{H}/download", headers=auth(token), json=body)
    assert response.status_code in (400, 404)
    assert response.json()["detail"] == detail


def test_free_text_in_the_excel_statement_is_never_a_formula():
    """A description such as =HYPERLINK(...) stays text that starts with a quote."""
    dangerous = ['=HYPERLINK("http://x","y")', "+1+2", "-2+3", "@SUM(A1)", "\tx", "\ry"]
    posted = datetime(2026, 11, 20, 10, 0, tzinfo=LAGOS)
    statement = Statement(
        customer_name="=cmd|' /C calc'!A0",
        account_number=BUSY,
        account_type="Savings Account",
        start=date(2026, 11, 1),
        end=date(2026, 11, 30),
        opening_kobo=0,
        lines=[
            StatementLine(posted, text, text, -100 * (i + 1), 0) for i, text in enumerate(dangerous)
        ],
        generated_at=posted,
    )
    sheet = openpyxl.load_workbook(io.BytesIO(render_xlsx(statement))).active
    customer = sheet.cell(row=4, column=2)
    assert customer.data_type == "s" and customer.value == "'=cmd|' /C calc'!A0"
    rows = list(sheet.iter_rows(min_row=11, max_row=10 + len(dangerous)))
    for text, row in zip(dangerous, rows, strict=True):
        for cell in (row[1], row[2]):  # reference and narration
            assert cell.data_type == "s", cell.value
            # xlsxwriter stores a CR as the escape _x000D_, which openpyxl leaves as it is.
            assert cell.value.replace("_x000D_", "\r") == "'" + text
    assert sheet.cell(row=11, column=3).value.startswith("'=")


def test_markup_in_a_long_narration_is_drawn_as_text_in_the_pdf():
    """A Paragraph reads markup: an unclosed tag stopped the statement being drawn at all."""
    posted = datetime(2026, 11, 20, 10, 0, tzinfo=LAGOS)
    narration = "Transfer to Tunde Bakare: <b>rent & bills <font size=200>for November"
    statement = Statement(
        customer_name="Ada Okafor",
        account_number=BUSY,
        account_type="Savings Account",
        start=date(2026, 11, 1),
        end=date(2026, 11, 30),
        opening_kobo=0,
        lines=[StatementLine(posted, "FT1", narration, -100, 0)],
        generated_at=posted,
    )
    assert render_pdf(statement).startswith(b"%PDF-")


async def test_pending_and_failed_payments_show_in_history_under_every_filter(bff):
    """Payments the ledger has not got are found by their own read (`_unsettled`, built
    once per filter shape): each shape finds exactly what it should."""
    token = await bff.sign_in()
    for account, status_code in (("9000000021", 422), ("9000000038", 202)):  # declined; times out
        done = await send(
            bff,
            token,
            "other-banks",
            "other-banks",
            destinationAccountNumber=account,
            destinationBankCode=GTB,
            amount=250,
        )
        assert done.status_code == status_code, done.text

    async def statuses(**params: object) -> list[str]:
        page = await bff.client.get(H, headers=auth(token), params={"size": 100, **params})
        assert page.status_code == 200, page.text
        return sorted(r["status"] for r in page.json()["content"] if r["status"] != "COMPLETED")

    day = today().strftime("%d-%m-%Y")
    yesterday = (today() - timedelta(days=1)).strftime("%d-%m-%Y")
    assert await statuses() == ["FAILED", "PENDING"]
    assert await statuses(startDate=day, endDate=day) == ["FAILED", "PENDING"]
    assert await statuses(startDate=day) == ["FAILED", "PENDING"]
    assert await statuses(status="FAILED") == ["FAILED"]
    assert await statuses(status="PENDING", startDate=day, endDate=day) == ["PENDING"]
    assert await statuses(startDate=yesterday, endDate=yesterday) == []
