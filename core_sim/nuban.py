"""NUBAN account numbers with the CBN check digit.

The CBN's revised NUBAN standard computes the 10th digit over the 6-digit institution code
and the 9-digit serial with the repeating weights 3, 7, 3. Three-digit bank codes are
padded to six with leading zeros, which leaves their check digit unchanged.
"""

from __future__ import annotations

_WEIGHTS = (3, 7, 3) * 5


def check_digit(institution_code: str, serial: str) -> str:
    digits = institution_code.zfill(6) + serial
    if len(digits) != 15 or not digits.isdigit():
        raise ValueError("need a 6-digit institution code and a 9-digit serial")
    total = sum(int(d) * w for d, w in zip(digits, _WEIGHTS, strict=True))
    return str((10 - total % 10) % 10)


def make_nuban(institution_code: str, serial: str) -> str:
    return serial + check_digit(institution_code, serial)


def is_valid_nuban(institution_code: str, account_number: str) -> bool:
    if len(account_number) != 10 or not account_number.isdigit():
        return False
    return check_digit(institution_code, account_number[:9]) == account_number[9]
