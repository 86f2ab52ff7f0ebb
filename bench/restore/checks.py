"""What the drill asserts of a restored copy, read straight from its two databases (before
any process touches them), plus what the customers were told before the instant.

The BFF's payments and the simulator's ledger are two databases on one cluster, restored to
one instant: so every payment's row and its ledger posting are either both there or the
posting is of a payment the BFF still holds as in flight (PROCESSING, PENDING), which the
BFF's own follow-up settles once it runs on the copy (bench/restore/drill.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from bench.workload import BILL, Ack, Check, posting_references

IN_FLIGHT = ("PROCESSING", "PENDING")
# What a confirmation's answer promised (bench/workload.Ack): 200 completed, 422 failed; a
# 202 promised only that the payment was accepted, so any status it reached will do.
PROMISED = {200: ("COMPLETED",), 422: ("FAILED",)}


@dataclass(frozen=True)
class Payment:
    id: str
    status: str
    amount_kobo: int
    references: tuple[str, ...]  # every posting reference the core could have given it


async def payments(bff_db: str) -> dict[str, Payment]:
    """Every transfer and bill payment the BFF holds, with its possible ledger references
    (bench.workload.posting_references)."""
    engine = create_async_engine(bff_db)
    try:
        async with engine.connect() as conn:
            transfers = await conn.execute(
                text("SELECT id, transfer_type, status, amount_kobo FROM transfers")
            )
            found = {
                row.id: Payment(
                    row.id,
                    row.status,
                    row.amount_kobo,
                    tuple(posting_references(row.id, row.transfer_type)),
                )
                for row in transfers
            }
            bills = await conn.execute(text("SELECT id, status, amount_kobo FROM bill_vends"))
            found.update(
                {
                    r.id: Payment(
                        r.id, r.status, r.amount_kobo, tuple(posting_references(r.id, BILL))
                    )
                    for r in bills
                }
            )
    finally:
        await engine.dispose()
    return found


async def ledger(sim_db: str) -> tuple[Check, dict[str, int]]:
    """The ledger's own rules on the copy: all balances sum to zero, every posting's lines
    sum to zero, every balance is the sum of its account's lines. Also each posting's
    reference and the amount it debited (the sum of its negative lines)."""
    check = Check("restored ledger balances (accounts, postings, lines)")
    engine = create_async_engine(sim_db)
    try:
        async with engine.connect() as conn:
            total = (
                await conn.execute(
                    text("SELECT coalesce(sum(balance_kobo), 0) FROM ledger_accounts")
                )
            ).scalar_one()
            lopsided = (
                await conn.execute(
                    text(
                        "SELECT count(*) FROM (SELECT posting_id FROM entries GROUP BY posting_id"
                        " HAVING sum(amount_kobo) <> 0) AS p"
                    )
                )
            ).scalar_one()
            drifted = (
                await conn.execute(
                    text(
                        "SELECT count(*) FROM ledger_accounts AS a LEFT JOIN"
                        " (SELECT account_id, sum(amount_kobo) AS s FROM entries"
                        "  GROUP BY account_id) AS e ON e.account_id = a.id"
                        " WHERE a.balance_kobo <> coalesce(e.s, 0)"
                    )
                )
            ).scalar_one()
            postings = await conn.execute(
                text(
                    "SELECT p.reference, -sum(e.amount_kobo) FILTER (WHERE e.amount_kobo < 0)"
                    " FROM postings AS p JOIN entries AS e ON e.posting_id = p.id"
                    " WHERE p.reference LIKE 'TRF-%' OR p.reference LIKE 'HOLD-%'"
                    " GROUP BY p.reference"
                )
            )
            debited = {reference: int(amount or 0) for reference, amount in postings}
    finally:
        await engine.dispose()
    check.checked = 3
    if total != 0:
        check.violations.append(f"all balances sum to {total}, not 0")
    if lopsided:
        check.violations.append(f"{lopsided} postings whose lines do not sum to zero")
    if drifted:
        check.violations.append(f"{drifted} accounts whose balance is not the sum of their lines")
    return check, debited


def payments_against_ledger(
    held: dict[str, Payment], debited: dict[str, int], besides: frozenset[str] = frozenset()
) -> tuple[Check, int]:
    """Every completed payment has exactly its one posting, of its amount; a payment neither
    completed nor in flight has none; no posting belongs to a payment the BFF does not hold
    (`besides`: references posted straight at the core, not through the BFF). Also how many
    payments were in flight (either way is right for them at the instant)."""
    check = Check("restored payments agree with the restored ledger")
    in_flight = 0
    claimed: set[str] = set()
    for payment in held.values():
        check.checked += 1
        posted = [r for r in payment.references if r in debited]
        claimed.update(posted)
        if payment.status in IN_FLIGHT:
            in_flight += 1
        elif payment.status == "COMPLETED":
            if len(posted) != 1:
                check.violations.append(f"{payment.id} COMPLETED with {len(posted)} postings")
            elif debited[posted[0]] != payment.amount_kobo:
                check.violations.append(
                    f"{payment.id}: posted {debited[posted[0]]}, not {payment.amount_kobo}"
                )
        elif posted:
            check.violations.append(f"{payment.id} is {payment.status} but was posted")
    for reference in sorted(set(debited) - claimed - besides):
        check.checked += 1
        check.violations.append(f"posting {reference} belongs to no payment the BFF holds")
    return check, in_flight


def before_instant(held: dict[str, Payment], acks: Iterable[Ack]) -> Check:
    """RPO 0: every payment answered before the instant is there, as the customer was told."""
    check = Check("every payment acknowledged before the instant is restored, as told")
    for ack in acks:
        check.checked += 1
        payment = held.get(ack.payment_id)
        if payment is None:
            check.violations.append(
                f"{ack.kind} {ack.payment_id} (answered {ack.status_code}) lost"
            )
        elif ack.status_code in PROMISED and payment.status not in PROMISED[ack.status_code]:
            check.violations.append(
                f"{ack.payment_id}: told {ack.status_code}, restored as {payment.status}"
            )
    return check


def after_instant(held: dict[str, Payment], started_after: Iterable[str]) -> Check:
    """Payments begun after the instant are not in the copy."""
    check = Check("no payment begun after the instant is restored")
    for payment_id in started_after:
        check.checked += 1
        if payment_id in held:
            check.violations.append(f"{payment_id}, begun after the instant, was restored")
    return check
