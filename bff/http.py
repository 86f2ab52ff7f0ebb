"""Small request helpers shared by controllers."""

from __future__ import annotations

from litestar import Request

from bff.auth.service import AuthService, Principal


def client_address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def bearer_token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


async def provide_principal(request: Request, auth: AuthService) -> Principal:
    """Dependency: the signed-in caller, or 401 problem details."""
    return await auth.authenticate(bearer_token(request))
