"""The cardroom floor, rule by rule: RRP5 seating, policies and conduct."""

from __future__ import annotations

import pytest

from floorman.clock import ManualClock
from floorman.errors import FloorError
from floorman.games import Structure
from floorman.room import Due, GameKind, Lock, Room, RoomBooks, Sanction
from floorman.room import events as ev
from floorman.shuffle import SeededShuffler

NL = GameKind(game="holdem", structure=Structure.NO_LIMIT, stakes="1/2")
STUD = GameKind(game="stud", structure=Structure.FIXED_LIMIT, stakes="4/8")


def room() -> tuple[Room, ManualClock]:
    clock = ManualClock()
    return Room(clock=clock, shuffler=SeededShuffler(7)), clock


def kinds(events) -> list[str]:
    return [type(e).__name__ for e in events]


def ids(error_or_event) -> list[str]:
    return [c.id for c in error_or_event.citations]


def unchanged(r: Room, call, *args, rule: str, **kwargs) -> FloorError:
    """The call is refused citing ``rule`` and the room's log is untouched."""
    before = list(r.events)
    with pytest.raises(FloorError) as refused:
        call(*args, **kwargs)
    assert r.events == before
    assert rule in ids(refused.value), refused.value
    return refused.value


def full_game(r: Room, table: int, names: str, *, seats: int = 9, kind: GameKind = NL) -> None:
    """A started game at ``table`` with ``names`` seated in order."""
    r.open_game(table, kind, seats=seats)
    for name in names:
        r.sign_up(name, kind)
        r.take_seat(name, table)
    r.start_game(table)


def test_seating_1_a_name_goes_on_the_list_only_in_person() -> None:
    r, _ = room()
    unchanged(r, r.sign_up, "ann", NL, present=False, rule="seating.1")
    r.note_interest("ann", NL)
    assert r.interested(NL) == ("ann",)
    assert r.waiting(NL) == ()
    r.sign_up("bob", NL)
    events = r.arrive("ann")
    assert r.waiting(NL) == ("bob", "ann"), "interest holds no place until arrival"
    assert kinds(events)[0] == "PlayerArrived"


def test_seating_2_a_player_away_is_called_only_with_lock_up_money() -> None:
    r, _ = room()
    full_game(r, 1, "abcdefgh", seats=8)
    for name in ("ann", "bob", "cy"):
        r.sign_up(name, NL)
    r.leave_area("ann", lockup=20)  # told the list-person, left money
    r.leave_area("bob")  # told the list-person, no money
    events = r.leave("a")
    locked = [e for e in events if isinstance(e, ev.SeatLocked)]
    assert [(e.player, e.money) for e in locked] == [("ann", 20)]
    assert ids(locked[0]) == ["seating.2"]
    unchanged(r, r.no_answer, "ann", rule="seating.2")
    events = r.leave("b")
    called = [e.player for e in events if isinstance(e, ev.PlayerCalled)]
    assert called == ["cy"], "bob, away with no money, is passed over"
    assert "bob" in r.waiting(NL), "bob keeps his place"


def test_seating_2_a_called_player_who_does_not_answer_comes_off_the_list() -> None:
    r, _ = room()
    full_game(r, 1, "abcdefgh", seats=8)
    r.sign_up("eve", NL)
    r.sign_up("dan", NL)
    r.leave("a")
    assert r.lock_of("eve") is not None
    events = r.no_answer("eve")
    assert kinds(events)[:2] == ["LockUpPickedUp", "PlayerDelisted"]
    assert all(ids(e) == ["seating.2"] for e in events[:2])
    assert "eve" not in r.waiting(NL)
    assert r.lock_of("dan") is not None, "the seat goes to the next name"


def test_seating_3_a_new_player_goes_to_the_game_most_in_need() -> None:
    r, _ = room()
    full_game(r, 1, "abcde")
    full_game(r, 2, "fgh")
    events = r.sign_up("ann", NL)
    (called,) = [e for e in events if isinstance(e, ev.PlayerCalled)]
    assert called.table == 2
    assert "seating.3" in ids(called)


def test_seating_3_a_transfer_may_not_leave_the_old_game_shorter() -> None:
    r, _ = room()
    full_game(r, 1, "abcd")
    full_game(r, 2, "efg")
    error = unchanged(r, r.transfer, "a", 2, rule="seating.3")
    assert "3 players, fewer than table 2's 4" in str(error)
    r.leave("e")  # three against two: a may go
    events = r.transfer("a", 2)
    assert kinds(events) == ["PlayerMoved"]
    assert ids(events[0]) == ["seating.3"]
    assert r.seat_of("a") == (2, events[0].to_seat)


def test_seating_3_a_player_called_to_one_game_may_not_sit_in_another() -> None:
    r, _ = room()
    full_game(r, 1, "abc")
    r.open_game(2, NL, seats=9)
    r.sign_up("ann", NL)
    assert r.lock_of("ann").table == 2
    unchanged(r, r.take_seat, "ann", 1, rule="seating.3")


def test_seating_4_one_seat_per_player() -> None:
    r, _ = room()
    full_game(r, 1, "ab")
    r.open_game(2, STUD, seats=8)
    unchanged(r, r.take_seat, "a", 2, rule="seating.4")
    unchanged(r, r.sign_up, "a", NL, rule="seating.4")


def test_seating_5_players_kept_apart_do_not_share_a_game() -> None:
    r, _ = room()
    full_game(r, 1, "abcdefgh", seats=8)
    r.keep_apart("a", "zed")
    r.sign_up("zed", NL)
    r.sign_up("yan", NL)
    events = r.leave("b")
    assert [e.player for e in events if isinstance(e, ev.PlayerCalled)] == ["yan"]
    assert r.lock_of("zed") is None, "zed waits for another game"
    r.refuse("yan")
    unchanged(r, r.take_seat, "zed", 1, rule="seating.5")


def test_seating_7_in_a_new_game_the_first_to_arrive_chooses() -> None:
    r, _ = room()
    r.open_game(1, NL, seats=6)
    for name in ("ann", "bob", "cy"):
        events = r.sign_up(name, NL)
        (locked,) = [e for e in events if isinstance(e, ev.SeatLocked)]
        assert locked.seat is None, "a place in a new game, the seat chosen on arrival"
    events = r.take_seat("cy", 1, 4)
    assert ids(events[0]) == ["seating.7"]
    with pytest.raises(FloorError, match="taken by cy"):
        r.take_seat("bob", 1, 4)
    r.take_seat("bob", 1, 5)
    assert r.seated(1) == {4: "cy", 5: "bob"}


def test_seating_8_a_reserved_seat_is_kept_for_its_player() -> None:
    r, _ = room()
    r.open_game(1, NL, seats=6)
    r.reserve(1, 1, "vic", reason="sees the board from seat 1")
    r.sign_up("ann", NL)
    unchanged(r, r.take_seat, "ann", 1, 1, rule="seating.8")
    r.take_seat("ann", 1)
    assert r.seat_of("ann") == (1, 2)
    r.sign_up("vic", NL)
    r.take_seat("vic", 1)
    assert r.seat_of("vic") == (1, 1)


def test_seating_9_the_extra_seat_goes_when_someone_quits() -> None:
    r, _ = room()
    r.open_game(1, NL, seats=2, extra=True)
    assert r.seats(1) == (1, 2, 3)
    for name in "abc":
        r.sign_up(name, NL)
        r.take_seat(name, 1)
    r.sign_up("d", NL)
    events = r.leave("b")
    assert kinds(events)[:2] == ["PlayerLeft", "SeatRemoved"]
    assert ids(events[1]) == ["seating.9"]
    assert r.seats(1) == (1, 3)
    assert r.lock_of("d") is None, "no seat is left for d"


def must_move_night() -> tuple[Room, ManualClock]:
    """Main game 1 full with a..i; must-move game 2 seated from the list."""
    r, clock = room()
    full_game(r, 1, "abcdefghi")
    for name in ("ann", "bob", "cy"):
        r.sign_up(name, NL)
    r.open_game(2, NL, seats=9, main=1)
    for name in ("cy", "ann", "bob"):  # they arrive at the table out of list order
        r.take_seat(name, 2)
    r.start_game(2)
    return r, clock


def test_seating_10_the_must_move_list_keeps_the_waiting_list_order() -> None:
    r, _ = must_move_night()
    assert r.must_move(1) == ("ann", "bob", "cy")


def test_seating_10_refusing_to_move_means_quitting_for_an_hour() -> None:
    r, clock = must_move_night()
    r.leave("a")
    assert r.move_of("ann") == (2, 1, Due.BLIND)
    events = r.refuse("ann")
    assert kinds(events)[:3] == ["SeatRefused", "PlayerLeft", "BarredFromGame"]
    assert all("seating.10" in ids(e) for e in events[:3])
    barred = events[2]
    assert isinstance(barred, ev.BarredFromGame)
    assert (barred.player, barred.table, barred.until) == ("ann", 2, 60 * 60.0)
    assert r.seat_of("ann") is None
    refused = unchanged(r, r.take_seat, "ann", 2, rule="seating.10")
    assert "table 2" in str(refused)
    assert r.move_of("bob") == (2, 1, Due.BLIND), "the next on the must-move list is moved"
    clock.advance(minutes=61)
    r.take_seat("ann", 2)  # the hour is up; a seat is open and nobody waits
    assert r.seat_of("ann") == (2, 2)


def test_seating_10_a_refused_move_bars_that_must_move_game_and_its_list_only() -> None:
    r, clock = must_move_night()
    r.open_game(3, NL, seats=2)  # another 1-2 game, outside the must-move pair
    r.take_seat("x", 3)
    r.take_seat("y", 3)
    r.start_game(3)
    r.leave("a")
    r.refuse("ann")
    # The list of the kind is still open to her: other games share it (seating.3).
    r.sign_up("ann", NL)
    assert r.waiting(NL) == ("ann",)
    # A seat in the must-move game goes past her to the next name.
    events = r.sign_up("dee", NL)
    called = [(e.player, e.table) for e in events if isinstance(e, ev.PlayerCalled)]
    assert called == [("dee", 2)]
    assert r.waiting(NL)[0] == "ann", "she keeps her place for the other games"
    assert "ann" not in r.must_move(1)
    # A seat in the other game is hers.
    events = r.leave("x")
    called = [(e.player, e.table) for e in events if isinstance(e, ev.PlayerCalled)]
    assert called == [("ann", 3)]
    r.take_seat("ann", 3)
    unchanged(r, r.transfer, "ann", 2, rule="seating.10")
    clock.advance(minutes=61)
    r.leave("ann")
    r.take_seat("ann", 2)  # the hour is up
    assert r.seat_of("ann") is not None
    assert r.seat_of("ann")[0] == 2


def test_seating_10_the_bar_is_from_that_game_not_the_next_one_at_its_table() -> None:
    r, _ = must_move_night()
    r.leave("a")
    r.refuse("ann")
    for name in ("bob", "cy"):
        if r.move_of(name) is not None:
            r.due(name)
        else:
            r.leave(name)
    assert r.seated(2) == {}
    r.close_game(2)
    r.open_game(2, NL, seats=9)  # a new game at the table, not the must-move game
    r.take_seat("ann", 2)
    assert r.seat_of("ann") == (2, 1)


def test_seating_11_playing_keeps_the_place_when_few_seats_would_be_empty() -> None:
    r, _ = room()
    for name in "abcdef":
        r.sign_up(name, NL)
    r.open_game(1, NL, seats=9)  # a new game: six called, three empty
    events = r.refuse("f")
    assert events[0].kept_place is False
    assert ids(events[0]) == ["seating.11"]
    assert "f" not in r.waiting(NL)
    r2, _ = room()
    for name in "abc":
        r2.sign_up(name, NL)
    r2.open_game(1, NL, seats=9)  # six empty: refusing keeps the place
    events = r2.refuse("c")
    assert events[0].kept_place is True
    assert "c" in r2.waiting(NL)
    assert r2.lock_of("c") is None


def test_seating_12_from_the_must_move_game_at_the_big_blind_as_a_new_player() -> None:
    r, _ = must_move_night()
    events = r.leave("a")
    (due,) = [e for e in events if isinstance(e, ev.MoveDue)]
    assert (due.player, due.table, due.to, due.seat, due.when) == ("ann", 2, 1, 1, Due.BLIND)
    assert ids(due) == ["seating.12"]
    assert r.seat_of("ann") == (2, 2), "ann plays on in the must-move game until the blind"
    moved = r.due("ann")
    assert isinstance(moved[0], ev.PlayerMoved)
    assert moved[0].as_new
    assert r.seat_of("ann") == (1, 1)
    assert r.must_move(1) == ("bob", "cy")


def test_seating_12_at_stud_one_more_deal() -> None:
    r, _ = room()
    full_game(r, 1, "abcdefgh", seats=8, kind=STUD)
    r.sign_up("ann", STUD)
    r.open_game(2, STUD, seats=8, main=1)
    r.take_seat("ann", 2)
    r.leave("a")
    assert r.move_of("ann") == (2, 1, Due.NEXT_DEAL)


def test_seating_13_a_seat_change_comes_before_a_new_player() -> None:
    r, _ = room()
    full_game(r, 1, "abcdefghi")
    r.sign_up("ann", NL)
    r.request_seat_change("c", 9)
    r.request_seat_change("e")  # any seat, asked later
    events = r.leave("b")
    moved = [e for e in events if isinstance(e, ev.PlayerMoved)]
    assert [(m.player, m.to_seat) for m in moved] == [("e", 2)], "c wants seat 9 only"
    assert r.seat_of("ann") is None
    called = [e for e in events if isinstance(e, ev.PlayerCalled)]
    assert [(c.player, c.seat) for c in called] == [("ann", 5)]
    events = r.leave("i")
    assert [(m.player, m.to_seat) for m in events if isinstance(m, ev.PlayerMoved)] == [("c", 9)]
    assert "seating.13" in ids(next(e for e in events if isinstance(e, ev.PlayerMoved)))


def test_seating_14_locking_up_a_seat_elsewhere_moves_at_once_with_a_list() -> None:
    r, _ = room()
    full_game(r, 1, "abcdefghi")
    full_game(r, 3, "jklmnopq", seats=8, kind=STUD)
    r.open_game(2, STUD, seats=8)
    for name in ("x", "y"):
        r.sign_up(name, NL)  # two names waiting for table 1
    r.sign_up("a", STUD)
    assert r.move_of("a") == (1, 2, Due.NOW)
    r2, _ = room()
    full_game(r2, 1, "abcdefghi")
    r2.open_game(2, STUD, seats=8)
    r2.sign_up("a", STUD)
    assert r2.move_of("a") == (1, 2, Due.BLIND), "no list of two: play up to the blind"
    moved = r2.due("a")
    assert isinstance(moved[0], ev.PlayerMoved)
    assert "seating.14" in ids(moved[0])
    r3, _ = room()
    full_game(r3, 1, "abcdefgh", seats=8, kind=STUD)
    r3.open_game(2, NL, seats=9)
    r3.sign_up("a", NL)
    assert r3.move_of("a") == (1, 2, Due.NEXT_DEAL), "stud, nobody waiting: one more deal"


def test_seating_15_a_broken_game_draws_for_seats() -> None:
    r, _ = room()
    full_game(r, 1, "abcdefg")
    full_game(r, 2, "pqrs")
    r.away("r")
    events = r.break_game(2)
    broken = events[0]
    assert isinstance(broken, ev.GameBroken)
    assert ids(broken) == ["seating.15"]
    order = [p for p, _ in broken.order]
    cards = [c for _, c in broken.order]
    assert sorted(order) == ["p", "q", "r", "s"]
    assert cards == sorted(cards, key=lambda c: (int(c.rank), int(c.suit)), reverse=True)
    # Two seats open at table 1: the first two drawn take them, or lock them if away.
    first, second, *rest = order
    for player in (first, second):
        if player == "r":
            assert r.lock_of("r") is not None
            assert r.lock_of("r").table == 1
        else:
            assert r.seat_of(player) is not None
            assert r.seat_of(player)[0] == 1
    assert list(r.waiting(NL)[: len(rest)]) == rest, "the rest go to the top of the list"
    assert r.tables == (1,)
    if r.lock_of("r") is not None:
        again = r.due("r")  # not back when due for the big blind
        assert r.waiting(NL)[0] == "r"
        assert "seating.15" in ids(again[-1]) or "seating.15" in ids(again[0])


def broken_with_both_away() -> tuple[Room, str, str]:
    """Table 1 (three seats, two sat) takes table 2's players when it breaks;
    both were away from the table. Returns the room, the player whose seat at
    table 1 is held until due, and the one listed."""
    r, _ = room()
    full_game(r, 1, "ab", seats=3)
    full_game(r, 2, "pq", seats=3)
    r.away("p")
    r.away("q")
    events = r.break_game(2)
    broken = events[0]
    assert isinstance(broken, ev.GameBroken)
    assert set(broken.away) == {"p", "q"}, "the floor drew for both"
    (held,) = [k.player for k in r.locks(1)]
    (listed,) = [p for p in ("p", "q") if p != held]
    assert r.locks(1)[0].reason == "broken"
    assert r.waiting(NL) == (listed,)
    return r, held, listed


def test_seating_15_a_due_absent_player_s_seat_goes_to_the_list() -> None:
    r, held, listed = broken_with_both_away()
    r.sign_up("zed", NL)  # present, behind the absent player of the broken game
    assert r.lock_of("zed") is None, "the held seat is not the list's yet"
    events = r.due(held)
    assert kinds(events)[:2] == ["LockUpPickedUp", "PlayerListed"]
    assert all(ids(e) == ["seating.15"] for e in events[:2])
    assert events[1].place == 0
    passed = [e.player for e in events if isinstance(e, ev.PassedOver)]
    assert passed == [held, listed], "both still away: passed over, places kept"
    called = [(e.player, e.table, e.seat) for e in events if isinstance(e, ev.PlayerCalled)]
    assert called == [("zed", 1, 3)], "the seat goes to the next name present"
    assert r.lock_of(held) is None
    assert r.waiting(NL) == (held, listed, "zed")


def test_seating_15_a_due_absent_player_is_first_up_for_the_next_seat() -> None:
    r, held, listed = broken_with_both_away()
    r.sign_up("zed", NL)
    r.due(held)
    r.take_seat("zed", 1)
    r.arrive(held)  # back, after his time
    assert r.lock_of(held) is None, "no seat is open"
    events = r.leave("a")
    called = [e.player for e in events if isinstance(e, ev.PlayerCalled)]
    assert called == [held]
    r.take_seat(held, 1)
    assert r.seat_of(held) == (1, 1)
    # The other, still away, is passed over again for the next seat.
    r.sign_up("kim", NL)
    events = r.leave("b")
    assert [e.player for e in events if isinstance(e, ev.PlayerCalled)] == ["kim"]
    assert r.waiting(NL)[0] == listed


def test_seating_15_a_due_absent_player_with_nobody_waiting_leaves_the_seat_open() -> None:
    r, held, listed = broken_with_both_away()
    events = r.due(held)
    assert not [e for e in events if isinstance(e, ev.SeatLocked)]
    assert r.locks(1) == ()
    assert r.waiting(NL)[:2] == (held, listed)


def test_seating_15_an_absent_player_back_in_time_takes_the_held_seat() -> None:
    r, held, _ = broken_with_both_away()
    seat = r.locks(1)[0].seat
    r.arrive(held)
    refused = unchanged(r, r.due, held, rule="seating.15")
    assert "back in time" in str(refused)
    r.take_seat(held, 1)
    assert r.seat_of(held) == (1, seat)


def test_policies_1_management_opens_and_closes_games() -> None:
    r, _ = room()
    full_game(r, 2, "ab")
    events = r.open_game(1, NL, seats=9)
    assert ids(events[0]) == ["policies.1"]
    unchanged(r, r.open_game, 1, NL, rule="policies.1")
    unchanged(r, r.close_game, 2, rule="policies.1")
    assert kinds(r.close_game(1)) == ["GameClosed"]
    assert r.tables == (2,)


def test_policies_4_chips_taken_away_are_restored_on_return() -> None:
    r, _ = room()
    full_game(r, 1, "ab")
    r.away("a", took=300)
    unchanged(r, r.come_back, "a", restored=200, rule="policies.4")
    assert kinds(r.come_back("a", restored=300)) == ["CameBack"]


def test_policies_11_a_seat_is_taken_with_permission() -> None:
    r, _ = room()
    full_game(r, 1, "abc", seats=4)
    events = r.take_seat("walk-in", 1)  # a seat open and nobody waiting
    assert ids(events[0]) == ["policies.11"]
    error = unchanged(r, r.take_seat, "walk-on", 1, rule="policies.11")
    assert "no seat is open" in str(error)
    r.sign_up("ann", NL)
    r.leave("a")  # ann is called to seat 1
    r.sign_up("bob", NL)
    r.leave_area("bob")
    events = r.leave("b")  # bob, away with no lock-up, is passed over
    assert [type(e).__name__ for e in events] == ["PlayerLeft", "PassedOver"]
    events = r.take_seat("walk-on", 1)  # so nobody who can play is waiting
    assert ids(events[0]) == ["policies.11"]


def test_policies_20_chips_picked_up_after_thirty_minutes_away() -> None:
    r, clock = room()
    full_game(r, 1, "abc")
    r.away("a")
    r.away("b")
    r.extend_absence("b", minutes=60)
    clock.advance(minutes=29)
    assert r.tick() == []
    clock.advance(minutes=2)
    events = r.tick()
    assert [(type(e).__name__, e.player) for e in events] == [("ChipsPickedUp", "a")]
    assert ids(events[0]) == ["policies.20"]
    assert r.seat_of("a") is None
    assert r.seat_of("b") is not None
    clock.advance(minutes=30)
    assert [e.player for e in r.tick() if isinstance(e, ev.ChipsPickedUp)] == ["b"]


def test_policies_21_lock_ups_are_picked_up_when_someone_waits() -> None:
    r, clock = room()
    r.open_game(1, NL, seats=2)
    r.sign_up("ann", NL)
    r.sign_up("bob", NL)
    clock.advance(minutes=6)
    assert r.tick() == [], "nobody waiting: the lock-ups stand"
    events = r.sign_up("cy", NL)
    picked = [e for e in events if isinstance(e, ev.LockUpPickedUp)]
    assert [e.player for e in picked] == ["ann"], "one waits, so one lock-up goes, the oldest"
    assert ids(picked[0]) == ["policies.21"]
    assert r.lock_of("cy") is not None
    assert r.lock_of("bob") is not None
    assert "ann" not in r.waiting(NL)
    # In a started game a lock-up lasts ten minutes.
    r2, clock2 = room()
    full_game(r2, 1, "abcdefgh")
    r2.sign_up("ann", NL)
    r2.sign_up("bob", NL)
    clock2.advance(minutes=9)
    assert r2.tick() == []
    clock2.advance(minutes=1)
    assert [type(e).__name__ for e in r2.tick()][:1] == ["LockUpPickedUp"]
    assert r2.lock_of("bob") is not None


def test_conduct_sanctions_are_recorded_and_enforced() -> None:
    r, clock = room()
    full_game(r, 1, "abc")
    warned = r.sanction("a", Sanction.WARNING, ["conduct.improper.2"])
    assert ids(warned[0]) == ["conduct.improper.2"]
    assert r.seat_of("a") is not None
    events = r.sanction("b", Sanction.SUSPENSION, ["conduct.prohibited.3"], minutes=60)
    assert kinds(events)[:2] == ["Sanctioned", "PlayerLeft"]
    unchanged(r, r.sign_up, "b", NL, rule="conduct.prohibited.3")
    clock.advance(minutes=60)
    r.sign_up("b", NL)
    r.sanction("c", Sanction.BAR, ["conduct.prohibited.1"])
    unchanged(r, r.sign_up, "c", NL, rule="conduct.prohibited.1")
    unchanged(r, r.note_interest, "c", STUD, rule="conduct.prohibited.1")
    assert [s.sanction for s in r.record("c")] == [Sanction.BAR]
    with pytest.raises(FloorError, match="conduct rules"):
        r.sanction("a", Sanction.WARNING, ["seating.1"])


def test_room_log_rebuilds_the_books() -> None:
    r, _ = must_move_night()
    r.leave("a")
    r.due("ann")
    r.break_game(2)
    books = RoomBooks(clock=r.clock)
    books.apply(r.events)
    assert books.tables == r.tables
    assert books.seated(1) == r.seated(1)
    assert books.waiting(NL) == r.waiting(NL)
    assert books.locks(1) == r.locks(1)


def test_seating_6_a_new_game_draws_for_the_button() -> None:
    r, _ = room()
    r.open_game(1, NL, seats=6)
    for name in ("ann", "bob", "cy"):
        r.sign_up(name, NL)
        r.take_seat(name, 1)
    (started,) = r.start_game(1)
    assert isinstance(started, ev.GameStarted)
    assert "seating.6" in ids(started)
    assert [seat for seat, _ in started.cards] == [1, 2, 3]
    best = max(started.cards, key=lambda sc: (int(sc[1].rank), int(sc[1].suit)))
    assert started.button == best[0], "high card by suit at a high game"
    lowball = GameKind(game="lowball", structure=Structure.FIXED_LIMIT, stakes="4/8")
    r.open_game(2, lowball, seats=8)
    for name in ("dee", "eve"):
        r.sign_up(name, lowball)
        r.take_seat(name, 2)
    (low,) = r.start_game(2)
    worst = min(
        low.cards,
        key=lambda sc: (1 if sc[1].rank.name == "ACE" else int(sc[1].rank), int(sc[1].suit)),
    )
    assert low.button == worst[0], "low card at a low game, the ace low"


def test_policies_12_playing_over_takes_the_floors_permission() -> None:
    r, _ = room()
    full_game(r, 1, "abcdefgh", seats=8)
    unchanged(r, r.play_over, "pat", 1, 3, rule="policies.12")  # c is not away
    r.away("c")
    events = r.play_over("pat", 1, 3)
    assert kinds(events) == ["PlayingOver"]
    assert (events[0].over, ids(events[0])) == ("c", ["policies.12"])
    assert r.playing_over(1) == {3: "pat"}
    unchanged(r, r.play_over, "quin", 1, 3, rule="policies.12")
    unchanged(r, r.play_over, "a", 1, 3, rule="policies.12")
    back = r.come_back("c")
    assert kinds(back) == ["CameBack", "PlayOverEnded"]
    assert r.playing_over(1) == {}
    r.away("d")
    r.play_over("pat", 1, 4)
    r.sign_up("pat", NL)
    r.leave("a")  # pat is called to seat 1 and gives seat 4 back on sitting down
    events = r.take_seat("pat", 1)
    assert kinds(events)[:2] == ["PlayOverEnded", "PlayerSeated"]
    assert r.playing_over(1) == {}


def test_seating_8_a_reservation_cannot_take_a_place_already_called() -> None:
    r, _ = room()
    r.open_game(1, NL, seats=3)
    for name in ("ann", "bob", "cy"):
        r.sign_up(name, NL)
    error = unchanged(r, r.reserve, 1, 1, "zed", rule="seating.8")
    assert "needed for the 3 players called" in str(error)


def test_seating_8_a_reservation_is_spent_once_its_player_sits() -> None:
    r, _ = room()
    r.open_game(1, NL, seats=3)
    r.reserve(1, 3, "dee")
    r.sign_up("ann", NL)
    r.sign_up("dee", NL)
    r.take_seat("ann", 1)
    r.take_seat("dee", 1, 2)
    r.start_game(1)
    events = r.sign_up("eve", NL)
    assert [(e.player, e.seat) for e in events if isinstance(e, ev.PlayerCalled)] == [("eve", 3)]


def test_seating_1_arriving_turns_interest_into_a_place_on_the_list() -> None:
    r, _ = room()
    r.note_interest("ann", NL)
    r.note_interest("ann", STUD)
    events = r.arrive("ann")
    listed = [(e.kind, e.place) for e in events if isinstance(e, ev.PlayerListed)]
    assert listed == [(NL, 0), (STUD, 0)]
    assert all(ids(e) == ["seating.1"] for e in events if isinstance(e, ev.PlayerListed))
    assert r.interested(NL) == ()


def sanctioned(rule_id: str, sanction: Sanction, minutes: float | None = None) -> Room:
    """A sanction for breaking ``rule_id`` is recorded against a seated player,
    citing it; a suspension or bar takes the seat and refuses a new listing."""
    r, _ = room()
    full_game(r, 1, "abc")
    events = r.sanction("b", sanction, [rule_id], minutes=minutes)
    assert isinstance(events[0], ev.Sanctioned)
    assert ids(events[0]) == [rule_id]
    assert [s.sanction for s in r.record("b")] == [sanction]
    if sanction is Sanction.WARNING:
        assert r.seat_of("b") == (1, 2)
        r.leave("b")
        r.sign_up("b", NL)  # a warning bars nothing
    else:
        assert r.seat_of("b") is None
        unchanged(r, r.sign_up, "b", NL, rule=rule_id)
    return r


def test_conduct_prohibited_1_collusion_bars_the_player() -> None:
    sanctioned("conduct.prohibited.1", Sanction.BAR)


def test_conduct_improper_2_splashing_chips_is_warned() -> None:
    sanctioned("conduct.improper.2", Sanction.WARNING)


def test_conduct_improper_4_reading_a_hand_for_another_is_warned() -> None:
    sanctioned("conduct.improper.4", Sanction.WARNING)


def test_conduct_improper_5_telling_a_player_to_turn_a_hand_up_is_warned() -> None:
    sanctioned("conduct.improper.5", Sanction.WARNING)


def test_conduct_improper_9_throwing_cards_away_from_the_muck_suspends() -> None:
    r = sanctioned("conduct.improper.9", Sanction.SUSPENSION, minutes=30)
    assert isinstance(r.clock, ManualClock)
    r.clock.advance(minutes=30)  # the suspension is over
    r.sign_up("b", NL)
    assert r.lock_of("b") == Lock(player="b", table=1, seat=2, since=1800.0)


def test_conduct_improper_10_stacking_chips_to_block_the_view_is_warned() -> None:
    sanctioned("conduct.improper.10", Sanction.WARNING)


def test_conduct_improper_11_influencing_play_suspends() -> None:
    sanctioned("conduct.improper.11", Sanction.SUSPENSION, minutes=120)


def test_conduct_improper_12_a_phone_at_the_table_is_warned() -> None:
    sanctioned("conduct.improper.12", Sanction.WARNING)


def test_seating_5_keeping_apart_two_players_in_one_game_moves_one_first() -> None:
    r, _ = room()
    full_game(r, 1, "abc")
    unchanged(r, r.keep_apart, "a", "b", rule="seating.5")
    r.away("c")
    r.play_over("pat", 1, 3)
    unchanged(r, r.keep_apart, "a", "pat", rule="seating.5")
    r.keep_apart("a", "zed")
    r.come_back("c")
    r.away("c")
    unchanged(r, r.play_over, "zed", 1, 3, rule="seating.5")


def test_seating_10_a_seat_change_in_the_must_move_game_keeps_one_place_on_its_list() -> None:
    r, _ = must_move_night()
    r.request_seat_change("ann")
    assert r.must_move(1) == ("ann", "bob", "cy")
    assert r.seat_of("ann") == (2, 4)


def test_seating_1_arriving_gives_no_place_for_the_game_the_player_is_in() -> None:
    r, _ = room()
    full_game(r, 1, "abc")
    r.note_interest("dee", NL)
    r.note_interest("dee", STUD)
    r.take_seat("dee", 1)  # a walk-in, with nobody waiting
    events = r.arrive("dee")
    assert [e.kind for e in events if isinstance(e, ev.PlayerListed)] == [STUD]
    assert r.waiting(NL) == ()


def test_conduct_a_bar_takes_away_noted_interest_too() -> None:
    r, _ = room()
    r.note_interest("zed", STUD)
    r.sanction("zed", Sanction.BAR, ["conduct.prohibited.2"])
    assert r.interested(STUD) == ()
    assert [e.kind for e in r.arrive("zed") if isinstance(e, ev.PlayerListed)] == []


def test_seating_14_a_seated_player_away_from_the_area_is_still_moved() -> None:
    r2, _ = room()
    full_game(r2, 1, "abc")
    r2.sign_up("a", STUD)  # listed while at the table
    r2.leave_area("a", lockup=20)
    events = r2.open_game(2, STUD, seats=8)
    assert [type(e).__name__ for e in events][1:] == ["PlayerCalled", "MoveDue"]
    assert r2.move_of("a") == (1, 2, Due.BLIND)


def test_seating_7_a_walk_in_leaves_seats_for_the_places_held() -> None:
    r, _ = room()
    r.open_game(1, NL, seats=3)
    r.reserve(1, 3, "zed")
    r.sign_up("ann", NL)
    r.sign_up("bob", NL)  # two places held: seats 1 and 2 are theirs
    unchanged(r, r.take_seat, "walk-in", 1, rule="policies.11")


def test_seating_2_passing_over_a_player_away_is_recorded_once() -> None:
    r, _ = room()
    full_game(r, 1, "abcdefgh", seats=8)
    r.sign_up("bob", NL)
    r.sign_up("cy", NL)
    r.leave_area("bob")
    events = r.leave("a")
    assert [type(e).__name__ for e in events][1:3] == ["PassedOver", "PlayerCalled"]
    assert ids(events[1]) == ["seating.2"]
    r.take_seat("cy", 1)
    assert [e for e in r.leave("b") if isinstance(e, ev.PassedOver)] == []
    r.arrive("bob")  # back: called to the seat open now
    assert r.lock_of("bob") is not None


def test_seating_6_stud_has_no_button_to_draw_for() -> None:
    r, _ = room()
    r.open_game(1, STUD, seats=8)
    for name in "ab":
        r.sign_up(name, STUD)
        r.take_seat(name, 1)
    (started,) = r.start_game(1)
    assert (started.button, started.cards) == (None, ())


def test_seating_10_the_must_move_list_follows_a_list_a_broken_game_headed() -> None:
    r, _ = room()
    full_game(r, 1, "abcdefghi")
    full_game(r, 3, "pqrs", seats=4)
    r.sign_up("x", NL)
    order = [p for p, _ in next(e for e in r.break_game(3) if isinstance(e, ev.GameBroken)).order]
    assert r.waiting(NL) == (*order, "x")
    r.open_game(2, NL, seats=9, main=1)
    for name in reversed(r.waiting(NL)):  # they sit down in reverse order
        r.take_seat(name, 2)
    assert r.must_move(1) == (*order, "x")
    r.leave("a")
    assert r.move_of(order[0]) == (2, 1, Due.BLIND)


def test_policies_21_no_lock_up_is_picked_up_for_someone_who_cannot_take_it() -> None:
    r, clock = room()
    full_game(r, 1, "abcdefgh")
    r.sign_up("ann", NL)  # called to seat 9
    r.sign_up("bob", NL)
    r.leave_area("bob")  # away without lock-up money: not waiting to play
    clock.advance(minutes=10)
    assert r.tick() == []
    r2, clock2 = room()
    for name in "abcd":
        r2.sign_up(name, NL)
    r2.open_game(1, NL, seats=9)
    r2.refuse("d")  # keeps the place, but turned this game down
    clock2.advance(minutes=5)
    assert r2.tick() == []


def test_policies_20_an_absence_extended_in_advance_holds() -> None:
    r, clock = room()
    full_game(r, 1, "abc")
    r.extend_absence("a", minutes=60)
    r.away("a")
    r.away("b")
    clock.advance(minutes=30)
    assert r.tick() == [], "thirty minutes is not more than thirty"
    clock.advance(minutes=1)
    assert [e.player for e in r.tick()] == ["b"]
    clock.advance(minutes=29)
    assert r.tick() == []
    clock.advance(minutes=1)
    assert [e.player for e in r.tick()] == ["a"]


def test_seating_13_seat_changes_in_a_new_game_and_for_one_seat_only() -> None:
    r, _ = room()
    r.open_game(1, NL, seats=6)
    r.sign_up("a", NL)
    r.sign_up("b", NL)
    r.take_seat("a", 1, 1)
    events = r.request_seat_change("a", 5)
    assert [(type(e).__name__, getattr(e, "to_seat", None)) for e in events][-1] == (
        "PlayerMoved",
        5,
    )
    r2, _ = room()
    full_game(r2, 1, "abcdefghi")
    r2.request_seat_change("c", 9)
    r2.leave("b")
    assert kinds(r2.take_seat("walk", 1)) == ["PlayerSeated"], "seat 2 is not the seat c wants"


def test_seating_8_a_player_walks_into_the_seat_kept_for_him() -> None:
    r, _ = room()
    full_game(r, 1, "abcdefgh")
    r.reserve(1, 9, "vic")
    r.sign_up("ann", NL)  # seat 9 is kept: ann waits
    events = r.take_seat("vic", 1)
    assert ids(events[0]) == ["seating.8"]
    assert r.seat_of("vic") == (1, 9)


def test_seating_2_a_lock_up_takes_the_house_amount() -> None:
    r, _ = room()
    r.sign_up("ann", NL)
    unchanged(r, r.leave_area, "ann", lockup=5, rule="seating.2")
    r.leave_area("ann", lockup=20)
    r.arrive("ann")
    r.leave_area("ann")


def test_seating_15_a_broken_game_leaves_seats_for_places_held() -> None:
    r, _ = room()
    full_game(r, 1, "pq")
    r.open_game(2, NL, seats=3)
    r.reserve(2, 3, "zed")
    r.sign_up("ann", NL)
    r.sign_up("bob", NL)  # seats 1 and 2 are held for them
    r.break_game(1)
    assert r.seated(2) == {}
    assert r.waiting(NL)[:2] in (("p", "q"), ("q", "p"))
    r.take_seat("ann", 2)
    r.take_seat("bob", 2)
    assert len(r.start_game(2)) >= 1


def test_seating_1_leaving_the_list_calls_off_the_call_and_the_move() -> None:
    r, _ = room()
    full_game(r, 1, "abcdefgh")
    r.sign_up("ann", NL)
    r.leave_list("ann", NL)
    assert r.lock_of("ann") is None
    r.open_game(2, STUD, seats=8)
    r.sign_up("a", STUD)
    assert r.move_of("a") is not None
    r.leave_list("a", STUD)
    assert r.move_of("a") is None
    assert r.lock_of("a") is None


def test_seating_14_a_seat_change_keeps_a_move_to_come() -> None:
    r, _ = room()
    full_game(r, 1, "abcdefgh")
    r.open_game(2, STUD, seats=8)
    r.sign_up("a", STUD)
    r.request_seat_change("a", 9)
    assert r.seat_of("a") == (1, 9)
    assert r.move_of("a") == (1, 2, Due.BLIND)
    assert r.lock_of("a") is not None


def test_seating_9_the_extra_seat_is_within_ten() -> None:
    r, _ = room()
    with pytest.raises(FloorError, match="2 to 10 seats"):
        r.open_game(1, NL, seats=10, extra=True)
    assert r.events == []


def test_conduct_a_sanction_names_a_real_rule_and_a_real_term() -> None:
    r, _ = room()
    full_game(r, 1, "ab")
    before = list(r.events)
    with pytest.raises(FloorError, match="no conduct rule"):
        r.sanction("a", Sanction.BAR, ["conduct.prohibited.9"])
    with pytest.raises(FloorError, match="not -5"):
        r.sanction("a", Sanction.SUSPENSION, ["conduct.improper.2"], minutes=-5)
    assert r.events == before


def test_seating_10_a_call_to_the_must_move_game_cites_it() -> None:
    r, _ = must_move_night()
    calls = [e for e in r.events if isinstance(e, ev.PlayerCalled) and e.table == 2]
    assert calls
    assert all(ids(c) == ["seating.2", "seating.10"] for c in calls)


def test_seating_8_a_place_held_by_a_player_with_a_reserved_seat_takes_that_seat() -> None:
    r, _ = room()
    full_game(r, 1, "abcd", seats=4)
    for name in ("eve", "ann", "lou"):
        r.sign_up(name, NL)
    r.open_game(2, NL, seats=4)  # three places held in the new game
    r.reserve(2, 4, "ann")  # ann's place is that seat, not another
    events = r.sign_up("dee", NL)
    called = [e.player for e in events if isinstance(e, ev.PlayerCalled)]
    assert called == ["dee"], "seats 1-3 are for eve, lou and dee"
    for name in ("eve", "lou", "dee"):
        r.take_seat(name, 2)
    r.start_game(2)
    assert r.seated(2) == {1: "eve", 2: "lou", 3: "dee"}
    assert [(k.player, k.seat) for k in r.locks(2)] == [("ann", 4)]
    # With one place too many for the seats, one lock-up goes, and only one
    # (RRP5 policies.21): the name waiting is called at once.
    r2, clock2 = room()
    full_game(r2, 1, "abcd", seats=4)
    for name in ("eve", "ann", "lou", "bob"):
        r2.sign_up(name, NL)
    r2.open_game(2, NL, seats=4)
    r2.reserve(2, 1, "ann")
    r2.sign_up("dee", NL)  # waiting: four places for four seats
    clock2.advance(minutes=5)
    events = r2.tick()
    assert [e.player for e in events if isinstance(e, ev.LockUpPickedUp)] == ["eve"]
    assert [e.player for e in events if isinstance(e, ev.PlayerCalled)] == ["dee"]
    assert r2.tick() == []


def test_seating_8_seating_7_a_place_held_takes_its_players_reserved_seat_when_the_game_starts() -> (
    None
):
    """A broken must-move game leaves two places held in a new main game with
    two seats open, one reserved for a player holding a place: he takes his
    own, the other place takes the other, and the game may start."""
    r = Room(clock=ManualClock(), shuffler=SeededShuffler(0))
    r.open_game(1, NL, seats=4)
    r.open_game(2, NL, seats=4, main=1)
    for player in ("ann", "bob", "cal", "dee"):
        r.sign_up(player, NL)
        r.take_seat(player, 2)
    r.refuse("ann")
    r.sign_up("ann", NL)
    r.away("bob", took=0)
    r.reserve(1, 4, "ann")
    r.break_game(2)
    assert {lock.player for lock in r.locks(1) if lock.seat is None} == {"ann", "bob"}
    started = r.start_game(1)
    assert [type(e) for e in started] == [ev.GameStarted]
    with pytest.raises(FloorError, match="started already"):
        r.start_game(1)
