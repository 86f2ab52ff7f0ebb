"""A real S3 API server for the tests: moto's standalone server (`moto_server`), started on a
free loopback port and spoken to over HTTP, as the BFF speaks to a bank's object store."""

from __future__ import annotations

import secrets
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
import obstore
from obstore.store import S3Store

from bench.processes import stop_process, wait_until_up
from bench.workload import free_port
from bff.storage.settings import StorageSettings

# moto checks no signature; any credentials do, but the client must send some.
ACCESS_KEY, SECRET_KEY = "kobo-test-access", "kobo-test-secret"
CREDENTIALS = {"AWS_ACCESS_KEY_ID": ACCESS_KEY, "AWS_SECRET_ACCESS_KEY": SECRET_KEY}


@dataclass(frozen=True)
class S3Server:
    url: str

    def new_bucket(self, versioning: str | None = None) -> str:
        """An empty bucket of its own (S3's CreateBucket: PUT /{bucket}); `versioning`:
        "Enabled" or "Suspended" (PutBucketVersioning), as an operator sets it."""
        bucket = f"kobo-{secrets.token_hex(6)}"
        created = httpx.put(f"{self.url}/{bucket}", timeout=10)
        created.raise_for_status()
        if versioning:
            configured = httpx.put(
                f"{self.url}/{bucket}?versioning",
                content=(
                    '<VersioningConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/">'
                    f"<Status>{versioning}</Status></VersioningConfiguration>"
                ),
                timeout=10,
            )
            configured.raise_for_status()
        return bucket

    def settings(self, bucket: str, **overrides: object) -> StorageSettings:
        values: dict[str, object] = {
            "backend": "s3",
            "s3_bucket": bucket,
            "s3_endpoint": self.url,
            "s3_access_key_id": ACCESS_KEY,
            "s3_secret_access_key": SECRET_KEY,
        }
        values.update(overrides)
        return StorageSettings(**values)  # type: ignore[arg-type]

    def _raw(self, bucket: str) -> S3Store:
        """The bucket without the BFF's layer: signed requests (moto refuses anonymous
        object reads), no prefix, no decryption."""
        return S3Store(
            bucket,
            config={
                "endpoint": self.url,
                "access_key_id": ACCESS_KEY,
                "secret_access_key": SECRET_KEY,
                "region": "us-east-1",
                "virtual_hosted_style_request": False,
            },
            client_options={"allow_http": True},
        )

    def objects(self, bucket: str) -> dict[str, bytes]:
        """Every object in the bucket, raw, as anyone holding a copy of it would see them."""
        raw = self._raw(bucket)
        names = [meta["path"] for batch in obstore.list(raw) for meta in batch]
        return {name: bytes(obstore.get(raw, name).bytes()) for name in names}

    def overwrite(self, bucket: str, key: str, content: bytes) -> None:
        obstore.put(self._raw(bucket), key, content)

    def delete(self, bucket: str, key: str) -> None:
        """As a mistaken `aws s3 rm` would: with versioning on, a delete marker."""
        obstore.delete(self._raw(bucket), key)


@contextmanager
def running_s3_server(work: Path) -> Iterator[S3Server]:
    port = free_port()
    log = (work / "moto_server.log").open("ab")
    moto_server = Path(sys.executable).with_name("moto_server")
    process = subprocess.Popen(
        [str(moto_server), "-H", "127.0.0.1", "-p", str(port)],
        cwd=work,
        stdout=log,
        stderr=log,
    )
    try:
        url = f"http://127.0.0.1:{port}"
        wait_until_up(f"{url}/moto-api/", process, timeout_s=60)
        yield S3Server(url)
    finally:
        stop_process(process, timeout_s=10)
        log.close()
