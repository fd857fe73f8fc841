"""One cardroom: the floor and its live tables joined, commands in, events out.

A :class:`Cardroom` holds the :class:`~floorman.room.Room` (games, lists,
seats) and a live :class:`~floorman.table.Table` for every game that has
started dealing, the cage's :class:`~floorman.service.ledger.Ledger`, and the
cardroom log (:class:`~floorman.service.log.Entry`). :meth:`Cardroom.handle`
takes a :mod:`command <floorman.service.commands>` and answers with the log
entries it caused; a refused command raises its floorman error and changes
nothing: not the room, the tables, the ledger or the log.

The floor and the tables are joined as a cardroom joins them:

- the player the floor seats sits at the live table, with chips from the cage
  (before the game starts they wait at the seat, and the live table takes
  them when the players have drawn for the button, RRP5 seating.6);
- a move the floor ordered is made when the table's own deals bring it due:
  at the big blind (RRP5 seating.12), after the present deal or the button if
  a blind is already taken (RRP5 seating.14), after one more deal at stud; a
  broken game's absent player loses the seat held for him once the big blind
  passes it (two deals at stud, RRP5 seating.15);
- a player who leaves (once his deal ends) or whose chips are picked up (RRP5
  policies.20) frees the seat at the floor and the table alike, and the floor
  calls the next name;
- a broken game's players take their chips to the seats the draw gives them
  (RRP5 seating.15), keeping a stack below the buy-in (RRP5 buy-in.3), and
  post or wait for the big blind as new players;
- a suspended or barred player is unseated and his chips cashed out.

>>> from floorman.clock import ManualClock
>>> from floorman.games import Structure
>>> from floorman.room.values import GameKind
>>> from floorman.service import commands as c
>>> room = Cardroom(clock=ManualClock())
>>> nl = GameKind(game="holdem", structure=Structure.NO_LIMIT, stakes="1/2")
>>> _ = room.handle(c.OpenGame(table=1, kind=nl, seats=6))
>>> for name in ("ann", "bob"):
...     _ = room.handle(c.SignUp(player=name, kind=nl))
...     _ = room.handle(c.TakeSeat(player=name, table=1, chips=100))
>>> _ = room.handle(c.StartGame(table=1))
>>> room.table(1).players, room.ledger.balance(), room.chips_in_play()
({1: 'ann', 2: 'bob'}, 200, 200)
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from floorman.clock import Clock
from floorman.errors import ConfigError, FloorError, IllegalAction, by_seats
from floorman.floor.reports import Report as FloorReport
from floorman.floor.rulings import Ruling, decide_at_table, rule_at_table
from floorman.ids import PlayerId, Seat
from floorman.room import events as rev
from floorman.room.state import Room
from floorman.room.values import GameKind
from floorman.room.values import Sanction as Penalty
from floorman.rulebook import Citation, cite
from floorman.service import commands as cmd
from floorman.service import events as cev
from floorman.service import ledger as led
from floorman.service._clocks import Clocks, RoomTime, Timekeeping
from floorman.service._house import _ROUTED, HOUSE_HANDLERS, HouseTables
from floorman.service._live import (
    _action,
    _took_within_the_hour,
    table_setup,
)
from floorman.service._moves import MoveKeeping
from floorman.service._outside import OUTSIDE_HANDLERS, OutsideTables
from floorman.service._requests import REQUEST_HANDLERS, TableRequests
from floorman.service._seats import SeatKeeping
from floorman.service._transact import _LEAN, Transactions
from floorman.service.log import Entry, new_entry
from floorman.service.state import CardroomState, state_of
from floorman.service.timing import TimeLimits
from floorman.shuffle import SeededShuffler, Shuffler
from floorman.table import Table, TableSetup
from floorman.table import events as tev

__all__ = ["Cardroom", "table_setup"]


class Cardroom(
    Transactions,
    MoveKeeping,
    Timekeeping,
    SeatKeeping,
    OutsideTables,
    HouseTables,
    TableRequests,
):
    """The cardroom as one object: the floor, its live tables, the cage and the log.

    ``clock`` and ``shuffler`` are the room's and every table's; ``lockup`` is
    the least lock-up the house takes (RRP5 seating.2); ``setups`` makes the
    live table for a kind of game and its number of seats (:func:`table_setup`);
    ``time_limits``: an action clock at every live table (RRP5 dead-hands.1.6);
    ``live_tables=False``: the games are dealt outside floorman, the floor alone
    (:mod:`floorman.service._outside`).
    """

    def __init__(
        self,
        *,
        clock: Clock,
        shuffler: Shuffler | None = None,
        lockup: int = 20,
        setups: Callable[[GameKind, int], TableSetup] = table_setup,
        time_limits: TimeLimits | None = None,
        live_tables: bool = True,
    ) -> None:
        self._live_tables = live_tables
        self.clock = RoomTime(clock)
        self.shuffler: Shuffler = shuffler if shuffler is not None else SeededShuffler(0)
        self.room = Room(clock=self.clock, shuffler=self.shuffler, lockup=lockup)
        self._clocks = Clocks(time_limits, lambda: self._tables)
        self._floor_seen: tuple[Room, int, float, bool] | None = None  # see _floor_due
        self.ledger = led.Ledger()
        self.log: list[Entry] = []
        self._setups = setups
        self._lockup = lockup
        self._tables: dict[int, Table] = {}
        self._setup_of: dict[int, TableSetup] = {}
        # Chips brought to a seat the live table has not taken yet: the game
        # has not started, or a seat change waits for the deal's end.
        self._waiting: dict[int, dict[str, int]] = {}
        # Players whose chips came from a broken or must-move game (RRP5 buy-in.3).
        self._forced: set[str] = set()
        self._rulings: dict[int, FloorReport] = {}  # a report waiting for management
        self._reported: dict[int, FloorReport] = {}  # the last report, as a log is read
        # Tables whose seats the floor changed during a deal: the table's seats
        # become the floor's when the deal ends.
        self._reseat: set[int] = set()
        # When a wait for a move or a held seat began: (table, deals started there).
        self._watch: dict[str, tuple[int, int]] = {}
        self._last_big: dict[int, int] = {}  # each table's last big blind seat
        # Players stepping away when their deal ends, with the chips they take.
        self._going: dict[int, dict[str, int]] = {}
        self._out: list[Entry] = []
        # The tables the command under way reached, each with its log's length then.
        self._reached: list[tuple[int, Table, int]] = []
        self._bringing: dict[str, tuple[int, bool]] = {}  # chips and post, for a sit
        self._reason = "left"

    # ----- what the cardroom looks like --------------------------------------

    def table(self, number: int) -> Table:
        """The live table of the game at ``number``; a game not yet started has none."""
        found = self._tables.get(number)
        if found is None:
            live = ", ".join(map(str, sorted(self._tables))) or "none"
            raise FloorError(f"no game is dealing at table {number}; live tables: {live}")
        return found

    @property
    def tables(self) -> tuple[int, ...]:
        """The live tables' numbers."""
        return tuple(sorted(self._tables))

    def waiting_chips(self, table: int) -> dict[str, int]:
        """Chips brought to seats at ``table`` that its live table has not taken yet."""
        return dict(sorted(self._waiting.get(table, {}).items()))

    def pending_ruling(self, table: int) -> FloorReport | None:
        """The report at ``table`` whose ruling waits for management's choice."""
        return self._rulings.get(table)

    def state(self) -> CardroomState:
        """Everything observable of the cardroom now, as one comparable value: a
        cardroom rebuilt from this one's log has the same state."""
        return state_of(self)

    def chips_in_play(self) -> int:
        """Every chip counted where it is: held by players off the tables, at each
        live table (stacks, chips on the way, pots, impounds, a pot carried to the
        next deal), waiting at a seat, and the house's time. Equal to
        :meth:`~floorman.service.ledger.Ledger.balance` after every command."""
        return (
            sum(self.ledger.holders.values())
            + sum(t.chips for t in self._tables.values())
            + sum(sum(w.values()) for w in self._waiting.values())
            + self.ledger.house
        )

    def audit(self) -> list[str]:
        """What does not add up, in words: empty when every chip is where the
        ledger says and the floor's seats are the tables' seats."""
        out = []
        if self.chips_in_play() != self.ledger.balance():
            out.append(
                f"chips counted {self.chips_in_play()}, the cage sold {self.ledger.balance()}"
            )
        for number in sorted(set(self.ledger.tables) | set(self._tables)):
            here = sum(self._waiting.get(number, {}).values())
            if number in self._tables:
                here += self._tables[number].chips
            if here != self.ledger.at_table(number):
                out.append(
                    f"table {number} holds {here}, the ledger {self.ledger.at_table(number)}"
                )
        for number, table in self._tables.items():
            if number in self._reseat or number not in self.room.tables:
                continue  # seat changes wait for the deal's end; a house table seats its own
            floor = self.room.seated(number) if number in self.room.tables else {}
            if floor:  # a player playing over sits in the seat (RRP5 policies.12)
                floor = {**floor, **self.room.playing_over(number)}
            if table.players != floor:
                out.append(f"table {number} seats {table.players}, the floor {floor}")
        return out

    # ----- the log is the state ------------------------------------------------

    @classmethod
    def rebuild(
        cls,
        entries: Iterable[Entry],
        *,
        clock: Clock,
        shuffler: Shuffler | None = None,
        lockup: int = 20,
        setups: Callable[[GameKind, int], TableSetup] = table_setup,
        time_limits: TimeLimits | None = None,
        live_tables: bool = True,
    ) -> Cardroom:
        """The cardroom a log adds up to, its :meth:`state` the live one's: the
        floor from its events (:meth:`~floorman.room.RoomBooks.apply`), the cage
        from its own, each live table from its table's and deals' events (a deal
        under way dealt on from its recorded deck), and what waits between them
        (chips at seats the table has not taken, moves and held seats waiting on
        the deals, rulings pending, seat changes and players stepping away
        that wait for a deal's end, and the action clocks), all read in the
        log's order. Raises :class:`~floorman.errors.NotationError` for a table
        log that does not rebuild."""
        from floorman.service._replay import replay

        room = cls(
            clock=clock,
            shuffler=shuffler,
            lockup=lockup,
            setups=setups,
            time_limits=time_limits,
            live_tables=live_tables,
        )
        replay(room, entries)
        return room

    # ----- commands ------------------------------------------------------------

    def handle(self, command: cmd.Command) -> list[Entry]:
        """Carry out a command; the entries it added to the log, after those of
        whatever fell due by the clock's time (:meth:`advance`), which stays done.
        A refused command raises its floorman error and changes nothing."""
        if type(command) is cmd.Act and not self._may_fall_due():
            return self._act_now(command)  # most commands: a player acts, nothing due
        kind = type(command)
        handler = self._house_route(command) if kind in _ROUTED else None
        if handler is None:
            handler = _HANDLERS.get(kind)
            if handler is None:
                raise ConfigError(f"not a cardroom command: {command!r}")
        if not self._live_tables:
            self._check_kind(command)
        # What fell due before the command is done first, and stays done if it
        # is refused: a turn run out is ruled before a late action (RRP5 dead-hands.1.6).
        out = self.advance() if self._may_fall_due() else []
        # The shuffler's place is marked, and its state copied once it shuffles,
        # for every command but a deal's start with no move to make first: the
        # table shuffles only once it has started the deal (a table refusing
        # it puts back the cards it drew for the button), so nothing is left
        # to put back.
        dice = kind is not cmd.StartDeal or bool(self.room.moving())
        entries = self._commit(handler, self, command, lean=kind in _LEAN, dice=dice)
        return out + entries if out else entries

    def _record(self, table: int | None, event: Any) -> None:
        self._out.append(new_entry(len(self.log) + len(self._out), self.clock.now(), table, event))

    def _cage(self, event: led.LedgerEvent) -> None:
        self.ledger.apply([event])
        self._record(None, event)

    def _note(self, event: cev.CardroomEvent) -> None:
        self._record(None, event)
        self._keep(event)

    def _keep(self, event: cev.CardroomEvent) -> None:
        """What the cardroom's own event changes, as it happens and as its log is read."""
        match event:
            case cev.SeatsWait():
                self._reseat.add(event.table)
            case cev.SeatsFollow():
                self._reseat.discard(event.table)
            case cev.AwayAfterDeal():
                self._going.setdefault(event.table, {})[event.player] = event.took
            case cev.HouseTableOpened():
                self._setup_of[event.table] = event.setup
            case _:
                self._keep_request(event)

    # ----- management ----------------------------------------------------------

    def _open_game(self, c: cmd.OpenGame) -> None:
        if not self._live_tables:
            return self._floor(
                self.room.open_game(c.table, c.kind, seats=c.seats, main=c.main, extra=c.extra)
            )
        try:  # the live table's setup is checked before the floor opens the game
            setup = self._setups(c.kind, c.seats + bool(c.extra))
        except (ConfigError, TypeError) as error:
            raise FloorError(f"table {c.table} cannot deal {c.kind}: {error}") from None
        self._floor(self.room.open_game(c.table, c.kind, seats=c.seats, main=c.main, extra=c.extra))
        self._setup_of[c.table] = setup

    def _start_game(self, c: cmd.StartGame) -> None:
        self._floor(self.room.start_game(c.table))

    def _close_game(self, c: cmd.CloseGame) -> None:
        self._floor(self.room.close_game(c.table))

    def _break_game(self, c: cmd.BreakGame) -> None:
        table = self._tables.get(c.table)
        if table is not None:
            if table.in_deal:
                raise FloorError(
                    f"the game at table {c.table} breaks between deals: its deal is under way",
                    citations=cite("seating.15"),
                )
            if table.impounded or table.carried:
                raise FloorError(
                    f"table {c.table} holds {table.impounded + table.carried} in a pot or"
                    " impounded; release or play it before the game breaks",
                    citations=cite("decisions.7", "seating.15"),
                )
        self._floor(self.room.break_game(c.table))

    def _sanction(self, c: cmd.Sanction) -> None:
        if c.sanction is not Penalty.WARNING:
            self._not_dealt_in(c.player, "the floor unseats him")
        self._floor(self.room.sanction(c.player, c.sanction, c.rules, minutes=c.minutes))
        held = self.ledger.held(c.player)
        if c.sanction is not Penalty.WARNING and held:
            rules = cite(*c.rules)
            self._forced.discard(c.player)
            self._cage(led.ChipsCashed(player=c.player, amount=held, citations=rules))

    # ----- the floor -------------------------------------------------------------

    def _arrive(self, c: cmd.Arrive) -> None:
        self._floor(self.room.arrive(c.player))

    def _sign_up(self, c: cmd.SignUp) -> None:
        self._floor(self.room.sign_up(c.player, c.kind))

    def _unlist(self, c: cmd.Unlist) -> None:
        self._floor(self.room.leave_list(c.player, c.kind))

    def _leave_area(self, c: cmd.LeaveArea) -> None:
        self._floor(self.room.leave_area(c.player, lockup=c.lockup))

    def _take_seat(self, c: cmd.TakeSeat | cmd.Sit) -> None:
        self._check_chips(c.player, c.table, c.chips)
        at = self.room.seat_of(c.player)
        if at is not None:
            self._not_dealt_in(c.player, "he moves")
        self._bringing[c.player] = (c.chips, c.post)
        self._floor(self.room.take_seat(c.player, c.table, c.seat))

    def _refuse(self, c: cmd.Refuse) -> None:
        if self.room.seat_of(c.player) is not None:
            self._not_dealt_in(c.player, "he quits the game he refuses to leave")
        self._floor(self.room.refuse(c.player))

    def _no_answer(self, c: cmd.NoAnswer) -> None:
        self._floor(self.room.no_answer(c.player))

    def _leave(self, c: cmd.Leave) -> None:
        at = self.room.seat_of(c.player)
        table = self._tables.get(at[0]) if at is not None else None
        if at is None or table is None or table.players.get(at[1]) != c.player:
            self._floor(self.room.leave(c.player))
            return
        # The table gets him up, now or when his deal ends; the floor follows it.
        self._at(at[0], lambda t: t.leave(Seat(at[1])))

    def _change_seat(self, c: cmd.ChangeSeat) -> None:
        self._floor(self.room.request_seat_change(c.player, c.seat))

    def _change_game(self, c: cmd.ChangeGame) -> None:
        self._not_dealt_in(c.player, "he changes games")
        self._floor(self.room.transfer(c.player, c.table))

    def _step_away(self, c: cmd.StepAway) -> None:
        seat = self._live_seat(c.player)
        table = self._tables[seat[0]] if seat is not None else None
        if seat is None or table is None or not (table.in_deal and seat[1] in table.positions):
            self._floor(self.room.away(c.player, took=c.took))
            if seat is not None:
                self._at(seat[0], lambda t: t.sit_out(Seat(seat[1])))
            return
        # Dealt in, he plays the deal out and is away from its end, at the
        # floor as at the table, so his thirty minutes run from there (RRP5 policies.20).
        if c.player in self._going.get(seat[0], {}):
            raise FloorError(f"{c.player} steps away when the deal ends already")
        self._at(seat[0], lambda t: t.sit_out(Seat(seat[1])))
        self._note(
            cev.AwayAfterDeal(
                player=c.player, table=seat[0], took=c.took, citations=cite("policies.20")
            )
        )

    def _extend(self, c: cmd.ExtendAbsence) -> None:
        self._floor(self.room.extend_absence(c.player, minutes=c.minutes))

    def _come_back(self, c: cmd.ComeBack) -> None:
        seat = self._live_seat(c.player)
        if seat is not None and c.player in self._going.get(seat[0], {}):
            at = seat  # never away: he stays dealt in
            self._at(at[0], lambda t: t.come_back(Seat(at[1]), post=c.post))
            del self._going[at[0]][c.player]
            return
        if seat is None and self._back_to_seat_played_over(c):
            return
        self._floor(self.room.come_back(c.player, restored=c.restored))
        if seat is not None:
            self._at(seat[0], lambda t: t.come_back(Seat(seat[1]), post=c.post))

    # ----- chips ---------------------------------------------------------------

    def _buy(self, c: cmd.Buy) -> None:
        at = self.room.seat_of(c.player)
        if at is None:
            raise FloorError(f"{c.player} has no seat to buy chips for")
        if isinstance(c.chips, bool) or not isinstance(c.chips, int) or c.chips <= 0:
            raise FloorError(f"chips are bought in a whole number above 0, not {c.chips!r}")
        seat = self._live_seat(c.player)
        if seat is not None:
            self._at(
                seat[0],
                lambda t: t.buy(Seat(seat[1]), c.chips, arrived=c.arrived, announced=c.announced),
            )
        self._fund(c.player, c.chips)
        self._cage(led.ChipsBrought(player=c.player, table=at[0], amount=c.chips))
        if seat is None:
            waiting = self._waiting.setdefault(at[0], {})
            waiting[c.player] = waiting.get(c.player, 0) + c.chips

    def _cash_out(self, c: cmd.CashOut) -> None:
        amount = self.ledger.held(c.player) if c.chips is None else c.chips
        self.ledger.check_cash_out(c.player, amount)
        if amount == self.ledger.held(c.player):
            self._forced.discard(c.player)
        self._cage(led.ChipsCashed(player=c.player, amount=amount))

    def _fund(self, player: PlayerId, chips: int, *, rules: tuple[Citation, ...] = ()) -> None:
        """The cage sells a player what he lacks of ``chips``."""
        short = chips - self.ledger.held(player)
        if short > 0:
            self._cage(led.ChipsSold(player=player, amount=short, citations=rules))

    # ----- the deal ------------------------------------------------------------

    def _start_deal(self, c: cmd.StartDeal) -> None:
        self._settle_moves()
        self._rulings.pop(c.table, None)  # the next deal closes the ruling window
        self.table(c.table)
        self._at(
            c.table,
            lambda t: t.start_deal(shuffled=c.shuffled, auto_showdown=c.auto_showdown, runs=c.runs),
        )
        self._clock_dealt(c.table)

    def _act(self, c: cmd.Act) -> None:
        # Lean (_LEAN): everything is checked before the table acts.
        found = self._live_seat(c.player)
        if found is None:
            raise FloorError(f"{c.player} has no seat at a game that is dealing")
        number, seat = found
        table = self._tables[number]  # where _live_seat found him
        positions = table.positions
        if seat not in positions or not table.in_deal:
            raise IllegalAction(f"{c.player} is not dealt in on a deal under way at table {number}")
        position = positions.index(seat)
        action = _action(c, position)
        if self._clocks.of:
            self._clock_acting(number, position)  # his bank, logged with his action
        self._at(number, Table.apply, action)

    def _choose(self, c: cmd.Choose) -> None:
        number, seat = self._seat(c.player)
        self._at(number, lambda t: t.choose(Seat(seat), post=c.post))

    def _straddle(self, c: cmd.Straddle) -> None:
        number, seat = self._seat(c.player)
        self._at(number, lambda t: t.straddle(Seat(seat)))

    def _report(self, c: cmd.Report) -> None:
        self.table(c.table)
        self._record(c.table, c.report)  # what the dealer said, then what was done
        ruling = self._at(c.table, lambda t: rule_at_table(t, c.report))
        assert isinstance(ruling, Ruling)
        if ruling.needs_decision:
            self._rulings[c.table] = c.report
        else:
            self._rulings.pop(c.table, None)
        self._record(c.table, ruling)

    def _decide(self, c: cmd.Decide) -> None:
        table = self.table(c.table)
        report = self._rulings.get(c.table)
        if report is None or table.deal is None or not table.in_deal:
            raise FloorError(
                f"no ruling at table {c.table} waits for management's choice",
                citations=cite("decisions.1"),
            )
        ruling = self._at(
            c.table,
            lambda t: decide_at_table(t, report, c.choice, name=by_seats(t.positions)),
        )
        assert isinstance(ruling, Ruling)
        del self._rulings[c.table]
        self._record(c.table, ruling)

    def _transfer(self, c: cmd.Transfer) -> None:
        table = self.table(c.table)
        seat, to = self._seat_at(table, c.player), self._seat_at(table, c.to)
        self._at(c.table, lambda t: t.transfer(Seat(seat), Seat(to), c.amount, deal=c.deal))

    def _impound(self, c: cmd.Impound) -> None:
        table = self.table(c.table)
        seat = self._seat_at(table, c.player)
        self._at(c.table, lambda t: t.impound(Seat(seat), c.amount, deal=c.deal))

    def _release(self, c: cmd.Release) -> None:
        table = self.table(c.table)
        seat = self._seat_at(table, c.to)
        self._at(c.table, lambda t: t.release(Seat(seat), c.amount, deal=c.deal))

    # ----- joining the floor and the tables --------------------------------------

    def _floor(self, events: Sequence[rev.RoomEvent]) -> None:
        """Record the floor's events, then carry each out at the tables."""
        for event in events:
            self._record(None, event)
        for event in events if self._live_tables else ():
            self._follow_floor(event)

    def _follow_floor(self, event: rev.RoomEvent) -> None:
        self._follow_over(event)
        match event:
            case rev.GameStarted():
                self._go_live(event.table, event.button)
            case rev.GameBroken():
                for player, _card in event.order:
                    self._unseat(event.table, player, reason="game broken")
                    self._forced.add(player)
            case rev.GameClosed():
                self._tables.pop(event.table, None)
                self._setup_of.pop(event.table, None)
                self._waiting.pop(event.table, None)
                self._reseat.discard(event.table)
                self._going.pop(event.table, None)
                self._rulings.pop(event.table, None)
                self._last_big.pop(event.table, None)
                self.requests.drop(event.table)
            case rev.PlayerSeated():
                self._sit(event.player, event.table, event.seat, event.citations)
            case rev.PlayerMoved() if event.table == event.to:
                self._change(event.player, event.table, event.seat, event.to_seat)
            case rev.PlayerMoved():
                forced = event.as_new or any(c.id == "seating.12" for c in event.citations)
                self._unseat(event.table, event.player, reason="moved")
                if forced:
                    self._forced.add(event.player)
                self._watch.pop(event.player, None)
                self._sit(event.player, event.to, event.to_seat, event.citations)
            case rev.PlayerLeft():
                self._unseat(event.table, event.player, reason="left")
            case rev.ChipsPickedUp():
                self._unseat(event.table, event.player, reason="picked up")
            case rev.MoveDue():
                source = self._tables.get(event.table)
                self._watch[event.player] = (event.table, len(source.deals) if source else 0)
            case rev.SeatLocked() if event.until_due:
                target = self._tables.get(event.table)
                self._watch[event.player] = (event.table, len(target.deals) if target else 0)
            case rev.LockUpPickedUp() | rev.SeatRefused() | rev.PlayerDelisted():
                if (
                    self.room.move_of(event.player) is None
                    and self.room.lock_of(event.player) is None
                ):
                    self._watch.pop(event.player, None)
            case _:
                pass

    def _go_live(self, number: int, button: Seat | None) -> None:
        """The game started: its live table takes the seats and the chips waiting
        there, everyone in the draw for the button (RRP5 seating.6, blinds.12.1)."""
        table = Table(
            self._setup_of[number], shuffler=self.shuffler, clock=self.clock, button=button
        )
        self._tables[number] = table
        for event in table.log:  # the table's opening, so its log rebuilds it
            self._record(number, event)
        waiting = self._waiting.get(number, {})
        for seat, player in self.room.seated(number).items():
            self._take_waiting(number, PlayerId(player), Seat(seat))
        assert not waiting, f"chips waiting for players not seated: {waiting}"
        self._waiting.pop(number, None)

    def _take_waiting(self, number: int, player: PlayerId, seat: Seat) -> None:
        """The live table takes a player and the chips waiting for him at ``seat``."""
        chips = self._waiting[number].pop(player)
        forced = player in self._forced
        self._forced.discard(player)
        self._at(number, lambda t: t.sit(Seat(seat), PlayerId(player), chips, transfer=forced))
        if self.room.is_away(PlayerId(player)):  # stepped away before the table took him
            self._at(number, lambda t: t.sit_out(Seat(seat)))

    def _sit(
        self, player: PlayerId, number: int, seat: Seat, citations: Iterable[Citation] = ()
    ) -> None:
        """The floor seated ``player``: he brings the chips asked for, else all he
        holds, the cage selling what he lacks (a voluntary move takes a full
        buy-in, RRP5 buy-in.3)."""
        chips, post = self._bringing.pop(player, (0, False))
        asked = chips
        forced = player in self._forced or any(
            c.id in ("seating.15", "seating.12") for c in citations
        )
        least = self._setup_of[number].min_buy_in
        held = self.ledger.held(player)
        if not chips:
            chips = held if (forced and held) or held >= least else least
        rules = () if chips <= held else cite("buy-in.1")
        table = self._tables.get(number)
        back = _took_within_the_hour(table, player, self.clock.now()) if table else 0
        if chips < back and not asked:
            # Back in a game left within the hour, he brings what he took from it,
            # a transfer too (RRP5 policies.5); less, if he asks, is refused now,
            # though the table takes him only when its deal ends.
            chips, rules = back, cite("policies.5")
        elif chips < back:
            raise FloorError(
                f"{player} left the game at table {number} within the hour with {back};"
                f" coming back takes a buy-in of at least {back}, not {chips}",
                citations=cite("policies.5"),
            )
        self._fund(player, chips, rules=rules)
        self._cage(
            led.ChipsBrought(
                player=player,
                table=number,
                amount=chips,
                transfer=forced,
                citations=cite("buy-in.3") if forced else (),
            )
        )
        if table is None or number in self._reseat or seat in table.players:
            # The live table takes them when the game starts or its deal ends.
            waiting = self._waiting.setdefault(number, {})
            waiting[player] = waiting.get(player, 0) + chips
            if forced:
                self._forced.add(player)
            if table is not None:
                self._seats_wait(number)
            return
        self._forced.discard(player)
        self._at(
            number, lambda t: t.sit(Seat(seat), PlayerId(player), chips, post=post, transfer=forced)
        )

    def _change(self, player: PlayerId, number: int, seat: Seat, to: Seat) -> None:
        """A seat change in one game (RRP5 seating.13): at the table between deals."""
        table = self._tables.get(number)
        if table is None or table.players.get(seat) != player:
            return  # gone from the table already: the floor is following it
        if table.in_deal or number in self._reseat:
            self._seats_wait(number)
            return
        self._move_at(number, seat, to)

    def _seats_wait(self, number: int) -> None:
        if number not in self._reseat:
            self._note(cev.SeatsWait(table=number))

    def _move_at(self, number: int, seat: Seat, to: Seat) -> None:
        self._at(number, lambda t: t.change_seat(Seat(seat), Seat(to)))

    def _unseat(self, number: int, player: PlayerId, *, reason: str) -> None:
        """Take a player's chips off a table the floor has unseated him from."""
        table = self._tables.get(number)
        waiting = self._waiting.get(number, {})
        if player in waiting:
            chips = waiting.pop(player)
            self._cage(led.ChipsCarried(player=player, table=number, amount=chips, reason=reason))
        if table is None:
            return
        seat = next((s for s, p in table.players.items() if p == player), None)
        if seat is None:
            return
        self._reason = reason
        if reason == "picked up" and seat in table.absent():
            self._at(number, lambda t: t.pick_up(Seat(seat)))
        else:
            self._at(number, lambda t: t.leave(Seat(seat)))
        self._reason = "left"

    def _follow_table(self, number: int, table: Table, event: object) -> bool:
        # Only the classes in _transact._FOLLOWED come here: a case for another class goes there too.
        match event:
            case tev.PlayerLeft() | tev.ChipsPickedUp():
                picked = isinstance(event, tev.ChipsPickedUp)
                reason = "picked up" if picked else self._reason
                self._cage(
                    led.ChipsCarried(
                        player=event.player,
                        table=number,
                        amount=event.chips,
                        reason=reason,
                        citations=cite("policies.20") if picked else (),
                    )
                )
                at = self.room.seat_of(event.player)
                if (
                    at is not None
                    and at[0] == number
                    and event.player not in table.players.values()
                    and event.seat not in table.players  # not a seat he played over (policies.12)
                ):
                    self._floor(self.room.leave(event.player))  # the floor follows the table
                self._after_over(number, table, event)
            case tev.TimeCollected():
                self._cage(
                    led.TimeTaken(
                        player=table.players[event.seat],
                        table=number,
                        amount=event.amount,
                        citations=event.citations,
                    )
                )
            case tev.DealStarted() if number in self.room.tables:
                self._big_blind_passed(number, table, event)
            case tev.DealFinished():
                return True
        return False

    def _reseat_from_floor(self, number: int) -> None:
        """Seat changes and seats the floor made during the deal, now it has ended:
        the table's seats become the floor's, each player moving into a seat the
        table has free, then the players seated meanwhile sitting down."""
        if number not in self._reseat:
            return
        self._note(cev.SeatsFollow(table=number))
        table = self._tables[number]
        floor = self.room.seated(number)
        moving = True
        while moving:
            moving = False
            where = {p: s for s, p in table.players.items()}
            for seat, player in floor.items():
                at = where.get(player)
                if at is not None and at != seat and seat not in table.players:
                    self._move_at(number, at, Seat(seat))
                    moving = True
                    break
        for seat, player in floor.items():
            if player in self._waiting.get(number, {}) and seat not in table.players:
                self._take_waiting(number, PlayerId(player), Seat(seat))

    # ----- small helpers ---------------------------------------------------------

    def _seat(self, player: PlayerId) -> tuple[int, Seat]:
        at = self._live_seat(player)
        if at is None:
            raise FloorError(f"{player} has no seat at a game that is dealing")
        return at

    def _live_seat(self, player: PlayerId) -> tuple[int, Seat] | None:
        for number, table in self._tables.items():
            seat = table.seat_of(player)
            if seat is not None:
                return number, seat
        return None

    @staticmethod
    def _seat_at(table: Table, player: str) -> int:
        seat = next((s for s, p in table.players.items() if p == player), None)
        if seat is None:
            raise FloorError(f"{player} has no seat at this table; seated: {table.players}")
        return seat

    def _not_dealt_in(self, player: PlayerId, what: str) -> None:
        at = self._live_seat(player)
        if at is None:
            return
        table = self._tables[at[0]]
        if table.in_deal and at[1] in table.positions:
            raise FloorError(
                f"{player} is dealt in on the deal under way at table {at[0]}; {what} when it ends"
            )

    def _check_chips(self, player: PlayerId, number: int, chips: int) -> None:
        """A player entering a game brings a full buy-in (RRP5 buy-in.1), but one
        carried from a broken or must-move game (RRP5 buy-in.3); checked before
        the floor seats him."""
        if isinstance(chips, bool) or not isinstance(chips, int) or chips < 0:
            raise FloorError(f"chips are a whole number, 0 or more, not {chips!r}")
        if not chips or number not in self.room.tables:
            return
        setup = self._setup_of[number]
        if chips < setup.min_buy_in and player not in self._forced:
            raise FloorError(
                f"{player} cannot enter the game at table {number} with {chips}: a player"
                f" entering buys in in full, at least {setup.min_buy_in}",
                citations=cite("buy-in.1"),
            )
        if setup.max_buy_in is not None and chips > setup.max_buy_in:
            raise FloorError(
                f"{player} cannot bring {chips} to table {number}: its most is {setup.max_buy_in}"
            )


_FLOOR = typing.get_args(rev.RoomEvent)
_CAGE = typing.get_args(led.LedgerEvent)

_Handler = Callable[[Cardroom, Any], None]

_HANDLERS: dict[type, _Handler] = {
    cmd.OpenGame: Cardroom._open_game,
    cmd.StartGame: Cardroom._start_game,
    cmd.CloseGame: Cardroom._close_game,
    cmd.BreakGame: Cardroom._break_game,
    cmd.Sanction: Cardroom._sanction,
    cmd.KeepApart: Cardroom._keep_apart,
    cmd.Reserve: Cardroom._reserve,
    cmd.Arrive: Cardroom._arrive,
    cmd.SignUp: Cardroom._sign_up,
    cmd.Unlist: Cardroom._unlist,
    cmd.LeaveArea: Cardroom._leave_area,
    cmd.TakeSeat: Cardroom._take_seat,
    cmd.Sit: Cardroom._take_seat,
    cmd.Refuse: Cardroom._refuse,
    cmd.NoAnswer: Cardroom._no_answer,
    cmd.Leave: Cardroom._leave,
    cmd.ChangeSeat: Cardroom._change_seat,
    cmd.ChangeGame: Cardroom._change_game,
    cmd.StepAway: Cardroom._step_away,
    cmd.ExtendAbsence: Cardroom._extend,
    cmd.ComeBack: Cardroom._come_back,
    cmd.PlayOver: Cardroom._play_over,
    cmd.Buy: Cardroom._buy,
    cmd.CashOut: Cardroom._cash_out,
    cmd.StartDeal: Cardroom._start_deal,
    cmd.Act: Cardroom._act,
    cmd.Choose: Cardroom._choose,
    cmd.Straddle: Cardroom._straddle,
    cmd.Report: Cardroom._report,
    cmd.Decide: Cardroom._decide,
    cmd.Transfer: Cardroom._transfer,
    cmd.Impound: Cardroom._impound,
    cmd.Release: Cardroom._release,
    **HOUSE_HANDLERS,
    **OUTSIDE_HANDLERS,
    **REQUEST_HANDLERS,
}
