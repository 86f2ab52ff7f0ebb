"""Writing a script's figures into a markdown file, between its two marker comments."""

from __future__ import annotations

from pathlib import Path


def write_section(path: Path, start: str, end: str, text: str, heading: str) -> None:
    """Replace what stands between `start` and `end` in `path` with `text`; when the file or
    the markers are missing, add them at the end under `heading` (a markdown heading line)."""
    content = path.read_text() if path.exists() else ""
    if start not in content:
        content += f"\n{heading}\n{start}\n{end}\n"
    before = content[: content.index(start) + len(start)]
    after = content[content.index(end) :]
    path.write_text(f"{before}\n{text}{after}")
