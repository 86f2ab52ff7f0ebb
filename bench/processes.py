"""Starting, killing and restarting the simulator and the BFF as real processes."""

from __future__ import annotations

import asyncio
import os
import signal
import ssl
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def wait_until_up(
    url: str, process: subprocess.Popen[bytes], timeout_s: float = 90, cafile: str | None = None
) -> None:
    """Returns once `url` answers 200; raises if the process exits or time runs out.
    `cafile`: the certificate an https `url` is checked against."""
    context = ssl.create_default_context(cafile=cafile) if cafile else None
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{url} did not start (exit code {process.returncode})")
        try:
            with urllib.request.urlopen(url, timeout=1, context=context) as response:  # noqa: S310 (loopback)
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer within {timeout_s:.0f} s")


def stop_process(process: subprocess.Popen[bytes], timeout_s: float = 15) -> None:
    """SIGTERM, a clean stop; SIGKILL if it has not ended within `timeout_s`."""
    process.terminate()
    try:
        process.wait(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@dataclass
class Stack:
    """One simulator and one BFF on loopback, with their own databases and log files."""

    bff_db: str
    sim_db: str
    bff_port: int
    sim_port: int
    log_dir: Path
    env_overrides: dict[str, str] = field(default_factory=dict)
    bff_workers: int = 1
    sim_workers: int = 1
    sim: subprocess.Popen[bytes] | None = None
    bff: subprocess.Popen[bytes] | None = None
    bff_starts: int = 0
    other_bffs: list[subprocess.Popen[bytes]] = field(default_factory=list)
    others_by_url: dict[str, subprocess.Popen[bytes]] = field(default_factory=dict)
    # The first BFF's working directory (None: the repository).
    bff_cwd: Path | None = None

    @property
    def bff_url(self) -> str:
        return f"http://127.0.0.1:{self.bff_port}"

    @property
    def sim_url(self) -> str:
        return f"http://127.0.0.1:{self.sim_port}"

    def _env(self) -> dict[str, str]:
        env = dict(os.environ)
        env.update(
            {
                "SIM_DATABASE_URL": self.sim_db,
                "DATABASE_URL": self.bff_db,
                "KOBO_CORE_URL": self.sim_url,
                "KOBO_PUBLIC_URL": self.bff_url,
                "KOBO_UPLOADS_DIR": str(self.log_dir / "uploads"),
                "KOBO_SECRET_KEY": os.environ.get(
                    "KOBO_SECRET_KEY", "bench-and-workload-key-not-for-production-use"
                ),
                "KOBO_WEBAPP_DIST": str(self.log_dir / "no-web-app"),
            }
        )
        env.update(self.env_overrides)
        return env

    def _spawn(
        self,
        args: list[str],
        log_name: str,
        cwd: Path | None = None,
        env: dict[str, str] | None = None,
    ) -> subprocess.Popen[bytes]:
        """Each server in a process group of its own (uvicorn's parent and its workers), so
        killing one server's group never reaches this process or the other server. `cwd` and
        `env`: a working directory and settings of this process's own (another host)."""
        log = (self.log_dir / log_name).open("ab")
        return subprocess.Popen(  # noqa: S603
            [sys.executable, *args],
            cwd=cwd or ROOT,
            env={**self._env(), **(env or {})},
            stdout=log,
            stderr=log,
            start_new_session=True,
        )

    def start(self) -> None:
        self.start_sim_only()
        self.start_bff()

    def start_sim_only(self) -> None:
        self.log_dir.mkdir(parents=True, exist_ok=True)
        self.sim = self._spawn(
            [
                "-m",
                "core_sim",
                "serve",
                "--port",
                str(self.sim_port),
                "--workers",
                str(self.sim_workers),
            ],
            "core_sim.log",
        )
        wait_until_up(f"{self.sim_url}/health", self.sim)

    def _bff_command(self, port: int, workers: int) -> list[str]:
        return ["-m", "bff", "serve", "--port", str(port), "--workers", str(workers)]

    def start_bff(self) -> None:
        command = self._bff_command(self.bff_port, self.bff_workers)
        self.bff = self._spawn(command, "bff.log", self.bff_cwd)
        self.bff_starts += 1
        wait_until_up(f"{self.bff_url}/health", self.bff)

    def start_another_bff(
        self, port: int, cwd: Path | None = None, env: dict[str, str] | None = None
    ) -> str:
        """One more BFF process on the same databases and core (scale-out); its URL. With
        `cwd` and `env` (its own KOBO_UPLOADS_DIR, say), it shares no disk with the first."""
        process = self._spawn(self._bff_command(port, 1), f"bff-{port}.log", cwd, env)
        self.other_bffs.append(process)
        url = f"http://127.0.0.1:{port}"
        self.others_by_url[url] = process
        wait_until_up(f"{url}/health", process)
        return url

    def stop_another_bff(self, url: str) -> None:
        """SIGTERM to the BFF started at `url` by start_another_bff: a clean stop, as a
        rolling update stops an old pod."""
        stop_process(self.others_by_url.pop(url))

    def kill_bff(self) -> None:
        """SIGKILL: no shutdown hooks, in-flight requests and background work cut short."""
        assert self.bff is not None
        os.killpg(self.bff.pid, signal.SIGKILL)  # the parent and every worker at once
        self.bff.wait()

    def stop_bff(self) -> None:
        """SIGTERM to uvicorn's parent, which stops its workers: a clean stop."""
        assert self.bff is not None
        stop_process(self.bff)

    async def restart_bff_after_kill(self, down_for_s: float = 1.0) -> None:
        self.kill_bff()
        await asyncio.sleep(down_for_s)
        await asyncio.to_thread(self.start_bff)

    def stop(self) -> None:
        processes = [*self.other_bffs, self.bff, self.sim]
        for process in processes:
            if process is not None and process.poll() is None:
                process.terminate()
        for process in processes:
            if process is not None:
                try:
                    process.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    process.kill()


def _processes() -> Iterator[tuple[int, str, list[str]]]:
    """Each running process's id, name and the fields of /proc/<pid>/stat after the name
    (state, ppid, ... utime and stime are the 12th and 13th of those: fields 14 and 15 of
    stat(5)). A process that ends while the list is read is left out."""
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            head, tail = stat.read_text().rsplit(")", 1)
        except OSError:
            continue
        yield int(stat.parent.name), head.split("(", 1)[1], tail.split()


def postgres_pid() -> int | None:
    """The local PostgreSQL's postmaster (the `postgres` process whose parent is not one), or
    None when PostgreSQL runs elsewhere: `cpu_seconds` of it is the database's work."""
    names = {pid: (name, int(fields[1])) for pid, name, fields in _processes()}
    for pid, (name, parent) in sorted(names.items()):
        if name == "postgres" and names.get(parent, ("", 0))[0] != "postgres":
            return pid
    return None


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) of a process and its children, from /proc: how much work a
    server (a uvicorn parent and its workers) or PostgreSQL (the postmaster and its backends)
    did, whoever else shares the machine. Children that ended count through their parent's
    totals of reaped children: a backend closed during a run takes its time with it
    otherwise, and the figure could even go down."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for process, _, fields in _processes():
        if process == pid:  # its own time (utime, stime) and its ended children's (cutime, cstime)
            total += sum(int(field) for field in fields[11:15]) / tick
        elif int(fields[1]) == pid:
            total += (int(fields[11]) + int(fields[12])) / tick
    return total
