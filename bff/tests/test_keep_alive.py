"""Who closes an idle connection between the reverse proxy and the BFF: the proxy, always.
If the BFF closed it first, a request the proxy sent down it at that moment would fail, and
nginx does not retry a POST: the customer would see a 502 for a transfer's confirm. So the
BFF keeps idle connections longer than deploy/nginx.conf's upstream keep-alive."""

from __future__ import annotations

import http.client
import re
import time
from pathlib import Path

import pytest

from bench.processes import ROOT, Stack
from bench.workload import free_port
from bff import __main__ as bff_main
from bff.tests.helpers import served_with

NGINX_CONF = ROOT / "deploy" / "nginx.conf"


def nginx_upstream_keepalive_s() -> int:
    upstream = re.search(r"upstream kobo_bff \{(.*?)\}", NGINX_CONF.read_text(), re.S)
    assert upstream is not None
    timeout = re.search(r"^\s*keepalive_timeout (\d+)s;", upstream.group(1), re.M)
    # Without the directive nginx keeps idle upstream connections 60 s.
    return int(timeout.group(1)) if timeout else 60


def test_the_bff_keeps_idle_connections_longer_than_the_shipped_proxy() -> None:
    assert nginx_upstream_keepalive_s() < bff_main.KEEP_ALIVE_S


def test_serve_passes_the_keep_alive_and_refuses_a_wrong_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    served = served_with(monkeypatch, KOBO_KEEP_ALIVE_S=None)
    assert served["timeout_keep_alive"] == bff_main.KEEP_ALIVE_S
    assert served_with(monkeypatch, KOBO_KEEP_ALIVE_S="90")["timeout_keep_alive"] == 90
    for wrong in ("0", "soon", "-5", "1.5"):
        with pytest.raises(SystemExit, match="KOBO_KEEP_ALIVE_S must be a whole number"):
            served_with(monkeypatch, KOBO_KEEP_ALIVE_S=wrong)


def health_over(conn: http.client.HTTPConnection) -> int:
    """GET /health on the connection, the whole answer read; its status."""
    conn.request("GET", "/health")
    answer = conn.getresponse()
    answer.read()
    return answer.status


@pytest.mark.slow
def test_an_idle_connection_outlives_uvicorns_default(databases, tmp_path: Path) -> None:
    """The served BFF and simulator, not a configuration: a connection left idle longer than
    uvicorn's default keep-alive (5 s) still answers the next request. (The simulator's 5 s
    once reset a browser journey's request to its inbox after a wait for a fresh TOTP.)"""
    stack = Stack(
        bff_db=databases.new("keep_alive_bff"),
        sim_db=databases.new("keep_alive_sim"),
        bff_port=free_port(),
        sim_port=free_port(),
        log_dir=tmp_path,
        env_overrides={"SIM_LOG_LEVEL": "WARNING", "KOBO_LOG_FORMAT": "text"},
    )
    stack.start()
    try:
        conns = [
            http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            for port in (stack.bff_port, stack.sim_port)
        ]
        try:
            for conn in conns:
                assert health_over(conn) == 200
            first_sockets = [conn.sock for conn in conns]
            time.sleep(6.5)
            for conn, first_socket in zip(conns, first_sockets, strict=True):
                # Closed by the server in the meantime, this raises RemoteDisconnected.
                assert health_over(conn) == 200, conn.port
                assert conn.sock is first_socket, f"the same connection answered ({conn.port})"
        finally:
            for conn in conns:
                conn.close()
    finally:
        stack.stop()
