"""The BFF's object graph: every service built once, from the settings, and handed to the
routes by name (Litestar dependencies). Wiring only, no rules."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, fields
from typing import Any

from bff.accounts.service import AccountsService
from bff.audit.notices import SecurityNotices
from bff.auth.codes import OneTimeCodes
from bff.auth.devices import SignInDevices
from bff.auth.service import AuthService
from bff.beneficiaries.service import BeneficiaryService
from bff.bills.alerts import VEND_ALERT, VendAlerts
from bff.bills.service import BillService
from bff.clock import BankClock, Clock, SimulatorClock
from bff.config import Settings
from bff.core_client import CoreClient
from bff.core_client.breaker import CircuitBreaker
from bff.core_client.health import CoreHealth
from bff.dashboard.service import DashboardService
from bff.db import Base, Database
from bff.db.migrate import upgrade
from bff.devices.service import DeviceService
from bff.disputes.backoffice import DisputeBackOffice
from bff.disputes.service import DisputeService
from bff.history.service import HistoryService
from bff.jobs.runner import Jobs
from bff.kyc.service import KycService
from bff.limits.service import LimitsService
from bff.liveness.service import LivenessService
from bff.notifications.alerts import PostingAlerts
from bff.notifications.notifier import Notifier
from bff.notifications.outbox import Outbox
from bff.notifications.transports import Transports
from bff.onboarding.review import OnboardingReviewService
from bff.onboarding.service import OnboardingService
from bff.passkeys.service import PasskeyService
from bff.payees.lookup import AccountLookup
from bff.privacy.backoffice import PrivacyBackOffice
from bff.privacy.marketing import MarketingOffers
from bff.privacy.service import PrivacyService, PrivacySettings
from bff.registration.service import RegistrationService
from bff.risk.backoffice import RiskBackOffice
from bff.risk.check import RiskCheck
from bff.risk.reviews import PaymentReviews
from bff.risk.sync import RiskFeeds
from bff.savings.service import SavingsService
from bff.schedules.service import ScheduleService
from bff.security.passwords import Passwords
from bff.security.throttling import Limiter
from bff.seed import seed_personas
from bff.settings.freeze import FreezeService
from bff.settings.instant_transfers import InstantTransfers
from bff.settings.service import SettingsService
from bff.storage import open_document_store
from bff.storage.fields import SealedFields
from bff.tickets.service import TicketService
from bff.transfers.account_cap import NewAccountCap
from bff.transfers.alerts import TRANSFER_ALERT, TransferAlerts
from bff.transfers.device_cap import DeviceCap
from bff.transfers.models import Transfer, TransferType
from bff.transfers.service import TransferService
from bff.users.read_cache import ReadCache
from kobo_serving.startup import once_across_processes

STARTUP_LOCK = 0x6B6F626F01  # "kobo" + 1: migrations and seeding, once across processes


@dataclass(frozen=True, slots=True)
class Services:
    """Each field is a dependency a route handler can ask for by its name."""

    auth: AuthService
    codes: OneTimeCodes
    accounts: AccountsService
    dashboard: DashboardService
    registration: RegistrationService
    onboarding: OnboardingService
    onboarding_review: OnboardingReviewService
    liveness: LivenessService
    customer_settings: SettingsService
    passkeys: PasskeyService
    devices: DeviceService
    device_cap: DeviceCap
    account_cap: NewAccountCap
    payment_reviews: PaymentReviews
    risk_back_office: RiskBackOffice
    freeze: FreezeService
    instant_transfers: InstantTransfers
    transaction_limits: LimitsService
    lookup: AccountLookup
    beneficiaries: BeneficiaryService
    # Not "transfers": a dependency named like a body field (BulkTransferIn.transfers) turns
    # that field's validation error into a 500 (Litestar blames the dependency).
    transfer_service: TransferService
    schedules: ScheduleService
    savings: SavingsService
    bills: BillService
    history: HistoryService
    tickets: TicketService
    disputes: DisputeService
    dispute_back_office: DisputeBackOffice
    privacy: PrivacyService
    privacy_back_office: PrivacyBackOffice
    marketing: MarketingOffers
    kyc: KycService
    clock: BankClock
    jobs: Jobs
    core: CoreClient
    core_health: CoreHealth
    db: Database

    def by_name(self) -> dict[str, Any]:
        return {field.name: getattr(self, field.name) for field in fields(self)}


@dataclass(frozen=True, slots=True)
class Runtime:
    """The services plus what only starting and stopping the app needs."""

    services: Services
    settings: Settings
    passwords: Passwords
    transports: Transports
    outbox: Outbox
    limiter: Limiter  # rate limits (bff/security/throttling.py)
    owns_core: bool  # built here (closed at shutdown), not injected by a test

    async def start(self) -> None:
        db = self.services.db
        # N workers start together: one migrates and seeds, the others wait, then find it done.
        async with once_across_processes(db.engine, STARTUP_LOCK):
            await asyncio.to_thread(upgrade, self.settings.database_url)
            if self.settings.seed_personas:
                await seed_personas(db, self.passwords)
        if self.settings.production and self.settings.storage.backend == "s3":
            # Imported here: boto3 is needed for this one question (and by the tools).
            from bff.storage.versions import check_versioning

            await check_versioning(self.settings.storage)
        if self.settings.worker_enabled:
            self.services.jobs.start()

    async def stop(self) -> None:
        await self.services.jobs.stop()
        await self.services.core_health.aclose()
        await self.limiter.aclose()  # closes a Redis connection pool
        await self.transports.aclose()
        if self.owns_core:
            await self.services.core.aclose()
        await self.services.db.dispose()
        self.passwords.close()


def build(settings: Settings, core: CoreClient | None = None) -> Runtime:
    """`core`: tests inject the simulator in-process; otherwise built from the settings."""
    settings.check_webauthn()  # before anything starts: a wrong relying party stops here
    db = Database(settings.database_url)
    passwords = Passwords(
        settings.argon2,
        threads=settings.password_hash_threads or None,
        queue=settings.password_hash_queue,
    )
    core_client = core or CoreClient.over_network(
        settings.core_url,
        settings.core_timeout_s,
        CircuitBreaker(settings.core_breaker_failures, settings.core_breaker_reset_s),
    )
    transports = Transports.configured(settings.channels, core_client)
    alerts = PostingAlerts(
        {
            TRANSFER_ALERT: TransferAlerts(db, core_client).render,
            VEND_ALERT: VendAlerts(db, core_client).render,
        }
    )
    outbox = Outbox(db, transports, alerts.render)
    notifier = Notifier(transports, outbox)
    codes = OneTimeCodes(db, settings, core_client, notifier)
    notices = SecurityNotices(notifier)
    devices = DeviceService(db, settings, codes, notices)
    sign_in_devices = SignInDevices(settings, notices)
    device_cap = DeviceCap(db, settings)
    auth = AuthService(
        db, settings, passwords, core_client, codes, notifier, notices, sign_in_devices
    )
    read_cache = ReadCache(settings.read_cache_s, core_versions=core_client.activity_versions)
    accounts = AccountsService(db, core_client, codes, read_cache)
    store = open_document_store(settings.storage, settings.uploads_dir)
    liveness = LivenessService(db, core_client, store, notifier, settings.risk.dormant_days)
    onboarding = OnboardingService(db, settings, core_client, store, liveness)
    passkeys = PasskeyService(db, settings, codes, auth, notices)
    limits = LimitsService(db, settings, codes, accounts, notices, passkeys=passkeys)
    lookup = AccountLookup(core_client, settings.secret_key)
    beneficiaries = BeneficiaryService(db, lookup, notices, passkeys=passkeys)
    ttl = settings.otp_ttl_s
    reviews = PaymentReviews(db, core_client, notifier, settings.risk)
    feeds = RiskFeeds(db, core_client, settings.risk.sync_interval_s)
    account_cap = NewAccountCap(db, settings.risk)
    # One check for every payment; the history its rules read is the transfers'.
    risk = (
        RiskCheck(db, settings.risk, Transfer, TransferType.LIMITED)
        if settings.risk.enabled
        else None
    )
    transfers = TransferService(
        db,
        core_client,
        codes,
        accounts,
        limits,
        beneficiaries,
        lookup,
        notifier,
        otp_ttl_s=ttl,
        passkeys=passkeys,
        device_cap=device_cap,
        risk=risk,
        reviews=reviews,
        account_cap=account_cap,
    )
    bills = BillService(
        db,
        core_client,
        codes,
        accounts,
        limits,
        notifier,
        otp_ttl_s=ttl,
        passkeys=passkeys,
        risk=risk,
        reviews=reviews,
    )
    clock: BankClock = (
        SimulatorClock(core_client) if settings.clock_source == "simulator" else Clock(db)
    )
    schedules = ScheduleService(
        db, core_client, codes, transfers, clock, notifier, passkeys=passkeys
    )
    # A completed payment's alert goes out at once, not at the next pass.
    transfers.life.alert_recorded = outbox.poke
    bills.life.alert_recorded = outbox.poke
    history = HistoryService(db, core_client, accounts, notifier, read_cache)
    tickets = TicketService(db, core_client, store, notifier)
    disputes = DisputeService(
        db,
        history,
        tickets,
        transfers,
        bills,
        notifier,
        settings.dispute_deadline_hours,
        settings.dispute_window_days,
    )
    privacy = PrivacyService(
        db,
        PrivacySettings(
            keep_days=settings.data_export_keep_days,
            link_hours=settings.data_export_link_hours,
            answer_days=settings.data_request_answer_days,
            public_url=settings.public_url,
        ),
        codes,
        notifier,
        store,
        SealedFields(settings.storage.keys),
        core_client,
        tickets,
        Base.metadata,
        passkeys=passkeys,
    )
    services = Services(
        auth=auth,
        codes=codes,
        accounts=accounts,
        dashboard=DashboardService(db, core_client, read_cache),
        registration=RegistrationService(db, passwords, core_client, auth),
        onboarding=onboarding,
        liveness=liveness,
        onboarding_review=OnboardingReviewService(db, core_client, onboarding, notifier),
        customer_settings=SettingsService(
            db, settings, passwords, auth, codes, accounts, notices, passkeys=passkeys
        ),
        passkeys=passkeys,
        devices=devices,
        device_cap=device_cap,
        account_cap=account_cap,
        payment_reviews=reviews,
        risk_back_office=RiskBackOffice(db, core_client, reviews, feeds, settings.risk),
        freeze=FreezeService(db, passwords, auth, codes, notices),
        instant_transfers=InstantTransfers(db, codes, notices, passkeys=passkeys),
        transaction_limits=limits,
        lookup=lookup,
        beneficiaries=beneficiaries,
        transfer_service=transfers,
        schedules=schedules,
        savings=SavingsService(db, core_client, codes, history, passkeys=passkeys),
        bills=bills,
        history=history,
        tickets=tickets,
        disputes=disputes,
        dispute_back_office=DisputeBackOffice(disputes, core_client, notifier),
        privacy=privacy,
        privacy_back_office=PrivacyBackOffice(privacy, core_client),
        marketing=MarketingOffers(db, notifier),
        kyc=KycService(db, core_client, store, SealedFields(settings.storage.keys)),
        clock=clock,
        jobs=Jobs(
            transfers,
            bills,
            schedules,
            settings.worker_interval_s,
            outbox,
            passkeys,
            reviews,
            feeds,
            liveness,
            privacy,
        ),
        core=core_client,
        core_health=CoreHealth(core_client),
        db=db,
    )
    return Runtime(
        services=services,
        settings=settings,
        passwords=passwords,
        transports=transports,
        outbox=outbox,
        limiter=Limiter.from_settings(settings),
        owns_core=core is None,
    )
