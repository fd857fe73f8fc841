"""Low hands and Omaha: ace-to-five, deuce-to-seven, eight-or-better, two-plus-three."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from floorman import Card, parse_cards
from floorman.errors import NotationError
from floorman.evaluation import (
    Category,
    HandValue,
    Ranking,
    evaluate_ace_to_five,
    evaluate_deuce_to_seven,
    evaluate_eight_or_better,
    evaluate_high,
    evaluate_omaha,
    evaluate_omaha_eight_or_better,
    high_strength,
)
from floorman.rulebook import Citation


def a5(text: str) -> HandValue:
    return evaluate_ace_to_five(parse_cards(text))


def d27(text: str) -> HandValue:
    return evaluate_deuce_to_seven(parse_cards(text))


def eight(text: str) -> HandValue | None:
    return evaluate_eight_or_better(parse_cards(text))


def omaha(hole: str, board: str) -> HandValue:
    return evaluate_omaha(parse_cards(hole), parse_cards(board))


def omaha8(hole: str, board: str) -> HandValue | None:
    return evaluate_omaha_eight_or_better(parse_cards(hole), parse_cards(board))


def cards(indices: list[int] | tuple[int, ...]) -> list[Card]:
    return [Card(i) for i in indices]


def _one_of(ranks: tuple[int, ...]) -> list[Card]:
    seen: Counter[int] = Counter()
    hand = []
    for n, r in enumerate(ranks):
        suit = seen[r] if len(set(ranks)) < 5 else (0, 1, 2, 3, 0)[n]
        hand.append(Card(4 * (r - 2) + suit))
        seen[r] += 1
    return hand


RANK_MULTISETS = [
    r
    for r in itertools.combinations_with_replacement(range(14, 1, -1), 5)
    if max(Counter(r).values()) <= 4
]


# --- ace-to-five -----------------------------------------------------------------------------


def test_ranking_1_wheel_is_the_best_ace_to_five_low() -> None:
    wheel = a5("5c 4d 3h 2s Ac")
    assert wheel.strength == 6_175
    assert wheel.name == "Five Low, 5-4-3-2-A"
    assert wheel == a5("5h 4h 3h 2h Ah")  # the flush does not count
    assert wheel > a5("6c 4d 3h 2s Ac")
    assert wheel.citations == (Citation("ranking", "intro"), Citation("ranking", "1"))


def test_ace_to_five_pairs_are_worse_than_any_unpaired_hand() -> None:
    assert a5("Kc Qd Jh Ts 9c") > a5("Ac Ad 2h 3s 4c")
    assert a5("Ac Ad 2h 3s 4c").category is Category.ONE_PAIR
    values = [HandValue(ranking=Ranking.ACE_TO_FIVE, strength=s) for s in range(1, 6_176)]
    categories = [v.category for v in values]
    # From worst to best the category only falls: quads ... pairs, then no pair.
    assert categories == sorted(categories, reverse=True)
    assert categories.count(Category.HIGH_CARD) == 1_287  # C(13, 5)
    assert set(categories) == {
        Category.HIGH_CARD,
        Category.ONE_PAIR,
        Category.TWO_PAIR,
        Category.THREE_OF_A_KIND,
        Category.FULL_HOUSE,
        Category.FOUR_OF_A_KIND,
    }
    assert a5("Ac Ad Ah 2s 2c") > a5("Ac Ad Ah As 2c")  # full house beats quads at low
    assert a5("2c 2d 3h 3s 4c") > a5("2c 2d 2h 3s 4c")  # two pair beats trips at low


def test_ace_to_five_ignores_straights_and_flushes() -> None:
    assert a5("6h 5h 4h 3h 2h") == a5("6c 5d 4h 3s 2c")
    assert a5("6h 5h 4h 3h 2h").category is Category.HIGH_CARD
    assert a5("6h 5h 4h 3h 2h").name == "Six Low, 6-5-4-3-2"
    assert a5("6h 5h 4h 3h 2h") > a5("7c 4d 3h 2s Ac")  # a six low beats a seven low


def test_ace_to_five_ace_is_low_and_ranks_compare_from_the_top() -> None:
    assert a5("Ac 3d 4h 5s 6c") > a5("2c 3d 4h 5s 6c")
    assert a5("7c 5d 4h 3s 2c") > a5("7c 6d 3h 2s Ac")  # 7-5 beats 7-6
    assert a5("8c 6d 4h 3s 2c") > a5("8c 6d 5h 2s Ac")  # third card decides
    assert a5("Ac Ad 3h 4s 5c") > a5("2c 2d 3h 4s 5c")  # aces are the lowest pair
    assert a5("Xx 7c 5d 3s 2h").name == "Seven Low, 7-5-3-2-A"


def test_ace_to_five_plays_the_best_five_of_seven() -> None:
    value = a5("Ah 2c 3d 4s 6h Kd Kc")
    assert value.name == "Six Low, 6-4-3-2-A"
    assert value == a5("Ah 2c 3d 4s 6h")
    assert a5("Kc Kd Kh Ks Qc Qd Jh").name == "Two Pair, Kings and Queens"


# --- deuce-to-seven --------------------------------------------------------------------------


def test_deuce_to_seven_seven_five_four_three_two_is_best() -> None:
    best = d27("7h 5c 4d 3s 2h")
    assert best.strength == 7_462
    assert best.name == "Seven Low, 7-5-4-3-2"
    assert best.category is Category.HIGH_CARD
    assert best > d27("7h 6c 4d 3s 2h")
    assert best > d27("8h 5c 4d 3s 2h")
    assert HandValue(ranking=Ranking.DEUCE_TO_SEVEN, strength=1).name == "Royal Flush"


def test_deuce_to_seven_wheel_is_ace_high_not_a_straight() -> None:
    wheel = d27("5h 4c 3d 2s Ah")
    assert wheel.category is Category.HIGH_CARD
    assert wheel.name == "Ace Low, A-5-4-3-2"
    assert wheel < d27("Kh Qc Jd 9s 8h")  # the ace is high: worse than any king low
    assert wheel > d27("2h 2c 3d 4s 5h")  # ... but still better than a pair


def test_deuce_to_seven_straights_and_flushes_count_against_the_hand() -> None:
    straight = d27("6h 5c 4d 3s 2h")
    assert straight.category is Category.STRAIGHT
    assert straight.name == "Straight, Six High"
    assert straight < d27("Ac Kd Qh Js 9c")  # any unpaired hand beats a straight
    assert straight < d27("Qc Qd Qh 3s 2c")  # ... and so do trips
    flush = d27("8h 7h 5h 4h 2h")
    assert flush.category is Category.FLUSH
    assert flush.name == "Flush, Eight High"
    assert flush < straight
    assert flush < d27("8c 7h 5h 4h 2h")
    assert d27("7h 5h 4h 3h 2h").name == "Flush, Seven High"
    # Worse still, in turn: full house, four of a kind, straight flush.
    assert d27("6h 5h 4h 3h 2h") < d27("Kc Kd Kh Ks Ac") < d27("Ac Ad Ah Ks Kc") < flush
    assert d27("6h 5h 4h 3h 2h").category is Category.STRAIGHT_FLUSH
    assert d27("5h 4h 3h 2h Ah").name == "Flush, Ace High"  # no steel wheel at 2-7


def test_deuce_to_seven_ace_is_always_high() -> None:
    assert d27("Ac Kd Qh Js 9c") < d27("Kc Qd Jh Ts 8c")
    assert d27("Ac Ad 3h 4s 5c") < d27("Kc Kd 3h 4s 5c")  # aces are the worst pair


def test_deuce_to_seven_plays_the_best_five_of_seven() -> None:
    assert d27("7h 5c 4d 3s 2h Kc Kd").name == "Seven Low, 7-5-4-3-2"
    # Seven hearts 2-8: the best five dodge the straight flush but not the flush.
    assert d27("7h 6h 5h 4h 3h 2h 8h").name == "Flush, Seven High"


@given(
    st.lists(st.integers(0, 51), min_size=10, max_size=10, unique=True),
)
def test_deuce_to_seven_is_high_turned_upside_down(both: list[int]) -> None:
    # Without the wheel (an ace-low straight only at high), 2-7 reverses the high order.
    first, second = both[:5], both[5:]
    for hand in (first, second):
        assume({i // 4 for i in hand} != {12, 0, 1, 2, 3})
    high_order = (high_strength(first) > high_strength(second)) - (
        high_strength(first) < high_strength(second)
    )
    a, b = evaluate_deuce_to_seven(cards(first)), evaluate_deuce_to_seven(cards(second))
    assert ((a > b) - (a < b)) == -high_order


def test_deuce_to_seven_refuses_the_joker() -> None:
    with pytest.raises(NotationError, match="joker"):
        d27("7h 5c 4d 3s Xx")


# --- eight-or-better -------------------------------------------------------------------------


def test_eight_or_better_qualifier() -> None:
    lowest = eight("8s 7d 6c 5h 4h")
    assert lowest is not None
    assert lowest.name == "Eight Low, 8-7-6-5-4"
    assert lowest.ranking is Ranking.ACE_TO_FIVE
    assert eight("9s 7d 6c 5h 4h") is None
    assert eight("9s 4d 3c 2h Ah") is None
    assert eight("8s 8d 6c 5h 4h") is None  # paired
    assert eight("Ac Ad 2h 3s 4c") is None
    best = eight("5c 4c 3c 2c Ac")  # flush and straight do not matter
    assert best is not None
    assert best.strength == 6_175
    assert eight("8c 6d 4h 3s 2c") == a5("8c 6d 4h 3s 2c")


def test_eight_or_better_qualifies_exactly_five_unpaired_cards_eight_or_lower() -> None:
    qualified = 0
    for ranks in RANK_MULTISETS:
        low_ranks = {1 if r == 14 else r for r in ranks}
        expected = len(low_ranks) == 5 and max(low_ranks) <= 8
        value = evaluate_eight_or_better(_one_of(ranks))
        assert (value is not None) == expected, ranks
        qualified += expected
    assert qualified == 56


def test_eight_or_better_best_of_seven_picks_a_qualifying_low() -> None:
    value = eight("Ac 2d 3h 9s 8c 7d Kd")
    assert value is not None
    assert value.name == "Eight Low, 8-7-3-2-A"
    value = eight("9c 9d Ac 2d 4h 7s 8c")
    assert value is not None
    assert value.name == "Eight Low, 8-7-4-2-A"
    assert eight("Ac 2d 3h 4s 9c Kd Kh") is None  # only four low ranks
    assert eight("Ac Ad 2h 3s 4c 9d 9h") is None
    value = eight("8s 7d 6c 4h Ah Kd Kc")
    assert value is not None
    assert value.name == "Eight Low, 8-7-6-4-A"


# --- Omaha: exactly two hole cards and three board cards -------------------------------------


def test_omaha_eight_or_better_uses_exactly_two_hole_cards() -> None:
    value = omaha8("Ah 2h Kc Kd", "3c 4d 5s Qh Jh")
    assert value is not None
    assert value.name == "Five Low, 5-4-3-2-A"
    # One low card in the hand: no low, though the board is 2-3-4-5-6.
    assert omaha8("Ah Kh Kc Kd", "2c 3d 4s 5h 6h") is None
    # Four low cards in hand but two on the board: no low either.
    assert omaha8("Ah 2h 3c 4d", "5s 6h Kc Qd Jh") is None
    # Three board cards: A-2 with 5-6-7, not the wheel A-2-3-4 + 5.
    value = omaha8("Ah 2h 3c 4d", "5s 6h 7c Kd Qh")
    assert value is not None
    assert value.name == "Seven Low, 7-6-5-2-A"
    value = omaha8("Ac 7d 8h 9s", "2c 3d 4h 5s 6c")
    assert value is not None
    assert value.name == "Seven Low, 7-4-3-2-A"


def test_omaha_high_uses_exactly_two_hole_cards() -> None:
    # Four hearts in the hand and one on the board: no flush.
    no_flush = omaha("Ah Kh Qh Jh", "2h 3c 4d 9s Ts")
    assert no_flush.category is Category.HIGH_CARD
    assert evaluate_high(parse_cards("Ah Kh Qh Jh 2h 3c 4d 9s Ts")).category is Category.FLUSH
    # A board of four queens gives three queens to a hand without a queen.
    assert omaha("Ah Kd 2c 3d", "Qs Qh Qd Qc 8h").name == "Three of a Kind, Queens"
    # A flush on the board needs two of the suit in the hand.
    assert omaha("As Kd Qc Jh", "2s 5s 7s 9s Ts").category is not Category.FLUSH
    assert omaha("As 3s Kd Qc", "2s 5s 7s 9s Ts").name == "Flush, Ace High"
    # A straight on the board plays only with two hole cards.
    assert omaha("Ac Ad Kc Kd", "5c 6d 7h 8s 9c").name == "One Pair, Aces"
    assert omaha("Ah Kc 2c 3d", "Qh Jh Th 9h 8h").name == "Straight, Ace High"


def test_omaha_refuses_wrong_card_counts_duplicates_and_the_joker() -> None:
    with pytest.raises(NotationError, match="two hole cards"):
        omaha("Ah", "2c 3d 4h 5s 6c")
    with pytest.raises(NotationError, match="two hole cards"):
        omaha("Ah Kd Qc Js", "2c 3d")
    with pytest.raises(NotationError, match="twice"):
        omaha("Ah Kd Qc Js", "Ah 3d 4h 5s 6c")
    with pytest.raises(NotationError, match="joker"):
        omaha8("Ah Kd Qc Xx", "2c 3d 4h 5s 6c")
    # Five-card Omaha: still exactly two from the hand.
    assert omaha("Ah Kh Qh Jh Th", "2h 3c 4d 9s 8s").category is Category.HIGH_CARD


omaha_deals = st.lists(st.integers(0, 51), min_size=9, max_size=9, unique=True)


@given(omaha_deals)
def test_omaha_is_the_best_two_plus_three(deal: list[int]) -> None:
    hole, board = deal[:4], deal[4:]
    best = max(
        high_strength(list(two) + list(three))
        for two in itertools.combinations(hole, 2)
        for three in itertools.combinations(board, 3)
    )
    assert evaluate_omaha(cards(hole), cards(board)).strength == best
    lows = [
        evaluate_eight_or_better(cards(list(two) + list(three)))
        for two in itertools.combinations(hole, 2)
        for three in itertools.combinations(board, 3)
    ]
    qualifying = [v for v in lows if v is not None]
    expected = max(qualifying) if qualifying else None
    assert evaluate_omaha_eight_or_better(cards(hole), cards(board)) == expected


# --- names -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "name"),
    [
        (lambda: a5("Ac 2d 3h 4s 5c"), "Five Low, 5-4-3-2-A"),
        (lambda: a5("8s 7d 6c 4h Ah"), "Eight Low, 8-7-6-4-A"),
        (lambda: a5("Kc Qd Jh Ts 9c"), "King Low, K-Q-J-T-9"),
        (lambda: a5("Ac Ad 2h 3s 4c"), "One Pair, Aces"),
        (lambda: d27("7h 5c 4d 3s 2h"), "Seven Low, 7-5-4-3-2"),
        (lambda: d27("Kc Kd 3h 4s 5c"), "One Pair, Kings"),
        (lambda: d27("Ac Kd Qh Js Tc"), "Straight, Ace High"),
    ],
)
def test_low_hand_names(value: object, name: str) -> None:
    assert value().name == name  # type: ignore[operator]
