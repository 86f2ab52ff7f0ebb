"""Issue 54: the money-flow dashboard (deploy/monitoring/kobo-money-flow.json) is a Grafana
dashboard that imports, whose every panel queries Prometheus, and whose every expression
parses (promtool) and reads only metrics the BFF really exports: a renamed metric fails here,
not as an empty panel on the day it is needed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from tests_repo.monitoring import DASHBOARD, exported_metric_names, metric_names, run_promtool


def _dashboard() -> dict[str, Any]:
    dashboard: dict[str, Any] = json.loads(DASHBOARD.read_text())
    return dashboard


def _expressions() -> list[str]:
    return [target["expr"] for panel in _dashboard()["panels"] for target in panel["targets"]]


def test_the_dashboard_is_grafana_json_whose_panels_query_prometheus() -> None:
    dashboard = _dashboard()
    assert isinstance(dashboard["schemaVersion"], int)
    assert dashboard["uid"] and dashboard["title"]
    (variable,) = dashboard["templating"]["list"]
    assert (variable["type"], variable["query"]) == ("datasource", "prometheus")
    assert dashboard["panels"]
    for panel in dashboard["panels"]:
        assert panel["datasource"] == {"type": "prometheus", "uid": "${datasource}"}, panel
        assert panel["targets"], panel["title"]
        for target in panel["targets"]:
            assert target["expr"].strip() and target["refId"], panel["title"]


def test_the_dashboard_shows_the_money_flow() -> None:
    shown = set().union(*(metric_names(expr) for expr in _expressions()))
    assert {
        "kobo_transfers",
        "kobo_http_requests_total",  # bill payments, by their confirm routes
        "kobo_holds_past_status_query_window",
        "kobo_notification_backlog",
        "kobo_core_up",
        "kobo_rate_limit_redis_unavailable_total",
    } <= shown
    assert any("/api/utility/" in expr for expr in _expressions())


def test_every_expression_reads_only_metrics_the_bff_exports() -> None:
    exported = exported_metric_names()
    assert {"kobo_transfers", "kobo_core_up", "kobo_http_requests_total"} <= exported
    for expr in _expressions():
        names = metric_names(expr)
        assert names, expr
        assert names <= exported, f"{expr}: the BFF exports no {sorted(names - exported)}"


def test_a_metric_the_bff_does_not_export_is_caught() -> None:
    assert metric_names('sum by (type) (rate(kobo_transfer_total{type="x"}[5m])) > 0.2') == {
        "kobo_transfer_total"
    }
    assert "kobo_transfer_total" not in exported_metric_names()


def test_every_expression_parses(tmp_path: Path) -> None:
    """promtool parses each expression, as a recording rule in a throwaway rule file."""
    rules = [{"record": f"kobo:dashboard:{n}", "expr": e} for n, e in enumerate(_expressions())]
    rule_file = tmp_path / "dashboard-rules.yml"
    rule_file.write_text(yaml.safe_dump({"groups": [{"name": "dashboard", "rules": rules}]}))
    checked = run_promtool("check", "rules", rule_file.name, cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    # ... and a broken one would not.
    rule_file.write_text(
        yaml.safe_dump(
            {"groups": [{"name": "d", "rules": [{"record": "x", "expr": "max by (kobo_core_up"}]}]}
        )
    )
    assert run_promtool("check", "rules", rule_file.name, cwd=tmp_path).returncode != 0
