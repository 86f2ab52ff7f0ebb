"""Issue 54: the alert rules are an artifact (deploy/k8s/monitoring/prometheus-rules.yaml), not
prose. promtool checks them and runs their unit tests (tests_repo/alert_rules_test.yml) on the
PrometheusRule's own `spec`, so there is no second copy to drift; every alert the operations
guide names is there, fires once (not once per pod), and reads only metrics the BFF exports."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests_repo.monitoring import (
    PROMETHEUS_RULE,
    ROOT,
    exported_metric_names,
    metric_names,
    run_promtool,
)

UNIT_TESTS = ROOT / "tests_repo/alert_rules_test.yml"


def _resource() -> dict[str, Any]:
    resource: dict[str, Any] = yaml.safe_load(PROMETHEUS_RULE.read_text())
    return resource


def _rules() -> list[dict[str, Any]]:
    return [rule for group in _resource()["spec"]["groups"] for rule in group["rules"]]


def _write_rule_file(directory: Path, spec: dict[str, Any]) -> Path:
    """The PrometheusRule's spec as the plain rule file promtool (and a Prometheus without
    the operator) reads, beside the unit tests that name it."""
    shutil.copy(UNIT_TESTS, directory / UNIT_TESTS.name)
    path = directory / "kobo-rules.yml"
    path.write_text(yaml.safe_dump(spec, sort_keys=False))
    return path


def test_the_rules_are_a_prometheus_rule_naming_every_alert_the_guide_names() -> None:
    resource = _resource()
    assert resource["apiVersion"] == "monitoring.coreos.com/v1"
    assert resource["kind"] == "PrometheusRule"
    guide = (ROOT / "docs/operations.md").read_text()
    section = guide.split("## 5. What to watch")[1].split("\n## ")[0]
    named = set(re.findall(r"`(Kobo[A-Z][A-Za-z]+)`", section))
    alerts = [rule["alert"] for rule in _rules()]
    assert len(alerts) == len(set(alerts))
    assert "KoboCoreDown" in named
    assert named == set(alerts)


def test_promtool_checks_the_rules(tmp_path: Path) -> None:
    rule_file = _write_rule_file(tmp_path, _resource()["spec"])
    checked = run_promtool("check", "rules", rule_file.name, cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert f"SUCCESS: {len(_rules())} rules found" in checked.stdout


def test_every_alert_fires_once_for_two_pods_and_stays_quiet_when_all_is_well(
    tmp_path: Path,
) -> None:
    _write_rule_file(tmp_path, _resource()["spec"])
    tested = run_promtool("test", "rules", UNIT_TESTS.name, cwd=tmp_path)
    assert tested.returncode == 0, tested.stdout + tested.stderr
    # Every alert has both cases, and the firing one is fed by two pods.
    fires, quiet = set(), set()
    for case in yaml.safe_load(UNIT_TESTS.read_text())["tests"]:
        pods = set(re.findall(r'pod="([^"]+)"', str(case["input_series"])))
        for check in case["alert_rule_test"]:
            if len(check["exp_alerts"]) == 1 and len(pods) >= 2:
                fires.add(check["alertname"])
            elif not check["exp_alerts"]:
                quiet.add(check["alertname"])
    alerts = {rule["alert"] for rule in _rules()}
    assert fires == alerts
    assert quiet == alerts


def test_an_alert_that_fires_once_per_pod_fails_the_unit_tests(tmp_path: Path) -> None:
    """The unit tests can fail: the guide's old `max without (instance)` keeps the pod
    label, and promtool then sees two alerts where one is expected."""
    spec = _resource()["spec"]
    for rule in spec["groups"][0]["rules"]:
        if rule["alert"] == "KoboCoreDown":
            rule["expr"] = "max without (instance) (kobo_core_up) == 0"
    _write_rule_file(tmp_path, spec)
    tested = run_promtool("test", "rules", UNIT_TESTS.name, cwd=tmp_path)
    assert tested.returncode != 0
    assert "alertname: KoboCoreDown" in tested.stdout + tested.stderr


@pytest.mark.parametrize("rule", _rules(), ids=lambda rule: rule["alert"])
def test_each_alert_aggregates_the_pods_away_and_reads_metrics_the_bff_exports(
    rule: dict[str, Any],
) -> None:
    expr = rule["expr"]
    assert "without (instance)" not in expr  # once per pod: the bug this file replaced
    assert re.search(r"\b(max|sum)\s+by\s*\(", expr), expr
    names = metric_names(expr)
    assert names, expr
    assert names <= exported_metric_names(), names - exported_metric_names()
    assert rule["labels"]["severity"] in ("page", "ticket")
    assert rule["annotations"]["summary"]


def test_the_pod_monitor_scrapes_each_bff_pod_s_metrics_port() -> None:
    """The rules see figures only if every BFF pod is scraped: the PodMonitor selects the
    production render's BFF pods and names their port."""
    from tests_repo.kustomize_render import render

    monitor = yaml.safe_load((PROMETHEUS_RULE.parent / "pod-monitor.yaml").read_text())
    assert (monitor["apiVersion"], monitor["kind"]) == ("monitoring.coreos.com/v1", "PodMonitor")
    resources = render(ROOT / "deploy/k8s/overlays/production-example")
    (bff,) = [
        r for r in resources if r["kind"] == "Deployment" and r["metadata"]["name"] == "kobo-bff"
    ]
    pod = bff["spec"]["template"]
    assert monitor["spec"]["selector"]["matchLabels"].items() <= pod["metadata"]["labels"].items()
    ports = {p["name"] for c in pod["spec"]["containers"] for p in c["ports"]}
    (endpoint,) = monitor["spec"]["podMetricsEndpoints"]
    assert endpoint["port"] in ports
    assert endpoint["path"] == "/metrics"
