"""The garbage collector's full passes kept out of the server's way.

CPython's collector looks at every tracked object on a full pass, and a
server's heap is mostly long-lived: the cardroom rebuilt at start, the
accounts, the log and the tables' kept entries. Each full pass over it stops
the event loop (measured under load: 40 to 150 ms with a few hundred thousand
objects), which is the slowest command's latency. So the server sets what has
lived a while aside (:func:`gc.freeze`), where the passes do not look:

- the collector makes no full pass of its own accord;
- every ``every`` seconds the young generations are collected (their cyclic
  garbage goes) and what survives them is frozen, so the old generation
  stays small;
- every ``full_every`` seconds everything is thawed and collected once, so
  cyclic garbage among the frozen objects is not kept for good, then frozen
  again. That one pass is the long one; it comes rarely.

Objects freed by their reference count (most of them) go at once, frozen or
not: only garbage in reference cycles waits for the next full pass.
"""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from floorman.errors import ConfigError

__all__ = ["Collector", "collect_forever"]

#: A full pass only after this many passes of the middle generation: never, in practice.
_NEVER = 1 << 30


@dataclass(slots=True, kw_only=True)
class Collector:
    """When to collect and freeze; :meth:`tick` does what has fallen due.

    >>> c = Collector(every=30.0, full_every=600.0, now=lambda: 0.0)
    >>> c.due(29.0), c.due(30.0), c.due(600.0)
    (None, 'young', 'full')
    """

    every: float = 30.0
    full_every: float = 600.0
    now: Callable[[], float] = time.monotonic
    _last: float = field(init=False, default=0.0)
    _last_full: float = field(init=False, default=0.0)
    _thresholds: tuple[int, int, int] | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        if not 0 < self.every <= self.full_every:
            raise ConfigError(
                f"collect every 0 < every <= full_every seconds, not {self.every!r}"
                f" and {self.full_every!r}"
            )
        self._last = self._last_full = self.now()

    def due(self, moment: float) -> str | None:
        """What falls due at ``moment``: ``"full"``, ``"young"`` or None."""
        if moment - self._last_full >= self.full_every:
            return "full"
        if moment - self._last >= self.every:
            return "young"
        return None

    def settle(self) -> None:
        """A full pass, then everything alive set aside (at start, and rarely)."""
        if self._thresholds is None:
            self._thresholds = gc.get_threshold()
            young, middle, _old = self._thresholds
            gc.set_threshold(young, middle, _NEVER)
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self._last = self._last_full = self.now()

    def tick(self) -> str | None:
        """Do what has fallen due; what it was."""
        moment = self.now()
        kind = self.due(moment)
        if kind == "full":
            self.settle()
        elif kind == "young":
            gc.collect(1)
            gc.freeze()
            self._last = moment
        return kind

    def release(self) -> None:
        """Give the frozen objects back to the collector, and its own full
        passes (the server stopping)."""
        gc.unfreeze()
        if self._thresholds is not None:
            gc.set_threshold(*self._thresholds)
            self._thresholds = None


async def collect_forever(collector: Collector) -> None:
    """Settle once, then tick for ever (the app's lifespan runs it)."""
    collector.settle()
    try:
        while True:
            await asyncio.sleep(collector.every / 4)
            collector.tick()
    finally:
        collector.release()
