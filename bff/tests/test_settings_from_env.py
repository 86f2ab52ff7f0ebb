"""Settings from the environment: a wrong value is refused with a message naming it, never
read as something else (a typo in a flag used to mean "off"; a bad number, a traceback)."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile

import pytest

from bench.processes import ROOT
from bench.workload import free_port
from bff.config import Settings
from bff.observability import log_format
from bff.tests.helpers import served_with
from kobo_serving.database import behind_pgbouncer, postgres_pool_options
from kobo_serving.env import SettingError, env_choice, env_flag, env_int, env_seconds

NAME = "KOBO_TEST_SETTING"


@pytest.fixture
def setting(monkeypatch: pytest.MonkeyPatch):
    def set_to(value: str | None) -> None:
        if value is None:
            monkeypatch.delenv(NAME, raising=False)
        else:
            monkeypatch.setenv(NAME, value)

    return set_to


def test_unset_or_blank_means_the_default(setting) -> None:
    for value in (None, "", "   "):
        setting(value)
        assert env_int(NAME, 7) == 7
        assert env_seconds(NAME, 2.5) == 2.5
        assert env_flag(NAME, True) is True


def test_whole_numbers(setting) -> None:
    setting(" 42 ")
    assert env_int(NAME, 7) == 42
    setting("0")
    assert env_int(NAME, 7, minimum=0) == 0
    for wrong in ("0", "-3", "1.5", "ten", "1e3"):
        setting(wrong)
        with pytest.raises(
            SettingError, match=f"{NAME} must be a whole number, 1 or more, not '{wrong}'"
        ):
            env_int(NAME, 7)


def test_seconds(setting) -> None:
    setting("0.25")
    assert env_seconds(NAME, 2) == 0.25
    setting("0")
    assert env_seconds(NAME, 2, zero_allowed=True) == 0
    for wrong in ("0", "-1", "soon", "nan", "inf"):
        setting(wrong)
        with pytest.raises(SettingError, match=f"{NAME} must be a number of seconds, above 0"):
            env_seconds(NAME, 2)
    setting("-1")
    with pytest.raises(SettingError, match="0 or more"):
        env_seconds(NAME, 2, zero_allowed=True)


def test_flags(setting) -> None:
    for on in ("1", "true", "YES", "On"):
        setting(on)
        assert env_flag(NAME, False) is True
    for off in ("0", "false", "No", "off"):
        setting(off)
        assert env_flag(NAME, True) is False
    setting("of")
    with pytest.raises(SettingError, match=f"{NAME} must be on or off"):
        env_flag(NAME, True)


def test_choices(setting) -> None:
    setting("production")
    assert env_choice(NAME, "development", ("development", "production")) == "production"
    setting("Production")
    assert env_choice(NAME, "development", ("development", "production")) == "production"
    setting("prod")
    with pytest.raises(SettingError, match=f"{NAME} must be development or production, not 'prod'"):
        env_choice(NAME, "development", ("development", "production"))


def test_every_setting_goes_through_the_checks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole Settings: a typo anywhere is refused by name (the channels' too). Above
    all KOBO_ENV: "prod" used to mean development, with its conveniences switched on."""
    for name in (
        "KOBO_ENV",
        "KOBO_CLOCK_SOURCE",
        "KOBO_SESSION_IDLE_S",
        "KOBO_CORE_TIMEOUT_S",
        "KOBO_READ_CACHE_S",
        "KOBO_RATE_LIMIT_AUTH_PER_MINUTE",
        "KOBO_SMTP_PORT",
        "KOBO_SMS_TIMEOUT_S",
        "KOBO_WORKER_ENABLED",
    ):
        with monkeypatch.context() as patch:
            patch.setenv(name, "lots")
            with pytest.raises(SettingError, match=name):
                Settings.from_env()


def test_the_database_pool_settings_are_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KOBO_DB_PGBOUNCER", "ON")
    assert behind_pgbouncer()  # "ON" is on: before, anything but 1/true/yes was quietly off
    monkeypatch.setenv("KOBO_DB_PGBOUNCER", "yes please")
    with pytest.raises(SettingError, match="KOBO_DB_PGBOUNCER must be on or off"):
        behind_pgbouncer()
    monkeypatch.delenv("KOBO_DB_PGBOUNCER")
    monkeypatch.setenv("KOBO_DB_POOL_SIZE", "twelve")
    with pytest.raises(SettingError, match="KOBO_DB_POOL_SIZE must be a whole number"):
        postgres_pool_options()


def test_production_logs_json_whatever_the_case_of_kobo_env(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("KOBO_LOG_FORMAT", raising=False)
    monkeypatch.setenv("KOBO_ENV", "Production")
    assert log_format() == "json"
    monkeypatch.setenv("KOBO_ENV", "development")
    assert log_format() == "text"


def test_the_log_format_is_json_or_text(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KOBO_LOG_FORMAT", "jsonl")
    with pytest.raises(SettingError, match="KOBO_LOG_FORMAT must be json or text"):
        log_format()


def test_the_access_log_can_be_turned_off(monkeypatch: pytest.MonkeyPatch) -> None:
    assert served_with(monkeypatch, KOBO_ACCESS_LOG=None)["access_log"] is True
    assert served_with(monkeypatch, KOBO_ACCESS_LOG="0")["access_log"] is False


def serve_with(program: str, **setting: str) -> subprocess.CompletedProcess[str]:
    """Serves with one wrong setting; were the start to go ahead, it would find throwaway
    databases and a free port, and the timeout would end it."""
    scratch = tempfile.mkdtemp(prefix="kobo-setting-")
    databases = {
        "DATABASE_URL": f"sqlite+aiosqlite:///{scratch}/bff.sqlite3",
        "SIM_DATABASE_URL": f"sqlite+aiosqlite:///{scratch}/sim.sqlite3",
    }
    return subprocess.run(
        [sys.executable, "-m", program, "serve", "--port", str(free_port())],
        cwd=ROOT,
        env={**os.environ, **databases, **setting},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_serve_stops_with_one_line_naming_the_setting() -> None:
    done = serve_with("bff", KOBO_OTP_TTL_S="five minutes")
    assert done.returncode == 1
    assert done.stderr.strip() == (
        "python -m bff serve: KOBO_OTP_TTL_S must be a whole number, 1 or more, not 'five minutes'"
    )


def test_the_simulator_stops_the_same_way() -> None:
    done = serve_with("core_sim", SIM_SEED="seven")
    assert done.returncode == 1
    assert done.stderr.strip() == (
        "python -m core_sim: SIM_SEED must be a whole number, 0 or more, not 'seven'"
    )
    done = serve_with("core_sim", SIM_LOG_LEVEL="chatty")
    assert "SIM_LOG_LEVEL must be DEBUG or INFO or WARNING or ERROR" in done.stderr
