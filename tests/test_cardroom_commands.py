"""The cardroom's commands for the floor alone and for the log players: a
cardroom whose games are dealt outside floorman (``live_tables=False``), told
by the dealer when a move falls due, remote interest, chips restored; and a
table the house runs itself, opened from its setup, players sitting by seat."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from floorman.cards import Card
from floorman.clock import ManualClock
from floorman.errors import FloorError
from floorman.floor.rulings import Ruling
from floorman.formats.room_log import play_room
from floorman.formats.session import play_session
from floorman.room import events as ev
from floorman.room.values import Due
from floorman.service import Cardroom, Entry, dumps_entries, loads_entries, table_setup
from floorman.service import commands as c
from floorman.service import ledger as led
from floorman.table import events as tev
from tests.cardroom_helpers import NL, Night

ROOM_EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "room.txt"


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
        c.OpenTable(table=3, setup=table_setup(NL, 6)),
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


# ----- a table the house runs itself ------------------------------------------------


def _house(*, button: int | None = 1, **options: object) -> Cardroom:
    """A cardroom with one table of its own, ann, bob and cy seated at it."""
    room = Cardroom(clock=ManualClock())
    setup = dataclasses.replace(table_setup(NL, 6), **options)  # type: ignore[arg-type]
    room.handle(c.OpenTable(table=1, setup=setup, button=button))
    for seat, name in ((1, "ann"), (3, "bob"), (5, "cy")):
        room.handle(c.SitDown(table=1, seat=seat, player=name, chips=100))
    return room


def _play_out(room: Cardroom) -> None:
    """Deal once at table 1, everyone folding to the big blind."""
    room.handle(c.StartDeal(table=1))
    table = room.table(1)
    while table.in_deal:
        assert table.deal is not None
        position = table.deal.legal().position
        assert position is not None
        room.handle(c.Act(player=table.players[table.positions[position]], move=c.Move.FOLD))


def _books_agree(room: Cardroom) -> None:
    assert room.audit() == []
    assert room.chips_in_play() == room.ledger.balance()


def test_seating_6_a_house_table_opens_with_the_button_given_or_drawn() -> None:
    given = _house(button=3)
    opened = next(e.event for e in given.log if isinstance(e.event, tev.TableOpened))
    assert opened.button == 3
    drawn = _house(button=None)
    drawn.handle(c.StartDeal(table=1))
    assert any(isinstance(e.event, tev.ButtonDrawn) for e in drawn.log)


def test_buy_in_1_sitting_at_a_house_table_brings_chips_from_the_cage() -> None:
    room = _house()
    assert room.table(1).players == {1: "ann", 3: "bob", 5: "cy"}
    assert room.ledger.balance() == 300
    _books_agree(room)
    _play_out(room)
    _books_agree(room)


def test_a_house_table_refuses_a_seat_taken_and_changes_nothing() -> None:
    room = _house()
    before = _unchanged(room)
    with pytest.raises(FloorError):
        room.handle(c.SitDown(table=1, seat=3, player="dee", chips=100))
    assert _unchanged(room) == before
    with pytest.raises(FloorError, match="open already"):
        room.handle(c.OpenTable(table=1, setup=table_setup(NL, 6)))
    assert _unchanged(room) == before


def test_the_floor_s_game_is_not_sat_down_at_by_seat() -> None:
    night = Night()
    night.do(c.OpenGame(table=2, kind=NL, seats=6))
    night.seat(2, "ann", "bob")
    night.do(c.StartGame(table=2))
    before = _unchanged(night.room)
    with pytest.raises(FloorError, match="from its lists"):
        night.room.handle(c.SitDown(table=2, seat=5, player="dee", chips=100))
    assert _unchanged(night.room) == before


def test_policies_20_chips_picked_up_at_a_house_table_go_back_to_the_player() -> None:
    room = _house()
    room.handle(c.SitOut(player="cy", minutes=45))
    before = _unchanged(room)
    with pytest.raises(FloorError, match="after 30 minutes away or an extended absence"):
        room.handle(c.PickUp(player="cy"))
    assert _unchanged(room) == before
    clock = room.clock.source
    assert isinstance(clock, ManualClock)
    clock.advance(minutes=46)
    picked = _events(room.handle(c.PickUp(player="cy")))
    carried = next(e for e in picked if isinstance(e, led.ChipsCarried))
    assert (carried.player, carried.amount, carried.reason) == ("cy", 100, "picked up")
    assert room.table(1).players == {1: "ann", 3: "bob"}
    assert room.ledger.held("cy") == 100
    _books_agree(room)


def test_leaving_a_house_table_takes_the_chips_off_it() -> None:
    room = _house()
    room.handle(c.Leave(player="bob"))
    assert room.table(1).players == {1: "ann", 5: "cy"}
    assert room.ledger.held("bob") == 100
    room.handle(c.ChangeSeat(player="ann", seat=2))
    assert room.table(1).players == {2: "ann", 5: "cy"}
    _books_agree(room)


def test_policies_6_chips_on_the_way_arrive_and_the_cage_sold_them() -> None:
    room = _house()
    room.handle(c.Buy(player="ann", chips=50, arrived=False))
    assert room.ledger.balance() == 350
    assert room.table(1).stacks[1] == 100  # bought, not yet in play
    arrived = _events(room.handle(c.ChipsArrive(player="ann")))
    assert [type(e) for e in arrived] == [tev.ChipsArrived]
    assert room.table(1).stacks[1] == 150
    _books_agree(room)


def test_policies_2_the_floor_counts_the_names_waiting_and_time_declined() -> None:
    room = _house(time_charge=3, time_every=1800.0)
    for names in (2, 0):
        (counted,) = _events(room.handle(c.CountWaiting(table=1, names=names)))
        assert isinstance(counted, tev.WaitingCounted)
    (declined,) = _events(room.handle(c.DeclineTime(player="cy")))
    assert isinstance(declined, tev.TimeDeclined)
    assert "policies.2" in [x.id for x in declined.citations]


def test_a_deal_not_shuffled_takes_the_cards_the_dealer_names() -> None:
    room = _house()
    room.handle(c.StartDeal(table=1, shuffled=False))
    table = room.table(1)
    hands = {"ann": "AsKs", "bob": "2c7d", "cy": "QhQd"}
    for seat in table.positions:
        name = table.players[seat]
        cards = tuple(Card.parse(hands[name][i : i + 2]) for i in (0, 2))
        room.handle(c.DealCards(table=1, player=name, cards=cards))
    assert table.deal is not None
    assert table.deal.hole(table.position_of(1)) == (Card.parse("As"), Card.parse("Ks"))
    before = _unchanged(room)
    with pytest.raises(FloorError, match="no seat"):
        room.handle(c.DealCards(table=1, player="zed", cards=(Card.parse("2s"),)))
    assert _unchanged(room) == before


def test_irregularities_1_a_misplaced_button_is_corrected_for_the_next_deal() -> None:
    room = _house()
    _play_out(room)
    (corrected,) = [
        e
        for e in _events(room.handle(c.CorrectButton(table=1, seat=3)))
        if isinstance(e, tev.ButtonCorrected)
    ]
    assert "irregularities.1" in [x.id for x in corrected.citations]
    _books_agree(room)


def test_showdown_5_a_called_hand_asked_to_be_seen_by_the_winner_or_not() -> None:
    room = _house()
    room.handle(c.StartDeal(table=1))
    table = room.table(1)
    while table.in_deal:  # everyone calls or checks down to the showdown
        assert table.deal is not None
        legal = table.deal.legal()
        assert legal.position is not None
        name = table.players[table.positions[legal.position]]
        room.handle(c.Act(player=name, move=c.Move.CALL if legal.call else c.Move.CHECK))
    winner = max(table.stacks, key=lambda seat: table.stacks[seat])
    loser = min(table.stacks, key=lambda seat: table.stacks[seat])
    (won,) = _events(room.handle(c.AskToSee(table=1, asker=winner, shown=loser)))
    (lost,) = _events(room.handle(c.AskToSee(table=1, asker=loser, shown=winner)))
    assert isinstance(won, Ruling)
    assert isinstance(lost, Ruling)
    assert [x.id for x in won.citations] == [x.id for x in lost.citations] == ["showdown.5"]
    assert "both hands are live" in won.decision
    assert "did not win the pot, the hand is dead" in lost.decision


def test_a_room_log_s_cardroom_rebuilds_from_its_json_lines() -> None:
    night = play_room(ROOM_EXAMPLE.read_text())
    assert night.cardroom is not None
    entries = loads_entries(dumps_entries(night.cardroom.log))
    again = Cardroom.rebuild(entries, clock=ManualClock(), live_tables=False)
    assert again.room.events == night.room.events
    assert again.tables == ()
    assert again.ledger.events == []
    assert again.state() == night.cardroom.state()


@pytest.mark.parametrize("name", ["session.txt", "rulings.txt"])
def test_a_session_s_cardroom_keeps_its_books_and_rebuilds_from_its_json_lines(
    name: str,
) -> None:
    session = play_session((ROOM_EXAMPLE.parent / name).read_text())
    room = session.cardroom
    assert room is not None
    assert room.tables == (1,)
    assert room.table(1) is session.table
    _books_agree(room)
    entries = loads_entries(dumps_entries(room.log))
    assert entries == tuple(room.log)
    # The house's table opens from its setup, which the log keeps.
    again = Cardroom.rebuild(entries, clock=ManualClock())
    assert again.log == room.log
    assert again.state() == room.state()
