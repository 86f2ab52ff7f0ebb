"""The archive's readable half: a PDF of what Kobo holds about the customer, how much of
each, and the record of processing (reportlab, as statements are)."""

from __future__ import annotations

import io
from collections.abc import Mapping
from datetime import datetime
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from bff.banks import BANK_NAME
from bff.dates import WAT, format_date
from bff.privacy.record import CONTACT, CONTROLLER, RECORD, RIGHTS

# What the customer reads for each kind of record in the archive; a table not named here is
# counted under "Other records" (its rows are in data.json all the same).
LABELS: dict[str, str] = {
    "users": "Your profile",
    "onboarding_profiles": "Your onboarding details and identity numbers",
    "onboarding_documents": "Documents you uploaded when you joined",
    "kyc_submissions": "Identity upgrades (BVN, NIN, utility bill, ID card)",
    "liveness_checks": "Selfie checks",
    "devices": "Devices you signed in from",
    "passkeys": "Passkeys",
    "user_sessions": "Sign-in sessions",
    "transfers": "Transfers",
    "transfer_batches": "Bulk transfers",
    "bill_vends": "Bill payments",
    "scheduled_payments": "Scheduled payments",
    "scheduled_runs": "Runs of scheduled payments",
    "beneficiaries": "Beneficiaries",
    "transaction_limits": "Transfer limits",
    "tickets": "Support tickets",
    "ticket_messages": "Messages in your tickets",
    "ticket_attachments": "Files attached to your tickets",
    "disputes": "Reported problems",
    "notification_outbox": "Messages we sent you",
    "audit_events": "Security log entries",
    "consent_events": "Marketing choices you made",
    "data_requests": "Correction and erasure requests",
    "data_exports": "Copies of your data you asked for",
}
OTHER = "Other records"


def counts(tables: Mapping[str, list[Any]]) -> list[tuple[str, int]]:
    totals: dict[str, int] = {}
    for name, rows in tables.items():
        if rows:
            label = LABELS.get(name, OTHER)
            totals[label] = totals.get(label, 0) + len(rows)
    return sorted(totals.items())


def render(
    name: str, generated_at: datetime, tables: Mapping[str, list[Any]], files: int, lines: int
) -> bytes:
    buffer = io.BytesIO()
    document = SimpleDocTemplate(
        buffer,
        pagesize=A4,
        leftMargin=15 * mm,
        rightMargin=15 * mm,
        topMargin=15 * mm,
        bottomMargin=15 * mm,
        title="Your data at Kobo",
        author=BANK_NAME,
    )
    styles = getSampleStyleSheet()
    small = styles["BodyText"]

    def p(text: str) -> Paragraph:
        return Paragraph(escape(text), small)

    story: list[Any] = [
        Paragraph(escape(BANK_NAME), styles["Title"]),
        Paragraph("Your data", styles["Heading2"]),
        p(f"Prepared for {name} on {format_date(generated_at, WAT)}."),
        p(RIGHTS),
        Spacer(1, 4 * mm),
        Paragraph("What we hold about you", styles["Heading3"]),
    ]
    rows = [[p("Kind of record"), p("How many")]]
    rows += [[p(label), p(str(count))] for label, count in counts(tables)]
    rows.append([p("Files (documents and pictures)"), p(str(files))])
    rows.append([p("Lines in your account statements"), p(str(lines))])
    story.append(_table(rows, [120 * mm, 40 * mm]))
    story += [Spacer(1, 4 * mm), Paragraph("Why we keep it, and for how long", styles["Heading3"])]
    record = [[p("What"), p("Why, and on what legal basis"), p("Kept for"), p("Who receives it")]]
    for item in RECORD:
        record.append(
            [
                p(item.what),
                p(f"{item.why}. {item.legal_basis}."),
                p(item.kept_for),
                p("; ".join(item.recipients) or "Nobody outside Kobo"),
            ]
        )
    story.append(_table(record, [38 * mm, 52 * mm, 40 * mm, 50 * mm]))
    story += [Spacer(1, 4 * mm), p(f"{CONTROLLER}. {CONTACT}.")]
    document.build(story)
    return buffer.getvalue()


def _table(rows: list[list[Any]], widths: list[float]) -> Table:
    table = Table(rows, colWidths=widths, hAlign="LEFT", repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LINEBELOW", (0, 0), (-1, 0), 0.8, "#0b6e4f"),
                ("LINEBELOW", (0, 1), (-1, -1), 0.25, "#d0d7d4"),
            ]
        )
    )
    return table
