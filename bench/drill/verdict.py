"""Every payment the API acknowledged, held against the ledger after the run: an
acknowledged payment is lost if the bank no longer has it as the customer was told (a
completed one without its single posting or not COMPLETED in the BFF's records; an
accepted or failed one with no record at all), and doubled if the core posted it twice."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import httpx
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from bench.workload import Ack, posting_references

COMPLETED, ACCEPTED, FAILED = 200, 202, 422


@dataclass
class Verdict:
    acknowledged: int = 0
    completed: int = 0
    lost: list[str] = field(default_factory=list)
    doubled: list[str] = field(default_factory=list)


async def judge(
    acks: Sequence[Ack], bff_db: str, sim_url: str
) -> dict[str, tuple[bool, bool, str]]:
    """Each acknowledged payment id: (lost, doubled, why)."""
    engine = create_async_engine(bff_db)
    async with engine.connect() as conn:
        rows = {
            row.id: row
            for row in await conn.execute(
                text("SELECT id, transfer_type, status FROM transfers WHERE id = ANY(:ids)"),
                {"ids": [a.payment_id for a in acks]},
            )
        }
    await engine.dispose()
    out: dict[str, tuple[bool, bool, str]] = {}
    async with httpx.AsyncClient(base_url=sim_url, timeout=30) as sim:
        for ack in acks:
            row = rows.get(ack.payment_id)
            postings = 0
            for reference in posting_references(ack.payment_id, row.transfer_type if row else None):
                answer = await sim.get(f"/core/postings/{reference}")
                if answer.status_code != 404:
                    answer.raise_for_status()
                    postings += 1
            status = row.status if row else None
            why = (
                f"{ack.kind} {ack.payment_id}: told {ack.status_code}, BFF {status}, "
                f"{postings} posting(s)"
            )
            if ack.status_code == COMPLETED:
                lost = status != "COMPLETED" or postings == 0
            elif ack.status_code == FAILED:
                lost = status != "FAILED"  # told it failed: no posting may follow (doubled)
            else:
                lost = status is None
            doubled = postings > 1 or (ack.status_code == FAILED and postings > 0)
            out[ack.payment_id] = (lost, doubled, why)
    return out


def tally(acks: Sequence[Ack], verdicts: dict[str, tuple[bool, bool, str]]) -> Verdict:
    result = Verdict()
    for ack in acks:
        lost, doubled, why = verdicts[ack.payment_id]
        result.acknowledged += 1
        result.completed += ack.status_code == COMPLETED
        if lost:
            result.lost.append(why)
        if doubled:
            result.doubled.append(why)
    return result
