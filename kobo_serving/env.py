"""Reading settings from the environment. A wrong value raises SettingError, whose message
names the variable and says what it must be: `python -m bff` (and `python -m core_sim`) prints
that one line and stops, instead of starting with a surprise or failing later with a traceback
in every worker."""

from __future__ import annotations

import math
import os

_YES = ("1", "true", "yes", "on")
_NO = ("0", "false", "no", "off")


class SettingError(RuntimeError):
    """A setting the program (the BFF or the simulator) cannot run with."""


def _raw(name: str) -> str | None:
    """The variable's value, or None when it is unset or blank (the default applies)."""
    value = os.environ.get(name, "").strip()
    return value or None


def env_int(name: str, default: int, minimum: int = 1) -> int:
    """A whole number, at least `minimum` (counts, limits and whole seconds)."""
    raw = _raw(name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        value = minimum - 1
    if value >= minimum:
        return value
    raise SettingError(f"{name} must be a whole number, {minimum} or more, not {raw!r}")


def env_seconds(name: str, default: float, zero_allowed: bool = False) -> float:
    """A duration in seconds, fractions allowed; above 0 unless 0 has a meaning."""
    raw = _raw(name)
    if raw is None:
        return default
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    if math.isfinite(value) and (value > 0 or (zero_allowed and value == 0)):
        return value
    rule = "0 or more" if zero_allowed else "above 0"
    raise SettingError(f"{name} must be a number of seconds, {rule}, not {raw!r}")


def env_flag(name: str, default: bool) -> bool:
    """On (1, true, yes, on) or off (0, false, no, off); anything else is a mistake, not off."""
    raw = _raw(name)
    if raw is None:
        return default
    if raw.lower() in _YES:
        return True
    if raw.lower() in _NO:
        return False
    raise SettingError(f"{name} must be on or off (1/0, true/false, yes/no), not {raw!r}")


def env_choice(name: str, default: str, choices: tuple[str, ...]) -> str:
    """One of a few words, in any case (given back as written in `choices`). A near miss
    (KOBO_ENV=prod) must not quietly mean the default."""
    raw = _raw(name)
    if raw is None:
        return default
    for choice in choices:
        if raw.lower() == choice.lower():
            return choice
    raise SettingError(f"{name} must be {' or '.join(choices)}, not {raw!r}")
