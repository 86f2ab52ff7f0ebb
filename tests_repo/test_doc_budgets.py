"""The reference docs stay readable: each within its word budget (issue 55, "Docs as
reference, not logs"), and no doc under docs/ holds the same block of lines twice. A log of
runs belongs in git's history, not in the doc."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# Words as `len(text.split())` counts them.
BUDGETS = {
    "docs/architecture.md": 2_500,
    "docs/benchmarks.md": 5_000,
    "docs/frontend.md": 4_000,
}
# A block of this many consecutive identical non-blank lines, found twice, is a repeat.
REPEATED_BLOCK = 20


def over_budget(text: str, budget: int) -> int:
    """How many words `text` has past `budget` (0 when within it)."""
    return max(0, len(text.split()) - budget)


def repeated_block(text: str, size: int = REPEATED_BLOCK) -> int | None:
    """The 1-based line where a block of `size` consecutive non-blank lines starts that
    appears again later in `text`, or None. Blank lines are left out before comparing."""
    lines = [line.rstrip() for line in text.splitlines() if line.strip()]
    seen: dict[tuple[str, ...], int] = {}
    for start in range(len(lines) - size + 1):
        block = tuple(lines[start : start + size])
        if block in seen and seen[block] + size <= start:
            return seen[block] + 1
        seen.setdefault(block, start)
    return None


@pytest.mark.parametrize("doc", sorted(BUDGETS))
def test_doc_is_within_its_word_budget(doc: str) -> None:
    text = (ROOT / doc).read_text(encoding="utf-8")
    over = over_budget(text, BUDGETS[doc])
    assert over == 0, (
        f"{doc} has {len(text.split()):,} words, {over:,} over its budget of "
        f"{BUDGETS[doc]:,}: keep reference, move history to git"
    )


@pytest.mark.parametrize("doc", sorted(ROOT.glob("docs/*.md")), ids=lambda p: p.name)
def test_no_doc_repeats_a_block_of_lines(doc: Path) -> None:
    line = repeated_block(doc.read_text(encoding="utf-8"))
    assert line is None, (
        f"{doc.relative_to(ROOT)} repeats a block of {REPEATED_BLOCK} or more lines "
        f"(first seen at its non-blank line {line})"
    )


def test_the_checks_see_a_doc_over_budget_and_a_repeated_block() -> None:
    assert over_budget("one two three", 2) == 1
    assert over_budget("one two", 2) == 0
    block = "\n".join(f"line {n}" for n in range(REPEATED_BLOCK))
    assert repeated_block(f"# Doc\n{block}\n\nbetween\n{block}\n") == 2
    assert repeated_block(f"# Doc\n{block}\n") is None
    # Overlapping runs of one repeated line are not a block found twice.
    assert repeated_block("same\n" * (REPEATED_BLOCK + 1)) is None
