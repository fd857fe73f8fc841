"""The table's log is the table: every change an event, rebuilt the same.

Random nights at a table drive every operation it offers (players sitting,
playing over, buying with chips on the way, sitting out and being picked up,
changing seats, straddling, declining the time, the waiting list, rulings on
the pot, misdeals, hands killed, money carried to the next deal) and check
after every step, and during deals, that ``Table.rebuild(setup, table.log)``
has the same log and the same ``state()``, through JSON lines too, and that a
refused operation and reading the table change nothing.
"""

from __future__ import annotations

import copy
import functools
import random
import typing

import pytest

from floorman import codec
from floorman.clock import ManualClock
from floorman.deal import Call, Check, Draw, Fold, Show, Turn, Wager
from floorman.deal import events as dev
from floorman.errors import FloormanError, NotationError
from floorman.floor import (
    DeadHandCause,
    DealingError,
    DuplicateCard,
    HandInQuestion,
    MisdealCause,
    decide_at_table,
    rule_at_table,
)
from floorman.games import HOLDEM, LOWBALL, Structure
from floorman.shuffle import SeededShuffler
from floorman.table import ButtonMethod, Table, TableSetup
from floorman.table import events as tev

from .conftest import sample_size
from .table_helpers import make, play

NL = Structure.NO_LIMIT
FL = Structure.FIXED_LIMIT


def check_log(table: Table, *, json: bool = False) -> Table:
    """The table rebuilt from its log is the table; reading changes nothing."""
    logged, state = len(table.log), table.state()
    for _ in range(2):
        _ = (table.stacks, table.carried, table.in_deal, table.chips, table.players)
    assert len(table.log) == logged
    assert table.state() == state
    log = codec.loads_log(codec.dumps_log(table.log)) if json else tuple(table.log)
    rebuilt = Table.rebuild(table.setup, typing.cast(list[tev.TableEvent | dev.Event], log))
    assert rebuilt.log == table.log
    again = rebuilt.state()
    differ = [n for n in state.__dataclass_fields__ if getattr(state, n) != getattr(again, n)]
    assert not differ, differ
    return rebuilt


def act(table: Table, rng: random.Random) -> None:
    """One random legal step of the deal under way."""
    deal = table.deal
    assert deal is not None
    legal = deal.legal()
    p = legal.position
    assert p is not None, legal
    if legal.turn is Turn.DRAW:
        table.apply(Draw(position=p, discards=tuple(c for c in deal.hole(p) if rng.random() < 0.4)))
    elif legal.turn is Turn.SHOW:
        table.apply(Show(position=p))
    elif legal.can_wager and rng.random() < 0.25:
        table.apply(Wager(position=p, to=rng.choice((legal.min_to, legal.max_to))))
    elif legal.call and rng.random() < 0.6:
        table.apply(Call(position=p))
    elif legal.check:
        table.apply(Check(position=p))
    else:
        table.apply(Fold(position=p))


class Night:
    """A random night at one table."""

    def __init__(self, seed: int) -> None:
        self.rng = rng = random.Random(seed)
        game, structure = rng.choice(((HOLDEM, NL), (HOLDEM, NL), (HOLDEM, FL), (LOWBALL, FL)))
        seats = rng.randint(3, 8)
        limit = {"small_bet": 2, "big_bet": 4} if structure is FL else {}
        self.clock = ManualClock()
        self.table = Table(
            TableSetup(
                game=game,
                structure=structure,
                blinds=(1, 2),
                seats=seats,
                button=rng.choice((ButtonMethod.MOVING, ButtonMethod.DEAD)),
                time_charge=rng.choice((0, 0, 3)),
                time_every=600.0,
                **limit,  # type: ignore[arg-type]
            ),
            shuffler=SeededShuffler(seed),
            clock=self.clock,
            button=rng.choice((None, 1)),
        )
        self.names = 0
        for seat in rng.sample(range(1, seats + 1), rng.randint(2, seats)):
            self.sit(seat)

    def sit(self, seat: int) -> None:
        self.names += 1
        full = self.table.setup.min_buy_in
        self.table.sit(seat, f"p{self.names}", self.rng.randint(full, 2 * full))

    def between(self) -> None:
        """One random operation between deals; refused, it changes nothing."""
        table, rng = self.table, self.rng
        seated = sorted(table.players)
        empty = [s for s in range(1, table.setup.seats + 1) if s not in table.players]
        seat = rng.choice(seated) if seated else 1
        full = table.setup.min_buy_in
        steps: list[typing.Callable[[], object]] = [
            lambda: self.sit(rng.choice(empty)) if empty else None,
            lambda: table.leave(seat),
            lambda: table.sit_out(seat, minutes=rng.choice((None, 45))),
            lambda: table.come_back(seat, post=rng.random() < 0.5),
            lambda: table.choose(seat, post=rng.random() < 0.5),
            lambda: table.buy(
                seat, rng.randint(1, full), arrived=rng.random() < 0.5, announced=rng.random() < 0.5
            ),
            lambda: table.arrive(seat),
            lambda: table.change_seat(seat, rng.choice(empty)) if empty else None,
            lambda: table.straddle(seat),
            lambda: table.play_over(seat, f"over{self.names}", full),
            lambda: table.pick_up(seat),
            lambda: table.decline_time(seat),
            lambda: table.count_waiting(rng.randint(0, 3)),
            lambda: table.correct_button(rng.randint(1, table.setup.seats)),
            lambda: table.post_next_deal(seat),
            lambda: self.clock.advance(seconds=rng.choice((60.0, 700.0, 2000.0))),
        ]
        if table.ruling_window and len(seated) > 1:
            to = rng.choice(seated)
            steps += [
                lambda: table.transfer(seat, to, rng.randint(1, 5)),
                lambda: table.impound(seat, rng.randint(1, 5)),
            ]
        if table.impounded:
            steps.append(lambda: table.release(seat))
        self.attempt(rng.choice(steps))

    def attempt(self, step: typing.Callable[[], object]) -> None:
        table = self.table
        logged, state = len(table.log), table.state()
        try:
            step()
        except FloormanError:
            assert len(table.log) == logged
            assert table.state() == state

    def deal(self) -> None:
        table, rng = self.table, self.rng
        logged, state = len(table.log), table.state()
        try:
            deal = table.start_deal()
        except FloormanError:
            assert len(table.log) == logged
            assert table.state() == state
            return
        ruling = rng.random()
        while table.in_deal:
            if rng.random() < 0.15:
                check_log(table)
            if ruling < 0.1 and deal.legal().turn is Turn.BET:
                ruling = 1.0
                rule_at_table(table, DealingError(cause=MisdealCause.FIRST_CARDS_EXPOSED))
                continue
            if ruling < 0.2 and deal.legal().turn is Turn.BET and deal.pot > 3:
                ruling = 1.0
                report = DuplicateCard(knew=deal.legal().position)
                rule_at_table(table, report)
                decide_at_table(table, report, "keep")
                continue
            if ruling < 0.3 and deal.legal().turn is Turn.BET:
                ruling = 1.0
                p = deal.legal().position
                assert p is not None
                report = HandInQuestion(position=p, cause=DeadHandCause.THROWN_FORWARD)
                self.attempt(functools.partial(rule_at_table, table, report))
                continue
            if rng.random() < 0.05:
                self.between()
                continue
            act(table, rng)
        assert isinstance(table.events[-1], tev.DealFinished | tev.PlayerLeft)


@pytest.mark.parametrize("seed", range(sample_size(40, 400)))
def test_a_random_night_rebuilds_from_its_log_after_every_step(seed: int) -> None:
    night = Night(seed)
    table = night.table
    for step in range(60):
        if night.rng.random() < 0.5:
            night.deal()
        else:
            night.between()
        check_log(table, json=step % 10 == 0)
        assert table.chips == table.bought - table.taken


def test_reading_stacks_after_a_deal_ends_appends_nothing() -> None:
    table = make(players=(1, 2, 3))
    deal = table.start_deal()
    while not deal.is_over:
        table.apply(Fold(position=deal.legal().position))
    # The deal's end is recorded as it ends, not when the table is read.
    assert isinstance(table.log[-1], tev.DealFinished)
    logged = len(table.log)
    assert sum(table.stacks.values()) == 300
    assert not table.in_deal
    assert table.carried == 0
    assert len(table.log) == logged


def test_the_log_interleaves_the_deals_events_between_its_start_and_end() -> None:
    table = make(players=(1, 2, 3))
    play(table)
    table.buy(1, 10)
    play(table)
    assert isinstance(table.log[0], tev.TableOpened)
    assert [e for e in table.log if type(e) in TABLE_TYPES] == table.events
    starts = [i for i, e in enumerate(table.log) if isinstance(e, tev.DealStarted)]
    ends = [i for i, e in enumerate(table.log) if isinstance(e, tev.DealFinished)]
    for number, (start, end) in enumerate(zip(starts, ends, strict=True)):
        inside = [e for e in table.log[start + 1 : end] if type(e) not in TABLE_TYPES]
        assert inside == table.deals[number].events


TABLE_TYPES = frozenset(typing.get_args(tev.TableEvent))


def test_a_table_rebuilt_during_a_deal_deals_on_as_the_live_one() -> None:
    # Eight at lowball: the stub runs short and is reshuffled (recorded) on
    # some draws, and the rebuilt deal deals on from the deck it recorded.
    reshuffled = 0
    for seed in range(16):
        live = make(players=tuple(range(1, 9)), seats=8, seed=seed, game=LOWBALL, structure=FL)
        play(live)
        rng = random.Random(seed)
        live.start_deal()
        for _ in range(rng.randint(0, 12)):
            if live.in_deal:
                act(live, rng)
        clock = typing.cast(ManualClock, live.clock)
        # What is shuffled from now on comes from the shuffler given, here one
        # in the live one's state; what was shuffled before, from the log.
        shuffler = copy.deepcopy(live.shuffler)
        rebuilt = Table.rebuild(live.setup, live.log, shuffler=shuffler, clock=clock)
        again = random.Random(seed + 1000)
        same = random.Random(seed + 1000)
        while live.in_deal:
            act(live, again)
            act(rebuilt, same)
        assert rebuilt.log == live.log
        assert rebuilt.state() == live.state()
        reshuffled += any(isinstance(e, dev.StubReshuffled) for e in live.log)
    assert reshuffled


def test_past_deals_are_made_again_only_when_asked_for() -> None:
    table = make(players=(1, 2, 3, 4))
    for _ in range(5):
        play(table, call=True)
    rebuilt = Table.rebuild(table.setup, table.log)
    assert all(slot.deal is None for slot in rebuilt.deals.slots)
    assert rebuilt.deals[2].events == table.deals[2].events
    assert rebuilt.deals[2].stacks == table.deals[2].stacks
    assert [slot.deal is not None for slot in rebuilt.deals.slots] == [
        False,
        False,
        True,
        False,
        False,
    ]
    # A ruling on the last deal's pot reads it from the record (RRP5 decisions.6).
    assert [rebuilt.won(s) for s in rebuilt.positions] == [table.won(s) for s in table.positions]


def test_blinds_12_1_a_deal_that_cannot_start_records_no_draw_for_the_button() -> None:
    table = make(players=(1,), button=None)
    logged = list(table.log)
    with pytest.raises(FloormanError):
        table.start_deal()
    assert table.log == logged
    assert table.button is None


def test_a_log_not_opening_the_table_is_refused() -> None:
    table = make(players=(1, 2))
    play(table)
    with pytest.raises(NotationError, match="opens with TableOpened"):
        Table.rebuild(table.setup, table.log[1:])
    with pytest.raises(NotationError, match="opens with TableOpened; this one is empty"):
        Table.rebuild(table.setup, [])
    outside = [e for e in table.log if isinstance(e, dev.Folded)][:1]
    with pytest.raises(NotationError, match="no deal under way"):
        Table.rebuild(table.setup, [table.log[0], *table.log[1:3], *outside])


def test_policies_23_the_deck_is_logged_only_for_a_deal_the_table_shuffled() -> None:
    table = make(players=(1, 2))
    table.start_deal(shuffled=False)
    assert not any(isinstance(e, tev.DeckShuffled) for e in table.log)
    started = table.last_start
    assert started is not None
    assert not started.shuffled
    check_log(table)


def test_a_deal_acted_on_directly_is_taken_when_the_table_next_acts() -> None:
    table = make(players=(1, 2, 3))
    deal = table.start_deal()
    while not deal.is_over:
        deal.apply(Fold(position=deal.legal().position))  # not through the table
    logged = len(table.log)
    assert table.in_deal  # reading does not take the deal's end
    assert len(table.log) == logged
    table.start_deal()  # acting does, before anything else
    finished = [e for e in table.log if isinstance(e, tev.DealFinished)]
    assert [e.number for e in finished] == [1]
    check_log(table)


def test_policies_2_declining_the_time_and_the_courtesy_deal_are_events() -> None:
    # Stud: one courtesy deal after declining the time, with nobody waiting.
    from floorman.games import SEVEN_CARD_STUD

    table = Table(
        TableSetup(
            game=SEVEN_CARD_STUD,
            structure=FL,
            ante=1,
            bring_in=1,
            small_bet=2,
            big_bet=4,
            time_charge=5,
            time_every=600.0,
        ),
        clock=ManualClock(),
    )
    for seat in (1, 2, 3):
        table.sit(seat, f"p{seat}", 100)
    clock = typing.cast(ManualClock, table.clock)
    clock.advance(minutes=10)
    declined = table.decline_time(2)
    assert declined == tev.TimeDeclined(seat=2, citations=declined.citations)
    assert [c.id for c in declined.citations] == ["policies.2"]
    play(table)
    waived = [e for e in table.events if isinstance(e, tev.TimeWaived)]
    assert [(e.seat, e.courtesy) for e in waived] == [(2, True)]
    paid = [e.seat for e in table.events if isinstance(e, tev.TimeCollected)]
    assert paid == [1, 3]
    check_log(table)
    clock.advance(minutes=1)
    play(table)  # the courtesy used, the time is collected from seat 2 too
    assert [e.seat for e in table.events if isinstance(e, tev.TimeCollected)] == [1, 3, 2]
    check_log(table)


def test_blinds_12_1_a_new_start_is_recorded_before_the_draw_and_rebuilt() -> None:
    table = make(players=(1, 2, 3), seats=9)
    while table.first_round:
        play(table)
    table.leave(1)
    table.leave(2)
    table.sit(5, "new", 100)
    table.sit(7, "newer", 100)
    since = len(table.log)
    play(table)
    kinds = [type(e) for e in table.log[since:] if type(e) in TABLE_TYPES]
    assert kinds[:3] == [tev.GameRestarted, tev.ButtonDrawn, tev.GameStarted]
    restarted = table.log[since]
    assert isinstance(restarted, tev.GameRestarted)
    assert restarted.seats == (3, 5, 7)
    check_log(table)


def test_misdeals_1_a_table_rebuilt_after_a_misdeal_deals_again_with_the_same_button() -> None:
    table = make(players=(1, 2, 3, 4, 5), seats=9)
    while table.first_round:
        play(table)
    table.sit(7, "new", 100, post=True)
    table.start_deal()
    first = table.last_start
    rule_at_table(table, DealingError(cause=MisdealCause.FIRST_CARDS_EXPOSED))
    rebuilt = check_log(table)
    again, live = play(rebuilt), play(table)
    assert first is not None
    assert (again.button, again.posts) == (live.button, live.posts) == (first.button, first.posts)
