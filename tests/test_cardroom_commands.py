"""The cardroom's commands for the floor alone and for the log players: a
cardroom whose games are dealt outside floorman (``live_tables=False``), told
by the dealer when a move falls due, remote interest, chips restored."""

from __future__ import annotations

import pytest

from floorman.clock import ManualClock
from floorman.errors import FloorError
from floorman.room import events as ev
from floorman.room.values import Due
from floorman.service import Cardroom, Entry
from floorman.service import commands as c
from tests.cardroom_helpers import NL, Night


def _outside() -> tuple[Cardroom, ManualClock]:
    clock = ManualClock()
    return Cardroom(clock=clock, live_tables=False), clock


def _events(entries: list[Entry]) -> list[object]:
    return [e.event for e in entries]


def _must_move_night(room: Cardroom) -> None:
    """A main game at table 1, full with two seats, and its must-move game at
    table 2, where cy is first to move."""
    room.handle(c.OpenGame(table=1, kind=NL, seats=2))
    for name in ("ann", "bob"):
        room.handle(c.SignUp(player=name, kind=NL))
        room.handle(c.TakeSeat(player=name, table=1))
    room.handle(c.StartGame(table=1))
    room.handle(c.OpenGame(table=2, kind=NL, seats=3, main=1))
    for name in ("cy", "dee"):
        room.handle(c.SignUp(player=name, kind=NL))
        room.handle(c.TakeSeat(player=name, table=2))
    room.handle(c.StartGame(table=2))


def _unchanged(room: Cardroom) -> tuple[int, int, int]:
    return len(room.log), len(room.room.events), len(room.ledger.events)


def test_seating_12_outside_a_move_waits_for_the_dealer_to_say_it_is_due() -> None:
    room, _ = _outside()
    _must_move_night(room)
    left = _events(room.handle(c.Leave(player="ann")))
    due = next(e for e in left if isinstance(e, ev.MoveDue))
    assert (due.player, due.to, due.when) == ("cy", 1, Due.BLIND)
    # No live table: nothing moves until the dealer says so.
    assert room.room.seated(2) == {1: "cy", 2: "dee"}
    assert room.tables == ()
    (moved,) = _events(room.handle(c.Due(player="cy")))
    assert isinstance(moved, ev.PlayerMoved)
    assert (moved.player, moved.to, moved.to_seat) == ("cy", 1, 1)
    assert [x.id for x in moved.citations] == ["seating.12"]
    assert room.room.seated(1) == {1: "cy", 2: "bob"}
    assert room.ledger.events == []  # no chips pass through the cage


def test_seating_12_a_due_nobody_waits_for_is_refused_and_changes_nothing() -> None:
    room, _ = _outside()
    _must_move_night(room)
    before = _unchanged(room)
    with pytest.raises(FloorError, match="no move or held seat waiting"):
        room.handle(c.Due(player="bob"))
    assert _unchanged(room) == before


def test_seating_12_a_live_cardroom_refuses_the_dealer_s_due() -> None:
    night = Night()
    night.do(c.OpenGame(table=1, kind=NL, seats=6))
    night.seat(1, "ann", "bob")
    night.do(c.StartGame(table=1))
    before = _unchanged(night.room)
    with pytest.raises(FloorError, match="live tables' deals bring") as refused:
        night.room.handle(c.Due(player="ann"))
    assert {x.id for x in refused.value.citations} == {"seating.12", "seating.14", "seating.15"}
    assert _unchanged(night.room) == before


def test_seating_1_interest_noted_holds_no_place_until_arriving() -> None:
    for room in (_outside()[0], Night().room):
        room.handle(c.OpenGame(table=1, kind=NL, seats=6))
        (noted,) = _events(room.handle(c.NoteInterest(player="ann", kind=NL)))
        assert isinstance(noted, ev.InterestNoted)
        assert [x.id for x in noted.citations] == ["seating.1"]
        assert room.room.waiting(NL) == ()
        before = _unchanged(room)
        with pytest.raises(FloorError, match="noted already"):
            room.handle(c.NoteInterest(player="ann", kind=NL))
        assert _unchanged(room) == before


def test_policies_4_chips_taken_away_are_restored_in_full() -> None:
    room, _ = _outside()
    _must_move_night(room)
    room.handle(c.StepAway(player="bob", took=40))
    before = _unchanged(room)
    with pytest.raises(FloorError, match="must restore all of it, not 30") as refused:
        room.handle(c.ComeBack(player="bob", restored=30))
    assert [x.id for x in refused.value.citations] == ["policies.4"]
    assert _unchanged(room) == before
    (back,) = _events(room.handle(c.ComeBack(player="bob", restored=40)))
    assert isinstance(back, ev.CameBack)
    assert back.restored == 40


def test_policies_12_outside_a_seat_is_played_over_at_the_floor() -> None:
    room, _ = _outside()
    _must_move_night(room)
    room.handle(c.StepAway(player="bob"))
    (over,) = _events(room.handle(c.PlayOver(player="eve", table=1, seat=2)))
    assert isinstance(over, ev.PlayingOver)
    assert (over.player, over.over, over.seat) == ("eve", "bob", 2)
    assert room.room.playing_over(1) == {2: "eve"}


@pytest.mark.parametrize(
    "command",
    [
        c.StartDeal(table=1),
        c.Buy(player="ann", chips=50),
        c.CashOut(player="ann"),
        c.TakeSeat(player="eve", table=1, chips=100),
        c.Decide(table=1, choice="retrieve"),
    ],
    ids=lambda command: type(command).__name__,
)
def test_outside_what_needs_a_live_table_is_refused(command: c.Command) -> None:
    room, _ = _outside()
    _must_move_night(room)
    before = _unchanged(room)
    with pytest.raises(FloorError, match="dealt outside floorman"):
        room.handle(command)
    assert _unchanged(room) == before


def test_policies_20_outside_the_floor_acts_on_its_timers_when_it_looks() -> None:
    # An absence run out is acted on as of the time the floor looks, not when it
    # ran out: nobody watches the clock of a game floorman does not deal.
    room, clock = _outside()
    room.handle(c.OpenGame(table=1, kind=NL, seats=2))
    for name in ("ann", "bob"):
        room.handle(c.SignUp(player=name, kind=NL))
        room.handle(c.TakeSeat(player=name, table=1))
    room.handle(c.StartGame(table=1))
    room.handle(c.StepAway(player="bob"))
    deadline = room.next_deadline()
    assert deadline is not None
    clock.advance(seconds=deadline + 600)
    fired = room.advance()
    assert [type(e.event) for e in fired] == [ev.ChipsPickedUp]
    assert {e.at for e in fired} == {clock.now()}
    assert room.room.seated(1) == {1: "ann"}
    assert room.advance() == []  # nothing fires twice
