"""`python -m core_sim …` — run the simulator, or drive a running one as a tester.

python -m core_sim serve [--port 8100]
python -m core_sim reset [--seed 7]            # reseed (offline: the database directly)
python -m core_sim personas                     # who is seeded, with their accounts
python -m core_sim code ada.okafor@example.com  # the latest one-time code sent to someone
python -m core_sim messages --recipient 08031234501
python -m core_sim faults add nip.transfer timeout [--account 9000000014] [--uses 1]
python -m core_sim faults scenario nip.transfer.timeout-then-00 [--uses 1]   # from the catalogue
python -m core_sim faults list | clear
python -m core_sim seed [--seed 7]             # reseed a running simulator (POST /sim/reset)
python -m core_sim clock [show | advance 30d | set 2027-01-31T09:00:00+01:00 | reset]
python -m core_sim scenarios                    # the scenario catalogue (ids for X-Sim-Scenario)
python -m core_sim catalogue [--write]          # the catalogue as markdown (into docs/simulator.md)

--url (default: $SIM_URL, else http://127.0.0.1:8100) may come before or after the subcommand.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import sys
from collections.abc import Callable
from typing import Any

import httpx
import uvicorn

from core_sim.db import Database
from core_sim.faults.catalogue_doc import render_markdown, write_docs
from core_sim.faults.scenarios import CATALOGUE
from core_sim.seed import load_personas, seed
from core_sim.settings import SimSettings
from kobo_serving import HTTP_PROTOCOL, KEEP_ALIVE_S
from kobo_serving.database import postgres_pool_options
from kobo_serving.env import SettingError


def _client(url: str) -> httpx.Client:
    return httpx.Client(base_url=url, timeout=30)


def _print(data: Any) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False))


DEFAULT_URL = "http://127.0.0.1:8100"


def _global_options(default: Any) -> argparse.ArgumentParser:
    """Options every (sub)command takes, so `--url X faults list` and `faults list --url X`
    both work. The subcommands' copy defaults to SUPPRESS: without it, a subparser's default
    would overwrite a --url given before the subcommand."""
    options = argparse.ArgumentParser(add_help=False)
    options.add_argument(
        "--url",
        default=default,
        help=f"a running simulator (default: $SIM_URL, else {DEFAULT_URL})",
    )
    return options


def main() -> None:
    try:
        run(sys.argv[1:])
        # Flush here, inside the try: output to a pipe is buffered, and a failed flush at
        # interpreter exit would print "Exception ignored … BrokenPipeError" instead.
        sys.stdout.flush()
    except SettingError as problem:
        # A wrong setting: one line that names it, not a traceback (nor one per worker).
        sys.exit(f"python -m core_sim: {problem}")
    except BrokenPipeError:
        # The reader went away (`… | head`): stop quietly. Point stdout at devnull so the
        # interpreter's final flush does not raise the same error again at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(0)


def run(argv: list[str]) -> None:
    args = _parser().parse_args(argv)
    COMMANDS[args.command](args)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m core_sim",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        parents=[_global_options(os.environ.get("SIM_URL", DEFAULT_URL))],
    )
    common = [_global_options(argparse.SUPPRESS)]
    sub = parser.add_subparsers(dest="command", required=True)
    _add_offline_commands(sub, common)
    _add_inbox_commands(sub, common)
    _add_fault_commands(sub, common)
    _add_world_commands(sub, common)
    _add_catalogue_commands(sub, common)
    return parser


Parents = list[argparse.ArgumentParser]


def _add_offline_commands(sub: Any, common: Parents) -> None:
    serve = sub.add_parser("serve", parents=common, help="run the simulator's HTTP API")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8100)
    serve.add_argument(
        "--workers", type=int, default=1, help="seed first (reset) when more than one"
    )
    reset = sub.add_parser("reset", parents=common, help="drop the simulator's data and reseed it")
    reset.add_argument("--seed", type=int, default=None)
    sub.add_parser("personas", parents=common, help="the seeded personas and their accounts")


def _add_inbox_commands(sub: Any, common: Parents) -> None:
    code = sub.add_parser(
        "code", parents=common, help="the latest 6-digit code sent to a recipient"
    )
    code.add_argument("recipient")
    messages = sub.add_parser("messages", parents=common, help="messages sent, newest first")
    messages.add_argument("--recipient")
    messages.add_argument("--limit", type=int, default=10)


def _add_world_commands(sub: Any, common: Parents) -> None:
    reseed = sub.add_parser("seed", parents=common, help="reseed a running simulator")
    reseed.add_argument("--seed", type=int, default=None)
    clock = sub.add_parser("clock", parents=common, help="the simulated clock")
    clock.add_argument(
        "action", nargs="?", default="show", choices=["show", "advance", "set", "reset"]
    )
    clock.add_argument(
        "value", nargs="?", help="advance: 90s, 15m, 2h, 30d; set: ISO time with zone"
    )


def _add_catalogue_commands(sub: Any, common: Parents) -> None:
    sub.add_parser("scenarios", parents=common, help="the scenario catalogue")
    catalogue = sub.add_parser(
        "catalogue", parents=common, help="the scenario catalogue as markdown"
    )
    catalogue.add_argument("--write", action="store_true", help="refresh docs/simulator.md")


def _add_fault_commands(sub: Any, common: Parents) -> None:
    faults = sub.add_parser("faults", parents=common, help="fault rules (see docs/simulator.md)")
    fault_sub = faults.add_subparsers(dest="action", required=True)
    add = fault_sub.add_parser("add", parents=common)
    add.add_argument("operation")
    add.add_argument(
        "effect", choices=["decline", "timeout", "delay", "pending", "unavailable", "malformed"]
    )
    for option in ("--account", "--bank", "--response-code", "--pending-outcome"):
        add.add_argument(option)
    for option in ("--delay-ms", "--resolve-after-ms", "--uses", "--amount-kobo"):
        add.add_argument(option, type=int)
    from_catalogue = fault_sub.add_parser(
        "scenario", parents=common, help="add a catalogue scenario as a rule"
    )
    from_catalogue.add_argument("scenario_id")
    from_catalogue.add_argument("--account")
    from_catalogue.add_argument("--uses", type=int)
    fault_sub.add_parser("list", parents=common)
    fault_sub.add_parser("clear", parents=common)


def _serve(args: argparse.Namespace) -> None:
    # Each worker reads the settings; reading them here makes a wrong one stop the start, once.
    SimSettings.from_env()
    postgres_pool_options()
    uvicorn.run(
        "core_sim.app:create_served_app",
        factory=True,
        host=args.host,
        port=args.port,
        workers=args.workers,
        access_log=False,
        http=HTTP_PROTOCOL,
        # Idle connections stay longer than its clients keep them (the BFF's pool: 2 s), so
        # the client closes first. Clients that keep them longer (the browser journeys'
        # request context did) race the close far less often than with uvicorn's 5 s.
        timeout_keep_alive=KEEP_ALIVE_S,
    )


def _reset_offline(args: argparse.Namespace) -> None:
    asyncio.run(_reset(SimSettings.from_env(), args.seed))


def _personas(args: argparse.Namespace) -> None:
    _print([_persona(p) for p in load_personas()])


def _persona(p: dict[str, Any]) -> dict[str, Any]:
    banking = p["internetBanking"] or {}
    return {
        "name": f"{p['firstName']} {p['lastName']}",
        "email": p["email"],
        "password": banking.get("password"),
        # The persona's summary promises it to Google Authenticator users.
        **({"totpSecret": banking["totpSecret"]} if banking.get("totpSecret") else {}),
        "accounts": [a["accountNumber"] for a in p["accounts"]],
        "summary": p["summary"],
    }


CODE = re.compile(r"\b\d{6}\b")


def _code(args: argparse.Namespace) -> None:
    with _client(args.url) as http:
        inbox = http.get("/sim/messages", params={"recipient": args.recipient}).json()
    found = next((match for m in inbox if (match := CODE.search(m["body"]))), None)
    if found is None:
        sys.exit(f"no code sent to {args.recipient}")
    print(found[0])


def _messages(args: argparse.Namespace) -> None:
    params = {"limit": args.limit, **({"recipient": args.recipient} if args.recipient else {})}
    with _client(args.url) as http:
        _print(http.get("/sim/messages", params=params).json())


def _seed_running(args: argparse.Namespace) -> None:
    with _client(args.url) as http:
        _print(http.post("/sim/reset", json={"seed": args.seed} if args.seed else {}).json())


def _clock_command(args: argparse.Namespace) -> None:
    with _client(args.url) as http:
        _print(_clock(http, args.action, args.value))


def _scenarios(args: argparse.Namespace) -> None:
    for scenario in CATALOGUE.values():
        print(f"{scenario.id:42} {scenario.outcome}")


def _catalogue(args: argparse.Namespace) -> None:
    if args.write:
        write_docs()
        print("docs/simulator.md updated")
    else:
        print(render_markdown())


def _faults(args: argparse.Namespace) -> None:
    with _client(args.url) as http:
        if args.action == "scenario":
            _add_rule(http, _rule_from_catalogue(args))
        elif args.action == "list":
            _print(http.get("/sim/faults/").json())
        elif args.action == "clear":
            http.delete("/sim/faults/").raise_for_status()
            print("all fault rules removed")
        else:
            _add_rule(http, _rule_from_options(args))


def _rule_from_catalogue(args: argparse.Namespace) -> dict[str, Any]:
    if args.scenario_id not in CATALOGUE:
        sys.exit(f"unknown scenario {args.scenario_id}: see python -m core_sim scenarios")
    chosen = CATALOGUE[args.scenario_id]
    rule: dict[str, Any] = {"operation": chosen.operation, **chosen.rule}
    if args.account:
        rule["account"] = args.account
    if args.uses:
        rule["uses"] = args.uses
    return rule


def _rule_from_options(args: argparse.Namespace) -> dict[str, Any]:
    rule: dict[str, Any] = {"operation": args.operation, "effect": args.effect}
    for key, value in (
        ("account", args.account),
        ("bank", args.bank),
        ("responseCode", args.response_code),
        ("pendingOutcome", args.pending_outcome),
        ("delayMs", args.delay_ms),
        ("resolveAfterMs", args.resolve_after_ms),
        ("uses", args.uses),
        ("amountKobo", args.amount_kobo),
    ):
        if value is not None:
            rule[key] = value
    return rule


def _add_rule(http: httpx.Client, rule: dict[str, Any]) -> None:
    response = http.post("/sim/faults/", json=rule)
    _print(response.json())
    if response.is_error:
        sys.exit(1)


COMMANDS: dict[str, Callable[[argparse.Namespace], None]] = {
    "serve": _serve,
    "reset": _reset_offline,
    "personas": _personas,
    "code": _code,
    "messages": _messages,
    "faults": _faults,
    "seed": _seed_running,
    "clock": _clock_command,
    "scenarios": _scenarios,
    "catalogue": _catalogue,
}


DURATION = re.compile(r"^(\d+(?:\.\d+)?)([smhd])$")
SECONDS_PER = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def _clock(http: httpx.Client, action: str, value: str | None) -> Any:
    if action == "show":
        response = http.get("/sim/clock/")
    elif action == "reset":
        response = http.post("/sim/clock/reset")
    elif action == "advance":
        match = DURATION.match(value or "")
        if match is None:
            sys.exit("advance needs a duration such as 90s, 15m, 2h or 30d")
        seconds = float(match[1]) * SECONDS_PER[match[2]]
        response = http.post("/sim/clock/advance", json={"seconds": seconds})
    else:
        if not value:
            sys.exit("set needs an ISO time with a zone, e.g. 2027-01-31T09:00:00+01:00")
        response = http.post("/sim/clock/set", json={"now": value})
    if response.is_error:
        sys.exit(response.text)
    return response.json()


async def _reset(settings: SimSettings, seed_number: int | None) -> None:
    db = Database(settings.database_url)
    await seed(db, settings.seed if seed_number is None else seed_number, settings.bank_code)
    await db.dispose()
    print(f"reseeded {settings.database_url} with seed {seed_number or settings.seed}")


if __name__ == "__main__":
    main()
