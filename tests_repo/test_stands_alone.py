"""The repository stands alone: no file points outside it, and contract citations resolve.

Every git-tracked text file is read. None may mention the parent folder's shared material or
cite the old two-part specification by part number: the customer contract is
`docs/contract.md`, and code cites it as `docs/contract.md §N.M`. Every such citation (and
every `§N.M` inside the contract itself) must name a numbered heading that exists there.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CONTRACT = "docs/contract.md"
THIS_FILE = Path(__file__).resolve().relative_to(ROOT).as_posix()

# Built from pieces so that this file does not match itself.
FORBIDDEN = re.compile(
    "|".join(
        [
            re.escape("../" + "shared"),
            re.escape("shared" + "/spec"),
            re.escape("shared" + "/ARCHITECTURE"),
            "spec" + r"[ \t]+part[ \t]+\d",
        ]
    ),
    re.IGNORECASE,
)
CITATION = re.compile(
    r"docs/contract\.md((?:(?:[ \t]*,[ \t]*|[ \t]+and[ \t]+|[ \t]+)§\d+(?:\.\d+)*)+)"
)
SECTION_SIGN = re.compile(r"§(\d+(?:\.\d+)*)")
HEADING = re.compile(r"^#{2,4}[ \t]+(\d+(?:\.\d+)*)\.?[ \t]+\S", re.MULTILINE)


def tracked_text_files() -> dict[str, str]:
    try:
        listed = subprocess.run(
            ["git", "-C", str(ROOT), "ls-files", "-z"], check=True, capture_output=True
        ).stdout.decode()
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    files: dict[str, str] = {}
    for path in filter(None, listed.split("\0")):
        file = ROOT / path
        if not file.is_file():
            continue  # deleted in the working tree
        try:
            files[path] = file.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # images, PDFs
    return files


def outside_references(text: str) -> list[tuple[int, str]]:
    """(line number, line) of every mention of material outside the repository."""
    return [
        (number, line.strip())
        for number, line in enumerate(text.splitlines(), 1)
        if FORBIDDEN.search(line)
    ]


def contract_sections(contract_text: str) -> set[str]:
    return set(HEADING.findall(contract_text))


def cited_sections(text: str, *, inside_contract: bool = False) -> list[tuple[int, str]]:
    """(line number, section) of every `docs/contract.md §…` citation in a text."""
    found: list[tuple[int, str]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if inside_contract:
            found += [(number, s) for s in SECTION_SIGN.findall(line)]
            continue
        for citation in CITATION.finditer(line):
            found += [(number, s) for s in SECTION_SIGN.findall(citation.group(1))]
    return found


def test_no_file_refers_outside_the_repository() -> None:
    offenders = [
        f"{path}:{number}: {line}"
        for path, text in tracked_text_files().items()
        if path != THIS_FILE
        for number, line in outside_references(text)
    ]
    assert not offenders, "references outside the repository:\n" + "\n".join(offenders)


def test_contract_citations_name_existing_sections() -> None:
    files = tracked_text_files()
    sections = contract_sections(files[CONTRACT])
    assert {"1", "1.1", "3", "3.2"} <= sections  # the headings are numbered as expected
    dangling = [
        f"{path}:{number}: §{section}"
        for path, text in files.items()
        if path != THIS_FILE
        for number, section in cited_sections(text, inside_contract=path == CONTRACT)
        if section not in sections
    ]
    assert not dangling, f"citations of sections missing from {CONTRACT}:\n" + "\n".join(dangling)


def test_the_checks_catch_violations() -> None:
    """The two checks themselves, on made-up text (so a broken regex cannot pass silently)."""
    outside = "../" + "shared" + "/spec/part-1.md"
    assert outside_references(f"x\n# see {outside}\n") == [(2, f"# see {outside}")]
    assert outside_references("/** (Spec" + " Part " + "2, section 5) */") != []
    assert outside_references("/** docs/contract.md §8.2 */") == []
    sections = contract_sections("## 3. Sign-in\n### 3.2 Code entry\n")
    assert sections == {"3", "3.2"}
    cited = cited_sections("// docs/contract.md §3.2 and §3.9, docs/contract.md §4\n")
    assert [s for _, s in cited] == ["3.2", "3.9", "4"]
    assert [s for _, s in cited if s not in sections] == ["3.9", "4"]
