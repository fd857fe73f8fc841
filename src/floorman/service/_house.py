"""Tables the house runs itself: a live table outside the floor's lists.

:class:`~floorman.service.commands.OpenTable` opens a live table from its
setup in full, the button on a given seat or drawn for (RRP5 seating.6), and
players sit at it by seat (:class:`~floorman.service.commands.SitDown`)
rather than as the floor calls them from its lists. A session at one table
is played through such a table. The cage follows it as any live table: chips
brought come from the cage, chips carried off a table go back to the player,
time collected is the house's.

A player's commands that the floor carries out for its own games (leaving,
coming back, changing seats, buying chips, playing over) go straight to the
table here (:meth:`HouseTables._house_route`). The table's own commands, the
dealer's cards for a deal not shuffled, sitting out, chips arriving or picked
up, the time declined, the button corrected, the names waiting and a request
to see a called hand, work at any live table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from floorman.deal.actions import DealBoard, DealHole
from floorman.errors import FloorError
from floorman.floor.requests import ask_to_see
from floorman.floor.rulings import Ruling
from floorman.ids import PlayerId, Seat
from floorman.service import commands as cmd
from floorman.service import events as cev
from floorman.service import ledger as led
from floorman.table import Table

if TYPE_CHECKING:
    from floorman.room.state import Room
    from floorman.service._clocks import RoomTime
    from floorman.shuffle import Shuffler
    from floorman.table import TableSetup

__all__ = ["HOUSE_HANDLERS", "HouseTables"]


class HouseTables:
    """Live tables outside the floor's lists, and the commands any live table
    takes. Mixed into :class:`~floorman.service.cardroom.Cardroom`."""

    if TYPE_CHECKING:
        room: Room
        clock: RoomTime
        shuffler: Shuffler
        _tables: dict[int, Table]
        _setup_of: dict[int, TableSetup]

        def table(self, number: int) -> Table: ...
        def _at(self, number: int, operation: Callable[..., object], *args: Any) -> object: ...
        def _record(self, table: int | None, event: Any) -> None: ...
        def _cage(self, event: led.LedgerEvent) -> None: ...
        def _note(self, event: cev.CardroomEvent) -> None: ...
        def _fund(self, player: PlayerId, chips: int) -> None: ...
        def _seat(self, player: PlayerId) -> tuple[int, Seat]: ...
        def _live_seat(self, player: PlayerId) -> tuple[int, Seat] | None: ...

    def _house_route(self, command: cmd.Command) -> Callable[[Any, Any], None] | None:
        """The handler of a player's command at a table the house runs itself,
        where the floor's own handler would look for the floor's seat."""
        if type(command) not in _ROUTED:
            return None
        if isinstance(command, cmd.PlayOver):
            number: int | None = command.table
        else:
            player = getattr(command, "player", None)
            at = self._live_seat(PlayerId(player)) if isinstance(player, str) else None
            number = at[0] if at is not None else None
        if number is None or number not in self._tables or number in self.room.tables:
            return None
        return _ROUTED.get(type(command))

    def _house_table(self, number: int) -> Table:
        table = self.table(number)
        if number in self.room.tables:
            raise FloorError(f"the floor seats the players of table {number}'s game from its lists")
        return table

    # ----- opening and sitting ------------------------------------------------

    def _open_table(self, c: cmd.OpenTable) -> None:
        if c.table in self._tables or c.table in self.room.tables:
            raise FloorError(f"table {c.table} is open already")
        table = Table(c.setup, shuffler=self.shuffler, clock=self.clock, button=c.button)
        self._note(cev.HouseTableOpened(table=c.table, setup=c.setup))
        self._tables[c.table] = table
        for event in table.log:  # the table's opening, so its log rebuilds it
            self._record(c.table, event)

    def _sit_down(self, c: cmd.SitDown) -> None:
        self._house_table(c.table)
        self._at(
            c.table,
            lambda t: t.sit(
                Seat(c.seat), PlayerId(c.player), c.chips, post=c.post, transfer=c.transfer
            ),
        )
        self._bring(c.player, c.table, c.chips, transfer=c.transfer)

    def _bring(self, player: str, number: int, chips: int, *, transfer: bool = False) -> None:
        """The chips a player took to the table come from the cage."""
        self._fund(PlayerId(player), chips)
        self._cage(
            led.ChipsBrought(player=PlayerId(player), table=number, amount=chips, transfer=transfer)
        )

    # ----- a player's commands, at a table the house runs -----------------------

    def _house_leave(self, c: cmd.Leave) -> None:
        number, seat = self._seat(c.player)
        self._at(number, lambda t: t.leave(Seat(seat)))

    def _house_come_back(self, c: cmd.ComeBack) -> None:
        number, seat = self._seat(c.player)
        self._at(number, lambda t: t.come_back(Seat(seat), post=c.post))

    def _house_change_seat(self, c: cmd.ChangeSeat) -> None:
        number, seat = self._seat(c.player)
        to = c.seat
        if to is None:
            raise FloorError(f"{c.player} names the seat he changes to at table {number}")
        self._at(number, lambda t: t.change_seat(Seat(seat), to))

    def _house_buy(self, c: cmd.Buy) -> None:
        number, seat = self._seat(c.player)
        self._at(
            number, lambda t: t.buy(Seat(seat), c.chips, arrived=c.arrived, announced=c.announced)
        )
        self._bring(c.player, number, c.chips)

    def _house_play_over(self, c: cmd.PlayOver) -> None:
        self._at(
            c.table, lambda t: t.play_over(Seat(c.seat), PlayerId(c.player), c.chips, post=c.post)
        )
        self._bring(c.player, c.table, c.chips)

    # ----- at any live table -----------------------------------------------------

    def _deal_cards(self, c: cmd.DealCards) -> None:
        table = self.table(c.table)
        if c.player is None:
            board = DealBoard(cards=c.cards)
            self._at(c.table, lambda t: t.on_deal(lambda d: d.apply(board)))
            return
        seat = next((s for s, p in table.players.items() if p == c.player), None)
        if seat is None:
            raise FloorError(f"{c.player} has no seat at table {c.table}")
        hole = DealHole(position=table.position_of(seat), cards=c.cards)
        self._at(c.table, lambda t: t.on_deal(lambda d: d.apply(hole)))

    def _chips_arrive(self, c: cmd.ChipsArrive) -> None:
        number, seat = self._seat(c.player)
        self._at(number, lambda t: t.arrive(Seat(seat)))

    def _sit_out(self, c: cmd.SitOut) -> None:
        number, seat = self._seat(c.player)
        self._at(number, lambda t: t.sit_out(Seat(seat), minutes=c.minutes))

    def _pick_up(self, c: cmd.PickUp) -> None:
        number, seat = self._seat(c.player)
        self._at(number, lambda t: t.pick_up(Seat(seat)))

    def _decline_time(self, c: cmd.DeclineTime) -> None:
        number, seat = self._seat(c.player)
        self._at(number, lambda t: t.decline_time(Seat(seat)))

    def _correct_button(self, c: cmd.CorrectButton) -> None:
        self.table(c.table)
        self._at(c.table, lambda t: t.correct_button(Seat(c.seat)))

    def _count_waiting(self, c: cmd.CountWaiting) -> None:
        self.table(c.table)
        self._at(c.table, lambda t: t.count_waiting(c.names))

    def _ask_to_see(self, c: cmd.AskToSee) -> None:
        self.table(c.table)
        ruling = self._at(
            c.table, lambda t: ask_to_see(t, asker=c.asker, shown=c.shown, deal=c.deal)
        )
        assert isinstance(ruling, Ruling)
        self._record(c.table, ruling)


_ROUTED: dict[type, Callable[[Any, Any], None]] = {
    cmd.Leave: HouseTables._house_leave,
    cmd.ComeBack: HouseTables._house_come_back,
    cmd.ChangeSeat: HouseTables._house_change_seat,
    cmd.Buy: HouseTables._house_buy,
    cmd.PlayOver: HouseTables._house_play_over,
}

#: The commands of a table the house runs, registered with the cardroom's own.
HOUSE_HANDLERS: dict[type, Callable[[Any, Any], None]] = {
    cmd.OpenTable: HouseTables._open_table,
    cmd.SitDown: HouseTables._sit_down,
    cmd.DealCards: HouseTables._deal_cards,
    cmd.ChipsArrive: HouseTables._chips_arrive,
    cmd.SitOut: HouseTables._sit_out,
    cmd.PickUp: HouseTables._pick_up,
    cmd.DeclineTime: HouseTables._decline_time,
    cmd.CorrectButton: HouseTables._correct_button,
    cmd.CountWaiting: HouseTables._count_waiting,
    cmd.AskToSee: HouseTables._ask_to_see,
}
