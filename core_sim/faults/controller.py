from __future__ import annotations

from litestar import Controller, delete, get, post

from core_sim.db import Database
from core_sim.faults import live, service
from core_sim.faults.models import FaultRule
from core_sim.faults.schemas import FaultRuleIn, FaultRuleOut


def rule_out(rule: FaultRule) -> FaultRuleOut:
    return FaultRuleOut(
        id=rule.id,
        operation=rule.operation,
        effect=rule.effect,
        account=rule.account,
        bank=rule.bank,
        amount_kobo=rule.amount_kobo,
        min_amount_kobo=rule.min_amount_kobo,
        max_amount_kobo=rule.max_amount_kobo,
        response_code=rule.response_code,
        delay_ms=rule.delay_ms,
        pending_outcome=rule.pending_outcome,
        resolve_after_ms=rule.resolve_after_ms,
        remaining_uses=rule.remaining_uses,
        times_applied=rule.times_applied,
        created_at=rule.created_at,
    )


class FaultsController(Controller):
    path = "/sim/faults"
    tags = ["faults"]

    @post("/", status_code=201)
    async def add_fault(self, db: Database, data: FaultRuleIn) -> FaultRuleOut:
        async with db.writer() as session:
            rule = await service.add_rule(session, data)
        live.rule_added(db, rule.operation)
        return rule_out(rule)

    @get("/")
    async def list_faults(self, db: Database) -> list[FaultRuleOut]:
        async with db.reader() as session:
            return [rule_out(r) for r in await service.list_rules(session)]

    @delete("/{rule_id:int}", status_code=204)
    async def delete_fault(self, db: Database, rule_id: int) -> None:
        async with db.writer() as session:
            await service.delete_rule(session, rule_id)

    @delete("/", status_code=204)
    async def delete_all_faults(self, db: Database) -> None:
        async with db.writer() as session:
            await service.delete_all(session)
