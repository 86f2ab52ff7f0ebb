"""/nip/…: the interbank switch (name inquiry, funds transfer, status query)."""

from __future__ import annotations

from litestar import Controller, get, post

from core_sim.db import Database
from core_sim.nip import service
from core_sim.nip.models import InterbankTransfer
from core_sim.nip.schemas import (
    ExternalAccountOut,
    NameInquiryIn,
    NameInquiryOut,
    NipTransferIn,
    NipTransferOut,
    TsqIn,
    TsqOut,
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
