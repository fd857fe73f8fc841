"""Random nights in a cardroom: the floor and its live tables stay one, and no chip is lost.

A Hypothesis rule-based state machine drives a :class:`~floorman.service.Cardroom`
with a pool of players and up to three games of one kind: management opens
games (some of them must-move games, RRP5 seating.10), starts, breaks (RRP5
seating.15) and closes them, and sanctions players; players sign up, take the
seats they are called to with chips from the cage, refuse them or miss the
call, leave, step away and come back, play over the seats of players away
(RRP5 policies.12), change games (RRP5 seating.3), buy chips
and cash out; the tables deal, bots playing the deals out or acting one step
at a time (so the floor acts while deals are under way); and time passes, so
absences run out (RRP5 policies.20); the dealer reports misdeals and mucked
hands, and management rules on them; and now and then the night goes on in the
cardroom rebuilt from its log, deals under way and all. Any command may be refused; a refused
command changes nothing.

After every step:

1. every chip is where the cage's books say: the chips the cage sold and did
   not buy back are exactly the chips players hold, those at each table
   (stacks, pots, impounds) and the house's; each table holds what the ledger
   says it does;
2. the floor's seats are the live tables' seats (but while a seat change made
   during a deal waits for its end);
3. nobody holds a negative number of chips;
4. the log holds every event of the floor and the cage, in order, and a
   night's log reads back from its JSON lines as it was written;
5. the log is the cardroom: rebuilt from its JSON lines (with a shuffler
   seeded as the live one, which the rebuild leaves where the live one's
   stands), the cardroom has the same log and the same
   :meth:`~floorman.service.Cardroom.state` (the floor's books, each live
   table's state, deals under way included, the cage's balances, rulings
   pending, chips waiting at seats, moves, held seats, seat changes and
   players stepping away that wait for a deal's end);
6. no viewer (each player of the pool, an observer, the dealer, the floor) is
   given a card it may not see, in the redacted stream of the log or in its
   view of a live table (RRP5 policies.23, policies.24, showdown.6).

``FLOORMAN_LONG=1`` runs many more nights.
"""

from __future__ import annotations

import math
import random
import typing

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from floorman.bots import CallingStation
from floorman.clock import ManualClock
from floorman.errors import FloormanError
from floorman.floor.reports import DealingError, MisdealCause, MuckedHand
from floorman.room import events as rev
from floorman.room.values import Sanction as Penalty
from floorman.service import AsPlayer, Cardroom, Entry, TimeLimits, dumps_entries, loads_entries
from floorman.service import commands as c
from floorman.service import ledger as led
from floorman.shuffle import SeededShuffler
from tests.cardroom_helpers import NL, bot_move
from tests.conftest import sample_size
from tests.view_helpers import OTHERS, RoomSight

_FLOOR = typing.get_args(rev.RoomEvent)
_CAGE = typing.get_args(led.LedgerEvent)
LIMITS = TimeLimits()  # every live table runs an action clock
PLAYERS = ("ann", "bob", "cy", "dee", "eve", "fay", "gus", "hal")
TABLES = (1, 2, 3)


def _snapshot(room: Cardroom) -> object:
    return (
        len(room.room.events),
        len(room.ledger.events),
        len(room.log),
        {n: (len(t.events), t.stacks, len(t.deals)) for n, t in room._tables.items()},
        room.ledger.holders,
        room.state(),
    )


class Night(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.clock = ManualClock()
        self.room = Cardroom(clock=self.clock, shuffler=SeededShuffler(11), time_limits=LIMITS)
        self.bot = CallingStation(random.Random(5))
        self.refusals = 0
        self.read: list[Entry] = []  # the log as read back from its JSON lines
        self.sight = RoomSight(viewers=(*(AsPlayer(p) for p in PLAYERS), *OTHERS))

    @initialize(seats=st.integers(3, 6), players=st.integers(2, 4))
    def two_games(self, seats: int, players: int) -> None:
        """Two games dealing, the rest of the pool on the list or coming in."""
        for table in (1, 2):
            self.room.handle(c.OpenGame(table=table, kind=NL, seats=seats))
        for i, name in enumerate(PLAYERS[: 2 * players]):
            self.room.handle(c.SignUp(player=name, kind=NL))
            lock = self.room.room.lock_of(name)
            if lock is not None:  # else he waits on the list
                self.room.handle(c.TakeSeat(player=name, table=lock.table, chips=60 + 20 * i))
        for table in (1, 2):
            self.try_(c.StartGame(table=table))

    def called(self) -> list[str]:
        return [p for p in PLAYERS if self.room.room.lock_of(p) is not None]

    @precondition(lambda self: bool(self.called()))
    @rule(pick=st.integers(0, 7), chips=st.sampled_from((0, 30, 40, 100, 250)), post=st.booleans())
    def take_called_seat(self, pick: int, chips: int, post: bool) -> None:
        called = self.called()
        player = called[pick % len(called)]
        lock = self.room.room.lock_of(player)
        assert lock is not None
        self.try_(c.TakeSeat(player=player, table=lock.table, chips=chips, post=post))

    def try_(self, command: c.Command) -> None:
        before = _snapshot(self.room)
        try:
            self.room.handle(command)
        except FloormanError:
            self.refusals += 1
            assert _snapshot(self.room) == before, command

    # ----- management ------------------------------------------------------------

    @rule(table=st.sampled_from(TABLES), seats=st.integers(3, 6), main=st.booleans())
    def open_game(self, table: int, seats: int, main: bool) -> None:
        feeds = next((t for t in self.room.room.tables if t != table), None) if main else None
        self.try_(c.OpenGame(table=table, kind=NL, seats=seats, main=feeds))

    @rule(table=st.sampled_from(TABLES))
    def start_game(self, table: int) -> None:
        self.try_(c.StartGame(table=table))

    @rule(table=st.sampled_from(TABLES))
    def break_game(self, table: int) -> None:
        self.try_(c.BreakGame(table=table))

    @rule(table=st.sampled_from(TABLES))
    def close_game(self, table: int) -> None:
        self.try_(c.CloseGame(table=table))

    @rule(player=st.sampled_from(PLAYERS), how=st.integers(0, 9))
    def sanction(self, player: str, how: int) -> None:
        if how > 1:
            self.try_(
                c.Sanction(player=player, sanction=Penalty.WARNING, rules=("conduct.improper.2",))
            )
        elif how:
            self.try_(
                c.Sanction(
                    player=player, sanction=Penalty.BAR, rules=("conduct.prohibited.1",), minutes=60
                )
            )
        else:
            self.try_(
                c.Sanction(
                    player=player,
                    sanction=Penalty.SUSPENSION,
                    rules=("conduct.improper.2",),
                    minutes=20,
                )
            )

    # ----- players -----------------------------------------------------------------

    @rule(player=st.sampled_from(PLAYERS))
    def sign_up(self, player: str) -> None:
        self.try_(c.SignUp(player=player, kind=NL))

    @rule(
        player=st.sampled_from(PLAYERS),
        chips=st.sampled_from((0, 30, 40, 100, 250)),
        post=st.booleans(),
    )
    def take_seat(self, player: str, chips: int, post: bool) -> None:
        lock = self.room.room.lock_of(player)
        table = lock.table if lock is not None else 1
        self.try_(c.TakeSeat(player=player, table=table, chips=chips, post=post))

    @rule(player=st.sampled_from(PLAYERS), table=st.sampled_from(TABLES), seat=st.integers(1, 6))
    def sit(self, player: str, table: int, seat: int) -> None:
        self.try_(c.Sit(player=player, table=table, seat=seat, chips=60))

    @rule(player=st.sampled_from(PLAYERS))
    def refuse(self, player: str) -> None:
        self.try_(c.Refuse(player=player))

    @rule(player=st.sampled_from(PLAYERS))
    def no_answer(self, player: str) -> None:
        self.try_(c.NoAnswer(player=player))

    @rule(player=st.sampled_from(PLAYERS))
    def leave(self, player: str) -> None:
        self.try_(c.Leave(player=player))

    @rule(player=st.sampled_from(PLAYERS), took=st.sampled_from((0, 0, 5)))
    def step_away(self, player: str, took: int) -> None:
        self.try_(c.StepAway(player=player, took=took))

    @rule(player=st.sampled_from(PLAYERS), post=st.booleans())
    def come_back(self, player: str, post: bool) -> None:
        self.try_(c.ComeBack(player=player, post=post))

    @rule(
        player=st.sampled_from(PLAYERS),
        pick=st.integers(0, 7),
        chips=st.sampled_from((0, 60)),
        post=st.booleans(),
    )
    def play_over(self, player: str, pick: int, chips: int, post: bool) -> None:
        """A seated player steps away, and with the floor's permission another
        plays over his seat (RRP5 policies.12)."""
        floor = self.room.room
        seated = [(t, s, p) for t in self.room.tables for s, p in floor.seated(t).items()]
        if not seated:
            return
        table, seat, owner = seated[pick % len(seated)]
        if not floor.is_away(owner):
            self.try_(c.StepAway(player=owner))
        self.try_(c.PlayOver(player=player, table=table, seat=seat, chips=chips, post=post))

    @precondition(lambda self: bool(self.played_over()))
    @rule(pick=st.integers(0, 7), post=st.booleans(), mid_deal=st.booleans())
    def owner_comes_back(self, pick: int, post: bool, mid_deal: bool) -> None:
        """The player whose seat is played over comes back, between deals or
        during one that the player playing over is dealt in (RRP5 policies.12)."""
        owners = self.played_over()
        if mid_deal:
            at = self.room.room.seat_of(owners[pick % len(owners)])
            if at is not None and at[0] in self.room.tables:
                self.try_(c.StartDeal(table=at[0]))
        self.try_(c.ComeBack(player=owners[pick % len(owners)], post=post))

    def played_over(self) -> list[str]:
        return [
            owner
            for number, table in sorted(self.room._tables.items())
            for seat in table.players
            if (owner := table.owner_of(seat)) is not None
        ]

    @rule(player=st.sampled_from(PLAYERS), table=st.sampled_from(TABLES))
    def change_game(self, player: str, table: int) -> None:
        self.try_(c.ChangeGame(player=player, table=table))

    @rule(player=st.sampled_from(PLAYERS))
    def change_seat(self, player: str) -> None:
        self.try_(c.ChangeSeat(player=player))

    @rule(player=st.sampled_from(PLAYERS), chips=st.sampled_from((10, 50)))
    def buy(self, player: str, chips: int) -> None:
        self.try_(c.Buy(player=player, chips=chips))

    @rule(player=st.sampled_from(PLAYERS))
    def cash_out(self, player: str) -> None:
        self.try_(c.CashOut(player=player))

    @rule(minutes=st.sampled_from((1, 10, 31)))
    def wait(self, minutes: int) -> None:
        self.clock.advance(minutes=minutes)
        self.room.advance(self.clock.now())

    @rule(seconds=st.sampled_from((20, 45, 100)))
    def think(self, seconds: int) -> None:
        """A player to act takes his time: the action clock, then his bank, then
        the rules act for him (RRP5 dead-hands.1.6)."""
        self.clock.advance(seconds=seconds)
        self.room.advance(self.clock.now())

    @rule()
    def to_the_deadline(self) -> None:
        """The clock jumps to the very moment the cardroom says is next: a
        moment before it nothing is due, at it something fires, and then the
        next deadline is later, so a server sleeping until it never spins
        (RRP5 dead-hands.1.6, policies.20, policies.21, seating.2, seating.10)."""
        deadline = self.room.next_deadline()
        if deadline is None:
            return
        before = math.nextafter(deadline, -math.inf)
        if before >= self.clock.now():
            early = Cardroom.rebuild(
                self.room.log, clock=ManualClock(), shuffler=SeededShuffler(11), time_limits=LIMITS
            )
            assert early.advance(before) == [], f"something fired before {deadline}"
        self.clock.seconds = max(deadline, self.clock.now())
        fired = self.room.advance(self.clock.now())
        assert fired, f"the cardroom said something was due at {deadline}, and nothing fired"
        after = self.room.next_deadline()
        assert after is None or after > self.clock.now(), f"still due at {after}"

    # ----- the deals ---------------------------------------------------------------

    @rule(table=st.sampled_from(TABLES))
    def start_deal(self, table: int) -> None:
        self.try_(c.StartDeal(table=table))

    @precondition(lambda self: bool(self.room.tables))
    @rule(pick=st.integers(0, 2))
    def deal_and_play(self, pick: int) -> None:
        table = self.room.tables[pick % len(self.room.tables)]
        self.try_(c.StartDeal(table=table))
        live = self.room._tables.get(table)
        while live is not None and live.in_deal:
            self.room.handle(bot_move(self.room, table, self.bot))

    @precondition(lambda self: any(t.in_deal for t in self.room._tables.values()))
    @rule(steps=st.integers(1, 6), whole=st.booleans())
    def act(self, steps: int, whole: bool) -> None:
        number = next(n for n, t in sorted(self.room._tables.items()) if t.in_deal)
        table = self.room.table(number)
        done = 0
        while table.in_deal and (whole or done < steps):
            self.room.handle(bot_move(self.room, number, self.bot))
            done += 1

    @precondition(lambda self: any(t.in_deal for t in self.room._tables.values()))
    @rule(misdeal=st.booleans(), dead=st.booleans())
    def report(self, misdeal: bool, dead: bool) -> None:
        """The dealer reports a misdeal, or a mucked hand that management rules on."""
        number = next(n for n, t in sorted(self.room._tables.items()) if t.in_deal)
        if misdeal:
            cause = MisdealCause.FIRST_CARDS_EXPOSED
            self.try_(c.Report(table=number, report=DealingError(cause=cause)))
            return
        self.try_(c.Report(table=number, report=MuckedHand(position=0)))
        self.try_(c.Decide(table=number, choice="dead" if dead else "retrieve"))

    def _between_deals_seated(self) -> list[tuple[int, typing.Any]]:
        """The tables between deals, with deals behind them and players seated."""
        return [
            (n, t)
            for n, t in sorted(self.room._tables.items())
            if not t.in_deal and t.deals and t.players
        ]

    @precondition(lambda self: bool(self._between_deals_seated()))
    @rule(amount=st.integers(1, 5))
    def impound_and_release(self, amount: int) -> None:
        number, table = self._between_deals_seated()[0]
        rich = max(table.stacks, key=lambda s: table.stacks[s])
        self.try_(c.Impound(table=number, player=table.players[rich], amount=amount))
        self.try_(c.Release(table=number, to=table.players[rich]))

    # ----- the log is the cardroom ------------------------------------------------

    @rule()
    def carry_on_from_the_log(self) -> None:
        """The night goes on in the cardroom rebuilt from its log, its shuffler
        (seeded as the live one was) left where the live one's stands."""
        self.read.extend(loads_entries(dumps_entries(self.room.log[len(self.read) :])))
        shuffler = SeededShuffler(11)
        again = Cardroom.rebuild(self.read, clock=self.clock, shuffler=shuffler, time_limits=LIMITS)
        live = self.room.shuffler
        assert isinstance(live, SeededShuffler)
        assert shuffler.getstate() == live.getstate()
        self.room = again

    # ----- after every step ------------------------------------------------------

    @invariant()
    def the_log_holds_the_floor_and_the_cage(self) -> None:
        log = self.room.log
        assert [e.seq for e in log[-50:]] == list(range(len(log) - len(log[-50:]), len(log)))
        floor = [e.event for e in log if isinstance(e.event, _FLOOR)]
        cage = [e.event for e in log if isinstance(e.event, _CAGE)]
        assert floor == self.room.room.events
        assert cage == self.room.ledger.events

    def teardown(self) -> None:
        log = self.room.log
        assert loads_entries(dumps_entries(log)) == tuple(log)

    @invariant()
    def the_log_rebuilds_the_cardroom(self) -> None:
        log = self.room.log
        # Each entry is a line of its own: the lines read before read the same.
        self.read.extend(loads_entries(dumps_entries(log[len(self.read) :])))
        shuffler = SeededShuffler(11)
        again = Cardroom.rebuild(self.read, clock=self.clock, shuffler=shuffler, time_limits=LIMITS)
        assert again.log == log
        assert again.state() == self.room.state()
        live = self.room.shuffler
        assert isinstance(live, SeededShuffler)
        assert shuffler.getstate() == live.getstate()

    @invariant()
    def no_viewer_sees_what_it_may_not(self) -> None:
        self.sight.take(self.room.log)
        self.sight.check_views(self.room._tables)

    @invariant()
    def chips_are_where_the_books_say(self) -> None:
        assert self.room.audit() == []
        assert self.room.chips_in_play() == self.room.ledger.balance()
        assert all(n > 0 for n in self.room.ledger.holders.values())


Night.TestCase.settings = settings(
    max_examples=sample_size(15, 300),
    stateful_step_count=sample_size(40, 120),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
test_random_nights = Night.TestCase
