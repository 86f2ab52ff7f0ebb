"""BFF settings, read once from the environment (names prefixed KOBO_ or plain DATABASE_URL)."""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from bff.config.channels import ChannelSettings
from bff.config.dispute_deadlines import DEFAULT_DEADLINE_HOURS, parse_deadline_hours
from bff.config.risk import RiskSettings
from bff.storage.settings import StorageSettings
from kobo_serving.env import SettingError, env_choice, env_flag, env_int, env_seconds

REPO_ROOT = Path(__file__).resolve().parents[2]  # bff/config/__init__.py
FIXTURES_DIR = REPO_ROOT / "fixtures"


def production_mode() -> bool:
    """KOBO_ENV=production: development conveniences refused, JSON logs by default."""
    return env_choice("KOBO_ENV", "development", ("development", "production")) == "production"


@dataclass(frozen=True, slots=True)
class Argon2Params:
    """argon2id at OWASP's first recommended setting (m=19 MiB, t=2, p=1): one core and
    19 MiB for about 25 ms a hash here (docs/security.md, "Passwords")."""

    time_cost: int = 2
    memory_cost_kib: int = 19 * 1024
    parallelism: int = 1


@dataclass(frozen=True, slots=True)
class Settings:
    database_url: str
    core_url: str
    # Used to key the HMAC of one-time codes; set KOBO_SECRET_KEY in production.
    secret_key: str
    core_timeout_s: float = 10.0
    session_idle_s: int = 300
    session_absolute_s: int = 8 * 3600
    session_remember_absolute_s: int = 30 * 24 * 3600
    otp_ttl_s: int = 300
    otp_max_attempts: int = 5
    login_max_failures_per_identifier: int = 5
    login_failure_window_s: int = 900
    # NIST SP 800-63B 5.2.2: wrong codes in a row (across sign-ins) before the second factor
    # pauses, and for how long; and how many sign-in codes one account may be sent per window.
    code_max_consecutive_failures: int = 10
    code_pause_s: int = 1800
    login_codes_per_window: int = 10
    seed_personas: bool = True
    # Embedded/demo mode: back-office reviews (basic profile, documents) approve themselves so
    # that one person can try Kobo alone. Off in tests and production.
    auto_approve_reviews: bool = False
    uploads_dir: Path = REPO_ROOT / "var" / "uploads"
    # Where uploaded files are kept and the keys that encrypt them (bff/storage/settings.py).
    storage: StorageSettings = field(default_factory=StorageSettings)
    # Where customers open the web app (links in e-mails).
    public_url: str = "http://127.0.0.1:8000"
    password_reset_ttl_s: int = 30 * 60
    code_resend_interval_s: int = 30
    # Background follow-up of pending transfers (off in tests, which drive it by hand).
    worker_enabled: bool = True
    worker_interval_s: float = 2.0
    webapp_dist: Path | None = REPO_ROOT / "webapp" / "dist"
    argon2: Argon2Params = field(default_factory=Argon2Params)
    # Password hashing's own threads per process (0: one per core) and how many hashes may
    # wait for them before a sign-in is answered 503 (bff/security/passwords.py).
    password_hash_threads: int = 0
    password_hash_queue: int = 64
    # KOBO_ENV=production: refuses development conveniences (see check_production).
    production: bool = False
    # Pass a tester's X-Sim-Scenario header on to the simulator (test environments only).
    allow_sim_scenarios: bool = False
    # Where scheduled work reads the time: "database" (an offset the admin API moves) or
    # "simulator" (the simulator's clock, so that /sim/clock moves the whole bank).
    clock_source: str = "database"
    # Circuit breaker in front of the core (bff/core_client/breaker.py).
    core_breaker_failures: int = 5
    core_breaker_reset_s: float = 5.0
    # Requests per minute per client address and route (bff/security/throttling.py): sign-in,
    # code checks, code resend, password recovery and registration; and name inquiry.
    rate_limit_auth_per_minute: int = 10
    rate_limit_name_inquiry_per_minute: int = 30
    # Where the rate limiter counts: in memory (one process) unless Redis is given; its keys
    # start with the prefix (two deployments, or two test runs, can share one Redis).
    redis_url: str | None = None
    redis_key_prefix: str = "kobo-rate-limit"
    # Redis's password, kept out of REDIS_URL so that the address can sit in plain settings
    # and the password in a secret (deploy/k8s). A password in the URL wins.
    redis_password: str | None = field(default=None, repr=False)
    # Origins allowed to call the API from a browser; empty: same origin only.
    cors_origins: tuple[str, ...] = ()
    # Which transports carry e-mail and SMS (bff/config/channels.py).
    channels: ChannelSettings = field(default_factory=ChannelSettings)
    # The payment risk check's thresholds (bff/config/risk.py, bff/risk).
    risk: RiskSettings = field(default_factory=RiskSettings)
    # Who may read /metrics: client addresses or networks (docs/operations.md). Empty: nobody.
    metrics_allow: tuple[str, ...] = ("127.0.0.1", "::1")
    # A payment whose money is still held after this long needs a person (docs/operations.md).
    status_query_window_s: int = 900
    # How long a process keeps a customer's dashboard and history pages (bff/users/read_cache.py;
    # their own payments refresh them at once). 0: never kept.
    read_cache_s: float = 2.0
    # Passkeys (WebAuthn, bff/passkeys): the relying party's id (the site's domain, which a
    # passkey is bound to), its name shown by the browser, the origins the web app is opened
    # at, and how long a ceremony's challenge lives. An IP address cannot be a relying-party
    # id: open the web app at http://localhost:8000 to try passkeys (docs/running.md).
    webauthn_rp_id: str = "localhost"
    webauthn_rp_name: str = "Kobo"
    webauthn_origins: tuple[str, ...] = ("http://localhost:8000",)
    webauthn_challenge_ttl_s: int = 180
    # Known devices (bff/devices): for 24 hours after a first sign-in on a new device, or
    # after a passkey was added on it, what that device may send in transfers, in kobo
    # (₦20,000, after the CBN's device-binding circular of March 2026). 0: no cap.
    new_device_cap_kobo: int = 2_000_000

    @property
    def new_device_cap_on(self) -> bool:
        """Whether new devices' transfers are capped (bff/transfers/device_cap.py)."""
        return self.new_device_cap_kobo > 0

    def check_webauthn(self) -> None:
        """Refuse to start with passkey settings no browser would accept."""
        problems = webauthn_problems(self.webauthn_rp_id, self.webauthn_origins, self.production)
        if problems:
            raise SettingError("Passkey settings: " + "; ".join(problems))

    # Hours the bank has to answer a reported problem, per reason (bff/config/dispute_deadlines.py).
    dispute_deadline_hours: dict[str, int] = field(
        default_factory=lambda: dict(DEFAULT_DEADLINE_HOURS)
    )
    # How far back a payment may be reported.
    dispute_window_days: int = 90
    # The customer's data archive (bff/privacy, docs/running.md): how long its sealed file is
    # kept, downloaded or not; how long its single-use link works; and the days the bank has
    # to answer a correction or erasure request.
    data_export_keep_days: int = 7
    data_export_link_hours: int = 24
    data_request_answer_days: int = 30

    def check_production(self, secret_from_env: bool) -> None:
        """Production mode refuses to start with a development convenience switched on."""
        if not self.production:
            return
        problems = []
        if not secret_from_env or len(self.secret_key) < 32:
            problems.append("KOBO_SECRET_KEY must be set (at least 32 characters)")
        elif "not-for-production" in self.secret_key:
            problems.append("KOBO_SECRET_KEY is a development key from this repository")
        if self.allow_sim_scenarios:
            problems.append("KOBO_ALLOW_SIM_SCENARIOS must be off")
        if self.seed_personas:
            # The demo personas' passwords are in this repository.
            problems.append("KOBO_SEED_PERSONAS must be off")
        if self.auto_approve_reviews:
            problems.append("KOBO_AUTO_APPROVE_REVIEWS must be off")
        if self.clock_source != "database":
            problems.append("KOBO_CLOCK_SOURCE must be database")
        if "*" in self.cors_origins:
            problems.append("KOBO_CORS_ORIGINS must list origins, not *")
        problems.extend(self.storage.problems_for_production())
        if problems:
            raise SettingError("Refusing to start in production mode: " + "; ".join(problems))

    @classmethod
    def from_env(cls) -> Settings:
        default_db = f"sqlite+aiosqlite:///{REPO_ROOT / 'var' / 'bff.sqlite3'}"
        dist = os.environ.get("KOBO_WEBAPP_DIST")
        settings = cls(
            database_url=os.environ.get("DATABASE_URL", default_db),
            core_url=os.environ.get("KOBO_CORE_URL", "http://127.0.0.1:8100"),
            secret_key=os.environ.get("KOBO_SECRET_KEY") or secrets.token_urlsafe(32),
            core_timeout_s=env_seconds("KOBO_CORE_TIMEOUT_S", 10),
            session_idle_s=env_int("KOBO_SESSION_IDLE_S", 300),
            session_absolute_s=env_int("KOBO_SESSION_ABSOLUTE_S", 8 * 3600),
            otp_ttl_s=env_int("KOBO_OTP_TTL_S", 300),
            login_codes_per_window=env_int("KOBO_LOGIN_CODES_PER_WINDOW", 10),
            seed_personas=env_flag("KOBO_SEED_PERSONAS", True),
            auto_approve_reviews=env_flag("KOBO_AUTO_APPROVE_REVIEWS", False),
            uploads_dir=Path(
                os.environ.get("KOBO_UPLOADS_DIR", str(REPO_ROOT / "var" / "uploads"))
            ),
            worker_enabled=env_flag("KOBO_WORKER_ENABLED", True),
            worker_interval_s=env_seconds("KOBO_WORKER_INTERVAL_S", 2),
            public_url=os.environ.get("KOBO_PUBLIC_URL", "http://127.0.0.1:8000").rstrip("/"),
            webapp_dist=Path(dist) if dist else REPO_ROOT / "webapp" / "dist",
            production=production_mode(),
            allow_sim_scenarios=env_flag("KOBO_ALLOW_SIM_SCENARIOS", False),
            clock_source=env_choice("KOBO_CLOCK_SOURCE", "database", ("database", "simulator")),
            read_cache_s=env_seconds("KOBO_READ_CACHE_S", 2, zero_allowed=True),
            password_hash_threads=env_int("KOBO_PASSWORD_HASH_THREADS", 0, minimum=0),
            password_hash_queue=env_int("KOBO_PASSWORD_HASH_QUEUE", 64, minimum=0),
            core_breaker_failures=env_int("KOBO_CORE_BREAKER_FAILURES", 5),
            core_breaker_reset_s=env_seconds("KOBO_CORE_BREAKER_RESET_S", 5),
            rate_limit_auth_per_minute=env_int("KOBO_RATE_LIMIT_AUTH_PER_MINUTE", 10),
            rate_limit_name_inquiry_per_minute=env_int(
                # The old spelling is still read, so a deployment that set it keeps its limit.
                "KOBO_RATE_LIMIT_NAME_INQUIRY_PER_MINUTE",
                env_int("KOBO_RATE_LIMIT_NAME_ENQUIRY_PER_MINUTE", 30),
            ),
            redis_url=os.environ.get("REDIS_URL") or None,
            redis_key_prefix=os.environ.get("KOBO_REDIS_KEY_PREFIX") or "kobo-rate-limit",
            redis_password=os.environ.get("KOBO_REDIS_PASSWORD") or None,
            cors_origins=tuple(
                origin.strip().rstrip("/")
                for origin in os.environ.get("KOBO_CORS_ORIGINS", "").split(",")
                if origin.strip()
            ),
            channels=ChannelSettings.from_env(),
            risk=RiskSettings.from_env(),
            storage=StorageSettings.from_env(),
            dispute_deadline_hours=dispute_deadlines_from_env(),
            data_export_keep_days=env_int("KOBO_DATA_EXPORT_KEEP_DAYS", 7),
            data_export_link_hours=env_int("KOBO_DATA_EXPORT_LINK_HOURS", 24),
            data_request_answer_days=env_int("KOBO_DATA_REQUEST_ANSWER_DAYS", 30),
            status_query_window_s=env_int("KOBO_STATUS_QUERY_WINDOW_S", 900),
            webauthn_rp_id=os.environ.get("KOBO_WEBAUTHN_RP_ID", "localhost").strip().lower(),
            webauthn_rp_name=os.environ.get("KOBO_WEBAUTHN_RP_NAME", "Kobo").strip(),
            webauthn_origins=tuple(
                origin.strip().rstrip("/")
                for origin in os.environ.get(
                    "KOBO_WEBAUTHN_ORIGINS", "http://localhost:8000"
                ).split(",")
                if origin.strip()
            ),
            webauthn_challenge_ttl_s=env_int("KOBO_WEBAUTHN_CHALLENGE_TTL_S", 180),
            new_device_cap_kobo=env_int("KOBO_NEW_DEVICE_CAP_KOBO", 2_000_000, minimum=0),
            metrics_allow=tuple(
                part.strip()
                for part in os.environ.get("KOBO_METRICS_ALLOW", "127.0.0.1,::1").split(",")
                if part.strip()
            ),
        )
        settings.check_production(secret_from_env=bool(os.environ.get("KOBO_SECRET_KEY")))
        settings.check_webauthn()
        return settings


def webauthn_problems(rp_id: str, origins: tuple[str, ...], production: bool) -> list[str]:
    """What a browser would refuse in these passkey settings (WebAuthn §5.1.3: the origin's
    host must be the relying-party id or a subdomain of it, over https except on localhost)."""
    problems = []
    if not rp_id or "/" in rp_id or ":" in rp_id or rp_id.replace(".", "").isdigit():
        problems.append(
            f"KOBO_WEBAUTHN_RP_ID must be a domain name such as bank.example (got {rp_id!r})"
        )
    if not origins:
        problems.append("KOBO_WEBAUTHN_ORIGINS must list at least one origin")
    for origin in origins:
        parts = urlsplit(origin)
        host = parts.hostname or ""
        if parts.scheme not in ("https", "http") or not host or parts.path not in ("", "/"):
            problems.append(f"{origin!r} is not an origin (scheme://host[:port])")
        elif parts.scheme == "http" and host != "localhost":
            problems.append(f"{origin!r} must use https (only localhost may use http)")
        elif host != rp_id and not host.endswith("." + rp_id):
            problems.append(f"{origin!r} is not on the relying party's domain {rp_id!r}")
        elif production and host == "localhost":
            problems.append(f"{origin!r}: localhost is for development only")
    return problems


def dispute_deadlines_from_env() -> dict[str, int]:
    try:
        return parse_deadline_hours(os.environ.get("KOBO_DISPUTE_DEADLINE_HOURS", ""))
    except ValueError as exc:
        raise SettingError(f"KOBO_DISPUTE_DEADLINE_HOURS: {exc}") from exc
