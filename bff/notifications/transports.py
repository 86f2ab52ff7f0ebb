"""The transports behind one interface: `send(message)` delivers or raises DeliveryFailed.

- `SimulatorTransport`: the core simulator's message gateway (the embedded default; tests
  and the e2e journeys read codes from its inbox).
- `SmtpTransport`: e-mail over SMTP with STARTTLS and authentication (aiosmtplib).
- `AggregatorSmsTransport`: SMS through an aggregator's HTTP API, in the JSON shape Termii
  and most Nigerian aggregators accept (docs/operations.md).
"""

from __future__ import annotations

import base64
from email.message import EmailMessage
from typing import Protocol

import aiosmtplib
import httpx

from bff.core_client import CoreClient, CoreError
from bff.notifications.message import Channel, Message
from bff.notifications.settings import HTTP, SMTP, ChannelSettings


class DeliveryFailed(Exception):
    """The transport did not take the message; trying again later may succeed."""


class Transport(Protocol):
    async def send(self, message: Message) -> None: ...


class SimulatorTransport:
    def __init__(self, core: CoreClient) -> None:
        self.core = core

    async def send(self, message: Message) -> None:
        try:
            if message.channel == Channel.SMS:
                await self.core.send_sms(message.recipient, message.text)
            elif message.attachments:
                first = message.attachments[0]
                await self.core.send_email_with_attachment(
                    message.recipient,
                    message.subject or "",
                    message.text,
                    first.name,
                    first.content_type,
                    first.base64,
                )
            else:
                await self.core.send_email(message.recipient, message.subject or "", message.text)
        except CoreError as exc:
            raise DeliveryFailed(f"simulator gateway: {exc}") from exc


def email_message(sender: str, message: Message) -> EmailMessage:
    """multipart/alternative (plain text first, then the branded HTML), plus attachments."""
    email = EmailMessage()
    email["From"] = sender
    email["To"] = message.recipient
    email["Subject"] = message.subject or "Kobo"
    email.set_content(message.text)
    if message.html:
        email.add_alternative(message.html, subtype="html")
    for attachment in message.attachments:
        maintype, _, subtype = attachment.content_type.partition("/")
        email.add_attachment(
            base64.b64decode(attachment.base64),
            maintype=maintype,
            subtype=subtype or "octet-stream",
            filename=attachment.name,
        )
    return email


class SmtpTransport:
    def __init__(self, settings: ChannelSettings) -> None:
        self.settings = settings

    async def send(self, message: Message) -> None:
        s = self.settings
        try:
            await aiosmtplib.send(
                email_message(s.smtp_sender, message),
                hostname=s.smtp_host,
                port=s.smtp_port,
                username=s.smtp_username,
                password=s.smtp_password,
                start_tls=s.smtp_starttls,
                cert_bundle=s.smtp_ca_file,
                timeout=s.smtp_timeout_s,
            )
        except (aiosmtplib.SMTPException, OSError) as exc:
            raise DeliveryFailed(f"SMTP: {exc}") from exc


def international_number(phone_number: str) -> str:
    """Aggregators want 234XXXXXXXXXX; customers give 0XXXXXXXXXX."""
    digits = phone_number.lstrip("+")
    if digits.startswith("0") and len(digits) == 11:
        return "234" + digits[1:]
    return digits


class AggregatorSmsTransport:
    """POST {url} {"api_key", "to", "from", "sms", "type": "plain", "channel": "generic"}:
    Termii's `/api/sms/send`; a 2xx answer means the aggregator accepted the message."""

    def __init__(self, settings: ChannelSettings, client: httpx.AsyncClient | None = None) -> None:
        assert settings.sms_api_url and settings.sms_api_key
        self.url = settings.sms_api_url
        self.api_key = settings.sms_api_key
        self.sender_id = settings.sms_sender_id
        self.client = client or httpx.AsyncClient(timeout=settings.sms_timeout_s)

    async def send(self, message: Message) -> None:
        body = {
            "api_key": self.api_key,
            "to": international_number(message.recipient),
            "from": self.sender_id,
            "sms": message.text,
            "type": "plain",
            "channel": "generic",
        }
        try:
            response = await self.client.post(self.url, json=body)
        except httpx.HTTPError as exc:
            raise DeliveryFailed(f"SMS aggregator unreachable: {type(exc).__name__}") from exc
        if response.is_error:
            # The key is in the body, never in the error: logs must not carry it.
            raise DeliveryFailed(f"SMS aggregator answered {response.status_code}")

    async def aclose(self) -> None:
        await self.client.aclose()


class Transports:
    """Routes each message to the transport configured for its channel."""

    def __init__(self, email: Transport, sms: Transport) -> None:
        self.email = email
        self.sms = sms

    @classmethod
    def configured(cls, settings: ChannelSettings, core: CoreClient) -> Transports:
        simulator = SimulatorTransport(core)
        email: Transport = (
            SmtpTransport(settings) if settings.email_transport == SMTP else simulator
        )
        sms: Transport = (
            AggregatorSmsTransport(settings) if settings.sms_transport == HTTP else simulator
        )
        return cls(email, sms)

    async def send(self, message: Message) -> None:
        transport = self.sms if message.channel == Channel.SMS else self.email
        await transport.send(message)

    async def aclose(self) -> None:
        for transport in {id(t): t for t in (self.email, self.sms)}.values():
            if isinstance(transport, AggregatorSmsTransport):
                await transport.aclose()
