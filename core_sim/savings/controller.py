"""/core/savings/… (the BFF's calls) and /sim/savings/end-of-day (a tester's "run it now")."""

from __future__ import annotations

from litestar import Controller, get, post, put
from litestar.params import Parameter

from core_sim.db import Database
from core_sim.errors import NotFound, SimError
from core_sim.savings import eod, reads, rules, service
from core_sim.savings.models import Product
from core_sim.savings.schemas import (
    BreakIn,
    BreakOut,
    BreakQuoteOut,
    DayRunOut,
    EndOfDayOut,
    MoveIn,
    OpenPocketIn,
    PocketOut,
    PocketsOut,
    ProductOut,
    ProductsOut,
    RuleIn,
)
from core_sim.settings import SimSettings


async def _one(db: Database, customer_id: str, pocket_id: int) -> PocketOut:
    found = (await reads.pockets_out(db, customer_id, pocket_id)).pockets
    if not found:
        raise NotFound(f"Savings pocket {pocket_id} not found")
    return found[0]


class SavingsController(Controller):
    path = "/core/savings"
    tags = ["savings"]

    @get("/products")
    async def products(self, sim_settings: SimSettings) -> ProductsOut:
        rates = sim_settings.savings
        return ProductsOut(
            products=[
                ProductOut(Product.FLEXIBLE, "Flexible savings", rates.flexible_bps),
                ProductOut(
                    Product.LOCKED,
                    "Locked savings",
                    rates.locked_rate(service.MIN_TERM_DAYS),
                    service.MIN_TERM_DAYS,
                    service.MAX_TERM_DAYS,
                ),
                ProductOut(Product.GOAL, "Goal savings", rates.goal_bps),
            ],
            locked_rates=[{"fromDays": days, "rateBps": bps} for days, bps in rates.locked_bps],
            withholding_tax_percent=rates.wht_percent,
        )

    @get("/pockets")
    async def list_pockets(
        self, db: Database, customer_id: str = Parameter(query="customerId")
    ) -> PocketsOut:
        return await reads.pockets_out(db, customer_id)

    @post("/pockets", status_code=201)
    async def open_pocket(
        self, db: Database, sim_settings: SimSettings, data: OpenPocketIn
    ) -> PocketOut:
        opening = service.Opening(
            reference=data.reference,
            customer_id=data.customer_id,
            source_account=data.source_account,
            product=data.product,
            name=data.name,
            amount_kobo=data.amount_kobo,
            term_days=data.term_days,
            target_kobo=data.target_kobo,
            target_date=data.target_date,
        )
        view = await service.open_pocket(
            db, sim_settings.savings, opening, timeout_fault_ms=sim_settings.timeout_fault_ms
        )
        return await _one(db, data.customer_id, view.pocket.id)

    @get("/pockets/{pocket_id:int}")
    async def get_pocket(
        self, db: Database, pocket_id: int, customer_id: str = Parameter(query="customerId")
    ) -> PocketOut:
        return await _one(db, customer_id, pocket_id)

    @post("/pockets/{pocket_id:int}/top-up", status_code=200)
    async def top_up(
        self, db: Database, sim_settings: SimSettings, pocket_id: int, data: MoveIn
    ) -> PocketOut:
        await service.top_up(
            db,
            pocket_id,
            data.customer_id,
            data.reference,
            data.amount_kobo,
            timeout_fault_ms=sim_settings.timeout_fault_ms,
        )
        return await _one(db, data.customer_id, pocket_id)

    @post("/pockets/{pocket_id:int}/withdraw", status_code=200)
    async def withdraw(
        self, db: Database, sim_settings: SimSettings, pocket_id: int, data: MoveIn
    ) -> PocketOut:
        await service.withdraw(
            db,
            pocket_id,
            data.customer_id,
            data.reference,
            data.amount_kobo,
            timeout_fault_ms=sim_settings.timeout_fault_ms,
        )
        return await _one(db, data.customer_id, pocket_id)

    @get("/pockets/{pocket_id:int}/break-quote")
    async def break_quote(
        self, db: Database, pocket_id: int, customer_id: str = Parameter(query="customerId")
    ) -> BreakQuoteOut:
        quote = await service.break_quote(db, pocket_id, customer_id)
        return BreakQuoteOut(
            quote.pocket_id, quote.balance_kobo, quote.forfeit_kobo, quote.matures_on
        )

    @post("/pockets/{pocket_id:int}/break", status_code=200)
    async def break_pocket(
        self, db: Database, sim_settings: SimSettings, pocket_id: int, data: BreakIn
    ) -> BreakOut:
        _, quote = await service.break_pocket(
            db,
            pocket_id,
            data.customer_id,
            data.reference,
            timeout_fault_ms=sim_settings.timeout_fault_ms,
        )
        pocket = await _one(db, data.customer_id, pocket_id)
        return BreakOut(pocket, quote.balance_kobo, quote.forfeit_kobo)

    @put("/pockets/{pocket_id:int}/rule", status_code=200)
    async def set_rule(self, db: Database, pocket_id: int, data: RuleIn) -> PocketOut:
        if data.kind != "NONE" and data.source_account is None:
            raise SimError("An automatic saving needs the account it saves from", code="30")
        rule = rules.RuleIn(
            kind=data.kind,
            source_account=data.source_account or "",
            amount_kobo=data.amount_kobo,
            percent=data.percent,
            starts_on=data.starts_on,
        )
        await rules.set_rule(db, pocket_id, data.customer_id, rule)
        return await _one(db, data.customer_id, pocket_id)


class SimSavingsController(Controller):
    path = "/sim/savings"
    tags = ["sim"]

    @post("/end-of-day", status_code=200)
    async def end_of_day(self, db: Database, sim_settings: SimSettings) -> EndOfDayOut:
        """Run now what the background loop runs every second: every business date that has
        ended (by the simulated clock) and not run, then the automatic savings due."""
        days = await eod.run_end_of_day(db, sim_settings.savings)
        saves = await rules.run_rules(db)
        return EndOfDayOut(
            days=[DayRunOut(d.business_date, d.pockets, d.payments, d.matured) for d in days],
            automatic_saves=saves,
        )
