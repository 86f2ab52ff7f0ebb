"""The restore drill at a small size (bench/restore): backups, a restore to a named instant
on a fresh cluster, and the copy checked. Its own nox session (`nox -s restore`, run by
scripts/test after the other suites) sets KOBO_RESTORE_DRILL=1; the pytest legs skip it, as
two legs at once would each start PostgreSQL clusters, a simulator and two BFFs."""

from __future__ import annotations

import os
import shutil

import pytest

from bench.restore.drill import WORK, run

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        os.environ.get("KOBO_RESTORE_DRILL") != "1", reason="runs in `nox -s restore`"
    ),
    pytest.mark.skipif(shutil.which("pgbackrest") is None, reason="needs pgbackrest"),
]


async def test_a_restore_to_an_instant_is_the_bank_as_it_stood_then() -> None:
    # Not pytest's tmp_path: the postgres user must reach the directory, and pytest's is 0700.
    figures = await run(WORK.with_name("kobo-restore-test"), seconds=4, customers=3)
    names = {c.name: c for c in figures.checks}
    assert all(not c.violations for c in figures.checks), [
        (c.name, c.violations[:5]) for c in figures.checks if c.violations
    ]
    # Each check saw something: payments acknowledged before the instant (RPO 0 to it),
    # payments begun after it (absent), every restored payment against its posting.
    assert figures.acknowledged_before > 0 and figures.begun_after > 0
    assert all(c.checked > 0 for c in names.values()), names
    assert len(figures.checks) == 9
    # Backups, restore, replay and start-up measured; all within the drill's scale.
    assert min(figures.restore_s, figures.recovery_s, figures.serving_s) > 0
    assert figures.database_bytes > 0 and figures.repository_bytes > 0
