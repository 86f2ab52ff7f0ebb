"""The documents onboarding asks for (the contract's `documentTypeId` names one of these slots)."""

from __future__ import annotations

from dataclasses import dataclass

PASSPORT_DESCRIPTION = "Passport Photograph"


@dataclass(frozen=True, slots=True)
class Slot:
    id: int
    name: str
    mandatory: bool
    # Whether the customer picks which identity document this is (not for the passport).
    needs_type: bool


SLOTS = (
    Slot(1, PASSPORT_DESCRIPTION, mandatory=True, needs_type=False),
    Slot(2, "Means of Identification", mandatory=True, needs_type=True),
    Slot(3, "Proof of Address", mandatory=False, needs_type=True),
)
SLOTS_BY_ID = {slot.id: slot for slot in SLOTS}
