"""A highly available PostgreSQL on the drill's hosts: three etcd members, two PostgreSQL
nodes managed by Patroni with synchronous replication, and HAProxy sending connections to
whichever node Patroni's REST API calls the primary (docs/deploy.md, "A database that fails
over"). Debian's packages: etcd-server, patroni, haproxy, postgresql-15.

The timings are production's shape, scaled for a drill: Patroni's leader key lives
`TTL_S` seconds (production often keeps 30), HAProxy checks every half second and cuts the
sessions of a node that stops being primary, so that no client keeps writing to it.
"""

from __future__ import annotations

import json
import shutil
import time
import urllib.request
from pathlib import Path

from bench.drill.hosts import Host

PG_BIN = Path("/usr/lib/postgresql/15/bin")
SCOPE = "kobo"
TTL_S = 10
LOOP_WAIT_S = 1
RETRY_TIMEOUT_S = 4
DATABASE = "kobo"


def etcd_command(member: Host, members: list[Host], data: Path) -> list[str]:
    cluster = ",".join(f"{m.name}=http://{m.address}:2380" for m in members)
    return [
        "etcd",
        f"--name={member.name}",
        f"--data-dir={data}",
        f"--listen-client-urls=http://{member.address}:2379",
        f"--advertise-client-urls=http://{member.address}:2379",
        f"--listen-peer-urls=http://{member.address}:2380",
        f"--initial-advertise-peer-urls=http://{member.address}:2380",
        f"--initial-cluster={cluster}",
        "--initial-cluster-state=new",
        "--initial-cluster-token=kobo-drill",
        # The machine is shared with the load: a slow heartbeat must not look like a lost
        # leader (etcd's tuning guide: election timeout about ten heartbeats).
        "--heartbeat-interval=200",
        "--election-timeout=2000",
        "--log-level=warn",
    ]


def patroni_config(node: Host, etcd: list[Host], work: Path) -> str:
    """Patroni's YAML for `node` (JSON is YAML)."""
    data = work / node.name
    config = {
        "scope": SCOPE,
        "name": node.name,
        "restapi": {"listen": f"{node.address}:8008", "connect_address": f"{node.address}:8008"},
        "etcd3": {"hosts": [f"{m.address}:2379" for m in etcd]},
        "bootstrap": {
            "dcs": {
                "ttl": TTL_S,
                "loop_wait": LOOP_WAIT_S,
                "retry_timeout": RETRY_TIMEOUT_S,
                # Only the synchronous standby may be promoted, and a commit is acknowledged
                # only once it holds it: a failover loses no acknowledged commit (RPO 0).
                "synchronous_mode": True,
                "maximum_lag_on_failover": 1048576,
                "postgresql": {
                    "use_pg_rewind": True,
                    "use_slots": True,
                    "parameters": {
                        "max_connections": 300,
                        "wal_log_hints": "on",
                        "synchronous_commit": "on",
                        "max_wal_senders": 8,
                        "max_replication_slots": 8,
                    },
                },
            },
            "initdb": [{"encoding": "UTF8"}, "data-checksums"],
            "pg_hba": [
                "local all all trust",
                "host all all 127.0.0.1/32 trust",
                "host replication replicator 10.53.0.0/24 trust",
                "host all all 10.53.0.0/24 trust",
            ],
        },
        "postgresql": {
            "listen": f"{node.address},127.0.0.1:5432",
            "connect_address": f"{node.address}:5432",
            "data_dir": str(data / "data"),
            "bin_dir": str(PG_BIN),
            "pgpass": str(data / "pgpass"),
            "authentication": {
                "superuser": {"username": "postgres", "password": "drill"},
                "replication": {"username": "replicator", "password": "drill"},
                "rewind": {"username": "postgres", "password": "drill"},
            },
            "parameters": {"unix_socket_directories": str(data)},
        },
    }
    return json.dumps(config, indent=2)


HAPROXY = """
global
    maxconn 2000
defaults
    mode tcp
    timeout connect 2s
    timeout client 30m
    timeout server 30m
    timeout check 1s
listen primary
    bind {address}:5432
    option httpchk OPTIONS /primary
    http-check expect status 200
    default-server inter 500ms fall 2 rise 1 on-marked-down shutdown-sessions
{servers}
"""


def haproxy_config(proxy: Host, nodes: list[Host]) -> str:
    servers = "\n".join(
        f"    server {n.name} {n.address}:5432 maxconn 300 check port 8008" for n in nodes
    )
    return HAPROXY.format(address=proxy.address, servers=servers)


class Cluster:
    def __init__(self, etcd: list[Host], nodes: list[Host], proxy: Host, work: Path) -> None:
        self.etcd, self.nodes, self.proxy, self.work = etcd, nodes, proxy, work

    @property
    def url(self) -> str:
        """The BFF's DATABASE_URL: through the proxy, to the primary."""
        return f"postgresql+asyncpg://postgres@{self.proxy.address}:5432/{DATABASE}"

    def start(self, timeout_s: float = 90) -> None:
        for member in self.etcd:
            data = self.work / member.name
            data.mkdir(parents=True)
            member.spawn(etcd_command(member, self.etcd, data), self.work / f"{member.name}.log")
        for node in self.nodes:
            self.start_node(node)
        config = self.work / "haproxy.cfg"
        config.write_text(haproxy_config(self.proxy, self.nodes))
        self.proxy.spawn(["haproxy", "-f", str(config), "-db"], self.work / "haproxy.log")
        self.wait_for_sync_standby(timeout_s)
        primary = self.primary()
        assert primary is not None
        primary.run(
            [
                "runuser",
                "-u",
                "postgres",
                "--",
                str(PG_BIN / "psql"),
                "-h",
                str(self.work / primary.name),
                "-c",
                f"CREATE DATABASE {DATABASE}",
            ]
        )

    def start_node(self, node: Host) -> None:
        """Patroni for `node` (again, after a kill: it rejoins as a standby, rewinding what
        the old timeline had that the new one has not)."""
        data = self.work / node.name
        data.mkdir(parents=True, exist_ok=True)
        shutil.chown(data, "postgres", "postgres")
        config = data / "patroni.yml"
        config.write_text(patroni_config(node, self.etcd, self.work))
        shutil.chown(config, "postgres", "postgres")
        data.chmod(0o700)
        node.spawn(["patroni", str(config)], self.work / f"{node.name}.log", user="postgres")

    def _answers(self, node: Host, path: str) -> bool:
        try:
            with urllib.request.urlopen(f"http://{node.address}:8008{path}", timeout=1) as r:
                return bool(r.status == 200)
        except OSError:
            return False

    def primary(self) -> Host | None:
        return next((n for n in self.nodes if self._answers(n, "/primary")), None)

    def sync_standby(self) -> Host | None:
        """The synchronous standby that streams from the primary (GET /sync is 200 there)."""
        return next((n for n in self.nodes if self._answers(n, "/sync")), None)

    def wait_for_sync_standby(self, timeout_s: float = 90) -> Host:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            standby = self.sync_standby()
            if standby is not None and self.primary() is not None:
                return standby
            time.sleep(0.5)
        raise RuntimeError(f"no synchronous standby after {timeout_s:.0f} s")
