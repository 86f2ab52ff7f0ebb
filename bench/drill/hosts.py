"""Hosts on one machine: each a network namespace with its own address on a bridge.

The drill's traffic goes only to these addresses and to loopback. A host's processes run in
its namespace (`ip netns exec`); killing a host is SIGKILL of every process in it with its
link taken down first, so that, as with a machine that loses power, nothing in it answers or
even closes a connection. The bridge, the links and the namespaces are removed by `down()`,
which a fresh `Network` also calls for anything a killed run left behind.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

PREFIX = "kobo-drill-"  # every namespace the drill makes
BRIDGE = "kdrill0"
SUBNET = "10.53.0"  # a /24 that exists only on this bridge (issue 53's number)
GATEWAY = f"{SUBNET}.1"  # the root namespace: the drill's driver and load
IP = shutil.which("ip") or "/usr/sbin/ip"  # iproute2


def ip(*args: str, namespace: str | None = None, check: bool = True) -> str:
    command = [IP, *args] if namespace is None else [IP, "-n", namespace, *args]
    done = subprocess.run(command, capture_output=True, text=True, check=False)  # noqa: S603
    if check and done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)}: {done.stderr.strip()}")
    return done.stdout


def in_namespace(namespace: str, command: Sequence[str]) -> list[str]:
    return [IP, "netns", "exec", namespace, *command]


@dataclass
class Host:
    name: str
    address: str
    processes: list[subprocess.Popen[bytes]] = field(default_factory=list)

    @property
    def namespace(self) -> str:
        return PREFIX + self.name

    @property
    def link(self) -> str:
        """The root namespace's end of the host's veth pair, on the bridge."""
        return f"kd-{self.name}"[:15]

    def spawn(
        self,
        command: Sequence[str],
        log: Path,
        env: dict[str, str] | None = None,
        user: str | None = None,
        cwd: Path | None = None,
    ) -> subprocess.Popen[bytes]:
        """`command` in this host's namespace, in a process group of its own, its output in
        `log`; as `user` (PostgreSQL refuses to run as root)."""
        if user is not None:
            command = ["runuser", "-u", user, "--", *command]
        handle = log.open("ab")
        process = subprocess.Popen(  # noqa: S603 (the drill's own fixed commands)
            in_namespace(self.namespace, command),
            stdout=handle,
            stderr=handle,
            env=env,
            cwd=cwd,
            start_new_session=True,
        )
        self.processes.append(process)
        return process

    def run(self, command: Sequence[str], check: bool = True) -> str:
        done = subprocess.run(  # noqa: S603
            in_namespace(self.namespace, command), capture_output=True, text=True, check=False
        )
        if check and done.returncode != 0:
            raise RuntimeError(f"{self.name}: {' '.join(command)}: {done.stderr.strip()}")
        return done.stdout

    def pids(self) -> list[int]:
        out = subprocess.run(  # noqa: S603
            [IP, "netns", "pids", self.namespace], capture_output=True, text=True, check=False
        ).stdout
        return [int(pid) for pid in out.split()]

    def kill(self) -> None:
        """The machine is lost: its link goes down (no packet leaves, no FIN, no RST), then
        every process in it gets SIGKILL."""
        self.link_down()
        self.kill_processes()

    def kill_processes(self) -> None:
        for _ in range(20):  # a dying parent may still fork; sweep until none is left
            pids = self.pids()
            if not pids:
                break
            for pid in pids:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            time.sleep(0.1)
        for process in self.processes:
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=5)
        self.processes.clear()

    def stop(self, timeout_s: float) -> None:
        """SIGTERM to every process in the host, then wait for them to end (SIGKILL for any
        still running after `timeout_s`)."""
        for pid in self.pids():
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + timeout_s
        while self.pids() and time.monotonic() < deadline:
            time.sleep(0.2)
        self.kill_processes()

    def link_down(self) -> None:
        ip("link", "set", self.link, "down")

    def link_up(self) -> None:
        ip("link", "set", self.link, "up")

    def block(self, address: str) -> None:
        """Packets between this host and `address` vanish, both ways (a partition: no
        refusal, no reset; whatever waits on them times out)."""
        for chain, flag in (("OUTPUT", "-d"), ("INPUT", "-s")):
            self.run(["iptables", "-A", chain, flag, address, "-j", "DROP"])

    def unblock(self, address: str) -> None:
        for chain, flag in (("OUTPUT", "-d"), ("INPUT", "-s")):
            self.run(["iptables", "-D", chain, flag, address, "-j", "DROP"], check=False)


class Network:
    """The bridge and the hosts on it."""

    def __init__(self) -> None:
        self.hosts: dict[str, Host] = {}
        down()  # whatever a killed run left behind
        ip("link", "add", BRIDGE, "type", "bridge")
        ip("addr", "add", f"{GATEWAY}/24", "dev", BRIDGE)
        ip("link", "set", BRIDGE, "up")

    def add(self, name: str, last_octet: int) -> Host:
        host = Host(name, f"{SUBNET}.{last_octet}")
        ip("netns", "add", host.namespace)
        ip(
            "link",
            "add",
            host.link,
            "type",
            "veth",
            "peer",
            "name",
            "eth0",
            "netns",
            host.namespace,
        )
        ip("link", "set", host.link, "master", BRIDGE)
        ip("link", "set", host.link, "up")
        ip("addr", "add", f"{host.address}/24", "dev", "eth0", namespace=host.namespace)
        ip("link", "set", "eth0", "up", namespace=host.namespace)
        ip("link", "set", "lo", "up", namespace=host.namespace)
        self.hosts[name] = host
        return host

    def down(self) -> None:
        for host in self.hosts.values():
            host.kill_processes()
        down()


def down() -> None:
    """Kill every process in every drill namespace, then remove them and the bridge."""
    for namespace in namespaces():
        Host(namespace.removeprefix(PREFIX), "").kill_processes()
        ip("netns", "delete", namespace, check=False)
    # A deleted namespace lingers while its sockets wait out TCP's timers, and its veth pair
    # with it: delete the pairs by their root ends, so that a new run can make them again.
    for name in links():
        if name != BRIDGE:
            ip("link", "delete", name, check=False)
    ip("link", "delete", BRIDGE, check=False)


def namespaces() -> list[str]:
    """The drill's network namespaces."""
    return [line.split()[0] for line in ip("netns", "list").splitlines() if line.startswith(PREFIX)]


def links() -> list[str]:
    """The drill's links in the root namespace: the hosts' veth ends and the bridge."""
    names = [line.split(":")[1].strip().split("@")[0] for line in ip("-o", "link").splitlines()]
    return [name for name in names if name.startswith("kd-") or name == BRIDGE]
