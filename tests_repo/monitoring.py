"""What the monitoring tests share: promtool (Debian's `prometheus` package; scripts/test
installs it), the metric names the BFF really exports, and the metric names a PromQL
expression reads."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import warnings
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PROMETHEUS_RULE = ROOT / "deploy/k8s/monitoring/prometheus-rules.yaml"
DASHBOARD = ROOT / "deploy/monitoring/kobo-money-flow.json"


def promtool() -> str:
    """promtool's path. Missing, it fails the test under CI=true (CI must check the rules)
    and skips it with a warning elsewhere."""
    path = shutil.which("promtool")
    if path:
        return path
    message = "promtool is missing: `apt-get install prometheus` (scripts/test installs it)"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{message}; CI requires it")
    warnings.warn(f"SKIPPING: {message}", stacklevel=2)
    pytest.skip(message)


def run_promtool(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([promtool(), *args], cwd=cwd, capture_output=True, text=True)


def exported_metric_names() -> set[str]:
    """Every metric name a BFF's /metrics can show: the bank's figures (bff/metrics.py), the
    rate limiter's counter, and the request metrics of Litestar's plugin with the BFF's own
    configuration (its middleware makes them on the first request, so one is served)."""
    from litestar import Litestar, get
    from litestar.testing import TestClient
    from prometheus_client import REGISTRY, generate_latest

    import bff.security.throttling  # noqa: F401 (registers the rate limiter's counter)
    from bff.metrics import PROMETHEUS

    @get("/ping")
    async def ping() -> str:
        return "pong"

    with TestClient(Litestar([ping], middleware=[PROMETHEUS.middleware])) as client:
        client.get("/ping")
    names = set()
    for line in generate_latest(REGISTRY).decode().splitlines():
        if line.startswith("# TYPE "):
            _, _, name, kind = line.split()
            names.add(name)
            if kind == "histogram":
                names |= {f"{name}_bucket", f"{name}_sum", f"{name}_count"}
        elif line and not line.startswith("#"):
            names.add(re.split(r"[{ ]", line, maxsplit=1)[0])
    return names


KEYWORDS = {"by", "without", "on", "ignoring", "group_left", "group_right", "bool", "offset"}
KEYWORDS |= {"and", "or", "unless", "inf", "nan"}


def metric_names(expr: str) -> set[str]:
    """The metric names a PromQL expression reads: what is left once strings, label matchers
    and lists, ranges, functions and keywords are taken out."""
    expr = re.sub(r'"(?:[^"\\]|\\.)*"', "", expr)  # strings
    expr = re.sub(r"\{[^}]*\}", "", expr)  # label matchers
    expr = re.sub(r"\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)", "", expr)
    expr = re.sub(r"\[[^\]]*\]", "", expr)  # ranges and subqueries
    names = set()
    for match in re.finditer(r"[A-Za-z_:][A-Za-z0-9_:]*", expr):
        word = match.group()
        following = expr[match.end() :].lstrip()
        if following.startswith("(") or word.lower() in KEYWORDS:
            continue  # a function or aggregation, or a keyword
        if match.start() and expr[match.start() - 1].isdigit():
            continue  # the exponent of a number such as 1e3
        names.add(word)
    return names
