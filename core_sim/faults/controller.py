from __future__ import annotations

import msgspec
from litestar import Controller, delete, get, post

from core_sim.db import Database
from core_sim.faults import live, service
from core_sim.faults.models import FaultRule
from core_sim.faults.schemas import FaultRuleIn, FaultRuleOut


def rule_out(rule: FaultRule) -> FaultRuleOut:
    return msgspec.convert(rule, FaultRuleOut, from_attributes=True)


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
