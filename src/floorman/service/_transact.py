"""The cardroom's transactions: a command carried out whole, or refused with
nothing changed, and what a live table does recorded in the log.

Mixed into :class:`~floorman.service.cardroom.Cardroom`. A command runs in
:meth:`Transactions._transaction`, which marks what a refusal puts back as
cheaply as it can; an action with nothing due and no action clock, most of
what a cardroom does, runs in :meth:`Transactions._act_now`, which needs no
mark at all. Every operation at a live table goes through
:meth:`Transactions._at`, which records the table's events as entries and lets
the floor and the cage follow them.
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from floorman.errors import FloorError, FloormanError, IllegalAction
from floorman.ids import PlayerId
from floorman.room.state import Room
from floorman.service import commands as cmd
from floorman.service import ledger as led
from floorman.service._live import _action, _dice, _restore
from floorman.service.log import Entry
from floorman.table import Table
from floorman.table import events as tev

if TYPE_CHECKING:
    from floorman.floor.reports import Report as FloorReport
    from floorman.service._clocks import RoomTime
    from floorman.service._requests import Requests
    from floorman.shuffle import Shuffler
    from floorman.table import TableSetup

__all__ = ["Transactions"]


class Transactions:
    """A command as one transaction, and a live table's events in the log.
    Mixed into :class:`~floorman.service.cardroom.Cardroom`."""

    if TYPE_CHECKING:
        room: Room
        ledger: led.Ledger
        log: list[Entry]
        clock: RoomTime
        shuffler: Shuffler
        _lockup: int
        _tables: dict[int, Table]
        _setup_of: dict[int, TableSetup]
        _waiting: dict[int, dict[str, int]]
        _forced: set[str]
        _rulings: dict[int, FloorReport]
        _reseat: set[int]
        _watch: dict[str, tuple[int, int]]
        _last_big: dict[int, int]
        _going: dict[int, dict[str, int]]
        _out: list[Entry]
        _reached: list[tuple[int, Table, int]]
        _bringing: dict[str, tuple[int, bool]]
        _reason: str
        _floor_seen: tuple[Room, int, float, bool] | None

        def table(self, number: int) -> Table: ...
        def _settle_moves(self) -> None: ...
        def _reseat_from_floor(self, number: int) -> None: ...
        def _follow_table(self, number: int, table: Table, event: object) -> bool: ...
        def _floor(self, events: Any) -> None: ...
        def _limit_due(self, number: int, table: Table) -> None: ...

        @property
        def requests(self) -> Requests: ...

    def _transaction(
        self, work: Callable[..., object], *args: Any, lean: bool = False, dice: bool = True
    ) -> list[Entry]:
        """Carry out ``work(*args)`` whole, or raise its floorman error with
        nothing changed.

        What a refused command puts back is marked before it starts, as cheaply
        as it can be: the floor's and the cage's books by the length of their
        events (rebuilt from them only if a refused command changed them), the
        cardroom's own containers copied as deep as a command changes them
        (their keys and values are immutable; an empty one needs no copy), the
        players' requests (:class:`~floorman.service._requests.Requests`), and
        the shuffler's place. A table refuses before it changes, so it needs no
        copy: :meth:`_at` notes the length of each table's log as the command
        first reaches it, and a table found changed on a refused command is a
        fault, not a refusal.

        A ``lean`` command (:data:`_LEAN`) changes nothing but what its table
        does and what follows from that: refused, it was refused before
        anything changed, so only the books' lengths are marked, to prove it."""
        room, ledger = self.room, self.ledger
        room_mark = len(room.events)
        ledger_mark = len(ledger.events)
        kept: tuple[Any, ...] = ()
        if not lean:
            waiting, going = self._waiting, self._going
            kept = (
                {n: w.copy() for n, w in waiting.items()} if waiting else {},
                self._forced.copy() if self._forced else set(),
                self._rulings.copy() if self._rulings else {},
                self._reseat.copy() if self._reseat else set(),
                self._watch.copy() if self._watch else {},
                self._last_big.copy(),
                {n: g.copy() for n, g in going.items()} if going else {},
                self._tables.copy(),
                self._setup_of.copy(),
                _dice(self.shuffler) if dice else None,
                self.requests.copy(),
            )
        self._out = []
        try:
            work(*args)
            if self._reseat or self.room.moving():
                self._follow_up()
        except FloormanError as error:
            self._undo(error, room_mark, ledger_mark, kept)
            raise
        finally:
            if self._bringing:
                self._bringing = {}
            self._reason = "left"
            self._reached = []
        out, self._out = self._out, []
        self.log += out
        return out

    def _follow_up(self) -> None:
        """What follows every command: seat changes made at tables whose deal
        has ended, and moves the deals have brought due."""
        if self._reseat:
            for number in sorted(self._reseat):
                if not self.table(number).in_deal:
                    self._reseat_from_floor(number)
        if self.room.moving():
            self._settle_moves()

    def _act_now(self, c: cmd.Act) -> list[Entry]:
        """:meth:`handle` for an :class:`~floorman.service.commands.Act` with
        nothing due and no action clock: what :meth:`_transaction` and
        :meth:`_act` do for it, in one step, as it is most of what a cardroom
        does. Everything is checked, and the table refuses unchanged, before
        anything changes, so a refusal needs nothing put back; once the table
        has acted, a refusal from what follows is a fault, as in
        :meth:`_undo`."""
        player = c.player
        for number, table in self._tables.items():  # noqa: B007 (the table found)
            seat = table.seat_of(player)
            if seat is not None:
                break
        else:
            raise FloorError(f"{player} has no seat at a game that is dealing")
        positions = table.positions
        if seat not in positions or not table.in_deal:
            raise IllegalAction(f"{player} is not dealt in on a deal under way at table {number}")
        action = _action(c, positions.index(seat))
        log = table.log
        mark = len(log)
        table_events = len(table.events)
        table.apply(action)
        events = log[mark:]
        # What the floor and the cage follow is the table's own events, which
        # an action adds only as it ends the deal. Whether the floor orders a
        # move is as _may_fall_due found its books, unchanged since: it read
        # them again if they had changed, and the table's action leaves them.
        seen = self._floor_seen
        if len(table.events) != table_events or self._reseat or seen is None or seen[3]:
            return self._act_followed(number, table, events)
        # The deal went on, and nothing else follows: its events are recorded.
        entries = self.log
        out: list[Entry] = []
        _add_entries(out, len(entries), self.clock.now(), number, events)
        entries += out
        return out

    def _act_followed(self, number: int, table: Table, events: list[Any]) -> list[Entry]:
        """The rest of :meth:`_act_now` once the table has acted, when the floor
        or the cage follows what it did."""
        out: list[Entry] = []
        self._out = out
        try:
            self._took(number, table, events)
            if self._reseat or self.room.moving():
                self._follow_up()
        except FloormanError as error:
            self._out = []
            raise AssertionError(f"tables {[number]} changed on a refused command") from error
        finally:
            if self._bringing:
                self._bringing = {}
            self._reason = "left"
            if self._reached:
                self._reached = []
        self._out = []
        self.log += out
        return out

    def _undo(
        self, error: FloormanError, room_mark: int, ledger_mark: int, kept: tuple[Any, ...]
    ) -> None:
        """Put back what a refused command changed (see :meth:`_transaction`)."""
        self._out = []
        before = kept[7] if kept else self._tables
        changed = sorted(
            {n for n, t, mark in self._reached if before.get(n) is t and len(t.log) != mark}
        )
        if changed:  # a table refuses before it changes: this one did not
            raise AssertionError(f"tables {changed} changed on a refused command") from error
        if not kept:
            if len(self.room.events) != room_mark or len(self.ledger.events) != ledger_mark:
                raise AssertionError("a lean command changed the books before it was refused")
            return
        if len(self.room.events) != room_mark:
            room = Room(clock=self.clock, shuffler=self.shuffler, lockup=self._lockup)
            room.apply(self.room.events[:room_mark])
            self.room = room
        if len(self.ledger.events) != ledger_mark:
            ledger = led.Ledger()
            ledger.apply(self.ledger.events[:ledger_mark])
            self.ledger = ledger
        (
            self._waiting,
            self._forced,
            self._rulings,
            self._reseat,
            self._watch,
            self._last_big,
            self._going,
            self._tables,
            self._setup_of,
            dice,
            requests,
        ) = kept
        _restore(self.shuffler, dice)
        self.__dict__["_requests"] = requests

    def _at(self, number: int, operation: Callable[..., object], *args: Any) -> object:
        """Do an operation at a live table (``operation(table, *args)``), record
        what it caused there, and let the floor and the cage follow."""
        table = self._tables.get(number)
        if table is None:
            table = self.table(number)
        log = table.log
        mark = len(log)
        self._reached.append((number, table, mark))  # the transaction's mark, if the first
        result = operation(table, *args)
        if len(log) != mark:
            self._took(number, table, log[mark:])
        return result

    def _took(self, number: int, table: Table, events: list[Any]) -> None:
        """Record what an operation at a live table caused there, all at one
        time, and let the floor and the cage follow."""
        out = self._out
        _add_entries(out, len(self.log) + len(out), self.clock.now(), number, events)
        # Most of a table's events are its deals', which the floor leaves alone.
        if _FOLLOWED.isdisjoint(map(type, events)):
            return
        finished = False
        for event in events:
            if type(event) in _FOLLOWED:
                finished |= self._follow_table(number, table, event)
        if finished and not table.in_deal:
            for player, took in self._going.pop(number, {}).items():
                if self.room.seat_of(PlayerId(player)) is not None:
                    self._floor(self.room.away(PlayerId(player), took=took))
            self._reseat_from_floor(number)
            self._limit_due(number, table)


#: The table's events the floor and the cage follow (the cases of Cardroom._follow_table).
_FOLLOWED = frozenset(
    {tev.PlayerLeft, tev.ChipsPickedUp, tev.TimeCollected, tev.DealStarted, tev.DealFinished}
)
#: The commands that change nothing the cardroom keeps before their table acts
#: (a refusal comes from their checks or the table, which refuses unchanged):
#: what their table does, and what the floor and the cage do after it, is all
#: they change, so a refused one needs nothing put back (Cardroom._transaction).
_LEAN = frozenset({cmd.Act})

# An entry made as new_entry makes it, its slots set directly (Cardroom._at).
_new = object.__new__
_set_seq, _set_at, _set_table, _set_event = (
    typing.cast(Callable[[Entry, object], None], getattr(Entry, name).__set__)
    for name in ("seq", "at", "table", "event")
)


def _add_entries(out: list[Entry], seq: int, at: float, table: int, events: Sequence[Any]) -> None:
    """``events`` of ``table`` appended to ``out`` as entries numbered from
    ``seq``, at ``at``: new_entry's work, inline, as it runs for every event."""
    for event in events:
        entry = _new(Entry)
        _set_seq(entry, seq)
        _set_at(entry, at)
        _set_table(entry, table)
        _set_event(entry, event)
        out.append(entry)
        seq += 1
