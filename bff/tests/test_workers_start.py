"""`--workers 2` on fresh databases: both programs start with every worker up, migrate and
seed once (a worker that seeded too would die on a unique violation, or drop the other's
tables), and answer from either worker; the BFF's /metrics counts every worker's
requests, whichever worker answers the scrape."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bench.processes import Stack
from bench.workload import free_port
from bff.tests.helpers import ADA, PASSWORD

pytestmark = [pytest.mark.slow]

READY_CALLS = 20


def ready_requests(exposition: str) -> float:
    """The request counter's total for GET /ready, summed over its series."""
    total = 0.0
    for family in text_string_to_metric_families(exposition):
        for sample in family.samples:
            if sample.name.endswith("_requests_total") and sample.labels.get("path") == "/ready":
                total += sample.value
    return total


async def test_two_workers_of_each_program_start_on_fresh_databases(databases, tmp_path: Path):
    stack = Stack(
        bff_db=databases.new("workers_bff"),
        sim_db=databases.new("workers_sim"),
        bff_port=free_port(),
        sim_port=free_port(),
        log_dir=tmp_path,
        env_overrides={"SIM_LOG_LEVEL": "WARNING", "KOBO_LOG_FORMAT": "text"},
        bff_workers=2,
        sim_workers=2,
    )
    stack.start()
    try:
        async with (
            httpx.AsyncClient(base_url=stack.bff_url, timeout=30) as bff,
            httpx.AsyncClient(base_url=stack.sim_url, timeout=30) as sim,
        ):
            login = await bff.post(
                "/auth/ibanking/personal/login", json={"email": ADA, "password": PASSWORD}
            )
            assert login.status_code == 200, login.text  # the personas were seeded
            # Enough calls that both workers of each program answer some of them: each on a
            # new connection (a kept-alive one stays with the worker that accepted it).
            for _ in range(READY_CALLS):
                ready = await bff.get("/ready", headers={"Connection": "close"})
                assert ready.status_code == 200, ready.text
                assert (await sim.get("/core/accounts/1020000115")).status_code == 200
            for _ in range(4):  # each scrape may land on either worker
                scrape = await bff.get("/metrics", headers={"Connection": "close"})
                assert scrape.status_code == 200, scrape.text
                assert ready_requests(scrape.text) == READY_CALLS, scrape.text[-2000:]
    finally:
        stack.stop()
    logs = "\n".join(path.read_text() for path in sorted(tmp_path.glob("*.log")))  # noqa: ASYNC240
    for failure in ("Traceback", "IntegrityError", "UniqueViolation", "Child process"):
        assert failure not in logs, logs[-3000:]
    assert stack.bff is not None and stack.sim is not None
