"""The wrk instrument's bookkeeping: plain wrk's report read back, and errors counted."""

from __future__ import annotations

import shutil
import subprocess
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from bench import wrk

PLAIN = """Running 5s test @ http://127.0.0.1:8323/health
  2 threads and 64 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     8.10ms   10.2ms 145.00ms   90.00%
    Req/Sec     3.70k   400.00     4.50k    70.00%
  Latency Distribution
     50%    3.70ms
     75%    8.00ms
     90%   20.00ms
     99%    1.05s
  36000 requests in 5.01s, 5.00MB read
  Socket errors: connect 0, read 2, write 0, timeout 3
  Non-2xx or 3xx responses: 4
Requests/sec:   7201.70
Transfer/sec:      1.00MB
"""


def test_plain_wrk_report_is_read_with_every_kind_of_error() -> None:
    result = wrk.parse_plain(PLAIN)
    assert result["throughput"] == pytest.approx(7201.70)
    assert result["p50_ms"] == pytest.approx(3.7)
    assert result["p99_ms"] == pytest.approx(1050.0)
    assert (result["read_errors"], result["timeouts"], result["non_2xx"]) == (2, 3, 4)
    assert result["errors"] == 9


def test_a_clean_plain_report_has_no_errors() -> None:
    clean = PLAIN.replace("  Socket errors: connect 0, read 2, write 0, timeout 3\n", "")
    clean = clean.replace("  Non-2xx or 3xx responses: 4\n", "")
    assert wrk.parse_plain(clean)["errors"] == 0


class _Answers(BaseHTTPRequestHandler):
    """/health answers 200, anything else 500: a workload that meets errors."""

    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:
        body = b'{"status":"ok"}'
        self.send_response(200 if self.path == "/health" else 500)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_args: object) -> None:
        pass


@pytest.mark.skipif(shutil.which("wrk") is None, reason="wrk is not installed")
def test_the_lua_script_reports_operations_and_counts_4xx_5xx(tmp_path: Path) -> None:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Answers)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    users = tmp_path / "users.tsv"
    wrk.write_users([{"token": "t", "email": "a@b.test", "account": "1", "password": "p"}], users)
    url = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        healthy = wrk.run("trivial", url, 2, 1, users)
        failing = wrk.run("summary", url, 2, 1, users)  # /api/client-summary: 500 here
    except subprocess.CalledProcessError as exc:  # pragma: no cover (diagnosis)
        raise AssertionError(exc.stderr) from exc
    finally:
        server.shutdown()
    assert healthy["operations"] > 0 and healthy["errors"] == 0
    assert healthy["clients"] == 2 and healthy["p99_ms"] is not None
    assert failing["non_2xx"] > 0 and failing["errors"] == failing["non_2xx"]


class _Bank(BaseHTTPRequestHandler):
    """Just enough of the BFF and the simulator's inbox for the journey flow: each sign-in
    puts a new code in the inbox."""

    protocol_version = "HTTP/1.1"
    codes_sent = 0
    lock = threading.Lock()

    def _answer(self, status: int, body: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        if self.path.endswith("/login"):
            with _Bank.lock:
                _Bank.codes_sent += 1
            self._answer(200, b'{"userId":1,"userUUID":"u-1","twoFactorAuthentication":"OTP"}')
        elif self.path.endswith("/otp-verification"):
            self._answer(200, b'{"tokenDTO":{"accessToken":"session-1","tokenType":"Bearer"}}')
        elif self.path.endswith("/logout"):
            self._answer(200, b"{}")
        else:
            self._answer(404, b"{}")

    def do_GET(self) -> None:
        if self.path.startswith("/sim/messages"):
            message = (
                f'[{{"id":{_Bank.codes_sent},"recipient":"a@b.test","body":"Your Kobo '
                'verification code is 123456. It expires in 5 minutes.","createdAt":"now",'
                '"attachments":[]}]'
            )
            self._answer(200, message.encode())
        else:  # the dashboard and the history page
            self._answer(200, b"{}")

    def log_message(self, *_args: object) -> None:
        pass


@pytest.mark.skipif(shutil.which("wrk") is None, reason="wrk is not installed")
def test_the_journey_reports_whole_journeys_and_each_named_step(tmp_path: Path) -> None:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Bank)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    users = tmp_path / "users.tsv"
    wrk.write_users([{"token": "t", "email": "a@b.test", "account": "1", "password": "p"}], users)
    url = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        result = wrk.run("journey", url, 1, 1, users, {"KOBO_WRK_START": "01-01-2026"})
    except subprocess.CalledProcessError as exc:  # pragma: no cover (diagnosis)
        raise AssertionError(exc.stderr) from exc
    finally:
        server.shutdown()
    assert result["errors"] == 0 and result["operations"] > 0
    # A journey is six requests or more (the inbox may be asked more than once).
    assert result["requests"] >= 6 * result["operations"]
    steps = {step["step"]: step for step in result["steps"]}
    assert list(steps) == [
        "sign-in (password, code sent)",
        "code checked, session opened",
        "dashboard (GET /api/client-summary)",
        "history, first page",
        "sign-out",
    ]
    assert all(
        s["count"] >= result["operations"] and s["p99_ms"] is not None for s in steps.values()
    )
