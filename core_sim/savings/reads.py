"""What a customer's savings screen reads: each pocket with its interest figures, its rule
and the rule's last run, in four queries whatever the number of pockets."""

from __future__ import annotations

from sqlalchemy import func, select

from core_sim.db import Database
from core_sim.ledger.models import LedgerAccount
from core_sim.savings.days import business_date
from core_sim.savings.interest import UNITS_PER_KOBO
from core_sim.savings.models import SavingsAccrual, SavingsPocket, SavingsRule, SavingsRuleRun
from core_sim.savings.schemas import PocketOut, PocketsOut, RuleOut, RuleRunOut
from core_sim.savings.service import PRODUCT_NAMES
from core_sim.simclock.state import utcnow


async def pockets_out(db: Database, customer_id: str, pocket_id: int | None = None) -> PocketsOut:
    month_start = business_date(utcnow()).replace(day=1)
    async with db.reader() as session:
        query = (
            select(SavingsPocket, LedgerAccount.number, LedgerAccount.balance_kobo)
            .join(LedgerAccount, LedgerAccount.id == SavingsPocket.account_id)
            .where(SavingsPocket.customer_id == customer_id)
            .order_by(SavingsPocket.id)
        )
        if pocket_id is not None:
            query = query.where(SavingsPocket.id == pocket_id)
        rows = (await session.execute(query)).all()
        ids = [pocket.id for pocket, _, _ in rows]
        month = dict(
            (
                await session.execute(
                    select(SavingsAccrual.pocket_id, func.sum(SavingsAccrual.units))
                    .where(
                        SavingsAccrual.pocket_id.in_(ids),
                        SavingsAccrual.business_date >= month_start,
                    )
                    .group_by(SavingsAccrual.pocket_id)
                )
            ).all()
        )
        rules = {
            rule.pocket_id: rule
            for rule in await session.scalars(
                select(SavingsRule).where(
                    SavingsRule.pocket_id.in_(ids), SavingsRule.active.is_(True)
                )
            )
        }
        latest = (
            select(SavingsRuleRun.rule_id, func.max(SavingsRuleRun.ran_at).label("ran_at"))
            .where(SavingsRuleRun.rule_id.in_([r.id for r in rules.values()]))
            .group_by(SavingsRuleRun.rule_id)
            .subquery()
        )
        runs = {
            run.rule_id: run
            for run in await session.scalars(
                select(SavingsRuleRun).join(
                    latest,
                    (latest.c.rule_id == SavingsRuleRun.rule_id)
                    & (latest.c.ran_at == SavingsRuleRun.ran_at),
                )
            )
        }
    pockets = []
    for pocket, number, balance in rows:
        rule = rules.get(pocket.id)
        run = runs.get(rule.id) if rule else None
        accrued = pocket.accrued_units // UNITS_PER_KOBO
        pockets.append(
            PocketOut(
                id=pocket.id,
                number=number,
                customer_id=pocket.customer_id,
                product=pocket.product,
                product_name=PRODUCT_NAMES[pocket.product],
                name=pocket.name,
                status=pocket.status,
                rate_bps=pocket.rate_bps,
                balance_kobo=balance,
                source_account=pocket.source_account,
                opened_on=pocket.opened_on,
                accrued_kobo=accrued,
                interest_this_month_kobo=int(month.get(pocket.id) or 0) // UNITS_PER_KOBO,
                interest_paid_kobo=pocket.interest_paid_kobo,
                tax_withheld_kobo=pocket.tax_withheld_kobo,
                interest_to_date_kobo=pocket.interest_paid_kobo + accrued,
                term_days=pocket.term_days,
                matures_on=pocket.matures_on,
                target_kobo=pocket.target_kobo,
                target_date=pocket.target_date,
                forfeited_kobo=pocket.forfeited_units // UNITS_PER_KOBO,
                rule=RuleOut(
                    kind=rule.kind,
                    source_account=rule.source_account,
                    amount_kobo=rule.amount_kobo,
                    percent=rule.percent,
                    next_due=rule.next_due,
                    last_run=RuleRunOut(
                        occasion=run.occasion,
                        outcome=run.outcome,
                        amount_kobo=run.amount_kobo,
                        message=run.message,
                    )
                    if run
                    else None,
                )
                if rule
                else None,
            )
        )
    total = sum(p.balance_kobo for p in pockets if p.status == "ACTIVE")
    return PocketsOut(pockets=pockets, total_kobo=total)
