"""High-hand ranking (RRP5 ranking.intro, ranking.1-11, ties.1): exhaustive and by rule.

The exhaustive test classifies all 2,598,960 five-card hands; the rule tests
show each rule of the ranking section enforced by hands chosen to break it if
the evaluator got it wrong; the property tests check invariances over random
hands.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from floorman import Card, parse_cards
from floorman.errors import NotationError
from floorman.evaluation import (
    Category,
    HandValue,
    Ranking,
    best_five,
    evaluate_ace_to_five,
    evaluate_deuce_to_seven,
    evaluate_eight_or_better,
    evaluate_high,
    high_strength,
)
from floorman.rulebook import Citation

RANKS = "23456789TJQKA"

#: How many of the 2,598,960 five-card hands fall in each category.
CATEGORY_COUNTS = {
    Category.STRAIGHT_FLUSH: 40,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3_744,
    Category.FLUSH: 5_108,
    Category.STRAIGHT: 10_200,
    Category.THREE_OF_A_KIND: 54_912,
    Category.TWO_PAIR: 123_552,
    Category.ONE_PAIR: 1_098_240,
    Category.HIGH_CARD: 1_302_540,
}

#: How many distinct hand classes (strengths) each category has.
CATEGORY_CLASSES = {
    Category.STRAIGHT_FLUSH: 10,
    Category.FOUR_OF_A_KIND: 156,
    Category.FULL_HOUSE: 156,
    Category.FLUSH: 1_277,
    Category.STRAIGHT: 10,
    Category.THREE_OF_A_KIND: 858,
    Category.TWO_PAIR: 858,
    Category.ONE_PAIR: 2_860,
    Category.HIGH_CARD: 1_277,
}


def high(text: str) -> HandValue:
    return evaluate_high(parse_cards(text))


def cards(indices: list[int] | tuple[int, ...]) -> list[Card]:
    return [Card(i) for i in indices]


def citation(n: int | str) -> Citation:
    return Citation("ranking", str(n))


def strictly_increasing(values: list[HandValue]) -> bool:
    return all(a < b for a, b in itertools.pairwise(values))


# --- the exhaustive five-card proof ----------------------------------------------------------


@pytest.fixture(scope="module")
def five_card_strengths() -> Counter[int]:
    """How many five-card hands have each strength: every one of the 2,598,960."""
    return Counter(map(high_strength, itertools.combinations(range(52), 5)))


def test_ranking_intro_every_five_card_hand_by_category(
    five_card_strengths: Counter[int],
) -> None:
    assert sum(five_card_strengths.values()) == 2_598_960
    by_category: Counter[Category] = Counter()
    classes: Counter[Category] = Counter()
    for strength, count in five_card_strengths.items():
        category = HandValue(ranking=Ranking.HIGH, strength=strength).category
        by_category[category] += count
        classes[category] += 1
    assert dict(by_category) == CATEGORY_COUNTS
    assert dict(classes) == CATEGORY_CLASSES


def test_ranking_intro_7462_distinct_strengths_dense_from_one(
    five_card_strengths: Counter[int],
) -> None:
    assert len(five_card_strengths) == 7_462
    assert set(five_card_strengths) == set(range(1, 7_463))


def test_ranking_intro_category_never_falls_as_strength_rises() -> None:
    categories = [HandValue(ranking=Ranking.HIGH, strength=s).category for s in range(1, 7_463)]
    assert categories == sorted(categories)
    assert categories[0] is Category.HIGH_CARD
    assert categories[-1] is Category.STRAIGHT_FLUSH
    # Every category 1-9 appears, in rule order.
    assert list(dict.fromkeys(categories)) == list(Category)[:9]


def test_ranking_intro_kickers_order_every_class_within_its_category() -> None:
    # Within a category, a stronger hand has lexicographically higher deciding ranks
    # (pair rank, then kickers, ...), and the ranks of two classes never coincide.
    values = [HandValue(ranking=Ranking.HIGH, strength=s) for s in range(1, 7_476)]
    for weaker, stronger in itertools.pairwise(values):
        if weaker.category is stronger.category:
            assert weaker.ranks < stronger.ranks, (weaker, stronger)
        else:
            assert weaker.category < stronger.category


def _reference_key(ranks: tuple[int, ...], suited: bool) -> tuple[int, tuple[int, ...]]:
    """A hand's worth computed straight from RRP5 ranking.1-10, nothing shared with src."""
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = tuple(c for _, c in groups)
    order = tuple(r for r, _ in groups)
    distinct = sorted(counts)
    top = 0
    if len(distinct) == 5 and distinct[-1] - distinct[0] == 4:
        top = distinct[-1]
    elif distinct == [2, 3, 4, 5, 14]:
        top = 5  # ranking.5: the ace plays low in 5-4-3-2-A
    if top and suited:
        return (9, (top,))
    if shape == (4, 1):
        return (8, order)
    if shape == (3, 2):
        return (7, order)
    if suited:
        return (6, order)
    if top:
        return (5, (top,))
    return ({(3, 1, 1): 4, (2, 2, 1): 3, (2, 1, 1, 1): 2, (1, 1, 1, 1, 1): 1}[shape], order)


def _class_representatives() -> list[tuple[tuple[int, ...], bool, list[int]]]:
    """One hand of every high class: each rank multiset, plus the suited ones."""
    found = []
    for ranks in itertools.combinations_with_replacement(range(14, 1, -1), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        seen: Counter[int] = Counter()
        if len(set(ranks)) == 5:
            found.append(
                (
                    ranks,
                    False,
                    [4 * (r - 2) + s for r, s in zip(ranks, (0, 1, 2, 3, 0), strict=True)],
                )
            )
            found.append((ranks, True, [4 * (r - 2) + 3 for r in ranks]))
            continue
        hand = []
        for r in ranks:
            hand.append(4 * (r - 2) + seen[r])
            seen[r] += 1
        found.append((ranks, False, hand))
    return found


def test_ranking_intro_every_class_orders_as_the_rulebook_says() -> None:
    reps = _class_representatives()
    assert len(reps) == 7_462
    scored = sorted(
        (evaluate_high(cards(hand)).strength, ranks, suited) for ranks, suited, hand in reps
    )
    assert [s for s, _, _ in scored] == list(range(1, 7_463))
    keys = [_reference_key(ranks, suited) for _, ranks, suited in scored]
    assert all(a < b for a, b in itertools.pairwise(keys))


# --- the rules one by one --------------------------------------------------------------------


def test_ranking_intro_highest_hand_wins_high_and_lowest_wins_low() -> None:
    assert high("As Ad Kc Kd 2h") > high("Qs Qd Jc Jd Ah")
    assert max([high("7c 7d 2h 3s 9c"), high("Ac Kd 9h 5s 3c")]).category is Category.ONE_PAIR
    # At low the "lowest" hand is the best: its strength is the highest.
    best, worse = parse_cards("5c 4d 3h 2s Ac"), parse_cards("6c 4d 3h 2s Ac")
    assert evaluate_ace_to_five(best) > evaluate_ace_to_five(worse)
    best, worse = parse_cards("7c 5d 4h 3s 2c"), parse_cards("8c 5d 4h 3s 2c")
    assert evaluate_deuce_to_seven(best) > evaluate_deuce_to_seven(worse)


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("Kc Kd Ah 7s 4c", "Kh Ks Qh Js 9c"),  # first kicker
        ("Kc Kd Ah 7s 4c", "Kh Ks Ad 6h 5c"),  # second kicker
        ("Kc Kd Ah 7s 4c", "Kh Ks Ad 7h 3c"),  # third kicker
        ("Jc Jd 4h 4s Ac", "Jh Js 4c 4d Kc"),  # two pair: the odd card
        ("7c 7d 7h As 2c", "7c 7d 7s Ks Qc"),  # trips: kickers
        ("Ac Kd Qh Js 9c", "As Kh Qd Jc 8h"),  # high card: the fifth card
        ("Ac Kd Qh 9s 8c", "As Kh Jd Tc 9h"),  # high card: the third card
        ("9c 9d 9h 9s Ac", "9c 9d 9h 9s Kc"),  # quads: the kicker
    ],
)
def test_ranking_intro_kickers_decide_equal_categories(better: str, worse: str) -> None:
    b, w = high(better), high(worse)
    assert b.category is w.category
    assert b > w
    assert w < b
    assert b != w


def test_ranking_intro_identical_ranks_tie() -> None:
    assert high("Kc Kd Ah 7s 4c") == high("Kh Ks Ad 7h 4s")
    assert hash(high("Kc Kd Ah 7s 4c")) == hash(high("Kh Ks Ad 7h 4s"))
    # The best five play: the sixth and seventh cards do not break a tie.
    assert high("Kc Kd Ah 7s 4c 3d 2h") == high("Kh Ks Ad 7h 4s 3c 2d")
    assert high("Ac Ad Ah As Kc Qd Jh") == high("Ac Ad Ah As Ks 2d 3h")


def _high_card_pair(low: str, high_rank: str) -> tuple[str, str]:
    """Two straight-free, flush-free hands equal but for one card: ``low`` vs ``high_rank``."""
    for others in itertools.combinations(RANKS, 4):
        if low in others or high_rank in others:
            continue
        hands = []
        for top in (low, high_rank):
            ranks = sorted(RANKS.index(r) for r in (*others, top))
            straight = ranks[-1] - ranks[0] == 4 or ranks == [0, 1, 2, 3, 12]
            if straight:
                break
            hands.append(" ".join(r + "cdhsc"[i] for i, r in enumerate((top, *others))))
        else:
            return hands[0], hands[1]
    raise AssertionError("no pair of hands found")


def test_ranking_1_high_card_order_deuce_lowest_to_ace_highest() -> None:
    assert citation(1) == Category.HIGH_CARD.citation
    for low, high_rank in itertools.pairwise(RANKS):
        weaker, stronger = _high_card_pair(low, high_rank)
        w, s = high(weaker), high(stronger)
        assert w.category is s.category is Category.HIGH_CARD
        assert w < s, (weaker, stronger)
    assert high("Ac 2d 3h 4s 6c") > high("Kc Qd Jh 9s 8c")  # the ace is high by default
    assert high("Ac 9d 7h 5s 3c").name == "High Card, Ace"


def test_ranking_1_ace_is_the_lowest_card_at_ace_to_five() -> None:
    def low(text: str) -> HandValue:
        return evaluate_ace_to_five(parse_cards(text))

    assert low("Ac 3d 4h 5s 6c") > low("2c 3d 4h 5s 6c")  # 6-5-4-3-A beats 6-5-4-3-2
    assert low("Ac Ad 3h 4s 5c") > low("2c 2d 3h 4s 5c")  # a pair of aces is the best pair
    # A-K-Q-J-T is a king low there: better than K-Q-J-T-9, worse than any queen low.
    assert low("Ac Kd Qh Js Tc") > low("Kc Qd Jh Ts 9c")
    assert low("Ac Kd Qh Js Tc") < low("Qc Jd Th 9s 8c")
    assert low("Ac Kd Qh Js Tc").name == "King Low, K-Q-J-T-A"
    assert low("5c 4d 3h 2s Ac").name == "Five Low, 5-4-3-2-A"
    # ... but high at deuce-to-seven and in high games:
    d27 = evaluate_deuce_to_seven(parse_cards("Ac 3d 4h 5s 6c"))
    assert d27 < evaluate_deuce_to_seven(parse_cards("Kc 3d 4h 5s 6c"))
    assert high("Ac 3d 4h 5s 7c") > high("2c 3d 4h 5s 7c")


def test_ranking_2_one_pair_beats_high_card_and_pairs_rank_by_pair_then_kickers() -> None:
    assert citation(2) == Category.ONE_PAIR.citation
    worst_pair, best_high = high("2c 2d 3h 4s 5c"), high("Ac Kd Qh Js 9c")
    assert worst_pair.category is Category.ONE_PAIR
    assert best_high.category is Category.HIGH_CARD
    assert worst_pair > best_high
    pairs = [high(f"{r}c {r}d " + ("2h 3s 4c" if r in "AKQ" else "As Ks Qh")) for r in RANKS]
    # A pair of a higher rank wins whatever the kickers (low pairs got ace-king-queen).
    assert all(p.category is Category.ONE_PAIR for p in pairs)
    assert strictly_increasing(pairs)
    assert high("8c 8d Ah 4s 3c").name == "One Pair, Eights"


def test_ranking_3_two_pair_beats_one_pair_and_ranks_by_top_pair_bottom_pair_kicker() -> None:
    assert citation(3) == Category.TWO_PAIR.citation
    assert high("3c 3d 2h 2s 4c") > high("Ac Ad Kh Qs Jc")
    assert high("3c 3d 2h 2s 4c").category is Category.TWO_PAIR
    assert high("Kc Kd 2h 2s 3c") > high("Qc Qd Jh Js Ac")  # top pair first
    assert high("Kc Kd 5h 5s 3c") > high("Kh Ks 4h 4s Ac")  # then bottom pair
    assert high("Kc Kd 5h 5s Ac") > high("Kh Ks 5d 5c Qc")  # then the odd card
    assert high("Kd Ks 5c 5h 9s").name == "Two Pair, Kings and Fives"


def test_ranking_4_three_of_a_kind_beats_two_pair() -> None:
    assert citation(4) == Category.THREE_OF_A_KIND.citation
    assert high("2c 2d 2h 3s 4c") > high("Ac Ad Kh Ks Qc")
    assert high("2c 2d 2h 3s 4c").category is Category.THREE_OF_A_KIND
    assert high("3c 3d 3h 2s 4c") > high("2c 2d 2h As Kc")
    assert high("Qc Qd Qh 5s 2c").name == "Three of a Kind, Queens"


def test_ranking_5_straight_beats_three_of_a_kind() -> None:
    assert citation(5) == Category.STRAIGHT.citation
    assert high("Ac 2d 3h 4s 5c") > high("Ac Ad Ah Ks Qc")
    assert high("6c 7d 8h 9s Tc").category is Category.STRAIGHT


def test_ranking_5_ace_plays_high_or_low_in_a_straight() -> None:
    broadway, wheel = high("Ac Kd Qh Js Tc"), high("5c 4d 3h 2s Ac")
    six_high = high("6c 5d 4h 3s 2c")
    assert broadway.category is wheel.category is Category.STRAIGHT
    assert broadway.name == "Straight, Ace High"
    assert wheel.name == "Straight, Five High"
    # The wheel is the lowest straight, the broadway the highest.
    straights = [high("5c 4d 3h 2s Ac")] + [
        high(" ".join(RANKS[top - i] + "cdhsc"[i] for i in range(5))) for top in range(4, 13)
    ]
    assert straights[-1] == broadway
    assert straights[1] == six_high
    assert strictly_increasing(straights)
    # No wrapping round the ace.
    assert high("Qc Kd Ah 2s 3c").category is Category.HIGH_CARD
    assert high("Kc Ad 2h 3s 4c").category is Category.HIGH_CARD


def test_ranking_5_straight_is_not_all_one_suit() -> None:
    suited, mixed = high("9h 8h 7h 6h 5h"), high("9h 8h 7h 6h 5c")
    assert mixed.category is Category.STRAIGHT
    assert suited.category is Category.STRAIGHT_FLUSH


def test_ranking_6_flush_beats_straight_and_higher_cards_win() -> None:
    assert citation(6) == Category.FLUSH.citation
    lowest_flush = high("2h 3h 4h 5h 7h")
    assert lowest_flush.category is Category.FLUSH
    assert lowest_flush > high("Ac Kd Qh Js Tc")
    flushes = [
        high("2h 3h 4h 5h 7h"),
        high("2h 3h 4h 6h 7h"),
        high("9h 7h 5h 3h 2h"),
        high("Kh Qh Jh 9h 8h"),
        high("Ah 6h 4h 3h 2h"),
        high("Ah Kh Qh Jh 8h"),
        high("Ah Kh Qh Jh 9h"),
    ]
    assert strictly_increasing(flushes)
    assert all(f.category is Category.FLUSH for f in flushes)
    assert high("Ah Kh Qh Jh 9h") == high("As Ks Qs Js 9s")
    assert high("Ah Jh 8h 6h 2h").name == "Flush, Ace High"


def test_ranking_7_full_house_beats_flush_and_ranks_by_the_three() -> None:
    assert citation(7) == Category.FULL_HOUSE.citation
    assert high("2c 2d 2h 3s 3c") > high("Ah Kh Qh Jh 9h")
    assert high("2c 2d 2h 3s 3c").category is Category.FULL_HOUSE
    assert high("3c 3d 3h 2s 2c") > high("2c 2d 2h As Ac")
    assert high("Kc Kd Kh 5s 5c") > high("Kc Kd Kh 4s 4c")
    assert high("Kd Ks Kc 5h 5s").name == "Full House, Kings over Fives"


def test_ranking_8_four_of_a_kind_beats_full_house() -> None:
    assert citation(8) == Category.FOUR_OF_A_KIND.citation
    assert high("2c 2d 2h 2s 3c") > high("Ac Ad Ah Ks Kc")
    assert high("2c 2d 2h 2s 3c").category is Category.FOUR_OF_A_KIND
    assert high("3c 3d 3h 3s 2c") > high("2c 2d 2h 2s Ac")
    assert high("9c 9d 9h 9s Ac").name == "Four of a Kind, Nines"


def test_ranking_9_straight_flush_beats_four_of_a_kind_and_higher_cards_win() -> None:
    assert citation(9) == Category.STRAIGHT_FLUSH.citation
    steel_wheel = high("Ah 2h 3h 4h 5h")
    assert steel_wheel.category is Category.STRAIGHT_FLUSH
    assert steel_wheel.name == "Straight Flush, Five High"
    assert steel_wheel > high("Ac Ad Ah As Kc")
    flushes = [steel_wheel] + [
        high(" ".join(RANKS[top - i] + "s" for i in range(5))) for top in range(4, 13)
    ]
    assert strictly_increasing(flushes)
    assert high("9h 8h 7h 6h 5h").name == "Straight Flush, Nine High"


def test_ranking_10_royal_flush_is_the_top_natural_hand(
    five_card_strengths: Counter[int],
) -> None:
    royals = [high(f"A{s} K{s} Q{s} J{s} T{s}") for s in "cdhs"]
    assert len(set(royals)) == 1
    royal = royals[0]
    assert royal.name == "Royal Flush"
    assert royal.category is Category.STRAIGHT_FLUSH
    assert royal.strength == max(five_card_strengths) == 7_462
    assert five_card_strengths[royal.strength] == 4
    assert royal > high("Kh Qh Jh Th 9h")
    assert high("Kh Qh Jh Th 9h").name == "Straight Flush, King High"
    # In seven cards too, whatever else is there.
    assert high("As Ks Qs Js Ts Ac Ad") == royal
    assert evaluate_high(parse_cards("As Ks Qs Js Ts 9s 8s 7s 6s")) == royal


def test_ranking_11_five_of_a_kind_beats_a_royal_flush() -> None:
    royal = high("As Ks Qs Js Ts")
    five_aces = high("Ac Ad Ah As Xx")
    five_twos = evaluate_high(parse_cards("2c 2d 2h 2s Xx"), wild=[])
    assert five_aces.category is Category.FIVE_OF_A_KIND
    assert five_aces > royal
    assert five_aces.citations == (citation("intro"), citation(11))
    assert Category.FIVE_OF_A_KIND.citation == citation(11)
    # With the bug rule four deuces and the joker are not five deuces.
    assert five_twos.category is Category.FOUR_OF_A_KIND
    kings = evaluate_high(parse_cards("Kc Kd Kh Ks 2c"), wild=[Card.parse("2c").rank])
    assert kings.name == "Five of a Kind, Kings"
    assert kings > royal
    fives = [HandValue(ranking=Ranking.HIGH, strength=s) for s in range(7_463, 7_476)]
    assert all(v.category is Category.FIVE_OF_A_KIND for v in fives)
    assert [v.ranks[0] for v in fives] == sorted(v.ranks[0] for v in fives)
    assert fives[-1].name == "Five of a Kind, Aces"
    assert fives[0].name == "Five of a Kind, Twos"


def test_ties_1_suits_never_break_a_tie_for_the_pot() -> None:
    assert high("As Kd 7h 5c 3s") == high("Ac Kh 7d 5s 3h")
    assert high("Ah Kh Qh Jh 9h") == high("Ac Kc Qc Jc 9c")
    assert high("Ac Ad 5h 5s 2c") == high("Ah As 5c 5d 2s")
    assert not high("As Kd 7h 5c 3s") > high("Ac Kh 7d 5s 3h")


# --- names and values ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name", "description"),
    [
        ("Ac 9d 7h 5s 3c", "High Card, Ace", "High Card, Ace; 9, 7, 5, 3"),
        ("8c 8d Ah 4s 3c", "One Pair, Eights", "One Pair, Eights; A, 4, 3"),
        ("Kd Ks 5c 5h 9s", "Two Pair, Kings and Fives", "Two Pair, Kings and Fives; 9"),
        ("6c 6d 6h Ks 2c", "Three of a Kind, Sixes", "Three of a Kind, Sixes; K, 2"),
        ("5c 4d 3h 2s Ac", "Straight, Five High", "Straight, Five High"),
        ("Tc Jd Qh Ks Ac", "Straight, Ace High", "Straight, Ace High"),
        ("Ah Jh 8h 6h 2h", "Flush, Ace High", "Flush, Ace High"),
        ("Kd Ks Kc 5h 5s", "Full House, Kings over Fives", "Full House, Kings over Fives"),
        ("9c 9d 9h 9s Ac", "Four of a Kind, Nines", "Four of a Kind, Nines; A"),
        ("9h 8h 7h 6h 5h", "Straight Flush, Nine High", "Straight Flush, Nine High"),
        ("As Ks Qs Js Ts", "Royal Flush", "Royal Flush"),
        ("Ac Ad Ah As Xx", "Five of a Kind, Aces", "Five of a Kind, Aces"),
    ],
)
def test_high_hand_names(text: str, name: str, description: str) -> None:
    value = high(text)
    assert value.name == name
    assert str(value) == name
    assert value.description == description
    assert value.category.title in name or name == "Royal Flush"


def test_hand_value_ranks_are_the_deciding_ranks() -> None:
    assert high("Kd Ks 5c 5h 9s").ranks == (
        Card.parse("Ks").rank,
        Card.parse("5s").rank,
        Card.parse("9s").rank,
    )
    assert [r.symbol for r in high("5c 4d 3h 2s Ac").ranks] == ["5"]
    assert [r.symbol for r in high("Ac 9d 7h 5s 3c").ranks] == ["A", "9", "7", "5", "3"]


def test_hand_value_repr_pastes_back_and_values_hash() -> None:
    value = high("Kd Ks 5c 5h 9s")
    assert eval(repr(value), {"HandValue": HandValue, "Ranking": Ranking}) == value
    assert repr(Ranking.DEUCE_TO_SEVEN) == "Ranking.DEUCE_TO_SEVEN"
    assert eval(repr(Category.FLUSH), {"Category": Category}) is Category.FLUSH
    assert {value: 1}[HandValue(ranking=Ranking.HIGH, strength=value.strength)] == 1


@pytest.mark.parametrize(
    ("ranking", "top"),
    [(Ranking.HIGH, 7_475), (Ranking.ACE_TO_FIVE, 6_175), (Ranking.DEUCE_TO_SEVEN, 7_462)],
)
def test_hand_value_strengths_are_bounded(ranking: Ranking, top: int) -> None:
    assert HandValue(ranking=ranking, strength=1).strength == 1
    assert HandValue(ranking=ranking, strength=top).strength == top
    for bad in (0, -1, top + 1):
        with pytest.raises(ValueError, match=str(bad)):
            HandValue(ranking=ranking, strength=bad)


def test_values_of_different_rankings_do_not_compare() -> None:
    h = HandValue(ranking=Ranking.HIGH, strength=5)
    low = HandValue(ranking=Ranking.ACE_TO_FIVE, strength=5)
    for op in (
        lambda: h < low,
        lambda: h <= low,
        lambda: h > low,
        lambda: h >= low,
        lambda: h < 5,
    ):
        with pytest.raises(TypeError):
            op()
    assert h != low


def test_category_titles_and_citations() -> None:
    assert [c.title for c in Category] == [
        "High Card",
        "One Pair",
        "Two Pair",
        "Three of a Kind",
        "Straight",
        "Flush",
        "Full House",
        "Four of a Kind",
        "Straight Flush",
        "Five of a Kind",
    ]
    numbers = [int(c.citation.rule) for c in Category]
    assert numbers == [1, 2, 3, 4, 5, 6, 7, 8, 9, 11]
    assert high("Kd Ks 5c 5h 9s").citations == (citation("intro"), citation(3))


def test_evaluate_high_refuses_bad_hands() -> None:
    with pytest.raises(NotationError, match="at least 5"):
        high("As Ks Qs Js")
    with pytest.raises(NotationError, match="twice"):
        high("As Ks Qs Js As")


# --- properties over random hands ------------------------------------------------------------

natural_hands = st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True)
EVALUATORS: list[Callable[[list[Card]], HandValue | None]] = [
    evaluate_high,
    evaluate_ace_to_five,
    evaluate_deuce_to_seven,
    evaluate_eight_or_better,
]


@given(natural_hands, st.permutations(range(4)), st.randoms(use_true_random=False))
def test_evaluators_ignore_suit_names_and_card_order(
    hand: list[int], suit_map: list[int], random: object
) -> None:
    moved = [4 * (i // 4) + suit_map[i % 4] for i in hand]
    random.shuffle(moved)  # type: ignore[attr-defined]
    assert high_strength(hand) == high_strength(moved)
    for evaluate in EVALUATORS:
        assert evaluate(cards(hand)) == evaluate(cards(moved))


@given(natural_hands)
def test_best_five_evaluates_to_the_whole_hand(hand: list[int]) -> None:
    held = cards(hand)
    for ranking, evaluate in [
        (Ranking.HIGH, evaluate_high),
        (Ranking.ACE_TO_FIVE, evaluate_ace_to_five),
        (Ranking.DEUCE_TO_SEVEN, evaluate_deuce_to_seven),
    ]:
        five = best_five(held, ranking=ranking)
        assert len(five) == len(set(five)) == 5
        assert set(five) <= set(held)
        assert evaluate(five) == evaluate(held)


@given(natural_hands)
def test_high_strength_is_the_best_of_every_five(hand: list[int]) -> None:
    best = max(high_strength(five) for five in itertools.combinations(hand, 5))
    assert high_strength(hand) == best
    assert evaluate_high(cards(hand)).strength == best


@given(st.lists(st.integers(0, 51), min_size=8, max_size=9, unique=True))
def test_evaluate_high_takes_the_best_five_of_more_than_seven(hand: list[int]) -> None:
    best = max(high_strength(five) for five in itertools.combinations(hand, 5))
    assert evaluate_high(cards(hand)).strength == best


def test_best_five_orders_the_cards_for_display() -> None:
    chosen = best_five(parse_cards("As Ks 7d 7c 2h Qs Js"))
    assert " ".join(map(str, chosen)) == "7d 7c As Ks Qs"
