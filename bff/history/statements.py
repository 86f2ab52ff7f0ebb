"""Account statements as real files: PDF (reportlab) and Excel (xlsxwriter).

Amounts arrive in kobo and are formatted here once; the documents carry the bank, the
customer, the account, the period, the opening balance, every line with its running balance,
the totals of debits and credits, the closing balance and page numbers.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from datetime import date, datetime
from xml.sax.saxutils import escape

import xlsxwriter
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from bff.banks import BANK_NAME
from bff.dates import DATE, MINUTE, format_date
from bff.money import format_naira, kobo_to_naira

BRAND = colors.HexColor("#0B6E4F")


@dataclass(frozen=True, slots=True)
class StatementLine:
    posted_at: datetime
    reference: str
    narration: str
    amount_kobo: int  # signed: negative is a debit
    balance_kobo: int  # running balance after this line


@dataclass(frozen=True, slots=True)
class Statement:
    customer_name: str
    account_number: str
    account_type: str
    start: date
    end: date
    opening_kobo: int
    lines: list[StatementLine]
    generated_at: datetime

    @property
    def debits_kobo(self) -> int:
        return -sum(line.amount_kobo for line in self.lines if line.amount_kobo < 0)

    @property
    def credits_kobo(self) -> int:
        return sum(line.amount_kobo for line in self.lines if line.amount_kobo > 0)

    @property
    def closing_kobo(self) -> int:
        return self.opening_kobo + self.credits_kobo - self.debits_kobo

    @property
    def period(self) -> str:
        return f"{format_date(self.start, DATE)} to {format_date(self.end, DATE)}"


def _money(kobo: int) -> str:
    return format_naira(kobo).replace("₦", "NGN ") if kobo else ""


class _NumberedCanvas(Canvas):
    """Draws "Page x of y" once the number of pages is known."""

    def __init__(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self._pages: list[dict[str, object]] = []

    def showPage(self) -> None:
        self._pages.append(dict(self.__dict__))
        self._startPage()

    def save(self) -> None:
        total = len(self._pages)
        for state in self._pages:
            self.__dict__.update(state)
            self.setFont("Helvetica", 8)
            self.setFillColor(colors.grey)
            self.drawRightString(
                self._pagesize[0] - 15 * mm, 10 * mm, f"Page {self._pageNumber} of {total}"
            )
            self.drawString(15 * mm, 10 * mm, f"{BANK_NAME} - account statement")
            super().showPage()
        super().save()


def render_pdf(statement: Statement) -> bytes:
    buffer = io.BytesIO()
    document = SimpleDocTemplate(
        buffer,
        pagesize=landscape(A4),
        leftMargin=15 * mm,
        rightMargin=15 * mm,
        topMargin=15 * mm + HEADER_HEIGHT,
        bottomMargin=BOTTOM_MARGIN,
        title=f"Statement {statement.account_number}",
        author=BANK_NAME,
    )
    styles = getSampleStyleSheet()
    title = ParagraphStyle("title", parent=styles["Title"], textColor=BRAND, alignment=0)
    small = ParagraphStyle("small", parent=styles["Normal"], fontSize=8, leading=10)
    story: list[object] = [
        Paragraph(BANK_NAME, title),
        Paragraph("Account statement", styles["Heading2"]),
    ]
    zero = "NGN 0.00"
    generated = format_date(statement.generated_at, MINUTE)
    summary = [
        [
            "Customer",
            statement.customer_name,
            "Opening balance",
            _money(statement.opening_kobo) or zero,
        ],
        [
            "Account",
            f"{statement.account_number} ({statement.account_type})",
            "Total credits",
            _money(statement.credits_kobo) or zero,
        ],
        ["Period", statement.period, "Total debits", _money(statement.debits_kobo) or zero],
        ["Generated", generated, "Closing balance", _money(statement.closing_kobo) or zero],
    ]
    summary_table = Table(summary, colWidths=[35 * mm, 95 * mm, 40 * mm, 45 * mm], hAlign="LEFT")
    summary_table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), "Helvetica", 9),
                ("FONT", (0, 0), (0, -1), "Helvetica-Bold", 9),
                ("FONT", (2, 0), (2, -1), "Helvetica-Bold", 9),
                ("ALIGN", (3, 0), (3, -1), "RIGHT"),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
            ]
        )
    )
    story += [summary_table, Spacer(1, 6 * mm)]
    body: list[list[object]] = [
        ["", "", "Opening balance", "", "", _money(statement.opening_kobo) or "NGN 0.00"]
    ]
    for line in statement.lines:
        body.append(
            [
                format_date(line.posted_at, MINUTE),
                _cell(line.reference, small, REFERENCE_FITS),
                _cell(line.narration, small, NARRATION_FITS),
                _money(-line.amount_kobo) if line.amount_kobo < 0 else "",
                _money(line.amount_kobo) if line.amount_kobo > 0 else "",
                _money(line.balance_kobo) or "NGN 0.00",
            ]
        )
    totals: list[object] = [
        "",
        "",
        "Totals",
        _money(statement.debits_kobo),
        _money(statement.credits_kobo),
        _money(statement.closing_kobo) or "NGN 0.00",
    ]
    # Many small tables, not one: reportlab splits a table across pages by re-laying out
    # everything left, which makes one 10,000-row table take minutes. Only the first has the
    # column header row; every later page gets it from the page template, so a header never
    # appears in the middle of a page where two tables meet.
    for first in range(0, len(body), ROWS_PER_TABLE):
        chunk = body[first : first + ROWS_PER_TABLE]
        last = first + ROWS_PER_TABLE >= len(body)
        story.append(
            _lines_table(
                ([HEADER] if first == 0 else []) + chunk + ([totals] if last else []),
                with_header=first == 0,
                with_totals=last,
            )
        )
    document.build(
        story,
        onLaterPages=lambda canvas, doc: _column_header(canvas, doc.leftMargin, doc.height),
        canvasmaker=_NumberedCanvas,
    )
    return buffer.getvalue()


HEADER: list[object] = ["Date", "Reference", "Narration", "Debit", "Credit", "Balance"]
BOTTOM_MARGIN = 18 * mm
ROWS_PER_TABLE = 200
# Longer texts than this wrap inside their column (a Paragraph); shorter ones are plain
# strings, which are much cheaper to lay out.
REFERENCE_FITS, NARRATION_FITS = 30, 48


def _cell(text: str, style: ParagraphStyle, fits: int) -> object:
    # A Paragraph reads its text as markup: a description like "<b>..." or "<font size=200>"
    # would restyle the statement or, unclosed, stop it being drawn at all. Escaped, it is text.
    return text if len(text) <= fits else Paragraph(escape(text), style)


COLUMN_WIDTHS = [30 * mm, 55 * mm, 85 * mm, 32 * mm, 32 * mm, 33 * mm]
HEADER_HEIGHT = 14  # points: an 8-point bold line with the table's default padding
FRAME_PADDING = 6  # points: reportlab's default padding inside a page frame


def _column_header(canvas: Canvas, left: float, frame_height: float) -> None:
    """The lines table's header row, drawn just above the frame of every page after the first."""
    top = BOTTOM_MARGIN + frame_height - FRAME_PADDING  # where the frame's content starts
    canvas.saveState()
    canvas.setFillColor(BRAND)
    canvas.rect(left, top, sum(COLUMN_WIDTHS), HEADER_HEIGHT, stroke=0, fill=1)
    canvas.setFillColor(colors.white)
    canvas.setFont("Helvetica-Bold", 8)
    x = left
    for index, (label, width) in enumerate(zip(HEADER, COLUMN_WIDTHS, strict=True)):
        if index >= 3:  # amounts are right-aligned, as in the table
            canvas.drawRightString(x + width - 6, top + 4, label)
        else:
            canvas.drawString(x + 6, top + 4, label)
        x += width
    canvas.restoreState()


def _lines_table(rows: list[list[object]], *, with_header: bool, with_totals: bool) -> Table:
    table = Table(rows, repeatRows=0, colWidths=COLUMN_WIDTHS)
    zebra_from = 1 if with_header else 0
    style: list[tuple[object, ...]] = [
        ("FONT", (0, 0), (-1, -1), "Helvetica", 8),
        (
            "ROWBACKGROUNDS",
            (0, zebra_from),
            (-1, -2 if with_totals else -1),
            [colors.white, colors.HexColor("#F3F7F5")],
        ),
        ("ALIGN", (3, 0), (5, -1), "RIGHT"),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
    ]
    if with_header:
        style += [
            ("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 8),
            ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
            ("BACKGROUND", (0, 0), (-1, 0), BRAND),
        ]
    if with_totals:
        style += [
            ("FONT", (0, -1), (-1, -1), "Helvetica-Bold", 8),
            ("LINEABOVE", (0, -1), (-1, -1), 0.8, BRAND),
        ]
    table.setStyle(TableStyle(style))
    return table


# A spreadsheet program reads a cell starting with one of these as a formula (TAB and CR can
# also shift what follows); a transfer description of =HYPERLINK(...) became a live link.
# OWASP's CSV-injection advice: prefix a single quote, and write text as text (write_string;
# xlsxwriter's write() turns "=..." into a formula).
FORMULA_TRIGGERS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_text(value: str) -> str:
    """Free text made safe for a spreadsheet cell."""
    return "'" + value if value.startswith(FORMULA_TRIGGERS) else value


def render_xlsx(statement: Statement) -> bytes:
    buffer = io.BytesIO()
    workbook = xlsxwriter.Workbook(buffer, {"in_memory": True})
    sheet = workbook.add_worksheet("Statement")
    bold = workbook.add_format({"bold": True})
    title = workbook.add_format({"bold": True, "font_size": 16, "font_color": "#0B6E4F"})
    header = workbook.add_format({"bold": True, "font_color": "white", "bg_color": "#0B6E4F"})
    money = workbook.add_format({"num_format": "#,##0.00"})
    money_bold = workbook.add_format({"num_format": "#,##0.00", "bold": True, "top": 1})
    sheet.write_string(0, 0, BANK_NAME, title)
    sheet.write_string(1, 0, "Account statement", bold)
    facts = [
        ("Customer", statement.customer_name),
        ("Account", f"{statement.account_number} ({statement.account_type})"),
        ("Period", statement.period),
        ("Currency", "NGN"),
    ]
    for row, (label, value) in enumerate(facts, start=3):
        sheet.write_string(row, 0, label, bold)
        sheet.write_string(row, 1, spreadsheet_text(value))
    totals = [
        ("Opening balance", statement.opening_kobo),
        ("Total credits", statement.credits_kobo),
        ("Total debits", statement.debits_kobo),
        ("Closing balance", statement.closing_kobo),
    ]
    for row, (label, kobo) in enumerate(totals, start=3):
        sheet.write_string(row, 3, label, bold)
        sheet.write_number(row, 4, kobo_to_naira(kobo), money)
    first = 9
    for column, name in enumerate(["Date", "Reference", "Narration", "Debit", "Credit", "Balance"]):
        sheet.write_string(first, column, name, header)
    row = first + 1
    for line in statement.lines:
        sheet.write_string(row, 0, format_date(line.posted_at, MINUTE))
        sheet.write_string(row, 1, spreadsheet_text(line.reference))
        sheet.write_string(row, 2, spreadsheet_text(line.narration))
        if line.amount_kobo < 0:
            sheet.write_number(row, 3, -kobo_to_naira(line.amount_kobo), money)
        else:
            sheet.write_number(row, 4, kobo_to_naira(line.amount_kobo), money)
        sheet.write_number(row, 5, kobo_to_naira(line.balance_kobo), money)
        row += 1
    sheet.write_string(row, 2, "Totals", bold)
    sheet.write_number(row, 3, kobo_to_naira(statement.debits_kobo), money_bold)
    sheet.write_number(row, 4, kobo_to_naira(statement.credits_kobo), money_bold)
    sheet.write_number(row, 5, kobo_to_naira(statement.closing_kobo), money_bold)
    sheet.set_column(0, 0, 17)
    sheet.set_column(1, 1, 30)
    sheet.set_column(2, 2, 45)
    sheet.set_column(3, 5, 16)
    sheet.freeze_panes(first + 1, 0)
    workbook.close()
    return buffer.getvalue()
