"""Runs the simulator and the BFF together and stops both on Ctrl-C.

    python scripts/stack.py          # embedded defaults: SQLite under var/, ports 8100/8000
    python scripts/stack.py --e2e    # fresh databases in a temp dir, ports 18100/18000

The BFF serves the built web app (webapp/dist) and the API on one origin.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script: make the repository's packages importable

from bench.processes import wait_until_up  # noqa: E402


def personas_table() -> str:
    personas = json.loads((ROOT / "fixtures" / "personas.json").read_text())["personas"]
    rows = []
    for p in personas:
        banking = p["internetBanking"]
        login = f"{p['email']} / {banking['password']}" if banking else "(no internet banking)"
        rows.append(f"  {p['key']:<7} {login:<42} {p['summary']}")
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--e2e", action="store_true", help="fresh data, ports 18100/18000")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--bff-port", type=int, default=None)
    parser.add_argument("--sim-port", type=int, default=None)
    args = parser.parse_args()

    if args.e2e:
        data_dir = Path(tempfile.mkdtemp(prefix="kobo-e2e-"))
        sim_port, bff_port = 18100, 18000
    else:
        data_dir = ROOT / "var"
        sim_port, bff_port = 8100, 8000
    sim_port = args.sim_port or sim_port
    bff_port = args.bff_port or bff_port
    data_dir.mkdir(parents=True, exist_ok=True)

    env = dict(os.environ)
    env.setdefault("SIM_DATABASE_URL", f"sqlite+aiosqlite:///{data_dir / 'core_sim.sqlite3'}")
    env.setdefault("DATABASE_URL", f"sqlite+aiosqlite:///{data_dir / 'bff.sqlite3'}")
    env["KOBO_CORE_URL"] = f"http://{args.host}:{sim_port}"
    env["KOBO_PUBLIC_URL"] = f"http://{args.host}:{bff_port}"
    env.setdefault("KOBO_UPLOADS_DIR", str(data_dir / "uploads"))
    # Passkeys are bound to a domain, never an IP address: the web app is opened at
    # http://localhost:<port> to use them (docs/frontend.md, "Passkeys").
    env.setdefault("KOBO_WEBAUTHN_ORIGINS", f"http://localhost:{bff_port}")
    # Trying Kobo alone, nobody is there to review onboarding: approve it automatically.
    # The browser tests review through the admin API instead.
    env.setdefault("KOBO_AUTO_APPROVE_REVIEWS", "0" if args.e2e else "1")
    if args.e2e:
        # Browser tests watch timeouts happen: keep them short. The simulator ends a forced
        # hang itself after 3 s with a 504, which the BFF reads as a timeout; the BFF keeps
        # production's own 10 s deadline, so a loaded machine's slow answer is not one (a
        # 3 s deadline once turned an account lookup into "could not verify the account").
        env.setdefault("KOBO_CORE_TIMEOUT_S", "10")
        env.setdefault("SIM_TIMEOUT_FAULT_MS", "3000")
        # The browser tests print the servers' errors; one line per request is noise.
        env.setdefault("SIM_LOG_LEVEL", "WARNING")
        env.setdefault("KOBO_ACCESS_LOG", "0")
        # One browser signs in for every journey, back to back, from one address; the
        # per-address limits are proved by the Python tests, not by tripping them here.
        env.setdefault("KOBO_RATE_LIMIT_AUTH_PER_MINUTE", "600")
        # The same persona signs in for every journey: more than 10 sign-in codes in 15 min.
        env.setdefault("KOBO_LOGIN_CODES_PER_WINDOW", "10000")
        # Every journey opens a fresh browser, so every sign-in after the first is a new
        # device: the new-device cap (₦20,000 for 24 h) would refuse the journeys' larger
        # payments. Its rule is proved by bff/tests/test_devices.py; the alert still goes out.
        env.setdefault("KOBO_NEW_DEVICE_CAP_KOBO", "0")
        # The same goes for the risk rules that read the browser's newness and the persona's
        # history (Ada sends dozens of payments an hour here): each is proved at its edges by
        # bff/tests/test_risk_rules.py, and the journeys force every outcome by scenario
        # (docs/contract.md §16.1). The watch-list, account flags and holds stay real.
        for name, off in (
            ("NEW_DEVICE_KOBO", "0"),
            ("NEW_PAYEE_KOBO", "0"),
            ("NIGHT_KOBO", "0"),
            ("VELOCITY_COUNT", "0"),
            ("VELOCITY_SUM_KOBO", "0"),
            ("PATTERN_MIN_PAYMENTS", "1000000"),
            ("DORMANT_DAYS", "0"),
        ):
            env.setdefault(f"KOBO_RISK_{name}", off)
        # And the core's watch on money coming in, which the journeys' shared personas
        # would trip by chance of order (proved by core_sim/tests/test_inflow.py).
        env.setdefault("SIM_INFLOW_MANY_CREDITS", "1000000000")
        env.setdefault("SIM_INFLOW_LARGE_CREDIT_KOBO", "1000000000000000")
    # A test bench, not production: testers may force outcomes per request (X-Sim-Scenario)
    # and move the whole bank's time with the simulator's clock (docs/simulator.md).
    env.setdefault("KOBO_ALLOW_SIM_SCENARIOS", "1")
    env.setdefault("KOBO_CLOCK_SOURCE", "simulator")
    # A stable key for the embedded stack, so codes survive a BFF restart; set your own in
    # production (see docs/running.md).
    env.setdefault("KOBO_SECRET_KEY", "embedded-development-key-not-for-production")

    python = sys.executable
    sim = subprocess.Popen(  # noqa: S603
        [python, "-m", "core_sim", "serve", "--host", args.host, "--port", str(sim_port)],
        cwd=ROOT,
        env=env,
    )
    bff = None
    try:
        wait_until_up(f"http://{args.host}:{sim_port}/health", sim, timeout_s=60)
        bff = subprocess.Popen(  # noqa: S603
            [python, "-m", "bff", "serve", "--host", args.host, "--port", str(bff_port)],
            cwd=ROOT,
            env=env,
        )
        wait_until_up(f"http://{args.host}:{bff_port}/health", bff, timeout_s=60)
        print(
            f"\nKobo is running: http://{args.host}:{bff_port}/\n"
            f"Simulator (tester API, inbox of codes): http://{args.host}:{sim_port}/sim/messages\n"
            f"Data: {data_dir}\n\nDemo personas:\n{personas_table()}\n\n"
            "Sign in, then read the 6-digit code from the simulator's inbox "
            f"(http://{args.host}:{sim_port}/sim/messages?recipient=EMAIL).\n"
            "Press Ctrl-C to stop.\n",
            flush=True,
        )
        signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
        while sim.poll() is None and bff.poll() is None:
            time.sleep(0.5)
        raise SystemExit("a process stopped unexpectedly")
    except KeyboardInterrupt:
        pass
    finally:
        for process in (bff, sim):
            if process is not None and process.poll() is None:
                process.terminate()
        for process in (bff, sim):
            if process is not None:
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()


if __name__ == "__main__":
    main()
