"""Time in one place: the floor's timers and when the next one runs out
(RRP5 policies.20, .21, seating.2, .10)."""

from __future__ import annotations

import math

from hypothesis import note, settings
from hypothesis.stateful import invariant, rule, run_state_machine_as_test

from floorman.clock import ManualClock
from floorman.games import Structure
from floorman.room import GameKind, Room
from floorman.room import events as ev
from floorman.shuffle import SeededShuffler

from .conftest import sample_size
from .test_room_machine import MACHINE_SETTINGS, RoomMachine

KIND = GameKind(game="holdem", structure=Structure.NO_LIMIT, stakes="1/2")


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
