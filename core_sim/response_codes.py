"""The NIP response codes' messages, shared by every answer that carries a code (ledger
transfers, the interbank switch, billers): one table, read once."""

from __future__ import annotations

import json

from core_sim.settings import FIXTURES_DIR

NIP_MESSAGES: dict[str, str] = json.loads((FIXTURES_DIR / "nip_response_codes.json").read_text())[
    "codes"
]
