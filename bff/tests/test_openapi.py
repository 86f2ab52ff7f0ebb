"""The OpenAPI document builds and describes the contract's calls."""

from __future__ import annotations

import copy
import json

import pytest

from bff.tests.helpers import conformance_hook
from bff.tests.openapi_conformance import Contract


async def test_openapi_document_lists_the_contract(bff):
    document = (await bff.client.get("/schema/openapi.json")).json()
    paths = set(document["paths"])
    for path in (
        "/auth/ibanking/personal/login",
        "/auth/ibanking/personal/otp-verification",
        "/api/client-summary",
        "/api/onboarding-statuses",
        "/api/onboarding/status",
        "/api/onboarding-status",
        "/api/transfer/intrabank/confirm",
        "/api/beneficiaries",
        "/api/ibanking/personal/2fa/google-authenticator/generate",
    ):
        assert path in paths, path


# -- every status each route answers, with its body's shape (bff/openapi_errors.py) ----------

PROBLEM = "application/problem+json"
INTRABANK_CONFIRM = "/api/transfer/intrabank/confirm"


def operations(document: dict) -> list[tuple[str, str, dict]]:  # type: ignore[type-arg]
    return [
        (method.upper(), path, operation)
        for path, item in document["paths"].items()
        for method, operation in item.items()
        if method in ("get", "put", "post", "delete", "patch")
    ]


def test_each_operation_lists_its_own_error_statuses_as_problem_documents(contract):
    document = contract.document
    for method, path, operation in operations(document):
        responses = operation["responses"]
        label = f"{method} {path}"
        assert not {"4XX", "5XX"} & set(responses), f"{label}: a range instead of statuses"
        for status, response in responses.items():
            if status.startswith(("4", "5")) and path != "/ready":
                (media_type,) = response["content"]
                assert media_type == PROBLEM, f"{label} {status}"
                ref = response["content"][PROBLEM]["schema"]["$ref"]
                assert ref.rsplit("/", 1)[1] in document["components"]["schemas"], ref
        if operation.get("security"):  # signed-in routes: the guard's answers
            assert "401" in responses, label
        if "requestBody" in operation:  # the validators' and the size limit's answers
            assert {"400", "413"} <= set(responses), label
        if path != "/health":
            assert "503" in responses, label
    confirm = document["paths"][INTRABANK_CONFIRM]["post"]["responses"]
    assert {"200", "202", "404", "422", "429"} <= set(confirm)
    assert confirm["422"]["content"][PROBLEM]["schema"]["$ref"].endswith("TransferFailedProblem")
    login = document["paths"]["/auth/ibanking/personal/login"]["post"]["responses"]
    assert {"401", "403", "429"} <= set(login) and "404" not in login
    assert login["403"]["content"][PROBLEM]["schema"]["$ref"].endswith("EmailNotVerifiedProblem")


def problem(status: int, **members: object) -> bytes:
    return json.dumps(
        {"type": "about:blank", "title": "t", "status": status, "detail": "d", **members}
    ).encode()


def test_the_conformance_check_refuses_undeclared_statuses_and_shapes(contract):
    """The check every HTTP test's answers go through (bff/tests/conftest.py) can fail."""

    def check(status: int, body: bytes, media_type: str = PROBLEM) -> list[str]:
        return contract.violations("POST", INTRABANK_CONFIRM, status, media_type, body)

    failed = problem(422, id="T1", referenceNumber="T1", transferStatus="FAILED", responseCode="51")
    assert check(422, failed) == []
    assert check(404, problem(404)) == []
    assert "status not declared" in check(418, problem(418))[0]
    assert "required" in check(422, problem(422))[0]  # the 422 carries the transfer
    assert check(
        422, problem(422, transferStatus=3, id="T1", referenceNumber="T1", responseCode="")
    )
    assert "media type" in check(404, problem(404), "application/json")[0]
    assert check(404, json.dumps({"status_code": 404, "detail": "x"}).encode())  # Litestar's shape
    assert check(200, b'{"id": 1}', "application/json")  # not a TransferOut
    # A path not in the document (e.g. the document itself) is not judged.
    assert contract.violations("GET", "/schema/openapi.json", 200, "application/json", b"{}") == []


async def test_a_test_that_gets_an_undeclared_answer_fails(bff, contract):
    """The response hook on the test client: take 404 out of one operation's document and
    the ordinary call that answers 404 fails, with the reason."""
    document = copy.deepcopy(contract.document)
    del document["paths"]["/api/beneficiaries/{beneficiary_id}"]["get"]["responses"]["404"]
    token = await bff.sign_in()
    bff.client.event_hooks["response"] = [conformance_hook(Contract(document))]
    with pytest.raises(AssertionError, match=r"GET /api/beneficiaries/\{beneficiary_id\} → 404"):
        await bff.client.get(
            "/api/beneficiaries/987654", headers={"Authorization": f"Bearer {token}"}
        )


def test_a_later_app_serves_the_document_a_fresh_build_gives(tmp_path):
    # bff/openapi_document.py builds the document for a process's first app and hands it
    # to the later ones through a private slot of Litestar's: if Litestar stops reading that
    # slot, a later app would build an undocumented one and this comparison fails.
    from bff.app import create_app
    from bff.openapi_document import forget_document
    from bff.openapi_errors import SHAPES
    from bff.tests.helpers import make_settings

    settings = make_settings(f"sqlite+aiosqlite:///{tmp_path}/unused.sqlite3")
    forget_document()
    fresh = create_app(settings).openapi_schema.to_schema()
    later = create_app(settings)
    assert later.openapi_schema.to_schema() == fresh
    assert set(SHAPES) <= set(fresh["components"]["schemas"])  # the refusals are in it
