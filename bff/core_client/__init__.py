"""The BFF's only way to the core-banking simulator (or, in production, the real core)."""

from bff.core_client.client import CoreClient
from bff.core_client.errors import CoreError, CoreRefused, CoreUnavailable
from bff.core_client.schemas import (
    CoreAccount,
    CoreCustomer,
    CoreHold,
    CoreIdentity,
    CoreLinesPage,
    CoreNamedId,
    CorePosting,
    CoreStatementLine,
)

__all__ = [
    "CoreAccount",
    "CoreClient",
    "CoreCustomer",
    "CoreError",
    "CoreHold",
    "CoreIdentity",
    "CoreLinesPage",
    "CoreNamedId",
    "CorePosting",
    "CoreRefused",
    "CoreStatementLine",
    "CoreUnavailable",
]
