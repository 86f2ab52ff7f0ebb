"""No test module (nor conftest.py) imports a test module or a conftest.py, whether by package
(`bff.tests.conftest`) or by the bare name pytest puts on the path (`conftest`): what tests
share lives in fixtures, in a helpers module (`bff/tests/helpers.py`,
`core_sim/tests/helpers.py`) or in `testbed.py` (the servers and clients of both programs)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEST_DIRS = ["bff/tests", "core_sim/tests", "bench/tests", "tests_repo"]


def imported_test_modules(source: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source)):
        modules = []
        if isinstance(node, ast.ImportFrom) and node.module:
            modules = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
        elif isinstance(node, ast.Import):
            modules = [a.name for a in node.names]
        for module in modules:
            last = module.rsplit(".", 1)[-1]
            if last.startswith("test_") or last == "conftest":
                found.append(module)
    return found


def test_no_test_module_imports_another() -> None:
    offenders = {
        str(path.relative_to(ROOT)): imported_test_modules(path.read_text(encoding="utf-8"))
        for folder in TEST_DIRS
        for path in sorted((ROOT / folder).glob("*.py"))
    } | {"conftest.py": imported_test_modules((ROOT / "conftest.py").read_text(encoding="utf-8"))}
    assert {path: found for path, found in offenders.items() if found} == {}


def test_the_check_sees_an_import_of_a_test_module() -> None:
    source = "from bff.tests.test_transfers import auth\nfrom bff.tests.conftest import ADA\n"
    assert imported_test_modules(source) == ["bff.tests.test_transfers", "bff.tests.conftest"]
    assert imported_test_modules("from bff.tests.helpers import auth\n") == []
    assert imported_test_modules("from conftest import asgi_client\n") == ["conftest"]
    assert imported_test_modules("import conftest\n") == ["conftest"]
    assert imported_test_modules("from testbed import asgi_client\n") == []
