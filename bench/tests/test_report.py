"""Scripts write their figures between two markers, leaving the rest of the file alone."""

from __future__ import annotations

from bench.report import write_section


def test_a_section_is_added_once_then_replaced_in_place(tmp_path):
    doc = tmp_path / "figures.md"
    doc.write_text("# Figures\n\nIntro.\n")
    write_section(doc, "<!-- a:start -->", "<!-- a:end -->", "first\n", "## A")
    assert (
        doc.read_text() == "# Figures\n\nIntro.\n\n## A\n<!-- a:start -->\nfirst\n<!-- a:end -->\n"
    )
    write_section(doc, "<!-- a:start -->", "<!-- a:end -->", "second\n", "## A")
    assert (
        doc.read_text() == "# Figures\n\nIntro.\n\n## A\n<!-- a:start -->\nsecond\n<!-- a:end -->\n"
    )
