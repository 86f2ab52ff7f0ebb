"""`python -m core_sim serve|reset` — run or reseed the simulator."""

from __future__ import annotations

import argparse
import asyncio

import uvicorn

from core_sim.db import Database
from core_sim.seed import seed
from core_sim.settings import SimSettings


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m core_sim")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="run the simulator's HTTP API")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8100)
    reset = sub.add_parser("reset", help="drop the simulator's data and reseed it")
    reset.add_argument("--seed", type=int, default=None)
    args = parser.parse_args()
    settings = SimSettings.from_env()
    if args.command == "serve":
        uvicorn.run("core_sim.app:create_app", factory=True, host=args.host, port=args.port)
    elif args.command == "reset":
        asyncio.run(_reset(settings, args.seed))


async def _reset(settings: SimSettings, seed_number: int | None) -> None:
    db = Database(settings.database_url)
    await seed(db, settings.seed if seed_number is None else seed_number, settings.bank_code)
    await db.dispose()
    print(f"reseeded {settings.database_url} with seed {seed_number or settings.seed}")


if __name__ == "__main__":
    main()
