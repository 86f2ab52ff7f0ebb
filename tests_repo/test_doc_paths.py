"""Every file or folder the docs name in `code` exists: a newcomer follows these paths, so a
move that leaves a doc behind fails here instead of misleading them.

A path may be written from the repository's root or from inside a program (`transfers/
service.py` in the bff's layout, `features/history/` in the web app's); folders that are made
by a build or a run (`dist/`, `var/`, the journeys' `webapp/e2e-runs/`) and package paths
(`antd/dist/…`) are not checked.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted([*ROOT.glob("docs/*.md"), ROOT / "README.md"])
# Where a path in the docs may start, besides the root.
BASES = ["bff", "core_sim", "kobo_serving", "bench", "scripts", "webapp", "webapp/src"]
BASES += ["webapp/src/features", "webapp/src/components", "webapp/e2e"]
MADE_BY_A_RUN = ("dist/", "var/", "node_modules/", "antd/", "webapp/e2e-runs/")
PATH = re.compile(r"`([A-Za-z0-9_.\-/]+/[A-Za-z0-9_.\-/]*)`")
FILE_OR_FOLDER = re.compile(r"(\.(py|ts|tsx|js|md|json|css|sh|lua|toml|ini|yml|yaml|html)|/)$")


def named_paths(text: str) -> set[str]:
    return {
        path
        for path in PATH.findall(text)
        if FILE_OR_FOLDER.search(path)
        and not path.startswith(("/", ".", *MADE_BY_A_RUN))
        and "//" not in path
    }


def exists(path: str) -> bool:
    return any((ROOT / base / path).exists() for base in ["", *BASES])


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_every_path_a_doc_names_exists(doc: Path) -> None:
    missing = sorted(p for p in named_paths(doc.read_text(encoding="utf-8")) if not exists(p))
    assert missing == [], f"{doc.relative_to(ROOT)} names paths that do not exist"


def test_the_check_sees_a_missing_path() -> None:
    found = named_paths("see `bff/transfers/service.py`, `bff/nowhere.py` and `GET /api/x/`")
    assert found == {"bff/transfers/service.py", "bff/nowhere.py"}
    assert [p for p in sorted(found) if not exists(p)] == ["bff/nowhere.py"]


RULES = re.compile(r"^## Where each rule lives\n(.*?)^## ", re.S | re.M)


def test_every_rule_in_the_architecture_table_names_a_file_that_exists() -> None:
    """docs/architecture.md's "Where each rule lives": each row names at least one path the
    check above reads (in backticks, ending in a file type), and all of them exist."""
    found = RULES.search((ROOT / "docs/architecture.md").read_text(encoding="utf-8"))
    assert found, 'docs/architecture.md has no "## Where each rule lives" section'
    rows = [row for row in found.group(1).splitlines() if row.startswith("| ")][2:]
    assert len(rows) >= 20
    for row in rows:
        paths = named_paths(row.split("|")[2])
        assert paths, f"no checkable path in: {row}"
        assert all(exists(p) for p in paths), row
