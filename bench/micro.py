"""Two mechanisms behind the sixth round's changes (docs/benchmarks.md), measured alone and
side by side in one process, so that a machine whose speed drifts from minute to minute
(as the benchmark machine's does) moves both sides of each comparison alike.

1. `statements`: the same UPDATE of a payment row through the ORM (on the mapped class) and
   as plain SQL on its table, with and without RETURNING, each in its own transaction as
   the payment lifecycle runs it; CPU milliseconds of this process per statement.
2. `http`: the same small JSON call through httpx's own connection pool and through aiohttp's
   used directly (the BFF's core client, bff/core_client/transport.py); CPU milliseconds of
   the client and of the server per call, at 1, 8 and 64 calls in flight.

    python -m bench.micro [statements] [http] [--postgres 127.0.0.1:5432]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import subprocess
import sys
import time
import uuid
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import httpx
import msgspec
from sqlalchemy import String, Table, select, text, update
from sqlalchemy.ext.asyncio import async_sessionmaker, create_async_engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from bench.processes import ROOT, cpu_seconds, wait_until_up
from bench.workload import free_port
from bff.core_client.transport import NetworkTransport, Transport
from bff.payments.lifecycle import PaymentState, Status

ROUNDS = 2_000


class _Base(DeclarativeBase):
    pass


class Payment(PaymentState, _Base):
    __tablename__ = "micro_payments"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    source_account: Mapped[str] = mapped_column(String(10))


async def _cpu_ms_per_call(call: Callable[[int], Awaitable[object]], rounds: int) -> float:
    for i in range(rounds // 10):  # warm: pools connected, statements cached
        await call(i)
    started = time.process_time()
    for i in range(rounds):
        await call(i)
    return (time.process_time() - started) * 1000 / rounds


async def statements(postgres: str) -> list[str]:
    admin = create_async_engine(
        f"postgresql+asyncpg://postgres@{postgres}/postgres", isolation_level="AUTOCOMMIT"
    )
    name = f"kobo_micro_{uuid.uuid4().hex[:8]}"
    async with admin.connect() as connection:
        await connection.execute(text(f'CREATE DATABASE "{name}"'))
    engine = create_async_engine(f"postgresql+asyncpg://postgres@{postgres}/{name}")
    try:
        async with engine.begin() as connection:
            await connection.run_sync(_Base.metadata.create_all)
        sessions = async_sessionmaker(engine, expire_on_commit=False)
        async with sessions.begin() as session:
            session.add_all(Payment(id=str(i), source_account="1020000115") for i in range(100))
        table: Table = Payment.__table__  # type: ignore[assignment]

        def key(i: int) -> str:
            return str(i % 100)

        async def orm(i: int) -> None:
            async with sessions.begin() as session:
                await session.execute(
                    update(Payment)
                    .where(Payment.id == key(i), Payment.status != Status.COMPLETED)
                    .values(attempts=i)
                )

        async def plain(i: int) -> None:
            async with sessions.begin() as session:
                await session.execute(
                    update(table)
                    .where(table.c.id == key(i), table.c.status != Status.COMPLETED)
                    .values(attempts=i)
                )

        async def orm_returning(i: int) -> None:
            async with sessions.begin() as session:
                await session.scalar(
                    update(Payment)
                    .where(Payment.id == key(i))
                    .values(attempts=i)
                    .returning(Payment)
                )

        async def plain_returning(i: int) -> None:
            async with sessions.begin() as session:
                row = (
                    await session.execute(
                        update(table)
                        .where(table.c.id == key(i))
                        .values(attempts=i)
                        .returning(*table.c)
                    )
                ).first()
                assert row is not None
                Payment(**row._mapping)

        async def orm_read(i: int) -> None:
            async with sessions() as session:
                await session.get(Payment, key(i))

        async def plain_read(i: int) -> None:
            async with sessions() as session:
                (await session.execute(select(table).where(table.c.id == key(i)))).first()

        lines = [
            "| statement, one transaction each | through the ORM, CPU ms | plain SQL, CPU ms |",
            "|---|---|---|",
        ]
        for label, through_orm, as_plain in (
            ("conditional UPDATE", orm, plain),
            ("UPDATE … RETURNING the row", orm_returning, plain_returning),
            ("read one row by key", orm_read, plain_read),
        ):
            a = await _cpu_ms_per_call(through_orm, ROUNDS)
            b = await _cpu_ms_per_call(as_plain, ROUNDS)
            lines.append(f"| {label} | {a:.2f} | {b:.2f} |")
        return lines
    finally:
        await engine.dispose()
        async with admin.connect() as connection:
            await connection.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
        await admin.dispose()


@contextlib.contextmanager
def echo_server() -> Iterator[tuple[str, int]]:
    """bench/micro_echo.py under uvicorn, as the simulator runs: its URL and process id."""
    port = free_port()
    server = subprocess.Popen(  # noqa: S603
        [
            sys.executable,
            "-m",
            "uvicorn",
            "bench.micro_echo:app",
            "--port",
            str(port),
            "--log-level",
            "warning",
            "--no-access-log",
        ],
        cwd=ROOT,
    )
    try:
        url = f"http://127.0.0.1:{port}/core/transfers"
        wait_until_up(url, server)
        yield url, server.pid
    finally:
        server.terminate()
        server.wait()


async def http(url: str, server: int) -> list[str]:
    lines = [
        "| calls in flight | httpx's pool: client, server CPU ms per call "
        "| aiohttp's, directly: client, server CPU ms per call |",
        "|---|---|---|",
    ]
    base, path = url.rsplit("/core/", 1)
    for in_flight in (1, 8, 64):
        cells = []
        limits = httpx.Limits(max_connections=64, keepalive_expiry=2.0)
        async with httpx.AsyncClient(transport=httpx.AsyncHTTPTransport(limits=limits)) as client:
            cells.append(await _http_cost(_HttpxCall(client, url), in_flight, server))
        network = NetworkTransport(base)
        try:
            call = _TransportCall(network, f"/core/{path}")
            cells.append(await _http_cost(call, in_flight, server))
        finally:
            await network.aclose()
        lines.append(f"| {in_flight} | {cells[0]} | {cells[1]} |")
    return lines


_BODY: dict[str, Any] = {"reference": uuid.uuid4().hex, "amountKobo": 10_000}


class _HttpxCall:
    def __init__(self, client: httpx.AsyncClient, url: str) -> None:
        self.client, self.url = client, url

    async def __call__(self) -> None:
        (await self.client.post(self.url, json=_BODY)).json()


class _TransportCall:
    def __init__(self, transport: Transport, path: str) -> None:
        self.transport, self.path = transport, path

    async def __call__(self) -> None:
        headers = {"content-type": "application/json"}
        body = msgspec.json.encode(_BODY)
        _, content = await self.transport.send("POST", self.path, [], headers, body)
        msgspec.json.decode(content)


async def _http_cost(call: Callable[[], Awaitable[None]], in_flight: int, server: int) -> str:
    gate = asyncio.Semaphore(in_flight)

    async def limited() -> None:
        async with gate:
            await call()

    await asyncio.gather(*(limited() for _ in range(200)))
    client_before, server_before = time.process_time(), cpu_seconds(server)
    await asyncio.gather(*(limited() for _ in range(ROUNDS)))
    client_ms = (time.process_time() - client_before) * 1000 / ROUNDS
    server_ms = (cpu_seconds(server) - server_before) * 1000 / ROUNDS
    return f"{client_ms:.2f}, {server_ms:.2f}"


async def run(args: argparse.Namespace, echo: tuple[str, int] | None) -> None:
    if "statements" in args.what:
        print("\n".join(await statements(args.postgres)), end="\n\n")
    if echo is not None:
        print("\n".join(await http(*echo)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", nargs="*", default=["statements", "http"])
    parser.add_argument("--postgres", default="127.0.0.1:5432")
    args = parser.parse_args()
    with contextlib.ExitStack() as stack:
        echo = stack.enter_context(echo_server()) if "http" in args.what else None
        asyncio.run(run(args, echo))


if __name__ == "__main__":
    main()
