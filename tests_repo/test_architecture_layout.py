"""docs/architecture.md's "Programs and layout" names every package that exists, and nothing
that does not: a newcomer reads the layout there, so it must not go stale."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SECTION = re.compile(r"^## Programs and layout\n(.*?)^## ", re.S | re.M)


def layout_section() -> str:
    found = SECTION.search((ROOT / "docs/architecture.md").read_text(encoding="utf-8"))
    assert found, 'docs/architecture.md has no "## Programs and layout" section'
    return found.group(1)


def bullet_of(section: str, program: str) -> str:
    """The bullet that starts with `program/`, with its continuation lines."""
    found = re.search(rf"^- `{re.escape(program)}/`(.*?)(?=^- |\Z)", section, re.S | re.M)
    assert found, f"no bullet for {program}/"
    return found.group(1)


def folders(path: Path, *, python: bool) -> set[str]:
    return {
        child.name
        for child in path.iterdir()
        if child.is_dir()
        and child.name not in {"tests", "__pycache__"}
        and (not python or (child / "__init__.py").exists())
    }


def named(bullet: str) -> set[str]:
    """Every `name/` written in the bullet (paths inside a package, `auth/guards.py`, are not
    package names and are skipped)."""
    return set(re.findall(r"`([A-Za-z_]+)/`", bullet))


def mismatch(actual: set[str], documented: set[str]) -> dict[str, list[str]]:
    return {
        "missing from the doc": sorted(actual - documented),
        "in the doc but not in the code": sorted(documented - actual),
    }


@pytest.mark.parametrize("program", ["bff", "core_sim"])
def test_every_python_package_is_in_the_layout(program: str) -> None:
    actual = folders(ROOT / program, python=True)
    documented = named(bullet_of(layout_section(), program))
    assert mismatch(actual, documented) == mismatch(set(), set()), program


def test_every_web_feature_is_in_the_layout() -> None:
    actual = folders(ROOT / "webapp/src/features", python=False)
    bullet = bullet_of(layout_section(), "webapp")
    features = bullet.split("Features", 1)[1]
    assert mismatch(actual, named(features)) == mismatch(set(), set())


def test_the_check_notices_a_package_the_doc_does_not_name() -> None:
    bullet = "Domains: `auth/`, `ledger/`."
    assert mismatch({"auth", "ledger", "limits"}, named(bullet))["missing from the doc"] == [
        "limits"
    ]
    assert mismatch({"auth"}, named(bullet))["in the doc but not in the code"] == ["ledger"]


def test_architecture_doc_reads_in_ten_minutes() -> None:
    """A newcomer reads docs/architecture.md in ten minutes: at most 2,500 words (issue 44).
    Performance history and measurements belong in docs/benchmarks.md."""
    words = len((ROOT / "docs/architecture.md").read_text(encoding="utf-8").split())
    assert words <= 2_500, f"docs/architecture.md has {words} words; the limit is 2,500"
