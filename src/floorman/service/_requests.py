"""What the players of a game may ask for or refuse at their table, and the
notes the floor is given to look into.

- A limit change (RRP5 policies.17): management proposes new stakes for a
  game (:class:`~floorman.service.commands.ProposeLimit`; its proposing is
  management's approval, which a raise needs); the game's players may object
  (:class:`~floorman.service.commands.ObjectToLimit`), and the second
  objection refuses the change (:class:`LimitRefused`). The players have
  their say until the end of the first deal started after the proposal, so
  each of them sees a whole deal to object in; if it stands then, the table
  plays at the new stakes from the next deal (:class:`LimitChanged`): its
  blinds or bring-in and ante, its bets and its full buy-in. The floor's
  lists keep the game under the kind it opened as (a player listed for it is
  still called to it).
- A new deck or setup (RRP5 policies.22): a player may ask for one; a deck is
  changed only after it has gone once around the table (as many deals since
  it came in as players were dealt in at the last one), a setup only after an
  hour, unless it is defective, damaged or sticky, which changes it at once.
- Observers (RRP5 policies.27): a player of a game may object to anyone
  watching it who does not play in it; while a player who objected still
  sits in the game, the server lets no observer follow the table. His
  objection stands until he withdraws it, so it holds again if he leaves and
  sits in the game again.
- A note for the floor (:class:`~floorman.service.commands.FlagConduct`), e.g.
  a check-down with a third player all in (RRP5 conduct.improper.3): recorded,
  not ruled on.

Each is an event of the cardroom's own, recorded without a table (a table's
log holds only what its deal and seats are made of) and kept here as the
log is read, so a rebuilt cardroom knows the same. Every handler checks
before it records; a command refused after a request's event was noted puts
the book back as it was (:meth:`Requests.copy`, in the cardroom's
transaction), so a refused command changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from floorman.errors import ConfigError, FloorError
from floorman.ids import PlayerId
from floorman.rulebook import cite
from floorman.service import commands as cmd
from floorman.service import events as cev
from floorman.service._live import restaked, stakes_figures, stakes_of_setup
from floorman.table import events as tev

if TYPE_CHECKING:
    from floorman.room.state import Room
    from floorman.service._clocks import RoomTime
    from floorman.service.log import Entry
    from floorman.table import Table, TableSetup

__all__ = ["REQUEST_EVENTS", "REQUEST_HANDLERS", "Requests", "TableRequests"]

#: Why a deck or setup may be changed before its time (RRP5 policies.22).
UNFIT = ("defective", "damaged", "sticky")
#: How long a setup is used before it may be changed (RRP5 policies.22), seconds.
SETUP_HOUR = 3600.0

#: The cardroom events this module keeps.
REQUEST_EVENTS = (
    cev.LimitProposed,
    cev.LimitObjected,
    cev.LimitRefused,
    cev.LimitChanged,
    cev.DeckChanged,
    cev.ObserversRefused,
    cev.ObserversAllowed,
    cev.ConductFlagged,
)


@dataclass(slots=True)
class Requests:
    """What the players' requests add up to: each table's open limit proposal
    and its objectors (``limits``) and the deal whose end closes it
    (``closes``), the stakes each game's limit was changed to (``stakes``), and
    the players objecting to observers."""

    limits: dict[int, tuple[str, tuple[PlayerId, ...]]] = field(default_factory=dict)
    closes: dict[int, int] = field(default_factory=dict)
    stakes: dict[int, str] = field(default_factory=dict)
    objecting: dict[int, tuple[str, ...]] = field(default_factory=dict)

    def copy(self) -> Requests:
        """A copy to put back if a command is refused (its values are immutable)."""
        if not (self.limits or self.stakes or self.objecting or self.closes):
            return Requests()
        return Requests(
            limits=self.limits.copy(),
            closes=self.closes.copy(),
            stakes=self.stakes.copy(),
            objecting=self.objecting.copy(),
        )

    def drop(self, table: int) -> None:
        """The game at ``table`` closed: its limit, and any change proposed to
        it, are over (a game opened there later plays at its own kind's)."""
        for kept in (self.limits, self.closes, self.stakes):
            kept.pop(table, None)


class TableRequests:
    """The players' requests at their tables. Mixed into
    :class:`~floorman.service.cardroom.Cardroom`."""

    if TYPE_CHECKING:
        room: Room
        clock: RoomTime
        log: list[Entry]
        _tables: dict[int, Table]
        _setup_of: dict[int, TableSetup]

        def _note(self, event: cev.CardroomEvent) -> None: ...

    @property
    def requests(self) -> Requests:
        """The open limit proposals and the objections to observers."""
        book = self.__dict__.get("_requests")
        if book is None:
            book = self.__dict__["_requests"] = Requests()
        return book

    def stakes_of(self, table: int) -> str:
        """The stakes the game at ``table`` plays at: those of its kind, or
        those a limit change made (RRP5 policies.17)."""
        changed = self.requests.stakes.get(table)
        if changed is not None:
            return changed
        if table in self.room.tables:
            return self.room.kind_of(table).stakes
        setup = self._setup_of.get(table)
        if setup is None:
            raise FloorError("no game at table {table}", table=table)
        return stakes_of_setup(setup)

    def players_at(self, table: int) -> frozenset[str]:
        """The players seated in the game at ``table`` now."""
        live = self._tables.get(table)
        if live is not None:
            return frozenset(live.players.values())
        if table in self.room.tables:
            return frozenset(self.room.seated(table).values())
        return frozenset()

    def observers_refused(self, table: int) -> tuple[str, ...]:
        """The players seated at ``table`` who object to observers there (RRP5
        policies.27); none: anyone may watch."""
        seated = self.players_at(table)
        return tuple(p for p in self.requests.objecting.get(table, ()) if p in seated)

    def _seated_here(self, player: str, table: int, what: str, rule: str) -> None:
        if player not in self.players_at(table):
            raise FloorError(
                "{player} does not play at table {table}; only the game's players {what}",
                code="not_seated",
                citations=cite(rule),
                player=player,
                table=table,
                what=what,
            )

    # ----- commands ----------------------------------------------------------

    def _propose_limit(self, c: cmd.ProposeLimit) -> None:
        if c.table not in self.room.tables and c.table not in self._tables:
            raise FloorError("no game at table {table} to change", table=c.table)
        stakes_figures(c.stakes)  # refused unless it reads as stakes
        now = self.stakes_of(c.table)
        if c.stakes == now:
            raise FloorError(
                "the game at table {table} plays at {stakes} already; propose other stakes",
                citations=cite("policies.17"),
                table=c.table,
                stakes=now,
            )
        setup = self._setup_of.get(c.table)
        if setup is not None:
            try:  # the table must be able to deal at the new stakes
                restaked(setup, c.stakes)
            except ConfigError as error:
                raise FloorError(
                    "table {table} cannot play at {stakes}: {why}",
                    citations=cite("policies.17"),
                    table=c.table,
                    stakes=c.stakes,
                    why=str(error),
                ) from None
        live = self._tables.get(c.table)
        last = live.deals.slots[-1].started.number if live and live.deals.slots else 0
        self._note(
            cev.LimitProposed(
                table=c.table,
                stakes=c.stakes,
                until_deal=last + 1,
                citations=cite("policies.17"),
            )
        )

    def _limit_due(self, number: int, table: Table) -> None:
        """A deal at ``number`` ended: a limit change whose players had their say
        through it, fewer than two objecting, is made from the next deal (RRP5
        policies.17)."""
        open_ = self.requests.limits.get(number)
        if open_ is None or not table.deals.slots:
            return
        ended = table.deals.slots[-1].started.number
        if ended < self.requests.closes.get(number, 0):
            return
        stakes, objectors = open_
        self._note(
            cev.LimitChanged(
                table=number,
                stakes=stakes,
                was=self.stakes_of(number),
                deal=ended,
                objectors=objectors,
                citations=cite("policies.17"),
            )
        )

    def _object_to_limit(self, c: cmd.ObjectToLimit) -> None:
        self._seated_here(c.player, c.table, "object to its limit change", "policies.17")
        proposal = self.requests.limits.get(c.table)
        if proposal is None:
            raise FloorError(
                "no limit change is proposed at table {table} to object to",
                code="floor",
                citations=cite("policies.17"),
                table=c.table,
            )
        stakes, objectors = proposal
        if c.player in objectors:
            raise FloorError(
                "{player} has already objected to the limit change at table {table}",
                citations=cite("policies.17"),
                player=c.player,
                table=c.table,
            )
        rule = cite("policies.17")
        self._note(cev.LimitObjected(table=c.table, player=c.player, citations=rule))
        now = (*objectors, c.player)
        if len(now) >= 2:
            self._note(
                cev.LimitRefused(table=c.table, stakes=stakes, objectors=now, citations=rule)
            )

    def _ask_deck_change(self, c: cmd.AskDeckChange) -> None:
        self._seated_here(c.player, c.table, "ask for a new deck", "policies.22")
        if c.reason and c.reason not in UNFIT:
            raise FloorError(
                "a deck goes early only when it is {unfit}, not {reason!r}; ask without a"
                " reason once its round (a setup: its hour) is up",
                code="deck_change_refused",
                citations=cite("policies.22"),
                unfit=", ".join(UNFIT),
                reason=c.reason,
            )
        table = self._tables.get(c.table)
        if table is None:
            raise FloorError(
                "table {table} is not dealing: its deck comes in with its first deal",
                code="deck_change_refused",
                citations=cite("policies.22"),
                table=c.table,
            )
        deals, round_, since = self._deck_use(c.table, setup=c.setup)
        last = table.deals.slots[-1].started.number if table.deals.slots else 0
        if not c.reason:
            if c.setup and (since is None or self._now() - since < SETUP_HOUR):
                used = 0.0 if since is None else self._now() - since
                raise FloorError(
                    "the setup at table {table} has been used {minutes} minutes; a new setup"
                    " is used an hour before it is changed, unless it is defective, damaged"
                    " or sticky",
                    code="deck_change_refused",
                    citations=cite("policies.22"),
                    table=c.table,
                    minutes=int(used // 60),
                )
            if not c.setup and round_ == 0:
                raise FloorError(
                    "the deck at table {table} has dealt no deal yet; a new deck goes once"
                    " around the table before it is changed, unless it is defective, damaged"
                    " or sticky",
                    code="deck_change_refused",
                    citations=cite("policies.22"),
                    table=c.table,
                    deals=0,
                )
            if not c.setup and deals < round_:
                raise FloorError(
                    "the deck at table {table} has dealt {deals} of the {round} deals of a"
                    " round; a new deck goes once around the table before it is changed,"
                    " unless it is defective, damaged or sticky",
                    code="deck_change_refused",
                    citations=cite("policies.22"),
                    table=c.table,
                    deals=deals,
                    round=round_,
                )
        self._note(
            cev.DeckChanged(
                table=c.table,
                player=c.player,
                deal=last,
                setup=c.setup,
                reason=c.reason,
                citations=cite("policies.22"),
            )
        )

    def _deck_use(self, table: int, *, setup: bool) -> tuple[int, int, float | None]:
        """Since the deck (``setup``: the setup) in use at ``table`` came in: the
        deals started, the players dealt in at the last one (a round), and when
        its first deal started (None: none yet). Read from the log, newest first,
        back to the last change."""
        deals, round_, first = 0, 0, None
        for entry in reversed(self.log):
            event = entry.event
            if isinstance(event, cev.DeckChanged) and event.table == table:
                if event.setup or not setup:
                    break
            elif entry.table == table and isinstance(event, tev.DealStarted):
                deals += 1
                round_ = round_ or len(event.dealt_in)
                first = entry.at
        return deals, round_, first

    def _now(self) -> float:
        return self.clock.now()

    def _object_to_observers(self, c: cmd.ObjectToObservers) -> None:
        self._seated_here(c.player, c.table, "may refuse observers", "policies.27")
        if c.player in self.requests.objecting.get(c.table, ()):
            return  # his objection stands already
        self._note(
            cev.ObserversRefused(table=c.table, player=c.player, citations=cite("policies.27"))
        )

    def _allow_observers(self, c: cmd.AllowObservers) -> None:
        if c.player not in self.requests.objecting.get(c.table, ()):
            raise FloorError(
                "{player} has no objection to observers at table {table} to withdraw",
                citations=cite("policies.27"),
                player=c.player,
                table=c.table,
            )
        self._note(
            cev.ObserversAllowed(table=c.table, player=c.player, citations=cite("policies.27"))
        )

    def _flag_conduct(self, c: cmd.FlagConduct) -> None:
        rules = cite(*c.rules)  # an unknown rule is refused here
        self._note(
            cev.ConductFlagged(
                table=c.table, deal=c.deal, players=c.players, note=c.note, citations=rules
            )
        )

    # ----- what the events add up to ---------------------------------------------

    def _keep_request(self, event: cev.CardroomEvent) -> None:
        """What a request's event changes, as it happens and as the log is read."""
        book = self.requests
        match event:
            case cev.LimitProposed():
                book.limits[event.table] = (event.stakes, ())
                book.closes[event.table] = event.until_deal
            case cev.LimitObjected() if event.table in book.limits:
                stakes, objectors = book.limits[event.table]
                book.limits[event.table] = (stakes, (*objectors, event.player))
            case cev.LimitRefused():
                book.limits.pop(event.table, None)
                book.closes.pop(event.table, None)
            case cev.LimitChanged():
                book.limits.pop(event.table, None)
                book.closes.pop(event.table, None)
                book.stakes[event.table] = event.stakes
                # From the next deal: the table deals at these stakes, and a
                # player sitting down brings their full buy-in (RRP5 buy-in.1).
                setup = self._setup_of.get(event.table)
                if setup is not None:
                    self._setup_of[event.table] = setup = restaked(setup, event.stakes)
                    live = self._tables.get(event.table)
                    if live is not None:
                        live.setup = setup
            case cev.ObserversRefused():
                now = book.objecting.get(event.table, ())
                if event.player not in now:
                    book.objecting[event.table] = (*now, event.player)
            case cev.ObserversAllowed():
                now = book.objecting.get(event.table, ())
                book.objecting[event.table] = tuple(p for p in now if p != event.player)
            case _:
                pass


REQUEST_HANDLERS: dict[type, Any] = {
    cmd.ProposeLimit: TableRequests._propose_limit,
    cmd.ObjectToLimit: TableRequests._object_to_limit,
    cmd.AskDeckChange: TableRequests._ask_deck_change,
    cmd.ObjectToObservers: TableRequests._object_to_observers,
    cmd.AllowObservers: TableRequests._allow_observers,
    cmd.FlagConduct: TableRequests._flag_conduct,
}
