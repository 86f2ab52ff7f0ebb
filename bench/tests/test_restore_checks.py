"""The restore drill's checks catch what they claim to (bench/restore/checks.py)."""

from __future__ import annotations

from bench.restore.checks import (
    Payment,
    after_instant,
    before_instant,
    payments_against_ledger,
)
from bench.workload import Ack


def transfer(id_: str, status: str, amount: int = 500) -> Payment:
    return Payment(id_, status, amount, (f"TRF-{id_}", f"HOLD-TRF-{id_}"))


def test_completed_failed_in_flight_and_orphan_postings():
    held = {
        p.id: p
        for p in (
            transfer("ok", "COMPLETED"),
            transfer("unposted", "COMPLETED"),
            transfer("twice", "COMPLETED"),
            transfer("short", "COMPLETED"),
            transfer("failed", "FAILED"),
            transfer("flying", "PROCESSING"),
            transfer("waiting", "PENDING"),
        )
    }
    debited = {
        "TRF-ok": 500,
        "TRF-twice": 500,
        "HOLD-TRF-twice": 500,
        "TRF-short": 400,
        "TRF-failed": 500,
        "HOLD-TRF-flying": 500,  # in flight: posted or not, both are right at the instant
        "TRF-stray": 500,
        "TRF-funding": 10_000,
    }
    check, in_flight = payments_against_ledger(held, debited, frozenset({"TRF-funding"}))
    assert in_flight == 2
    assert check.violations == [
        "unposted COMPLETED with 0 postings",
        "twice COMPLETED with 2 postings",
        "short: posted 400, not 500",
        "failed is FAILED but was posted",
        "posting TRF-stray belongs to no payment the BFF holds",
    ]


def test_acknowledged_payments_must_be_there_as_told_and_later_ones_absent():
    held = {p.id: p for p in (transfer("a", "COMPLETED"), transfer("b", "PROCESSING"))}
    acks = [
        Ack("intrabank", "a", 200, 0.0, 1.0),
        Ack("intrabank", "b", 200, 0.0, 1.0),  # told completed, restored in flight
        Ack("interbank", "b", 202, 0.0, 1.0),  # told accepted: any status will do
        Ack("bill", "lost", 422, 0.0, 1.0),
    ]
    assert before_instant(held, acks).violations == [
        "b: told 200, restored as PROCESSING",
        "bill lost (answered 422) lost",
    ]
    assert after_instant(held, ["later", "a"]).violations == [
        "a, begun after the instant, was restored"
    ]
