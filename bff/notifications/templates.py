"""Branded e-mails: every HTML part has its plain-text twin, written from the same rows."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from bff.banks import SHORT_NAME
from bff.notifications.message import Attachment, Channel, Message

BRAND = SHORT_NAME
GREEN = "#0b6e4f"

_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title></head>
<body style="margin:0;background:#f4f6f5;font-family:Arial,Helvetica,sans-serif;color:#1f2d27">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">
<tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0"
 style="background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:{green};color:#ffffff;padding:16px 24px;font-size:20px;font-weight:bold">
{brand}</td></tr>
<tr><td style="padding:24px">
<h1 style="font-size:18px;margin:0 0 16px">{title}</h1>
{paragraphs}
{table}
</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#5b6b64;border-top:1px solid #e3e8e6">
Kobo will never ask for your password, PIN or verification code.
If you did not expect this message, call us or write to us from the app.</td></tr>
</table></td></tr></table></body></html>"""


def branded_email(
    recipient: str,
    subject: str,
    title: str,
    paragraphs: Sequence[str],
    rows: Sequence[tuple[str, str]] = (),
    attachments: tuple[Attachment, ...] = (),
) -> Message:
    text_lines = [title, "", *paragraphs]
    if rows:
        text_lines += ["", *(f"{label}: {value}" for label, value in rows)]
    text_lines += ["", "Kobo will never ask for your password, PIN or verification code."]
    html_paragraphs = "\n".join(
        f'<p style="margin:0 0 12px;line-height:1.5">{escape(p)}</p>' for p in paragraphs
    )
    html_table = ""
    if rows:
        cells = "\n".join(
            f'<tr><td style="padding:6px 12px 6px 0;color:#5b6b64">{escape(label)}</td>'
            f'<td style="padding:6px 0;font-weight:bold">{escape(value)}</td></tr>'
            for label, value in rows
        )
        html_table = f'<table role="presentation" cellpadding="0" cellspacing="0">{cells}</table>'
    html = _PAGE.format(
        title=escape(title),
        green=GREEN,
        brand=BRAND,
        paragraphs=html_paragraphs,
        table=html_table,
    )
    return Message(
        channel=Channel.EMAIL,
        recipient=recipient,
        subject=subject,
        text="\n".join(text_lines),
        html=html,
        attachments=attachments,
    )


def plain_email(recipient: str, subject: str, text: str) -> Message:
    """A message whose body is already a sentence or a few: branded around those lines."""
    paragraphs = [line for line in text.split("\n") if line.strip()]
    message = branded_email(recipient, subject, subject, paragraphs)
    # The plain-text part stays the text as written (the simulator's inbox and tests read it).
    return Message(
        channel=Channel.EMAIL,
        recipient=recipient,
        subject=subject,
        text=text,
        html=message.html,
        attachments=message.attachments,
    )


def sms(phone_number: str, text: str) -> Message:
    return Message(channel=Channel.SMS, recipient=phone_number, text=text)
