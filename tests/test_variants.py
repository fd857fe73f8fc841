"""Badugi and short-deck hold'em against PokerKit 0.7.7, the oracle for both games.

PokerKit numbers the classes of each game densely, as we do, so the check is
exact: our short-deck strength is PokerKit's entry index plus one (higher is
better in both), and our badugi strength is 1,092 less PokerKit's index (its
badugi index 0 is the best hand). Exact agreement implies the same order on
every pair of hands; the pairwise comparisons are made on PokerKit's hand
objects as well.

Coverage: every class of both games; every five-card short-deck hand (376,992);
every four-card badugi hand (270,725), where PokerKit is asked once per hand up
to a relabelling of suits (its badugi reads suits only as "all different");
random six- and seven-card short-deck hands and five- and six-card badugi hands.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from floorman.cards import Card, Rank, Suit, format_cards, parse_cards
from floorman.errors import NotationError
from floorman.evaluation import Category, HandValue, Ranking
from floorman.evaluation.variants import (
    BadugiValue,
    ShortDeckValue,
    evaluate_badugi,
    evaluate_short_deck,
)

SHORT_DECK = tuple(Card(i) for i in range(16, 52))  # 6c .. As
BADUGI_CLASSES = 1_092
SHORT_DECK_CLASSES = 1_404


@pytest.fixture(scope="module")
def pokerkit() -> ModuleType:
    module: ModuleType = pytest.importorskip("pokerkit")
    return module


def pk_cards(pokerkit: ModuleType, cards: Sequence[Card]) -> tuple[Any, ...]:
    """PokerKit's cards for ours."""
    return tuple(pokerkit.Card.parse(format_cards(cards, sep="")))


def pk_deck(pokerkit: ModuleType) -> list[Any]:
    """PokerKit's card for each of our card indices 0-51."""
    return [next(iter(pokerkit.Card.parse(str(Card(i))))) for i in range(52)]


# --- badugi -----------------------------------------------------------------------------------


def test_every_badugi_class_ranks_as_pokerkit(pokerkit: ModuleType) -> None:
    """All 1,092 classes, each as its ranks in four different suits."""
    lookup = pokerkit.BadugiHand.lookup
    for strength in range(1, BADUGI_CLASSES + 1):
        value = BadugiValue(strength=strength)
        cards = tuple(Card.of(r, Suit(i)) for i, r in enumerate(value.ranks))
        assert lookup.get_entry(pk_cards(pokerkit, cards)).index == BADUGI_CLASSES - strength
        assert BadugiValue(strength=strength, cards=cards) == value
        assert value.size == len(cards)


def _suit_key(hand: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """The hand with its suits renamed in order of appearance (same key, same badugi)."""
    names: dict[int, int] = {}
    return tuple((c >> 2, names.setdefault(c & 3, len(names))) for c in hand)


def test_every_four_card_badugi_hand_as_pokerkit(pokerkit: ModuleType) -> None:
    deck = pk_deck(pokerkit)
    theirs: dict[tuple[tuple[int, int], ...], int] = {}
    seen: set[int] = set()
    count = 0
    for hand in itertools.combinations(range(52), 4):
        value = evaluate_badugi(Card(i) for i in hand)
        key = _suit_key(hand)
        expected = theirs.get(key)
        if expected is None:
            best = pokerkit.BadugiHand.from_game([deck[i] for i in hand])
            expected = theirs[key] = BADUGI_CLASSES - best.entry.index
        assert value.strength == expected, format_cards(Card(i) for i in hand)
        seen.add(expected)
        count += 1
    assert count == 270_725
    assert seen == set(range(1, BADUGI_CLASSES + 1))  # four cards reach every class
    assert len(theirs) > 20_000  # PokerKit was asked about every distinct suit pattern


@pytest.mark.parametrize("k", [5, 6])
def test_random_badugi_hands_of_more_cards_as_pokerkit(
    pokerkit: ModuleType, k: int, size: Callable[[int, int], int], rng: np.random.Generator
) -> None:
    draw = random.Random(int(rng.integers(2**32)))
    deck = pk_deck(pokerkit)
    hands = [draw.sample(range(52), k) for _ in range(size(1_500, 20_000))]
    ours = [evaluate_badugi(Card(i) for i in h) for h in hands]
    theirs = [pokerkit.BadugiHand.from_game([deck[i] for i in h]) for h in hands]
    for mine, hand in zip(ours, theirs, strict=True):
        assert mine.strength == BADUGI_CLASSES - hand.entry.index
    assert_same_pairwise_order(ours, theirs)


def test_badugi_picks_the_largest_then_lowest_set() -> None:
    # 2-3-4 with an ace that shares a suit: either A-3-4 or 2-3-4 plays; A-3-4 is lower.
    v = evaluate_badugi(parse_cards("As 2s 3h 4d"))
    assert v.name == "Three-card hand, 4-3-A"
    assert format_cards(v.cards) == "4d 3h As"
    # A wheel-like four-card badugi is not beaten by any lower three-card set.
    assert evaluate_badugi(parse_cards("Kc Qd Jh Ts")) > evaluate_badugi(parse_cards("Ac 2c 3d 4h"))
    # Picking greedily from the lowest card would choose A-2 (suits c, d) and stop.
    v = evaluate_badugi(parse_cards("Ac 2d 3c 4d"))
    assert v.size == 2
    assert v.name == "Two-card hand, 2-A"
    # Suits never break ties.
    assert evaluate_badugi(parse_cards("7h 4c 3d As")) == evaluate_badugi(
        parse_cards("7s 4d 3h Ac")
    )


def test_badugi_names() -> None:
    names = {
        "7h 4c 3d As": "Four-card badugi, 7-4-3-A",
        "8h 5c 2d 2h": "Three-card hand, 8-5-2",
        "Kc Qc Jd Td": "Two-card hand, Q-T",
        "Kc Kd Kh Ks": "One-card hand, K",
        "Ts Jh Qd Kc": "Four-card badugi, K-Q-J-T",
    }
    for text, name in names.items():
        v = evaluate_badugi(parse_cards(text))
        assert v.name == name
        assert str(v) == name
    all_names = [BadugiValue(strength=s).name for s in range(1, BADUGI_CLASSES + 1)]
    assert len(set(all_names)) == BADUGI_CLASSES
    assert BadugiValue(strength=BADUGI_CLASSES).ranks == (Rank.FOUR, Rank.THREE, Rank.TWO, Rank.ACE)
    assert BadugiValue(strength=BADUGI_CLASSES).is_badugi
    assert not BadugiValue(strength=BADUGI_CLASSES - 715).is_badugi


def test_badugi_showdown_from_a_hand_history() -> None:
    # PHH alice-carol-wikipedia (variant FB): Carol's 8-7-5-3 beats Alice's 9-6-4-2.
    alice = evaluate_badugi(parse_cards("2s4c6d9h"))
    carol = evaluate_badugi(parse_cards("3s5d7c8h"))
    assert (alice.name, carol.name) == ("Four-card badugi, 9-6-4-2", "Four-card badugi, 8-7-5-3")
    assert carol > alice


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Ac 2d 3h", "needs at least 4 cards, got 3"),
        ("", "needs at least 4 cards, got 0"),
        ("Ac 2d 3h Ac", "same card twice: Ac"),
        ("Ac 2d 3h Xx", "without the joker"),
    ],
)
def test_badugi_refuses_bad_input(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        evaluate_badugi(parse_cards(text))


# --- short-deck hold'em -----------------------------------------------------------------------


def _representatives() -> list[tuple[Card, ...]]:
    """Five cards for every short-deck rank multiset, unsuited and (if possible) suited."""
    hands = []
    for ranks in itertools.combinations_with_replacement(range(6, 15), 5):
        counts = Counter(ranks)
        if max(counts.values()) > 4:
            continue
        # The n-th card of a rank takes suit n, with one offset so five distinct
        # ranks are not all clubs.
        seen: Counter[int] = Counter()
        cards = []
        for i, r in enumerate(ranks):
            suit = seen[r] if len(counts) < 5 else (1 if i == 0 else 0)
            seen[r] += 1
            cards.append(Card(4 * (r - 2) + suit))
        hands.append(tuple(cards))
        if len(counts) == 5:
            hands.append(tuple(Card(4 * (r - 2) + 2) for r in ranks))
    return hands


def test_every_short_deck_class_ranks_as_pokerkit(pokerkit: ModuleType) -> None:
    lookup = pokerkit.ShortDeckHoldemHand.lookup
    seen = {}
    for cards in _representatives():
        value = evaluate_short_deck(cards)
        entry = lookup.get_entry(pk_cards(pokerkit, cards))
        assert value.strength == entry.index + 1, format_cards(cards)
        assert value.category is Category[entry.label.name]
        seen[value.strength] = value
    assert sorted(seen) == list(range(1, SHORT_DECK_CLASSES + 1))
    # Every class has its own description, and its name matches the category.
    assert len({v.description for v in seen.values()}) == SHORT_DECK_CLASSES
    for v in seen.values():
        assert v.name.startswith(v.category.title) or v.name == "Royal Flush"


def test_every_five_card_short_deck_hand_as_pokerkit(pokerkit: ModuleType) -> None:
    deck = pk_deck(pokerkit)
    lookup = pokerkit.ShortDeckHoldemHand.lookup
    indices = range(16, 52)
    count = 0
    for hand in itertools.combinations(indices, 5):
        value = evaluate_short_deck(Card(i) for i in hand)
        assert value.strength == lookup.get_entry([deck[i] for i in hand]).index + 1, hand
        count += 1
    assert count == 376_992


@pytest.mark.parametrize("k", [6, 7])
def test_random_short_deck_hands_as_pokerkit(
    pokerkit: ModuleType, k: int, size: Callable[[int, int], int], rng: np.random.Generator
) -> None:
    draw = random.Random(int(rng.integers(2**32)) + k)
    deck = pk_deck(pokerkit)
    hands = [draw.sample(range(16, 52), k) for _ in range(size(2_000, 30_000))]
    ours = [evaluate_short_deck(Card(i) for i in h) for h in hands]
    theirs = [pokerkit.ShortDeckHoldemHand.from_game([deck[i] for i in h]) for h in hands]
    for mine, hand in zip(ours, theirs, strict=True):
        assert mine.strength == hand.entry.index + 1
        assert mine.category is Category[hand.entry.label.name]
        # The five cards we name make the hand PokerKit found.
        assert evaluate_short_deck(mine.cards) == mine
    assert_same_pairwise_order(ours, theirs)


def test_short_deck_ranking_differs_from_hold_em() -> None:
    def value(text: str) -> ShortDeckValue:
        return evaluate_short_deck(parse_cards(text))

    flush = value("Ah Kh 9h 7h 6h")
    full_house = value("Ac Ad As Kc Kd")
    straight = value("Ts Jh Qd Kc Ac")
    wheel = value("As 6c 7h 8h 9d")  # A-6-7-8-9: the ace plays low
    trips = value("Ac Ad As Kc Qd")
    four = value("6c 6d 6h 6s 7c")
    assert trips < wheel < value("6s 7c 8h 9d Tc") < straight < full_house < flush < four
    assert wheel.name == "Straight, Nine High"
    assert wheel.ranks == (Rank.NINE,)
    assert format_cards(wheel.cards) == "9d 8h 7h 6c As"
    assert value("As 6s 7s 8s 9s").name == "Straight Flush, Nine High"
    assert value("As 6s 7s 8s 9s") > four
    assert value("As Ks Qs Js Ts").name == "Royal Flush"
    assert ShortDeckValue(strength=1).name == "High Card, Jack"
    assert full_house.name == "Full House, Aces over Kings"
    assert flush.name == "Flush, Ace High"
    assert flush.category is Category.FLUSH


def test_short_deck_showdown_from_a_hand_history() -> None:
    # PHH phua-xuan-2019 (variant NS): Xuan's queens make K-Q-J-T-9 on the river,
    # and the straight beats Phua's set of kings.
    board = parse_cards("9h6cKc Jh Ts")
    phua = evaluate_short_deck(parse_cards("KhKs") + board)
    xuan = evaluate_short_deck(parse_cards("QhQd") + board)
    assert phua.name == "Three of a Kind, Kings"
    assert xuan.name == "Straight, King High"
    assert xuan > phua


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("As Ks Qs Js 5s", "no card below the six: 5s"),
        ("2c 3d Ah Kh Qh Jh", "no card below the six: 2c 3d"),
        ("As Ks Qs Js", "best five of 5 to 7 cards, got 4"),
        ("As Ks Qs Js Ts 9s 8s 7s", "got 8"),
        ("As Ks Qs Js As", "same card twice: As"),
        ("As Ks Qs Js Xx", "without the joker"),
    ],
)
def test_short_deck_refuses_bad_input(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        evaluate_short_deck(parse_cards(text))


def test_duplicate_cards_cite_the_rule() -> None:
    with pytest.raises(NotationError) as caught:
        evaluate_short_deck(parse_cards("As Ks Qs Js As"))
    assert [c.id for c in caught.value.citations] == ["irregularities.4"]


# --- the value objects ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("evaluate", "text"),
    [
        (evaluate_badugi, "7h 4c 3d As"),
        (evaluate_badugi, "Kc Kd Kh 2s"),
        (evaluate_short_deck, "Ah Kh 9h 7h 6h Kd Ks"),
        (evaluate_short_deck, "As 6c 7h 8h 9d"),
    ],
)
def test_values_repr_round_trips(evaluate: Callable[[Any], Any], text: str) -> None:
    value = evaluate(parse_cards(text))
    namespace = {
        "BadugiValue": BadugiValue,
        "ShortDeckValue": ShortDeckValue,
        "parse_cards": parse_cards,
    }
    again = eval(repr(value), namespace)
    assert again == value
    assert again.cards == value.cards
    bare = type(value)(strength=value.strength)
    assert eval(repr(bare), namespace) == bare == value
    assert hash(bare) == hash(value)


def test_values_order_and_equality() -> None:
    a = BadugiValue(strength=10)
    b = BadugiValue(strength=11)
    assert a < b <= b
    assert b > a >= a
    assert a != b
    assert sorted([b, a]) == [a, b]
    assert len({a, BadugiValue(strength=10), b}) == 2
    s = ShortDeckValue(strength=10)
    with pytest.raises(TypeError):
        _ = a < s  # type: ignore[operator]
    with pytest.raises(TypeError):
        _ = s < HandValue(ranking=Ranking.HIGH, strength=10)
    others: list[object] = [s, HandValue(ranking=Ranking.HIGH, strength=10)]
    assert a not in others
    assert s != others[1]


def test_values_check_their_fields() -> None:
    with pytest.raises(ValueError, match="1 to 1092"):
        BadugiValue(strength=0)
    with pytest.raises(ValueError, match="1 to 1404"):
        ShortDeckValue(strength=1405)
    with pytest.raises(ValueError, match="not a badugi"):
        BadugiValue(strength=1, cards=parse_cards("Ks Kd"))
    with pytest.raises(ValueError, match="strength 1, not 2"):
        BadugiValue(strength=2, cards=parse_cards("Ks"))
    with pytest.raises(ValueError, match="not five short-deck cards"):
        ShortDeckValue(strength=1, cards=parse_cards("As Ks Qs Js 5s"))
    with pytest.raises(ValueError, match="not 1"):
        ShortDeckValue(strength=1, cards=parse_cards("As Ks Qs Js Ts"))
    # Cards given as a list are kept as a tuple.
    v = ShortDeckValue(strength=SHORT_DECK_CLASSES, cards=list(parse_cards("As Ks Qs Js Ts")))  # type: ignore[arg-type]
    assert isinstance(v.cards, tuple)


# --- properties -------------------------------------------------------------------------------

short_hands = st.integers(5, 7).flatmap(
    lambda k: st.lists(st.sampled_from(SHORT_DECK), min_size=k, max_size=k, unique=True)
)
badugi_hands = st.integers(4, 6).flatmap(
    lambda k: st.lists(
        st.sampled_from(tuple(Card(i) for i in range(52))), min_size=k, max_size=k, unique=True
    )
)
suit_maps = st.permutations(range(4))


def _relabel(cards: Sequence[Card], suits: Sequence[int]) -> list[Card]:
    return [Card(c.index - (c.index & 3) + suits[c.index & 3]) for c in cards]


@given(short_hands, suit_maps)
def test_short_deck_is_best_five_and_ignores_suit_names(
    cards: list[Card], suits: list[int]
) -> None:
    value = evaluate_short_deck(cards)
    assert value == max(evaluate_short_deck(five) for five in itertools.combinations(cards, 5))
    assert set(value.cards) <= set(cards)
    assert evaluate_short_deck(_relabel(cards, suits)) == value


@given(badugi_hands, suit_maps)
def test_badugi_ignores_suit_names_and_more_cards_never_hurt(
    cards: list[Card], suits: list[int]
) -> None:
    value = evaluate_badugi(cards)
    assert set(value.cards) <= set(cards)
    assert evaluate_badugi(_relabel(cards, suits)) == value
    if len(cards) > 4:
        assert value >= evaluate_badugi(cards[:-1])


# --- helpers ----------------------------------------------------------------------------------


def assert_same_pairwise_order(ours: Sequence[Any], theirs: Sequence[Any]) -> None:
    """Consecutive hands compare the same way in both systems."""
    for i in range(len(ours) - 1):
        a, b = ours[i], ours[i + 1]
        pa, pb = theirs[i], theirs[i + 1]
        assert (a < b, a == b, a > b) == (pa < pb, pa == pb, pa > pb), (a, b, pa, pb)
