"""Whether the core answers, as far as this process knows, without ever waiting for it: for
`/ready`'s body and the `kobo_core_up` gauge (docs/operations.md).

Readiness does not depend on the core (a core outage must not take every BFF out of the
load balancer: sign-in, settings, tickets and the web app keep working, and the pages that
need the core answer their own 503). What is reported is the circuit breaker's state (the
core failing for customers' requests) and a cheap probe's last answer (`GET
/core/account-types`), run in the background at most every `every_s` and only when someone
asks (a `/ready` or a scrape), so a hanging core costs nobody a wait.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Callable

from bff.core_client.client import CoreClient
from bff.core_client.errors import CoreRefused, CoreUnavailable

PROBE_EVERY_S = 5.0


class CoreHealth:
    def __init__(
        self,
        core: CoreClient,
        every_s: float = PROBE_EVERY_S,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.core = core
        self.every_s = every_s
        self.clock = clock
        # Unknown until the first probe answers: reported as not up (a moment after the
        # first question).
        self.probe_answered = False
        self.probed_at = -math.inf
        self.probe: asyncio.Task[None] | None = None

    def up(self) -> bool:
        """The core's state now (never waits): up if the breaker is closed and the last
        probe answered. Starts a new probe in the background when the last one is old."""
        if (self.probe is None or self.probe.done()) and (
            self.clock() - self.probed_at >= self.every_s
        ):
            self.probed_at = self.clock()
            self.probe = asyncio.create_task(self._probe(), name="core-probe")
        return self.probe_answered and not self.core.breaker.is_open

    async def _probe(self) -> None:
        # Bounded by the core client's own deadline; a failure also counts for its breaker.
        try:
            await self.core.account_types()
        except CoreUnavailable:
            self.probe_answered = False
            return
        except CoreRefused:
            pass  # a refusal is an answer: the core is there
        self.probe_answered = True

    async def aclose(self) -> None:
        if self.probe is not None and not self.probe.done():
            self.probe.cancel()
            await asyncio.gather(self.probe, return_exceptions=True)
