"""A PostgreSQL cluster of the drill's own, archiving its WAL to a pgBackRest repository.

Everything lives under one work directory (/tmp/kobo-restore by default): the clusters' data
directories, their sockets, the repository and pgBackRest's configuration, logs and locks, so
the machine's own PostgreSQL (port 5432) and /etc/pgbackrest are never touched. PostgreSQL
and pgBackRest run as the `postgres` user, as they would on a database server.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

BIN = Path("/usr/lib/postgresql/15/bin")
STANZA = "kobo"


def as_postgres(*args: str) -> str:
    """Runs a command as the postgres user (root drops to it; postgres runs it directly)."""
    prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    done = subprocess.run(  # noqa: S603 (fixed programs, our own arguments)
        [*prefix, *args], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed ({done.returncode}): {done.stderr[-2000:]}")
    return done.stdout


def give_to_postgres(path: Path) -> None:
    path.mkdir(parents=True, exist_ok=True)
    shutil.chown(path, "postgres", "postgres")


@dataclass
class Repository:
    """pgBackRest's configuration and its repository (a path) under the work directory."""

    work: Path

    @property
    def config(self) -> Path:
        return self.work / "pgbackrest.conf"

    def write_config(self, primary: Cluster) -> None:
        for name in ("repo", "log", "lock", "spool"):
            give_to_postgres(self.work / name)
        self.config.write_text(
            "[global]\n"
            f"repo1-path={self.work / 'repo'}\n"
            # Two full backups kept (each with its incrementals and the WAL to replay them).
            "repo1-retention-full=2\n"
            # lz4: the cheapest compression on a 2-core machine; gz took the backup's time.
            "compress-type=lz4\n"
            "process-max=2\n"
            # Asynchronous archiving: archive-push returns once WAL is in the spool, and a
            # batch is pushed in the background; commits never wait on the repository.
            "archive-async=y\n"
            f"spool-path={self.work / 'spool'}\n"
            "start-fast=y\n"
            f"log-path={self.work / 'log'}\n"
            f"lock-path={self.work / 'lock'}\n"
            "log-level-console=warn\n"
            "log-level-file=info\n"
            f"\n[{STANZA}]\n"
            f"pg1-path={primary.data}\n"
            f"pg1-port={primary.port}\n"
            f"pg1-socket-path={primary.socket_dir}\n"
        )
        shutil.chown(self.config, "postgres", "postgres")

    def run(self, *args: str) -> str:
        return as_postgres("pgbackrest", f"--config={self.config}", f"--stanza={STANZA}", *args)

    def backup(self, kind: str) -> float:
        """A `full` or `incr` backup; its duration in seconds."""
        started = time.monotonic()
        self.run(f"--type={kind}", "backup")
        return time.monotonic() - started

    def verify(self) -> None:
        """Reads every file of the repository back against its checksum. pgBackRest 2.45's
        `verify` exits 0 even when files are bad: its summary says `status: error` then."""
        summary = self.run("--output=text", "--verbose", "verify")
        if "status: ok" not in summary:
            raise RuntimeError(f"pgbackrest verify found bad files:\n{summary[-3000:]}")

    def restore(self, data: Path, target_name: str) -> float:
        """Restores the newest backup before the named restore point into the empty `data`
        and sets recovery to stop there and promote; its duration in seconds."""
        started = time.monotonic()
        self.run(
            f"--pg1-path={data}",
            "--type=name",
            f"--target={target_name}",
            "--target-action=promote",
            "restore",
        )
        return time.monotonic() - started


@dataclass
class Cluster:
    """One PostgreSQL 15 cluster: `data` and a socket directory under the work directory."""

    work: Path
    name: str
    port: int

    @property
    def data(self) -> Path:
        return self.work / self.name

    @property
    def socket_dir(self) -> Path:
        return self.work / f"{self.name}-socket"

    @property
    def log(self) -> Path:
        return self.work / f"{self.name}.log"

    def url(self, database: str, driver: str = "postgresql+asyncpg") -> str:
        return f"{driver}://postgres@127.0.0.1:{self.port}/{database}"

    def init(self, repository: Repository) -> None:
        """initdb with WAL archiving to the repository on (trust on loopback: a drill)."""
        give_to_postgres(self.work)
        as_postgres(str(BIN / "initdb"), "-D", str(self.data), "--auth=trust", "-U", "postgres")
        with (self.data / "postgresql.conf").open("a") as conf:
            conf.write(
                "\n# The restore drill (bench/restore): every WAL segment to pgBackRest.\n"
                "wal_level = replica\n"
                "archive_mode = on\n"
                f"archive_command = 'pgbackrest --config={repository.config}"
                f" --stanza={STANZA} archive-push %p'\n"
                "max_wal_senders = 3\n"
            )

    def start(self, *settings: str) -> None:
        """Starts on its own port and socket; `settings`: more `-c name=value` options."""
        give_to_postgres(self.socket_dir)
        options = f"-p {self.port} -k {self.socket_dir} -c listen_addresses=127.0.0.1"
        options += "".join(f" -c {setting}" for setting in settings)
        as_postgres(
            str(BIN / "pg_ctl"), "-D", str(self.data), "-l", str(self.log), "-o", options,
            "-w", "-t", "300", "start",
        )  # fmt: skip

    def wait_until_writable(self, timeout_s: float = 300) -> None:
        """Returns once recovery has ended and the cluster was promoted (a restored copy)."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if self.sql("SELECT pg_is_in_recovery()").strip() == "f":
                return
            time.sleep(0.2)
        raise RuntimeError(f"{self.name} still in recovery after {timeout_s:.0f} s: {self.log}")

    def stop(self) -> None:
        if (self.data / "postmaster.pid").exists():
            as_postgres(str(BIN / "pg_ctl"), "-D", str(self.data), "-m", "fast", "stop")

    def sql(self, statement: str, database: str = "postgres") -> str:
        """One statement through psql; its output, unaligned and without headers."""
        return as_postgres(
            "psql", "-X", "-q", "-A", "-t", "-h", str(self.socket_dir), "-p", str(self.port),
            "-d", database, "-v", "ON_ERROR_STOP=1", "-c", statement,
        )  # fmt: skip
