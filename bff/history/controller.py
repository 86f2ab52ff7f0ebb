"""/api/ibanking/personal/transactions…: history, details, and statements by e-mail."""

from __future__ import annotations

import re
from typing import Annotated, Literal

from litestar import Controller, Response, get, post
from litestar.background_tasks import BackgroundTask
from litestar.params import Parameter

from bff.history.schemas import StatementIn, TransactionDetailOut, TransactionPageOut
from bff.history.service import HistoryService, Query, parse_day
from bff.openapi_errors import answers_also, refuses
from bff.schemas import MessageOut, TextPath, TextQuery, refuse_hidden_characters
from bff.users.principal import Principal

STATEMENT_REQUESTED = "Bank statement requested successfully and will be sent to your mail shortly"


class HistoryController(Controller):
    path = "/api/ibanking/personal/transactions"
    tags = ["history"]
    security = [{"bearer": []}]

    @get(
        "/",
        summary="The customer's transactions, newest first, filtered and paged",
        opt=refuses(404),
    )
    async def transactions(
        self,
        history: HistoryService,
        customer: Principal,
        account_number: Annotated[str | None, TextQuery(20, query="accountNumber")] = None,
        start_date: Annotated[str | None, TextQuery(20, query="startDate")] = None,
        end_date: Annotated[str | None, TextQuery(20, query="endDate")] = None,
        transaction_type: Annotated[
            Literal["CREDIT", "DEBIT"] | None, Parameter(query="transactionType")
        ] = None,
        status: Literal["COMPLETED", "PENDING", "FAILED"] | None = None,
        search: Annotated[str | None, TextQuery(100)] = None,
        page: Annotated[int, Parameter(ge=0, le=10_000)] = 0,
        size: Annotated[int, Parameter(ge=1, le=100)] = 10,
    ) -> TransactionPageOut:
        for name, text in (
            ("accountNumber", account_number),
            ("startDate", start_date),
            ("endDate", end_date),
            ("search", search),
        ):
            if text:
                refuse_hidden_characters(text, name)
        query = Query(
            account=account_number,
            start=parse_day(start_date, "startDate"),
            end=parse_day(end_date, "endDate"),
            transaction_type=transaction_type,
            status=status,
            search=search,
            page=page,
            size=size,
        )
        return await history.transactions(customer.user, query)

    @get("/{reference_number:str}", summary="One transaction with its parties", opt=refuses(404))
    async def detail(
        self,
        history: HistoryService,
        customer: Principal,
        reference_number: Annotated[str, TextPath(40)],
    ) -> TransactionDetailOut:
        return await history.detail(customer.user, reference_number)

    @get(
        "/{reference_number:str}/receipt",
        summary="The transaction's receipt: a one-page PDF, or a PNG image with format=png",
        opt={**refuses(404), **answers_also("image/png")},
        media_type="application/pdf",
        response_description="The receipt: application/pdf, or image/png when format=png",
    )
    async def receipt(
        self,
        history: HistoryService,
        customer: Principal,
        reference_number: Annotated[str, TextPath(40)],
        format: Literal["pdf", "png"] = "pdf",
    ) -> Response[bytes]:
        image = format == "png"
        content = await history.receipt(customer.user, reference_number, image)
        # Only a found reference gets here; the filter keeps the header plain regardless.
        name = f"kobo-receipt-{re.sub(r'[^A-Za-z0-9-]', '', reference_number)}.{format}"
        return Response(
            content,
            media_type="image/png" if image else "application/pdf",
            headers={
                "Content-Disposition": f'inline; filename="{name}"',
                "Cache-Control": "no-store",
            },
        )

    async def _request(
        self, history: HistoryService, customer: Principal, data: StatementIn, file_type: str
    ) -> Response[MessageOut]:
        account, start, end = await history.check_statement_request(
            customer.user, data.nuban, data.start_date, data.end_date
        )
        return Response(
            MessageOut(message=STATEMENT_REQUESTED),
            background=BackgroundTask(
                history.email_statement, customer.user, account, start, end, file_type
            ),
        )

    @post("/download", status_code=200, summary="E-mail a PDF statement", opt=refuses(404))
    async def pdf(
        self, history: HistoryService, customer: Principal, data: StatementIn
    ) -> Response[MessageOut]:
        return await self._request(history, customer, data, "PDF")

    @post("/download/excel", status_code=200, summary="E-mail an Excel statement", opt=refuses(404))
    async def excel(
        self, history: HistoryService, customer: Principal, data: StatementIn
    ) -> Response[MessageOut]:
        return await self._request(history, customer, data, "EXCEL")
