"""Group commit's parts: the batch of entries stored in one transaction, and
the sanctions the host gave that the store's may not show yet.

A command is vetted against the store's sanctions, read off the event loop
(or trusted for :data:`RECHECK` seconds), before it is carried out under the
host's lock; a sanction the floor gives is stored with its batch, later. So
that no command slips in between, :class:`Standing` remembers each sanction
the host gave, with the number of the batch that stored it, and refuses a
command whose read of the store began before that batch was stored.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from math import inf

from floorman.errors import AccountError
from floorman.server._feed import Kept
from floorman.store import HandRecord, SanctionOrder

__all__ = ["RECHECK", "Batch", "Standing"]

#: Seconds a read of an account's standing in the store (its session, roles and
#: sanctions) is trusted for the next command: a session ended, a role granted
#: or a sanction given on this server takes effect at once (Host.revoke,
#: Host.refresh, the sanctions the host gave); one written to the store by
#: another process, within this.
RECHECK = 5.0

#: Accounts whose last read is remembered before the stale ones are let go.
_KEPT = 10_000


@dataclass(eq=False, slots=True)
class Batch:
    """What the commands carried out together add to the store in one
    transaction: the log's entries from ``start`` (to ``end``, once sealed),
    with what is written beside them, and what is done once they are stored."""

    start: int
    end: int = -1
    authors: dict[int, str] = field(default_factory=dict)
    hands: list[HandRecord] = field(default_factory=list)
    sanctions: list[SanctionOrder] = field(default_factory=list)
    #: Play money the chips its cage sold cost, by account.
    spend: dict[str, int] = field(default_factory=dict)
    #: Published in this order once stored: the entries as kept, and deliveries
    #: (a view taken at that point of the log) between them.
    items: list[Kept | Callable[[], None]] = field(default_factory=list)
    #: Undone if the batch is not stored (the host's bookkeeping of its commands).
    undo: list[Callable[[], None]] = field(default_factory=list)
    done: asyncio.Event = field(default_factory=asyncio.Event)
    error: BaseException | None = None

    def due(self, length: int) -> bool:
        """Whether there is anything to store or publish, the log being ``length`` long."""
        return length > self.start or bool(self.items or self.sanctions or self.hands)

    async def stored(self) -> None:
        """Wait until the batch is stored; raise the error that kept it out."""
        await self.done.wait()
        if self.error is not None:
            raise self.error


@dataclass(eq=False, slots=True)
class _Given:
    """A sanction the host gave: its order, and the number of the batch that
    stored it (None while it waits to be stored)."""

    order: SanctionOrder
    stored: int | None = None


class Standing:
    """The reads of the store's sanctions, and the sanctions the host gave
    that a read may have missed. Batches are counted as they are stored
    (:meth:`stored`); a read that began when ``n`` were stored saw every
    sanction stored by then."""

    def __init__(self) -> None:
        self.batches = 0
        self._given: dict[str, list[_Given]] = {}
        #: Reads under way, by the batch count when each began.
        self._reads: dict[int, int] = {}
        #: Accounts the store's sanctions allowed: when (the loop's time) and
        #: with how many batches stored then.
        self._allowed: dict[str, tuple[float, int]] = {}
        #: When each account's standing was last changed here (the loop's time):
        #: a read begun before then does not vouch for it.
        self._changed: dict[str, float] = {}

    @property
    def reading(self) -> bool:
        """Whether a read of the store's sanctions is under way."""
        return bool(self._reads)

    def trusted(self, account: str, now: float) -> int | None:
        """The batch count of ``account``'s last read if it is still trusted."""
        read = self._allowed.get(account)
        if read is None or now - read[0] >= RECHECK:
            return None
        return read[1]

    def begin(self) -> int:
        """A read begins; the batch count it sees."""
        since = self.batches
        self._reads[since] = self._reads.get(since, 0) + 1
        return since

    def end(self, since: int, now: float, *, allowed: Collection[str] = (), began: float) -> None:
        """The read begun at ``since`` batches, at ``began`` (the loop's time),
        ended; ``allowed``: the accounts it found free."""
        left = self._reads[since] - 1
        if left:
            self._reads[since] = left
        else:
            del self._reads[since]
        if allowed:
            if len(self._allowed) > _KEPT:
                self._allowed = {k: v for k, v in self._allowed.items() if now - v[0] < RECHECK}
            for account in allowed:
                if self._changed.get(account, -inf) < began:
                    self._allowed[account] = (now, since)
        self.prune(now)

    def forget(self, account: str) -> None:
        """``account``'s standing changed: read it again."""
        self._allowed.pop(account, None)
        if len(self._changed) > _KEPT:
            # Reads last well under a minute; older changes no read can straddle.
            old = time.monotonic() - 60.0
            self._changed = {k: v for k, v in self._changed.items() if v > old}
        self._changed[account] = time.monotonic()

    def give(self, order: SanctionOrder) -> Callable[[], None]:
        """The host gave a sanction, not yet stored; what forgets it if its batch fails."""
        given = _Given(order)
        self._given.setdefault(order.account, []).append(given)

        def forget() -> None:
            kept = [g for g in self._given.get(order.account, ()) if g is not given]
            if kept:
                self._given[order.account] = kept
            else:
                self._given.pop(order.account, None)

        return forget

    def stored(self, orders: Sequence[SanctionOrder], now: float) -> None:
        """A batch was stored, with these sanctions."""
        self.batches += 1
        if orders:
            for given in self._given.values():
                for g in given:
                    if g.stored is None and g.order in orders:
                        g.stored = self.batches
        self.prune(now)

    def check(self, account: str, since: int, at: float) -> None:
        """Refuse ``account`` if a sanction the host gave keeps him out at
        ``at`` (the cardroom's time) that a read begun at ``since`` may have missed."""
        for given in self._given.get(account, ()):
            order = given.order
            if given.stored is not None and given.stored <= since:
                continue  # the read saw it
            if order.until is not None and at >= order.until:
                continue
            raise AccountError(
                "{name} is under a {kind} ({reason}); the floor gave it",
                code="sanctioned",
                name=account,
                kind=order.kind.value,
                reason=order.reason,
                until=order.until,
            )

    def prune(self, now: float) -> None:
        """Forget the sanctions given that every read under way or trusted has seen."""
        if not self._given:
            return
        trusted = [since for at, since in self._allowed.values() if now - at < RECHECK]
        oldest = min([*self._reads, *trusted], default=self.batches)
        for account, given in list(self._given.items()):
            kept = [g for g in given if g.stored is None or g.stored > oldest]
            if kept:
                self._given[account] = kept
            else:
                del self._given[account]
