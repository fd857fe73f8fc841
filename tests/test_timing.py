"""Time in one place: the floor's timers, the action clock and time bank, and
the order in which deadlines fire (RRP5 dead-hands.1.6, policies.2, .20, .21,
.25, seating.2, .10)."""

from __future__ import annotations

import math
from collections.abc import Iterable

import pytest
from hypothesis import given, note, settings
from hypothesis import strategies as st
from hypothesis.stateful import invariant, rule, run_state_machine_as_test

from floorman.clock import ManualClock
from floorman.codec import dumps_log, from_json, loads_log, to_json
from floorman.deal import (
    Action,
    BringIn,
    Call,
    Check,
    Deal,
    Draw,
    Fold,
    Kill,
    Muck,
    Show,
    Turn,
)
from floorman.errors import ConfigError, IllegalAction
from floorman.games import FIVE_CARD_DRAW, HOLDEM, SEVEN_CARD_STUD, Game, Structure
from floorman.ids import PlayerId, Seat
from floorman.room import GameKind, Room
from floorman.room import events as ev
from floorman.rulebook import cite
from floorman.service import (
    ActionClock,
    BanksRefilled,
    Deadline,
    Outcome,
    PlayerTurn,
    TimeBankUsed,
    TimeLimits,
    TurnTimedOut,
    deadlines,
    due,
    next_deadline,
)
from floorman.shuffle import SeededShuffler
from floorman.table import Table
from floorman.table import events as tev

from .conftest import sample_size
from .table_helpers import FL, NL, make
from .test_floor_machine import legal_actions
from .test_room_machine import MACHINE_SETTINGS, RoomMachine

KIND = GameKind(game="holdem", structure=Structure.NO_LIMIT, stakes="1/2")
LIMITS = TimeLimits(action=30.0, bank=60.0, refill=5.0)


def ids(event: object) -> list[str]:
    return [c.id for c in getattr(event, "citations", ())]


# ----- the floor's timers -------------------------------------------------------


def floor() -> tuple[Room, ManualClock]:
    clock = ManualClock()
    return Room(clock=clock, shuffler=SeededShuffler(7)), clock


def full_game(r: Room, table: int, names: str, *, seats: int = 9) -> None:
    r.open_game(table, KIND, seats=seats)
    for name in names:
        r.sign_up(name, KIND)
        r.take_seat(name, table)
    r.start_game(table)


def due_exactly(r: Room, clock: ManualClock) -> list[ev.RoomEvent]:
    """The room's deadline, read without a change, is exact: a tick a moment
    before it does nothing, a tick at it acts. Returns what the tick did."""
    before = list(r.events)
    deadline = r.next_deadline()
    assert deadline is not None
    assert r.events == before, "reading the deadline changes nothing"
    clock.seconds = math.nextafter(deadline, -math.inf)
    assert r.tick() == [], f"nothing is due before {deadline}"
    clock.seconds = deadline
    events = r.tick()
    assert events, f"something is due at {deadline}"
    return events


def test_policies_21_a_lock_up_in_a_new_game_runs_out_at_five_minutes() -> None:
    r, clock = floor()
    r.open_game(1, KIND, seats=2)
    r.sign_up("ann", KIND)
    clock.advance(seconds=10)
    r.sign_up("bob", KIND)
    r.sign_up("cy", KIND)  # waiting to play: no place left
    assert r.next_deadline() == 300.0
    events = due_exactly(r, clock)
    assert [(type(e).__name__, e.player) for e in events[:2]] == [
        ("LockUpPickedUp", "ann"),
        ("PlayerDelisted", "ann"),
    ]
    assert ids(events[0]) == ["policies.21"]
    assert r.lock_of("cy") is not None, "the seat goes to the player waiting"
    assert r.next_deadline() is None, "nobody waits now: bob's lock-up stands"


def test_policies_21_a_lock_up_in_a_running_game_runs_out_at_ten_minutes() -> None:
    r, clock = floor()
    full_game(r, 1, "abcdefgh")
    clock.advance(seconds=7.3)
    r.sign_up("ann", KIND)  # called to the ninth seat
    r.sign_up("bob", KIND)  # waiting
    assert r.next_deadline() == 7.3 + 600.0
    events = due_exactly(r, clock)
    assert isinstance(events[0], ev.LockUpPickedUp)
    assert events[0].player == "ann"
    assert ids(events[0]) == ["policies.21"]


def test_policies_21_a_lock_up_nobody_waits_for_has_no_deadline() -> None:
    r, clock = floor()
    full_game(r, 1, "abcdefgh")
    r.sign_up("ann", KIND)
    assert r.next_deadline() is None
    clock.advance(minutes=60)
    assert r.tick() == []
    # Someone comes to wait: the lock-up, long over its limit, goes at once.
    events = r.sign_up("bob", KIND)
    assert any(isinstance(e, ev.LockUpPickedUp) for e in events)


def test_seating_2_a_call_not_answered_holds_the_seat_until_the_lock_up_limit() -> None:
    r, clock = floor()
    full_game(r, 1, "abcdefghi")
    r.sign_up("bob", KIND)
    r.sign_up("cy", KIND)
    r.leave_area("bob", lockup=20)  # left money for a lock-up (RRP5 seating.2)
    clock.advance(seconds=42)
    events = r.leave("a")
    locked = [e for e in events if isinstance(e, ev.SeatLocked)]
    assert [(e.player, e.money) for e in locked] == [("bob", 20)]
    # bob is called but away; cy waits: the seat is held ten minutes.
    assert r.next_deadline() == 42 + 600.0
    events = due_exactly(r, clock)
    assert [(type(e).__name__, e.player) for e in events[:2]] == [
        ("LockUpPickedUp", "bob"),
        ("PlayerDelisted", "bob"),
    ]
    assert r.lock_of("cy") is not None


def test_policies_20_chips_are_picked_up_the_moment_after_thirty_minutes() -> None:
    r, clock = floor()
    full_game(r, 1, "abc")
    clock.advance(seconds=5)
    r.away("a")
    deadline = r.next_deadline()
    assert deadline == math.nextafter(5 + 1800.0, math.inf), "more than thirty minutes"
    events = due_exactly(r, clock)
    assert [(type(e).__name__, e.player) for e in events] == [("ChipsPickedUp", "a")]
    assert ids(events[0]) == ["policies.20"]
    assert r.next_deadline() is None


def test_policies_20_an_extended_absence_is_due_when_the_extension_ends() -> None:
    r, clock = floor()
    full_game(r, 1, "abc")
    r.away("a")
    r.away("b")
    r.extend_absence("b", minutes=45)
    assert r.next_deadline() == math.nextafter(1800.0, math.inf)
    assert [e.player for e in due_exactly(r, clock)] == ["a"]
    assert r.next_deadline() == math.nextafter(45 * 60.0, math.inf)
    assert [e.player for e in due_exactly(r, clock)] == ["b"]


def test_seating_10_the_end_of_a_bar_is_due_when_the_floor_would_call_the_player() -> None:
    r, clock = floor()
    full_game(r, 1, "abcdefghi")
    for name in ("ann", "bob", "cy"):
        r.sign_up(name, KIND)
    r.open_game(2, KIND, seats=9, main=1)
    for name in ("ann", "bob", "cy"):
        r.take_seat(name, 2)
    r.start_game(2)
    r.leave("a")  # ann is to move into the main game
    r.refuse("ann")  # and refuses: out of the must-move game for an hour
    r.sign_up("ann", KIND)  # back on the list the games share
    assert r.next_deadline() == 3600.0
    events = due_exactly(r, clock)
    called = [e for e in events if isinstance(e, ev.PlayerCalled)]
    assert [(e.player, e.table) for e in called] == [("ann", 2)]
    assert "seating.10" in ids(called[0])


def test_policies_21_a_deadline_passed_without_a_tick_is_due_at_once() -> None:
    r, clock = floor()
    r.open_game(1, KIND, seats=2)
    for name in ("ann", "bob", "cy"):
        r.sign_up(name, KIND)
    clock.advance(minutes=20)
    assert r.next_deadline() == 300.0, "the deadline passed: it is due now"
    assert [type(e).__name__ for e in r.tick()][:1] == ["LockUpPickedUp"]


def settled(r: Room, clock: ManualClock) -> None:
    """A tick at the clock's time has done all that was due then: the next
    deadline is later, and another tick now does nothing."""
    deadline = r.next_deadline()
    assert deadline is None or deadline > clock.now(), f"still due at {deadline}"
    assert r.tick() == []


def test_policies_21_seating_8_a_lock_up_on_a_seat_reserved_for_its_player_stays() -> None:
    # Three called to a new game of three seats, one of them reserved for dee:
    # picking dee's place up frees only the seat that stays his, so the player
    # waiting gets a place held by someone else (cal, the oldest besides dee).
    r, clock = floor()
    r.open_game(1, KIND, seats=3)
    for name in ("dee", "cal", "fay", "kim"):
        r.sign_up(name, KIND)
    r.reserve(1, Seat(1), PlayerId("dee"))
    assert r.next_deadline() == 300.0
    events = due_exactly(r, clock)
    assert [(type(e).__name__, e.player) for e in events] == [
        ("LockUpPickedUp", "cal"),
        ("PlayerDelisted", "cal"),
        ("PlayerCalled", "kim"),
        ("SeatLocked", "kim"),
    ]
    assert r.lock_of("dee") is not None, "dee's place on his reserved seat is kept"
    settled(r, clock)


def test_policies_21_seating_8_a_reserved_seat_called_to_in_a_running_game_is_held() -> None:
    # The ninth seat is reserved for ann and she is called to it; bob waits,
    # but the seat is not his to have, so there is nothing to pick up for him.
    r, clock = floor()
    full_game(r, 1, "abcdefgh")
    r.reserve(1, Seat(9), PlayerId("ann"))
    r.sign_up("ann", KIND)
    r.sign_up("bob", KIND)
    assert r.lock_of("ann") is not None
    assert r.next_deadline() is None
    clock.advance(minutes=60)
    assert r.tick() == []
    assert r.lock_of("ann") is not None


def test_policies_21_seating_10_a_place_picked_up_goes_to_the_list_when_no_one_can_go_to_the_must_move_game() -> (
    None
):
    # The list feeds the must-move game, not the main game, but only while the
    # floor can call someone there: bob is away and was passed over at the
    # must-move game, ann turned it down. eve's place, picked up for ann, is
    # ann's; before, nobody was called, and fay's place went too, for no one.
    r, clock = floor()
    r.open_game(1, KIND, seats=3)
    r.sign_up("cal", KIND)
    r.take_seat("cal", 1)
    r.sign_up("eve", KIND)  # called to table 1, and never comes
    r.sign_up("fay", KIND)  # likewise
    r.sign_up("bob", KIND)
    r.leave_area("bob")
    opened = r.open_game(2, KIND, seats=9, main=1)
    assert [(type(e).__name__, e.table) for e in opened[1:]] == [("PassedOver", 2)]
    r.sign_up("ann", KIND)
    r.refuse("ann")  # turns the must-move game down, keeping her place (RRP5 seating.11)
    clock.advance(minutes=6)
    assert r.next_deadline() == 300.0
    events = r.tick()
    assert [(type(e).__name__, e.player) for e in events] == [
        ("LockUpPickedUp", "eve"),
        ("PlayerDelisted", "eve"),
        ("PassedOver", "bob"),
        ("PlayerCalled", "ann"),
        ("SeatLocked", "ann"),
    ]
    assert r.lock_of("fay") is not None, "fay's place stands: nobody is left waiting"
    settled(r, clock)


def test_policies_20_21_seating_2_8_15_the_random_night_whose_deadline_repeated() -> None:
    # The night the floor's deadline stayed at 300.0 after a tick at 300.0: a
    # game broke with players away, and a seat in a new game was reserved for
    # a player already called to it.
    clock = ManualClock()
    r = Room(clock=clock, shuffler=SeededShuffler(0))
    r.open_game(1, KIND, seats=3)
    r.open_game(2, KIND, seats=3, main=1)
    r.open_game(3, KIND, seats=2)
    for name, table in [("ann", 2), ("dee", 3), ("bob", 2), ("cal", 3), ("eve", 2)]:
        r.sign_up(name, KIND)
        r.take_seat(name, table)
    r.sign_up("fay", KIND)
    r.sign_up("kim", KIND)
    r.break_game(3)
    r.open_game(3, KIND, seats=3)
    r.away("ann")
    r.break_game(2)
    r.reserve(3, Seat(1), PlayerId("dee"))
    assert [k.player for k in r.locks(3)] == ["dee", "cal", "fay"]
    assert r.waiting(KIND) == ("dee", "cal", "fay", "kim")
    assert r.next_deadline() == 300.0
    events = due_exactly(r, clock)
    assert [e.player for e in events if isinstance(e, ev.LockUpPickedUp)] == ["cal"]
    assert r.lock_of("kim") is not None
    settled(r, clock)


# ----- the action clock -------------------------------------------------------


class Night:
    """A table, its action clock and a manual clock, every event logged with
    its time as a cardroom logs it."""

    def __init__(
        self, table: Table, *, limits: TimeLimits = LIMITS, clock: ManualClock | None = None
    ) -> None:
        self.table = table
        self.clock = clock if clock is not None else ManualClock()
        self.actions = ActionClock(table, limits=limits)
        self.log: list[tuple[object, float]] = []
        self._seen_table = 0

    @property
    def deal(self) -> Deal:
        """The deal under way or last played."""
        assert self.table.deal is not None
        return self.table.deal

    def turn(self) -> PlayerTurn:
        """The player to act, who must be one."""
        turn = self.actions.turn()
        assert turn is not None
        return turn

    def passive(self, *, fold: bool = False) -> None:
        """The player to act calls, or folds with ``fold``, or checks."""
        legal = self.deal.legal()
        p = legal.position
        assert p is not None
        if legal.check:
            self.act(Check(position=p))
        else:
            self.act(Fold(position=p) if fold else Call(position=p))

    def _log(self, events: Iterable[object]) -> None:
        now = self.clock.now()
        for event in events:
            self.log.append((event, now))
            self.actions.record(event, now)

    def _table_events(self) -> None:
        fresh = self.table.events[self._seen_table :]
        self._seen_table = len(self.table.events)
        self._log(fresh)

    def start(self) -> None:
        deal = self.table.start_deal()
        self._table_events()
        self._log(list(deal.events))
        self._log(self.actions.dealt())

    def at(self, seconds: float) -> None:
        self.clock.seconds = seconds

    def act(self, action: Action) -> None:
        bank = self.actions.acting(self.clock.now())
        events = self.table.apply(action)
        self._log(bank)
        self._log(events)
        self._table_events()

    def rule(self, action: Action) -> None:
        """A ruling on the deal: no player's own action, so no bank drawn."""
        self._log(self.table.apply(action))
        self._table_events()

    def fire(self) -> tuple[Action, tuple[object, ...]]:
        expiry = self.actions.expire(self.clock.now())
        events = self.table.apply(expiry.action)
        self._log(expiry.events)
        self._log(events)
        self._table_events()
        return expiry.action, expiry.events


def holdem(players: tuple[int, ...] = (1, 2, 3)) -> Night:
    return Night(make(players=players, seats=6, button=1))


def test_dead_hands_1_6_time_out_facing_a_bet_kills_the_hand() -> None:
    night = holdem()
    night.start()
    turn = night.turn()
    assert turn.facing, "the first to act faces the big blind"
    assert night.actions.deadline() == 0 + 30 + 60
    night.at(90.0)
    action, events = night.fire()
    assert action == Kill(position=turn.position, citations=action.citations)
    assert ids(action) == ["dead-hands.1.6"]
    assert night.deal.folded(turn.position), "the hand is dead"
    timed_out = events[-1]
    assert isinstance(timed_out, TurnTimedOut)
    assert (timed_out.seat, timed_out.player, timed_out.facing) == (turn.seat, turn.player, True)
    assert timed_out.outcome is Outcome.KILLED
    assert ids(timed_out) == ["dead-hands.1.6"]


def test_dead_hands_1_6_time_out_not_facing_a_bet_checks() -> None:
    night = holdem()
    night.start()
    night.at(1.0)
    night.act(Call(position=night.turn().position))
    night.act(Call(position=night.turn().position))
    turn = night.actions.turn()  # the big blind, with the option
    assert turn is not None
    assert not turn.facing
    assert turn.legal.check
    assert night.actions.deadline() == 1.0 + 90.0
    night.at(91.0)
    action, events = night.fire()
    assert action == Check(position=turn.position)
    assert not night.deal.folded(turn.position), "the hand lives"
    timed_out = events[-1]
    assert isinstance(timed_out, TurnTimedOut)
    assert timed_out.outcome is Outcome.CHECKED
    assert not timed_out.facing
    assert ids(timed_out) == ["dead-hands.1.6", "policies.25"]


def test_dead_hands_1_6_no_ruling_before_the_time_is_exceeded() -> None:
    night = holdem()
    night.start()
    night.at(89.5)
    before = list(night.log)
    with pytest.raises(IllegalAction) as early:
        night.fire()
    assert ids(early.value) == ["dead-hands.1.6"]
    assert "until second 90" in str(early.value)
    assert night.log == before
    assert night.actions.bank("p1") == 60.0


def test_dead_hands_1_6_a_player_cannot_act_once_his_time_ran_out() -> None:
    night = holdem()
    night.start()
    night.at(90.0)
    turn = night.actions.turn()
    assert turn is not None
    deal_events = len(night.deal.events)
    with pytest.raises(IllegalAction) as late:
        night.act(Call(position=turn.position))
    assert ids(late.value) == ["dead-hands.1.6"]
    assert len(night.deal.events) == deal_events


def test_dead_hands_1_6_the_time_bank_is_drawn_then_exhausted() -> None:
    night = holdem(players=(1, 2))  # heads-up: the button (seat 1) acts first
    night.start()
    first = night.actions.turn()
    assert first is not None
    night.at(30.0)
    night.act(Call(position=first.position))  # on time: no bank drawn
    assert night.actions.bank(first.player) == 60.0
    second = night.actions.turn()
    assert second is not None
    night.at(30.0 + 30.0 + 45.5)  # 15.5 seconds into the bank... plus 30
    night.act(Check(position=second.position))
    drawn = [e for e, _ in night.log if isinstance(e, TimeBankUsed)]
    assert [(e.player, e.seconds, e.left) for e in drawn] == [(second.player, 45.5, 14.5)]
    assert ids(drawn[0]) == ["dead-hands.1.6"]
    assert night.actions.bank(second.player) == 14.5
    # On the flop the same player acts first: 30 seconds and what is left.
    turn = night.actions.turn()
    assert turn is not None
    assert turn.player == second.player
    began = 105.5
    assert night.actions.deadline() == began + 30.0 + 14.5
    night.at(began + 44.5)
    night.fire()
    assert night.actions.bank(second.player) == 0.0
    drawn = [e for e, _ in night.log if isinstance(e, TimeBankUsed)]
    assert (drawn[-1].seconds, drawn[-1].left) == (14.5, 0.0)
    # Exhausted: the next turn of his has the action time alone, and runs out
    # without drawing on a bank.
    night.at(200.0)
    night.act(Check(position=night.turn().position))
    turn = night.actions.turn()
    assert turn is not None
    assert turn.player == second.player
    assert night.actions.deadline() == 200.0 + 30.0
    night.at(230.0)
    _, events = night.fire()
    assert [type(e).__name__ for e in events] == ["TurnTimedOut"]


def test_dead_hands_1_6_the_bank_refills_a_little_each_deal_up_to_the_full_bank() -> None:
    night = holdem(players=(1, 2))
    night.start()
    turn = night.actions.turn()
    assert turn is not None
    night.at(90.0)
    night.fire()  # the whole bank drawn, the hand dead: the deal is over
    assert night.table.deal is not None
    assert night.table.deal.is_over
    assert night.actions.bank(turn.player) == 0.0
    for deal in range(1, 14):
        night.at(100.0 * deal)
        night.start()
        assert night.actions.bank(turn.player) == min(60.0, 5.0 * deal)
        while not night.deal.is_over:
            night.passive(fold=True)
    refills = [e for e, _ in night.log if isinstance(e, BanksRefilled)]
    assert len(refills) == 12, "a full bank needs no refill, and none is logged"
    assert refills[0].banks == ((turn.player, 5.0),)


def test_dead_hands_1_6_time_limits_are_positive_finite_seconds() -> None:
    assert TimeLimits() == TimeLimits(action=30.0, bank=60.0, refill=5.0)
    for bad in ({"action": 0.0}, {"bank": -1.0}, {"refill": math.inf}, {"action": True}):
        with pytest.raises(ConfigError) as refused:
            TimeLimits(**bad)
        assert ids(refused.value) == ["dead-hands.1.6"]
    never = Night(make(players=(1, 2), seats=6, button=1), limits=TimeLimits(bank=0.0))
    never.start()
    assert never.actions.deadline() == 30.0


def test_policies_25_out_of_time_at_the_draw_the_hand_stands_pat() -> None:
    table = make(game=FIVE_CARD_DRAW, structure=FL, players=(1, 2, 3), seats=6)
    night = Night(table)
    night.start()
    while night.deal.legal().turn is Turn.BET:
        night.passive()
    turn = night.actions.turn()
    assert turn is not None
    assert turn.legal.turn is Turn.DRAW
    deadline = night.actions.deadline()
    assert deadline is not None
    night.at(deadline)
    action, events = night.fire()
    assert action == Draw(position=turn.position, discards=())
    timed_out = events[-1]
    assert isinstance(timed_out, TurnTimedOut)
    assert timed_out.outcome is Outcome.STOOD_PAT
    assert ids(timed_out) == ["policies.25"]


def test_policies_25_the_low_card_out_of_time_brings_it_in() -> None:
    table = make(game=SEVEN_CARD_STUD, structure=FL, players=(2, 4, 6), ante=1, bring_in=1)
    night = Night(table)
    night.start()
    turn = night.actions.turn()
    assert turn is not None
    assert turn.legal.bring_in
    assert not turn.legal.fold
    assert not turn.facing
    night.at(90.0)
    action, events = night.fire()
    assert action == BringIn(position=turn.position)
    timed_out = events[-1]
    assert isinstance(timed_out, TurnTimedOut)
    assert timed_out.outcome is Outcome.BROUGHT_IN


def test_showdown_1_a_hand_not_shown_in_time_is_mucked_unless_it_is_alone() -> None:
    from floorman.deal import Legal
    from floorman.service.timing import _ruling

    def ruled(*, muck: bool) -> tuple[Action, Outcome]:
        legal = Legal(turn=Turn.SHOW, position=1, muck=muck)
        action, outcome, rules = _ruling(PlayerTurn(seat=3, player="c", position=1, legal=legal))
        assert [c.id for c in rules] == ["showdown.1", "policies.25"]
        return action, outcome

    assert ruled(muck=True) == (Muck(position=1), Outcome.MUCKED)
    assert ruled(muck=False) == (Show(position=1), Outcome.SHOWN)


def test_dead_hands_1_6_a_ruling_during_a_turn_gives_the_player_his_time_again() -> None:
    night = holdem(players=(1, 2, 3, 4))
    night.start()
    turn = night.actions.turn()
    deal = night.table.deal
    assert turn is not None
    assert deal is not None
    night.at(20.0)
    other = next(p for p in range(4) if p != turn.position and not deal.folded(p))
    night.rule(Kill(position=other, citations=cite("dead-hands.1.2")))
    assert night.actions.turn() == turn
    assert night.actions.began == 20.0
    assert night.actions.deadline() == 20.0 + 90.0


def test_the_clock_is_rebuilt_from_its_logged_events_and_their_times() -> None:
    night = holdem()
    for deal in range(4):
        night.at(1000.0 * deal)
        night.start()
        step = 0
        while not night.deal.is_over:
            step += 1
            night.at(night.clock.now() + 17.0 * step)
            deadline = night.actions.deadline()
            assert deadline is not None
            if night.clock.now() >= deadline:
                night.fire()
            else:
                night.passive()
    assert any(isinstance(e, TurnTimedOut) for e, _ in night.log)
    assert any(isinstance(e, TimeBankUsed) for e, _ in night.log)
    rebuilt = ActionClock.rebuild(night.table, night.log, limits=LIMITS)
    assert (rebuilt.banks, rebuilt.began) == (night.actions.banks, night.actions.began)
    # ... and through the codec, as a cardroom log is stored.
    timing = [e for e, _ in night.log if isinstance(e, TimeBankUsed | BanksRefilled | TurnTimedOut)]
    assert list(loads_log(dumps_log(timing))) == timing
    for event in timing:
        assert from_json(to_json(event)) == event


# ----- the room and its tables together ---------------------------------------


def test_deadlines_fire_earliest_first_the_floor_before_tables_at_a_tie() -> None:
    r, _clock = floor()
    full_game(r, 1, "abcdefgh")
    r.sign_up("ann", KIND)
    r.sign_up("bob", KIND)  # ann's lock-up runs out at 600
    night = holdem()
    night.start()  # its first turn runs out at 90
    clocks = {2: night.actions}
    assert next_deadline(r, clocks) == 90.0
    assert deadlines(r, clocks) == (Deadline(at=90.0, table=2), Deadline(at=600.0))
    assert due(r, clocks, 89.0) is None
    assert due(r, clocks, 700.0) == Deadline(at=90.0, table=2)
    # A tie: the floor's timers first, then the tables by number.
    tied = {7: night.actions, 3: ActionClock(night.table, limits=LIMITS)}
    tied[3].record(night.log[-1][0], 510.0)
    tied[7].record(night.log[-1][0], 510.0)
    assert [d.table for d in deadlines(r, tied)] == [None, 3, 7]
    assert next_deadline(Room(clock=ManualClock()), {}) is None


def advance(r: Room, clock: ManualClock, nights: dict[int, Night], now: float) -> list[str]:
    """A cardroom's advance(now), as the timing module outlines it: while
    something is due by ``now``, fire the first, as of its own moment."""
    fired = []
    clocks = {t: n.actions for t, n in nights.items()}
    while (deadline := due(r, clocks, now)) is not None:
        clock.seconds = deadline.at
        if deadline.table is None:
            fired += [f"{deadline.at:g} floor {type(e).__name__}" for e in r.tick()]
        else:
            night = nights[deadline.table]
            night.at(deadline.at)
            action, _ = night.fire()
            fired.append(f"{deadline.at:g} table {deadline.table} {type(action).__name__}")
    clock.seconds = now
    return fired


def night_of_timers() -> tuple[Room, ManualClock, dict[int, Night]]:
    r, clock = floor()
    full_game(r, 1, "abcdefgh")
    r.sign_up("ann", KIND)
    r.sign_up("bob", KIND)
    nights = {2: holdem(players=(1, 2, 3, 4)), 3: holdem(players=(1, 2))}
    for night in nights.values():
        night.start()
    return r, clock, nights


def test_advancing_in_one_step_or_many_fires_the_same_in_time_order() -> None:
    r, clock, nights = night_of_timers()
    fired = advance(r, clock, nights, 700.0)
    # Each timed-out turn passes the action on at its own moment, so the next
    # player's time runs from then and may run out before 700 too; at 90 both
    # tables are due, the lower number first.
    # At table 2 each of the three facing the big blind gets 30 seconds and
    # his 60 of bank from the previous one's timeout; table 3 is heads-up.
    assert fired == [
        "90 table 2 Kill",
        "90 table 3 Kill",
        "180 table 2 Kill",
        "270 table 2 Kill",
        "600 floor LockUpPickedUp",
        "600 floor PlayerDelisted",
        "600 floor PlayerCalled",
        "600 floor SeatLocked",
    ]
    r2, clock2, nights2 = night_of_timers()
    stepped: list[str] = []
    for now in range(0, 701, 7):
        stepped += advance(r2, clock2, nights2, float(now))
    assert stepped == fired
    assert r2.events == r.events
    for t in nights:
        assert nights2[t].log == nights[t].log


def test_policies_2_a_new_time_period_is_no_deadline_time_is_collected_before_the_deal() -> None:
    table = make(players=(1, 2, 3), time_charge=5, time_every=1800.0)
    table.waiting = 2  # with a list, everyone pays
    assert isinstance(table.clock, ManualClock)
    night = Night(table, clock=table.clock)
    night.start()
    while not night.deal.is_over:
        night.passive(fold=True)
    r, _ = floor()
    assert next_deadline(r, {1: night.actions}) is None, "a period's start wakes nobody"
    before = len(table.events)
    night.at(1800.0)
    assert len(table.events) == before, "nothing happens at the boundary"
    night.start()
    paid = [e for e in table.events[before:] if isinstance(e, tev.TimeCollected)]
    assert sorted(e.seat for e in paid) == [1, 2, 3], "the next deal's start collects"


# ----- random deals, random delays ----------------------------------------------

GAMES: list[tuple[Game, Structure, dict[str, object]]] = [
    (HOLDEM, NL, {}),
    (HOLDEM, FL, {}),
    (FIVE_CARD_DRAW, FL, {}),
    (SEVEN_CARD_STUD, FL, {"ante": 1, "bring_in": 1}),
]


def chosen(legal_pick: int, night: Night) -> Action:
    """One of the actions the player to act may take, by ``legal_pick``."""
    deal = night.table.deal
    assert deal is not None
    options = legal_actions(deal)
    return options[legal_pick % len(options)]


@settings(max_examples=40)
@given(
    game=st.sampled_from(GAMES),
    seats=st.integers(2, 6),
    seed=st.integers(0, 2**16),
    limits=st.builds(
        TimeLimits,
        action=st.floats(1.0, 60.0),
        bank=st.floats(0.0, 120.0),
        refill=st.floats(0.0, 30.0),
    ),
    delays=st.lists(st.tuples(st.floats(0.0, 200.0), st.integers(0, 7)), min_size=1, max_size=80),
)
def test_dead_hands_1_6_a_timeout_is_always_legal_and_no_deadline_precedes_its_turn(
    game: tuple[Game, Structure, dict[str, object]],
    seats: int,
    seed: int,
    limits: TimeLimits,
    delays: list[tuple[float, int]],
) -> None:
    form, structure, options = game
    table = make(
        game=form,
        structure=structure,
        players=tuple(range(1, seats + 1)),
        seats=max(seats, 2),
        seed=seed,
        button=1 if form.is_button_game else None,
        chips=100,
        **options,
    )
    night = Night(table, limits=limits)
    night.start()
    for delay, pick in delays:
        deal = table.deal
        assert deal is not None
        if deal.is_over:
            if sum(1 for chips in table.stacks.values() if chips > 0) < 2:
                break  # one player has all the chips: the game is over
            night.at(night.clock.now() + delay)
            night.start()
            continue
        turn = night.actions.turn()
        assert turn is not None, "with the table dealing, the deal waits only for players"
        deadline = night.actions.deadline()
        assert deadline is not None
        assert night.actions.began is not None
        assert deadline >= night.actions.began + limits.action, "never before its turn's start"
        assert 0.0 <= night.actions.bank(turn.player) <= limits.bank
        night.at(night.actions.began + delay)
        if night.clock.now() >= deadline:
            action, events = night.fire()  # the deal refuses an illegal action
            outcome = events[-1]
            assert isinstance(outcome, TurnTimedOut)
            if turn.facing:
                assert isinstance(action, Kill)
                assert deal.folded(turn.position)
                assert outcome.outcome is Outcome.KILLED
            elif turn.legal.turn is Turn.BET and turn.legal.check:
                assert action == Check(position=turn.position)
                assert not deal.folded(turn.position)
            assert night.actions.bank(turn.player) == 0.0
        else:
            bank = night.actions.bank(turn.player)
            night.act(chosen(pick, night))
            used = max(0.0, night.clock.now() - (deadline - bank - limits.action) - limits.action)
            assert night.actions.bank(turn.player) == pytest.approx(bank - used)
    rebuilt = ActionClock.rebuild(table, night.log, limits=limits)
    assert (rebuilt.banks, rebuilt.began) == (night.actions.banks, night.actions.began)


# ----- random nights on the floor: the deadline is exact ------------------------


def _shadow(room: Room, at: float) -> Room:
    """The room rebuilt from its log, its clock showing ``at``."""
    shadow = Room(clock=ManualClock(at), lockup=room.lockup)
    shadow.apply(room.events)
    return shadow


class TimedRoomMachine(RoomMachine):
    """The floor's random nights, the clock also jumping to the very moment
    the room says is next (RRP5 policies.20, policies.21, seating.2, seating.10)."""

    @rule()
    def pass_to_the_deadline(self) -> None:
        deadline = self.room.next_deadline()
        if deadline is None:
            return
        note(f"clock.seconds = {deadline!r}  # the next deadline")
        self.clock.seconds = max(deadline, self.clock.seconds)
        events = self._do("tick", ok=True)
        assert events, f"the room said something was due at {deadline}, and a tick did nothing"

    @invariant()
    def the_deadline_is_exact(self) -> None:
        room = self.room
        before = list(room.events)
        deadline = room.next_deadline()
        assert room.events == before, "reading the deadline changed the log"
        now = self.clock.now()
        if deadline is None:
            # No timer runs: a tick however late does nothing.
            assert _shadow(room, now + 1e7).tick() == []
            return
        assert deadline > now, "every step that moves the clock ticks, so nothing is overdue"
        assert _shadow(room, math.nextafter(deadline, -math.inf)).tick() == []
        assert _shadow(room, deadline).tick() != []


def test_policies_20_21_seating_2_10_the_floors_deadline_is_exact_on_random_nights() -> None:
    run_state_machine_as_test(
        TimedRoomMachine,
        settings=settings(MACHINE_SETTINGS, max_examples=sample_size(40, 1_000)),
    )
