"""Files in an S3-compatible object store, over HTTP, against a real S3 API server (moto's
standalone server, started by the `s3_server` fixture): the store chosen by configuration,
every object sealed (no plaintext in the bucket), rotation and tampering as on local disk."""

from __future__ import annotations

import asyncio
import base64
import logging
import secrets

import pytest

from bench.workload import free_port
from bff import __main__ as bff_main
from bff.storage import EncryptedDocumentStore, TamperedObject, open_document_store
from bff.storage.envelope import key_id_of
from bff.storage.keyring import KeyRing
from bff.storage.objects import FILES_UNAVAILABLE, S3Objects
from bff.storage.settings import StorageSettings
from bff.storage.versions import VersioningOff, check_versioning, versions
from bff.tests.helpers import Bff, auth, data_url, jpeg_with_gps, ticket_with_card_photo
from bff.tests.s3_server import S3Server
from kobo_serving.env import SettingError

BILL = b"%PDF-1.4 electricity bill for 12 Awolowo Road, Ikoyi, Lagos " * 30


def ring(key_id: str) -> KeyRing:
    return KeyRing({key_id: secrets.token_bytes(32)}, key_id)


async def test_files_go_to_the_bucket_sealed_and_come_back(s3_server: S3Server, tmp_path) -> None:  # type: ignore[no-untyped-def]
    bucket = s3_server.new_bucket()
    settings = s3_server.settings(bucket, keys=ring("s3-1"))
    store = open_document_store(settings, tmp_path / "unused")
    assert isinstance(store.objects, S3Objects)
    key = await store.put(BILL)
    assert await store.get(key) == BILL
    stored = s3_server.objects(bucket)
    assert list(stored) == [f"documents/{key}"], "under the prefix, nothing else"
    assert b"Awolowo" not in stored[f"documents/{key}"]
    assert key_id_of(stored[f"documents/{key}"]) == "s3-1"
    assert not (tmp_path / "unused").exists(), "nothing on the host's disk"
    await store.forget(key)
    await store.forget(key)  # already gone: no error
    assert s3_server.objects(bucket) == {}


async def test_rotation_and_rewrap_in_the_bucket(s3_server: S3Server, tmp_path) -> None:  # type: ignore[no-untyped-def]
    bucket = s3_server.new_bucket()
    old = ring("old")
    first = open_document_store(s3_server.settings(bucket, keys=old), tmp_path)
    old_key = await first.put(BILL)
    both = KeyRing({"new": secrets.token_bytes(32), **old.keys}, "new")
    second = open_document_store(s3_server.settings(bucket, keys=both), tmp_path)
    new_key = await second.put(b"an identity card")
    assert await second.get(old_key) == BILL
    done = await second.rewrap_all()
    assert (done.moved, done.already_current, done.refused) == (1, 1, 0)
    assert {key_id_of(v) for v in s3_server.objects(bucket).values()} == {"new"}
    retired = KeyRing({"new": both.keys["new"]}, "new")
    third = open_document_store(s3_server.settings(bucket, keys=retired), tmp_path)
    assert await third.get(old_key) == BILL and await third.get(new_key) == b"an identity card"


async def test_an_object_altered_in_the_bucket_is_refused(s3_server: S3Server, tmp_path) -> None:  # type: ignore[no-untyped-def]
    bucket = s3_server.new_bucket()
    store = open_document_store(s3_server.settings(bucket, keys=ring("k")), tmp_path)
    key = await store.put(BILL)
    sealed = bytearray(s3_server.objects(bucket)[f"documents/{key}"])
    sealed[-5] ^= 0x10
    s3_server.overwrite(bucket, f"documents/{key}", bytes(sealed))
    with pytest.raises(TamperedObject):
        await store.get(key)
    s3_server.overwrite(bucket, f"documents/{key}", BILL)  # plaintext put there by hand
    with pytest.raises(TamperedObject):
        await store.get(key)


async def test_a_missing_bucket_is_an_error_not_a_silent_success(s3_server: S3Server) -> None:
    store = EncryptedDocumentStore(
        S3Objects(s3_server.settings("no-such-bucket", s3_timeout_s=2)), ring("k")
    )
    with pytest.raises(Exception):  # noqa: B017 (obstore's own error types)
        await store.put(BILL)


def test_s3_is_chosen_by_configuration(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("KOBO_STORAGE", "s3")
    monkeypatch.delenv("KOBO_S3_BUCKET", raising=False)
    with pytest.raises(SettingError, match="KOBO_S3_BUCKET"):
        StorageSettings.from_env()
    monkeypatch.setenv("KOBO_S3_BUCKET", "kobo-documents")
    monkeypatch.setenv("KOBO_S3_ENDPOINT", "https://objects.bank.internal/")
    monkeypatch.setenv("KOBO_S3_PREFIX", "bff")
    settings = StorageSettings.from_env()
    assert (settings.backend, settings.s3_bucket) == ("s3", "kobo-documents")
    assert settings.s3_endpoint == "https://objects.bank.internal"
    assert settings.s3_prefix == "bff/"
    monkeypatch.setenv("KOBO_STORAGE", "nfs")
    with pytest.raises(SettingError, match="KOBO_STORAGE"):
        StorageSettings.from_env()


async def test_a_customer_uploads_and_downloads_through_the_bucket(  # type: ignore[no-untyped-def]
    bff_factory, s3_server: S3Server
) -> None:
    """The whole BFF on the S3 store: a ticket's attachment goes to the bucket, sealed, and
    comes back to its owner; the host's uploads directory stays empty."""
    bucket = s3_server.new_bucket()
    bff: Bff = await bff_factory(storage=s3_server.settings(bucket))
    token = await bff.sign_in()
    picture = jpeg_with_gps()
    created = await bff.client.post(
        "/api/tickets",
        headers=auth(token),
        json={
            "subject": "My card",
            "body": "Photo attached.",
            "attachments": [{"name": "card.jpg", "document": data_url(picture, "image/jpeg")}],
        },
    )
    assert created.status_code == 201, created.text
    url = created.json()["ticket"]["messages"][0]["attachments"][0]["url"]
    answer = await bff.client.get(url, headers=auth(token))
    assert answer.status_code == 200, answer.text
    assert answer.json()["content"].startswith("data:image/jpeg;base64,")
    served = base64.b64decode(answer.json()["content"].partition(",")[2])
    [sealed] = s3_server.objects(bucket).values()
    assert served[:64] not in sealed and served[-64:] not in sealed, "no plaintext in the bucket"
    assert not [p for p in bff.app.state.settings.uploads_dir.rglob("*") if p.is_file()]


async def test_an_unreachable_store_answers_503_and_keeps_nothing(bff_factory) -> None:  # type: ignore[no-untyped-def]
    """The object store down: the customer is asked to try again shortly (503 with
    Retry-After, the text they see for any outage), and no ticket is half-made."""
    dead = f"http://127.0.0.1:{free_port()}"
    bff: Bff = await bff_factory(
        storage=StorageSettings(
            backend="s3",
            s3_bucket="kobo-documents",
            s3_endpoint=dead,
            s3_timeout_s=1,
            s3_access_key_id="a",
            s3_secret_access_key="b",
        )
    )
    token = await bff.sign_in()
    refused = await bff.client.post(
        "/api/tickets",
        headers=auth(token),
        json=ticket_with_card_photo(),
    )
    assert refused.status_code == 503, refused.text
    assert refused.json()["detail"] == FILES_UNAVAILABLE
    assert refused.headers["retry-after"] == "5"
    assert (await bff.client.get("/api/tickets", headers=auth(token))).json() == []


async def test_a_bucket_without_versioning_is_detected(s3_server: S3Server) -> None:
    """The start-up check (production, S3 store): versioning never turned on, or suspended,
    stops the start; Enabled passes; a store that cannot be asked is logged, not fatal."""
    for status in (None, "Suspended"):
        bucket = s3_server.new_bucket(versioning=status)
        with pytest.raises(VersioningOff, match=f"versioning is {status or 'Off'}, not Enabled"):
            await check_versioning(s3_server.settings(bucket))
    await check_versioning(s3_server.settings(s3_server.new_bucket(versioning="Enabled")))
    records: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = records.append  # type: ignore[method-assign]
    logging.getLogger("bff.storage").addHandler(handler)
    try:
        dead = f"http://127.0.0.1:{free_port()}"
        await check_versioning(s3_server.settings("kobo-documents", s3_endpoint=dead))
    finally:
        logging.getLogger("bff.storage").removeHandler(handler)
    assert any("could not check versioning" in r.getMessage() for r in records)


async def test_production_does_not_start_on_a_bucket_without_versioning(  # type: ignore[no-untyped-def]
    bff_factory, s3_server: S3Server
) -> None:
    bucket = s3_server.new_bucket()
    with pytest.raises(RuntimeError, match="versioning is Off, not Enabled"):
        await bff_factory(
            production=True,
            webauthn_rp_id="bank.example",
            webauthn_origins=("https://bank.example",),
            storage=s3_server.settings(bucket),
        )


async def test_a_deleted_or_overwritten_document_is_restored_by_the_tool(  # type: ignore[no-untyped-def]
    bff_factory, s3_server: S3Server, monkeypatch, capsys
) -> None:
    """Versioning on: a ticket's attachment overwritten in the bucket (refused, never
    served) and then deleted (gone) comes back, byte for byte, with
    `python -m bff storage restore`, which copies an earlier sealed version back."""
    bucket = s3_server.new_bucket(versioning="Enabled")
    bff: Bff = await bff_factory(storage=s3_server.settings(bucket))
    token = await bff.sign_in()
    created = await bff.client.post(
        "/api/tickets",
        headers=auth(token),
        json=ticket_with_card_photo(),
    )
    assert created.status_code == 201, created.text
    url = created.json()["ticket"]["messages"][0]["attachments"][0]["url"]
    original = (await bff.client.get(url, headers=auth(token))).json()["content"]
    [name] = s3_server.objects(bucket)
    key = name.removeprefix("documents/")
    sealed = s3_server.objects(bucket)[name]
    bff.client.event_hooks["response"].clear()  # the broken answers are not the contract's

    for env, value in {
        "KOBO_STORAGE": "s3",
        "KOBO_S3_BUCKET": bucket,
        "KOBO_S3_ENDPOINT": s3_server.url,
        "KOBO_S3_ACCESS_KEY_ID": "kobo-test-access",
        "KOBO_S3_SECRET_ACCESS_KEY": "kobo-test-secret",
        "DATABASE_URL": bff.app.state.settings.database_url,
    }.items():
        monkeypatch.setenv(env, value)
    for env in ("KOBO_FILE_KEYS", "KOBO_FILE_KEYS_FILE", "KOBO_S3_PREFIX"):
        monkeypatch.delenv(env, raising=False)

    async def tool(*args: str) -> list[str]:
        monkeypatch.setattr("sys.argv", ["bff", "storage", *args])
        await asyncio.to_thread(bff_main.main)
        return capsys.readouterr().out.splitlines()

    s3_server.overwrite(bucket, name, b"not what the bank sealed" * 10)
    assert (await bff.client.get(url, headers=auth(token))).status_code == 500
    assert await tool("restore", key) == [
        f"{key}: restored from version {_first(bucket, s3_server, key)}"
    ]
    assert (await bff.client.get(url, headers=auth(token))).json()["content"] == original

    s3_server.delete(bucket, name)
    assert (await bff.client.get(url, headers=auth(token))).status_code == 500
    listed = await tool("versions", key)
    assert len(listed) == 4 and listed[0].endswith("deleted (current)"), listed
    assert (await tool("restore", key))[0].startswith(f"{key}: restored from version ")
    assert (await bff.client.get(url, headers=auth(token))).json()["content"] == original
    assert s3_server.objects(bucket)[name] == sealed, "the sealed bytes, never re-encrypted"
    assert await tool("restore", key) == [
        f"{key}: the current version is the one to keep; nothing restored"
    ]


def _first(bucket: str, s3_server: S3Server, key: str) -> str:
    """The version the BFF wrote (the oldest)."""
    return versions(s3_server.settings(bucket), key)[-1].version_id
