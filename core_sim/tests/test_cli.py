"""The tester CLI's offline commands."""

from __future__ import annotations

import json
import subprocess
import sys


def test_personas_lists_the_seeded_customers():
    out = subprocess.run(
        [sys.executable, "-m", "core_sim", "personas"], check=True, capture_output=True, text=True
    ).stdout
    personas = json.loads(out)
    ada = next(p for p in personas if p["email"] == "ada.okafor@example.com")
    assert ada["accounts"] == ["1020000115", "1020000122", "1020000139"]


def test_an_unknown_fault_effect_is_refused_before_any_call():
    result = subprocess.run(
        [sys.executable, "-m", "core_sim", "faults", "add", "nip.transfer", "explode"],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 2 and "invalid choice" in result.stderr
