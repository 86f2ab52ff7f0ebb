"""Which transport carries each channel, from the environment (docs/operations.md).

KOBO_EMAIL_TRANSPORT: `simulator` (default: the core simulator's message gateway) or `smtp`.
KOBO_SMS_TRANSPORT: `simulator` (default) or `http` (an SMS aggregator's HTTP API).
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from kobo_serving.env import SettingError, env_flag, env_int, env_seconds

SIMULATOR = "simulator"
SMTP = "smtp"
HTTP = "http"


@dataclass(frozen=True, slots=True)
class ChannelSettings:
    email_transport: str = SIMULATOR
    sms_transport: str = SIMULATOR
    smtp_host: str = "localhost"
    smtp_port: int = 587
    smtp_username: str | None = None
    smtp_password: str | None = None
    # STARTTLS after connecting (port 587). Off only for a relay on the same host.
    smtp_starttls: bool = True
    # CA bundle to verify the SMTP server's certificate with; None: the system's.
    smtp_ca_file: str | None = None
    smtp_sender: str = "Kobo <no-reply@kobo.ng>"
    smtp_timeout_s: float = 20.0
    sms_api_url: str | None = None
    sms_api_key: str | None = None
    sms_sender_id: str = "Kobo"
    sms_timeout_s: float = 10.0

    def check(self) -> None:
        if self.email_transport not in (SIMULATOR, SMTP):
            raise SettingError("KOBO_EMAIL_TRANSPORT must be simulator or smtp")
        if self.sms_transport not in (SIMULATOR, HTTP):
            raise SettingError("KOBO_SMS_TRANSPORT must be simulator or http")
        if self.sms_transport == HTTP and not (self.sms_api_url and self.sms_api_key):
            raise SettingError(
                "KOBO_SMS_TRANSPORT=http needs KOBO_SMS_API_URL and KOBO_SMS_API_KEY"
            )

    @classmethod
    def from_env(cls) -> ChannelSettings:
        env = os.environ.get
        settings = cls(
            email_transport=env("KOBO_EMAIL_TRANSPORT", SIMULATOR),
            sms_transport=env("KOBO_SMS_TRANSPORT", SIMULATOR),
            smtp_host=env("KOBO_SMTP_HOST", "localhost"),
            smtp_port=env_int("KOBO_SMTP_PORT", 587),
            smtp_username=env("KOBO_SMTP_USERNAME") or None,
            smtp_password=env("KOBO_SMTP_PASSWORD") or None,
            smtp_starttls=env_flag("KOBO_SMTP_STARTTLS", True),
            smtp_ca_file=env("KOBO_SMTP_CA_FILE") or None,
            smtp_sender=env("KOBO_SMTP_SENDER", "Kobo <no-reply@kobo.ng>"),
            smtp_timeout_s=env_seconds("KOBO_SMTP_TIMEOUT_S", 20),
            sms_api_url=env("KOBO_SMS_API_URL") or None,
            sms_api_key=env("KOBO_SMS_API_KEY") or None,
            sms_sender_id=env("KOBO_SMS_SENDER_ID", "Kobo"),
            sms_timeout_s=env_seconds("KOBO_SMS_TIMEOUT_S", 10),
        )
        settings.check()
        return settings
