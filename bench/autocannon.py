"""HTTP load from autocannon (issue 57) for the journey wrk cannot drive: a passkey sign-in,
whose assertion is a signature over the server's fresh challenge. wrk's Lua has no ES256;
autocannon (npm, a devDependency of the workspace root) runs per-request hooks in node,
and `bench/autocannon/passkey_journey.mjs` signs each challenge there with node's crypto
(`bench/autocannon/webauthn.mjs`), as the phone's authenticator would. The BFF verifies it
on its real code path.

Each bench customer gets a passkey through Settings (bench/passkey.py, the tests' software
authenticator); its credential id and private key go to the script in a JSON file, which
the script writes back with each customer's sign count and device cookie, so that the next
run's assertions count on from there.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives import serialization

from bench import wrk
from bench.processes import ROOT
from bff.tests.soft_authenticator import SoftAuthenticator, b64url

SCRIPT = ROOT / "bench" / "autocannon" / "passkey_journey.mjs"
SIGNER = ROOT / "bench" / "autocannon" / "webauthn.mjs"
RESULT = "KOBO-AUTOCANNON "


def node_binary() -> str:
    found = shutil.which("node")
    if found is None:
        raise SystemExit("node is missing: Node.js 20+ (scripts/bootstrap.sh needs it too)")
    if not (ROOT / "node_modules" / "autocannon").is_dir():
        raise SystemExit("autocannon is missing: bash scripts/bootstrap.sh installs it")
    return found


def credential_of(device: SoftAuthenticator) -> dict[str, Any]:
    """A registered software passkey as the node signer takes it."""
    pem = device.key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    return {
        "credentialId": b64url(device.credential_id),
        "privateKeyPem": pem.decode(),
        "userHandle": device.user_handle,
        "signCount": device.sign_count,
    }


def write_customers(users: list[dict[str, Any]], path: Path) -> None:
    """Each bench customer's e-mail and passkey (`user["device"]`, a SoftAuthenticator)."""
    customers = [{"email": u["email"], **credential_of(u["device"])} for u in users]
    path.write_text(json.dumps(customers))


def run(
    url: str,
    clients: int,
    seconds: float,
    customers_file: Path,
    origin: str,
    extra_env: dict[str, str] | None = None,
) -> dict[str, Any]:
    """One autocannon run of the passkey journey: figures in the keys of `wrk.run`'s, and
    the load generator's own CPU per journey (`driver_cpu_ms`), which is not the servers'."""
    env = {
        **os.environ,
        "KOBO_AC_URL": url,
        "KOBO_AC_CLIENTS": str(clients),
        "KOBO_AC_SECONDS": str(max(1, round(seconds))),
        "KOBO_AC_ORIGIN": origin,
        "KOBO_AC_CUSTOMERS": str(customers_file),
        **(extra_env or {}),
    }
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(  # noqa: S603
        [node_binary(), str(SCRIPT)], env=env, check=True, capture_output=True, text=True
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    for line in out.stdout.splitlines():
        if line.startswith(RESULT):
            result: dict[str, Any] = json.loads(line[len(RESULT) :])
            result["errors"] = wrk.error_count(result)
            spent = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
            result["driver_cpu_ms"] = spent * 1000 / max(int(result["operations"]), 1)
            return result
    raise RuntimeError(f"autocannon printed no result:\n{out.stdout}\n{out.stderr}")
