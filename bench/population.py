"""A realistic population for the read benchmarks (issue 57): `CUSTOMERS` customers in the
simulator with 1 to 4 accounts and 0 to 3 years of history each, a tenth of them heavy (as
Ada, the demo customer, or more: 3 or 4 accounts, 3 to 12 months of history, one account
busy with a line every few hours).

Written with set-based SQL on PostgreSQL (customers and accounts in two multi-row inserts,
the lines by generate_series in one INSERT … SELECT per table): a few million lines through
the ORM would take longer than the benchmark. The ledger's rules hold for every line:

- each posting is a pair of entries summing to zero, integer kobo: the customer's account
  against one bank-side account of its own, GL-BENCH-POPULATION (kind FUNDING, which may go
  below zero), so that no other account's running balance is disturbed;
- an account's first line is its opening deposit; after it the lines go in blocks of four,
  a credit of 3u then three debits of u (u drawn per block), so the running balance never
  falls below the opening deposit;
- `balance_after_kobo` is each account's running sum in (posted_at, id) order, the
  counter account's included; each account's `balance_kobo` and `line_count` are its lines'
  sum and count.

The draw is fixed by `SEED`: the same population every run.
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import text

from bench.processes import ROOT
from core_sim.db import Database
from core_sim.nuban import make_nuban

CUSTOMERS = 10_000
HEAVY_SHARE = 10  # one customer in ten
SEED = 57
COUNTER_ACCOUNT = "GL-BENCH-POPULATION"
FIRST_NAMES = ("Adaeze", "Babatunde", "Chinedu", "Damilola", "Emeka", "Funmi", "Garba", "Halima")
LAST_NAMES = ("Okafor", "Adeyemi", "Bello", "Eze", "Ibrahim", "Nwosu", "Ogunleye", "Usman")
DAY_S = 86_400.0


@dataclass(frozen=True)
class Member:
    customer_id: str
    email: str
    phone: str
    account: str  # the first account's number
    heavy: bool
    accounts: int


@dataclass
class Population:
    members: list[Member]
    lines: int  # customers' ledger lines written
    seconds: float  # how long the seeding took

    def draw(self, count: int, seed: int = SEED + 1) -> list[Member]:
        """`count` distinct customers, at random (the same ones for the same seed). Not the
        population's own seed: the same first picks as the choice of the heavy customers
        would draw only heavy ones."""
        return random.Random(seed).sample(self.members, count)

    def heaviest(self) -> Member:
        return max(self.members, key=lambda m: (m.heavy, m.accounts))


def ada() -> Member:
    """The demo customer (fixtures/personas.json), as the core seed makes her."""
    personas = json.loads((ROOT / "fixtures" / "personas.json").read_text())["personas"]
    found = next(p for p in personas if p["firstName"] == "Ada")
    return Member(
        customer_id=found["customerId"],
        email=found["email"],
        phone=found["phoneNumber"],
        account=found["accounts"][0]["accountNumber"],
        heavy=True,
        accounts=len(found["accounts"]),
    )


def _plan(
    customers: int, now: datetime, bank_code: str
) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[Member]]:
    """Customers, accounts (with how many lines each and when) and the members, drawn."""
    rng = random.Random(SEED)
    heavy = set(rng.sample(range(customers), customers // HEAVY_SHARE))
    people: list[dict[str, Any]] = []
    accounts: list[dict[str, Any]] = []
    members: list[Member] = []
    serial = 0
    for c in range(customers):
        is_heavy = c in heavy
        first, last = rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES)
        customer_id = f"POP{c:07d}"
        email, phone = f"pop{c:07d}@bench.kobo.test", f"0708{c:07d}"
        if is_heavy:
            count = rng.choice((3, 3, 4))
            days = rng.uniform(90, 365)
        else:
            count = rng.choices((1, 2, 3, 4), weights=(50, 30, 15, 5))[0]
            days = rng.uniform(0, 3 * 365)
        opened = now - timedelta(days=days + 1)
        people.append(
            {
                "id": customer_id,
                "first": first,
                "last": last,
                "email": email,
                "phone": phone,
                "bvn": f"228{c:08d}",
                "created": opened,
            }
        )
        numbers = []
        for a in range(count):
            serial += 1
            number = make_nuban(bank_code, f"5{serial:08d}")
            numbers.append(number)
            if is_heavy:
                # Ada's busy account: a line every 1 to 7 hours; her others every few days.
                gap_s = 4.5 * 3600 if a == 0 else 2.5 * DAY_S
            else:
                gap_s = rng.uniform(4, 20) * DAY_S
            span_s = days * DAY_S
            lines = 1 + int(span_s / gap_s)  # the opening deposit, then the history
            accounts.append(
                {
                    "number": number,
                    "name": f"{first} {last}",
                    "customer": customer_id,
                    "type": 1 if a == 0 else rng.choice((1, 2)),
                    "opened": opened,
                    "lines": lines,
                    # The last line an hour or more before now; the lines evenly apart.
                    "step": (span_s - 3600 - rng.uniform(0, min(gap_s, 3 * DAY_S))) / lines,
                    "opening": rng.randrange(20_000, 500_000) * 100,
                }
            )
        members.append(Member(customer_id, email, phone, numbers[0], is_heavy, count))
    return people, accounts, members


async def seed(
    db: Database, now: datetime, bank_code: str, customers: int = CUSTOMERS
) -> Population:
    """Writes the population into the simulator's (PostgreSQL) database; see the module."""
    began = time.monotonic()
    people, accounts, members = _plan(customers, now, bank_code)
    async with db.writer() as session:
        await session.execute(
            text(
                "INSERT INTO customers (id, first_name, last_name, email, phone_number, bvn,"
                " created_at, branch_code, date_of_birth, gender, address, state_of_residence,"
                " primary_account_type_id)"
                " SELECT id, f, l, e, p, b, c, '001', DATE '1990-01-01', 'FEMALE',"
                " '1 Bench Street, Yaba', 'Lagos', 1"
                " FROM unnest(CAST(:ids AS text[]), CAST(:firsts AS text[]),"
                " CAST(:lasts AS text[]), CAST(:emails AS text[]), CAST(:phones AS text[]),"
                " CAST(:bvns AS text[]), CAST(:created AS timestamptz[]))"
                " AS u(id, f, l, e, p, b, c)"
            ),
            {
                "ids": [p["id"] for p in people],
                "firsts": [p["first"] for p in people],
                "lasts": [p["last"] for p in people],
                "emails": [p["email"] for p in people],
                "phones": [p["phone"] for p in people],
                "bvns": [p["bvn"] for p in people],
                "created": [p["created"] for p in people],
            },
        )
        await session.execute(
            text(
                "INSERT INTO ledger_accounts (number, name, kind, status, balance_kobo,"
                " held_kobo, line_count, allow_negative, opened_at, outflows_held)"
                " VALUES (:number, 'Bench population', 'FUNDING', 'ACTIVE', 0, 0, 0, true,"
                " :now, false)"
            ),
            {"number": COUNTER_ACCOUNT, "now": now - timedelta(days=4 * 365)},
        )
        await session.execute(
            text(
                "CREATE TEMP TABLE pop_plan ON COMMIT DROP AS"
                " SELECT n AS number, nm AS name, cu AS customer_id, ty AS account_type_id,"
                " op AS opened_at, li AS lines, st AS step_s, ob AS opening"
                " FROM unnest(CAST(:numbers AS text[]), CAST(:names AS text[]),"
                " CAST(:customers AS text[]), CAST(:types AS integer[]),"
                " CAST(:opened AS timestamptz[]), CAST(:lines AS integer[]),"
                " CAST(:steps AS double precision[]), CAST(:openings AS bigint[]))"
                " AS u(n, nm, cu, ty, op, li, st, ob)"
            ),
            {
                "numbers": [a["number"] for a in accounts],
                "names": [a["name"] for a in accounts],
                "customers": [a["customer"] for a in accounts],
                "types": [a["type"] for a in accounts],
                "opened": [a["opened"] for a in accounts],
                "lines": [a["lines"] for a in accounts],
                "steps": [a["step"] for a in accounts],
                "openings": [a["opening"] for a in accounts],
            },
        )
        await session.execute(
            text(
                "INSERT INTO ledger_accounts (number, name, kind, status, customer_id,"
                " account_type_id, balance_kobo, held_kobo, line_count, allow_negative,"
                " opened_at, outflows_held)"
                " SELECT number, name, 'CUSTOMER', 'ACTIVE', customer_id, account_type_id,"
                " 0, 0, 0, false, opened_at, false FROM pop_plan ORDER BY number"
            )
        )
        first = int(await session.scalar(text("SELECT coalesce(max(id), 0) FROM postings")) or 0)
        # The lines' foreign keys hold by construction (their postings and accounts are
        # written just above, in this transaction); checked row by row, a trigger call per
        # key, they made the entries' insert a minute of a 1,000,000-row seed. Off for this
        # transaction only (a replica's setting: the triggers of foreign keys do not fire).
        await session.execute(text("SET LOCAL session_replication_role = replica"))
        # Likewise the entries' secondary indexes: dropped, and built again from their own
        # definitions once the lines are in (a sort each, instead of millions of inserts
        # into trees larger than the database's buffers). Whatever indexes the schema has.
        secondary = (
            await session.execute(
                text(
                    "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'entries'"
                    " AND indexname NOT IN (SELECT conname FROM pg_constraint)"
                )
            )
        ).all()
        for name, _ in secondary:
            await session.execute(text(f'DROP INDEX "{name}"'))
        # Each line: k = 1 the opening deposit; then blocks of four (a credit of 3u, three
        # debits of u), u drawn per account and block by a fixed hash. Times evenly apart,
        # each moved by less than half a step, so an account's lines keep their order.
        await session.execute(
            text(
                """
                CREATE TEMP TABLE pop_lines ON COMMIT DROP AS
                SELECT CAST(:first AS bigint)
                         + row_number() OVER (ORDER BY at, account_id, k) AS posting_id,
                       account_id, number, k, at, amount, narration, counterparty
                FROM (
                    SELECT a.id AS account_id, p.number, k,
                           p.opened_at + make_interval(secs => (k - 1
                               + ((k * 7919 + a.id * 104729) % 1000) / 2000.0) * p.step_s)
                             AS at,
                           CASE WHEN k = 1 THEN p.opening
                                WHEN (k - 2) % 4 = 0 THEN 3 * u.kobo
                                ELSE -u.kobo END AS amount,
                           CASE WHEN k = 1 THEN 'Cash deposit'
                                WHEN (k - 2) % 4 = 0 THEN 'NIP/TRF IN ' || who.name
                                ELSE (ARRAY['POS purchase, Shoprite Lekki',
                                            'Airtime MTN 0803',
                                            'Transfer to ' || who.name,
                                            'Card purchase, Jumia'])[1 + (k * 31 + a.id) % 4]
                           END AS narration,
                           CASE WHEN k = 1 THEN 'Cash deposit' ELSE who.name END
                             AS counterparty
                    FROM pop_plan AS p
                    JOIN ledger_accounts AS a ON a.number = p.number,
                    generate_series(1, p.lines) AS k,
                    LATERAL (SELECT CAST((500 + ((k - 2) / 4 * 7919 + a.id * 104729) % 20000)
                                         * 100 AS bigint) AS kobo) AS u,
                    LATERAL (SELECT (ARRAY['Chinedu Okafor', 'Aisha Bello', 'Tunde Bakare',
                                           'Ngozi Eze', 'Musa Garba'])[1 + (k + a.id) % 5]
                                    AS name) AS who
                ) AS lines
                """
            ),
            {"first": first},
        )
        await session.execute(
            text(
                "INSERT INTO postings (id, reference, kind, narration, posted_at)"
                " SELECT posting_id, 'POP' || posting_id, 'SEED', narration, at FROM pop_lines"
            )
        )
        counter = int(
            await session.scalar(
                text("SELECT id FROM ledger_accounts WHERE number = :n"), {"n": COUNTER_ACCOUNT}
            )
            or 0
        )
        await session.execute(
            text(
                """
                INSERT INTO entries (posting_id, account_id, amount_kobo, balance_after_kobo,
                                     available_after_kobo, counterparty_number,
                                     counterparty_name, posted_at)
                SELECT posting_id, account_id, amount, balance, balance, other, name, at
                FROM (
                    SELECT posting_id, account_id, amount,
                           sum(amount) OVER (PARTITION BY account_id ORDER BY k) AS balance,
                           NULL AS other, counterparty AS name, at
                    FROM pop_lines
                    UNION ALL
                    SELECT posting_id, CAST(:counter AS integer), -amount,
                           -sum(amount) OVER (ORDER BY posting_id), number, 'Bench population',
                           at
                    FROM pop_lines
                ) AS legs
                """
            ),
            {"counter": counter},
        )
        await session.execute(text("SET LOCAL maintenance_work_mem = '256MB'"))
        for _, definition in secondary:
            await session.execute(text(definition))
        await session.execute(
            text(
                "UPDATE ledger_accounts AS a SET balance_kobo = s.total, line_count = s.n"
                " FROM (SELECT account_id, sum(amount) AS total, count(*) AS n"
                " FROM pop_lines GROUP BY account_id) AS s WHERE a.id = s.account_id"
            )
        )
        await session.execute(
            text(
                "UPDATE ledger_accounts SET balance_kobo = -(SELECT coalesce(sum(amount), 0)"
                " FROM pop_lines), line_count = (SELECT count(*) FROM pop_lines)"
                " WHERE id = :counter"
            ),
            {"counter": counter},
        )
        lines = int(await session.scalar(text("SELECT count(*) FROM pop_lines")) or 0)
        await session.execute(
            text("SELECT setval(pg_get_serial_sequence('postings', 'id'), :last)"),
            {"last": first + lines},
        )
    # Vacuumed and analysed before anything is measured (bench/growth.py says why).
    async with db.engine.connect() as connection:
        autocommit = await connection.execution_options(isolation_level="AUTOCOMMIT")
        for table in ("customers", "postings", "entries", "ledger_accounts"):
            await autocommit.execute(text(f"VACUUM (ANALYZE) {table}"))
    return Population(members, lines, time.monotonic() - began)
