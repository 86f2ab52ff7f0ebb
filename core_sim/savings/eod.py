"""The end of day: every pocket's interest accrued once per business date, interest paid at
the month's end (flexible, goal) or at maturity (locked), locked pockets paid back.

Exactly once: a day runs in one transaction that first writes its `savings_days` row (a
second runner meets that key and stops), then one `savings_accruals` row per pocket under
the (pocket, date) key together with the pocket's `accrued_units` and `accrued_through`,
then the day's payments and their postings (references unique per pocket and day). A crash
rolls the whole day back; the next run does it again. The job catches up every missed day in
order (the clock moved 31 days: 31 transactions), driven by the simulated clock.

Set-based: a day costs the same dozen statements for one pocket or 100,000 (INSERT …
SELECT, UPDATE … FROM: `ledger.post_many` for the interest and tax postings); only a
maturing locked pocket's pay-back is a posting of its own (`service.mature`).

Pruned: a month's end, once its interest is paid, deletes the accrual rows of dates already
paid (flexible pockets and goals, and closed locked pockets) in one DELETE, their units first
added to each pocket's `pruned_units`; a locked pocket keeps its rows until it closes. Nothing
needs those rows for exactly once: the day's `savings_days` row and the pocket's
`accrued_through` stop a date from running again.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from sqlalchemy import Date, bindparam, func, select, text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from core_sim.db import Database
from core_sim.ledger import service as ledger
from core_sim.ledger.models import LedgerAccount
from core_sim.savings import service
from core_sim.savings.days import business_date, end_of, is_month_end
from core_sim.savings.interest import UNITS_PER_KOBO
from core_sim.savings.models import (
    INTEREST_EXPENSE,
    WHT_PAYABLE,
    PaymentReason,
    PocketStatus,
    Product,
    SavingsDay,
    SavingsPocket,
)
from core_sim.settings import SavingsRates
from core_sim.simclock.state import utcnow
from kobo_serving.database import UTCDateTime

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class DayRun:
    business_date: date
    pockets: int  # accrued
    payments: int  # interest payments posted
    matured: int


async def run_end_of_day(
    db: Database, rates: SavingsRates, now: datetime | None = None
) -> list[DayRun]:
    """Run every business date that has ended and not run yet, oldest first."""
    yesterday = business_date(now or utcnow()) - timedelta(days=1)
    async with db.reader() as session:
        last = await session.scalar(select(func.max(SavingsDay.business_date)))
        first = (
            last + timedelta(days=1)
            if last is not None
            else await session.scalar(
                select(func.min(SavingsPocket.opened_on)).where(
                    SavingsPocket.status == PocketStatus.ACTIVE
                )
            )
        )
    runs: list[DayRun] = []
    day = first
    while day is not None and day <= yesterday:
        try:
            async with db.writer() as session:
                runs.append(await run_day(session, rates, day))
        except IntegrityError:  # another runner did this day (its savings_days row)
            log.info("savings end of day %s: done by another runner", day)
        day += timedelta(days=1)
    return runs


_DAY = bindparam("day", type_=Date())
_CUTOFF = bindparam("cutoff", type_=UTCDateTime())

# The day's accrual: each active pocket's balance at the end of the day (its balance less
# what was posted to it since), at its own rate, in units of 1/3,650,000 kobo (interest.py).
_ACCRUE = text(f"""
INSERT INTO savings_accruals (pocket_id, business_date, balance_kobo, rate_bps, units)
SELECT p.id, :day, a.balance_kobo - COALESCE(later.moved, 0), p.rate_bps,
       CASE WHEN a.balance_kobo - COALESCE(later.moved, 0) > 0
            THEN (a.balance_kobo - COALESCE(later.moved, 0)) * p.rate_bps ELSE 0 END
FROM savings_pockets AS p
JOIN ledger_accounts AS a ON a.id = p.account_id
LEFT JOIN (
    SELECT e.account_id, SUM(e.amount_kobo) AS moved
    FROM entries AS e JOIN savings_pockets AS q ON q.account_id = e.account_id
    WHERE e.posted_at >= :cutoff
    GROUP BY e.account_id
) AS later ON later.account_id = p.account_id
WHERE p.status = '{PocketStatus.ACTIVE}' AND p.opened_at < :cutoff
  AND (p.accrued_through IS NULL OR p.accrued_through < :day)
  AND (p.matures_on IS NULL OR :day < p.matures_on)
""").bindparams(_DAY, _CUTOFF)  # noqa: S608 (constants only)

# The day's payments: the whole kobo accrued (today's accrual included), the tax on them
# rounded half up.
_PAY = text(f"""
INSERT INTO savings_payments
    (pocket_id, business_date, account_id, reason, gross_kobo, tax_kobo, narration)
SELECT p.id, :day, p.account_id,
       CASE WHEN p.product = '{Product.LOCKED}' THEN '{PaymentReason.MATURITY}'
            ELSE '{PaymentReason.MONTH_END}' END,
       (p.accrued_units + acc.units) / {UNITS_PER_KOBO},
       ((p.accrued_units + acc.units) / {UNITS_PER_KOBO} * :wht * 2 + 100) / 200,
       CASE p.product WHEN '{Product.FLEXIBLE}' THEN 'Interest on Flexible savings'
                      WHEN '{Product.LOCKED}' THEN 'Interest on Locked savings'
                      ELSE 'Interest on Goal savings' END
FROM savings_pockets AS p
JOIN savings_accruals AS acc ON acc.pocket_id = p.id AND acc.business_date = :day
WHERE p.status = '{PocketStatus.ACTIVE}' AND p.accrued_units + acc.units >= {UNITS_PER_KOBO}
  AND ((p.product <> '{Product.LOCKED}' AND :month_end)
       OR (p.product = '{Product.LOCKED}' AND p.matures_on = :next_day))
""").bindparams(_DAY, bindparam("next_day", type_=Date()))  # noqa: S608

# Each pocket's day in one UPDATE: today's units added, a payment's whole kobo taken out.
_ADD_ACCRUED = text(f"""
UPDATE savings_pockets
SET accrued_units = savings_pockets.accrued_units + acc.units
                    - COALESCE(pay.gross_kobo, 0) * {UNITS_PER_KOBO},
    accrued_through = :day,
    interest_paid_kobo = savings_pockets.interest_paid_kobo + COALESCE(pay.gross_kobo, 0),
    tax_withheld_kobo = savings_pockets.tax_withheld_kobo + COALESCE(pay.tax_kobo, 0)
FROM savings_accruals AS acc
LEFT JOIN savings_payments AS pay
    ON pay.pocket_id = acc.pocket_id AND pay.business_date = acc.business_date
WHERE acc.pocket_id = savings_pockets.id AND acc.business_date = :day
  AND savings_pockets.status = '{PocketStatus.ACTIVE}'
""").bindparams(_DAY)  # noqa: S608

# The pockets whose accrual rows up to a month's end are paid (or forfeited) and not needed
# again: flexible pockets and goals, paid at each month's end, and closed locked pockets.
_PAID_UP = f"(product <> '{Product.LOCKED}' OR status <> '{PocketStatus.ACTIVE}')"

# Their rows' units kept on the pocket, then the rows deleted: a month's end only.
_FOLD_PAID = text(f"""
UPDATE savings_pockets
SET pruned_units = savings_pockets.pruned_units + paid.units
FROM (
    SELECT pocket_id, SUM(units) AS units FROM savings_accruals
    WHERE business_date <= :day GROUP BY pocket_id
) AS paid
WHERE paid.pocket_id = savings_pockets.id AND {_PAID_UP}
""").bindparams(_DAY)  # noqa: S608 (constants only)
_PRUNE_PAID = text(f"""
DELETE FROM savings_accruals
WHERE business_date <= :day
  AND pocket_id IN (SELECT id FROM savings_pockets WHERE {_PAID_UP})
""").bindparams(_DAY)  # noqa: S608

# ledger.post_many's rows: the interest (credit the pocket), then the tax (debit it).
_INTEREST_ROWS = (
    "SELECT 'SAV-INT-' || pocket_id || '-' || :stamp AS reference, narration, account_id,"
    " gross_kobo AS amount_kobo, 'Kobo Microfinance Bank' AS counterparty_name"
    " FROM savings_payments WHERE business_date = :day"
)
_TAX_ROWS = (
    "SELECT 'SAV-WHT-' || pocket_id || '-' || :stamp AS reference,"
    " 'Withholding tax on interest' AS narration, account_id,"
    " -tax_kobo AS amount_kobo, 'Withholding tax' AS counterparty_name"
    " FROM savings_payments WHERE business_date = :day AND tax_kobo > 0"
)


async def run_day(session: AsyncSession, rates: SavingsRates, day: date) -> DayRun:
    """One business date, inside the caller's transaction (its `savings_days` row first)."""
    record = SavingsDay(business_date=day, pockets=0, payments=0, finished_at=utcnow())
    session.add(record)
    await session.flush()  # a second runner fails here, on the key
    cutoff = end_of(day)
    accrued = (await session.execute(_ACCRUE, {"day": day, "cutoff": cutoff})).rowcount  # type: ignore[attr-defined]
    next_day = day + timedelta(days=1)
    await session.execute(
        _PAY,
        {
            "day": day,
            "next_day": next_day,
            "month_end": is_month_end(day),
            "wht": rates.wht_percent,
        },
    )
    await session.execute(_ADD_ACCRUED, {"day": day})
    rows = {"day": day, "stamp": day.strftime("%Y%m%d")}
    types = {"day": Date()}
    paid = await ledger.post_many(
        session,
        rows=_INTEREST_ROWS,
        params=rows,
        kind=service.Kind.INTEREST,
        bank_account=INTEREST_EXPENSE,
        posted_at=cutoff,
        types=types,
    )
    await ledger.post_many(
        session,
        rows=_TAX_ROWS,
        params=rows,
        kind=service.Kind.TAX,
        bank_account=WHT_PAYABLE,
        posted_at=cutoff,
        types=types,
    )
    maturing = (
        await session.execute(
            select(SavingsPocket, LedgerAccount.number)
            .join(LedgerAccount, LedgerAccount.id == SavingsPocket.account_id)
            .where(
                SavingsPocket.status == PocketStatus.ACTIVE,
                SavingsPocket.product == Product.LOCKED,
                SavingsPocket.matures_on <= next_day,
            )
            .order_by(SavingsPocket.id)
            .execution_options(populate_existing=True)
        )
    ).all()
    for found, number in maturing:
        await service.mature(session, found, number, cutoff)
    record.pockets, record.payments = accrued, paid
    await session.flush()
    if is_month_end(day):
        await session.execute(_FOLD_PAID, {"day": day})
        await session.execute(_PRUNE_PAID, {"day": day})
    return DayRun(day, accrued, paid, len(maturing))
