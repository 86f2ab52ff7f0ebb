"""Files at rest (docs/security.md, "Files at rest"): each sealed under its own AES-256-GCM
data key, wrapped by a key-encryption key from a ring; rotation and re-wrapping; anything
altered is refused, logged and never served; production refuses to start without a key."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import logging
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from prometheus_client import REGISTRY
from sqlalchemy import select

from bff import __main__ as bff_main
from bff.config import Settings
from bff.onboarding.models import OnboardingProfile
from bff.rotation import rewrap_numbers
from bff.storage import EncryptedDocumentStore, KeyNotOnRing, TamperedObject
from bff.storage.envelope import KEY_NOT_HERE, MAGIC, key_id_of, rewrap, seal, unseal
from bff.storage.fields import PREFIX, SealedFields
from bff.storage.keyring import DEVELOPMENT_KEY_ID, KeyRing
from bff.storage.objects import LocalDirectoryObjects
from bff.storage.settings import StorageSettings
from bff.tests.helpers import (
    CHIOMA,
    CHIOMA_PROFILE,
    Bff,
    auth,
    data_url,
    jpeg_with_gps,
    png_bytes,
    upload,
)
from kobo_serving.env import SettingError

PASSPORT = b"\xff\xd8\xff\xe0 passport of Ada Okafor, born 1990-04-12 \xff\xd9" * 20
NAME = "ab" * 32


def ring(*ids: str, current: str | None = None) -> KeyRing:
    return KeyRing({key_id: secrets.token_bytes(32) for key_id in ids}, current or ids[0])


def listed(keys: KeyRing) -> str:
    """The ring as KOBO_FILE_KEYS writes it."""
    return ",".join(f"{i}:{base64.b64encode(k).decode()}" for i, k in keys.keys.items())


@pytest.fixture
def storage_log() -> Iterator[list[logging.LogRecord]]:
    """What bff.storage logs (the suite runs with pytest's logging plugin off)."""
    records: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = records.append  # type: ignore[method-assign]
    logger = logging.getLogger("bff.storage")
    logger.addHandler(handler)
    yield records
    logger.removeHandler(handler)


# -- the envelope -----------------------------------------------------------------------


def test_a_sealed_file_opens_with_its_ring_and_records_the_key_id() -> None:
    keys = ring("2026-11")
    sealed = seal(keys, NAME, PASSPORT)
    assert sealed.startswith(MAGIC) and key_id_of(sealed) == "2026-11"
    assert PASSPORT not in sealed and b"Ada Okafor" not in sealed
    assert unseal(keys, NAME, sealed) == PASSPORT


def test_each_file_has_its_own_data_key_and_nonce() -> None:
    keys = ring("k")
    first, second = seal(keys, NAME, PASSPORT), seal(keys, NAME, PASSPORT)
    header = len(MAGIC) + 1 + 1
    assert first[header : header + 40] != second[header : header + 40], "wrapped data keys"
    assert first[header + 40 :] != second[header + 40 :], "bodies"


@pytest.mark.parametrize("where", [0, 9, 12, 30, 60, -1, -20])
def test_any_flipped_byte_is_refused(where: int) -> None:
    keys = ring("k")
    sealed = bytearray(seal(keys, NAME, PASSPORT))
    sealed[where] ^= 0x01
    # A flipped byte in the key id names a key the ring lacks: refused as unknown (a 503
    # and an alert) since it cannot be told from a process on an older ring. Never served.
    with pytest.raises((TamperedObject, KeyNotOnRing)):
        unseal(keys, NAME, bytes(sealed))


def test_a_truncated_or_foreign_object_is_refused() -> None:
    keys = ring("k")
    sealed = seal(keys, NAME, PASSPORT)
    for broken in (sealed[:-1], sealed[:50], b"", PASSPORT):
        with pytest.raises(TamperedObject):
            unseal(keys, NAME, broken)


def test_a_file_copied_over_another_name_is_refused() -> None:
    """The storage key is authenticated: swapping two customers' objects is detected."""
    keys = ring("k")
    with pytest.raises(TamperedObject):
        unseal(keys, "cd" * 32, seal(keys, NAME, PASSPORT))


def test_a_file_under_a_key_not_on_the_ring_is_unavailable_not_tampered() -> None:
    """An unknown key id is a process on an older ring (a rotation rolled out in one step),
    answered 503 "try again"; a known id whose key fails to unwrap is tampering."""
    sealed = seal(ring("old"), NAME, PASSPORT)
    with pytest.raises(KeyNotOnRing) as missing:
        unseal(ring("new"), NAME, sealed)
    assert not isinstance(missing.value, TamperedObject)
    assert (missing.value.key_id, missing.value.status_code) == ("old", 503)
    assert missing.value.retry_after_s == 5
    same_id_other_key = ring("old")
    with pytest.raises(TamperedObject, match="unwrap"):
        unseal(same_id_other_key, NAME, sealed)


def test_rewrap_moves_the_data_key_and_leaves_the_body() -> None:
    old = ring("old")
    both = KeyRing({**old.keys, "new": secrets.token_bytes(32)}, "new")
    sealed = seal(old, NAME, PASSPORT)
    moved = rewrap(both, sealed)
    assert moved is not None and key_id_of(moved) == "new"
    assert moved.endswith(sealed[len(MAGIC) + 1 + 3 + 40 :]), "the encrypted body is kept"
    only_new = KeyRing({"new": both.keys["new"]}, "new")
    assert unseal(only_new, NAME, moved) == PASSPORT
    assert rewrap(both, moved) is None, "already under the current key"


# -- the key ring from configuration -----------------------------------------------------


def test_the_ring_is_read_from_kobo_file_keys() -> None:
    keys = ring("a", "b")
    parsed = KeyRing.parse(listed(keys))
    assert parsed.keys == keys.keys and parsed.current_id == "a"
    assert KeyRing.parse(listed(keys), "b").current_id == "b"


@pytest.mark.parametrize(
    ("value", "current", "problem"),
    [
        ("a", None, "id:base64-key"),
        ("a:not base64!", None, "not base64"),
        ("a:" + base64.b64encode(b"short").decode(), None, "32 bytes"),
        ("a:" + base64.b64encode(bytes(32)).decode(), "b", "not on the ring"),
        (" , ", None, "no key"),
        ("a b:" + base64.b64encode(bytes(32)).decode(), None, "letters, digits"),
    ],
)
def test_a_wrong_ring_stops_the_start(value: str, current: str | None, problem: str) -> None:
    with pytest.raises(SettingError, match=problem):
        KeyRing.parse(value, current)


PRODUCTION_ENV = {
    "KOBO_ENV": "production",
    "KOBO_SECRET_KEY": "p" * 40,
    "KOBO_SEED_PERSONAS": "0",
    "KOBO_WEBAUTHN_RP_ID": "bank.example",
    "KOBO_WEBAUTHN_ORIGINS": "https://bank.example",
}


def test_production_refuses_to_start_without_a_file_key(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    for name, value in PRODUCTION_ENV.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("KOBO_FILE_KEYS", raising=False)
    with pytest.raises(SettingError, match="KOBO_FILE_KEYS or KOBO_FILE_KEYS_FILE must be set"):
        Settings.from_env()
    development = KeyRing.development()
    monkeypatch.setenv("KOBO_FILE_KEYS", listed(development))
    with pytest.raises(SettingError, match="development key"):
        Settings.from_env()
    monkeypatch.setenv("KOBO_FILE_KEYS", listed(ring("prod-1")))
    settings = Settings.from_env()
    assert settings.production and settings.storage.keys.current_id == "prod-1"


def test_production_refuses_to_serve_without_a_file_key(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """`python -m bff serve` stops with one line naming the setting, before serving."""
    for name, value in PRODUCTION_ENV.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("KOBO_FILE_KEYS", raising=False)
    monkeypatch.setattr(bff_main.uvicorn, "run", lambda *a, **k: pytest.fail("served"))
    monkeypatch.setattr("sys.argv", ["bff", "serve"])
    with pytest.raises(SystemExit, match="KOBO_FILE_KEYS or KOBO_FILE_KEYS_FILE must be set"):
        bff_main.main()


def test_development_uses_a_clearly_marked_development_key(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.delenv("KOBO_ENV", raising=False)
    monkeypatch.delenv("KOBO_FILE_KEYS", raising=False)
    settings = Settings.from_env()
    assert settings.storage.keys.current_id == DEVELOPMENT_KEY_ID == "dev-not-for-production"
    assert settings.storage.backend == "local"


def key_file(path: Path, text: str, mode: int) -> Path:
    path.write_text(text)
    path.chmod(mode)
    return path


def test_the_ring_is_read_from_a_key_file(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """KOBO_FILE_KEYS_FILE (a mounted secret): one key a line or comma-separated, `#` notes."""
    keys = ring("2026-11", "2027-05", "2027-11")
    a, b, c = (f"{i}:{base64.b64encode(k).decode()}" for i, k in keys.keys.items())
    text = f"# the file key ring\n{a}\n\n  # added 2027-05, not current yet\n{b}, {c}\n"
    monkeypatch.delenv("KOBO_FILE_KEYS", raising=False)
    monkeypatch.setenv("KOBO_FILE_KEYS_FILE", str(key_file(tmp_path / "keys", text, 0o440)))
    monkeypatch.setenv("KOBO_FILE_KEY_CURRENT", "2027-05")
    settings = StorageSettings.from_env()
    assert settings.keys == KeyRing(keys.keys, "2027-05") and settings.keys_configured
    assert settings.problems_for_production() == []


def test_both_key_sources_or_an_unreadable_file_stop_the_start(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    keys = listed(ring("k"))
    monkeypatch.setenv("KOBO_FILE_KEYS", keys)
    monkeypatch.setenv("KOBO_FILE_KEYS_FILE", str(key_file(tmp_path / "keys", keys, 0o400)))
    with pytest.raises(SettingError, match="KOBO_FILE_KEYS or KOBO_FILE_KEYS_FILE, not both"):
        StorageSettings.from_env()
    monkeypatch.delenv("KOBO_FILE_KEYS")
    monkeypatch.setenv("KOBO_FILE_KEYS_FILE", str(tmp_path / "missing"))
    with pytest.raises(SettingError, match=r"cannot read .*missing"):
        StorageSettings.from_env()
    monkeypatch.setenv("KOBO_FILE_KEYS_FILE", str(key_file(tmp_path / "bad", "k:%%%", 0o400)))
    with pytest.raises(SettingError, match=r"KOBO_FILE_KEYS_FILE .*bad: key 'k' is not base64"):
        StorageSettings.from_env()


def test_production_refuses_a_key_file_every_user_can_read(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    for name, value in PRODUCTION_ENV.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("KOBO_FILE_KEYS", raising=False)
    path = key_file(tmp_path / "keys", listed(ring("prod-1")), 0o644)
    monkeypatch.setenv("KOBO_FILE_KEYS_FILE", str(path))
    with pytest.raises(SettingError, match=r"open to every user of the host \(mode 0644\)"):
        Settings.from_env()
    path.chmod(0o440)  # owner and group (a Kubernetes Secret volume's defaultMode 0440)
    assert Settings.from_env().storage.keys.current_id == "prod-1"
    monkeypatch.delenv("KOBO_FILE_KEYS_FILE")
    with pytest.raises(SettingError, match="KOBO_FILE_KEYS or KOBO_FILE_KEYS_FILE must be set"):
        Settings.from_env()


# -- the store over a local directory ------------------------------------------------------


async def test_the_local_directory_holds_no_plaintext(tmp_path: Path) -> None:
    store = EncryptedDocumentStore(LocalDirectoryObjects(tmp_path), ring("k"))
    key = await store.put(PASSPORT)
    files = [p for p in tmp_path.rglob("*") if p.is_file()]  # noqa: ASYNC240
    assert [p.name for p in files] == [key]
    assert b"Ada Okafor" not in files[0].read_bytes()
    assert await store.get(key) == PASSPORT
    assert await store.put(PASSPORT) != key, "names are random, not the content's hash"


async def test_rotation_then_rewrap_files_command(  # type: ignore[no-untyped-def]
    bff: Bff, tmp_path: Path, monkeypatch, capsys
) -> None:
    """A new current key encrypts new files while old ones stay readable; then
    `python -m bff rewrap-files` moves the old ones, and the old key can leave the ring."""
    first = ring("2026-01")
    before = EncryptedDocumentStore(LocalDirectoryObjects(tmp_path), first)
    old_keys = [await before.put(PASSPORT + bytes([n])) for n in range(3)]

    rotated = KeyRing({"2026-11": secrets.token_bytes(32), **first.keys}, "2026-11")
    after = EncryptedDocumentStore(LocalDirectoryObjects(tmp_path), rotated)
    new_key = await after.put(b"a utility bill")
    assert _key_ids(tmp_path) == {**dict.fromkeys(old_keys, "2026-01"), new_key: "2026-11"}
    assert [await after.get(k) for k in old_keys] == [PASSPORT + bytes([n]) for n in range(3)]

    monkeypatch.setenv("KOBO_UPLOADS_DIR", str(tmp_path))
    monkeypatch.setenv("DATABASE_URL", bff.app.state.settings.database_url)
    monkeypatch.setenv("KOBO_FILE_KEYS", listed(rotated))
    monkeypatch.delenv("KOBO_FILE_KEY_CURRENT", raising=False)
    monkeypatch.delenv("KOBO_STORAGE", raising=False)
    monkeypatch.setattr("sys.argv", ["bff", "rewrap-files"])
    await asyncio.to_thread(bff_main.main)
    assert capsys.readouterr().out.splitlines() == [
        "re-wrapped 3 files under key '2026-11'; 1 already were; 0 refused",
        "re-wrapped 0 identity numbers under key '2026-11'; 0 already were; 0 refused",
    ]
    assert set(_key_ids(tmp_path).values()) == {"2026-11"}

    retired = KeyRing({"2026-11": rotated.keys["2026-11"]}, "2026-11")
    readable = EncryptedDocumentStore(LocalDirectoryObjects(tmp_path), retired)
    assert await readable.get(old_keys[1]) == PASSPORT + b"\x01"
    assert await readable.get(new_key) == b"a utility bill"
    await asyncio.to_thread(bff_main.main)  # again: nothing left to move
    assert "re-wrapped 0 files" in capsys.readouterr().out


async def test_file_keys_reports_what_each_key_still_wraps(  # type: ignore[no-untyped-def]
    bff: Bff, tmp_path: Path, monkeypatch, capsys
) -> None:
    """`python -m bff file-keys`: the old key is retired only when it wraps nothing."""
    token = await bff.sign_in(CHIOMA)  # a BVN and NIN under the development key
    saved = await bff.client.post(
        "/api/onboarding/basic-profile", headers=auth(token), json=CHIOMA_PROFILE
    )
    assert saved.status_code == 200, saved.text
    development = KeyRing.development()
    await EncryptedDocumentStore(LocalDirectoryObjects(tmp_path), development).put(PASSPORT)
    rotated = KeyRing({**development.keys, "2026-11": secrets.token_bytes(32)}, "2026-11")
    await EncryptedDocumentStore(LocalDirectoryObjects(tmp_path), rotated).put(b"a bill")
    monkeypatch.setenv("KOBO_UPLOADS_DIR", str(tmp_path))
    monkeypatch.setenv("DATABASE_URL", bff.app.state.settings.database_url)
    monkeypatch.setenv("KOBO_FILE_KEYS", listed(rotated))
    monkeypatch.setenv("KOBO_FILE_KEY_CURRENT", "2026-11")
    monkeypatch.delenv("KOBO_STORAGE", raising=False)
    monkeypatch.setattr("sys.argv", ["bff", "file-keys"])
    await asyncio.to_thread(bff_main.main)
    assert capsys.readouterr().out.splitlines() == [
        "2026-11 (current): 1 files, 0 identity numbers",
        "dev-not-for-production (on the ring): 1 files, 2 identity numbers",
    ]
    monkeypatch.setattr("sys.argv", ["bff", "rewrap-files"])
    await asyncio.to_thread(bff_main.main)
    capsys.readouterr()
    monkeypatch.setattr("sys.argv", ["bff", "file-keys"])
    await asyncio.to_thread(bff_main.main)
    assert capsys.readouterr().out.splitlines() == [
        "2026-11 (current): 2 files, 2 identity numbers",
        "dev-not-for-production (on the ring): 0 files, 0 identity numbers: "
        "nothing uses it; it can leave the ring",
    ]


async def test_rewrap_counts_and_skips_a_tampered_file(tmp_path: Path, storage_log) -> None:  # type: ignore[no-untyped-def]
    first = ring("a")
    store = EncryptedDocumentStore(LocalDirectoryObjects(tmp_path), first)
    good, bad = await store.put(b"good"), await store.put(b"bad")
    path = tmp_path / bad[:2] / bad
    path.write_bytes(path.read_bytes()[:-30] + b"x" * 30)
    # The header of `bad` is untouched, so its data key still unwraps: re-wrapping succeeds
    # and reading it is still refused. A foreign object is refused at once.
    (tmp_path / "ee").mkdir(exist_ok=True)
    (tmp_path / "ee" / ("ee" * 32)).write_bytes(b"plain file put there by hand")
    rotated = KeyRing({"b": secrets.token_bytes(32), **first.keys}, "b")
    done = await EncryptedDocumentStore(LocalDirectoryObjects(tmp_path), rotated).rewrap_all()
    assert (done.moved, done.refused) == (2, 1)
    assert any("ee" * 32 in r.getMessage() for r in storage_log)
    with pytest.raises(TamperedObject):
        await EncryptedDocumentStore(LocalDirectoryObjects(tmp_path), rotated).get(bad)
    assert await EncryptedDocumentStore(LocalDirectoryObjects(tmp_path), rotated).get(good)


def _key_ids(root: Path) -> dict[str, str]:
    return {p.name: key_id_of(p.read_bytes()) for p in root.rglob("*") if p.is_file()}


# -- through the API -----------------------------------------------------------------------


async def test_a_tampered_attachment_is_refused_logged_and_never_served(  # type: ignore[no-untyped-def]
    bff: Bff, storage_log
) -> None:
    token = await bff.sign_in()
    created = await bff.client.post(
        "/api/tickets",
        headers=auth(token),
        json={
            "subject": "Receipt",
            "body": "See the photo.",
            "attachments": [
                {"name": "receipt.jpg", "document": data_url(jpeg_with_gps(), "image/jpeg")}
            ],
        },
    )
    assert created.status_code == 201, created.text
    url = created.json()["ticket"]["messages"][0]["attachments"][0]["url"]
    assert (await bff.client.get(url, headers=auth(token))).status_code == 200
    [path] = [p for p in bff.app.state.settings.uploads_dir.rglob("*") if p.is_file()]
    sealed = bytearray(path.read_bytes())
    sealed[-100] ^= 0x80  # one bit inside the picture
    path.write_bytes(bytes(sealed))

    # An altered file is an incident, answered like any unexpected failure (500, the generic
    # problem text), which the contract does not list per route: the conformance hook is off.
    bff.client.event_hooks["response"].clear()
    refused = await bff.client.get(url, headers=auth(token))
    assert refused.status_code == 500
    assert "data:image" not in refused.text and "content" not in refused.json()
    assert [r.getMessage() for r in storage_log if r.levelno == logging.ERROR] == [
        f"stored file {path.name} refused: the file's content failed authentication"
    ]


async def test_data_under_a_key_this_process_lacks_answers_503_not_500(  # type: ignore[no-untyped-def]
    bff: Bff, bff_factory, storage_log
) -> None:
    """A process whose ring lacks the key (a new key made current before every process had
    it): the customer is asked to try again (503, Retry-After), the operators get an ERROR
    line naming the key and kobo_file_key_unknown_total; never the 500 of tampering."""
    token = await bff.sign_in(CHIOMA)
    saved = await bff.client.post(
        "/api/onboarding/basic-profile", headers=auth(token), json=CHIOMA_PROFILE
    )
    assert saved.status_code == 200, saved.text
    uploaded = await upload(bff, token, 1, png_bytes())
    assert uploaded.status_code == 201, uploaded.text
    settings = bff.app.state.settings
    older = await bff_factory(
        database_url=settings.database_url,
        uploads_dir=settings.uploads_dir,
        storage=StorageSettings(keys=ring("2025-01")),  # lacks the development key
    )
    url = f"/api/onboarding/documents/{uploaded.json()['document']['id']}/download"
    before = {what: _unknown_key_count(what) for what in ("file", "number")}
    for path, what in ((url, "file"), ("/api/onboarding/basic-profile", "number")):
        answer = await older.client.get(path, headers=auth(token))
        assert answer.status_code == 503, answer.text
        assert answer.headers["retry-after"] == "5"
        assert answer.json()["detail"] == KEY_NOT_HERE
        assert _unknown_key_count(what) == before[what] + 1
    errors = [r.getMessage() for r in storage_log if r.levelno == logging.ERROR]
    assert len(errors) == 2 and all("'dev-not-for-production'" in e for e in errors), errors
    assert "lacks" in errors[0] and "refused" not in errors[0]
    assert (await bff.client.get(url, headers=auth(token))).status_code == 200


def _unknown_key_count(what: str) -> float:
    return REGISTRY.get_sample_value("kobo_file_key_unknown_total", {"what": what}) or 0.0


# -- BVN and NIN in the database -------------------------------------------------------


def test_a_sealed_number_opens_only_in_its_own_row() -> None:
    fields = SealedFields(ring("k"))
    sealed = fields.seal("onboarding_profiles:7:bvn", "22212345603")
    assert sealed is not None and sealed.startswith(PREFIX) and "22212345603" not in sealed
    assert len(sealed) <= 255
    assert fields.open("onboarding_profiles:7:bvn", sealed) == "22212345603"
    for elsewhere in ("onboarding_profiles:8:bvn", "onboarding_profiles:7:nin"):
        with pytest.raises(TamperedObject):
            fields.open(elsewhere, sealed)
    assert fields.seal("x", None) is None and fields.open("x", None) is None


async def test_bvn_and_nin_are_sealed_in_the_database_and_rewrapped(bff: Bff) -> None:
    token = await bff.sign_in(CHIOMA)
    saved = await bff.client.post(
        "/api/onboarding/basic-profile", headers=auth(token), json=CHIOMA_PROFILE
    )
    assert saved.status_code == 200, saved.text
    async with bff.db.transaction() as session:
        row = (await session.scalars(select(OnboardingProfile))).one()
        assert row.bvn.startswith(PREFIX) and CHIOMA_PROFILE["bvn"] not in row.bvn
        assert row.nin.startswith(PREFIX) and CHIOMA_PROFILE["nin"] not in row.nin
        row.nin = CHIOMA_PROFILE["nin"]  # as written before sealing existed
    profile = (await bff.client.get("/api/onboarding/basic-profile", headers=auth(token))).json()
    assert (profile["bvn"], profile["nin"]) == (CHIOMA_PROFILE["bvn"], CHIOMA_PROFILE["nin"])

    development = KeyRing.development()
    rotated = KeyRing({"2026-11": secrets.token_bytes(32), **development.keys}, "2026-11")
    done = await rewrap_numbers(bff.db, SealedFields(rotated))
    assert (done.moved, done.refused) == (2, 0)  # one re-wrapped, one sealed for the first time
    fields = SealedFields(KeyRing({"2026-11": rotated.keys["2026-11"]}, "2026-11"))
    async with bff.db.transaction() as session:
        row = (await session.scalars(select(OnboardingProfile))).one()
    assert {fields.key_id(row.bvn), fields.key_id(row.nin)} == {"2026-11"}
    assert fields.open(f"onboarding_profiles:{row.user_id}:nin", row.nin) == CHIOMA_PROFILE["nin"]


# -- lifecycle -----------------------------------------------------------------------------


async def test_a_replaced_or_deleted_draft_document_leaves_no_file(bff: Bff) -> None:
    """Onboarding documents not yet approved are drafts: replacing or deleting one deletes
    its sealed file too (approved ones cannot be deleted: docs/deploy.md, "Lifecycle")."""
    token = await bff.sign_in(CHIOMA)
    uploads = bff.app.state.settings.uploads_dir

    def files() -> list[str]:
        return sorted(p.name for p in uploads.rglob("*") if p.is_file())

    first = await upload(bff, token, 1, png_bytes())
    assert first.status_code == 201, first.text
    kept = await asyncio.to_thread(files)
    second = await upload(bff, token, 1, png_bytes(extra=10))
    assert second.status_code == 201, second.text
    now = await asyncio.to_thread(files)
    assert len(kept) == len(now) == 1 and kept != now, "the replaced file is gone"
    document_id = second.json()["document"]["id"]
    deleted = await bff.client.delete(
        f"/api/onboarding/documents/{document_id}", headers=auth(token)
    )
    assert deleted.status_code == 200, deleted.text
    assert await asyncio.to_thread(files) == []


async def test_a_file_stored_before_sealing_is_served_then_sealed(tmp_path: Path) -> None:
    """Upgrading: plain files named by their SHA-256 (the old store) stay readable, and
    rewrap-files seals them in place; a plain file under any other name is refused."""
    old_name = hashlib.sha256(PASSPORT).hexdigest()
    (tmp_path / old_name[:2]).mkdir()
    (tmp_path / old_name[:2] / old_name).write_bytes(PASSPORT)
    store = EncryptedDocumentStore(LocalDirectoryObjects(tmp_path), ring("k"))
    assert await store.get(old_name) == PASSPORT
    (tmp_path / "ab").mkdir()
    (tmp_path / "ab" / NAME).write_bytes(PASSPORT)
    with pytest.raises(TamperedObject):
        await store.get(NAME)
    done = await store.rewrap_all()
    assert (done.moved, done.refused) == (1, 1)
    sealed = (tmp_path / old_name[:2] / old_name).read_bytes()
    assert key_id_of(sealed) == "k" and b"Ada Okafor" not in sealed
    assert await store.get(old_name) == PASSPORT
