"""Growing the simulator's ledger to a given number of lines, fast, for the harness's growth
workloads (issue 11: transfer and history cost at 10,000 vs 1,000,000 lines).

Written with set-based SQL on PostgreSQL (generate_series): a million lines through the ORM
would take longer than the benchmark. The lines keep the ledger's rules: every posting is a
pair of entries summing to zero (a bench account against a GL account), and each bench
account alternates a credit and a debit of the same amount, so its running balance stays at
or above what it had and its current balance is unchanged. They are dated in the past
(before `before`), as an old, busy history would be.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import func, select, text

from core_sim.db import Database
from core_sim.ledger.models import Entry, LedgerAccount

COUNTER_ACCOUNT = "GL-NIP-SETTLEMENT"  # the other side of every grown line
AMOUNT_KOBO = 100_00


async def ledger_lines(db: Database) -> int:
    async with db.reader() as session:
        return int(await session.scalar(select(func.count()).select_from(Entry)) or 0)


async def grow(
    db: Database, accounts: list[str], lines: int, *, before: datetime, span: timedelta
) -> None:
    """Adds about `lines` ledger lines (half on `accounts`, round robin, half on the counter
    account), spread evenly over `span` ending at `before`."""
    postings = lines // 2
    if postings <= 0:
        return
    async with db.writer() as session:
        ids = (
            await session.execute(
                select(LedgerAccount.number, LedgerAccount.id).where(
                    LedgerAccount.number.in_([*accounts, COUNTER_ACCOUNT])
                )
            )
        ).all()
        by_number = dict(ids)
        customer_ids = [by_number[number] for number in accounts]
        counter_id = by_number[COUNTER_ACCOUNT]
        first = int(await session.scalar(text("SELECT coalesce(max(id), 0) FROM postings")) or 0)
        step_s = span.total_seconds() / postings
        start = before - span
        params = {
            "n": postings,
            "first": first,
            "start": start,
            "step": step_s,
            "accounts": customer_ids,
            "k": len(customer_ids),
            "counter": counter_id,
            "amount": AMOUNT_KOBO,
        }
        # Posting n: bench account (n mod k), credited on even rounds and debited on odd ones
        # (a round is n div k), so each account's running balance is 100 or 0 above zero.
        numbered = """
            SELECT n,
                   CAST(:start AS timestamptz)
                     + make_interval(secs => n * CAST(:step AS double precision)) AS at,
                   CASE WHEN (n / :k) % 2 = 0 THEN 1 ELSE -1 END AS sign
            FROM generate_series(1, :n) AS n
        """
        await session.execute(
            text(
                f"""
                INSERT INTO postings (id, reference, kind, narration, posted_at)
                SELECT :first + n, 'GROWTH-' || (:first + n), 'SEED',
                       CASE WHEN sign = 1 THEN 'NIP/GROWTH/TRF IN' ELSE 'POS/GROWTH STORES' END,
                       at
                FROM ({numbered}) AS g
                """  # noqa: S608 (no outside input: the subquery is the text above)
            ),
            params,
        )
        amount = "CAST(:amount AS bigint)"
        await session.execute(
            text(
                f"""
                INSERT INTO entries (posting_id, account_id, amount_kobo, balance_after_kobo,
                                     counterparty_number, counterparty_name, posted_at)
                SELECT :first + g.n, side.account_id, side.amount, side.balance, NULL,
                       'Growth', g.at
                FROM ({numbered}) AS g,
                LATERAL (VALUES
                    ((CAST(:accounts AS integer[]))[1 + g.n % :k],
                     g.sign * {amount}, (1 + g.sign) / 2 * {amount}),
                    (:counter, -g.sign * {amount}, -(1 + g.sign) / 2 * {amount})
                ) AS side(account_id, amount, balance)
                """  # noqa: S608 (no outside input)
            ),
            params,
        )
        # The accounts keep their own line counts (core_sim/ledger/models.py): recounted.
        await session.execute(
            text(
                "UPDATE ledger_accounts AS a SET line_count ="
                " (SELECT count(*) FROM entries AS e WHERE e.account_id = a.id)"
                " WHERE a.id = :counter OR a.id = ANY(CAST(:accounts AS integer[]))"
            ),
            {"counter": counter_id, "accounts": customer_ids},
        )
        await session.execute(
            text("SELECT setval(pg_get_serial_sequence('postings', 'id'), :last)"),
            {"last": first + postings},
        )
    # Vacuumed and analysed before anything is measured, as a table in steady state is: left
    # to autovacuum, the clean-up of a million new rows runs during the measurement (it
    # made the 1,000,000-line figures of one run 1.3x slower and of the next not at all).
    # VACUUM cannot run in a transaction.
    async with db.engine.connect() as connection:
        autocommit = await connection.execution_options(isolation_level="AUTOCOMMIT")
        for table in ("postings", "entries", "ledger_accounts"):
            await autocommit.execute(text(f"VACUUM (ANALYZE) {table}"))
