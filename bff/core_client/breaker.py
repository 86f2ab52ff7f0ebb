"""A circuit breaker in front of the core: when it keeps failing, fail fast instead of waiting.

After `failure_threshold` failures in a row (timeouts, refused connections, 5xx, unreadable
answers) the breaker opens: calls fail at once with CoreUnavailable for `reset_after_s`. Then
one trial call is let through (half-open): success closes the breaker, failure opens it again.
Refusals (4xx) are answers, not failures. State is per process: each BFF process learns on
its own that the core is down, within a handful of calls.
"""

from __future__ import annotations

import time
from collections.abc import Callable


class CircuitBreaker:
    def __init__(
        self,
        failure_threshold: int = 5,
        reset_after_s: float = 5.0,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self.failure_threshold = failure_threshold
        self.reset_after_s = reset_after_s
        self._monotonic = monotonic
        self._failures = 0
        self._opened_at: float | None = None
        self._trial_in_flight = False

    @property
    def is_open(self) -> bool:
        return self._opened_at is not None

    def allow(self) -> bool:
        """May a call go out now? While half-open, only one trial call at a time."""
        if self._opened_at is None:
            return True
        if self._monotonic() - self._opened_at < self.reset_after_s or self._trial_in_flight:
            return False
        self._trial_in_flight = True
        return True

    def record_success(self) -> None:
        self._failures = 0
        self._opened_at = None
        self._trial_in_flight = False

    def record_failure(self) -> None:
        self._failures += 1
        self._trial_in_flight = False
        if self._opened_at is not None or self._failures >= self.failure_threshold:
            self._opened_at = self._monotonic()
