"""The transports behind one interface: `send_all(messages)` delivers them and answers, for
each in order, None (taken) or why it was not (DeliveryFailed: trying again later may work).

- `SimulatorTransport`: the core simulator's message gateway (the embedded default; tests
  and the e2e journeys read codes from its inbox), all the messages in one call.
- `SmtpTransport`: e-mail over SMTP with STARTTLS and authentication (aiosmtplib).
- `AggregatorSmsTransport`: SMS through an aggregator's HTTP API, in the JSON shape Termii
  and most Nigerian aggregators accept (docs/operations.md).
"""

from __future__ import annotations

import asyncio
import base64
from collections.abc import Sequence
from email.message import EmailMessage
from typing import Any, Protocol

import aiosmtplib
import httpx

from bff.banks import SHORT_NAME
from bff.config.channels import HTTP, SMTP, ChannelSettings
from bff.core_client import CoreClient, CoreError
from bff.core_client.client import MESSAGES_PER_CALL
from bff.notifications.message import Channel, Message


class DeliveryFailed(Exception):
    """The transport did not take the message; trying again later may succeed."""


# A message's outcome: None if the transport took it, else the exception that says why not.
Outcome = BaseException | None


class Transport(Protocol):
    async def send_all(self, messages: Sequence[Message]) -> list[Outcome]: ...


class OneAtATime:
    """For transports that take one message per request (SMTP, an SMS aggregator): the
    messages go one after the other, as a mail server or an aggregator expects from one
    client, each with its own outcome."""

    async def send(self, message: Message) -> None:
        raise NotImplementedError

    async def send_all(self, messages: Sequence[Message]) -> list[Outcome]:
        outcomes: list[Outcome] = []
        for message in messages:
            try:
                await self.send(message)
            except Exception as exc:
                outcomes.append(exc)
            else:
                outcomes.append(None)
        return outcomes


class SimulatorTransport:
    def __init__(self, core: CoreClient) -> None:
        self.core = core

    async def send_all(self, messages: Sequence[Message]) -> list[Outcome]:
        outcomes: list[Outcome] = []
        for start in range(0, len(messages), MESSAGES_PER_CALL):
            part = messages[start : start + MESSAGES_PER_CALL]
            try:
                answers = await self.core.send_messages([gateway_body(m) for m in part])
            except CoreError as exc:
                outcomes += [DeliveryFailed(f"simulator gateway: {exc}")] * len(part)
                continue
            outcomes += [
                None
                if answer.id is not None
                else DeliveryFailed(f"simulator gateway refused it ({answer.response_code})")
                for answer in answers
            ]
        return outcomes


def gateway_body(message: Message) -> dict[str, Any]:
    """A message as the simulator's gateway takes it (text only: the inbox shows bodies)."""
    body: dict[str, Any] = {
        "channel": message.channel,
        "recipient": message.recipient,
        "body": message.text,
    }
    if message.channel != Channel.SMS:
        body["subject"] = message.subject or ""
        body["attachments"] = [
            {"name": a.name, "contentType": a.content_type, "content": a.base64}
            for a in message.attachments
        ]
    return body


def email_message(sender: str, message: Message) -> EmailMessage:
    """multipart/alternative (plain text first, then the branded HTML), plus attachments."""
    email = EmailMessage()
    email["From"] = sender
    email["To"] = message.recipient
    email["Subject"] = message.subject or SHORT_NAME
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


class SmtpTransport(OneAtATime):
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


class AggregatorSmsTransport(OneAtATime):
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

    async def send_all(self, messages: Sequence[Message]) -> list[Outcome]:
        """Each transport gets its messages in one `send_all`; different transports (e-mail
        and SMS) work at the same time."""
        by_transport: dict[int, tuple[Transport, list[int]]] = {}
        for index, message in enumerate(messages):
            transport = self.sms if message.channel == Channel.SMS else self.email
            by_transport.setdefault(id(transport), (transport, []))[1].append(index)
        groups = list(by_transport.values())
        answers = await asyncio.gather(
            *(transport.send_all([messages[i] for i in indexes]) for transport, indexes in groups)
        )
        outcomes: list[Outcome] = [None] * len(messages)
        for (_, indexes), group_outcomes in zip(groups, answers, strict=True):
            for index, outcome in zip(indexes, group_outcomes, strict=True):
                outcomes[index] = outcome
        return outcomes

    async def send(self, message: Message) -> None:
        """One message; raises why it was not taken (DeliveryFailed: try again later)."""
        (outcome,) = await self.send_all([message])
        if outcome is not None:
            raise outcome

    async def aclose(self) -> None:
        for transport in {id(t): t for t in (self.email, self.sms)}.values():
            if isinstance(transport, AggregatorSmsTransport):
                await transport.aclose()
