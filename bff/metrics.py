"""`/metrics` for Prometheus: Litestar's plugin for requests and latency (labelled by route
template, never by raw path), plus the bank's own figures, read from the database at scrape
time so that every process reports the same truth and a restart loses nothing.

Served only to the addresses in KOBO_METRICS_ALLOW (default: this host), and never through
the reverse proxy (a request carrying X-Forwarded-For is refused): docs/operations.md.
"""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from litestar import Controller, Request, Response, get
from litestar.exceptions import NotFoundException
from litestar.plugins.prometheus import PrometheusConfig
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    generate_latest,
    multiprocess,
)
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector
from sqlalchemy import func, select

from bff.bills.models import Vend
from bff.clock import BankClock
from bff.dates import LAGOS
from bff.db import Database, utcnow
from bff.disputes.models import Dispute
from bff.disputes.reasons import DisputeStatus
from bff.notifications.models import OutboxMessage, OutboxStatus
from bff.payments.lifecycle import Stage, Status
from bff.risk.models import AccountFlag, FlagState, PaymentReview, ReviewState
from bff.schedules.models import ScheduledPayment, ScheduledRun, ScheduleStatus
from bff.transfers.models import Transfer, TransferType

PROMETHEUS = PrometheusConfig(
    app_name="kobo-bff",
    prefix="kobo_http",
    group_path=True,  # /api/transfer/{transfer_id:str}, not one series per transfer
    exclude=["^/metrics$"],
    exclude_unhandled_paths=True,
)
IN_FLIGHT = (Status.PROCESSING, Status.PENDING)
MONEY_HELD = (Stage.HELD, Stage.SENT)


@dataclass
class Figures:
    transfers: dict[tuple[str, str], int] = field(default_factory=dict)
    nip_pending: int = 0
    nip_oldest_pending_s: float = 0.0
    holds_past_window: int = 0
    backlog: dict[str, int] = field(default_factory=dict)
    backlog_oldest_s: float = 0.0
    schedules_due: int = 0
    scheduled_runs: dict[str, int] = field(default_factory=dict)
    disputes_open: int = 0
    disputes_past_deadline: int = 0
    payments_held: int = 0
    payments_held_past_deadline: int = 0
    accounts_flagged: int = 0


def _age(now: datetime, since: datetime | None) -> float:
    return max(0.0, (now - since).total_seconds()) if since else 0.0


async def read_figures(db: Database, clock: BankClock, hold_window: timedelta) -> Figures:
    now = utcnow()
    today = (await clock.now()).astimezone(LAGOS).date()
    figures = Figures()
    async with db.autocommit() as session:
        for transfer_type, status, count in await session.execute(
            select(Transfer.transfer_type, Transfer.status, func.count()).group_by(
                Transfer.transfer_type, Transfer.status
            )
        ):
            figures.transfers[(transfer_type, status)] = count
        count, oldest = (
            await session.execute(
                select(func.count(), func.min(Transfer.confirmed_at)).where(
                    Transfer.transfer_type == TransferType.OTHER_BANK,
                    Transfer.status.in_(IN_FLIGHT),
                )
            )
        ).one()
        figures.nip_pending, figures.nip_oldest_pending_s = count, _age(now, oldest)
        for model in (Transfer, Vend):
            figures.holds_past_window += (
                await session.scalar(
                    select(func.count()).where(
                        model.status.in_(IN_FLIGHT),
                        model.stage.in_(MONEY_HELD),
                        model.confirmed_at < now - hold_window,
                    )
                )
                or 0
            )
        for kind, count in await session.execute(
            select(OutboxMessage.kind, func.count())
            .where(OutboxMessage.status == OutboxStatus.PENDING)
            .group_by(OutboxMessage.kind)
        ):
            figures.backlog[kind] = count
        figures.backlog_oldest_s = _age(
            now,
            await session.scalar(
                select(func.min(OutboxMessage.created_at)).where(
                    OutboxMessage.status == OutboxStatus.PENDING
                )
            ),
        )
        figures.schedules_due = (
            await session.scalar(
                select(func.count()).where(
                    ScheduledPayment.approved.is_(True),
                    ScheduledPayment.status == ScheduleStatus.PENDING,
                    ScheduledPayment.next_date <= today,
                )
            )
            or 0
        )
        for status, count in await session.execute(
            select(ScheduledRun.status, func.count()).group_by(ScheduledRun.status)
        ):
            figures.scheduled_runs[status] = count
        open_disputes, late = (
            await session.execute(
                select(func.count(), func.count().filter(Dispute.due_at < now)).where(
                    Dispute.status.in_(DisputeStatus.OPEN)
                )
            )
        ).one()
        figures.disputes_open, figures.disputes_past_deadline = open_disputes, late
        held, late = (
            await session.execute(
                select(func.count(), func.count().filter(PaymentReview.deadline_at < now)).where(
                    PaymentReview.state == ReviewState.OPEN
                )
            )
        ).one()
        figures.payments_held, figures.payments_held_past_deadline = held, late
        figures.accounts_flagged = (
            await session.scalar(select(func.count()).where(AccountFlag.state == FlagState.OPEN))
            or 0
        )
    return figures


class BankCollector(Collector):
    """Exposes the figures of the latest scrape (refreshed just before each export)."""

    def __init__(self) -> None:
        self.figures = Figures()
        # Not from the database: the answering process's own view (bff/core_client/health.py).
        self.core_up = False

    def collect(self) -> Iterator[GaugeMetricFamily]:
        yield GaugeMetricFamily(
            "kobo_core_up",
            "1 when the core answers as far as this process knows (circuit breaker closed, "
            "last probe answered), 0 otherwise; /ready does not depend on it",
            value=int(self.core_up),
        )
        f = self.figures
        transfers = GaugeMetricFamily(
            "kobo_transfers",
            "Transfers the BFF has recorded, by type and current outcome",
            labels=["type", "outcome"],
        )
        for (transfer_type, status), count in sorted(f.transfers.items()):
            transfers.add_metric([transfer_type, status], count)
        yield transfers
        yield GaugeMetricFamily(
            "kobo_nip_pending_transfers",
            "Transfers to other banks not final yet (processing or awaiting the switch)",
            value=f.nip_pending,
        )
        yield GaugeMetricFamily(
            "kobo_nip_pending_oldest_age_seconds",
            "Age of the oldest transfer to another bank that is not final",
            value=f.nip_oldest_pending_s,
        )
        yield GaugeMetricFamily(
            "kobo_holds_past_status_query_window",
            "Payments whose customer money is held for longer than the status-query window",
            value=f.holds_past_window,
        )
        backlog = GaugeMetricFamily(
            "kobo_notification_backlog",
            "Outbox rows not delivered yet, by kind",
            labels=["kind"],
        )
        for kind in ("SMS", "EMAIL", "POSTING_ALERT"):
            backlog.add_metric([kind], f.backlog.get(kind, 0))
        yield backlog
        yield GaugeMetricFamily(
            "kobo_notification_oldest_pending_age_seconds",
            "Age of the oldest undelivered outbox row",
            value=f.backlog_oldest_s,
        )
        yield GaugeMetricFamily(
            "kobo_scheduled_payments_due",
            "Approved scheduled payments due today or earlier that have not run",
            value=f.schedules_due,
        )
        runs = GaugeMetricFamily(
            "kobo_scheduled_runs", "Scheduled payment runs made, by outcome", labels=["outcome"]
        )
        for status, count in sorted(f.scheduled_runs.items()):
            runs.add_metric([status], count)
        yield runs
        yield GaugeMetricFamily(
            "kobo_disputes_open",
            "Disputes received or in review (not refunded, answered or rejected yet)",
            value=f.disputes_open,
        )
        yield GaugeMetricFamily(
            "kobo_disputes_past_deadline",
            "Open disputes whose answer-by time has passed",
            value=f.disputes_past_deadline,
        )
        yield GaugeMetricFamily(
            "kobo_payments_held",
            "Payments the risk check held for review, not released or cancelled yet",
            value=f.payments_held,
        )
        yield GaugeMetricFamily(
            "kobo_payments_held_past_deadline",
            "Held payments whose review deadline has passed (the worker cancels them)",
            value=f.payments_held_past_deadline,
        )
        yield GaugeMetricFamily(
            "kobo_accounts_flagged",
            "Accounts whose outflows the core stopped for review (money coming in)",
            value=f.accounts_flagged,
        )


_COLLECTOR = BankCollector()
REGISTRY.register(_COLLECTOR)  # once per process, however many apps a test builds


def forget_dead_workers() -> None:
    """Several workers share their metrics through files (`python -m bff serve --workers N`).
    A worker that died, and was replaced, leaves its live gauges' files (requests in
    progress) behind, and /metrics would go on adding them; each new worker removes those of
    processes that no longer run, as prometheus_client's `mark_process_dead` does."""
    directory = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if not directory:
        return
    for path in Path(directory).glob("gauge_live*_*.db"):
        pid = int(path.stem.rsplit("_", 1)[1])
        if not _running(pid):
            multiprocess.mark_process_dead(pid, directory)


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)  # no signal sent: only asks whether the process exists
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # it exists, under another user
    return True


def allowed(request: Request[Any, Any, Any], allow: tuple[str, ...]) -> bool:
    if "x-forwarded-for" in request.headers:  # came through the proxy: never public
        return False
    client = request.client.host if request.client else None
    if client is None:
        return False
    try:
        address = ipaddress.ip_address(client)
    except ValueError:
        return False
    return any(address in ipaddress.ip_network(entry, strict=False) for entry in allow)


class MetricsController(Controller):
    path = "/metrics"

    @get(include_in_schema=False)
    async def get(self, request: Request[Any, Any, Any]) -> Response:
        state = request.app.state
        if not allowed(request, state.settings.metrics_allow):
            raise NotFoundException()  # as if there were nothing here
        _COLLECTOR.figures = await read_figures(
            state.db, state.clock, timedelta(seconds=state.settings.status_query_window_s)
        )
        _COLLECTOR.core_up = state.core_health.up()
        registry = REGISTRY
        if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
            # uvicorn --workers N: every worker's request metrics, and the bank's figures once.
            registry = CollectorRegistry()
            multiprocess.MultiProcessCollector(registry)
            registry.register(_COLLECTOR)
        return Response(generate_latest(registry), status_code=200, media_type=CONTENT_TYPE_LATEST)
