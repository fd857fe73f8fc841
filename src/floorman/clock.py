"""Clocks: where the time of a table comes from.

The core never reads the time itself; it is handed a :class:`Clock`. A
:class:`ManualClock` moves only when told (tests, replays, session logs); a
:class:`SystemClock` reads the machine's clock, for real play. Times are
seconds, as floats, from any fixed origin.

>>> clock = ManualClock()
>>> clock.advance(minutes=30)
>>> clock.now()
1800.0
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Protocol

__all__ = ["Clock", "ManualClock", "SystemClock"]


class Clock(Protocol):
    """Anything that tells the time in seconds."""

    def now(self) -> float:
        """The current time, in seconds from the clock's origin."""
        ...


@dataclass(slots=True)
class ManualClock:
    """A clock that stands still until :meth:`advance` moves it."""

    seconds: float = 0.0

    def now(self) -> float:
        """The time the clock shows."""
        return self.seconds

    def advance(self, *, seconds: float = 0.0, minutes: float = 0.0) -> None:
        """Move the clock forward (never back)."""
        step = seconds + 60.0 * minutes
        if step < 0:
            raise ValueError(f"a clock does not go back ({step} seconds)")
        self.seconds += step


@dataclass(frozen=True, slots=True)
class SystemClock:
    """The machine's wall clock (seconds since the epoch)."""

    def now(self) -> float:
        """The current time."""
        return time.time()
