"""`python -m bff serve|migrate|seed|openapi|rewrap-files|file-keys|storage` — run, migrate,
seed, export the contract, move stored files onto the current file key, count what each file
key wraps, or list and restore earlier versions of a stored file."""

from __future__ import annotations

import argparse
import asyncio
import atexit
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

import uvicorn

from bff.config import Settings
from bff.db import Database
from bff.db.migrate import upgrade
from bff.observability import log_config
from bff.security.passwords import Passwords
from bff.seed import seed_personas
from bff.storage import open_document_store
from kobo_serving import HTTP_PROTOCOL, KEEP_ALIVE_S
from kobo_serving.database import postgres_pool_options
from kobo_serving.env import SettingError, env_flag, env_int


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bff")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="run the BFF (API + built web app)")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--workers", type=int, default=1)
    sub.add_parser("migrate", help="apply database migrations")
    sub.add_parser("seed", help="create the demo personas' users")
    sub.add_parser(
        "rewrap-files",
        help="wrap every stored file's data key under the current file key (KOBO_FILE_KEYS)",
    )
    sub.add_parser(
        "file-keys",
        help="count the files and identity numbers each file key wraps (before retiring one)",
    )
    storage = sub.add_parser("storage", help="a stored file's versions in the bucket")
    storage_sub = storage.add_subparsers(dest="storage_command", required=True)
    listing = storage_sub.add_parser("versions", help="list a stored file's versions")
    listing.add_argument("key", help="the file's storage key (64 hex digits)")
    restoring = storage_sub.add_parser(
        "restore", help="copy an earlier version of a deleted or overwritten file back"
    )
    restoring.add_argument("key", help="the file's storage key (64 hex digits)")
    restoring.add_argument(
        "--version-id", help="the version to restore (default: the newest that opens)"
    )
    drill = sub.add_parser(
        "breach-drill",
        help="list the customers a file key, storage prefix or time window touched, and draft "
        "the NDPC notice and the customer message",
    )
    scope = drill.add_mutually_exclusive_group(required=True)
    scope.add_argument("--key", help="a file key's id (KOBO_FILE_KEYS)")
    scope.add_argument("--prefix", help="an object-storage prefix")
    scope.add_argument("--since", help="the window's start, ISO 8601 with its offset")
    drill.add_argument("--until", help="the window's end, ISO 8601 with its offset")
    export = sub.add_parser("openapi", help="write the OpenAPI document as JSON")
    export.add_argument("output", nargs="?", default="-")
    args = parser.parse_args()
    try:
        run(args)
    except SettingError as problem:
        # A wrong setting: one line that names it, not a traceback (nor one per worker).
        sys.exit(f"python -m bff {args.command}: {problem}")


def run(args: argparse.Namespace) -> None:
    if args.command == "serve":
        # Each worker reads the settings for itself; reading them here first makes a wrong
        # one stop the start, once, with its message.
        Settings.from_env()
        postgres_pool_options()
        if args.workers > 1:
            share_metrics_between_workers()
        trusted_proxies = os.environ.get("KOBO_TRUSTED_PROXIES", "").strip()
        keep_alive_s = env_int("KOBO_KEEP_ALIVE_S", KEEP_ALIVE_S)
        uvicorn.run(
            "bff.app:create_served_app",
            factory=True,
            host=args.host,
            port=args.port,
            workers=args.workers,
            # Behind a reverse proxy, the client's address and scheme come from its
            # X-Forwarded-For/-Proto, believed only from the proxies named here; otherwise
            # every customer would share the proxy's rate limits and failure counts.
            proxy_headers=bool(trusted_proxies),
            forwarded_allow_ips=trusted_proxies or None,
            http=HTTP_PROTOCOL,
            # On SIGTERM: stop accepting, let requests in flight (a transfer being confirmed)
            # finish for up to 30 s, then run the shutdown hooks (the background pass too).
            timeout_graceful_shutdown=30,
            timeout_keep_alive=keep_alive_s,
            # A line per request. Off behind a proxy that logs them already, or in the browser
            # journeys, whose output should show the servers' problems.
            access_log=env_flag("KOBO_ACCESS_LOG", True),
            log_config=log_config(),
            # No `Server: uvicorn`: naming the software and its version only helps attackers.
            server_header=False,
        )
    elif args.command == "migrate":
        upgrade(Settings.from_env().database_url)
    elif args.command == "seed":
        asyncio.run(_seed())
    elif args.command == "openapi":
        _export_openapi(args.output)
    elif args.command == "rewrap-files":
        asyncio.run(_rewrap_files())
    elif args.command == "file-keys":
        asyncio.run(_file_keys())
    elif args.command == "storage":
        _storage(args)
    elif args.command == "breach-drill":
        asyncio.run(_breach_drill(args))


def share_metrics_between_workers() -> None:
    """Several workers: each writes its request metrics to files in one directory, and
    /metrics merges them (bff/metrics.py), so a scrape counts every worker's requests,
    whichever worker answers it. The directory must start empty: files left by an earlier
    run would be counted again. An operator's PROMETHEUS_MULTIPROC_DIR is used (emptied of
    the metric files it holds); without one, a new directory is made for this run. Set here,
    before uvicorn starts the workers, which inherit the environment."""
    chosen = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if chosen:
        directory = Path(chosen)
        directory.mkdir(parents=True, exist_ok=True)
    else:
        directory = Path(tempfile.mkdtemp(prefix="kobo-metrics-"))
        atexit.register(shutil.rmtree, directory, ignore_errors=True)
    for leftover in directory.glob("*.db"):
        leftover.unlink()
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = str(directory)


async def _seed() -> None:
    settings = Settings.from_env()
    db = Database(settings.database_url)
    created = await seed_personas(db, Passwords(settings.argon2))
    await db.dispose()
    print(f"created {created} persona users")


async def _rewrap_files() -> None:
    """After a new key is made current: every file and identity number sealed under an older
    key is re-wrapped, so that the older key can leave KOBO_FILE_KEYS. Safe to run while the
    BFF serves, and again after an interruption (what is already under the current key is
    left alone)."""
    from bff.rotation import rewrap_everything

    settings = Settings.from_env()
    store = open_document_store(settings.storage, settings.uploads_dir)
    db = Database(settings.database_url)
    try:
        done = await rewrap_everything(store, db)
    finally:
        await db.dispose()
    key_id = settings.storage.keys.current_id
    for what, counts in (("files", done.files), ("identity numbers", done.numbers)):
        print(
            f"re-wrapped {counts.moved} {what} under key {key_id!r}; "
            f"{counts.already_current} already were; {counts.refused} refused"
        )
    if done.files.refused or done.numbers.refused:
        sys.exit("python -m bff rewrap-files: some could not be read (see the log)")


async def _file_keys() -> None:
    """Before a key leaves the ring: what each key id still wraps, read from the headers."""
    from bff.rotation import key_usage

    settings = Settings.from_env()
    ring = settings.storage.keys
    store = open_document_store(settings.storage, settings.uploads_dir)
    db = Database(settings.database_url)
    try:
        usage = await key_usage(store, db)
    finally:
        await db.dispose()
    for key_id in sorted({*ring.keys, *usage.files, *usage.numbers}):
        if key_id == ring.current_id:
            state = "current"
        elif key_id in ring.keys:
            state = "on the ring"
        else:
            state = "not on the ring"
        files, numbers = usage.files[key_id], usage.numbers[key_id]
        verdict = ""
        if key_id in ring.keys and key_id != ring.current_id and not files and not numbers:
            verdict = ": nothing uses it; it can leave the ring"
        print(f"{key_id} ({state}): {files} files, {numbers} identity numbers{verdict}")


async def _breach_drill(args: argparse.Namespace) -> None:
    """docs/operations.md, "A data breach": who a key, a prefix or a window touched."""
    from datetime import UTC, datetime

    import bff.models  # noqa: F401 (every table on the metadata the drill walks)
    from bff.db import Base
    from bff.privacy.breach import BreachDrill, report

    settings = Settings.from_env()
    store = open_document_store(settings.storage, settings.uploads_dir)
    db = Database(settings.database_url)
    drill = BreachDrill(db, Base.metadata, store)
    try:
        if args.key:
            heading = f"Files and identity numbers sealed under key {args.key!r}"
            what = "files we keep encrypted under one of our keys may have been read"
            affected = await drill.by_key(args.key)
        elif args.prefix:
            heading = f"Files stored under the prefix {args.prefix!r}"
            what = "files we keep in one part of our document storage may have been read"
            affected = await drill.by_prefix(args.prefix)
        else:
            if not args.until:
                sys.exit("python -m bff breach-drill: --since needs --until")
            since = datetime.fromisoformat(args.since)
            until = datetime.fromisoformat(args.until)
            if since.tzinfo is None or until.tzinfo is None:
                sys.exit("python -m bff breach-drill: give --since and --until with an offset")
            heading = f"Data written or used between {since.isoformat()} and {until.isoformat()}"
            what = "data we hold about you may have been read by someone not allowed to"
            affected = await drill.in_window(since, until)
    finally:
        await db.dispose()
    print(report(heading, what, affected, datetime.now(UTC)))


def _storage(args: argparse.Namespace) -> None:
    from botocore.exceptions import BotoCoreError, ClientError

    from bff.storage.versions import restore, versions

    settings = Settings.from_env()
    if settings.storage.backend != "s3":
        raise SettingError("storage versions and restore need KOBO_STORAGE=s3 (a bucket)")
    try:
        if args.storage_command == "versions":
            for version in versions(settings.storage, args.key):
                what = "deleted" if version.deleted else f"{version.size} bytes"
                latest = " (current)" if version.latest else ""
                print(f"{version.version_id} {version.modified.isoformat()} {what}{latest}")
            return
        done = restore(settings.storage, settings.storage.keys, args.key, args.version_id)
    except (LookupError, ValueError, BotoCoreError, ClientError) as problem:
        # A wrong key, no such version, or the store refusing: one line, not a traceback.
        sys.exit(f"python -m bff storage {args.storage_command}: {problem}")
    if done.version_id is None:
        print(f"{args.key}: the current version is the one to keep; nothing restored")
    else:
        print(f"{args.key}: restored from version {done.version_id}")
    if not done.opens:
        print("warning: this process's file keys cannot open that version (KOBO_FILE_KEYS)")


def _export_document() -> dict[str, Any]:
    """The OpenAPI document as the contract check and the tests see it."""
    from bff.app import create_app

    # Only the route table matters here: nothing is started or connected.
    app = create_app(
        Settings(
            database_url="sqlite+aiosqlite:///:memory:",
            core_url="http://127.0.0.1:1",
            secret_key="unused-for-export",  # noqa: S106
            webapp_dist=None,
            seed_personas=False,
        )
    )
    return app.openapi_schema.to_schema()


def _export_openapi(output: str) -> None:
    document = _export_document()
    text = json.dumps(document, indent=2, sort_keys=True) + "\n"
    if output == "-":
        sys.stdout.write(text)
    else:
        Path(output).write_text(text)


if __name__ == "__main__":
    main()
