"""Blinds placed by a table: several big blinds, dead parts, straddles, exact heads-up order."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from floorman.deal import (
    Call,
    Check,
    Chop,
    Deal,
    Fold,
    Kill,
    Stakes,
    Wager,
    inputs,
    rebuild,
    rulings,
)
from floorman.deal import events as ev
from floorman.errors import ConfigError, IllegalAction
from floorman.games import HOLDEM, Structure
from floorman.rulebook import cite
from floorman.shuffle import SeededShuffler

NL = Structure.NO_LIMIT


def deal(stakes: Stakes, stacks=(100, 100, 100, 100, 100)) -> Deal:
    return Deal(HOLDEM, structure=NL, stakes=stakes, stacks=stacks, shuffler=SeededShuffler(2))


def test_blinds_9_made_up_blinds_live_part_plays_and_dead_part_goes_to_the_middle() -> None:
    # Positions: 0 small blind, 1 big blind, 3 makes up a big blind live and a small blind dead.
    d = deal(Stakes(blinds=(1, 2, 0, 2), dead_blinds=(0, 0, 0, 1), big_blind=1, min_bet=2))
    posted = [e for e in d.events if isinstance(e, ev.BlindPosted)]
    assert [(e.position, e.amount, e.dead) for e in posted] == [(0, 1, 0), (1, 2, 0), (3, 2, 1)]
    assert d.pot == 6
    # Action starts left of the big blind, not left of the last big blind posted.
    assert d.legal().position == 2
    d.apply(Call(position=2))
    legal = d.legal()
    # The player who made up the blinds has a live big blind: a check, or a raise.
    assert legal.position == 3
    assert legal.check
    assert legal.min_to == 4


def test_blinds_9_short_stack_posts_live_first() -> None:
    d = deal(
        Stakes(blinds=(1, 2, 0, 2), dead_blinds=(0, 0, 0, 1), big_blind=1, min_bet=2),
        stacks=(100, 100, 100, 2, 100),
    )
    posted = {e.position: (e.amount, e.dead) for e in d.events if isinstance(e, ev.BlindPosted)}
    assert posted[3] == (2, 0)


def test_blinds_4_a_table_places_heads_up_blinds_as_listed() -> None:
    # Dead button heads-up: position 0 small blind, position 1 big blind, exactly.
    d = deal(Stakes(blinds=(1, 2), big_blind=1, min_bet=2), stacks=(50, 50))
    posted = [(e.position, e.amount) for e in d.events if isinstance(e, ev.BlindPosted)]
    assert posted == [(0, 1), (1, 2)]
    assert d.legal().position == 0


def test_blinds_15_live_straddle_is_a_raise_and_acts_last() -> None:
    d = deal(Stakes(blinds=(1, 2, 4), big_blind=2, min_bet=2))
    legal = d.legal()
    assert legal.position == 3
    assert (legal.call, legal.min_to) == (4, 8)
    for p in (3, 4, 0, 1):
        d.apply(Fold(position=p) if p != 4 else Call(position=p))
    # The straddler has the option, like the big blind.
    legal = d.legal()
    assert legal.position == 2
    assert legal.check
    d.apply(Wager(position=2, to=12))
    assert d.legal().position == 4
    d.apply(Call(position=4))
    assert d.legal().position == 2  # the flop: first live player left of the button
    d.apply(Check(position=2))


def test_policies_15_the_blinds_may_chop_when_everyone_else_folds() -> None:
    d = deal(Stakes(blinds=(1, 2)))
    assert not d.can_chop
    for p in (2, 3, 4):
        d.apply(Fold(position=p))
    assert d.can_chop
    events = d.apply(Chop(position=0))
    assert d.is_over
    assert d.stacks == (100, 100, 100, 100, 100)
    assert [c.id for c in events[-1].citations] == ["policies.15"]
    again = rebuild(d.events, like=d)
    assert again.stacks == d.stacks


def test_policies_15_no_chop_after_a_raise_or_with_antes() -> None:
    d = deal(Stakes(blinds=(1, 2)))
    d.apply(Wager(position=2, to=6))
    for p in (3, 4):
        d.apply(Fold(position=p))
    with pytest.raises(IllegalAction) as refused:
        d.apply(Chop(position=0))
    assert "policies.15" in str(refused.value)
    d = deal(Stakes(blinds=(1, 2), antes=(1, 1, 1, 1, 1)))
    for p in (2, 3, 4):
        d.apply(Fold(position=p))
    assert not d.can_chop


def test_policies_15_the_chop_is_an_event_of_its_own_and_replays_by_type() -> None:
    d = deal(Stakes(blinds=(1, 2)))
    for p in (2, 3, 4):
        d.apply(Fold(position=p))
    events = d.apply(Chop(position=0))
    assert [type(e) for e in events] == [
        ev.BlindsChopped,
        ev.BetReturned,
        ev.BetReturned,
        ev.DealEnded,
    ]
    assert events[0] == ev.BlindsChopped(position=0, citations=cite("policies.15"))
    assert [(e.position, e.amount) for e in events[1:3]] == [(0, 1), (1, 2)]
    # The inputs are known by the events' types: their citations play no part.
    bare = [dataclasses.replace(e, citations=()) for e in d.events]
    assert list(inputs(bare)) == list(inputs(d.events))
    assert list(inputs(bare))[-1] == Chop(position=0)


def test_policies_15_a_bet_returned_citing_the_chop_is_no_chop() -> None:
    d = deal(Stakes(blinds=(1, 2)))
    d.apply(Wager(position=2, to=6))
    for p in (3, 4, 0, 1):
        d.apply(Fold(position=p))
    returned = [e for e in d.events if isinstance(e, ev.BetReturned)]
    assert [(e.position, e.amount) for e in returned] == [(2, 4)]
    forged = [
        dataclasses.replace(e, citations=cite("policies.15"))
        if isinstance(e, ev.BetReturned | ev.DealEnded)
        else e
        for e in d.events
    ]
    assert not any(isinstance(a, Chop) for a in inputs(forged))


def test_policies_15_no_chop_once_a_blind_has_acted() -> None:
    # The small blind completes and the big blind raises: the small blind is
    # to act with only the blinds in, but the pot is no longer just the blinds.
    d = deal(Stakes(blinds=(1, 2)))
    for p in (2, 3, 4):
        d.apply(Fold(position=p))
    d.apply(Call(position=0))
    d.apply(Wager(position=1, to=6))
    assert d.legal().position == 0
    assert not d.can_chop
    with pytest.raises(IllegalAction) as refused:
        d.apply(Chop(position=0))
    assert refused.value.code == "chop_not_allowed"


def run_twice() -> Deal:
    return Deal(
        HOLDEM,
        structure=NL,
        stakes=Stakes(blinds=(1, 2)),
        stacks=(100, 100, 100),
        shuffler=SeededShuffler(5),
        runs=2,
    )


def test_policies_16_the_rest_of_the_board_dealt_twice_when_all_are_all_in() -> None:
    d = run_twice()
    d.apply(Wager(position=2, to=100))
    d.apply(Call(position=0))
    d.apply(Fold(position=1))
    assert d.is_over
    first, second = d.boards
    assert len(first) == len(second) == 5
    assert len(set(first) | set(second)) == 10  # every card a different one
    awards = [e for e in d.events if isinstance(e, ev.PotAwarded)]
    assert sorted(e.run for e in awards) == [0, 1]
    assert sum(a for e in awards for _, a in e.amounts) == 202
    assert all("policies.16" in [c.id for c in e.citations] for e in awards)
    assert sum(d.stacks) == 300
    again = rebuild(d.events, like=d)
    assert again.stacks == d.stacks
    assert again.boards == d.boards


def test_policies_16_running_twice_only_at_big_bet_poker() -> None:
    with pytest.raises(ConfigError) as refused:
        Deal(
            HOLDEM,
            structure=Structure.FIXED_LIMIT,
            stakes=Stakes(blinds=(1, 2), small_bet=2, big_bet=4),
            stacks=(100, 100),
            runs=2,
        )
    assert "policies.16" in str(refused.value)


def test_policies_16_without_an_all_in_the_board_is_dealt_once() -> None:
    d = run_twice()
    while not d.is_over:
        legal = d.legal()
        d.apply(Call(position=legal.position) if legal.call else Check(position=legal.position))
    assert len(d.boards) == 1


def test_policies_16_a_blind_all_in_runs_only_once_the_betting_closes() -> None:
    d = Deal(
        HOLDEM,
        structure=NL,
        stakes=Stakes(blinds=(1, 2)),
        stacks=(100, 2),
        shuffler=SeededShuffler(5),
        runs=2,
    )
    assert not any(isinstance(e, ev.RunsStarted) for e in d.events)
    d.apply(Fold(position=d.legal().position))
    assert d.is_over
    assert len(d.boards) == 1
    assert [e.run for e in d.events if isinstance(e, ev.PotAwarded)] == [0]


def test_rulings_change_a_deal_only_through_the_deal() -> None:
    """A ruling is checked and turned into events by ``floorman.deal.rulings``,
    which reads the deal's public views only; the deal records the events."""
    # The source, whether the module runs from it or compiled (floorman._compiled).
    source = Path(rulings.__file__).with_name("rulings.py").read_text()
    private = [
        (node.lineno, node.attr)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Attribute)
        and node.attr.startswith("_")
        and isinstance(node.value, ast.Name)
        and node.value.id == "deal"
    ]
    assert private == []
    d = deal(Stakes(blinds=(1, 2)))
    before = (len(d.events), d.stacks, d.legal())
    killed = rulings.kill(d, d.legal(), 3, cite("dead-hands.1.1"))
    assert killed == [ev.HandKilled(position=3, citations=cite("dead-hands.1.1"))]
    assert (len(d.events), d.stacks, d.legal()) == before
    d.apply(Kill(position=3, citations=cite("dead-hands.1.1")))
    assert d.folded(3)
    assert d.legal().position == 2
