"""Who may call what: the dependencies that turn a bearer token into a principal and guard
routes by role and onboarding, plus the two request helpers they and the controllers share."""

from __future__ import annotations

from litestar import Request
from litestar.di import NamedDependency

from bff.auth.service import AuthService
from bff.errors import Forbidden
from bff.users.models import Role
from bff.users.principal import Principal

ONBOARDING_FIRST = "Complete your onboarding to use this feature."
CUSTOMERS_ONLY = "Only customers can do this."
ADMINS_ONLY = "You don't have access to this."


def client_address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def bearer_token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


# The providers name the dependencies they take (NamedDependency): inferring them is
# deprecated and stops working in Litestar 3.
async def provide_principal(request: Request, auth: NamedDependency[AuthService]) -> Principal:
    """Dependency `principal`: the signed-in caller, or 401 problem details."""
    return await auth.authenticate(bearer_token(request))


async def provide_applicant(principal: NamedDependency[Principal]) -> Principal:
    """Dependency `applicant`: a signed-in customer, onboarded or not."""
    if principal.user.role != Role.CUSTOMER:
        raise Forbidden(CUSTOMERS_ONLY)
    return principal


async def provide_customer(principal: NamedDependency[Principal]) -> Principal:
    """Dependency `customer`: a signed-in customer who has finished onboarding."""
    if principal.user.role != Role.CUSTOMER or principal.user.customer_id is None:
        raise Forbidden(CUSTOMERS_ONLY)
    if not principal.user.onboarding_complete:
        raise Forbidden(ONBOARDING_FIRST)
    return principal


async def provide_admin(principal: NamedDependency[Principal]) -> Principal:
    """Dependency `admin`: back-office staff."""
    if principal.user.role != Role.ADMIN:
        raise Forbidden(ADMINS_ONLY)
    return principal
