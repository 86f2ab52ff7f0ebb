"""/metrics: route templates rather than raw paths, the bank's own figures, and only for
the addresses the operator allows."""

from __future__ import annotations

import re

from prometheus_client.parser import text_string_to_metric_families

from bff.tests.conftest import Bff
from bff.tests.test_transfers import TUNDE_ACCOUNT, auth, send


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    out = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            out[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return out


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
