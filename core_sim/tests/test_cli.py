"""The tester CLI's offline commands."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest


def test_personas_lists_the_seeded_customers():
    out = subprocess.run(
        [sys.executable, "-m", "core_sim", "personas"], check=True, capture_output=True, text=True
    ).stdout
    personas = json.loads(out)
    ada = next(p for p in personas if p["email"] == "ada.okafor@example.com")
    assert ada["accounts"] == ["1020000115", "1020000122", "1020000139"]


def test_an_unknown_fault_effect_is_refused_before_any_call():
    result = subprocess.run(
        [sys.executable, "-m", "core_sim", "faults", "add", "nip.transfer", "explode"],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 2 and "invalid choice" in result.stderr


def _cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "core_sim", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, **(env or {})},
    )


class _RecordingSimulator:
    """A stand-in simulator on a free port: answers `[]` and remembers the paths asked."""

    def __init__(self) -> None:
        paths = self.paths = []

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                paths.append(self.path)
                body = b"[]"
                self.send_response(200)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def simulator():
    sim = _RecordingSimulator()
    yield sim
    sim.close()


@pytest.mark.parametrize(
    "args",
    [
        ("--url", "{url}", "faults", "list"),
        ("faults", "--url", "{url}", "list"),
        ("faults", "list", "--url", "{url}"),
    ],
    ids=["before the subcommand", "between", "after"],
)
def test_url_is_taken_before_or_after_the_subcommand(simulator, args):
    result = _cli(*(a.format(url=simulator.url) for a in args))
    assert result.returncode == 0, result.stderr
    assert simulator.paths == ["/sim/faults/"]
    assert json.loads(result.stdout) == []


def test_url_comes_from_sim_url_when_not_given(simulator):
    result = _cli("faults", "list", env={"SIM_URL": simulator.url})
    assert result.returncode == 0, result.stderr
    assert simulator.paths == ["/sim/faults/"]


def test_personas_prints_the_totp_secret_its_summary_promises():
    personas = json.loads(_cli("personas").stdout)
    promising = [p for p in personas if "TOTP secret" in p["summary"]]
    assert promising, "a persona signs in with Google Authenticator"
    for persona in promising:
        assert re.fullmatch(r"[A-Z2-7]{16,}", persona["totpSecret"])
    # Everyone else has no secret to print.
    assert all("totpSecret" not in p for p in personas if p not in promising)


@pytest.mark.parametrize("command", [("catalogue",), ("personas",), ("scenarios",)])
def test_a_closed_pipe_ends_the_cli_quietly(command):
    """`python -m core_sim catalogue | head -1`: the reader leaves before the CLI writes."""
    process = subprocess.Popen(
        [sys.executable, "-m", "core_sim", *command],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # before the interpreter has even imported the CLI
    stderr = process.stderr.read().decode()
    assert process.wait(timeout=60) == 0
    assert stderr == ""


@pytest.mark.slow
@pytest.mark.parametrize(("level", "request_lines"), [("WARNING", 0), ("INFO", 1)])
def test_serve_logs_a_line_per_request_only_at_info(tmp_path, level, request_lines):
    """SIM_LOG_LEVEL governs the served simulator (Litestar's own logging set-up used to put
    the root logger back at INFO, so WARNING still logged every request)."""
    from bench.processes import wait_until_up
    from bench.workload import free_port

    port = free_port()
    log = tmp_path / "sim.log"
    env = {
        **os.environ,
        "SIM_DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'sim.sqlite3'}",
        "SIM_LOG_LEVEL": level,
    }
    with log.open("wb") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "core_sim", "serve", "--port", str(port)],
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
        try:
            wait_until_up(f"http://127.0.0.1:{port}/health", server, timeout_s=60)
            subprocess.run(
                [sys.executable, "-m", "core_sim", "clock", "--url", f"http://127.0.0.1:{port}"],
                check=True,
                capture_output=True,
                timeout=60,
            )
        finally:
            server.terminate()
            server.wait(timeout=30)
    lines = log.read_text().splitlines()
    assert len([line for line in lines if "GET /sim/clock 200" in line]) == request_lines, lines
