"""The PokerStars writer: the layout by example, and two checks of whole deals.

The examples pin each part of the layout: posts (a dead small blind made up
with the big blind), limit betting, stud's bring-in and completion, a draw
game's discards, a split pot, side pots and all-ins, and high-low halves;
and a board run twice or three times (RRP5 policies.16) as PokerStars writes
it, all in before the flop, on the flop, and with a side pot.

Two independent checks read the text back. PokerKit 0.7.7's own PokerStars
parser (:class:`pokerkit.notation.PokerStarsParser`, which reads no-limit
hold'em only, without antes or dead blinds) must recover from random deals the
same starting stacks, blinds, hole cards, board, actions and finishing stacks.
And random deals of every form must keep their books in the text alone: the
seats' stacks, every chip posted, called, bet and raised, less what came
back, adds up to what was collected, which is the total pot, and leaves each
player the stack the deal ended with.
"""

from __future__ import annotations

import datetime
import random
import re
import warnings
from collections import Counter
from decimal import Decimal
from typing import Any

import pytest
from pokerkit.notation import PokerStarsParser

from floorman.cards import parse_cards
from floorman.deal import (
    Action,
    BringIn,
    Call,
    Check,
    Deal,
    DealBoard,
    DealHole,
    Draw,
    Fold,
    Legal,
    Muck,
    Show,
    Stakes,
    Turn,
    Wager,
    actions,
)
from floorman.deal import events as ev
from floorman.errors import ConfigError
from floorman.evaluation import evaluate_high, evaluate_omaha
from floorman.formats import pokerstars
from floorman.formats.pokerstars import GAME_NAMES, StarsHeader, write_pokerstars
from floorman.games import (
    GAMES,
    HOLDEM,
    OMAHA_EIGHT,
    SEVEN_CARD_STUD,
    TRIPLE_DRAW_27,
    Game,
    Reading,
    Structure,
)
from floorman.shuffle import SeededShuffler

from .conftest import sample_size
from .deal_helpers import covered
from .dealing import Scripted

NL, PL, FL = Structure.NO_LIMIT, Structure.POT_LIMIT, Structure.FIXED_LIMIT
NAMES = ("ann", "bob", "cy", "dee", "eve", "fay", "gus", "hal", "ivy")
STARTED = datetime.datetime(2026, 11, 30, 6, 15)


def header(n: int, **options: Any) -> StarsHeader:
    """Positions in seats 1..n of a nine-seat table, the button in the last."""
    return StarsHeader(
        hand_id=42,
        table="Floorman",
        max_seats=9,
        seats=tuple(range(1, n + 1)),
        names=NAMES[:n],
        started=STARTED,
        **options,
    )


def check_down(s: Scripted) -> None:
    while not s.deal.is_over:
        legal = s.deal.legal()
        assert legal.position is not None
        s.act(Check(position=legal.position) if legal.check else Call(position=legal.position))


def lines(deal: Deal, **options: Any) -> list[str]:
    """The deal's history, line by line (written twice: it must not change)."""
    text = write_pokerstars(deal, header(deal.players, **options))
    assert text == write_pokerstars(deal, header(deal.players, **options))
    return text.splitlines()


# ----------------------------------------------------------------- examples


def test_a_dead_small_blind_is_posted_with_the_big_and_counted_in_the_pot() -> None:
    deal = Deal(
        HOLDEM,
        structure=NL,
        stakes=Stakes(blinds=(1, 2, 2), dead_blinds=(0, 0, 1), big_blind=1),
        stacks=(100, 100, 100, 100),
        shuffler=SeededShuffler(3),
    )
    for action in (Wager(position=2, to=8), Fold(position=3), Fold(position=0), Fold(position=1)):
        deal.apply(action)
    out = lines(deal)
    assert out[0] == "PokerStars Hand #42:  Hold'em No Limit ($1/$2 USD) - 2026/11/30 6:15:00 ET"
    assert out[1] == "Table 'Floorman' 9-max Seat #4 is the button"
    assert out[2:6] == [f"Seat {i + 1}: {NAMES[i]} ($100 in chips)" for i in range(4)]
    assert out[6:10] == [
        "ann: posts small blind $1",
        "bob: posts big blind $2",
        "cy: posts small & big blinds $3",
        "*** HOLE CARDS ***",
    ]
    assert out[14:] == [
        "cy: raises $6 to $8",
        "dee: folds",
        "ann: folds",
        "bob: folds",
        "Uncalled bet ($6) returned to cy",
        "cy collected $6 from pot",  # 1 + 2 + 2 live + 1 dead
        "cy: doesn't show hand",
        "*** SUMMARY ***",
        "Total pot $6 | Rake $0",
        "Seat 1: ann (small blind) folded before Flop",
        "Seat 2: bob (big blind) folded before Flop",
        "Seat 3: cy collected ($6)",
        "Seat 4: dee (button) folded before Flop (didn't bet)",
    ]
    check_books(deal, "\n".join(out), big_blind=2)


def test_limit_holdem() -> None:
    s = Scripted(
        HOLDEM,
        structure=FL,
        stakes=Stakes(blinds=(1, 2), small_bet=2, big_bet=4),
        stacks=(100, 100, 100),
        holes=["Ah Kh", "Qs Qd", "7c 2d"],
        board="Ad 9c 4s 3h 8d",
    )
    s.act(Wager(position=2, to=4), Call(position=0), Call(position=1))
    s.act(Wager(position=0, to=2), Wager(position=1, to=4), Fold(position=2), Call(position=0))
    s.act(Check(position=0), Check(position=1), Wager(position=0, to=4), Call(position=1))
    out = lines(s.deal)
    assert out[0].startswith("PokerStars Hand #42:  Hold'em Limit ($2/$4 USD) - ")
    assert out[8:] == [
        "Dealt to ann [Ah Kh]",
        "Dealt to bob [Qs Qd]",
        "Dealt to cy [7c 2d]",
        "cy: raises $2 to $4",
        "ann: calls $3",
        "bob: calls $2",
        "*** FLOP *** [Ad 9c 4s]",
        "ann: bets $2",
        "bob: raises $2 to $4",
        "cy: folds",
        "ann: calls $2",
        "*** TURN *** [Ad 9c 4s] [3h]",
        "ann: checks",
        "bob: checks",
        "*** RIVER *** [Ad 9c 4s 3h] [8d]",
        "ann: bets $4",
        "bob: calls $4",
        "*** SHOW DOWN ***",
        "ann: shows [Ah Kh] (a pair of Aces)",
        "bob: shows [Qs Qd] (a pair of Queens)",
        "ann collected $28 from pot",
        "*** SUMMARY ***",
        "Total pot $28 | Rake $0",
        "Board [Ad 9c 4s 3h 8d]",
        "Seat 1: ann (small blind) showed [Ah Kh] and won ($28) with a pair of Aces",
        "Seat 2: bob (big blind) showed [Qs Qd] and lost with a pair of Queens",
        "Seat 3: cy (button) folded on the Flop",
    ]


def test_stud_antes_bring_in_and_completion() -> None:
    s = Scripted(
        SEVEN_CARD_STUD,
        structure=FL,
        stakes=Stakes(antes=(1, 1, 1), bring_in=2, small_bet=4, big_bet=8),
        stacks=(100, 100, 100),
        holes=["As Ks 2c 3d 4h 5s 6c", "Qh Qd 9h 7s 8s 9s Ts", "Jc Jd Kd 2d 3c 4c 5c"],
    )
    s.act(BringIn(position=0), Wager(position=1, to=4), Fold(position=2), Call(position=0))
    check_down(s)
    out = lines(s.deal)
    assert out[0].startswith("PokerStars Hand #42:  7 Card Stud Limit ($4/$8 USD) - ")
    assert out[1] == "Table 'Floorman' 9-max"  # stud has no button
    assert out[5:18] == [
        "ann: posts the ante $1",
        "bob: posts the ante $1",
        "cy: posts the ante $1",
        "*** 3rd STREET ***",
        "Dealt to ann [As Ks 2c]",
        "Dealt to bob [Qh Qd 9h]",
        "Dealt to cy [Jc Jd Kd]",
        "ann: brings in for $2",
        "bob: completes it to $4",
        "cy: folds",
        "ann: calls $2",
        "*** 4th STREET ***",
        "Dealt to ann [As Ks 2c] [3d]",
    ]
    for marker in ("*** 5th STREET ***", "*** 6th STREET ***", "*** RIVER ***"):
        assert marker in out
    assert "Dealt to bob [Qh Qd 9h 7s 8s 9s] [Ts]" in out
    assert "ann: shows [As Ks 2c 3d 4h 5s 6c] (a straight, Two to Six)" in out
    assert out[-4:] == [
        "Total pot $11 | Rake $0",
        "Seat 1: ann showed [As Ks 2c 3d 4h 5s 6c] and won ($11) with a straight, Two to Six",
        "Seat 2: bob showed [Qh Qd 9h 7s 8s 9s Ts] and lost with two pair, Queens and Nines",
        "Seat 3: cy folded on the 3rd Street (didn't bet)",
    ]


def test_triple_draw_discards_and_stands_pat() -> None:
    s = Scripted(
        TRIPLE_DRAW_27,
        structure=FL,
        stakes=Stakes(blinds=(1, 2), small_bet=2, big_bet=4),
        stacks=(100, 100, 100),
        holes=["7h 5d 4c 3s Kd 2h", "9s 8s 6c Qh Jd", "Tc Td Ts 9c 9d"],
    )
    s.act(Fold(position=2), Call(position=0), Check(position=1))
    s.act(Draw(position=0, discards=parse_cards("Kd")), Draw(position=1))
    for _ in range(2):
        s.act(Check(position=0), Check(position=1), Draw(position=0), Draw(position=1))
    s.act(Check(position=0), Check(position=1))
    assert s.deal.is_over
    out = lines(s.deal)
    assert out[0].startswith("PokerStars Hand #42:  Triple Draw 2-7 Lowball Limit ($2/$4 USD)")
    assert out[5:19] == [
        "ann: posts small blind $1",
        "bob: posts big blind $2",
        "*** DEALING HANDS ***",
        "Dealt to ann [7h 5d 4c 3s Kd]",
        "Dealt to bob [9s 8s 6c Qh Jd]",
        "Dealt to cy [Tc Td Ts 9c 9d]",
        "cy: folds",
        "ann: calls $1",
        "bob: checks",
        "*** FIRST DRAW ***",
        "ann: discards 1 card [Kd]",
        "bob: stands pat",  # at a live table the dealer serves once all have declared
        "Dealt to ann [7h 5d 4c 3s] [2h]",
        "ann: checks",
    ]
    assert "*** SECOND DRAW ***" in out
    assert "*** THIRD DRAW ***" in out
    assert "ann: shows [7h 5d 4c 3s 2h] (Lo: 7,5,4,3,2)" in out
    assert out[-3:] == [
        "Seat 1: ann (small blind) showed [7h 5d 4c 3s 2h] and won ($4) with Lo: 7,5,4,3,2",
        "Seat 2: bob (big blind) showed [9s 8s 6c Qh Jd] and lost with Lo: Q,J,9,8,6",
        "Seat 3: cy (button) folded before the Draw (didn't bet)",
    ]


def test_a_hand_mucked_at_the_showdown() -> None:
    s = Scripted(
        HOLDEM,
        structure=NL,
        stakes=Stakes(blinds=(1, 2)),
        stacks=(100, 100),
        holes=["Ah Kh", "Qs Qd"],
        board="Ad 9c 4s 3h 8d",
        auto_showdown=False,
    )
    s.act(Call(position=1), Check(position=0))
    for _ in range(3):
        s.act(Check(position=0), Check(position=1))
    s.act(Show(position=0), Muck(position=1))
    out = lines(s.deal)
    assert out_between(out, "*** SHOW DOWN ***", "*** SUMMARY ***") == [
        "ann: shows [Ah Kh] (a pair of Aces)",
        "bob: mucks hand",
        "ann collected $4 from pot",
    ]
    assert out[-2:] == [
        "Seat 1: ann (big blind) showed [Ah Kh] and won ($4) with a pair of Aces",
        "Seat 2: bob (button) (small blind) mucked [Qs Qd]",
    ]


def test_blinds_that_chop_take_their_blinds_back() -> None:
    chop = getattr(actions, "Chop", None)
    if chop is None:
        pytest.skip("the dealer has no chop (RRP5 policies.15) yet")
    deal = Deal(
        HOLDEM,
        structure=NL,
        stakes=Stakes(blinds=(1, 2)),
        stacks=(100, 100, 100),
        shuffler=SeededShuffler(2),
    )
    deal.apply(Fold(position=2))
    deal.apply(chop(position=0))
    out = lines(deal)
    assert out[-7:] == [
        "Uncalled bet ($1) returned to ann",
        "Uncalled bet ($2) returned to bob",
        "*** SUMMARY ***",
        "Total pot $0 | Rake $0",
        "Seat 1: ann (small blind) collected ($0)",
        "Seat 2: bob (big blind) collected ($0)",
        "Seat 3: cy (button) folded before Flop (didn't bet)",
    ]
    check_books(deal, "\n".join(out), big_blind=2)


def test_a_split_pot_is_collected_by_each_winner() -> None:
    s = Scripted(
        HOLDEM,
        structure=NL,
        stakes=Stakes(blinds=(1, 2)),
        stacks=(100, 100, 100),
        holes=["2c 3d", "4c 5d", "6c 7d"],
        board="As Ks Qs Js Ts",
    )
    s.act(Call(position=2), Call(position=0), Check(position=1))
    s.act(Wager(position=0, to=3), Call(position=1), Fold(position=2))
    check_down(s)
    out = lines(s.deal)
    assert "ann collected $6 from pot" in out
    assert "bob collected $6 from pot" in out
    assert out[-5:] == [
        "Total pot $12 | Rake $0",
        "Board [As Ks Qs Js Ts]",
        "Seat 1: ann (small blind) showed [2c 3d] and won ($6) with a Royal Flush",
        "Seat 2: bob (big blind) showed [4c 5d] and won ($6) with a Royal Flush",
        "Seat 3: cy (button) folded on the Flop",
    ]


def test_side_pots_and_all_ins() -> None:
    s = Scripted(
        HOLDEM,
        structure=NL,
        stakes=Stakes(blinds=(1, 2)),
        stacks=(20, 50, 100),
        holes=["Ah Ad", "Kh Kd", "Qh Qd"],
        board="2c 7s 9d 3h 4s",
    )
    s.act(Wager(position=2, to=100), Call(position=0), Call(position=1))
    out = lines(s.deal)
    assert out[11:15] == [
        "cy: raises $98 to $100 and is all-in",
        "ann: calls $19 and is all-in",
        "bob: calls $48 and is all-in",
        "Uncalled bet ($50) returned to cy",
    ]
    assert "ann collected $60 from main pot" in out
    assert "bob collected $60 from side pot" in out
    assert out[-5:] == [
        "Total pot $120 Main pot $60. Side pot $60. | Rake $0",
        "Board [2c 7s 9d 3h 4s]",
        "Seat 1: ann (small blind) showed [Ah Ad] and won ($60) with a pair of Aces",
        "Seat 2: bob (big blind) showed [Kh Kd] and won ($60) with a pair of Kings",
        "Seat 3: cy (button) showed [Qh Qd] and lost with a pair of Queens",
    ]


def test_high_low_halves_and_no_low() -> None:
    def omaha8(board: str) -> list[str]:
        s = Scripted(
            OMAHA_EIGHT,
            structure=PL,
            stakes=Stakes(blinds=(1, 2)),
            stacks=(100, 100, 100),
            holes=["Kd Kc 9s 9h", "Ah 2h Qd Qc", "Jc Jd 9c 9d"],
            board=board,
        )
        check_down(s)
        return lines(s.deal)

    split = omaha8("4c 5d Ks 8h Tc")
    assert out_between(split, "*** SHOW DOWN ***", "*** SUMMARY ***") == [
        "ann: shows [Kd Kc 9s 9h] (HI: three of a kind, Kings)",
        "bob: shows [Ah 2h Qd Qc] (HI: a pair of Queens; LO: 8,5,4,2,A)",
        "cy: shows [Jc Jd 9c 9d] (HI: a pair of Jacks)",
        "ann collected $3 from pot",
        "bob collected $3 from pot",
    ]
    scoop = omaha8("Kh 3c Ts Jh Qs")  # two low cards: no low is possible
    assert out_between(scoop, "*** SHOW DOWN ***", "*** SUMMARY ***")[-2:] == [
        "bob collected $6 from pot",
        "No low hand qualified",
    ]
    assert "bob: shows [Ah 2h Qd Qc] (HI: a straight, Ten to Ace)" in scoop
    assert scoop[0].startswith("PokerStars Hand #42:  Omaha Hi/Lo Pot Limit ($1/$2 USD)")


def out_between(out: list[str], first: str, last: str) -> list[str]:
    return out[out.index(first) + 1 : out.index(last)]


# ------------------------------------------------- the board run more than once


def run_deal(
    stacks: tuple[int, ...], holes: list[str], boards: list[str], actions: list[Action]
) -> Deal:
    """A no-limit hold'em deal run ``len(boards)`` times, each board given in full.

    The boards repeat the cards they share; the dealer turns each board's next
    cards from its own script, the first board first.
    """
    deal = Deal(HOLDEM, structure=NL, stakes=Stakes(blinds=(1, 2)), stacks=stacks, runs=len(boards))
    hole = [list(parse_cards(h)) for h in holes]
    script = [list(parse_cards(b)) for b in boards]
    todo = list(actions)
    while not deal.is_over:
        legal = deal.legal()
        if legal.turn is Turn.DEAL_HOLE and legal.position is not None:
            cards = hole[legal.position][: legal.cards]
            del hole[legal.position][: legal.cards]
            deal.apply(DealHole(position=legal.position, cards=tuple(cards)))
        elif legal.turn is Turn.DEAL_BOARD:
            sizes = [len(b) for b in deal.boards]
            r = sizes.index(min(sizes))
            deal.apply(DealBoard(cards=tuple(script[r][sizes[r] : sizes[r] + legal.cards])))
        else:
            deal.apply(todo.pop(0))
    assert not todo
    # A deal that ends before the betting closes deals no further board.
    assert [list(b) for b in deal.boards] == script[: len(deal.boards)]
    return deal


def collected_by_run(out: list[str]) -> list[int]:
    """The chips each show down's collected lines hand out, board by board."""
    totals: list[int] = []
    for line in out:
        if re.fullmatch(r"\*\*\* (FIRST|SECOND|THIRD) SHOW DOWN \*\*\*", line):
            totals.append(0)
        elif m := re.fullmatch(r"\S+ collected \$(\d+) from (?:main |side )?pot(?:-\d+)?", line):
            totals[-1] += int(m[1])
    return totals


def test_a_board_run_twice_after_an_all_in_before_the_flop() -> None:
    deal = run_deal(
        (100, 100, 100),
        ["Ah Ad", "7c 2d", "Kh Kd"],
        ["2c 7s 9d 3h 4s", "Kc 8h 5d Jc 2h"],
        [Wager(position=2, to=100), Call(position=0), Fold(position=1)],
    )
    out = lines(deal)
    # Each board is turned in full, the first before the second, and each has
    # its own show down, the hands named on that board (PokerStars #228721632458).
    assert out_between(out, "bob: folds", "*** SUMMARY ***") == [
        "*** FIRST FLOP *** [2c 7s 9d]",
        "*** FIRST TURN *** [2c 7s 9d] [3h]",
        "*** FIRST RIVER *** [2c 7s 9d 3h] [4s]",
        "*** SECOND FLOP *** [Kc 8h 5d]",
        "*** SECOND TURN *** [Kc 8h 5d] [Jc]",
        "*** SECOND RIVER *** [Kc 8h 5d Jc] [2h]",
        "*** FIRST SHOW DOWN ***",
        "ann: shows [Ah Ad] (a pair of Aces)",
        "cy: shows [Kh Kd] (a pair of Kings)",
        "ann collected $101 from pot",
        "*** SECOND SHOW DOWN ***",
        "ann: shows [Ah Ad] (a pair of Aces)",
        "cy: shows [Kh Kd] (three of a kind, Kings)",
        "cy collected $101 from pot",
    ]
    assert out[out.index("*** SUMMARY ***") + 1 :] == [
        "Total pot $202 | Rake $0",
        "Hand was run twice",
        "FIRST Board [2c 7s 9d 3h 4s]",
        "SECOND Board [Kc 8h 5d Jc 2h]",
        "Seat 1: ann (small blind) showed [Ah Ad] and won ($101) with a pair of Aces,"
        " and lost with a pair of Aces",
        "Seat 2: bob (big blind) folded before Flop",
        "Seat 3: cy (button) showed [Kh Kd] and lost with a pair of Kings,"
        " and won ($101) with three of a kind, Kings",
    ]
    assert collected_by_run(out) == [101, 101]
    assert deal.stacks == (101, 98, 101)
    check_books(deal, "\n".join(out), big_blind=2)
    assert check_names(deal, "\n".join(out)) == 4


def test_a_board_run_twice_after_an_all_in_on_the_flop_shares_the_flop() -> None:
    deal = run_deal(
        (100, 100, 100),
        ["7c 2d", "Ah Ad", "Kh Kd"],
        ["Ac 9d 4s Ks 3h", "Ac 9d 4s 2c 7s"],
        [
            Call(position=2),
            Fold(position=0),
            Check(position=1),
            Wager(position=1, to=98),
            Call(position=2),
        ],
    )
    out = lines(deal)
    # The flop is dealt once, with its betting; each board then has its own turn
    # and river (PokerStars #198636031317). 201 chips: the first board takes the odd one.
    assert out_between(out, "bob: checks", "*** SUMMARY ***") == [
        "*** FLOP *** [Ac 9d 4s]",
        "bob: bets $98 and is all-in",
        "cy: calls $98 and is all-in",
        "*** FIRST TURN *** [Ac 9d 4s] [Ks]",
        "*** FIRST RIVER *** [Ac 9d 4s Ks] [3h]",
        "*** SECOND TURN *** [Ac 9d 4s] [2c]",
        "*** SECOND RIVER *** [Ac 9d 4s 2c] [7s]",
        "*** FIRST SHOW DOWN ***",
        "bob: shows [Ah Ad] (three of a kind, Aces)",
        "cy: shows [Kh Kd] (three of a kind, Kings)",
        "bob collected $101 from pot",
        "*** SECOND SHOW DOWN ***",
        "bob: shows [Ah Ad] (three of a kind, Aces)",
        "cy: shows [Kh Kd] (a pair of Kings)",
        "bob collected $100 from pot",
    ]
    assert out[-5:] == [
        "FIRST Board [Ac 9d 4s Ks 3h]",
        "SECOND Board [Ac 9d 4s 2c 7s]",
        "Seat 1: ann (small blind) folded before Flop",
        "Seat 2: bob (big blind) showed [Ah Ad] and won ($101) with three of a kind, Aces,"
        " and won ($100) with three of a kind, Aces",
        "Seat 3: cy (button) showed [Kh Kd] and lost with three of a kind, Kings,"
        " and lost with a pair of Kings",
    ]
    assert collected_by_run(out) == [101, 100]
    assert deal.stacks == (99, 201, 0)
    check_books(deal, "\n".join(out), big_blind=2)


def test_a_board_run_three_times() -> None:
    deal = run_deal(
        (100, 100),
        ["Ah Ad", "Kh Kd"],
        ["2c 7s 9d 3h 4s", "Kc 8h 5d Jc 2h", "Qs Js Ts 6c 6d"],
        [Wager(position=1, to=100), Call(position=0)],
    )
    out = lines(deal)
    shown = out_between(out, "ann: calls $98 and is all-in", "*** SUMMARY ***")
    assert shown[6:9] == [
        "*** THIRD FLOP *** [Qs Js Ts]",
        "*** THIRD TURN *** [Qs Js Ts] [6c]",
        "*** THIRD RIVER *** [Qs Js Ts 6c] [6d]",
    ]
    assert shown[-4:] == [
        "*** THIRD SHOW DOWN ***",
        "ann: shows [Ah Ad] (two pair, Aces and Sixes)",
        "bob: shows [Kh Kd] (two pair, Kings and Sixes)",
        "ann collected $66 from pot",
    ]
    assert out[-6:] == [
        "Hand was run three times",
        "FIRST Board [2c 7s 9d 3h 4s]",
        "SECOND Board [Kc 8h 5d Jc 2h]",
        "THIRD Board [Qs Js Ts 6c 6d]",
        "Seat 1: ann (big blind) showed [Ah Ad] and won ($67) with a pair of Aces,"
        " and lost with a pair of Aces, and won ($66) with two pair, Aces and Sixes",
        "Seat 2: bob (button) (small blind) showed [Kh Kd] and lost with a pair of Kings,"
        " and won ($67) with three of a kind, Kings, and lost with two pair, Kings and Sixes",
    ]
    # 200 chips in three shares: the first boards take the odd chips (RRP5 policies.16).
    assert collected_by_run(out) == [67, 67, 66]
    assert deal.stacks == (133, 67)
    check_books(deal, "\n".join(out), big_blind=2)
    assert check_names(deal, "\n".join(out)) == 6


def test_a_board_run_twice_splits_each_side_pot_between_the_boards() -> None:
    deal = run_deal(
        (20, 50, 100),
        ["Ah Ad", "Kh Kd", "Qh Qd"],
        ["2c 7s 9d 3h 4s", "Kc 8h 5d Jc 2h"],
        [Wager(position=2, to=100), Call(position=0), Call(position=1)],
    )
    out = lines(deal)
    first = out_between(out, "*** FIRST SHOW DOWN ***", "*** SECOND SHOW DOWN ***")
    second = out_between(out, "*** SECOND SHOW DOWN ***", "*** SUMMARY ***")
    assert first[-2:] == ["ann collected $30 from main pot", "bob collected $30 from side pot"]
    assert second[-2:] == ["bob collected $30 from main pot", "bob collected $30 from side pot"]
    assert out[-7:] == [
        "Total pot $120 Main pot $60. Side pot $60. | Rake $0",
        "Hand was run twice",
        "FIRST Board [2c 7s 9d 3h 4s]",
        "SECOND Board [Kc 8h 5d Jc 2h]",
        "Seat 1: ann (small blind) showed [Ah Ad] and won ($30) with a pair of Aces,"
        " and lost with a pair of Aces",
        "Seat 2: bob (big blind) showed [Kh Kd] and won ($30) with a pair of Kings,"
        " and won ($60) with three of a kind, Kings",
        "Seat 3: cy (button) showed [Qh Qd] and lost with a pair of Queens,"
        " and lost with a pair of Queens",
    ]
    assert collected_by_run(out) == [60, 60]
    assert deal.stacks == (30, 90, 50)
    check_books(deal, "\n".join(out), big_blind=2)


def test_a_run_agreed_before_the_last_decision_is_written_only_if_dealt() -> None:
    # The big blind is all in on posting; the board is run twice only once the
    # button has called, and a fold leaves no board at all.
    called = lines(
        run_deal(
            (2, 100), ["Ah Ad", "Kh Kd"], ["2c 7s 9d 3h 4s", "Kc 8h 5d Jc 2h"], [Call(position=1)]
        )
    )
    assert called[6:11] == [
        "*** HOLE CARDS ***",
        "Dealt to ann [Ah Ad]",
        "Dealt to bob [Kh Kd]",
        "bob: calls $1",
        "*** FIRST FLOP *** [2c 7s 9d]",
    ]
    assert collected_by_run(called) == [2, 2]
    folded = run_deal((2, 100), ["Ah Ad", "Kh Kd"], ["", ""], [Fold(position=1)])
    out = lines(folded)
    assert out[6] == "*** HOLE CARDS ***"
    assert out[-7:] == [
        "Uncalled bet ($1) returned to ann",
        "ann collected $2 from pot",  # no board was run: one pot, won by the fold
        "ann: doesn't show hand",
        "*** SUMMARY ***",
        "Total pot $2 | Rake $0",
        "Seat 1: ann (big blind) collected ($2)",
        "Seat 2: bob (button) (small blind) folded before Flop",
    ]
    check_books(folded, "\n".join(out), big_blind=2)


def test_random_deals_run_more_than_once_keep_their_books() -> None:
    boards = [g for g in GAMES.values() if any(street.board for street in g.streets)]
    runs = Counter[int]()
    for seed in range(sample_size(300, 3000)):
        rng = random.Random(seed)
        game: Game = rng.choice(boards)
        n = rng.randint(2, 6)
        deal = Deal(
            game,
            structure=rng.choice((NL, PL)),
            stakes=Stakes(blinds=(1, 2), antes=(1,) * n if rng.random() < 0.3 else ()),
            stacks=tuple(rng.randint(1, 60) for _ in range(n)),
            shuffler=SeededShuffler(seed),
            runs=rng.choice((2, 3)),
        )
        while not deal.is_over:
            deal.apply(random_action(deal.legal(), deal, rng))
        text = write_pokerstars(deal, header(n))
        out = text.splitlines()
        check_books(deal, text, big_blind=2)
        check_names(deal, text)
        dealt = [e.run for e in deal.events if isinstance(e, ev.BoardDealt)]
        times = max(dealt, default=0) + 1
        runs[times] += 1
        if times == 1:
            assert "Hand was run" not in text
            continue
        assert out[out.index("*** SUMMARY ***") + 2] == (
            f"Hand was run {'twice' if times == 2 else 'three times'}"
        )
        shares = Counter[int]()
        for e in deal.events:
            if isinstance(e, ev.PotAwarded):
                shares[e.run] += sum(a for _, a in e.amounts)
        assert collected_by_run(out) == [shares[r] for r in range(times)], text
        assert len(deal.boards) == times
        for r, board in enumerate(deal.boards):
            word = ("FIRST", "SECOND", "THIRD")[r]
            assert f"{word} Board [{' '.join(map(str, board))}]" in out, text
    assert min(runs[2], runs[3]) > 10, runs


def test_money_in_cents_and_play_chips() -> None:
    deal = Deal(
        HOLDEM,
        structure=NL,
        stakes=Stakes(blinds=(25, 50)),
        stacks=(10_000, 5_005),
        shuffler=SeededShuffler(1),
    )
    deal.apply(Fold(position=1))  # heads-up the button posts the small blind and acts first
    cents = lines(deal, chips_per_unit=100, currency="€")
    assert cents[0].startswith("PokerStars Hand #42:  Hold'em No Limit (€0.25/€0.50 EUR) - ")
    assert cents[2:6] == [
        "Seat 1: ann (€100 in chips)",
        "Seat 2: bob (€50.05 in chips)",
        "bob: posts small blind €0.25",
        "ann: posts big blind €0.50",
    ]
    assert cents[-2:] == [
        "Seat 1: ann (big blind) collected (€0.50)",
        "Seat 2: bob (button) (small blind) folded before Flop",
    ]
    chips = lines(deal, currency="")
    assert chips[0].startswith("PokerStars Hand #42:  Hold'em No Limit (25/50) - ")
    assert "ann collected 50 from pot" in chips


def test_the_header_is_checked_and_pastes_back() -> None:
    made = header(3, button_seat=7, chips_per_unit=100, stakes=(1, 2))
    assert eval(repr(made), {"StarsHeader": StarsHeader, "datetime": datetime}) == made
    with pytest.raises(ConfigError, match="clockwise"):
        header(3, button_seat=2)  # seat 3 would come before seat 1
    with pytest.raises(ConfigError, match="power of ten"):
        header(2, chips_per_unit=25)
    with pytest.raises(ConfigError, match="2 to 10 seats"):
        StarsHeader(
            hand_id=1, table="T", max_seats=11, seats=(1, 2), names=("a", "b"), started=STARTED
        )
    with pytest.raises(ConfigError, match="distinct"):
        StarsHeader(
            hand_id=1, table="T", max_seats=6, seats=(1, 2), names=("a", "a"), started=STARTED
        )
    deal = Deal(HOLDEM, structure=NL, stakes=Stakes(blinds=(1, 2)), stacks=(9, 9, 9))
    with pytest.raises(ConfigError, match="not over"):
        write_pokerstars(deal, header(3))
    assert set(GAME_NAMES) == set(GAMES)


# ----------------------------------------------------- the books, read back


AMOUNT = r"[$€]?(\d+(?:\.\d+)?)"
ALL_IN = r"( and is all-in)?"


def check_books(deal: Deal, text: str, *, big_blind: int, chips_per_unit: int = 1) -> None:
    """Read the chips back from the text alone and hold them to the deal.

    ``big_blind`` is the bet to match before the flop even when the big blind
    is short (RRP5 blinds.1), and the live part of a post of both blinds.
    """

    def chips(found: str) -> int:
        return int(Decimal(found) * chips_per_unit)

    names = list(NAMES[: deal.players])
    start: dict[str, int] = {}
    stack: dict[str, int] = {}
    paid: Counter[str] = Counter()
    back: Counter[str] = Counter()
    got: Counter[str] = Counter()
    bets: Counter[str] = Counter()
    total = -1
    first = True
    first_streets = ("*** HOLE CARDS ***", "*** DEALING HANDS ***", "*** 3rd STREET ***")
    for line in text.splitlines():
        put = None
        if m := re.fullmatch(rf"Seat \d+: (\S+) \({AMOUNT} in chips\)", line):
            start[m[1]] = stack[m[1]] = chips(m[2])
        elif line.startswith("*** ") and line not in first_streets:
            bets.clear()
            first = False
        elif m := re.fullmatch(rf"(\S+): posts (the ante|[a-z& ]+?) {AMOUNT}{ALL_IN}", line):
            name, put, all_in = m[1], chips(m[3]), m[4]
            if m[2] != "the ante":
                bets[name] += min(put, big_blind) if "&" in m[2] else put
        elif m := re.fullmatch(rf"(\S+): (?:calls|bets|brings in for) {AMOUNT}{ALL_IN}", line):
            name, put, all_in = m[1], chips(m[2]), m[3]
            bets[name] += put
        elif m := re.fullmatch(rf"(\S+): raises {AMOUNT} to {AMOUNT}{ALL_IN}", line):
            name, to, all_in = m[1], chips(m[3]), m[4]
            level = max(bets.values(), default=0)
            if first and deal.game.is_button_game:
                level = max(level, big_blind)
            assert chips(m[2]) == to - level, line
            put, bets[name] = to - bets[name], to
        elif m := re.fullmatch(rf"(\S+): completes it to {AMOUNT}{ALL_IN}", line):
            name, to, all_in = m[1], chips(m[2]), m[3]
            put, bets[name] = to - bets[name], to
        elif m := re.fullmatch(rf"Uncalled bet \({AMOUNT}\) returned to (\S+)", line):
            back[m[2]] += chips(m[1])
            stack[m[2]] += chips(m[1])
            bets[m[2]] -= chips(m[1])
        elif m := re.fullmatch(
            rf"(\S+) collected {AMOUNT} from (?:main |side )?pot(?:-\d+)?", line
        ):
            got[m[1]] += chips(m[2])
        elif m := re.match(rf"Total pot {AMOUNT}", line):
            total = chips(m[1])
            parts = re.findall(rf"(?:Main|Side) pot(?:-\d+)? {AMOUNT}\.", line)
            assert not parts or sum(map(chips, parts)) == total, line
        if put is not None:
            paid[name] += put
            stack[name] -= put
            assert bool(all_in) == (stack[name] == 0), f"{line!r} leaves {stack[name]}"
    assert [start[n] for n in names] == list(deal.starting_stacks)
    finish = [start[n] - paid[n] + back[n] + got[n] for n in names]
    assert finish == list(deal.stacks), text
    assert sum(got.values()) == total == paid.total() - back.total() + deal.dead_money, text


RANK_WORDS = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
              "Jack", "Queen", "King", "Ace")  # fmt: skip


def stars_name(name: str) -> str:
    """PokerStars' words for a high hand, from floorman's own name of it."""
    if name == "Royal Flush":
        return "a Royal Flush"
    kind, _, rest = name.partition(", ")
    if kind in ("Straight", "Straight Flush"):
        top = rest.removesuffix(" High")
        bottom = "Ace" if top == "Five" else RANK_WORDS[RANK_WORDS.index(top) - 4]
        return f"a {kind.lower()}, {bottom} to {top}"
    return {
        "High Card": f"high card {rest}",
        "One Pair": f"a pair of {rest}",
        "Two Pair": f"two pair, {rest}",
        "Three of a Kind": f"three of a kind, {rest}",
        "Flush": f"a flush, {rest.removesuffix(' High')} high",
        "Full House": f"a full house, {rest.replace(' over ', ' full of ')}",
        "Four of a Kind": f"four of a kind, {rest}",
    }[kind]


def check_names(deal: Deal, text: str) -> int:
    """Each shown high hand is named as PokerStars names it; how many were.

    A board run more than once has one show down for each board, its hands
    named on that board.
    """
    if deal.game.reading is not Reading.HIGH:
        return 0
    boards = [
        parse_cards(cards)
        for cards in re.findall(r"^(?:(?:FIRST|SECOND|THIRD) )?Board \[(.+)\]$", text, re.M)
    ]
    common = boards[0] if boards else ()
    checked = 0
    for line in text.splitlines():
        if m := re.fullmatch(r"\*\*\* (FIRST|SECOND|THIRD) SHOW DOWN \*\*\*", line):
            common = boards[("FIRST", "SECOND", "THIRD").index(m[1])]
        if not (m := re.fullmatch(r"\S+: shows \[(.+)\] \((.+)\)", line)):
            continue
        cards, said = parse_cards(m[1]), m[2]
        value = evaluate_omaha(cards, common) if deal.game.omaha else evaluate_high(cards + common)
        assert said == stars_name(value.name), (line, value.name)
        checked += 1
    return checked


def random_action(legal: Legal, deal: Deal, rng: random.Random) -> Action:
    """A random legal decision, wagers spread over the whole allowed range."""
    p = legal.position
    assert p is not None
    if legal.turn is Turn.DRAW:
        hole = deal.hole(p)
        return Draw(position=p, discards=tuple(rng.sample(hole, rng.choice((0, 1, 2, 3)))))
    options: list[Action] = []
    if legal.fold and not legal.needless_fold:
        # PokerKit, the oracle here, refuses a fold that could check; floorman
        # takes it (RRP5 betting.9), and its own tests make it.
        options.append(Fold(position=p))
    if legal.check:
        options += [Check(position=p)] * 2
    if legal.call:
        options += [Call(position=p)] * 2
    if legal.bring_in:
        options.append(BringIn(position=p))
    if legal.can_wager:
        lo, hi = legal.min_to, legal.max_to
        if lo < hi and lo == covered(deal, p):
            # A raise to what the opponents can match, short of a full raise: the
            # same wager for floorman (RRP5 betting.5, policies.6), refused by
            # PokerKit, which wants the full raise; the most allowed is both.
            lo = hi
        options.append(Wager(position=p, to=rng.choice((lo, hi, rng.randint(lo, hi)))))
    return rng.choice(options)


def random_deal(seed: int) -> tuple[Deal, StarsHeader, int]:
    """A random deal of a random form, played out, with a random table around it."""
    rng = random.Random(seed)
    game = rng.choice(list(GAMES.values()))
    structure = rng.choice(game.structures)
    n = rng.randint(2, 8 if game.is_button_game and not game.has_draw else 6)
    if game.is_button_game:
        big = rng.choice((2, 4, 10))
        ante = rng.choice((0, 0, 1))
        limit = structure is FL
        stakes = Stakes(
            blinds=(big // 2, big),
            antes=(ante,) * n if ante else (),
            small_bet=big if limit else 0,
            big_bet=2 * big if limit else 0,
        )
    else:
        big = rng.choice((2, 4, 10))
        stakes = Stakes(antes=(1,) * n, bring_in=big // 2, small_bet=big, big_bet=2 * big)
    stacks = tuple(rng.choice((rng.randint(1, 30), rng.randint(30, 600))) for _ in range(n))
    deal = Deal(
        game, structure=structure, stakes=stakes, stacks=stacks, shuffler=SeededShuffler(seed)
    )
    while not deal.is_over:
        deal.apply(random_action(deal.legal(), deal, rng))
    max_seats = rng.randint(max(n, 2), 10)
    seats = sorted(rng.sample(range(1, max_seats + 1), n))
    turn = rng.randrange(n)
    cpu = rng.choice((1, 100))
    made = StarsHeader(
        hand_id=seed,
        table=f"Table {seed}",
        max_seats=max_seats,
        seats=tuple(seats[turn:] + seats[:turn]),
        names=NAMES[:n],
        started=STARTED,
        currency=rng.choice(("$", "", "€")),
        chips_per_unit=cpu,
    )
    return deal, made, big


def test_random_deals_of_every_form_keep_their_books_in_the_text() -> None:
    forms: Counter[str] = Counter()
    for seed in range(sample_size(400, 4000)):
        deal, made, big = random_deal(seed)
        text = write_pokerstars(deal, made)
        assert "None" not in text
        forms[deal.game.name] += 1
        check_books(deal, text, big_blind=big, chips_per_unit=made.chips_per_unit)
        forms["named"] += check_names(deal, text)
    assert set(forms) - {"named"} == set(GAMES), forms
    assert forms["named"] > 100, forms


# ------------------------------------------------------ PokerKit as oracle


def pokerkit_actions(deal: Deal) -> list[str]:
    """The deal's cards and decisions in PokerKit's notation (player 1 is position 0)."""
    out: list[str] = []
    for event in deal.events:
        match event:
            case ev.HoleDealt(position=p, cards=cards):
                out.append(f"d dh p{p + 1} " + "".join(str(c) for c in cards))
            case ev.BoardDealt(cards=cards):
                out.append("d db " + "".join(str(c) for c in cards))
            case ev.Folded(position=p):
                out.append(f"p{p + 1} f")
            case ev.Checked(position=p) | ev.Called(position=p):
                out.append(f"p{p + 1} cc")
            case ev.Wagered(position=p, to=to):
                out.append(f"p{p + 1} cbr {to}")
            case _:
                pass
    return out


def test_pokerkit_reads_back_random_no_limit_holdem() -> None:
    uneven = 0
    count = sample_size(300, 3000)
    for seed in range(count):
        rng = random.Random(seed)
        n = rng.randint(2, 9)
        small, big = rng.choice(((1, 2), (25, 50), (5, 10)))
        # Stacks cover the big blind: PokerKit lowers the bet to a short blind
        # where Robert's Rules keep it (RRP5 blinds.1).
        stacks = tuple(rng.choice((rng.randint(big + 1, 20 * big), rng.randint(20 * big, 300 * big))) for _ in range(n))  # fmt: skip
        deal = Deal(
            HOLDEM,
            structure=NL,
            stakes=Stakes(blinds=(small, big)),
            stacks=stacks,
            shuffler=SeededShuffler(seed),
        )
        while not deal.is_over:
            deal.apply(random_action(deal.legal(), deal, rng))
        max_seats = rng.randint(n, 10)
        seats = sorted(rng.sample(range(1, max_seats + 1), n))
        turn = rng.randrange(n)
        cpu = rng.choice((1, 100))
        made = StarsHeader(
            hand_id=seed,
            table="Oracle",
            max_seats=max_seats,
            seats=tuple(seats[turn:] + seats[:turn]),
            names=NAMES[:n],
            started=STARTED,
            currency=rng.choice(("$", "")),
            chips_per_unit=cpu,
        )
        text = write_pokerstars(deal, made)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            # PokerKit's own parser names a field its hand history does not know.
            warnings.filterwarnings("ignore", message=".*time_zone_abbreviation.*")
            parsed = list(
                PokerStarsParser()(
                    text,
                    parse_value=lambda s, cpu=cpu: int(Decimal(s) * cpu),
                    error_status=True,
                )
            )
        assert len(parsed) == 1, text
        hand = parsed[0]
        assert list(hand.starting_stacks) == list(deal.starting_stacks), text
        assert list(hand.blinds_or_straddles) == [small, big] + [0] * (n - 2), text
        theirs = [a for a in hand.actions if a.split()[1] in ("dh", "db", "f", "cc", "cbr")]
        assert theirs == pokerkit_actions(deal), text
        end = list(hand)[-1]
        # Where tied hands split a pot, PokerKit gives the odd chips by its own
        # order (Robert's Rules: first clockwise from the button, RRP5 ties.4.1)
        # and layers a folded player's chips into the pots its own way: the
        # tied winners may then share the chips differently, nobody else.
        tied = {
            p
            for e in deal.events
            if isinstance(e, ev.PotAwarded) and len(e.amounts) > 1
            for p, _ in e.amounts
        }
        diffs = [a - b for a, b in zip(end.stacks, deal.stacks, strict=True)]
        assert sum(diffs) == 0, text
        assert all(d == 0 or p in tied for p, d in enumerate(diffs)), text
        uneven += any(diffs)
    assert uneven < count // 20


def test_the_module_stays_small() -> None:
    assert pokerstars.__file__ is not None
    with open(pokerstars.__file__, encoding="utf-8") as source:
        assert len(source.readlines()) < 600


# ------------------------------------------------------- a player's own copy


def seen_by(deal: Deal, name: str) -> str:
    """The deal as the player ``name`` saw it (RRP5 policies.23, showdown.6)."""
    from floorman.ids import PlayerId
    from floorman.service import AsPlayer, Hidden, redact_all

    names = NAMES[: deal.players]
    seen = redact_all(deal.events, AsPlayer(PlayerId(name)), positions=names)
    events = [e for e in seen if not isinstance(e, Hidden)]
    return write_pokerstars(deal, header(deal.players), events=events)


def test_policies_23_a_players_copy_has_his_cards_the_shown_hands_and_no_others() -> None:
    s = Scripted(
        TRIPLE_DRAW_27,
        structure=FL,
        stakes=Stakes(blinds=(1, 2), small_bet=2, big_bet=4),
        stacks=(100, 100, 100),
        holes=["7h 5d 4c 3s Kd 2h", "9s 8s 6c Qh Jd", "Tc Td Ts 9c 9d"],
    )
    s.act(Fold(position=2), Call(position=0), Check(position=1))
    s.act(Draw(position=0, discards=parse_cards("Kd")), Draw(position=1))
    for _ in range(2):
        s.act(Check(position=0), Check(position=1), Draw(position=0), Draw(position=1))
    s.act(Check(position=0), Check(position=1))
    cy = seen_by(s.deal, "cy").splitlines()
    assert "Dealt to cy [Tc Td Ts 9c 9d]" in cy
    assert not [line for line in cy if line.startswith(("Dealt to ann", "Dealt to bob"))]
    assert "ann: discards 1 card" in cy, "how many she drew is public, not which"
    assert "Kd" not in "\n".join(cy), "ann's discard was face down"
    # The hands shown at the showdown are everyone's (RRP5 showdown.6).
    assert "ann: shows [7h 5d 4c 3s 2h] (Lo: 7,5,4,3,2)" in cy
    assert "Seat 2: bob (big blind) showed [9s 8s 6c Qh Jd] and lost with Lo: Q,J,9,8,6" in cy
    ann = seen_by(s.deal, "ann").splitlines()
    assert "ann: discards 1 card [Kd]" in ann
    assert "Dealt to ann [7h 5d 4c 3s] [2h]" in ann
    assert not [line for line in ann if line.startswith(("Dealt to bob", "Dealt to cy"))]
    assert not {"Tc", "Td", "Ts", "9c", "9d"} & set(" ".join(ann).replace("[", " ").split())
    # Apart from the cards, both copies are the floor's text.
    full = lines(s.deal)
    assert [x for x in full if not x.startswith("Dealt to")] == [
        x.replace("ann: discards 1 card", "ann: discards 1 card [Kd]")
        for x in cy
        if not x.startswith("Dealt to")
    ]


def test_policies_23_a_hand_mucked_unseen_stays_unseen_in_the_winners_copy() -> None:
    s = Scripted(
        HOLDEM,
        structure=NL,
        stakes=Stakes(blinds=(1, 2)),
        stacks=(100, 100),
        holes=["Ah Kh", "Qs Qd"],
        board="Ad 9c 4s 3h 8d",
        auto_showdown=False,
    )
    s.act(Call(position=1), Check(position=0))
    for _ in range(3):
        s.act(Check(position=0), Check(position=1))
    s.act(Show(position=0), Muck(position=1))
    ann = seen_by(s.deal, "ann")
    assert ann.splitlines()[-1] == "Seat 2: bob (button) (small blind) mucked"
    assert "Qs" not in ann
    assert "Qd" not in ann
    bob = seen_by(s.deal, "bob")
    assert "Dealt to bob [Qs Qd]" in bob
    assert "ann: shows [Ah Kh] (a pair of Aces)" in bob
    assert "Dealt to ann" not in bob


def test_policies_23_a_stud_players_copy_shows_the_others_up_cards_only() -> None:
    s = Scripted(
        SEVEN_CARD_STUD,
        structure=FL,
        stakes=Stakes(antes=(1, 1, 1), bring_in=2, small_bet=4, big_bet=8),
        stacks=(100, 100, 100),
        holes=["As Ks 2c 3d 4h 5s 6c", "Qh Qd 9h 7s 8s 9s Ts", "Jc Jd Kd 2d 3c 4c 5c"],
    )
    s.act(BringIn(position=0), Wager(position=1, to=4), Fold(position=2), Call(position=0))
    check_down(s)
    ann = seen_by(s.deal, "ann").splitlines()
    assert "Dealt to ann [As Ks 2c]" in ann
    assert "Dealt to bob [9h]" in ann
    assert "Dealt to cy [Kd]" in ann
    assert "Dealt to bob [9h 7s 8s 9s]" not in ann  # the seventh card is dealt down
    assert not {"Jc", "Jd"} & set(" ".join(ann).replace("[", " ").replace("]", " ").split())
    assert (
        "Seat 2: bob showed [Qh Qd 9h 7s 8s 9s Ts] and lost with two pair, Queens and Nines" in ann
    )
