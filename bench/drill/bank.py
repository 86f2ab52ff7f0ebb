"""The bank on the drill's hosts (docs/reliability.md, "The failover drills"):

load (root namespace, 10.53.0.1)
  └─► lb 10.53.0.60: nginx with the shipped deploy/nginx.conf, TLS
        ├─► bff1 10.53.0.51 ─┐  python -m bff serve
        └─► bff2 10.53.0.52 ─┤
                             ├─► proxy 10.53.0.30: HAProxy ─► pg1 .21 / pg2 .22 (Patroni)
                             │                                  └─ etcd1-3 .11-.13
                             ├─► redis 10.53.0.31 (rate limits)
                             └─► sim 10.53.0.40 (the core, on SQLite of its own)
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from bench.drill.database import Cluster
from bench.drill.hosts import Host, Network
from bench.processes import ROOT, wait_until_up
from bench.reverse_proxy import nginx_config, self_signed_certificate
from bench.workload import UNTHROTTLED

BFF_PORT, SIM_PORT = 8000, 8100
WORK = Path("/tmp/kobo-drill")  # noqa: S108 (root's own drill; emptied at each start)
SUBNET_PATTERN = "10.53.0."  # in the command line of every server the drill starts
SECRET_KEY = "drill-key-not-for-production-use-0123456789"  # noqa: S105 (a drill's)


class Bank:
    def __init__(self, work: Path) -> None:
        self.work = work
        self.network = Network()
        add = self.network.add
        self.etcd = [add(f"etcd{i}", 10 + i) for i in (1, 2, 3)]
        self.pg = [add(f"pg{i}", 20 + i) for i in (1, 2)]
        self.proxy = add("proxy", 30)
        self.redis = add("redis", 31)
        self.sim = add("sim", 40)
        self.bffs = [add(f"bff{i}", 50 + i) for i in (1, 2)]
        self.lb = add("lb", 60)
        self.cluster = Cluster(self.etcd, self.pg, self.proxy, work)
        self.cafile = ""

    # -- what the clients use ------------------------------------------------------------------

    @property
    def bff_url(self) -> str:
        return f"https://{self.lb.address}"

    @property
    def sim_url(self) -> str:
        return f"http://{self.sim.address}:{SIM_PORT}"

    def direct_url(self, bff: Host) -> str:
        """One BFF host, not through nginx (its /ready, as a load balancer asks it)."""
        return f"http://{bff.address}:{BFF_PORT}"

    # -- starting ------------------------------------------------------------------------------

    def start(self) -> None:
        self.cluster.start()
        self.start_redis()
        sim = self.sim.spawn(
            [
                sys.executable,
                "-m",
                "core_sim",
                "serve",
                "--host",
                self.sim.address,
                "--port",
                str(SIM_PORT),
            ],
            self.work / "sim.log",
            env={
                **os.environ,
                "SIM_DATABASE_URL": f"sqlite+aiosqlite:///{self.work}/sim.sqlite3",
                "SIM_LOG_LEVEL": "WARNING",
            },
            cwd=ROOT,
        )
        wait_until_up(f"{self.sim_url}/health", sim)
        for bff in self.bffs:  # the first migrates and seeds; then the second
            self.start_bff(bff)
        self.cafile = str(self_signed_certificate(self.work, self.lb.address))
        config = nginx_config(
            self.work,
            [f"{bff.address}:{BFF_PORT}" for bff in self.bffs],
            f"{self.lb.address}:80",
            f"{self.lb.address}:443",
        )
        nginx = self.lb.spawn(["nginx", "-c", str(config)], self.work / "nginx.log")
        wait_until_up(f"{self.bff_url}/health", nginx, cafile=self.cafile)

    def start_redis(self) -> None:
        self.redis.spawn(
            [
                "redis-server",
                "--bind",
                self.redis.address,
                "--port",
                "6379",
                "--save",
                "",
                "--appendonly",
                "no",
                "--protected-mode",
                "no",
            ],
            self.work / "redis.log",
        )

    def bff_env(self) -> dict[str, str]:
        return {
            **os.environ,
            **UNTHROTTLED,
            "DATABASE_URL": self.cluster.url,
            "KOBO_CORE_URL": self.sim_url,
            "REDIS_URL": f"redis://{self.redis.address}:6379/0",
            "KOBO_SECRET_KEY": SECRET_KEY,
            "KOBO_PUBLIC_URL": self.bff_url,
            "KOBO_TRUSTED_PROXIES": self.lb.address,
            "KOBO_METRICS_ALLOW": "10.53.0.0/24",
            "KOBO_UPLOADS_DIR": str(self.work / "uploads"),
            "KOBO_WEBAPP_DIST": str(self.work / "no-web-app"),
            "KOBO_LOG_FORMAT": "text",
            "KOBO_ACCESS_LOG": "0",
        }

    def start_bff(self, bff: Host) -> None:
        process = bff.spawn(
            [sys.executable, "-m", "bff", "serve", "--host", bff.address, "--port", str(BFF_PORT)],
            self.work / f"{bff.name}.log",
            env=self.bff_env(),
            cwd=ROOT,
        )
        wait_until_up(f"{self.direct_url(bff)}/health", process)

    def restart_gracefully(self, bff: Host, timeout_s: float = 90) -> None:
        """SIGTERM, as a rolling update does: uvicorn finishes every request under way, even
        one a client gave up on (a confirmation stuck behind a partition, say, is carried
        out when its connection recovers), then the BFF starts again. After both have, no
        request is in flight anywhere, and the checks read a bank that stands still."""
        bff.stop(timeout_s)
        self.start_bff(bff)

    def restart(self, host: Host) -> None:
        """A killed host comes back: its link up, its service started again."""
        host.link_up()
        if host in self.bffs:
            self.start_bff(host)
        elif host in self.pg:
            self.cluster.start_node(host)
        elif host is self.redis:
            self.start_redis()

    def stop(self) -> None:
        self.network.down()
