"""Time in the cardroom: one time for the floor and its tables, an action clock
for each live table, and the deadlines fired in order.

**One time.** The floor (:class:`~floorman.room.Room`), every live table and
the log read the same :class:`RoomTime`: the caller's clock, except while the
cardroom fires a deadline, when it shows that deadline's own moment. A turn that
ran out at second 90 is killed at second 90 even when the cardroom is advanced
at second 100, the next player's time runs from 90, and the log says 90. Firing
never moves the time back past the log's last entry, so the log's times never
decrease.

**The action clocks are the log's.** Each live table's
:class:`~floorman.service.timing.ActionClock` is a reduction of the cardroom
log (:meth:`Clocks.follow`): created by the table's opening, fed with the
table's entries once a command is carried out (a refused command leaves no
entry, so no clock changes), and dropped when the floor closes the game. The
cardroom rebuilt from the log follows the same entries, so its clocks are the
live ones: the banks drawn (:class:`~floorman.service.timing.TimeBankUsed`),
refilled (:class:`~floorman.service.timing.BanksRefilled`) and when each turn
began.

**Time collection is no deadline.** Time is paid in advance and the dealer
collects it before dealing (RRP5 policies.2): a new period changes what the
next deal's start collects, and nothing happens at the boundary itself, so the
cardroom does not wake for it (see :mod:`floorman.service.timing`).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from floorman.clock import Clock
from floorman.ids import PlayerId, Seat
from floorman.room import events as rev
from floorman.service import timing
from floorman.service.log import Entry
from floorman.table import events as tev

if TYPE_CHECKING:
    from floorman.deal.state import Deal
    from floorman.room.state import Room
    from floorman.table import Table

__all__ = ["Clocks", "RoomTime", "Timekeeping"]


class RoomTime:
    """The time the floor, the tables and the log read: ``source``'s, or the
    moment of the deadline being fired."""

    def __init__(self, source: Clock) -> None:
        self.source = source
        self._moment: float | None = None

    def now(self) -> float:
        """The moment being fired, else the source clock's time."""
        return self._moment if self._moment is not None else self.source.now()

    @contextmanager
    def at(self, moment: float) -> Iterator[None]:
        """Show ``moment`` while a deadline fires."""
        self._moment = moment
        try:
            yield
        finally:
            self._moment = None


class _LiveTable:
    """What an action clock reads of the live table at ``number``, whichever
    :class:`~floorman.table.Table` object holds it now (a refused command puts
    the old ones back; a rebuild makes new ones)."""

    def __init__(self, tables: Callable[[], Mapping[int, Table]], number: int) -> None:
        self._tables = tables
        self._number = number

    @property
    def deal(self) -> Deal | None:
        table = self._tables().get(self._number)
        return None if table is None else table.deal

    @property
    def positions(self) -> tuple[Seat, ...]:
        return tuple(self._tables()[self._number].positions)

    @property
    def players(self) -> Mapping[Seat, PlayerId]:
        return self._tables()[self._number].players


class Clocks:
    """The action clock of every live table, as the cardroom log adds them up;
    none with ``limits`` None (the house runs no action clock)."""

    def __init__(
        self, limits: timing.TimeLimits | None, tables: Callable[[], Mapping[int, Table]]
    ) -> None:
        self.limits = limits
        self._tables = tables
        self.of: dict[int, timing.ActionClock] = {}

    def follow(self, entry: Entry) -> None:
        """Apply one entry of the log: a table opening starts its clock, the
        game's closing drops it, and a table's entries feed its clock."""
        event = entry.event
        if entry.table is None:
            if isinstance(event, rev.GameClosed):
                self.of.pop(event.table, None)
            return
        if isinstance(event, tev.TableOpened):
            if self.limits is not None:
                live = _LiveTable(self._tables, entry.table)
                self.of[entry.table] = timing.ActionClock(live, limits=self.limits)
            return
        clock = self.of.get(entry.table)
        if clock is not None:
            clock.record(event, entry.at)

    def follow_all(self, entries: list[Entry]) -> None:
        """Apply a command's entries (:meth:`follow`)."""
        for entry in entries:
            self.follow(entry)

    def acting(self, number: int, position: int, now: float) -> tuple[timing.TimingEvent, ...]:
        """The bank the player at ``position`` draws on, acting at ``now`` on his
        own turn (RRP5 dead-hands.1.6); nothing for a table without a clock or
        a player acting out of turn."""
        clock = self.of.get(number)
        if clock is None:
            return ()
        turn = clock.turn()
        if turn is None or turn.position != position:
            return ()
        return clock.acting(now)

    def dealt(self, number: int) -> tuple[timing.TimingEvent, ...]:
        """The banks refilled as a deal starts at ``number`` (RRP5 dead-hands.1.6)."""
        clock = self.of.get(number)
        return () if clock is None else clock.dealt()


class Timekeeping:
    """The cardroom's time: when the next thing is due, and advancing to a time.

    Mixed into :class:`~floorman.service.cardroom.Cardroom`, whose commands and
    transactions it uses.
    """

    if TYPE_CHECKING:
        clock: RoomTime
        room: Room
        log: list[Entry]
        _clocks: Clocks
        _live_tables: bool
        _floor_seen: tuple[Room, int, float, bool] | None

        def _look(self, now: float) -> list[Entry]: ...
        def _transaction(
            self, work: Callable[..., object], *args: Any, lean: bool = False, dice: bool = True
        ) -> list[Entry]: ...
        def _floor(self, events: Any) -> None: ...
        def _at(self, number: int, operation: Callable[..., object], *args: Any) -> object: ...
        def _record(self, table: int | None, event: Any) -> None: ...

    @property
    def clocks(self) -> dict[int, timing.ActionClock]:
        """The action clock of each live table (empty when the house runs none)."""
        return dict(sorted(self._clocks.of.items()))

    def next_deadline(self) -> float | None:
        """When the next thing falls due without anyone acting, or None: a turn
        running out (RRP5 dead-hands.1.6), a lock-up held too long or a call not
        answered (RRP5 policies.21, seating.2), an absence past its limit (RRP5
        policies.20), a bar from a game ending (RRP5 seating.10). A server
        sleeps until then; the moment may have passed already."""
        return timing.next_deadline(self.room, self._clocks.of)

    def advance(self, now: float | None = None) -> list[Entry]:
        """Fire everything due by ``now`` (the clock's time if None), earliest
        first, each as of its own moment, and answer with the entries logged:
        a turn run out is killed facing a bet and checked otherwise (RRP5
        dead-hands.1.6), the floor's timers act (RRP5 policies.20, policies.21,
        seating.2, seating.10), and the tables follow the floor."""
        if now is None:
            now = self.clock.source.now()
        if not self._live_tables:
            return self._look(now)
        if not self._clocks.of and not self._floor_due(now):
            return []  # the common case: nothing is due, and the books say so unchanged
        out: list[Entry] = []
        while (deadline := timing.due(self.room, self._clocks.of, now)) is not None:
            moment = max(deadline.at, self.log[-1].at) if self.log else deadline.at
            with self.clock.at(moment):
                fired = self._commit(functools.partial(self._fire, deadline, moment))
            if not fired:
                raise AssertionError(f"the deadline {deadline} fired and changed nothing")
            out.extend(fired)
        return out

    def _may_fall_due(self) -> bool:
        """Whether :meth:`advance` may find something due by the clock's time:
        not if no table runs an action clock and the floor's next deadline is
        later (or there is none)."""
        if self._clocks.of or not self._live_tables:
            return True
        room = self.room
        seen = self._floor_seen  # _floor_due's, read here without a call
        if seen is None or seen[0] is not room or seen[1] != len(room.events):
            return self._floor_due(self.clock.source.now())
        return seen[2] <= self.clock.source.now()

    def _floor_due(self, now: float) -> bool:
        """Whether the floor's next deadline is due by ``now``. The floor's
        books change only by its events, so the deadline they give (and
        whether they order a move) is read again only
        when the floor (a new one, after a refused command) or its events have
        changed."""
        room = self.room
        seen = self._floor_seen
        if seen is None or seen[0] is not room or seen[1] != len(room.events):
            deadline = room.next_deadline()
            at = math.inf if deadline is None else deadline
            seen = (room, len(room.events), at, bool(room.moving()))
            self._floor_seen = seen
        return seen[2] <= now

    def _fire(self, deadline: timing.Deadline, moment: float) -> None:
        if deadline.table is None:
            self._floor(self.room.tick())
            return
        number = deadline.table
        expiry = self._clocks.of[number].expire(moment)
        for event in expiry.events:
            self._record(number, event)
        self._at(number, lambda t: t.apply(expiry.action))

    def _replay_clock(self, entry: Entry) -> None:
        """A rebuilt cardroom's clocks follow the log as the live ones did."""
        self._clocks.follow(entry)

    def _commit(
        self, work: Callable[..., object], *args: Any, lean: bool = False, dice: bool = True
    ) -> list[Entry]:
        """Carry out ``work(*args)`` as one transaction (see
        :meth:`~floorman.service.cardroom.Cardroom._transaction`), then let the
        clocks follow what it logged (nothing, if it was refused)."""
        entries = self._transaction(work, *args, lean=lean, dice=dice)
        if self._clocks.limits is not None:  # else no clock is ever made, to follow
            self._clocks.follow_all(entries)
        return entries

    def _clock_acting(self, number: int, position: int) -> None:
        """Log the bank the player acting draws on, before his action."""
        for event in self._clocks.acting(number, position, self.clock.now()):
            self._record(number, event)

    def _clock_dealt(self, number: int) -> None:
        """Log the banks refilled as a deal starts."""
        for event in self._clocks.dealt(number):
            self._record(number, event)
