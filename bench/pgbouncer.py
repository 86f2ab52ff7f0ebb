"""A PgBouncer in transaction pooling mode in front of the bench's PostgreSQL (issue 23):
the BFF and the simulator connect to it, and it shares a few server connections among all
their pooled client connections (docs/deploy.md, pool sizing).

Debian's `pgbouncer` package; the process runs as the `postgres` user when started by root
(PgBouncer refuses to run as root).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bench.processes import stop_process

CONFIG = """
[databases]
* = host={host} port={port}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = {listen_port}
unix_socket_dir =
auth_type = trust
auth_file = {work}/userlist.txt
pool_mode = transaction
max_client_conn = 2000
default_pool_size = {pool_size}
max_db_connections = {pool_size}
server_reset_query =
ignore_startup_parameters = extra_float_digits
logfile = {work}/pgbouncer.log
pidfile = {work}/pgbouncer.pid
"""


def binary() -> str:
    found = shutil.which("pgbouncer") or "/usr/sbin/pgbouncer"
    if not Path(found).exists():
        raise SystemExit("pgbouncer is missing: apt-get install pgbouncer (scripts/bench does)")
    return found


def _wait_for_port(port: int, process: subprocess.Popen[bytes], timeout_s: float = 15) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"pgbouncer exited with {process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"pgbouncer did not listen on {port} within {timeout_s:.0f} s")


@contextmanager
def pgbouncer(postgres: str, listen_port: int, pool_size: int) -> Iterator[str]:
    """PgBouncer on `listen_port` in front of `postgres` (host:port), at most `pool_size`
    server connections per database; yields its host:port."""
    host, port = postgres.split(":")
    work = Path(tempfile.mkdtemp(prefix="kobo-pgbouncer-"))
    (work / "userlist.txt").write_text('"postgres" ""\n')
    config = work / "pgbouncer.ini"
    config.write_text(
        CONFIG.format(host=host, port=port, listen_port=listen_port, work=work, pool_size=pool_size)
    )
    command = [binary(), str(config)]
    if os.getuid() == 0:
        shutil.chown(work, "postgres")
        for path in work.iterdir():
            shutil.chown(path, "postgres")
        command[1:1] = ["-u", "postgres"]
    process = subprocess.Popen(  # noqa: S603
        command, stdout=subprocess.DEVNULL, stderr=(work / "stderr.log").open("wb")
    )
    try:
        _wait_for_port(listen_port, process)
        yield f"127.0.0.1:{listen_port}"
    finally:
        stop_process(process, timeout_s=10)
