"""The OpenAPI document builds and describes the contract's calls."""

from __future__ import annotations


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
