"""Independent evaluators as oracles: eval7, treys and PokerKit must order hands as we do.

Orders are compared, not numbers: each library has its own scale. For integer
scales the check is that the map from our strength to theirs is strictly
monotone on the sample (equal exactly when ours are equal); for PokerKit's hand
objects, consecutive random deals are compared pairwise in both systems, and
the deals sorted by our strength must come out sorted in PokerKit too.

Default sizes keep the file to a few seconds per oracle; FLOORMAN_LONG=1 runs
the long sizes (5,000,000 seven-card hands against eval7, and so on).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from floorman import Card
from floorman.evaluation import (
    Category,
    HandValue,
    Ranking,
    evaluate_ace_to_five,
    evaluate_deuce_to_seven,
    evaluate_eight_or_better,
    evaluate_omaha,
    evaluate_omaha_eight_or_better,
    high_strength,
)

TEXT = [str(Card(i)) for i in range(52)]

#: Default and long sample sizes, by test.
SIZES = {
    "eval7-7": (1_000_000, 5_000_000),
    "eval7-6": (200_000, 1_000_000),
    "eval7-5": (200_000, 1_000_000),
    "treys": (20_000, 300_000),
    "omaha": (3_000, 30_000),
    "omaha8": (3_000, 30_000),
    "a5-5": (5_000, 50_000),
    "a5-7": (3_000, 30_000),
    "d27-5": (3_000, 30_000),
    "d27-7": (1_500, 15_000),
    "eight-7": (5_000, 50_000),
}

EVAL7_TYPES = {
    "High Card": Category.HIGH_CARD,
    "Pair": Category.ONE_PAIR,
    "Two Pair": Category.TWO_PAIR,
    "Trips": Category.THREE_OF_A_KIND,
    "Straight": Category.STRAIGHT,
    "Flush": Category.FLUSH,
    "Full House": Category.FULL_HOUSE,
    "Quads": Category.FOUR_OF_A_KIND,
    "Straight Flush": Category.STRAIGHT_FLUSH,
}


@pytest.fixture(scope="module")
def eval7() -> ModuleType:
    return pytest.importorskip("eval7")


@pytest.fixture(scope="module")
def treys() -> ModuleType:
    return pytest.importorskip("treys")


@pytest.fixture(scope="module")
def pokerkit() -> ModuleType:
    return pytest.importorskip("pokerkit")


def cards(indices: Sequence[int]) -> list[Card]:
    return [Card(i) for i in indices]


def text(indices: Sequence[int]) -> str:
    return "".join(TEXT[i] for i in indices)


def assert_monotone(ours: np.ndarray, theirs: np.ndarray, hands: Sequence[Sequence[int]]) -> None:
    """Their values are a strictly increasing function of ours on this sample."""
    ours = np.asarray(ours, dtype=np.int64)
    theirs = np.asarray(theirs, dtype=np.int64)
    # Pairwise on consecutive hands: the signs of the differences agree.
    a = np.sign(np.diff(ours))
    b = np.sign(np.diff(theirs))
    bad = np.flatnonzero(a != b)
    if len(bad):
        i = int(bad[0])
        pytest.fail(
            f"{len(bad)} consecutive pairs ordered differently, first:"
            f" {text(hands[i])} (ours {ours[i]}, theirs {theirs[i]}) vs"
            f" {text(hands[i + 1])} (ours {ours[i + 1]}, theirs {theirs[i + 1]})"
        )
    # The whole map: one value of theirs per value of ours, strictly increasing.
    pairs = np.unique(np.stack([ours, theirs], axis=1), axis=0)
    split = np.flatnonzero(np.diff(pairs[:, 0]) == 0)
    if len(split):
        s = int(pairs[split[0], 0])
        found = [text(hands[i]) for i in np.flatnonzero(ours == s)[:4]]
        pytest.fail(f"our strength {s} maps to several of theirs; hands {found}")
    falls = np.flatnonzero(np.diff(pairs[:, 1]) <= 0)
    if len(falls):
        lo, hi = pairs[falls[0]], pairs[falls[0] + 1]
        a_hand = text(hands[int(np.flatnonzero(ours == lo[0])[0])])
        b_hand = text(hands[int(np.flatnonzero(ours == hi[0])[0])])
        pytest.fail(
            f"order differs: {a_hand} {lo.tolist()} vs {b_hand} {hi.tolist()} (ours, theirs)"
        )


def assert_same_order(ours: Sequence[Any], theirs: Sequence[Any], hands: Sequence[str]) -> None:
    """Pairwise on consecutive items, then over the whole sample sorted by ours.

    ``theirs`` are objects compared with ``<`` and ``==`` (PokerKit hands, stronger greater).
    """
    assert len(ours) == len(theirs) == len(hands)

    def sign(x: Any, y: Any) -> int:
        return 0 if x == y else (1 if x > y else -1)

    for i in range(len(ours) - 1):
        mine = (ours[i] > ours[i + 1]) - (ours[i] < ours[i + 1])
        assert mine == sign(theirs[i], theirs[i + 1]), (hands[i], hands[i + 1])
    order = sorted(range(len(ours)), key=lambda i: ours[i])
    for i, j in itertools.pairwise(order):
        if ours[i] == ours[j]:
            assert theirs[i] == theirs[j], (hands[i], hands[j])
        else:
            assert theirs[i] < theirs[j], (hands[i], hands[j])


def _rank_multisets() -> list[tuple[int, ...]]:
    return [
        r
        for r in itertools.combinations_with_replacement(range(14, 1, -1), 5)
        if max(Counter(r).values()) <= 4
    ]


def _one_of(ranks: tuple[int, ...], *, suited: bool = False) -> list[int]:
    """A five-card hand with these ranks: suited, or never a flush."""
    if suited:
        return [4 * (r - 2) + 3 for r in ranks]
    seen: Counter[int] = Counter()
    hand = []
    for n, r in enumerate(ranks):
        suit = seen[r] if len(set(ranks)) < 5 else (0, 1, 2, 3, 0)[n]
        hand.append(4 * (r - 2) + suit)
        seen[r] += 1
    return hand


def high_classes() -> list[list[int]]:
    """One hand of each of the 7,462 high classes."""
    found = []
    for ranks in _rank_multisets():
        found.append(_one_of(ranks))
        if len(set(ranks)) == 5:
            found.append(_one_of(ranks, suited=True))
    return found


# --- eval7: high hands -----------------------------------------------------------------------


def _eval7_values(eval7: ModuleType, hands: list[list[int]]) -> np.ndarray:
    deck = [eval7.Card(t) for t in TEXT]
    evaluate = eval7.evaluate
    return np.fromiter(
        (evaluate([deck[i] for i in h]) for h in hands), dtype=np.int64, count=len(hands)
    )


def _our_values(hands: list[list[int]]) -> np.ndarray:
    return np.fromiter(map(high_strength, hands), dtype=np.int64, count=len(hands))


def test_ranking_intro_every_high_class_orders_as_eval7(eval7: ModuleType) -> None:
    hands = high_classes()
    assert len(hands) == 7_462
    ours, theirs = _our_values(hands), _eval7_values(eval7, hands)
    assert len(set(ours.tolist())) == 7_462
    assert_monotone(ours, theirs, hands)
    for strength, value in zip(ours.tolist(), theirs.tolist(), strict=True):
        category = HandValue(ranking=Ranking.HIGH, strength=strength).category
        assert EVAL7_TYPES[eval7.handtype(value)] is category


@pytest.mark.slow
@pytest.mark.parametrize("k", [7, 6, 5])
def test_random_high_hands_order_as_eval7(
    eval7: ModuleType,
    k: int,
    size: Callable[[int, int], int],
    rng: np.random.Generator,
    deal: Callable[..., np.ndarray],
) -> None:
    count = size(*SIZES[f"eval7-{k}"])
    hands = deal(rng, count, k).tolist()
    ours, theirs = _our_values(hands), _eval7_values(eval7, hands)
    assert_monotone(ours, theirs, hands)
    # The categories agree as well, on every strength seen.
    seen = dict(zip(ours.tolist(), theirs.tolist(), strict=True))
    for strength, value in seen.items():
        category = HandValue(ranking=Ranking.HIGH, strength=strength).category
        assert EVAL7_TYPES[eval7.handtype(value)] is category
    if k == 7 and count >= 1_000_000:
        assert len(seen) > 4_000  # the sample reaches most of the classes seven cards can make


# --- treys: high hands, lower is better ------------------------------------------------------


@pytest.mark.parametrize("k", [5, 6, 7])
def test_random_high_hands_order_as_treys(
    treys: ModuleType,
    k: int,
    size: Callable[[int, int], int],
    rng: np.random.Generator,
    deal: Callable[..., np.ndarray],
) -> None:
    count = size(*SIZES["treys"])
    hands = deal(rng, count, k).tolist()
    deck = [treys.Card.new(t) for t in TEXT]
    evaluator = treys.Evaluator()
    theirs = np.fromiter(
        (-evaluator.evaluate([deck[i] for i in h[:2]], [deck[i] for i in h[2:]]) for h in hands),
        dtype=np.int64,
        count=count,
    )
    assert_monotone(_our_values(hands), theirs, hands)


# --- PokerKit: Omaha high --------------------------------------------------------------------


def test_random_omaha_deals_order_as_pokerkit(
    pokerkit: ModuleType,
    size: Callable[[int, int], int],
    rng: np.random.Generator,
    deal: Callable[..., np.ndarray],
) -> None:
    count = size(*SIZES["omaha"])
    deals = deal(rng, count, 9).tolist()
    ours = [evaluate_omaha(cards(d[:4]), cards(d[4:])) for d in deals]
    theirs = [pokerkit.OmahaHoldemHand.from_game(text(d[:4]), text(d[4:])) for d in deals]
    for mine, hand in zip(ours, theirs, strict=True):
        assert Category[hand.entry.label.name] is mine.category
    assert_same_order([v.strength for v in ours], theirs, [text(d) for d in deals])


# --- PokerKit: lows --------------------------------------------------------------------------


def test_ranking_1_every_ace_to_five_class_orders_as_pokerkit(pokerkit: ModuleType) -> None:
    hands = [_one_of(r) for r in _rank_multisets()]
    assert len(hands) == 6_175
    ours = [evaluate_ace_to_five(cards(h)) for h in hands]
    assert len({v.strength for v in ours}) == 6_175
    theirs = [pokerkit.RegularLowHand(text(h)) for h in hands]
    for mine, hand in zip(ours, theirs, strict=True):
        assert Category[hand.entry.label.name] is mine.category
    assert_same_order([v.strength for v in ours], theirs, [text(h) for h in hands])


def test_every_deuce_to_seven_class_orders_as_pokerkit(pokerkit: ModuleType) -> None:
    hands = high_classes()
    ours = [evaluate_deuce_to_seven(cards(h)) for h in hands]
    assert len({v.strength for v in ours}) == 7_462
    theirs = [pokerkit.StandardLowHand(text(h)) for h in hands]
    for mine, hand in zip(ours, theirs, strict=True):
        assert Category[hand.entry.label.name] is mine.category
    assert_same_order([v.strength for v in ours], theirs, [text(h) for h in hands])


def test_every_eight_or_better_class_orders_as_pokerkit(pokerkit: ModuleType) -> None:
    hands = [_one_of(r) for r in _rank_multisets()]
    ours = [evaluate_eight_or_better(cards(h)) for h in hands]
    theirs = [pokerkit.EightOrBetterLowHand.from_game_or_none(text(h)) for h in hands]
    assert [v is None for v in ours] == [h is None for h in theirs]
    qualified = [(v.strength, h, text(c)) for v, h, c in zip(ours, theirs, hands, strict=True) if v]
    assert len(qualified) == 56  # C(8, 5): five different ranks from A-8
    assert_same_order(*map(list, zip(*qualified, strict=True)))


@pytest.mark.parametrize(
    ("key", "k", "evaluate", "oracle"),
    [
        ("a5-5", 5, evaluate_ace_to_five, "RegularLowHand"),
        ("a5-7", 7, evaluate_ace_to_five, "RegularLowHand"),
        ("d27-5", 5, evaluate_deuce_to_seven, "StandardLowHand"),
        ("d27-7", 7, evaluate_deuce_to_seven, "StandardLowHand"),
    ],
)
def test_random_low_hands_order_as_pokerkit(
    pokerkit: ModuleType,
    key: str,
    k: int,
    evaluate: Callable[[list[Card]], HandValue],
    oracle: str,
    size: Callable[[int, int], int],
    rng: np.random.Generator,
    deal: Callable[..., np.ndarray],
) -> None:
    hands = deal(rng, size(*SIZES[key]), k).tolist()
    hand_class = getattr(pokerkit, oracle)
    ours = [evaluate(cards(h)).strength for h in hands]
    theirs = [hand_class.from_game(text(h)) for h in hands]
    assert_same_order(ours, theirs, [text(h) for h in hands])


def test_random_eight_or_better_lows_qualify_and_order_as_pokerkit(
    pokerkit: ModuleType,
    size: Callable[[int, int], int],
    rng: np.random.Generator,
    deal: Callable[..., np.ndarray],
) -> None:
    hands = deal(rng, size(*SIZES["eight-7"]), 7).tolist()
    ours = [evaluate_eight_or_better(cards(h)) for h in hands]
    theirs = [pokerkit.EightOrBetterLowHand.from_game_or_none(text(h)) for h in hands]
    assert [v is None for v in ours] == [h is None for h in theirs]
    qualified = [(v.strength, h, text(c)) for v, h, c in zip(ours, theirs, hands, strict=True) if v]
    assert len(qualified) > len(hands) // 10  # roughly 19% of seven-card hands have a low
    assert_same_order(*map(list, zip(*qualified, strict=True)))


def test_random_omaha_eight_or_better_lows_qualify_and_order_as_pokerkit(
    pokerkit: ModuleType,
    size: Callable[[int, int], int],
    rng: np.random.Generator,
    deal: Callable[..., np.ndarray],
) -> None:
    deals = deal(rng, size(*SIZES["omaha8"]), 9).tolist()
    ours = [evaluate_omaha_eight_or_better(cards(d[:4]), cards(d[4:])) for d in deals]
    theirs = [
        pokerkit.OmahaEightOrBetterLowHand.from_game_or_none(text(d[:4]), text(d[4:]))
        for d in deals
    ]
    assert [v is None for v in ours] == [h is None for h in theirs]
    qualified = [(v.strength, h, text(d)) for v, h, d in zip(ours, theirs, deals, strict=True) if v]
    assert len(qualified) > len(deals) // 10
    assert_same_order(*map(list, zip(*qualified, strict=True)))
