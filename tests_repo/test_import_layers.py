"""No two domains of one program import each other (grimp reads the import graph).

A two-way import means neither domain can be understood, changed or tested without the other;
what both need belongs below both (a shared module) or the dependency turns around (an
interface the lower domain defines and the upper one supplies). The pairs that still import
each other are listed as debts below and in docs/architecture.md; the test fails on a new
pair, and on a listed pair that no longer exists (so the list only shrinks).
"""

from __future__ import annotations

import itertools

import grimp
import pytest

# Two-way imports that exist today, to be removed (docs/architecture.md, "Import rules").
# Known devices (issue 40) brought one: auth records the device of a sign-in while devices
# sends its removal code and ends its sessions through auth. The way out is in the doc.
KNOWN_TWO_WAY: dict[str, set[frozenset[str]]] = {
    "bff": {frozenset(("auth", "devices"))},
    "core_sim": set(),
}


def domains_of(graph: grimp.ImportGraph, package: str) -> set[str]:
    return {
        module.split(".")[1]
        for module in graph.modules
        if module.count(".") >= 1 and module.split(".")[1] != "tests"
    }


def two_way_pairs(graph: grimp.ImportGraph, package: str) -> set[frozenset[str]]:
    def imports(a: str, b: str) -> bool:
        return graph.direct_import_exists(
            importer=f"{package}.{a}", imported=f"{package}.{b}", as_packages=True
        )

    return {
        frozenset((a, b))
        for a, b in itertools.combinations(sorted(domains_of(graph, package)), 2)
        if imports(a, b) and imports(b, a)
    }


@pytest.mark.parametrize("package", sorted(KNOWN_TWO_WAY))
def test_no_two_domains_import_each_other(package: str) -> None:
    graph = grimp.build_graph(package, include_external_packages=False)
    # Tests may reach into any domain: they are not part of the layering.
    for module in [m for m in graph.modules if m.startswith(f"{package}.tests")]:
        graph.remove_module(module)
    found = two_way_pairs(graph, package)
    assert sorted(map(sorted, found - KNOWN_TWO_WAY[package])) == [], "new two-way imports"
    assert sorted(map(sorted, KNOWN_TWO_WAY[package] - found)) == [], (
        "these pairs no longer import each other: take them off KNOWN_TWO_WAY"
    )


def test_the_check_sees_a_two_way_import() -> None:
    graph = grimp.ImportGraph()
    for module in ("bank", "bank.ledger", "bank.ledger.service", "bank.cards", "bank.cards.api"):
        graph.add_module(module)
    graph.add_import(importer="bank.ledger.service", imported="bank.cards.api")
    assert two_way_pairs(graph, "bank") == set()
    graph.add_import(importer="bank.cards.api", imported="bank.ledger")
    assert two_way_pairs(graph, "bank") == {frozenset(("cards", "ledger"))}
