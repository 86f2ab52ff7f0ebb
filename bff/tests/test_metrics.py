"""/metrics: route templates rather than raw paths, the bank's own figures, and only for
the addresses the operator allows."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

from bff.metrics import forget_dead_workers
from bff.tests.helpers import TUNDE_ACCOUNT, Bff, auth, samples, send


async def test_metrics_show_transfers_by_outcome_and_route_templates(bff: Bff):
    token = await bff.sign_in()
    done = await send(
        bff, token, "intrabank", "intrabank", destinationAccountNumber=TUNDE_ACCOUNT, amount=12
    )
    transfer_id = done.json()["id"]
    assert (await bff.client.get(f"/api/transfer/{transfer_id}", headers=auth(token))).is_success

    scraped = await bff.client.get("/metrics")
    assert scraped.status_code == 200
    assert scraped.headers["content-type"].startswith("text/plain")
    figures = samples(scraped.text)
    completed = figures[("kobo_transfers", (("outcome", "COMPLETED"), ("type", "INTRA_BANK")))]
    assert completed >= 1
    assert ("kobo_notification_backlog", (("kind", "POSTING_ALERT"),)) in figures
    assert ("kobo_holds_past_status_query_window", ()) in figures
    assert ("kobo_scheduled_payments_due", ()) in figures
    # Requests are counted by route template; no transfer id ever becomes a label.
    assert transfer_id not in scraped.text
    paths = {dict(labels).get("path") for (name, labels) in figures if name.startswith("kobo_http")}
    assert "/api/transfer/{transfer_id}" in paths, paths
    assert re.search(r'kobo_http_requests_total\{[^}]*path="/api/transfer/intrabank"', scraped.text)


async def test_metrics_are_refused_through_the_proxy_and_outside_the_allow_list(bff_factory):
    allowed = await bff_factory()
    proxied = await allowed.client.get("/metrics", headers={"X-Forwarded-For": "198.51.100.7"})
    assert proxied.status_code == 404
    elsewhere = await bff_factory(metrics_allow=("10.0.0.0/8",))
    assert (await elsewhere.client.get("/metrics")).status_code == 404
    nobody = await bff_factory(metrics_allow=())
    assert (await nobody.client.get("/metrics")).status_code == 404


def test_a_new_worker_forgets_the_live_gauges_of_workers_that_died(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ended = subprocess.Popen(["true"])
    ended.wait()
    for pid in (ended.pid, os.getpid()):
        for kind in ("gauge_livesum", "counter"):
            (tmp_path / f"{kind}_{pid}.db").write_bytes(b"")
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path))
    forget_dead_workers()
    left = sorted(path.name for path in tmp_path.iterdir())
    # Counters of a dead worker stay (its requests happened); its live gauges go.
    assert left == sorted(
        [
            f"counter_{ended.pid}.db",
            f"counter_{os.getpid()}.db",
            f"gauge_livesum_{os.getpid()}.db",
        ]
    )
