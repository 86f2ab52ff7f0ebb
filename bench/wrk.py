"""HTTP load from wrk (issue 23): an established load generator in C, driven by Lua scripts
(bench/wrk/kobo.lua) for bearer tokens, request bodies and the multi-request flows.

The harness's own Python load generator topped out at about 67 requests a second on the
trivial endpoint at 64 clients, where wrk measured 2,900 on the same machine: every ratio
it printed at 64 clients compared a workload with the load generator, not with the server.

Flows that read a one-time code (transfer, login, statement) go through `Front`, an nginx
that sends /sim/ to the simulator and everything else to the BFF, because each wrk
connection talks to one address.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.processes import ROOT, wait_until_up

SCRIPT = ROOT / "bench" / "wrk" / "kobo.lua"
RESULT = "KOBO-WRK "
# Workloads whose operation spans the BFF and the simulator's outbox: run through the front.
THROUGH_FRONT = frozenset(
    {"transfer", "transfer_other_bank", "vend", "login", "journey", "statement"}
)
# A request that takes longer counts as a timeout (an error), beside wrk's socket errors.
TIMEOUT_S = 10


# One request per operation (kobo.lua's `one_request`): these need no state per connection.
ONE_REQUEST = frozenset({"trivial", "summary", "history", "history_all_time", "name_inquiry"})


def threads_for(workload: str | None, clients: int) -> int:
    """As many threads as cores for one-request workloads (plain wrk's way), each thread's
    connections taking turns with its share of the customers; one thread per connection for
    the flows, whose steps keep state per connection. With 64 threads on a 2-core machine
    that the servers keep busy, a thread could wait for a core with answers unread, and the
    wait counted as the server's latency; and a customer's requests now reach every server
    process, as behind a load balancer, not always the one its connection happened to hit."""
    if workload is None or workload in ONE_REQUEST:
        return min(clients, os.cpu_count() or 1)
    return clients


def wrk_command(clients: int, seconds: float, threads: int) -> list[str]:
    """wrk with `threads` threads and `clients` connections for `seconds`."""
    return [
        wrk_binary(),
        f"-t{threads}",
        f"-c{clients}",
        f"-d{max(1, round(seconds))}s",
        f"--timeout={TIMEOUT_S}s",
    ]


def wrk_binary() -> str:
    found = shutil.which("wrk")
    if found is None:
        raise SystemExit("wrk is missing: apt-get install wrk (scripts/bench installs it)")
    return found


def write_users(users: list[dict[str, Any]], path: Path) -> None:
    """The bench customers as kobo.lua reads them: token, e-mail, account, password."""
    lines = ["\t".join((u["token"], u["email"], u["account"], u["password"])) for u in users]
    path.write_text("\n".join(lines) + "\n")


def error_count(result: dict[str, Any]) -> int:
    """Every way a figure can be wrong: socket errors, answers of 400 or more, timeouts and
    flows that ended wrong. A figure with any of them is a miss."""
    keys = ("connect_errors", "read_errors", "write_errors", "non_2xx", "timeouts", "failures")
    return sum(int(result[key]) for key in keys)


def run(
    workload: str,
    url: str,
    clients: int,
    seconds: float,
    users_file: Path,
    extra_env: dict[str, str] | None = None,
) -> dict[str, Any]:
    """One wrk run of a Kobo workload (threads: `threads_for`)."""
    threads = threads_for(workload, clients)
    env = {
        **os.environ,
        "KOBO_WRK_THREADS": str(threads),
        "KOBO_WRK_CLIENTS": str(clients),
        "KOBO_WRK_WORKLOAD": workload,
        "KOBO_WRK_USERS": str(users_file),
        "KOBO_WRK_NONCE": f"{time.time_ns():x}",
        **(extra_env or {}),
    }
    command = [*wrk_command(clients, seconds, threads), "-s", str(SCRIPT), url]
    out = subprocess.run(command, env=env, check=True, capture_output=True, text=True)  # noqa: S603
    for line in out.stdout.splitlines():
        if line.startswith(RESULT):
            result: dict[str, Any] = json.loads(line[len(RESULT) :])
            result["errors"] = error_count(result)
            return result
    raise RuntimeError(f"wrk printed no result:\n{out.stdout}\n{out.stderr}")


_UNIT_MS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0}


def _ms(value: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", value).groups()  # type: ignore[union-attr]
    return float(number) * _UNIT_MS[unit]


def parse_plain(output: str) -> dict[str, Any]:
    """wrk's own report (no script, --latency) as the harness's figures."""
    found = re.search(r"Requests/sec:\s+([\d.]+)", output)
    assert found, output
    percentiles = dict(re.findall(r"^\s+(50|99)%\s+(\S+)$", output, re.MULTILINE))
    socket = re.search(
        r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output
    )
    connect, read, write, timeouts = (int(n) for n in socket.groups()) if socket else (0,) * 4
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    result = {
        "throughput": float(found.group(1)),
        "p50_ms": _ms(percentiles["50"]),
        "p99_ms": _ms(percentiles["99"]),
        "connect_errors": connect,
        "read_errors": read,
        "write_errors": write,
        "timeouts": timeouts,
        "non_2xx": int(non_2xx.group(1)) if non_2xx else 0,
        "failures": 0,
    }
    result["errors"] = error_count(result)
    return result


def run_plain(url: str, clients: int, seconds: float) -> dict[str, Any]:
    """Plain wrk, no script: the reference for the harness's own trivial-endpoint figure,
    with the same threads (on a machine shared with other work the scheduler shares CPU per
    thread, so `-t2` against `-t64` measured wrk's share of the machine, not the script)."""
    command = [*wrk_command(clients, seconds, threads_for(None, clients)), "--latency", url]
    out = subprocess.run(command, check=True, capture_output=True, text=True)  # noqa: S603
    return parse_plain(out.stdout)


NGINX_CONF = """
worker_processes 1;
pid {work}/nginx.pid;
error_log {work}/nginx-error.log warn;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    client_body_temp_path {work}/body;
    proxy_temp_path {work}/proxy;
    fastcgi_temp_path {work}/fastcgi;
    uwsgi_temp_path {work}/uwsgi;
    scgi_temp_path {work}/scgi;
    upstream bff {{ server 127.0.0.1:{bff_port}; keepalive 128; }}
    upstream sim {{ server 127.0.0.1:{sim_port}; keepalive 128; }}
    server {{
        listen 127.0.0.1:{port};
        location /sim/ {{
            proxy_pass http://sim;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
        }}
        location / {{
            proxy_pass http://bff;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_read_timeout 60s;
        }}
    }}
}}
"""


@dataclass(frozen=True)
class Front:
    url: str


@contextmanager
def front(port: int, bff_port: int, sim_port: int) -> Iterator[Front]:
    """nginx on `port`: /sim/ to the simulator, the rest to the BFF, keep-alive both ways."""
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(nginx).exists():
        raise SystemExit("nginx is missing: apt-get install nginx-light (scripts/bench does)")
    work = Path(tempfile.mkdtemp(prefix="kobo-front-"))
    conf = work / "nginx.conf"
    conf.write_text(NGINX_CONF.format(work=work, port=port, bff_port=bff_port, sim_port=sim_port))
    process = subprocess.Popen(  # noqa: S603
        [nginx, "-c", str(conf), "-p", str(work), "-g", "daemon off;"],
        stdout=subprocess.DEVNULL,
        stderr=(work / "nginx-stderr.log").open("wb"),
    )
    try:
        url = f"http://127.0.0.1:{port}"
        wait_until_up(f"{url}/health", process, timeout_s=20)
        yield Front(url)
    finally:
        process.send_signal(signal.SIGQUIT)  # graceful: finish what is in flight
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
