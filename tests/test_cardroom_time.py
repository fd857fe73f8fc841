"""Time in the cardroom: the action clock at each live table, the floor's timers,
one deadline for all of them, and the log that rebuilds the clocks."""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import pytest

from floorman.clock import ManualClock
from floorman.errors import FloorError, IllegalAction
from floorman.games import Structure
from floorman.room import events as rev
from floorman.room.values import GameKind
from floorman.room.values import Sanction as Penalty
from floorman.service import (
    ActionClock,
    BanksRefilled,
    Cardroom,
    Entry,
    Outcome,
    TimeBankUsed,
    TimeLimits,
    TurnTimedOut,
    dumps_entries,
    loads_entries,
    table_setup,
)
from floorman.service import commands as c
from floorman.service import events as cev
from floorman.service import ledger as led
from floorman.shuffle import SeededShuffler
from floorman.table import TableSetup
from floorman.table import events as tev
from tests.cardroom_helpers import NL

PLO = GameKind(game="omaha", structure=Structure.POT_LIMIT, stakes="1/2")
LIMITS = TimeLimits(action=30.0, bank=60.0, refill=5.0)


class Timed:
    """A cardroom on a manual clock running an action clock at its tables."""

    def __init__(self, *, limits: TimeLimits | None = LIMITS) -> None:
        self.clock = ManualClock()
        self.room = Cardroom(clock=self.clock, shuffler=SeededShuffler(3), time_limits=limits)

    def do(self, *commands: c.Command) -> list[Entry]:
        out: list[Entry] = []
        for command in commands:
            out.extend(self.room.handle(command))
            assert self.room.audit() == []
        return out

    def at(self, seconds: float) -> list[Entry]:
        """Move the clock to ``seconds`` and advance the cardroom to it."""
        self.clock.seconds = seconds
        out = self.room.advance(seconds)
        assert self.room.audit() == []
        return out

    def game(self, table: int, *names: str, seats: int = 6, kind: GameKind = NL) -> None:
        self.do(c.OpenGame(table=table, kind=kind, seats=seats))
        for name in names:
            self.do(c.SignUp(player=name, kind=kind), c.TakeSeat(player=name, table=table))
        self.do(c.StartGame(table=table))

    def fold_out(self, table: int = 1) -> list[Entry]:
        """Everyone to act folds until the deal at ``table`` ends."""
        out: list[Entry] = []
        while self.room.table(table).in_deal:
            out += self.do(c.Act(player=self.to_act(table), move=c.Move.FOLD))
        return out

    def to_act(self, table: int = 1) -> str:
        """The name of the player whose turn it is (read as a clock reads it)."""
        turn = ActionClock(self.room.table(table)).turn()
        assert turn is not None
        return turn.player


def of(entries: list[Entry], kind: type) -> list[Any]:
    return [e.event for e in entries if isinstance(e.event, kind)]


def snapshot(room: Cardroom) -> Any:
    return (
        list(room.log),
        list(room.room.events),
        list(room.ledger.events),
        {n: (list(t.log), t.stacks) for n, t in room._tables.items()},
        {n: (k.banks, k.began, k.deadline()) for n, k in room.clocks.items()},
    )


# ----- the action clock: dead-hands.1.6 -------------------------------------------------


def test_dead_hands_1_6_a_turn_run_out_facing_a_bet_kills_the_hand_at_its_deadline() -> None:
    night = Timed()
    night.game(1, "ann", "bob", "cy")
    night.do(c.StartDeal(table=1))
    first = night.to_act()
    assert night.room.next_deadline() == 90.0  # 30 seconds, then the 60 of his bank
    assert night.at(89.0) == []
    out = night.at(100.0)
    timed_out = of(out, TurnTimedOut)
    assert [(t.player, t.facing, t.outcome) for t in timed_out] == [(first, True, Outcome.KILLED)]
    assert [c.id for c in timed_out[0].citations] == ["dead-hands.1.6"]
    assert [(b.player, b.left) for b in of(out, TimeBankUsed)] == [(first, 0.0)]
    assert {e.at for e in out} == {90.0}, "ruled as of the moment the time ran out"
    assert {e.table for e in out} == {1}
    assert night.to_act() != first, "his hand is dead: the turn has passed"
    live = night.room.table(1)
    seat = night.room.room.seat_of(first)
    assert live.deal is not None
    assert seat is not None
    assert live.deal.folded(live.position_of(seat[1]))
    # The next player's time runs from the moment of the ruling.
    assert night.room.next_deadline() == 90.0 + 90.0


def test_dead_hands_1_6_a_turn_run_out_not_facing_a_bet_is_checked() -> None:
    night = Timed()
    night.game(1, "ann", "bob", "cy")
    night.do(c.StartDeal(table=1))
    for _ in range(2):  # the first two call the big blind, who has the option
        night.do(c.Act(player=night.to_act(), move=c.Move.CALL))
    big = night.to_act()
    deal = night.room.table(1).deal
    assert deal is not None
    assert deal.legal().check
    out = night.at(1000.0)
    first = of(out, TurnTimedOut)[0]
    assert (first.player, first.facing, first.outcome) == (big, False, Outcome.CHECKED)
    assert "dead-hands.1.6" in [c.id for c in first.citations]
    assert out[0].at == 90.0
    after = night.room.table(1).deal
    assert after is not None
    assert after.pot == 6, "checked, the hand plays on with its chips in"


def test_dead_hands_1_6_a_late_action_is_refused_after_the_ruling_and_changes_nothing() -> None:
    late, ruled = Timed(), Timed()
    for night in (late, ruled):
        night.game(1, "ann", "bob", "cy")
        night.do(c.StartDeal(table=1))
    first = late.to_act()
    ruled.at(95.0)
    before = snapshot(ruled.room)
    # The action arrives after his time ran out: the clock's ruling comes first.
    late.clock.seconds = 95.0
    with pytest.raises(IllegalAction):
        late.room.handle(c.Act(player=first, move=c.Move.CALL))
    with pytest.raises(IllegalAction):
        ruled.room.handle(c.Act(player=first, move=c.Move.CALL))
    assert snapshot(ruled.room) == before, "refused, it changes nothing"
    assert snapshot(late.room) == before, "the ruling stands; the late action adds nothing"
    assert late.room.audit() == []


def test_dead_hands_1_6_a_slow_action_draws_on_the_bank_which_refills_each_deal() -> None:
    night = Timed()
    night.game(1, "ann", "bob", "cy")
    night.do(c.StartDeal(table=1))
    slow = night.to_act()
    night.clock.seconds = 50.0
    out = night.do(c.Act(player=slow, move=c.Move.FOLD))
    drawn = of(out, TimeBankUsed)
    assert [(b.player, b.seconds, b.left) for b in drawn] == [(slow, 20.0, 40.0)]
    assert isinstance(out[0].event, TimeBankUsed), "logged with the action, before it"
    assert night.room.clocks[1].bank(slow) == 40.0
    # The next player has his full time from the fold.
    assert night.room.next_deadline() == 50.0 + 90.0
    night.fold_out()
    out = night.do(c.StartDeal(table=1))
    refills = of(out, BanksRefilled)
    assert [r.banks for r in refills] == [((slow, 45.0),)]
    assert night.room.clocks[1].bank(slow) == 45.0


def test_dead_hands_1_6_no_action_clock_without_time_limits() -> None:
    night = Timed(limits=None)
    night.game(1, "ann", "bob")
    night.do(c.StartDeal(table=1))
    assert night.room.clocks == {}
    assert night.room.next_deadline() is None
    assert night.at(10_000.0) == []


# ----- the floor's timers: policies.20, policies.21, seating.2 --------------------------


def test_policies_20_an_absence_is_picked_up_the_moment_after_thirty_minutes() -> None:
    night = Timed()
    night.game(1, "ann", "bob", "cy")
    chips = night.room.table(1).stacks[3]
    night.clock.seconds = 10.0
    night.do(c.StepAway(player="cy"))
    deadline = night.room.next_deadline()
    assert deadline == math.nextafter(10.0 + 1800.0, math.inf)
    assert night.at(1810.0) == []
    out = night.at(5000.0)
    picked = of(out, rev.ChipsPickedUp)
    assert [(p.player, [c.id for c in p.citations]) for p in picked] == [("cy", ["policies.20"])]
    assert {e.at for e in out} == {deadline}
    assert [p.player for p in of(out, tev.ChipsPickedUp)] == ["cy"], "the table follows"
    assert "cy" not in night.room.table(1).players.values()
    assert night.room.ledger.held("cy") == chips, "his chips go to the cage's books for him"


def test_policies_20_a_command_after_the_deadline_finds_the_chips_picked_up() -> None:
    night = Timed()
    night.game(1, "ann", "bob", "cy")
    night.do(c.StepAway(player="cy"))
    night.clock.seconds = 2000.0
    out = night.do(c.SignUp(player="dee", kind=NL))
    assert [type(e.event).__name__ for e in out[:1]] == ["ChipsPickedUp"]
    assert out[0].at == math.nextafter(1800.0, math.inf)
    # The seat cy lost is open, so dee, signing up after, is called to it.
    assert night.room.room.lock_of("dee") is not None


def _lock_up(night: Timed) -> None:
    """A full game of three at table 1; cy is called when ann leaves, dee waits."""
    night.game(1, "ann", "bob", "eve", seats=3)
    night.do(c.SignUp(player="cy", kind=NL), c.SignUp(player="dee", kind=NL))
    night.clock.seconds = 42.0
    night.do(c.Leave(player="ann"))
    lock = night.room.room.lock_of("cy")
    assert lock is not None
    assert lock.since == 42.0


def test_policies_21_a_lock_up_held_ten_minutes_with_someone_waiting_is_picked_up() -> None:
    night = Timed()
    _lock_up(night)
    assert night.room.next_deadline() == 42.0 + 600.0
    assert night.at(641.0) == []
    out = night.at(700.0)
    picked = of(out, rev.LockUpPickedUp)
    assert [(p.player, [c.id for c in p.citations]) for p in picked] == [("cy", ["policies.21"])]
    assert out[0].at == 642.0
    assert night.room.room.lock_of("dee") is not None, "the seat goes to the one waiting"


def test_seating_2_a_called_player_who_does_not_come_loses_the_seat() -> None:
    night = Timed()
    _lock_up(night)
    night.clock.seconds = 650.0
    # cy comes too late: the lock-up was picked up before he could take it.
    with pytest.raises(FloorError) as caught:
        night.room.handle(c.TakeSeat(player="cy", table=1))
    assert "cy" in str(caught.value)
    assert night.room.room.lock_of("dee") is not None
    night.do(c.TakeSeat(player="dee", table=1))
    assert "dee" in night.room.table(1).players.values()


# ----- one deadline, fired in order ------------------------------------------------------


def _busy() -> Timed:
    night = Timed()
    night.game(1, "ann", "bob", "eve", seats=3)
    night.do(c.SignUp(player="cy", kind=NL), c.SignUp(player="dee", kind=NL))
    night.do(c.Leave(player="ann"))  # cy's lock-up runs out at 600
    night.game(2, "p", "q", "r", "s", kind=PLO)
    night.do(c.StartDeal(table=1), c.StartDeal(table=2))
    return night


def test_dead_hands_1_6_policies_21_deadlines_fire_in_time_order_in_one_step_or_many() -> None:
    whole = _busy()
    out = whole.at(700.0)
    fired = [
        (e.at, e.table, type(e.event).__name__)
        for e in out
        if isinstance(e.event, TurnTimedOut | rev.LockUpPickedUp)
    ]
    assert fired[:2] == [(90.0, 1, "TurnTimedOut"), (90.0, 2, "TurnTimedOut")]
    assert [f[0] for f in fired] == sorted(f[0] for f in fired)
    assert (600.0, None, "LockUpPickedUp") in fired
    stepped = _busy()
    for now in range(0, 701, 7):
        stepped.at(float(now))
    stepped.at(700.0)
    assert stepped.room.log == whole.room.log
    assert [e.seq for e in whole.room.log] == list(range(len(whole.room.log)))
    times = [e.at for e in whole.room.log]
    assert times == sorted(times), "the log's times never go back"


# ----- the log rebuilds the clocks ----------------------------------------------------------


def test_dead_hands_1_6_a_night_with_timeouts_rebuilds_to_the_live_cardroom() -> None:
    night = _busy()
    night.clock.seconds = 40.0
    night.do(c.Act(player=night.to_act(2), move=c.Move.CALL))  # draws 10 of his bank
    night.at(400.0)
    for table in (1, 2):
        if not night.room.table(table).in_deal:
            night.do(c.StartDeal(table=table))
    night.at(450.0)
    log = night.room.log
    for kind in (TurnTimedOut, BanksRefilled, TimeBankUsed):
        assert of(log, kind), kind
    again = Cardroom.rebuild(
        loads_entries(dumps_entries(log)), clock=night.clock, time_limits=LIMITS
    )
    assert snapshot(again) == snapshot(night.room)
    assert again.next_deadline() == night.room.next_deadline()
    # Both go on alike.
    assert again.advance(2000.0) == night.at(2000.0)
    assert snapshot(again) == snapshot(night.room)


# ----- playing over, reserved seats, players kept apart ---------------------------------


def _away(*, limits: TimeLimits | None = None) -> tuple[Timed, int]:
    """ann, bob and cy at table 1 have played a deal; cy has stepped away. cy's seat."""
    night = Timed(limits=limits)
    night.game(1, "ann", "bob", "cy")
    night.do(c.StartDeal(table=1))
    night.fold_out()
    night.do(c.StepAway(player="cy"))
    seat = night.room.room.seat_of("cy")
    assert seat is not None
    return night, seat[1]


def _deal_in(night: Timed, seat: int) -> None:
    """Deal at table 1 until ``seat`` is dealt in (a new player is not dealt in
    on the button, RRP5 blinds.7)."""
    for _ in range(4):
        night.do(c.StartDeal(table=1))
        if seat in night.room.table(1).positions:
            return
        night.fold_out()
    raise AssertionError(f"seat {seat} is never dealt in")


def test_policies_12_a_player_plays_over_the_absent_players_seat_with_his_own_chips() -> None:
    night, seat = _away()
    chips = night.room.table(1).chips
    out = night.do(c.PlayOver(player="dee", table=1, seat=seat, chips=60, post=True))
    over = of(out, rev.PlayingOver)
    assert [(o.player, o.over, [r.id for r in o.citations]) for o in over] == [
        ("dee", "cy", ["policies.12"])
    ]
    assert [(s.amount, s.player) for s in of(out, led.ChipsSold)] == [(60, "dee")]
    seated = of(out, tev.PlayerSeated)
    assert [(s.seat, s.player, s.chips, s.over) for s in seated] == [(seat, "dee", 60, True)]
    table = night.room.table(1)
    assert table.players[seat] == "dee"
    assert table.stacks[seat] == 60
    assert night.room.ledger.at_table(1) == table.chips == chips + 60
    # He is dealt in, posting, in the absent player's seat (not on the button).
    _deal_in(night, seat)
    assert night.room.table(1).players[seat] == "dee"


def test_policies_12_playing_over_a_player_who_is_not_away_is_refused() -> None:
    night = Timed()
    night.game(1, "ann", "bob", "cy")
    before = snapshot(night.room)
    with pytest.raises(FloorError) as caught:
        night.room.handle(c.PlayOver(player="dee", table=1, seat=3))
    assert [r.id for r in caught.value.citations] == ["policies.12"]
    assert snapshot(night.room) == before


def test_policies_12_the_player_playing_over_gets_up_when_the_seats_player_comes_back() -> None:
    night, seat = _away()
    night.do(c.PlayOver(player="dee", table=1, seat=seat, chips=60, post=True))
    _deal_in(night, seat)
    night.fold_out()
    left = night.room.table(1).stacks[seat]
    out = night.do(c.ComeBack(player="cy"))
    assert [e.player for e in of(out, rev.PlayOverEnded)] == ["dee"]
    assert [(e.player, e.chips) for e in of(out, tev.PlayerLeft)] == [("dee", left)]
    carried = of(out, led.ChipsCarried)
    assert [(e.player, e.amount) for e in carried] == [("dee", left)]
    assert night.room.table(1).players[seat] == "cy"
    assert night.room.ledger.held("dee") == left
    assert night.room.room.playing_over(1) == {}


def test_policies_12_the_seats_player_back_between_deals_is_dealt_in_again() -> None:
    night, seat = _away()
    night.do(c.PlayOver(player="dee", table=1, seat=seat, chips=60, post=True))
    _deal_in(night, seat)
    night.fold_out()
    out = night.do(c.ComeBack(player="cy"))
    assert [e.seat for e in of(out, tev.CameBack)] == [seat]
    assert not night.room.table(1).is_away(seat)
    night.do(c.StartDeal(table=1))
    assert seat in night.room.table(1).positions, "cy plays the next deal"


def test_policies_12_the_seats_player_back_mid_deal_has_his_seat_when_it_ends() -> None:
    night, seat = _away()
    night.do(c.PlayOver(player="dee", table=1, seat=seat, chips=60, post=True))
    _deal_in(night, seat)
    out = night.do(c.ComeBack(player="cy"))
    # Back at the floor at once: his absence is over, his seat his own again.
    assert [e.player for e in of(out, rev.CameBack)] == ["cy"]
    assert [e.player for e in of(out, rev.PlayOverEnded)] == ["dee"]
    back = [(e.player, e.post, [r.id for r in e.citations]) for e in of(out, cev.BackAfterDeal)]
    assert back == [("cy", True, ["policies.12"])]
    assert not night.room.room.is_away("cy")
    # Only one person plays a hand: dee plays this one out (RRP5 policies.9).
    table = night.room.table(1)
    assert table.players[seat] == "dee"
    assert seat in table.positions
    assert not of(out, led.ChipsCarried)
    mid = Cardroom.rebuild(loads_entries(dumps_entries(night.room.log)), clock=night.clock)
    assert mid.state() == night.room.state(), "the log says what waits for the deal's end"
    out = night.fold_out()
    left = [(e.player, e.chips) for e in of(out, tev.PlayerLeft)]
    assert [player for player, _chips in left] == ["dee"]
    assert [(e.player, e.amount) for e in of(out, led.ChipsCarried)] == left
    assert [e.seat for e in of(out, tev.CameBack)] == [seat]
    table = night.room.table(1)
    assert table.players[seat] == "cy"
    assert not table.is_away(seat)
    night.do(c.StartDeal(table=1))
    assert seat in night.room.table(1).positions, "cy plays the next deal"
    again = Cardroom.rebuild(loads_entries(dumps_entries(night.room.log)), clock=night.clock)
    assert again.state() == night.room.state()
    assert again.audit() == []


def test_policies_12_20_back_during_the_deal_played_over_his_chips_are_not_picked_up() -> None:
    night, seat = _away()
    night.do(c.PlayOver(player="dee", table=1, seat=seat, chips=60, post=True))
    _deal_in(night, seat)
    night.clock.seconds = 29 * 60.0
    night.do(c.ComeBack(player="cy"))  # within his thirty minutes, the deal under way
    assert night.room.next_deadline() is None
    out = night.at(45 * 60.0)
    assert not of(out, rev.ChipsPickedUp)
    night.fold_out()
    assert night.room.table(1).players[seat] == "cy"
    assert night.room.room.seat_of("cy") == (1, seat)


def test_policies_12_a_player_back_twice_during_one_deal_comes_back_as_he_said_last() -> None:
    night, seat = _away()
    night.do(c.PlayOver(player="dee", table=1, seat=seat, chips=60, post=True))
    _deal_in(night, seat)
    night.do(c.ComeBack(player="cy"), c.StepAway(player="cy"))
    assert night.room.room.is_away("cy")
    night.do(c.ComeBack(player="cy", post=False))
    posts = [e.post for e in of(night.room.log, cev.BackAfterDeal)]
    assert posts == [True, False]
    out = night.fold_out()
    assert [(e.seat, e.post) for e in of(out, tev.CameBack)] == [(seat, False)]


def test_policies_12_a_player_away_again_when_the_deal_ends_stays_away() -> None:
    night, seat = _away()
    night.do(c.PlayOver(player="dee", table=1, seat=seat, chips=60, post=True))
    _deal_in(night, seat)
    night.do(c.ComeBack(player="cy"), c.StepAway(player="cy"))
    out = night.fold_out()
    assert [e.player for e in of(out, tev.PlayerLeft)] == ["dee"]
    assert not of(out, tev.CameBack)
    assert night.room.table(1).is_away(seat)
    assert night.room.room.is_away("cy")
    again = Cardroom.rebuild(list(night.room.log), clock=night.clock)
    assert again.state() == night.room.state()


def test_policies_20_the_absent_players_chips_go_and_the_player_over_gets_up() -> None:
    night, seat = _away()
    held = night.room.table(1).stacks[seat]
    night.do(c.PlayOver(player="dee", table=1, seat=seat, chips=60))
    out = night.at(2000.0)
    carried = [(e.player, e.amount, e.reason) for e in of(out, led.ChipsCarried)]
    assert carried == [("dee", 60, "left"), ("cy", held, "picked up")]
    assert seat not in night.room.table(1).players
    assert night.room.room.playing_over(1) == {}


def test_policies_20_chips_picked_up_during_the_deal_played_over_go_at_its_end() -> None:
    night, seat = _away()
    held = night.room.table(1).stacks[seat]
    night.do(c.PlayOver(player="dee", table=1, seat=seat, chips=60, post=True))
    _deal_in(night, seat)
    out = night.at(2000.0)
    assert [e.player for e in of(out, rev.ChipsPickedUp)] == ["cy"]
    assert not of(out, led.ChipsCarried), "dee plays the deal out"
    assert night.room.table(1).players[seat] == "dee"
    mid = Cardroom.rebuild(list(night.room.log), clock=night.clock)
    assert mid.state() == night.room.state(), "the table's seats wait for the deal's end"
    out = night.fold_out()
    carried = [(e.player, e.reason) for e in of(out, led.ChipsCarried)]
    assert carried == [("dee", "left"), ("cy", "picked up")]
    assert [e.amount for e in of(out, led.ChipsCarried)][1] == held
    assert seat not in night.room.table(1).players


def test_seating_8_a_reserved_seat_is_kept_for_its_player() -> None:
    night = Timed()
    night.game(1, "ann", "bob")
    out = night.do(c.Reserve(table=1, seat=5, player="dee", reason="a view of the board"))
    assert [(e.seat, e.player) for e in of(out, rev.SeatReserved)] == [(5, "dee")]
    before = snapshot(night.room)
    with pytest.raises(FloorError) as caught:
        night.room.handle(c.Sit(player="eve", table=1, seat=5))
    assert [r.id for r in caught.value.citations] == ["seating.8"]
    assert snapshot(night.room) == before
    night.do(c.TakeSeat(player="dee", table=1))
    assert night.room.table(1).players[5] == "dee"


def test_seating_5_players_kept_apart_do_not_play_in_the_same_game() -> None:
    night = Timed()
    night.game(1, "ann", "bob")
    out = night.do(c.KeepApart(players=("dee", "ann")))
    assert [e.players for e in of(out, rev.KeptApart)] == [("ann", "dee")]
    before = snapshot(night.room)
    with pytest.raises(FloorError) as caught:
        night.room.handle(c.Sit(player="dee", table=1, seat=4))
    assert [r.id for r in caught.value.citations] == ["seating.5"]
    assert snapshot(night.room) == before
    with pytest.raises(FloorError):  # already in one game together
        night.room.handle(c.KeepApart(players=("ann", "bob")))
    assert snapshot(night.room) == before


def test_policies_12_a_night_played_over_rebuilds_to_the_live_cardroom() -> None:
    night, seat = _away(limits=LIMITS)
    night.do(c.PlayOver(player="dee", table=1, seat=seat, chips=60, post=True))
    _deal_in(night, seat)
    mid = Cardroom.rebuild(list(night.room.log), clock=night.clock, time_limits=LIMITS)
    assert snapshot(mid) == snapshot(night.room), "dee is dealt in, cy's chips behind him"
    night.at(night.clock.seconds + 500.0)  # turns run out, and the deal with them
    night.fold_out()
    night.do(c.ComeBack(player="cy"), c.Reserve(table=1, seat=5, player="eve"))
    night.do(c.KeepApart(players=("eve", "fay")))
    log = night.room.log
    assert of(log, TurnTimedOut)
    again = Cardroom.rebuild(
        loads_entries(dumps_entries(log)), clock=night.clock, time_limits=LIMITS
    )
    assert snapshot(again) == snapshot(night.room)
    assert again.audit() == []
    assert again.room.playing_over(1) == night.room.room.playing_over(1) == {}


def test_conduct_a_barred_player_playing_over_gets_up_and_is_cashed_out() -> None:
    night, seat = _away()
    night.do(c.PlayOver(player="dee", table=1, seat=seat, chips=60))
    out = night.do(c.Sanction(player="dee", sanction=Penalty.BAR, rules=("conduct.prohibited.1",)))
    assert [(e.player, e.amount) for e in of(out, led.ChipsCarried)] == [("dee", 60)]
    assert [(e.player, e.amount) for e in of(out, led.ChipsCashed)] == [("dee", 60)]
    assert night.room.table(1).players[seat] == "cy", "the absent player's chips stay"
    assert night.room.room.playing_over(1) == {}


def test_seating_15_a_broken_game_played_over_reseats_its_own_players() -> None:
    night, seat = _away()
    night.game(2, "p", "q")
    night.do(c.PlayOver(player="dee", table=1, seat=seat, chips=60))
    out = night.do(c.BreakGame(table=1))
    carried = {(e.player, e.reason) for e in of(out, led.ChipsCarried)}
    assert ("dee", "left") in carried
    assert {("ann", "game broken"), ("bob", "game broken"), ("cy", "game broken")} <= carried
    assert night.room.ledger.held("dee") == 60
    assert "dee" not in night.room.table(2).players.values()


def test_policies_12_a_player_playing_over_who_sits_in_a_seat_of_his_own_keeps_it() -> None:
    night, seat = _away()
    night.do(c.PlayOver(player="dee", table=1, seat=seat, chips=60))
    out = night.do(c.Sit(player="dee", table=1, seat=5, chips=60))
    assert [e.player for e in of(out, rev.PlayOverEnded)] == ["dee"]
    assert not of(out, rev.PlayerLeft), "getting up from cy's seat is not leaving his own"
    table = night.room.table(1)
    assert (table.players[seat], table.players[5]) == ("cy", "dee")
    assert night.room.room.seat_of("dee") == (1, 5)


def test_policies_12_seating_13_the_absent_players_seat_change_ends_the_play_over() -> None:
    night, seat = _away()
    night.do(c.PlayOver(player="dee", table=1, seat=seat, chips=60))
    out = night.do(c.ChangeSeat(player="cy", seat=5))
    assert [(e.player, e.seat, e.to_seat) for e in of(out, rev.PlayerMoved)] == [("cy", seat, 5)]
    assert [(e.player, e.amount) for e in of(out, led.ChipsCarried)] == [("dee", 60)]
    table = night.room.table(1)
    assert table.players.get(5) == "cy"
    assert seat not in table.players
    again = Cardroom.rebuild(list(night.room.log), clock=night.clock)
    assert again.state() == night.room.state()


def test_policies_12_buy_in_3_a_player_of_a_broken_game_plays_over_as_a_new_player() -> None:
    night = Timed(limits=None)
    night.game(1, "ann", "bob", "cy", seats=3)
    night.do(c.StepAway(player="cy"))
    night.game(2, "p", "q", seats=3)
    night.do(c.BreakGame(table=2))  # table 1 is full: p and q wait, holding their chips
    assert night.room.room.seat_of("p") is None
    night.do(c.PlayOver(player="p", table=1, seat=3))
    assert night.room.table(1).players[3] == "p"
    again = Cardroom.rebuild(list(night.room.log), clock=night.clock)
    assert again.state() == night.room.state()


# ----- time collection: policies.2 -------------------------------------------------------


def test_policies_2_a_new_time_period_is_no_deadline_the_next_deal_collects_it() -> None:
    def charged(kind: GameKind, seats: int) -> TableSetup:
        return dataclasses.replace(table_setup(kind, seats), time_charge=1, time_every=1800.0)

    night = Timed(limits=None)
    night.room = Cardroom(clock=night.clock, shuffler=SeededShuffler(3), setups=charged)
    night.game(1, "ann", "bob", "cy")
    night.do(c.StartDeal(table=1))
    night.fold_out()
    # New players with nobody waiting owe nothing for the period they sit down in.
    assert of(night.room.log, tev.TimeCollected) == []
    assert night.room.next_deadline() is None, "nothing happens at the period's end"
    assert night.at(2000.0) == []
    out = night.do(c.StartDeal(table=1))
    paid = of(out, tev.TimeCollected)
    assert [(t.amount, t.period) for t in paid] == [(1, 1)] * 3, "paid before the deal"
    assert night.room.ledger.house == 3
