from __future__ import annotations

from datetime import date

from core_sim.schemas import CamelStruct


class IdentityOut(CamelStruct):
    bvn: str
    nin: str
    first_name: str
    last_name: str
    date_of_birth: date
    phone_number: str
    gender: str


class ProspectOut(IdentityOut):
    """A registry record, and whether the bank already has a customer with that BVN."""

    is_customer: bool
