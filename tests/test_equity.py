"""Equity: exact enumeration checked against hand-by-hand evaluation, sampling, errors."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from floorman.cards import DECK_52, parse_cards
from floorman.errors import NotationError
from floorman.evaluation import (
    evaluate_high,
    evaluate_omaha,
    evaluate_omaha_eight_or_better,
)
from floorman.evaluation.equity import EquityGame, combinations_array, equity


def _shares(values: list) -> list[float]:
    best = max(values)
    winners = [v == best for v in values]
    return [w / sum(winners) for w in winners]


def _brute_force(hands: list[str], board: str, game: EquityGame) -> list[float]:
    holes = [parse_cards(h) for h in hands]
    fixed = parse_cards(board)
    used = {c for h in holes for c in h} | set(fixed)
    rest = [c for c in DECK_52 if c not in used]
    totals = [0.0] * len(holes)
    deals = 0
    for extra in itertools.combinations(rest, 5 - len(fixed)):
        full = fixed + extra
        deals += 1
        if game is EquityGame.HOLDEM:
            shares = _shares([evaluate_high(h + full) for h in holes])
        else:
            shares = _shares([evaluate_omaha(h, full) for h in holes])
            if game is EquityGame.OMAHA_EIGHT:
                lows = [evaluate_omaha_eight_or_better(h, full) for h in holes]
                if any(lows):
                    best = max(v for v in lows if v is not None)
                    low_winners = [v is not None and v == best for v in lows]
                    low_shares = [w / sum(low_winners) for w in low_winners]
                    shares = [0.5 * a + 0.5 * b for a, b in zip(shares, low_shares, strict=True)]
        totals = [t + s for t, s in zip(totals, shares, strict=True)]
    return [t / deals for t in totals]


@pytest.mark.parametrize(
    ("hands", "board"),
    [
        (["AsKs", "QhQd"], "Qs Js 2c 7h"),
        (["AsKs", "QhQd", "Ad Kd"], "2s 3s 4c"),
        (["Ah Kh", "Ac Kc"], "2d 7d 9s"),  # mostly split pots
        (["7c 2d", "8h 3s"], "Ks Kd Kh Kc"),  # the board plays
    ],
)
def test_holdem_exact_equity_matches_hand_by_hand_evaluation(hands, board):
    result = equity(hands, board=board)
    expected = _brute_force(hands, board, EquityGame.HOLDEM)
    assert result.exact
    assert [h.equity for h in result.hands] == pytest.approx(expected, abs=1e-12)
    assert sum(h.equity for h in result.hands) == pytest.approx(1.0)


@pytest.mark.parametrize("game", [EquityGame.OMAHA, EquityGame.OMAHA_EIGHT])
@pytest.mark.parametrize(
    ("hands", "board"),
    [
        (["As 2s Kd Qd", "7h 8h 9c Tc"], "3s 4s 5h"),
        (["Ah 2h 3c 4c", "As 2d Kc Kh", "6d 7d 8s 9s"], "5d 8c Qh"),
        (["Ah Kh Qh Jh", "2c 3c 4d 5d"], "Th 9c 6s 7h"),
    ],
)
def test_omaha_exact_equity_matches_hand_by_hand_evaluation(hands, board, game):
    result = equity(hands, board=board, game=game)
    expected = _brute_force(hands, board, game)
    assert [h.equity for h in result.hands] == pytest.approx(expected, abs=1e-12)


def test_preflop_aks_against_queens_is_46_2_percent():
    result = equity(["AsKs", "QhQd"])
    assert result.deals == 1_712_304
    assert round(result.hands[0].equity * 100, 1) == 46.2
    assert result.hands[0].ties == result.hands[1].ties > 0
    assert result.hands[0].wins + result.hands[1].wins + result.hands[0].ties == result.deals


def test_sampled_equity_is_reproducible_and_close_to_exact():
    exact = equity(["AsKs", "QhQd"], board="Qs 7d 2c")
    first = equity(["AsKs", "QhQd"], board="Qs 7d 2c", samples=20_000, seed=11)
    again = equity(["AsKs", "QhQd"], board="Qs 7d 2c", samples=20_000, seed=11)
    assert not first.exact
    assert first == again
    assert first.deals == 20_000
    sigma = (exact.hands[0].equity * (1 - exact.hands[0].equity) / 20_000) ** 0.5
    assert abs(first.hands[0].equity - exact.hands[0].equity) < 5 * sigma


def test_sampling_a_complete_board_is_exact():
    result = equity(["AsKs", "QhQd"], board="2c 3d 4h 5s 9c", samples=100)
    assert result.exact
    assert result.deals == 1


def test_dead_cards_leave_the_deck():
    result = equity(["AsKs", "QhQd"], board="2c 3d 4h", dead="Qs Qc Ac")
    assert result.deals == len(list(itertools.combinations(range(52 - 4 - 3 - 3), 2)))
    assert result.dead == parse_cards("Qs Qc Ac")


def test_irregularities_4_the_same_card_twice_is_refused():
    with pytest.raises(NotationError) as raised:
        equity(["AsKs", "QhQd"], board="As 2c 3d")
    assert "As" in str(raised.value)
    assert [c.id for c in raised.value.citations] == ["irregularities.4"]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hands": ["AsKs"]}, "two hands or more"),
        ({"hands": ["AsKsQs", "2c2d"]}, "holds 2 cards"),
        ({"hands": ["AsKs", "2c2d"], "game": EquityGame.OMAHA}, "holds 4 or 5 or 6 cards"),
        ({"hands": ["AsKs", "2c2d"], "board": "3c 4c 5c 6c 7c 8c"}, "at most five"),
        ({"hands": ["AsKs", "2c2d"], "samples": 0}, "at least 1"),
        ({"hands": ["AsKs", "2c2d"], "samples": 2_000_001}, "at most 2,000,000, got 2000001"),
        ({"hands": ["AsKs", "2c2d"], "samples": 10, "seed": -1}, "0 or more, not -1"),
        ({"hands": ["AsXx", "2c2d"]}, "without the joker"),
    ],
)
def test_equity_refuses_bad_input(kwargs, message):
    hands = kwargs.pop("hands")
    with pytest.raises(NotationError, match=message):
        equity(hands, **kwargs)


@pytest.mark.parametrize(("n", "k"), [(5, 0), (5, 3), (10, 4), (20, 5), (3, 3), (2, 3)])
def test_combinations_array_matches_itertools(n, k):
    expected = list(itertools.combinations(range(n), k))
    got = [tuple(row) for row in combinations_array(n, k).tolist()]
    assert got == expected
    assert combinations_array(n, k).dtype == np.uint8
