"""Every check Kobo has, as nox sessions. `scripts/test` runs them all in this order.

Sessions run in the project's own .venv (venv_backend="none"): scripts/bootstrap.sh has
installed it from requirements.lock, so nothing is installed twice.

    nox -l                       # list
    nox -s tests_sqlite          # one session
"""

from __future__ import annotations

import filecmp
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import nox

ROOT = Path(__file__).resolve().parent
PY = sys.executable
nox.options.sessions = [
    "lint",
    "types",
    "contract",
    "manifests",
    "tests_sqlite",
    "web_unit",
    "tests_postgres",
    "workload",
    "e2e",
    "drill",
    "restore",
]
nox.options.stop_on_first_error = False
nox.options.error_on_missing_interpreters = True

# pytest-xdist: each leg spreads over this many processes, a file to a process (module
# fixtures such as the nginx or S3 servers start once). Each process has its own simulator and
# template database. KOBO_PYTEST_WORKERS=0 runs a leg in one process.
PYTEST_WORKERS = os.environ.get("KOBO_PYTEST_WORKERS", "2")
# The 20 slowest steps (set-up, call, teardown) of each leg close its output: where the next
# minute of the suite's time is (docs/frontend.md, "How long the tests take").
PYTEST_ARGS = [
    *("-q", "-p", "no:logging", "-n", PYTEST_WORKERS, "--dist", "loadfile"),
    # Files in the order conftest.py gives them (the slow ones first), not xdist's.
    "--no-loadscope-reorder",
    "--durations=20",
]

# The awkward instants (West Africa Time, UTC+1, in UTC here) the Python suite on SQLite and
# the web unit suite must pass at: a week, a month, a year and a leap day turning over. Every
# run of scripts/test takes one, in turn (`test_instant`); `nox -s instants` runs both suites
# at each and records the results in docs/frontend.md ("Runs at awkward instants"). The
# clock is moved with libfaketime (Debian's faketime): an offset from the real clock, the same
# in every process the suite starts, and still running, so a run that starts at 23:59 crosses
# midnight. PostgreSQL's clock cannot be moved this way, so its leg runs at the real time.
AWKWARD_INSTANTS = {
    "Monday 00:30": "2027-01-03 23:30:00",
    "Sunday 23:59": "2027-01-03 22:59:00",
    "last day of a month 23:59": "2027-04-30 22:59:00",
    "31 December 23:59": "2026-12-31 22:59:00",
    "29 February 2028 12:00": "2028-02-29 11:00:00",
}
FAKETIME_LIBRARY = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"


def test_instant() -> str | None:
    """KOBO_TEST_INSTANT (one of AWKWARD_INSTANTS, or `now` for the real clock); unset, the
    next instant in turn: the number of commits picks it, so each new commit moves on."""
    chosen = os.environ.get("KOBO_TEST_INSTANT")
    if chosen == "now":
        return None
    if chosen:
        if chosen not in AWKWARD_INSTANTS:
            raise SystemExit(f"KOBO_TEST_INSTANT must be `now` or one of {list(AWKWARD_INSTANTS)}")
        return chosen
    git = shutil.which("git") or "git"
    count = subprocess.run(  # noqa: S603 (git, with our own arguments)
        [git, "rev-list", "--count", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    turn = int(count) if count.isdigit() else int(time.strftime("%j"))
    return list(AWKWARD_INSTANTS)[turn % len(AWKWARD_INSTANTS)]


def clock_at(instant: str | None) -> dict[str, str]:
    """The environment that sets every process's wall clock to `instant` (then running)."""
    if instant is None:
        return {}
    if not Path(FAKETIME_LIBRARY).exists():
        raise SystemExit("libfaketime is missing: scripts/test installs Debian's faketime package")
    target = datetime.fromisoformat(AWKWARD_INSTANTS[instant]).replace(tzinfo=UTC)
    offset = round(target.timestamp() - time.time())
    # The monotonic clock moves by the same offset (it keeps its pace): with it left alone
    # (DONT_FAKE_MONOTONIC), libfaketime 0.9.10 answers Python's time.sleep with EINVAL.
    return {"LD_PRELOAD": FAKETIME_LIBRARY, "FAKETIME": f"{offset:+d}"}


def announce_clock(session: nox.Session, instant: str | None) -> None:
    session.log(f"clock: {instant or 'the real time'} (West Africa Time)")


PG_HOST = os.environ.get("KOBO_TEST_PG_HOST", "127.0.0.1")
PG_PORT = int(os.environ.get("KOBO_TEST_PG_PORT", "5432"))


@nox.session(venv_backend="none")
def lint(session: nox.Session) -> None:
    session.run(PY, "-m", "ruff", "check", ".")
    session.run(PY, "-m", "ruff", "format", "--check", ".")
    session.run("npm", "--workspace", "webapp", "run", "lint", external=True)


@nox.session(venv_backend="none")
def types(session: nox.Session) -> None:
    session.run(PY, "-m", "mypy")
    session.run("npm", "--workspace", "webapp", "run", "typecheck", external=True)


@nox.session(venv_backend="none")
def contract(session: nox.Session) -> None:
    """The committed OpenAPI document, the generated TypeScript types and field limits are up
    to date, and Spectral (OWASP ruleset) finds no error in the document."""
    committed_doc = ROOT / "webapp/src/api/openapi.json"
    committed_types = ROOT / "webapp/src/api/schema.d.ts"
    committed_limits = ROOT / "webapp/src/api/limits.ts"
    with tempfile.TemporaryDirectory() as tmp:
        fresh_doc = Path(tmp) / "openapi.json"
        fresh_types = Path(tmp) / "schema.d.ts"
        session.run(PY, "-m", "bff", "openapi", str(fresh_doc))
        if not filecmp.cmp(fresh_doc, committed_doc, shallow=False):
            session.error(
                "webapp/src/api/openapi.json is stale: run `.venv/bin/python -m bff openapi "
                "webapp/src/api/openapi.json && npm run contract` and commit both files"
            )
        session.run(
            "npx",
            "--no-install",
            "openapi-typescript",
            str(committed_doc),
            "-o",
            str(fresh_types),
            external=True,
            silent=True,
        )
        if not filecmp.cmp(fresh_types, committed_types, shallow=False):
            session.error(
                "webapp/src/api/schema.d.ts is stale: run `npm run contract` and commit it"
            )
        fresh_limits = Path(tmp) / "limits.ts"
        session.run("node", "webapp/scripts/contract-limits.mjs", str(fresh_limits), external=True)
        if not filecmp.cmp(fresh_limits, committed_limits, shallow=False):
            session.error("webapp/src/api/limits.ts is stale: run `npm run contract` and commit it")
    # The OWASP API ruleset, with request-side bounds as errors (webapp/spectral.yaml says why
    # each other rule is on or off). Spectral prints what it found; any error fails.
    session.run(
        "npx",
        "--no-install",
        "spectral",
        "lint",
        "--ruleset",
        "webapp/spectral.yaml",
        "--fail-severity",
        "error",
        str(committed_doc),
        external=True,
    )


@nox.session(venv_backend="none")
def manifests(session: nox.Session) -> None:
    """deploy/k8s: every overlay rendered in Python, validated offline against the Kubernetes
    schemas (kubernetes-validate), and its settings checked against what the BFF reads."""
    session.run(PY, "-m", "pytest", "-q", "-p", "no:logging", "tests_repo/test_deploy_manifests.py")


@nox.session(venv_backend="none")
def tests_sqlite(session: nox.Session) -> None:
    """The Python suite on SQLite, at this run's awkward instant (`test_instant`)."""
    instant = test_instant()
    announce_clock(session, instant)
    run_tests_sqlite(session, instant, tuple(session.posargs))


def run_tests_sqlite(session: nox.Session, instant: str | None, args: tuple[str, ...] = ()) -> None:
    env = {"KOBO_TEST_DB": "sqlite", **clock_at(instant)}
    session.run(PY, "-m", "pytest", *PYTEST_ARGS, *args, env=env)


def _postgres_reachable() -> bool:
    try:
        with socket.create_connection((PG_HOST, PG_PORT), timeout=2):
            return True
    except OSError:
        return False


@nox.session(venv_backend="none")
def tests_postgres(session: nox.Session) -> None:
    if not _postgres_reachable():
        message = f"PostgreSQL is not reachable on {PG_HOST}:{PG_PORT}"
        if os.environ.get("CI", "").lower() == "true":
            session.error(f"{message}; CI requires the PostgreSQL leg")
        session.warn(f"SKIPPING THE POSTGRESQL LEG: {message} (set CI=true to make this fail)")
        session.skip(message)
    session.run(
        PY,
        "-m",
        "pytest",
        *PYTEST_ARGS,
        *session.posargs,
        env={"KOBO_TEST_DB": "postgres", "KOBO_TEST_PG": f"postgres@{PG_HOST}:{PG_PORT}"},
    )


@nox.session(venv_backend="none")
def workload(session: nox.Session) -> None:
    """The bank-workload fault test, small: real processes, faults, a BFF killed twice.

    The big run is `scripts/bank-workload` (PostgreSQL, minutes, report in docs/reliability.md).
    """
    session.run(PY, "-m", "bench.workload", "--seconds", "25", "--customers", "4", "--kills", "2")


@nox.session(venv_backend="none")
def drill(session: nox.Session) -> None:
    """The failover drills on network namespaces (bench/drill, docs/reliability.md): the
    database primary's host killed three times, a BFF host killed, the core cut off, Redis
    lost, a BFF cut off from the database, all under load, every acknowledged payment held
    against the ledger. Root only: elsewhere skipped with a warning, a failure under CI."""
    if os.geteuid() != 0:
        if os.environ.get("CI", "").lower() == "true":
            session.error("the drills make network namespaces: CI must run them as root")
        session.warn("SKIPPING THE DRILLS: they make network namespaces and need root")
        session.skip("not root")
    session.run("bash", "scripts/drill", *session.posargs, external=True)


@nox.session(venv_backend="none")
def restore(session: nox.Session) -> None:
    """The restore drill, small (bench/restore, docs/operations.md section 7): a cluster of its
    own archiving to pgBackRest, a full and an incremental backup, a fresh cluster restored
    to a named instant, the copy checked. Needs pgbackrest and PostgreSQL 15's binaries, and
    root or the postgres user (the clusters run as postgres)."""
    if os.geteuid() != 0 and os.environ.get("USER") != "postgres":
        if os.environ.get("CI", "").lower() == "true":
            session.error("the restore drill runs PostgreSQL as postgres: CI must run it as root")
        session.warn("SKIPPING THE RESTORE DRILL: it needs root or the postgres user")
        session.skip("not root")
    if shutil.which("pgbackrest") is None:
        session.error("pgbackrest is missing: scripts/test installs Debian's pgbackrest")
    session.run(
        PY,
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:logging",
        "--durations=5",
        "bench/tests/test_restore_drill.py",
        *session.posargs,
        env={"KOBO_RESTORE_DRILL": "1"},
    )


@nox.session(venv_backend="none")
def bench(session: nox.Session) -> None:
    """Benchmarks, not tests (never in the default list): `nox -s bench` = scripts/bench."""
    session.run("bash", "scripts/bench", *session.posargs, external=True)


@nox.session(venv_backend="none")
def web_unit(session: nox.Session) -> None:
    """The web app's unit tests (vitest), at this run's awkward instant (`test_instant`)."""
    instant = test_instant()
    announce_clock(session, instant)
    run_web_unit(session, instant)


def run_web_unit(session: nox.Session, instant: str | None) -> None:
    session.run("npm", "--workspace", "webapp", "run", "test", external=True, env=clock_at(instant))


@nox.session(venv_backend="none")
def instants(session: nox.Session) -> None:
    """Both suites at every awkward instant (or those named: `nox -s instants -- 'Sunday
    23:59'`), one after another, about ten minutes each; each instant's row of the table in
    docs/frontend.md (between the `instants` markers) is written with today's date, the
    others kept. Not in scripts/test, which takes one instant a run."""
    chosen = session.posargs or list(AWKWARD_INSTANTS)
    unknown = [name for name in chosen if name not in AWKWARD_INSTANTS]
    if unknown:
        session.error(f"unknown instants {unknown}: choose from {list(AWKWARD_INSTANTS)}")
    today = time.strftime("%Y-%m-%d")
    rows = read_instant_rows()
    for instant in chosen:
        announce_clock(session, instant)
        cells = []
        for run in (run_tests_sqlite, run_web_unit):
            try:
                run(session, instant)
                cells.append("passed")
            except nox.command.CommandFailed:
                cells.append("**failed**")
        rows[instant] = f"| {instant} | {cells[0]} | {cells[1]} | {today} |"
        write_instant_rows(rows)
    if any("failed" in rows[instant] for instant in chosen):
        session.error("a suite failed at an awkward instant (docs/frontend.md)")


INSTANTS_DOC = ROOT / "docs" / "frontend.md"
INSTANTS_MARKERS = ("<!-- instants:start -->", "<!-- instants:end -->")


def read_instant_rows() -> dict[str, str]:
    """The table's rows by instant, as docs/frontend.md holds them."""
    start, end = INSTANTS_MARKERS
    table = INSTANTS_DOC.read_text().partition(start)[2].partition(end)[0]
    rows = {}
    for line in table.splitlines():
        name = line.split("|")[1].strip() if line.count("|") > 2 else ""
        if name in AWKWARD_INSTANTS:
            rows[name] = line
    return rows


def write_instant_rows(rows: dict[str, str]) -> None:
    start, end = INSTANTS_MARKERS
    table = [
        "| instant (West Africa Time) | Python suite (SQLite) | web unit suite | date |",
        "|---|---|---|---|",
        *(rows.get(name, f"| {name} | not run | not run | |") for name in AWKWARD_INSTANTS),
    ]
    text = INSTANTS_DOC.read_text()
    head, _, rest = text.partition(start)
    tail = rest.partition(end)[2]
    INSTANTS_DOC.write_text(head + start + "\n" + "\n".join(table) + "\n" + end + tail)


@nox.session(venv_backend="none")
def e2e(session: nox.Session) -> None:
    """Browser journeys in Debian's Chromium against the real BFF and simulator.

    The journeys run as E2E_SHARDS Playwright runs side by side (default 2), each with a
    stack of its own on its own ports and its own fresh databases, and its own traces
    (webapp/e2e-runs/N). Within a run, journeys go one at a time, as on one stack they must.
    """
    if shutil.which("chromium") is None and not Path("/usr/bin/chromium").exists():
        session.error("Chromium is missing: scripts/test installs Debian's chromium package")
    # Always build: the BFF serves webapp/dist, and a stale one would test old code.
    session.run("npm", "--workspace", "webapp", "run", "build", external=True)
    # The login route and the /home and /transfer first screens stay within their budgets
    # (issue 11: 150 KB of login JavaScript; issue 23: scripts/bundle-budget.mjs).
    session.run("npm", "--workspace", "webapp", "run", "budget", external=True)
    # The dev:mock panel and forced outcomes never reach the production build.
    session.run("npm", "--workspace", "webapp", "run", "check-no-mocks", external=True)
    shards = int(os.environ.get("E2E_SHARDS", "2"))
    failed = run_e2e_shards(shards, extra_args=session.posargs)
    if failed:
        session.error(f"browser journeys failed in shard(s) {failed}")


def run_e2e_shards(shards: int, extra_args: list[str]) -> list[int]:
    """Starts `shards` Playwright runs at once, prints each one's output in turn when all are
    done, and returns the numbers of those that failed."""
    runs_dir = ROOT / "webapp/e2e-runs"
    shutil.rmtree(runs_dir, ignore_errors=True)
    plan = plan_e2e_shards(shards)
    port_base = int(os.environ.get("E2E_PORT_BASE", "18000"))
    running = []
    for n in range(1, shards + 1):
        out = runs_dir / str(n)
        out.mkdir(parents=True)
        env = {
            **os.environ,
            "CI": os.environ.get("CI", ""),
            "E2E_OUT": f"e2e-runs/{n}",
            # 18000/18100 for the first run (the ports the docs name), 18010/18110 next, ...;
            # E2E_PORT_BASE moves them all, so two checkouts can run their suites at once.
            "E2E_BFF_PORT": str(port_base + 10 * (n - 1)),
            "E2E_SIM_PORT": str(port_base + 100 + 10 * (n - 1)),
        }
        args = ["npx", "--no-install", "playwright", "test", *extra_args]
        if shards > 1 and not extra_args:
            # Whole spec files, shared out by how long each took (Playwright's own --shard
            # splits by count, and left one shard two minutes behind the other).
            args += [f"e2e/{spec}" for spec in plan[n - 1]]
        elif shards > 1:
            args.append(f"--shard={n}/{shards}")
        log = (out / "output.txt").open("w")
        process = subprocess.Popen(  # noqa: S603 (our own fixed command)
            args, cwd=ROOT / "webapp", env=env, stdout=log, stderr=subprocess.STDOUT
        )
        running.append((n, process, log, out / "output.txt"))
    failed = []
    for n, process, log, path in running:
        status = process.wait()
        log.close()
        print(f"\n--- browser journeys, shard {n} of {shards}: exit {status} ---", flush=True)
        print(path.read_text(), flush=True)
        if status != 0:
            failed.append(n)
    record_e2e_durations(runs_dir)
    return failed


E2E_DURATIONS = ROOT / "webapp/e2e/durations.json"


def plan_e2e_shards(shards: int) -> list[list[str]]:
    """Every spec file in webapp/e2e, shared out over `shards` lists so that their recorded
    durations (webapp/e2e/durations.json) add up about evenly: longest first, each to the
    least loaded shard. A spec with no record yet counts as the longest recorded one."""
    specs = sorted(path.name for path in (ROOT / "webapp/e2e").glob("*.spec.ts"))
    recorded: dict[str, float] = {}
    if E2E_DURATIONS.exists():
        recorded = json.loads(E2E_DURATIONS.read_text())
    unknown = max(recorded.values(), default=60.0)
    plan: list[list[str]] = [[] for _ in range(shards)]
    load = [0.0] * shards
    for spec in sorted(specs, key=lambda spec: -recorded.get(spec, unknown)):
        lightest = load.index(min(load))
        plan[lightest].append(spec)
        load[lightest] += recorded.get(spec, unknown)
    return plan


def record_e2e_durations(runs_dir: Path) -> None:
    """Writes each spec's seconds in this run (from the shards' JSON reports) to
    webapp/e2e-runs/durations.json and prints them; copy that file over
    webapp/e2e/durations.json when the specs change, to keep the shards even. Also names
    the journeys that passed only on their retry: a flake, to be mended, not forgotten."""
    seconds: dict[str, float] = {}
    retried: list[str] = []

    def walk(suite: dict[str, Any]) -> None:
        for spec in suite.get("specs", []):
            name = Path(spec["file"]).name
            for test in spec["tests"]:
                if test.get("status") == "flaky":
                    retried.append(f"{name}: {spec['title']}")
                for result in test["results"]:
                    seconds[name] = seconds.get(name, 0.0) + result["duration"] / 1000
        for child in suite.get("suites", []):
            walk(child)

    for report in runs_dir.glob("*/results.json"):
        for suite in json.loads(report.read_text()).get("suites", []):
            walk(suite)
    if seconds:
        ordered = dict(sorted((k, round(v, 1)) for k, v in seconds.items()))
        (runs_dir / "durations.json").write_text(json.dumps(ordered, indent=2) + "\n")
        print("seconds per spec this run (webapp/e2e-runs/durations.json):", ordered, flush=True)
    print(f"journeys that passed only on their retry: {retried or 'none'}", flush=True)
