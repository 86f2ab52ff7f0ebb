"""docs/simulator.md's recipes work as written: each marked block runs, unchanged, in bash
against a fresh stack (scripts/stack.py --e2e on free ports, found through KOBO_URL and SIM_URL
exactly as a tester's shell would)."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator

import pytest

from bench.processes import wait_until_up
from core_sim.settings import REPO_ROOT

DOC = REPO_ROOT / "docs" / "simulator.md"


def recipe(name: str) -> str:
    """The bash block right after `<!-- recipe:NAME -->` in docs/simulator.md."""
    match = re.search(
        rf"<!-- recipe:{re.escape(name)} -->\s*```bash\n(.*?)```", DOC.read_text(), re.DOTALL
    )
    assert match, f"docs/simulator.md has no recipe {name}"
    return match[1]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def stack() -> Iterator[dict[str, str]]:
    bff_port, sim_port = _free_port(), _free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "scripts/stack.py",
            "--e2e",
            "--bff-port",
            str(bff_port),
            "--sim-port",
            str(sim_port),
        ],
        cwd=REPO_ROOT,
        stdout=subprocess.DEVNULL,
    )
    try:
        wait_until_up(f"http://127.0.0.1:{bff_port}/health", process, timeout_s=120)
        yield {
            "KOBO_URL": f"http://127.0.0.1:{bff_port}",
            "SIM_URL": f"http://127.0.0.1:{sim_port}",
        }
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=30)


@pytest.mark.slow
def test_the_interbank_timeout_recipe_ends_with_the_transfer_completed(stack):
    result = subprocess.run(
        ["bash", "-e", "-o", "pipefail", "-c", recipe("nip-timeout")],
        cwd=REPO_ROOT,
        env={**os.environ, **stack},
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert '"status":"PENDING"' in result.stdout.replace(" ", "")
    assert re.search(r"^transfer \S+: COMPLETED$", result.stdout, re.MULTILINE), result.stdout
    assert "Traceback" not in result.stderr


@pytest.mark.slow
def test_the_savings_recipe_shows_the_interest_and_the_tax(stack):
    result = subprocess.run(
        ["bash", "-e", "-o", "pipefail", "-c", recipe("savings-locked")],
        cwd=REPO_ROOT,
        env={**os.environ, **stack},
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert '"status": "MATURED"' in result.stdout, result.stdout
    assert '"interestPaidKobo": 115068' in result.stdout
    assert '"taxWithheldKobo": 11507' in result.stdout
    assert "Interest on Locked savings 115068" in result.stdout
    assert "Withholding tax on interest -11507" in result.stdout
    assert "Locked savings matured: Rent -10103561" in result.stdout
