"""The drills' hosts (bench/drill/hosts.py) and their clean-up: a host reaches another only
over the bridge, a partition drops packets both ways, a killed host is silent, and nothing
of a drill is left behind, even when the drill is killed outright (scripts/drill's watcher).
Root only (network namespaces)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bench.drill.bank import SUBNET_PATTERN, WORK
from bench.drill.hosts import Network, links, namespaces
from bench.processes import ROOT

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="network namespaces need root")


def leftovers() -> list[str]:
    """Whatever a drill makes that is still there: namespaces, veth ends, the bridge."""
    return namespaces() + links()


def reaches(source_host, address: str) -> bool:  # type: ignore[no-untyped-def]
    code = source_host.run(
        [
            "curl",
            "-s",
            "-m",
            "2",
            "-o",
            "/dev/null",
            "-w",
            "%{http_code}",
            f"http://{address}:8080/",
        ],
        check=False,
    )
    return code == "200"


def test_hosts_a_partition_and_a_killed_host(tmp_path: Path) -> None:
    network = Network()
    try:
        a, b = network.add("ta", 71), network.add("tb", 72)
        b.spawn([sys.executable, "-m", "http.server", "-b", b.address, "8080"], tmp_path / "b.log")
        deadline = time.monotonic() + 10
        while not reaches(a, b.address) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert reaches(a, b.address)
        b.block(a.address)
        assert not reaches(a, b.address)  # dropped, not refused: curl's deadline ends it
        b.unblock(a.address)
        assert reaches(a, b.address)
        b.kill()
        assert b.pids() == []
        assert not reaches(a, b.address)
    finally:
        network.down()
    assert leftovers() == []


def test_a_drill_killed_outright_leaves_nothing_behind() -> None:
    """SIGKILL to the drill's whole process group as soon as its hosts exist: the watcher,
    in a session of its own, removes the namespaces and every process in them."""
    drill = subprocess.Popen(
        ["bash", str(ROOT / "scripts" / "drill")],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 120
        while not namespaces():
            assert drill.poll() is None, "the drill ended before it made its hosts"
            assert time.monotonic() < deadline, "the drill made no host within 120 s"
            time.sleep(0.2)
        time.sleep(2)  # some processes started in the hosts
    finally:
        os.killpg(drill.pid, signal.SIGKILL)
        drill.wait()
    deadline = time.monotonic() + 60
    while leftovers() and time.monotonic() < deadline:
        time.sleep(0.5)
    assert leftovers() == []
    stray = [
        pid
        for pattern in (str(WORK), SUBNET_PATTERN)
        for pid in subprocess.run(
            ["pgrep", "-f", pattern], capture_output=True, text=True, check=False
        ).stdout.split()
    ]
    assert stray == [], f"processes of the killed drill still run: {stray}"
