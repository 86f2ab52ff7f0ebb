"""Receipts: the one-page proof of payment Nigerian customers share in chat apps.

A receipt is drawn once, as a PDF (reportlab); the PNG for chat apps is that same page
rasterised by PDFium, so the two can never disagree. Everything on it comes from the
transaction's details (bff/history/presentation.py's rules): names, never ledger codes.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from datetime import datetime

import pypdfium2
from num2words import num2words
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from bff.banks import BANK_NAME
from bff.dates import WAT, format_date
from bff.history.schemas import TransactionDetailOut
from bff.history.statements import BRAND
from bff.money import format_naira, naira_and_kobo

PAGE = (105 * mm, 165 * mm)  # a phone-shaped page: readable when shared as an image
PNG_SCALE = 3  # 105 mm at 72 dpi x 3: about 900 px wide
MARGIN = 8 * mm
# The words the app uses for a status (history, receipts on screen): one name per state.
STATUS_TEXT = {"COMPLETED": "Completed", "PENDING": "Pending", "FAILED": "Failed"}
STATUS_COLOUR = {"COMPLETED": BRAND, "PENDING": colors.HexColor("#B7791F")}
FAILED_COLOUR = colors.HexColor("#C53030")


@dataclass(frozen=True, slots=True)
class Receipt:
    detail: TransactionDetailOut
    amount_kobo: int
    generated_at: datetime


def amount_in_words(kobo: int) -> str:
    """₦1,250.50 -> 'One thousand, two hundred and fifty naira, fifty kobo'."""
    naira, rest = naira_and_kobo(kobo)
    words = f"{num2words(naira, lang='en')} naira"
    if rest:
        words += f", {num2words(rest, lang='en')} kobo"
    return words[0].upper() + words[1:]


def mask_account(number: str | None) -> str | None:
    """0123456789 -> 012****789: enough to recognise, not enough to reuse."""
    if not number:
        return None
    if len(number) < 7:
        return number
    return f"{number[:3]}{'*' * (len(number) - 6)}{number[-3:]}"


def group_digits(token: str) -> str:
    """A 20-digit token in fours, as meters and vendors print it."""
    return " ".join(token[i : i + 4] for i in range(0, len(token), 4))


def _rows(receipt: Receipt) -> list[tuple[str, str]]:
    d = receipt.detail
    sender = d.source_account_name or ""
    if d.source_account_number:
        sender = f"{sender}\n{mask_account(d.source_account_number)}".strip()
    recipient = d.destination_account_name or d.counterparty_name or ""
    if d.counterparty_bank and d.transaction_type == "DEBIT":
        recipient = f"{recipient}\n{d.counterparty_bank}".strip()
    if d.destination_account_number:
        # A bank account is masked; a meter or phone number is what was paid, shown whole.
        shown = d.destination_account_number
        if d.counterparty_bank:
            shown = mask_account(shown) or shown
        recipient = f"{recipient}\n{shown}".strip()
    rows = [
        ("Date", f"{d.date_created} {d.time_created} WAT"),
        ("Sender", sender),
        ("Recipient", recipient),
        ("Details", d.narration),
    ]
    if d.description:
        rows.append(("Description", d.description))
    rows.append(("Reference", d.reference_number))
    if d.session_id:
        rows.append(("Session ID", d.session_id))
    if d.units:
        rows.append(("Units", d.units))
    return [(label, value) for label, value in rows if value]


def _wrap(canvas: Canvas, text: str, font: str, size: float, width: float) -> list[str]:
    """Lines no wider than `width`; long unbroken strings (references) are cut by width."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}".strip()
            if canvas.stringWidth(candidate, font, size) <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            line = word
            while canvas.stringWidth(line, font, size) > width:
                cut = len(line)
                while cut > 1 and canvas.stringWidth(line[:cut], font, size) > width:
                    cut -= 1
                lines.append(line[:cut])
                line = line[cut:]
        lines.append(line)
    return lines


def render_pdf(receipt: Receipt) -> bytes:
    d = receipt.detail
    buffer = io.BytesIO()
    width, height = PAGE
    canvas = Canvas(buffer, pagesize=PAGE)
    canvas.setTitle(f"Kobo receipt {d.reference_number}")
    canvas.setAuthor(BANK_NAME)

    canvas.setFillColor(BRAND)
    canvas.rect(0, height - 30 * mm, width, 30 * mm, stroke=0, fill=1)
    canvas.setFillColor(colors.white)
    canvas.setFont("Helvetica-Bold", 20)
    canvas.drawString(MARGIN, height - 14 * mm, "Kobo")
    canvas.setFont("Helvetica", 9)
    canvas.drawString(MARGIN, height - 20 * mm, BANK_NAME)
    canvas.drawString(MARGIN, height - 25 * mm, "Transaction receipt")

    y = height - 42 * mm
    canvas.setFillColor(colors.black)
    canvas.setFont("Helvetica-Bold", 22)
    canvas.drawCentredString(width / 2, y, format_naira(receipt.amount_kobo).replace("₦", "NGN "))
    y -= 6 * mm
    canvas.setFont("Helvetica-Oblique", 8)
    for line in _wrap(
        canvas, amount_in_words(receipt.amount_kobo), "Helvetica-Oblique", 8, width - 2 * MARGIN
    ):
        canvas.drawCentredString(width / 2, y, line)
        y -= 4 * mm
    y -= 2 * mm
    colour = STATUS_COLOUR.get(d.status, FAILED_COLOUR)
    label = STATUS_TEXT.get(d.status, d.status.title())
    canvas.setFillColor(colour)
    canvas.roundRect(width / 2 - 16 * mm, y - 2 * mm, 32 * mm, 7 * mm, 3 * mm, stroke=0, fill=1)
    canvas.setFillColor(colors.white)
    canvas.setFont("Helvetica-Bold", 10)
    canvas.drawCentredString(width / 2, y, label)
    y -= 10 * mm

    label_width = 24 * mm
    value_width = width - 2 * MARGIN - label_width
    for label, value in _rows(receipt):
        canvas.setFillColor(colors.HexColor("#4A5568"))
        canvas.setFont("Helvetica", 8.5)
        canvas.drawString(MARGIN, y, label)
        canvas.setFillColor(colors.black)
        lines = _wrap(canvas, value, "Helvetica-Bold", 9, value_width)
        canvas.setFont("Helvetica-Bold", 9)
        for line in lines:
            canvas.drawRightString(width - MARGIN, y, line)
            y -= 4.5 * mm
        y -= 2 * mm
        canvas.setStrokeColor(colors.HexColor("#E2E8F0"))
        canvas.line(MARGIN, y + 3.5 * mm, width - MARGIN, y + 3.5 * mm)

    if d.token:
        y -= 3 * mm
        canvas.setFillColor(colors.HexColor("#4A5568"))
        canvas.setFont("Helvetica", 8.5)
        canvas.drawCentredString(width / 2, y, "Electricity token")
        y -= 9 * mm
        canvas.setFillColor(colors.black)
        canvas.setFont("Courier-Bold", 17)
        canvas.drawCentredString(width / 2, y, group_digits(d.token))
        y -= 6 * mm

    canvas.setFillColor(colors.HexColor("#718096"))
    canvas.setFont("Helvetica", 7)
    issued = format_date(receipt.generated_at, WAT)
    canvas.drawCentredString(width / 2, 12 * mm, f"Issued {issued} by {BANK_NAME}.")
    canvas.drawCentredString(
        width / 2, 8 * mm, "Questions? Open a ticket in Customer Service with the reference."
    )
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def render_png(pdf: bytes) -> bytes:
    """The receipt's one page as a PNG image (for chat apps that do not preview PDFs)."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        image = document[0].render(scale=PNG_SCALE).to_pil()
        out = io.BytesIO()
        image.save(out, format="PNG", optimize=True)
        return out.getvalue()
    finally:
        document.close()
