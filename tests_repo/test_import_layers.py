"""The domains of each program form layers: no import runs back up, so no loop of imports,
however long (grimp reads the import graph; graphlib finds a loop).

A loop means none of its domains can be understood, changed or tested without the others;
what two need belongs below both (a shared module), or the dependency turns around (an
interface the lower domain defines and the upper one supplies). Settings that bff/config
reads live below it, in bff/config/ (docs/architecture.md, "Import rules").
"""

from __future__ import annotations

import graphlib
import itertools

import grimp
import pytest

PROGRAMS = ("bff", "core_sim")


def domains_of(graph: grimp.ImportGraph, package: str) -> set[str]:
    return {
        module.split(".")[1]
        for module in graph.modules
        if module.count(".") >= 1 and module.split(".")[1] != "tests"
    }


def domain_imports(graph: grimp.ImportGraph, package: str) -> dict[str, set[str]]:
    """Each domain (a subpackage or top-level module) and the domains it imports."""
    domains = sorted(domains_of(graph, package))
    return {
        a: {
            b
            for b in domains
            if a != b
            and graph.direct_import_exists(
                importer=f"{package}.{a}", imported=f"{package}.{b}", as_packages=True
            )
        }
        for a in domains
    }


def import_loop(imports: dict[str, set[str]]) -> list[str]:
    """One loop of imports (its domains, the first again at the end), or [] when there is
    none: the domains then have an order in which every import runs down."""
    try:
        graphlib.TopologicalSorter(imports).prepare()
    except graphlib.CycleError as loop:
        return list(reversed(loop.args[1]))
    return []


def program_graph(package: str) -> grimp.ImportGraph:
    graph = grimp.build_graph(package, include_external_packages=False)
    # Tests may reach into any domain: they are not part of the layering.
    for module in [m for m in graph.modules if m.startswith(f"{package}.tests")]:
        graph.remove_module(module)
    return graph


def chain(graph: grimp.ImportGraph, package: str, loop: list[str]) -> list[str]:
    """The module-level imports behind a loop of domains, to say where to cut it."""

    def within(module: str, domain: str) -> bool:
        return module == f"{package}.{domain}" or module.startswith(f"{package}.{domain}.")

    return [
        f"{importer} -> {imported}"
        for a, b in itertools.pairwise(loop)
        for importer in sorted(m for m in graph.modules if within(m, a))
        for imported in sorted(graph.find_modules_directly_imported_by(importer))
        if within(imported, b)
    ]


@pytest.mark.parametrize("package", PROGRAMS)
def test_no_import_runs_back_up_the_layers(package: str) -> None:
    graph = program_graph(package)
    loop = import_loop(domain_imports(graph, package))
    assert loop == [], (
        "a loop of imports: " + " -> ".join(loop) + "\n" + "\n".join(chain(graph, package, loop))
    )


def test_the_check_sees_a_loop_of_three() -> None:
    graph = grimp.ImportGraph()
    for module in ("bank", "bank.config", "bank.ledger", "bank.cards", "bank.disputes"):
        graph.add_module(module)
    graph.add_import(importer="bank.ledger", imported="bank.config")
    graph.add_import(importer="bank.cards", imported="bank.ledger")
    graph.add_import(importer="bank.disputes", imported="bank.cards")
    assert import_loop(domain_imports(graph, "bank")) == []
    graph.add_import(importer="bank.config", imported="bank.disputes")  # no pair, a loop
    loop = import_loop(domain_imports(graph, "bank"))
    assert loop[0] == loop[-1] and set(loop) == {"config", "ledger", "cards", "disputes"}
