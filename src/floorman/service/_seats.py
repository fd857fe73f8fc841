"""The floor's seats the cardroom carries out at its live tables: playing over
an absent player's seat (RRP5 policies.12), seats reserved (RRP5 seating.8)
and players kept apart (RRP5 seating.5).

A player playing over sits in the absent player's seat at the live table as a
new player, with chips of his own from the cage, while the absent player's
chips stay on the table behind him. He gets up, taking his chips, as the floor
says: when the seat's player comes back or he takes a seat of his own
(``PlayOverEnded``), and when the seat's player loses it (his chips picked up,
RRP5 policies.20; he leaves, is moved or his game breaks), so that the absent
player's chips can leave the table too. The seat's player back is dealt in
again at once.

Dealt in, the player playing over plays the deal out first: only one person
plays a hand (RRP5 policies.9). The seat's player coming back meanwhile is
back at the floor at once, so his absence ends then (RRP5 policies.20), and
has his seat at the table when the deal ends: the player playing over gets up
then, and he is dealt in again as he asked
(:class:`~floorman.service.events.BackAfterDeal`). A seat of his own for the
player playing over waits for the deal's end (the command is refused), and an
absent player's seat lost meanwhile is cleared when the deal ends.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from floorman.errors import FloorError
from floorman.ids import PlayerId, Seat
from floorman.room import events as rev
from floorman.room.values import Sanction as Penalty
from floorman.rulebook import cite
from floorman.service import commands as cmd
from floorman.service import events as cev
from floorman.service import ledger as led
from floorman.table import events as tev

if TYPE_CHECKING:
    from floorman.room.state import Room
    from floorman.service.log import Entry
    from floorman.table import Table, TableSetup

__all__ = ["SeatKeeping"]


class SeatKeeping:
    """Playing over, reserved seats and players kept apart, at the floor and the
    tables. Mixed into :class:`~floorman.service.cardroom.Cardroom`."""

    if TYPE_CHECKING:
        room: Room
        ledger: led.Ledger
        _tables: dict[int, Table]
        _setup_of: dict[int, TableSetup]
        _reseat: set[int]
        _forced: set[str]
        _live_tables: bool
        log: list[Entry]
        _out: list[Entry]

        def table(self, number: int) -> Table: ...
        def _floor(self, events: Any) -> None: ...
        def _note(self, event: cev.CardroomEvent) -> None: ...
        def _seats_wait(self, number: int) -> None: ...
        def _at(self, number: int, operation: Callable[..., object], *args: Any) -> object: ...
        def _cage(self, event: led.LedgerEvent) -> None: ...
        def _fund(self, player: PlayerId, chips: int) -> None: ...
        def _check_chips(self, player: PlayerId, number: int, chips: int) -> None: ...
        def _unseat(self, number: int, player: PlayerId, *, reason: str) -> None: ...

    # The floor's own unseating follows at once, with its reason.
    _owner_follows = False
    # The seat's player came back during the deal the player playing over is dealt in.
    _back_after_deal = False

    # ----- commands ----------------------------------------------------------

    def _keep_apart(self, c: cmd.KeepApart) -> None:
        a, b = c.players
        self._floor(self.room.keep_apart(PlayerId(a), PlayerId(b)))

    def _reserve(self, c: cmd.Reserve) -> None:
        self._floor(self.room.reserve(c.table, Seat(c.seat), PlayerId(c.player), reason=c.reason))

    def _play_over(self, c: cmd.PlayOver) -> None:
        if not self._live_tables:  # the seat is played at a table floorman does not deal
            return self._floor(self.room.play_over(PlayerId(c.player), c.table, Seat(c.seat)))
        self.table(c.table)  # only a game dealing has a seat to play over
        self._check_chips(c.player, c.table, c.chips)
        self._floor(self.room.play_over(PlayerId(c.player), c.table, Seat(c.seat)))
        least = self._setup_of[c.table].min_buy_in
        held = self.ledger.held(c.player)
        chips = c.chips or (
            held if held >= least else least
        )  # a new player's buy-in (RRP5 buy-in.1)
        self._fund(c.player, chips)
        # He sits as a new player, not with chips from a broken game (RRP5 buy-in.3).
        self._forced.discard(c.player)
        self._cage(led.ChipsBrought(player=PlayerId(c.player), table=c.table, amount=chips))
        self._at(
            c.table, lambda t: t.play_over(Seat(c.seat), PlayerId(c.player), chips, post=c.post)
        )

    def _back_to_seat_played_over(self, c: cmd.ComeBack) -> bool:
        """``c.player`` comes back to his seat, which another plays over at a
        live table, or did until the floor ended it during the deal under way
        (RRP5 policies.12): False if not. Between deals the player playing
        over gets up and the seat's player is dealt in again at once; during
        a deal the player playing over is dealt in, he plays it out, and the
        seat's player is back at the floor now and at the table from the
        deal's end. Whether he may wait for the big blind is checked now."""
        at = self.room.seat_of(c.player)
        if not self._live_tables or at is None or at[0] not in self._tables:
            return False
        number, seat = at
        table = self._tables[number]
        if table.owner_of(seat) != c.player:
            return False
        table.check_come_back(seat, post=c.post)
        if not (table.in_deal and seat in table.positions):
            self._floor(self.room.come_back(c.player, restored=c.restored))
            self._at(number, lambda t: t.come_back(seat, post=c.post))
            return True
        self._back_after_deal = True
        try:
            self._floor(self.room.come_back(c.player, restored=c.restored))
        finally:
            self._back_after_deal = False
        self._note(
            cev.BackAfterDeal(
                player=c.player, table=number, post=c.post, citations=cite("policies.12")
            )
        )
        return True

    # ----- the tables follow the floor ------------------------------------------

    def _follow_over(self, event: rev.RoomEvent) -> None:
        """Before the floor's event is carried out at the tables: a player playing
        over gets up when the floor ends it or the seat's player loses the seat."""
        match event:
            case rev.PlayOverEnded():
                waits = self._back_after_deal  # else a seat of his own waits for the deal
                self._over_gets_up(event.table, event.seat, event.player, waits=waits)
            case rev.ChipsPickedUp() | rev.PlayerLeft():
                self._seat_lost(event.table, event.seat, event.player)
            case rev.PlayerMoved():  # to another game, or another seat in this one
                self._seat_lost(event.table, event.seat, event.player)
            case rev.GameBroken():
                table = self._tables.get(event.table)
                drawn = {player for player, _card in event.order}
                for seat, player in list(table.players.items()) if table is not None else ():
                    if player not in drawn:
                        self._over_gets_up(event.table, seat, player)
            case rev.Sanctioned() if event.sanction is not Penalty.WARNING:
                for number, table in list(self._tables.items()):
                    for seat, player in list(table.players.items()):
                        if player == event.player and self.room.seat_of(player) != (number, seat):
                            self._over_gets_up(number, seat, player)
            case _:
                pass

    def _seat_lost(self, number: int, seat: Seat, owner: PlayerId) -> None:
        table = self._tables.get(number)
        over = table.players.get(seat) if table is not None else None
        if over is not None and over != owner:
            self._over_gets_up(number, seat, over)

    def _over_gets_up(
        self, number: int, seat: Seat, player: PlayerId, *, waits: bool = True
    ) -> None:
        """``player``, playing over ``seat``, gets up with his chips; dealt in, at
        the deal's end if ``waits``, else the floor's change is refused."""
        table = self._tables.get(number)
        if table is None or table.players.get(seat) != player:
            return
        if table.in_deal and seat in table.positions:
            if not waits:
                raise FloorError(
                    f"{player} is playing over seat {seat} at table {number} on the deal under"
                    " way; he gives the seat back when it ends",
                    citations=cite("policies.12"),
                )
            self._seats_wait(number)  # the table's seats become the floor's at the deal's end
        self._owner_follows = True
        try:
            self._at(number, lambda t: t.leave(Seat(seat)))
        finally:
            self._owner_follows = False

    def _after_over(self, number: int, table: Table, event: object) -> None:
        """A player playing over got up at a deal's end: the seat's player, back
        in it at the table, loses it too if the floor took it meanwhile, and is
        dealt in again if he came back during the deal (RRP5 policies.12)."""
        if self._owner_follows or not isinstance(event, tev.PlayerLeft):
            return
        owner = table.players.get(event.seat)
        if owner is None:
            return
        at = self.room.seat_of(owner)
        if at is None or at[0] != number:
            self._unseat(number, owner, reason=self._why_gone(owner))
            return
        if at[1] != event.seat:
            return  # a seat change: the table's seats follow the floor's now the deal is over
        if table.is_away(event.seat) and not self.room.is_away(owner):
            post = self._post_when_back(number, owner)
            self._at(number, lambda t: t.come_back(event.seat, post=post))

    def _post_when_back(self, number: int, player: str) -> bool:
        """Whether ``player``, back during the deal at ``number``, said he posts
        what he owes or waits for the big blind: his latest return logged."""
        for entry in itertools.chain(reversed(self._out), reversed(self.log)):
            found = entry.event
            if isinstance(found, cev.BackAfterDeal) and (found.player, found.table) == (
                player,
                number,
            ):
                return found.post
        return True

    def _why_gone(self, player: str) -> str:
        for event in reversed(self.room.events):
            match event:
                case rev.ChipsPickedUp() if event.player == player:
                    return "picked up"
                case rev.PlayerMoved() if event.player == player:
                    return "moved"
                case rev.PlayerLeft() if event.player == player:
                    return "left"
                case _:
                    pass
        return "left"
