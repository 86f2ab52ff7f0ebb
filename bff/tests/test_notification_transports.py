"""Each transport against a real server or a protocol double: SMTP with STARTTLS and
authentication against aiosmtpd started here, the SMS aggregator against respx."""

from __future__ import annotations

import email
import email.policy
import re
import socket
import ssl
import subprocess
from email.message import Message as EmailMessage
from pathlib import Path

import httpx
import pytest
import respx
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

from bff.config.channels import ChannelSettings
from bff.notifications.message import Attachment
from bff.notifications.templates import branded_email, sms
from bff.notifications.transports import AggregatorSmsTransport, DeliveryFailed, SmtpTransport
from bff.tests.helpers import ADA

USER, PASSWORD = "kobo-mailer", "s3cret-smtp"


class Inbox:
    def __init__(self) -> None:
        self.received: list[tuple[str, list[str], EmailMessage, bool]] = []

    async def handle_DATA(self, server, session, envelope):  # type: ignore[no-untyped-def]
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        tls = session.ssl is not None
        self.received.append((envelope.mail_from, envelope.rcpt_tos, message, tls))
        return "250 Message accepted for delivery"


def authenticate(server, session, envelope, mechanism, auth_data):  # type: ignore[no-untyped-def]
    ok = isinstance(auth_data, LoginPassword) and (
        auth_data.login.decode(),
        auth_data.password.decode(),
    ) == (USER, PASSWORD)
    return AuthResult(success=ok)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def smtp_server(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    work = tmp_path_factory.mktemp("smtp")
    key, cert = work / "key.pem", work / "cert.pem"
    subprocess.run(
        [
            *("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"),
            *("-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"),
            *("-keyout", str(key), "-out", str(cert)),
        ],
        check=True,
        capture_output=True,
    )
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    inbox = Inbox()
    controller = Controller(
        inbox,
        hostname="127.0.0.1",
        port=free_port(),
        tls_context=context,
        require_starttls=True,  # nothing, not even AUTH, before STARTTLS
        auth_required=True,
        authenticator=authenticate,
    )
    controller.start()
    yield controller, inbox, cert
    controller.stop()


def smtp_settings(controller: Controller, cert: Path, **overrides: object) -> ChannelSettings:
    values: dict[str, object] = {
        "email_transport": "smtp",
        "smtp_host": "127.0.0.1",
        "smtp_port": controller.port,
        "smtp_username": USER,
        "smtp_password": PASSWORD,
        "smtp_ca_file": str(cert),
        "smtp_sender": "Kobo <alerts@kobo.test>",
        "smtp_timeout_s": 10.0,
        **overrides,
    }
    return ChannelSettings(**values)  # type: ignore[arg-type]


async def test_smtp_sends_branded_html_with_plain_text_over_starttls(smtp_server) -> None:  # type: ignore[no-untyped-def]
    controller, inbox, cert = smtp_server
    inbox.received.clear()
    message = branded_email(
        "ada.okafor@example.com",
        "Kobo Credit Alert: ₦1,500.25",
        "Credit alert",
        ["Dear Ada,", "₦1,500.25 has arrived in your account."],
        [("From", "Tunde Bakare"), ("Narration", "Rent <June>")],
        attachments=(Attachment("note.txt", "text/plain", "aGVsbG8="),),
    )
    await SmtpTransport(smtp_settings(controller, cert)).send(message)

    assert len(inbox.received) == 1
    sender, recipients, received, over_tls = inbox.received[0]
    assert over_tls, "the message travelled before STARTTLS"
    assert sender == "alerts@kobo.test" and recipients == ["ada.okafor@example.com"]
    assert received["Subject"] == "Kobo Credit Alert: ₦1,500.25"
    body = received.get_body(preferencelist=("plain",))  # type: ignore[attr-defined]
    html = received.get_body(preferencelist=("html",))  # type: ignore[attr-defined]
    assert "From: Tunde Bakare" in body.get_content()
    assert "Rent &lt;June&gt;" in html.get_content()  # escaped, not markup
    assert [part.get_filename() for part in received.iter_attachments()] == ["note.txt"]  # type: ignore[attr-defined]


async def test_smtp_wrong_password_is_a_delivery_failure(smtp_server) -> None:  # type: ignore[no-untyped-def]
    controller, inbox, cert = smtp_server
    inbox.received.clear()
    transport = SmtpTransport(smtp_settings(controller, cert, smtp_password="wrong"))
    with pytest.raises(DeliveryFailed):
        await transport.send(branded_email("a@example.com", "x", "x", ["x"]))
    assert inbox.received == []


async def test_smtp_server_down_is_a_delivery_failure() -> None:
    settings = ChannelSettings(email_transport="smtp", smtp_host="127.0.0.1", smtp_port=free_port())
    with pytest.raises(DeliveryFailed):
        await SmtpTransport(settings).send(branded_email("a@example.com", "x", "x", ["x"]))


AGGREGATOR = "https://sms.aggregator.test/api/sms/send"


def aggregator(client: httpx.AsyncClient) -> AggregatorSmsTransport:
    settings = ChannelSettings(
        sms_transport="http",
        sms_api_url=AGGREGATOR,
        sms_api_key="TL-test-key",
        sms_sender_id="KoboMFB",
    )
    return AggregatorSmsTransport(settings, client)


@respx.mock
async def test_aggregator_gets_termii_shaped_json() -> None:
    route = respx.post(AGGREGATOR).mock(
        return_value=httpx.Response(
            200, json={"message_id": "9122821270554876574", "message": "Successfully Sent"}
        )
    )
    async with httpx.AsyncClient() as client:
        await aggregator(client).send(sms("08031234567", "Kobo Debit Alert\nAmount: ₦100.00"))
    assert route.call_count == 1
    sent = route.calls.last.request
    assert sent.headers["content-type"] == "application/json"
    assert __import__("json").loads(sent.content) == {
        "api_key": "TL-test-key",
        "to": "2348031234567",
        "from": "KoboMFB",
        "sms": "Kobo Debit Alert\nAmount: ₦100.00",
        "type": "plain",
        "channel": "generic",
    }


@respx.mock
@pytest.mark.parametrize(
    "answer",
    [httpx.Response(500, json={"message": "down"}), httpx.Response(401, json={"message": "bad"})],
)
async def test_aggregator_error_answers_are_delivery_failures(answer: httpx.Response) -> None:
    respx.post(AGGREGATOR).mock(return_value=answer)
    async with httpx.AsyncClient() as client:
        with pytest.raises(DeliveryFailed) as caught:
            await aggregator(client).send(sms("08031234567", "hello"))
    assert "TL-test-key" not in str(caught.value)


@respx.mock
async def test_aggregator_unreachable_is_a_delivery_failure() -> None:
    respx.post(AGGREGATOR).mock(side_effect=httpx.ConnectError("refused"))
    async with httpx.AsyncClient() as client:
        with pytest.raises(DeliveryFailed):
            await aggregator(client).send(sms("08031234567", "hello"))


async def test_configuration_sends_codes_by_smtp_and_sms_by_the_gateway(smtp_server, bff_factory):  # type: ignore[no-untyped-def]
    controller, inbox, cert = smtp_server
    inbox.received.clear()
    bff = await bff_factory(channels=smtp_settings(controller, cert))
    login = await bff.login(ADA)
    assert login.status_code == 200, login.text

    assert [r[1] for r in inbox.received] == [[ADA]]  # the e-mail went over SMTP…
    received = inbox.received[0][2]
    plain = received.get_body(preferencelist=("plain",)).get_content()
    html = received.get_body(preferencelist=("html",)).get_content()
    code = re.search(r"\b(\d{6})\b", plain)
    assert code and code.group(1) in html  # branded HTML with the same code
    # …while the SMS still went through the simulator's gateway, with the same code.
    assert await bff.latest_code("08031234501") == code.group(1)
    verified = await bff.verify(login.json(), code.group(1))
    assert verified.status_code == 200, verified.text
