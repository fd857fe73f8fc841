"""A cardroom whose games are dealt outside floorman: the floor alone.

With ``live_tables=False`` a :class:`~floorman.service.cardroom.Cardroom`
keeps the floor (games, lists, seats, lock-ups, absences, sanctions) and no
live table: the games are dealt by dealers floorman does not see, so no chips
pass through the cage, and a move or a held seat cannot be seen falling due
from the deals. The dealer tells the floor instead, with :class:`~floorman.
service.commands.Due` (RRP5 seating.12, seating.14, seating.15). Commands that
act on a live table, or bring chips to one, are refused there.

Without a table's action clock, nobody watches the time between the floor's
looks: the floor acts on its timers (lock-ups and absences run out, RRP5
policies.20, policies.21, seating.2) when the cardroom is advanced, all as of
that time, as a floorperson walking the room finds them.

Remote interest (:class:`~floorman.service.commands.NoteInterest`, RRP5
seating.1) is the floor's in either kind of cardroom.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from floorman.errors import FloorError
from floorman.ids import PlayerId
from floorman.rulebook import cite
from floorman.service import commands as cmd

if TYPE_CHECKING:
    from floorman.room.state import Room
    from floorman.service._clocks import RoomTime
    from floorman.service.log import Entry

__all__ = ["OUTSIDE_HANDLERS", "OutsideTables"]

#: Commands that act on a live table or on the cage's chips.
_AT_LIVE_TABLES: tuple[type, ...] = (
    cmd.Buy,
    cmd.CashOut,
    cmd.StartDeal,
    cmd.Act,
    cmd.Choose,
    cmd.Straddle,
    cmd.Report,
    cmd.Decide,
    cmd.Transfer,
    cmd.Impound,
    cmd.Release,
    cmd.OpenTable,
    cmd.SitDown,
    cmd.DealCards,
    cmd.ChipsArrive,
    cmd.SitOut,
    cmd.PickUp,
    cmd.DeclineTime,
    cmd.CorrectButton,
    cmd.CountWaiting,
    cmd.AskToSee,
)


class OutsideTables:
    """The floor's own commands, and the floor without live tables. Mixed into
    :class:`~floorman.service.cardroom.Cardroom`."""

    if TYPE_CHECKING:
        room: Room
        clock: RoomTime
        log: list[Entry]
        _live_tables: bool

        def _floor(self, events: Any) -> None: ...
        def _commit(
            self, work: Callable[..., object], *args: Any, lean: bool = False, dice: bool = True
        ) -> list[Entry]: ...

    def _look(self, now: float) -> list[Entry]:
        """The floor, without live tables, acts at ``now`` on every timer run out."""
        deadline = self.room.next_deadline()
        if deadline is None or deadline > now:
            return []
        moment = max(now, self.log[-1].at) if self.log else now
        with self.clock.at(moment):
            return self._commit(lambda: self._floor(self.room.tick()))

    def _check_kind(self, command: cmd.Command) -> None:
        """Refuse, in a cardroom without live tables, what only they can do."""
        if self._live_tables:
            return
        if isinstance(command, _AT_LIVE_TABLES):
            raise FloorError(
                f"the games of this cardroom are dealt outside floorman:"
                f" {type(command).__name__} needs a live table"
            )
        chips = getattr(command, "chips", 0)
        if isinstance(command, cmd.TakeSeat | cmd.Sit | cmd.PlayOver) and chips:
            raise FloorError(
                "the games of this cardroom are dealt outside floorman: a player brings"
                f" his chips to the table himself, not {chips} from the cage"
            )

    def _note_interest(self, c: cmd.NoteInterest) -> None:
        self._floor(self.room.note_interest(PlayerId(c.player), c.kind))

    def _due(self, c: cmd.Due) -> None:
        if self._live_tables:
            raise FloorError(
                f"the live tables' deals bring {c.player}'s move or held seat due;"
                " a dealer reports it only in a cardroom whose games are dealt outside floorman",
                citations=cite("seating.12", "seating.14", "seating.15"),
            )
        self._floor(self.room.due(PlayerId(c.player)))


#: The floor's own commands, registered with the cardroom's.
OUTSIDE_HANDLERS: dict[type, Callable[[Any, Any], None]] = {
    cmd.NoteInterest: OutsideTables._note_interest,
    cmd.Due: OutsideTables._due,
}
