"""What services use to reach a customer.

- `send_now`: straight through the transport, the answer awaited. For one-time codes (a code
  that arrives after it expired is worthless, and a code that cannot be sent must be voided
  at once with a 503) and for statements the customer just asked for. Codes never sit in the
  outbox table in clear.
- `send`: for a message about something already committed (a security notice, a reply to a
  ticket, the outcome of a pending payment): recorded in the outbox, then delivered at once;
  if the transport is down the worker retries it.
- `record` then `deliver`: the same for a message that belongs to a change the caller is
  making (a dispute opened or decided): recorded in the change's own transaction, so it exists
  exactly if the change commits, and delivered once it has.
- Alerts of completed payments are recorded in the payment's own transaction
  (`bff.payments.lifecycle`), never through here.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy.ext.asyncio import AsyncSession

from bff.core_client import CoreClient
from bff.db import Database
from bff.notifications import outbox as outbox_rows
from bff.notifications.message import Message
from bff.notifications.outbox import Outbox
from bff.notifications.transports import Outcome, SimulatorTransport, Transports


class Notifier:
    def __init__(self, transports: Transports, outbox: Outbox) -> None:
        self.transports = transports
        self.outbox = outbox

    @classmethod
    def simulator(cls, db: Database, core: CoreClient) -> Notifier:
        """The embedded default (also what a service built without one gets)."""
        gateway = SimulatorTransport(core)
        transports = Transports(gateway, gateway)
        return cls(transports, Outbox(db, transports))

    async def send_now(self, message: Message) -> None:
        """Raises DeliveryFailed if the transport did not take it."""
        await self.transports.send(message)

    async def send_all_now(self, messages: Sequence[Message]) -> list[Outcome]:
        """`send_now` for several at once: each one's outcome, None if it was taken."""
        return await self.transports.send_all(messages)

    async def send(self, messages: Sequence[Message]) -> None:
        if not messages:
            return
        async with self.outbox.db.transaction() as session:
            recorded = await self.record(session, messages)
        await self.deliver(recorded)

    async def record(self, session: AsyncSession, messages: Sequence[Message]) -> list[int]:
        """Records messages in the caller's transaction; returns their ids for `deliver`."""
        return [row.id for row in await outbox_rows.add(session, messages)]

    async def deliver(self, recorded: Sequence[int]) -> None:
        """Delivers recorded messages now (after their transaction committed); what the
        transport does not take, the worker retries."""
        await self.outbox.deliver_due(list(recorded))
