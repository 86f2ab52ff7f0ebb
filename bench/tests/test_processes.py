"""The CPU figures of the benchmark tables: a server's work is its own CPU time and its
children's, the ended ones included (a PostgreSQL backend closed mid-run must not take its
time with it, or the figure could go down)."""

from __future__ import annotations

import os
import subprocess
import sys

from bench.processes import cpu_seconds, postgres_pid

BURN = "import time\nend = time.process_time() + 0.3\nwhile time.process_time() < end: pass"


def test_a_child_that_ended_still_counts_for_its_parent() -> None:
    before = cpu_seconds(os.getpid())
    subprocess.run([sys.executable, "-c", BURN], check=True)
    assert cpu_seconds(os.getpid()) - before >= 0.25


def test_the_postmaster_is_a_postgres_process_whose_parent_is_not_one() -> None:
    pid = postgres_pid()
    if pid is None:  # PostgreSQL runs elsewhere: nothing to find
        return
    with open(f"/proc/{pid}/stat") as stat:
        name, rest = stat.read().split("(", 1)[1].rsplit(")", 1)
    parent = int(rest.split()[1])
    with open(f"/proc/{parent}/stat") as stat:
        parent_name = stat.read().split("(", 1)[1].rsplit(")", 1)[0]
    assert name == "postgres" and parent_name != "postgres"
