"""The cardroom as one service: the floor and its live tables joined, rule by rule,
and every chip of the room on the cage's books after every command."""

from __future__ import annotations

import dataclasses
import typing
from typing import Any

import pytest

from floorman.cards import Card
from floorman.codec import from_json, to_json
from floorman.deal import events as dev
from floorman.deal.actions import Draw, Show, Wager
from floorman.errors import FloorError, FloormanError, IllegalAction, NotationError
from floorman.floor.reports import DealingError, MisdealCause, MuckedHand
from floorman.games import Structure
from floorman.ids import Position
from floorman.room import events as rev
from floorman.room.values import Due, GameKind
from floorman.room.values import Sanction as Penalty
from floorman.service import (
    Cardroom,
    TimeLimits,
    action_of,
    dumps_entries,
    loads_entries,
    table_setup,
)
from floorman.service import commands as c
from floorman.service import ledger as led
from floorman.shuffle import SeededShuffler
from floorman.table import events as tev
from tests.cardroom_helpers import NL, STUD, Night, names

PLO = GameKind(game="omaha", structure=Structure.POT_LIMIT, stakes="1/2")


def started(table: int, *players: str, seats: int = 6, kind: GameKind = NL) -> Night:
    night = Night()
    night.do(c.OpenGame(table=table, kind=kind, seats=seats))
    night.seat(table, *players, kind=kind)
    night.do(c.StartGame(table=table))
    return night


def snapshot(room: Cardroom) -> Any:
    """Everything a command could change, as comparable values."""
    return (
        list(room.room.events),
        list(room.ledger.events),
        list(room.log),
        {n: room.room.seated(n) for n in room.room.tables},
        {n: (list(t.events), t.stacks, t.in_deal, len(t.deals)) for n, t in room._tables.items()},
        room.ledger.holders,
        {n: room.waiting_chips(n) for n in room.room.tables},
    )


def refused(room: Cardroom, command: c.Command, error: type[FloormanError]) -> FloormanError:
    """The command is refused with ``error`` and changes nothing."""
    before = snapshot(room)
    with pytest.raises(error) as caught:
        room.handle(command)
    assert snapshot(room) == before
    assert room.audit() == []
    return caught.value


def event_of(entries: list[Any], kind: type) -> Any:
    return next(e.event for e in entries if isinstance(e.event, kind))


# ----- seating at the live table with chips from the cage --------------------------


def test_buy_in_1_the_player_seated_sits_at_the_live_table_with_chips_from_the_cage() -> None:
    night = Night()
    night.do(c.OpenGame(table=1, kind=NL, seats=6))
    night.seat(1, "ann", "bob")
    out = night.do(c.StartGame(table=1))
    assert names(out)[0] == "GameStarted"
    assert night.room.table(1).players == {1: "ann", 2: "bob"}
    assert night.room.table(1).stacks == {1: 100, 2: 100}
    assert night.room.ledger.balance() == 200
    # Seated in a running game, he is at the table at once, the cage selling the chips.
    out = night.do(c.SignUp(player="cy", kind=NL), c.TakeSeat(player="cy", table=1, chips=60))
    assert names(out)[-3:] == ["ChipsSold", "ChipsBrought", "PlayerSeated"]
    assert night.room.table(1).players[3] == "cy"
    assert night.room.chips_in_play() == night.room.ledger.balance() == 260


def test_buy_in_1_a_short_entry_is_refused_and_changes_nothing() -> None:
    night = started(1, "ann", "bob")
    night.do(c.SignUp(player="cy", kind=NL))
    error = refused(night.room, c.TakeSeat(player="cy", table=1, chips=39), FloorError)
    assert [x.id for x in error.citations] == ["buy-in.1"]
    night.do(c.TakeSeat(player="cy", table=1))  # no chips named: a full buy-in from the cage
    assert night.room.table(1).stacks[3] == table_setup(NL, 6).min_buy_in


def test_policies_5_a_refusal_at_the_table_undoes_the_floors_seating() -> None:
    # The floor seats him, then the table refuses the buy-in: nothing stays changed.
    night = started(1, "ann", "bob", "cy")
    night.play(1)
    night.do(c.Leave(player="cy"))
    took = night.room.ledger.held("cy")
    assert took - 1 >= table_setup(NL, 6).min_buy_in  # a full buy-in, but less than he took
    night.do(c.SignUp(player="cy", kind=NL))
    error = refused(night.room, c.TakeSeat(player="cy", table=1, chips=took - 1), FloorError)
    assert [x.id for x in error.citations] == ["policies.5"]
    assert night.room.room.lock_of("cy") is not None  # still called to the seat
    night.do(c.CashOut(player="cy", chips=took - 10))
    # Naming no amount, he brings what he took: the cage sells what he lacks.
    out = night.do(c.TakeSeat(player="cy", table=1))
    sold = event_of(out, led.ChipsSold)
    assert sold.amount == took - 10
    assert [x.id for x in sold.citations] == ["policies.5"]
    assert night.room.table(1).stacks[3] == took


def test_policies_11_a_player_sits_where_nobody_waits() -> None:
    night = started(1, "ann", "bob")
    out = night.do(c.Arrive(player="dee"), c.Sit(player="dee", table=1, seat=5, chips=80))
    seated = event_of(out, tev.PlayerSeated)
    assert (seated.seat, seated.chips) == (5, 80)
    assert night.room.room.seat_of("dee") == (1, 5)


# ----- leaving, picked up: the seat frees at floor and table, the next name is called ---


def test_leave_waits_for_the_deal_and_the_floor_calls_the_next_name() -> None:
    night = started(1, "ann", "bob", "cy", seats=3)
    night.do(c.SignUp(player="dee", kind=NL))
    night.do(c.StartDeal(table=1))
    table = night.room.table(1)
    leaver = table.players[table.positions[0]]
    out = night.do(c.Leave(player=leaver))
    # Only the table notes the request; the seat is freed when the deal ends.
    assert [e.event for e in out] == [tev.LeaveRequested(seat=table.positions[0])]
    assert night.room.room.seat_of(leaver) is not None
    while table.in_deal:
        deal = table.deal
        assert deal is not None
        p = deal.legal().position
        assert p is not None
        name = table.players[table.positions[p]]
        legal = deal.legal()
        move = c.Move.CHECK if legal.check else c.Move.FOLD
        out = night.do(c.Act(player=name, move=move))
    assert names(out)[-3:] == ["PlayerLeft", "PlayerCalled", "SeatLocked"]
    assert night.room.room.seat_of(leaver) is None
    assert leaver not in table.players.values()
    assert night.room.room.lock_of("dee") is not None
    carried = event_of(out, led.ChipsCarried)
    assert carried.player == leaver
    assert night.room.ledger.held(leaver) == carried.amount


def test_policies_20_chips_picked_up_free_the_seat_and_the_floor_calls_the_next_name() -> None:
    night = started(1, "ann", "bob", "cy", seats=3)
    night.play(1)
    night.do(c.SignUp(player="dee", kind=NL), c.StepAway(player="cy"))
    stack = night.room.table(1).stacks[3]
    assert night.wait(30) == []  # thirty minutes are allowed
    out = night.wait(1)
    assert names(out) == [
        "ChipsPickedUp",
        "PlayerCalled",
        "SeatLocked",
        "ChipsPickedUp",
        "ChipsCarried",
    ]
    picked = event_of(out, led.ChipsCarried)
    assert (picked.amount, picked.reason) == (stack, "picked up")
    assert [x.id for x in picked.citations] == ["policies.20"]
    assert 3 not in night.room.table(1).players
    assert night.room.ledger.held("cy") == stack
    night.do(c.TakeSeat(player="dee", table=1))
    assert night.room.table(1).players[3] == "dee"


# ----- moves seen from the table's own deals -----------------------------------------


def test_seating_12_a_must_move_player_plays_until_due_for_the_big_blind() -> None:
    night = started(1, "a", "b", "c", seats=3)
    night.do(c.OpenGame(table=2, kind=NL, seats=4, main=1))
    night.seat(2, "d", "e", "f")
    night.do(c.StartGame(table=2))
    night.play(1)
    night.play(2)
    out = night.do(c.Leave(player="a"))
    assert names(out)[-1] == "MoveDue"
    assert night.room.room.move_of("d") is not None
    feeder = night.room.table(2)
    seat = 1
    moved = []
    for _ in range(4):
        out = night.play(2)
        if "PlayerMoved" in names(out):
            moved = out
            break
        # Still here: he was not due for the big blind on the deal just played.
        assert night.room.room.seat_of("d") == (2, seat)
    start = feeder.last_start
    # The last deal he played put the big blind on seat 3, with seats 1-3 filled:
    # the next would have put it on him, so he moved before it.
    assert start is not None
    assert start.big_blind == 3
    assert start.number == 2
    assert all(p.seat != seat or p.blind != "big blind" for p in start.posts)
    assert night.room.room.seat_of("d") == (1, 1)
    sat = [e.event for e in moved if isinstance(e.event, tev.PlayerSeated) and e.table == 1]
    assert sat
    assert sat[0].player == "d"
    assert sat[0].new


def test_seating_10_refusing_the_main_game_quits_the_must_move_game_with_the_chips() -> None:
    night = started(1, "a", "b", "c", seats=3)
    night.do(c.OpenGame(table=2, kind=NL, seats=4, main=1))
    night.seat(2, "d", "e", "f")
    night.do(c.StartGame(table=2))
    night.play(2)
    night.do(c.Leave(player="a"))
    stack = night.room.table(2).stacks[1]
    out = night.do(c.Refuse(player="d"))
    assert "BarredFromGame" in names(out)
    assert "d" not in night.room.table(2).players.values()
    assert night.room.ledger.held("d") == stack


def test_seating_14_a_lock_up_move_plays_the_button_once_a_blind_is_taken() -> None:
    night = started(1, "a", "b", "c", seats=3)
    night.do(c.OpenGame(table=2, kind=PLO, seats=2))
    night.seat(2, "d", kind=PLO)
    night.do(c.SignUp(player="x", kind=NL), c.SignUp(player="y", kind=NL))
    first = night.play(1)
    start = event_of(first, tev.DealStarted)
    small = night.room.table(1).players[start.small_blind]
    out = night.do(c.SignUp(player=small, kind=PLO))
    move = night.room.room.move_of(small)
    assert move is not None
    assert move[2] is Due.NOW  # two names wait for his seat
    # He posted the small blind: he stays to play the button, and then moves.
    out = night.play(1)
    assert event_of(out, tev.DealStarted).button == start.small_blind
    assert night.room.room.seat_of(small) == (2, 2)
    assert "PlayerMoved" in names(out)


def test_seating_14_a_lock_up_move_without_a_blind_taken_is_made_at_once() -> None:
    night = started(1, "a", "b", "c", seats=3)
    night.do(c.OpenGame(table=2, kind=PLO, seats=2))
    night.seat(2, "d", kind=PLO)
    night.do(c.SignUp(player="x", kind=NL), c.SignUp(player="y", kind=NL))
    first = night.play(1)
    button = night.room.table(1).players[event_of(first, tev.DealStarted).button]
    out = night.do(c.SignUp(player=button, kind=PLO))
    assert "PlayerMoved" in names(out)
    assert night.room.room.seat_of(button) == (2, 2)
    assert button in night.room.waiting_chips(2)  # the new game takes him when it starts
    assert button not in night.room.table(1).players.values()


# ----- a broken game -------------------------------------------------------------------


def _two_games(setups: Any = table_setup) -> Night:
    night = Night()
    night.room = Cardroom(clock=night.clock, shuffler=night.room.shuffler, setups=setups)
    night.do(c.OpenGame(table=1, kind=NL, seats=6))
    night.seat(1, "a", "b", "c")
    night.do(c.StartGame(table=1))
    night.do(c.OpenGame(table=2, kind=NL, seats=6))
    night.seat(2, "d", "e", "f")
    night.do(c.StartGame(table=2))
    night.play(1)
    night.play(2)
    return night


def test_seating_15_a_broken_games_players_take_their_chips_to_live_tables() -> None:
    night = _two_games()
    stacks = {night.room.table(2).players[s]: n for s, n in night.room.table(2).stacks.items()}
    out = night.do(c.BreakGame(table=2))
    assert 2 not in night.room.tables
    table = night.room.table(1)
    for player, chips in stacks.items():
        seat = night.room.room.seat_of(player)
        assert seat is not None
        assert seat[0] == 1
        assert table.stacks[seat[1]] == chips
    brought = [e.event for e in out if isinstance(e.event, led.ChipsBrought)]
    assert {b.player for b in brought} == set(stacks)
    assert all(b.transfer and [x.id for x in b.citations] == ["buy-in.3"] for b in brought)
    assert "ChipsSold" not in names(out)


def test_buy_in_3_a_broken_games_short_stack_keeps_playing_the_same_amount() -> None:
    def dear(kind: GameKind, seats: int) -> Any:
        return dataclasses.replace(table_setup(kind, seats), buy_in=100)

    night = _two_games(dear)
    short = {
        night.room.table(2).players[s]: n for s, n in night.room.table(2).stacks.items() if n < 100
    }
    assert short
    night.do(c.BreakGame(table=2))
    for player, chips in short.items():
        at = night.room.room.seat_of(player)
        assert at is not None
        assert night.room.table(1).stacks[at[1]] == chips < 100
    # A player changing games of his own accord buys in in full (RRP5 buy-in.3).
    night.do(c.OpenGame(table=3, kind=NL, seats=6))
    mover = next(iter(short))
    night.do(c.ChangeGame(player=mover, table=3))
    assert night.room.waiting_chips(3) == {mover: 100}


def test_seating_15_an_absent_players_held_seat_goes_when_the_big_blind_passes_it() -> None:
    night = _two_games()
    night.do(c.StepAway(player="f"))
    out = night.do(c.BreakGame(table=2))
    lock = night.room.room.lock_of("f")
    assert lock is not None
    assert lock.reason == "broken"
    assert lock.table == 1
    assert night.room.ledger.held("f") > 0  # his chips are his, off the table
    for _ in range(6):
        out = night.play(1)
        if "LockUpPickedUp" in names(out):
            break
        assert night.room.room.lock_of("f") is not None
    start = event_of(out, tev.DealStarted)
    assert start.big_blind is not None
    assert night.room.room.lock_of("f") is None
    assert night.room.room.waiting(NL)[0] == "f"  # first up on the list


def test_seating_15_a_game_breaks_between_deals() -> None:
    night = _two_games()
    night.do(c.StartDeal(table=2))
    error = refused(night.room, c.BreakGame(table=2), FloorError)
    assert [x.id for x in error.citations] == ["seating.15"]


# ----- sanctions act on the tables -------------------------------------------------


def test_conduct_a_barred_player_is_unseated_and_his_chips_cashed_out() -> None:
    night = started(1, "ann", "bob", "cy")
    night.play(1)
    stack = night.room.table(1).stacks[3]
    balance = night.room.ledger.balance()
    out = night.do(c.Sanction(player="cy", sanction=Penalty.BAR, rules=("conduct.prohibited.1",)))
    assert "cy" not in night.room.table(1).players.values()
    cashed = event_of(out, led.ChipsCashed)
    assert cashed.amount == stack
    assert [x.id for x in cashed.citations] == ["conduct.prohibited.1"]
    assert night.room.ledger.balance() == balance - stack
    assert night.room.ledger.held("cy") == 0


def test_conduct_a_player_dealt_in_is_unseated_when_his_deal_ends() -> None:
    night = started(1, "ann", "bob", "cy")
    night.do(c.StartDeal(table=1))
    refused(
        night.room,
        c.Sanction(player="cy", sanction=Penalty.BAR, rules=("conduct.prohibited.1",)),
        FloorError,
    )


# ----- rulings on a pot --------------------------------------------------------------


def test_decisions_7_impounded_chips_stay_on_the_books_until_released() -> None:
    night = started(1, "ann", "bob", "cy")
    night.play(1)
    table = night.room.table(1)
    rich = max(table.stacks, key=lambda s: table.stacks[s])
    name = table.players[rich]
    balance = night.room.chips_in_play()
    out = night.do(c.Impound(table=1, player=name, amount=5))
    assert [x.id for x in event_of(out, tev.ChipsImpounded).citations] == ["decisions.7"]
    assert table.impounded == 5
    assert night.room.chips_in_play() == balance
    error = refused(night.room, c.BreakGame(table=1), FloorError)
    assert "decisions.7" in [x.id for x in error.citations]
    night.play(1)  # play goes on while the decision is pending
    night.do(c.Release(table=1, to="ann"))
    assert table.impounded == 0
    assert night.room.chips_in_play() == balance


def test_decisions_1_a_ruling_waits_for_managements_choice() -> None:
    night = started(1, "ann", "bob", "cy")
    night.do(c.StartDeal(table=1))
    out = night.do(c.Report(table=1, report=MuckedHand(position=0)))
    assert night.room.pending_ruling(1) == MuckedHand(position=0)
    assert names(out)[-1] == "Ruling"
    out = night.do(c.Decide(table=1, choice="dead"))
    assert night.room.pending_ruling(1) is None
    assert names(out)[0] == "HandKilled"
    assert names(out)[-1] == "Ruling"
    refused(night.room, c.Decide(table=1, choice="dead"), FloorError)


# ----- refused commands change nothing --------------------------------------------


def test_refused_commands_change_nothing() -> None:
    night = started(1, "ann", "bob", "cy", seats=4)
    night.do(c.SignUp(player="dee", kind=NL))
    refused(night.room, c.TakeSeat(player="eve", table=1), FloorError)  # not called
    refused(night.room, c.Sit(player="eve", table=1, seat=4), FloorError)  # dee waits
    refused(night.room, c.CashOut(player="ann", chips=1), FloorError)  # her chips are in play
    refused(night.room, c.Act(player="ann", move=c.Move.CHECK), IllegalAction)  # no deal
    night.do(c.StartDeal(table=1))
    table = night.room.table(1)
    deal = table.deal
    assert deal is not None
    waiting = next(p for p in range(deal.players) if p != deal.legal().position)
    name = table.players[table.positions[waiting]]
    refused(night.room, c.Act(player=name, move=c.Move.CALL), IllegalAction)  # out of turn
    refused(night.room, c.Buy(player=name, chips=50), IllegalAction)  # not during his deal
    refused(night.room, c.CloseGame(table=1), FloorError)  # players are in it
    refused(
        night.room,
        c.OpenGame(
            table=2,
            kind=GameKind(game="draw", structure=Structure.NO_LIMIT, stakes="1/2"),
            seats=10,
        ),
        FloorError,
    )


# ----- chips conserved over a night ----------------------------------------------------


def test_chips_are_conserved_after_every_command_of_a_night() -> None:
    night = _two_games()  # every command of Night.do is audited
    night.do(c.Buy(player="a", chips=50))
    night.do(c.SignUp(player="g", kind=NL), c.SignUp(player="h", kind=STUD))
    for _ in range(3):
        night.play(1)
        night.play(2, folds=True)
    night.do(c.StepAway(player="b"))
    night.do(c.BreakGame(table=2))
    night.wait(31)
    for _ in range(3):
        night.play(1)
    for player in sorted(night.room.ledger.holders):
        night.do(c.CashOut(player=player))
    total = night.room.ledger.balance()
    assert total == night.room.chips_in_play() == night.room.table(1).chips
    bought = sum(e.event.amount for e in night.entries if isinstance(e.event, led.ChipsSold))
    cashed = sum(e.event.amount for e in night.entries if isinstance(e.event, led.ChipsCashed))
    assert total == bought - cashed


# ----- the log as JSON, and the cardroom it adds up to ----------------------------------

COMMANDS: list[c.Command] = [
    c.OpenGame(table=1, kind=NL, seats=6, main=None, extra=True),
    c.StartGame(table=1),
    c.CloseGame(table=1),
    c.BreakGame(table=1),
    c.Sanction(player="a", sanction=Penalty.SUSPENSION, rules=("conduct.improper.2",), minutes=30),
    c.KeepApart(players=("a", "b")),
    c.Reserve(table=1, seat=2, player="a", reason="a view of the board"),
    c.Arrive(player="a"),
    c.SignUp(player="a", kind=STUD),
    c.NoteInterest(player="a", kind=STUD),
    c.Unlist(player="a", kind=STUD),
    c.LeaveArea(player="a", lockup=20),
    c.TakeSeat(player="a", table=1, seat=3, chips=100, post=True),
    c.Sit(player="a", table=1, seat=3, chips=100),
    c.Refuse(player="a"),
    c.NoAnswer(player="a"),
    c.Leave(player="a"),
    c.ChangeSeat(player="a", seat=None),
    c.ChangeGame(player="a", table=2),
    c.StepAway(player="a", took=10),
    c.Due(player="a"),
    c.ExtendAbsence(player="a", minutes=45.5),
    c.ComeBack(player="a", post=False, restored=10),
    c.PlayOver(player="a", table=1, seat=2, chips=60, post=True),
    c.Buy(player="a", chips=50, arrived=False, announced=False),
    c.CashOut(player="a", chips=None),
    c.StartDeal(table=1, runs=2, shuffled=False, auto_showdown=False),
    c.Act(player="a", move=c.Move.DRAW, cards=(Card.parse("As"), Card.parse("Kd"))),
    c.Choose(player="a", post=True),
    c.Straddle(player="a"),
    c.Report(table=1, report=MuckedHand(position=2)),
    c.Decide(table=1, choice="retrieve"),
    c.Transfer(table=1, player="a", to="b", amount=10, deal=4),
    c.Impound(table=1, player="a", amount=10),
    c.Release(table=1, to="b", amount=None, deal=None),
    c.OpenTable(table=3, setup=table_setup(STUD, 8), button=2),
    c.SitDown(table=3, seat=2, player="a", chips=100, post=True, transfer=True),
    c.DealCards(table=3, player=None, cards=(Card.parse("As"), None)),
    c.ChipsArrive(player="a"),
    c.SitOut(player="a", minutes=45.0),
    c.PickUp(player="a"),
    c.DeclineTime(player="a"),
    c.CorrectButton(table=3, seat=4),
    c.CountWaiting(table=3, names=2),
    c.AskToSee(table=3, asker=1, shown=2, deal=7),
    c.ProposeLimit(table=1, stakes="2/5"),
    c.ObjectToLimit(player="a", table=1),
    c.AskDeckChange(player="a", table=1, setup=True, reason="sticky"),
    c.ObjectToObservers(player="a", table=1),
    c.AllowObservers(player="a", table=1),
    c.FlagConduct(table=1, deal=3, players=("a", "b"), rules=("conduct.improper.3",), note="n"),
]


def test_every_command_round_trips_through_the_codec() -> None:
    assert {type(x) for x in COMMANDS} == set(typing.get_args(c.Command))
    for command in COMMANDS:
        data = to_json(command)
        assert data["type"] == f"command.{type(command).__name__}"
        assert from_json(data) == command


def test_a_nights_log_round_trips_as_json_lines() -> None:
    night = _two_games()
    night.do(c.Impound(table=1, player="a", amount=1), c.BreakGame(table=2))
    night.do(c.StartDeal(table=1), c.Report(table=1, report=MuckedHand(position=0)))
    log = night.room.log
    assert [e.seq for e in log] == list(range(len(log)))
    assert loads_entries(dumps_entries(log)) == tuple(log)
    layers = {to_json(e.event)["type"].split(".")[0] for e in log}
    assert layers == {"room", "table", "deal", "cage", "report", "floor"}


def test_rebuild_the_floor_and_the_cage_from_the_log() -> None:
    # Before any game deals, the floor and the cage are the whole cardroom.
    night = Night()
    night.do(c.OpenGame(table=1, kind=NL, seats=6), c.OpenGame(table=2, kind=STUD, seats=8))
    night.seat(1, "ann", "bob")
    night.seat(2, "cy", kind=STUD)
    night.do(c.Buy(player="ann", chips=20), c.Leave(player="bob"), c.CashOut(player="bob"))
    entries = loads_entries(dumps_entries(night.room.log))
    again = Cardroom.rebuild(entries, clock=night.clock)
    assert again.state() == night.room.state()
    assert again.room.events == night.room.room.events
    assert again.ledger.events == night.room.ledger.events
    assert again.ledger.balance() == night.room.ledger.balance() == again.chips_in_play()
    assert again.waiting_chips(1) == {"ann": 120}
    assert again.waiting_chips(2) == {"cy": 100}
    assert again.log == night.room.log


def test_rebuild_a_whole_night_equals_the_live_cardroom() -> None:
    night = _two_games()
    night.do(c.BreakGame(table=2))
    night.play(1)
    again = Cardroom.rebuild(loads_entries(dumps_entries(night.room.log)), clock=night.clock)
    assert again.log == night.room.log
    assert again.state() == night.room.state()
    assert again.tables == night.room.tables == (1,)
    assert again.audit() == []


def test_policies_5_back_within_the_hour_for_less_is_refused_while_the_seat_waits() -> None:
    night = started(1, "ann", "bob", "cy", "eve", seats=4)
    night.do(c.Leave(player="eve"))  # with her 100
    night.do(c.SignUp(player="dee", kind=NL), c.TakeSeat(player="dee", table=1, chips=100))
    night.do(c.ChangeSeat(player="ann", seat=4), c.StepAway(player="dee"))
    night.do(c.StartDeal(table=1), c.Leave(player="dee"))
    # Ann has dee's seat at the floor; the table moves her when the deal ends,
    # and whoever the floor seats in hers waits for it.
    assert night.room.state().reseat == (1,)
    night.do(c.SignUp(player="eve", kind=NL))
    before = night.room.state()
    with pytest.raises(FloorError, match="at least 100") as refused:
        night.room.handle(c.TakeSeat(player="eve", table=1, chips=40))
    assert [str(r) for r in refused.value.citations] == ["RRP5 policies.5"]
    assert night.room.state() == before
    night.do(c.TakeSeat(player="eve", table=1, chips=100))
    assert night.room.waiting_chips(1) == {"eve": 100}


def test_the_cardroom_state_follows_every_change_and_reading_it_changes_nothing() -> None:
    night = started(1, "ann", "bob", seats=4)
    before = night.room.state()
    logged = len(night.room.log)
    assert night.room.state() == before
    assert len(night.room.log) == logged
    night.do(c.SignUp(player="cy", kind=NL))
    listed = night.room.state()
    assert listed.room != before.room
    assert listed.tables == before.tables
    night.do(c.Buy(player="ann", chips=20))
    bought = night.room.state()
    assert bought.ledger.sold == listed.ledger.sold + 20
    night.do(c.StartDeal(table=1))
    dealing = night.room.state()
    assert dict(dealing.tables)[1].in_deal
    assert dealing.ledger == bought.ledger


def _rebuilt(night: Night) -> Cardroom:
    """The night's cardroom rebuilt from its JSON lines, its shuffler seeded as the live one."""
    text = dumps_entries(night.room.log)
    return Cardroom.rebuild(loads_entries(text), clock=night.clock, shuffler=SeededShuffler(0))


def test_seating_6_a_rebuilt_cardroom_deals_on_the_cards_the_live_one_would() -> None:
    # Every shuffle of the night is in the log: the floor's draws for the
    # button (RRP5 seating.6) and for a broken game's seats (RRP5 seating.15),
    # each deck. Rebuilt with a shuffler seeded as the live one was, the
    # cardroom's shuffler stands where the live one's does.
    night = _two_games()
    night.do(c.OpenGame(table=3, kind=STUD, seats=8))
    night.seat(3, "g", "h", kind=STUD)
    night.do(c.StartGame(table=3))
    night.play(3)
    night.do(c.BreakGame(table=2))
    for _ in range(3):
        night.play(1)
    live = night.room.shuffler
    assert isinstance(live, SeededShuffler)
    again = _rebuilt(night)
    rebuilt = again.shuffler
    assert isinstance(rebuilt, SeededShuffler)
    assert rebuilt is not live
    assert rebuilt.getstate() == live.getstate()
    for number in (1, 3):
        out = _both(night, again, c.StartDeal(table=number))
        deck = event_of(out, tev.DeckShuffled)
        assert deck.deal == len(night.room.table(number).deals)
    assert again.state() == night.room.state()


def test_seating_6_a_house_table_drawn_for_is_rebuilt_with_its_shuffles() -> None:
    # A table the house runs itself draws for its button (RRP5 seating.6) with
    # the cardroom's shuffler, then shuffles each deck with it.
    night = Night()
    night.do(c.OpenTable(table=5, setup=table_setup(NL, 6)))
    for seat, name in enumerate(("ann", "bob", "cy"), start=1):
        night.do(c.SitDown(table=5, seat=seat, player=name, chips=100))
    night.play(5)
    night.play(5)
    assert "ButtonDrawn" in names(night.entries)
    again = _rebuilt(night)
    assert again.shuffler.getstate() == night.room.shuffler.getstate()  # type: ignore[attr-defined]
    _both(night, again, c.StartDeal(table=5))
    assert again.state() == night.room.state()


def test_a_rebuilt_cardroom_reshuffles_the_stub_as_the_live_one_would() -> None:
    # Eight at lowball, everyone drawing: the stub runs short and is
    # reshuffled with the cardroom's shuffler, which the rebuild follows too.
    lowball = GameKind(game="lowball", structure=Structure.FIXED_LIMIT, stakes="2/4")
    night = Night()
    night.do(c.OpenGame(table=1, kind=lowball, seats=8))
    night.seat(1, *"abcdefgh", kind=lowball)
    night.do(c.StartGame(table=1))
    reshuffles = 0
    while not reshuffles:
        reshuffles = names(night.play(1)).count("StubReshuffled")
        assert len(night.room.table(1).deals) < 40, "no stub ran short"
    again = _rebuilt(night)
    assert again.shuffler.getstate() == night.room.shuffler.getstate()  # type: ignore[attr-defined]
    out = _both(night, again, c.StartDeal(table=1))
    assert "DeckShuffled" in names(out)


def test_a_rebuild_with_the_systems_shuffler_asks_it_for_nothing() -> None:
    # A shuffler with no sequence has no place to restore: the rebuild takes
    # every order from the log and shuffles nothing.
    night = _two_games()

    class Counting:
        calls = 0

        def shuffle(self, cards: Any) -> list[Card]:
            Counting.calls += 1
            return list(cards)

    again = Cardroom.rebuild(
        loads_entries(dumps_entries(night.room.log)), clock=night.clock, shuffler=Counting()
    )
    assert again.state() == night.room.state()
    assert Counting.calls == 0


@pytest.mark.parametrize("limits", [None, TimeLimits()], ids=["no clocks", "action clocks"])
def test_a_log_with_a_deals_event_outside_its_deal_is_refused(limits: TimeLimits | None) -> None:
    night = started(1, "ann", "bob", "cy")
    night.play(1)
    night.play(1)
    log = list(night.room.log)
    first = next(i for i, e in enumerate(log) if isinstance(e.event, dev.HoleDealt))
    moved = [*log[:first], *log[first + 1 :], log[first]]  # after the last deal's end
    with pytest.raises(NotationError, match="HoleDealt is a deal's event, logged with no deal"):
        Cardroom.rebuild(moved, clock=night.clock, time_limits=limits)


@pytest.mark.parametrize("limits", [None, TimeLimits()], ids=["no clocks", "action clocks"])
def test_a_log_whose_deal_under_way_was_altered_is_refused(limits: TimeLimits | None) -> None:
    night = started(1, "ann", "bob", "cy")
    night.play(1)
    night.do(c.StartDeal(table=1))
    table = night.room.table(1)
    deal = table.deal
    assert deal is not None
    position = deal.legal().position
    assert position is not None
    night.do(c.Act(player=table.players[table.positions[position]], move=c.Move.CALL))
    log = list(night.room.log)
    last = max(i for i, e in enumerate(log) if isinstance(e.event, dev.Called))
    called = log[last].event
    assert isinstance(called, dev.Called)
    log[last] = dataclasses.replace(log[last], event=dataclasses.replace(called, amount=7))
    with pytest.raises(FloormanError):
        Cardroom.rebuild(log, clock=night.clock, time_limits=limits)


def _both(night: Night, again: Cardroom, command: c.Command) -> list[Any]:
    """A command to the live cardroom and to the rebuilt one: both log the same."""
    out = night.do(command)
    assert again.handle(command) == out
    return out


def _play_out_in_both(night: Night, again: Cardroom, number: int) -> list[Any]:
    table, out = night.room.table(number), []
    while table.in_deal:
        deal = table.deal
        assert deal is not None
        p = deal.legal().position
        assert p is not None
        move = c.Move.CHECK if deal.legal().check else c.Move.FOLD
        out += _both(night, again, c.Act(player=table.players[table.positions[p]], move=move))
    return out


def test_policies_20_a_step_away_from_a_deal_is_rebuilt_and_waits_for_its_end() -> None:
    night = started(1, "ann", "bob", "cy", seats=3)
    night.do(c.StartDeal(table=1))
    table = night.room.table(1)
    name = table.players[table.positions[0]]
    night.do(c.StepAway(player=name, took=5))
    again = _rebuilt(night)
    assert again.state() == night.room.state()
    assert again.state().going == ((1, ((name, 5),)),)
    # Both play the deal out alike; he is away from its end with what he took.
    out = _play_out_in_both(night, again, 1)
    went = event_of(out, rev.WentAway)
    assert (went.player, went.took) == (name, 5)
    assert again.state() == night.room.state()
    assert again.state().going == ()


def test_seating_13_a_seat_change_waiting_for_the_deals_end_is_rebuilt() -> None:
    night = started(1, "ann", "bob", "cy", seats=4)
    night.do(c.SignUp(player="dee", kind=NL))  # called to seat 4
    night.do(c.ChangeSeat(player="ann", seat=4))
    night.do(c.StartDeal(table=1))
    night.do(c.NoAnswer(player="dee"))  # the floor gives ann seat 4 during the deal
    again = _rebuilt(night)
    assert again.state() == night.room.state()
    assert again.state().reseat == (1,)
    assert again.table(1).players[1] == "ann"
    _play_out_in_both(night, again, 1)
    assert again.table(1).players[4] == night.room.table(1).players[4] == "ann"
    assert again.state() == night.room.state()
    assert again.log == night.room.log


def test_seating_12_at_stud_a_must_move_player_plays_one_more_deal() -> None:
    night = started(1, "a", "b", "c", seats=3, kind=STUD)
    night.do(c.OpenGame(table=2, kind=STUD, seats=4, main=1))
    night.seat(2, "d", "e", "f", kind=STUD)
    night.do(c.StartGame(table=2))
    night.play(2)
    night.do(c.Leave(player="a"))
    move = night.room.room.move_of("d")
    assert move is not None
    assert move[2] is Due.NEXT_DEAL
    out = night.play(2)  # his one more deal
    assert event_of(out, tev.DealStarted).dealt_in.count(1) == 1
    assert night.room.room.seat_of("d") == (1, 1)
    assert night.room.table(1).players[1] == "d"


def test_policies_20_a_player_away_before_the_game_deals_sits_out_at_its_table() -> None:
    night = Night()
    night.do(c.OpenGame(table=1, kind=NL, seats=6))
    night.seat(1, "ann", "bob", "cy")
    night.do(c.StepAway(player="cy"))
    night.do(c.StartGame(table=1))
    assert night.room.table(1).is_away(3)
    out = night.play(1)
    assert 3 not in event_of(out, tev.DealStarted).dealt_in


def test_policies_20_stepping_away_from_a_deal_counts_from_its_end() -> None:
    night = started(1, "ann", "bob", "cy", seats=3)
    night.do(c.SignUp(player="dee", kind=NL))
    night.do(c.StartDeal(table=1))
    table = night.room.table(1)
    name = table.players[table.positions[0]]
    night.do(c.StepAway(player=name))
    assert not night.room.room.is_away(name)  # he plays the deal out
    night.clock.advance(minutes=20)
    while table.in_deal:
        deal = table.deal
        assert deal is not None
        p = deal.legal().position
        assert p is not None
        move = c.Move.CHECK if deal.legal().check else c.Move.FOLD
        out = night.do(c.Act(player=table.players[table.positions[p]], move=move))
    assert "WentAway" in names(out)
    assert night.room.room.is_away(name)
    # Thirty minutes from the deal's end, not from when he said so.
    assert "ChipsPickedUp" not in names(night.wait(30))
    assert "ChipsPickedUp" in names(night.wait(1))


def test_seating_13_a_seat_change_made_during_a_deal_is_carried_out_at_its_end() -> None:
    night = started(1, "ann", "bob", "cy", seats=4)
    night.do(c.SignUp(player="dee", kind=NL))  # called to seat 4
    night.do(c.ChangeSeat(player="ann", seat=4))
    night.do(c.StartDeal(table=1))
    table = night.room.table(1)
    out = night.do(c.NoAnswer(player="dee"))
    # The floor gives ann seat 4 at once; the table moves her when the deal ends.
    assert "PlayerMoved" in names(out)
    assert night.room.room.seat_of("ann") == (1, 4)
    assert table.players[1] == "ann"
    while table.in_deal:
        deal = table.deal
        assert deal is not None
        p = deal.legal().position
        assert p is not None
        move = c.Move.CHECK if deal.legal().check else c.Move.FOLD
        out = night.do(c.Act(player=table.players[table.positions[p]], move=move))
    assert names(out)[-1] == "SeatChanged"
    assert table.players == night.room.room.seated(1) == {2: "bob", 3: "cy", 4: "ann"}


def test_decisions_6_a_pot_ruling_moves_chips_by_the_betting_record() -> None:
    night = started(1, "ann", "bob", "cy")
    night.play(1)
    table = night.room.table(1)
    winner = next(s for s in table.stacks if table.won(s))
    other = next(s for s in table.stacks if s != winner)
    before, balance = dict(table.stacks), night.room.chips_in_play()
    night.do(c.Transfer(table=1, player=table.players[winner], to=table.players[other], amount=1))
    assert table.stacks[winner] == before[winner] - 1
    assert table.stacks[other] == before[other] + 1
    assert night.room.chips_in_play() == balance
    # More than the record shows he won cannot move, and nothing changes.
    error = refused(
        night.room,
        c.Transfer(
            table=1,
            player=table.players[winner],
            to=table.players[other],
            amount=table.won(winner) + 1,
        ),
        FloorError,
    )
    assert "decisions.6" in [x.id for x in error.citations]


def test_blinds_5_a_new_player_at_a_live_table_posts_or_waits_by_his_choice() -> None:
    night = started(1, "ann", "bob", "cy")
    night.play(1)
    night.do(c.SignUp(player="dee", kind=NL), c.TakeSeat(player="dee", table=1, post=False))
    table = night.room.table(1)
    assert table.is_new(4)
    out = night.do(c.Choose(player="dee", post=True))
    assert [x.id for x in event_of(out, tev.ChoiceMade).citations] == ["blinds.5"]
    out = night.play(1)
    assert 4 in event_of(out, tev.DealStarted).dealt_in


def test_seating_15_a_misdeal_dealt_again_does_not_pass_the_held_seat() -> None:
    night = _two_games()
    night.do(c.StepAway(player="f"))
    night.do(c.BreakGame(table=2))
    lock = night.room.room.lock_of("f")
    assert lock is not None
    out = night.do(c.StartDeal(table=1))
    first = event_of(out, tev.DealStarted)
    night.do(c.Report(table=1, report=DealingError(cause=MisdealCause.FIRST_CARDS_EXPOSED)))
    assert not night.room.table(1).in_deal
    again = event_of(night.do(c.StartDeal(table=1)), tev.DealStarted)
    assert again.big_blind == first.big_blind  # the same deal, dealt again
    assert night.room.room.lock_of("f") == lock


def test_an_act_is_the_deals_action_at_the_players_position() -> None:
    cards = (Card.parse("As"), Card.parse("Kd"))
    got = {move: action_of(c.Act(player="ann", move=move, to=8, cards=cards), 3) for move in c.Move}
    assert {move: type(action).__name__ for move, action in got.items()} == {
        c.Move.FOLD: "Fold",
        c.Move.CHECK: "Check",
        c.Move.CALL: "Call",
        c.Move.WAGER: "Wager",
        c.Move.BRING_IN: "BringIn",
        c.Move.DRAW: "Draw",
        c.Move.SHOW: "Show",
        c.Move.MUCK: "Muck",
        c.Move.CHOP: "Chop",
    }
    assert {action.position for action in got.values()} == {3}
    assert got[c.Move.WAGER] == Wager(position=Position(3), to=8)
    assert got[c.Move.DRAW] == Draw(position=Position(3), discards=cards)
    assert got[c.Move.SHOW] == Show(position=Position(3), cards=cards)
    with pytest.raises(IllegalAction) as caught:
        action_of(c.Act(player="ann", move="raise"), 0)  # type: ignore[arg-type]
    assert "fold" in str(caught.value), "the error names the moves there are"


@pytest.mark.parametrize("others", [("bob", "dee"), ()])
def test_blinds_9_a_player_back_owing_blinds_who_does_not_post_is_dealt_in_at_the_big_blind(
    others: tuple[str, ...],
) -> None:
    # Back owing blinds, he posts them or waits for the big blind (RRP5
    # blinds.9); one who has not posted waits, and the deal starts without him.
    night = started(1, "ann", "bob", "cy", "dee")
    night.play(1)
    night.do(c.StepAway(player="cy"))
    table = night.room.table(1)
    seat = night.room.room.seat_of("cy")
    assert seat is not None
    while len(table.owes(seat[1])) < 2:
        night.play(1, folds=True)
    for name in {"bob", "dee"} - set(others):
        night.do(c.StepAway(player=name))
    night.do(c.ComeBack(player="cy", post=False))
    assert table.owes(seat[1]) == ("small", "big")
    dealt: list[tev.DealStarted] = []
    while not dealt or seat[1] not in dealt[-1].dealt_in:
        assert len(dealt) < 6, "the big blind came round to him"
        dealt.append(event_of(night.play(1, folds=True), tev.DealStarted))
    if others:
        # Not dealt in until the big blind reaches him, owing all the while.
        assert len(dealt) > 1
        assert dealt[-1].big_blind == seat[1]
        posted = [(p.amount, p.blind) for p in dealt[-1].posts if p.seat == seat[1]]
        assert posted == [(2, "big blind")]
    else:
        # With one other player left in the game, those there start a new one
        # (RRP5 blinds.12.1): he is dealt in at once, owing nothing.
        assert len(dealt) == 1
    assert table.owes(seat[1]) == ()
