"""/nip/…: the interbank switch (name inquiry, funds transfer, status query)."""

from __future__ import annotations

from typing import Annotated

import msgspec
from litestar import Controller, Response, delete, get, post
from litestar.params import Parameter

from core_sim.db import Database
from core_sim.nip import service, watch_list
from core_sim.nip.models import InterbankTransfer, WatchListEntry
from core_sim.nip.schemas import (
    ExternalAccountOut,
    NameInquiryIn,
    NameInquiryOut,
    NipTransferIn,
    NipTransferOut,
    SimWatchListIn,
    TsqIn,
    TsqOut,
    WatchListEntryOut,
    WatchListOut,
    WatchListReportIn,
    WatchListReportOut,
)
from core_sim.response_codes import NIP_MESSAGES
from core_sim.settings import SimSettings


def transfer_out(record: InterbankTransfer) -> NipTransferOut:
    return NipTransferOut(
        reference=record.reference,
        session_id=record.session_id,
        response_code=record.response_code,
        response_message=NIP_MESSAGES.get(record.response_code, ""),
        amount_kobo=record.amount_kobo,
        beneficiary_account=record.account_number,
        destination_institution_code=record.bank_code,
        created_at=record.created_at,
    )


def entry_out(entry: WatchListEntry) -> WatchListEntryOut:
    return msgspec.convert(entry, WatchListEntryOut, from_attributes=True)


def report_out(entry: WatchListEntry) -> WatchListReportOut:
    return msgspec.convert(entry, WatchListReportOut, from_attributes=True)


async def reported(db: Database, report: watch_list.Report) -> Response[WatchListReportOut]:
    """201 with a new entry; 200 with the entry a reference listed before."""
    entry, created = await watch_list.report(db, report)
    return Response(report_out(entry), status_code=201 if created else 200)


FeedLimit = Annotated[int, Parameter(ge=1, le=1000)]
FeedAfter = Annotated[int, Parameter(ge=0)]


class NipController(Controller):
    path = "/nip"
    tags = ["nip"]

    @post("/name-inquiry", status_code=200)
    async def name_inquiry(
        self, db: Database, sim_settings: SimSettings, data: NameInquiryIn
    ) -> NameInquiryOut:
        code, inquiry = await service.name_inquiry(
            db,
            data.destination_institution_code,
            data.account_number,
            sim_settings.bank_code,
            sim_settings.timeout_fault_ms,
        )
        return NameInquiryOut(
            response_code=code,
            response_message=NIP_MESSAGES.get(code, ""),
            session_id=inquiry.session_id if inquiry else None,
            account_number=data.account_number,
            account_name=inquiry.account_name if inquiry else None,
            destination_institution_code=data.destination_institution_code,
        )

    @post("/transfers", status_code=200)
    async def transfer(
        self, db: Database, sim_settings: SimSettings, data: NipTransferIn
    ) -> NipTransferOut:
        """Funds transfer; idempotent on `reference` (a resend answers the first outcome)."""
        record = await service.transfer(
            db, data, sim_settings.bank_code, sim_settings.timeout_fault_ms
        )
        return transfer_out(record)

    @get("/accounts")
    async def external_accounts(
        self, db: Database, bank_code: str | None = None
    ) -> list[ExternalAccountOut]:
        """For testers: accounts at other banks (scenario says which ones are magic)."""
        rows = await service.external_accounts(db, bank_code)
        return [
            ExternalAccountOut(
                bank_code=r.bank_code,
                bank_name=service.BANKS.get(r.bank_code, ""),
                account_number=r.account_number,
                account_name=r.account_name,
                scenario=r.scenario,
            )
            for r in rows
        ]

    @post("/tsq", status_code=200)
    async def tsq(self, db: Database, sim_settings: SimSettings, data: TsqIn) -> TsqOut:
        """Transaction status query: 00 done, 09 still in progress, 25 never received, …"""
        code, record = await service.status_query(db, data.reference, sim_settings.timeout_fault_ms)
        return TsqOut(
            reference=data.reference,
            response_code=code,
            response_message=NIP_MESSAGES.get(code, ""),
            session_id=record.session_id if record else None,
            amount_kobo=record.amount_kobo if record else None,
        )

    @post("/watch-list", status_code=201)
    async def report(self, db: Database, data: WatchListReportIn) -> Response[WatchListReportOut]:
        """Report an account as a mule: 201 with the entry; the same reference again is 200
        with the same entry."""
        return await reported(db, watch_list.Report(**msgspec.structs.asdict(data)))

    @get("/watch-list")
    async def watch_list_feed(
        self, db: Database, after: FeedAfter = 0, limit: FeedLimit = 500
    ) -> WatchListOut:
        """Entries changed after `after` (a seq), in order: a removal comes again under a new
        seq with removedAt set. `last` is the seq to ask after next."""
        async with db.reader() as session:
            entries = await watch_list.entries_after(session, after, limit)
        return WatchListOut(
            entries=[entry_out(e) for e in entries], last=entries[-1].seq if entries else after
        )


class SimWatchListController(Controller):
    """Tester control of the watch-list: what is on it, add, remove."""

    path = "/sim/watch-list"
    tags = ["nip"]

    @get("/")
    async def listed(self, db: Database) -> list[WatchListReportOut]:
        async with db.reader() as session:
            return [report_out(e) for e in await watch_list.current(session)]

    @post("/", status_code=201)
    async def add(self, db: Database, data: SimWatchListIn) -> Response[WatchListReportOut]:
        return await reported(db, watch_list.Report(**msgspec.structs.asdict(data)))

    @delete("/{bank_code:str}/{account_number:str}", status_code=200)
    async def remove(
        self, db: Database, bank_code: str, account_number: str
    ) -> list[WatchListReportOut]:
        """Each current entry of the account, removed (each under a new seq); 404 if none."""
        async with db.writer() as session:
            removed = await watch_list.remove(session, bank_code, account_number)
            return [report_out(e) for e in removed]
