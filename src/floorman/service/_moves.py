"""Moves and held seats falling due, seen from the deals: a must-move player
goes when the deals bring his move due (RRP5 seating.12, seating.14), and a
broken game's absent player loses the seat held for him once the big blind
passes it (RRP5 seating.15). Mixed into
:class:`~floorman.service.cardroom.Cardroom`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from floorman.errors import FloorError
from floorman.ids import PlayerId, Seat
from floorman.room.values import Due
from floorman.service._live import _next_big_blind
from floorman.table import Table
from floorman.table import events as tev
from floorman.table.placement import arc

if TYPE_CHECKING:
    from floorman.room.state import Room

__all__ = ["MoveKeeping"]


class MoveKeeping:
    """When the floor's moves and held seats fall due at the live tables."""

    if TYPE_CHECKING:
        room: Room
        _live_tables: bool
        _tables: dict[int, Table]
        _watch: dict[str, tuple[int, int]]
        _last_big: dict[int, int]

        def _floor(self, events: Any) -> None: ...

    def _big_blind_passed(self, number: int, table: Table, start: tev.DealStarted) -> None:
        """A broken game's absent player whose held seat the big blind reached or
        passed is due (RRP5 seating.15); at stud, after two deals."""
        previous = self._last_big.get(number)
        seats = table.setup.seats
        if start.big_blind is not None:
            self._last_big[number] = start.big_blind
            origin = previous if previous is not None else start.button
            passed = {start.big_blind}
            if origin is not None and origin != start.big_blind:  # a deal dealt again
                passed |= set(arc(origin, start.big_blind, seats))
        else:
            passed = set()
        for lock in self.room.locks(number):
            watched = self._watch.get(lock.player)
            if lock.reason != "broken" or watched is None or watched[0] != number:
                continue
            stud = start.big_blind is None
            if (stud and start.number - watched[1] > 2) or (not stud and lock.seat in passed):
                try:
                    events = self.room.due(PlayerId(lock.player))
                except FloorError:
                    continue  # back in time: the seat is his to take or turn down
                self._watch.pop(lock.player, None)
                self._floor(events)

    def _settle_moves(self) -> None:
        """Make every move the floor ordered that the deals have brought due
        (RRP5 seating.12, seating.14); without live tables, the dealer says so."""
        if not self._live_tables:
            return
        stuck: set[str] = set()
        for _ in range(64):
            due = next((p for p in self._due_moves() if p not in stuck), None)
            if due is None:
                return
            try:
                events = self.room.due(PlayerId(due))
            except FloorError:
                stuck.add(due)  # the floor cannot make it yet; it stays ordered
                continue
            self._watch.pop(due, None)
            self._floor(events)
        raise AssertionError("moves kept falling due")

    def _due_moves(self) -> Iterable[str]:
        if not self.room.moving():
            return
        for number in self.room.tables:
            for seat, player in self.room.seated(number).items():
                move = self.room.move_of(PlayerId(player))
                if move is not None and self._is_due(PlayerId(player), number, Seat(seat), move[2]):
                    yield player

    def _is_due(self, player: PlayerId, number: int, seat: Seat, when: Due) -> bool:
        table = self._tables.get(number)
        if table is None:
            return True  # a game not dealing yet holds nobody back
        if table.in_deal and seat in table.positions:
            return False  # the present deal is played out first
        if seat in table.players and table.is_away(Seat(seat)):
            return True  # not being dealt in, nothing holds him
        last = table.last_start
        started = self._watch.get(player, (number, 0))[1]
        if when is Due.NOW:
            # The button may be played once a blind is taken (RRP5 seating.14).
            took = last is not None and any(
                p.seat == seat and p.blind in ("small blind", "big blind") for p in last.posts
            )
            return not (took and last is not None and last.button != seat)
        if when is Due.NEXT_DEAL:
            return len(table.deals) > started
        return _next_big_blind(table) == seat
