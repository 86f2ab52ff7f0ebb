"""GET /api/client-summary: the dashboard."""

from __future__ import annotations

from litestar import Controller, get

from bff.dashboard.schemas import ClientSummaryOut
from bff.dashboard.service import DashboardService
from bff.users.principal import Principal


class DashboardController(Controller):
    path = "/api"
    tags = ["dashboard"]
    security = [{"bearer": []}]

    @get("/client-summary", summary="Dashboard: accounts, totals, this week, recent activity")
    async def client_summary(
        self, dashboard: DashboardService, customer: Principal
    ) -> ClientSummaryOut:
        return await dashboard.client_summary(customer.user)
