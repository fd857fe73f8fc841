"""The joker and wild cards: the bug, fully wild jokers, wild ranks, five of a kind."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman import JOKER, Card, Rank, parse_cards
from floorman.errors import NotationError
from floorman.evaluation import (
    Category,
    HandValue,
    JokerRule,
    Ranking,
    best_five,
    evaluate_ace_to_five,
    evaluate_eight_or_better,
    evaluate_high,
    evaluate_omaha,
    high_strength,
)
from floorman.rulebook import Citation

TWO = Rank.TWO
ROYAL = evaluate_high(parse_cards("As Ks Qs Js Ts"))


def bug(text: str) -> HandValue:
    return evaluate_high(parse_cards(text), joker=JokerRule.BUG)


def wild(text: str) -> HandValue:
    return evaluate_high(parse_cards(text), joker=JokerRule.WILD)


def deuces(text: str) -> HandValue:
    return evaluate_high(parse_cards(text), wild=[TWO])


def a5(text: str, **kwargs: object) -> HandValue:
    return evaluate_ace_to_five(parse_cards(text), **kwargs)  # type: ignore[arg-type]


# --- five of a kind (RRP5 ranking.11) --------------------------------------------------------


def test_ranking_11_four_aces_and_the_joker_are_five_aces() -> None:
    five = bug("Ac Ad Ah As Xx")
    assert five.name == "Five of a Kind, Aces"
    assert five.category is Category.FIVE_OF_A_KIND
    assert five.strength == 7_475
    assert Citation("ranking", "11") in five.citations
    assert five == wild("Ac Ad Ah As Xx")


def test_ranking_11_five_of_a_kind_with_a_wild_card_beats_a_royal_flush() -> None:
    kings = wild("Kc Kd Kh Ks Xx")
    assert kings.name == "Five of a Kind, Kings"
    assert kings > ROYAL
    assert deuces("Kc Kd Kh Ks 2c") == kings
    assert deuces("Kc Kd Kh 2s 2c") == kings  # two wild deuces
    # Wild deuces and a wild joker together; with the bug, the joker is only an ace.
    assert evaluate_high(parse_cards("Kc Kd 2h 2s Xx"), wild=[TWO], joker=JokerRule.WILD) == kings
    assert deuces("Kc Kd 2h 2s Xx").description == "Four of a Kind, Kings; A"
    assert bug("Ac Ad Ah As Xx") > kings
    assert deuces("3c 3d 3h 3s 2c").name == "Five of a Kind, Threes"
    assert deuces("3c 3d 3h 3s 2c") > ROYAL
    # Wild deuces with natural deuces only: the wild cards play as aces.
    assert deuces("2c 2d 2h 2s Xx").name == "Five of a Kind, Aces"


def test_ranking_11_five_of_a_kind_needs_four_natural_or_wild_cards_of_a_rank() -> None:
    # Without a wild card four of a kind stays four of a kind.
    assert evaluate_high(parse_cards("Kc Kd Kh Ks Ac")).category is Category.FOUR_OF_A_KIND
    # The bug is not wild: with four kings it is an ace kicker, not a fifth king.
    four_kings = bug("Kc Kd Kh Ks Xx")
    assert four_kings.category is Category.FOUR_OF_A_KIND
    assert four_kings.description == "Four of a Kind, Kings; A"
    assert four_kings < ROYAL
    # A wild deuce plus the bug: the deuce is a king, the bug an ace.
    assert evaluate_high(parse_cards("Kc Kd Kh 2c Xx"), wild=[TWO]).description == (
        "Four of a Kind, Kings; A"
    )


# --- the bug ---------------------------------------------------------------------------------


def test_bug_plays_as_an_ace() -> None:
    pair = bug("Kh Kd Qc 5s Xx")
    assert pair.name == "One Pair, Kings"
    assert pair.description == "One Pair, Kings; A, Q, 5"
    assert pair.category is not Category.THREE_OF_A_KIND
    assert pair == evaluate_high(parse_cards("Kh Kd Qc 5s Ac"))
    assert bug("Ac Ad Ah Ks Xx").description == "Four of a Kind, Aces; K"
    assert bug("Ac Ad Kh Ks Xx").name == "Full House, Aces over Kings"
    assert bug("Ac 9d 7h 4s Xx").name == "One Pair, Aces"
    assert bug("Jc 3d 7h 9s Xx").description == "High Card, Ace; J, 9, 7, 3"


def test_bug_does_not_pair_other_ranks() -> None:
    assert bug("Kc Kd 9h 9s Xx").description == "Two Pair, Kings and Nines; A"
    assert bug("Kc Kd Kh 9s 5d").category is Category.THREE_OF_A_KIND
    assert bug("Kc Kd Kh 9s Xx").description == "Three of a Kind, Kings; A, 9"


def test_bug_completes_a_straight() -> None:
    assert bug("9c 8d 7h 6s Xx").name == "Straight, Ten High"
    assert bug("9c 8d 6h 5s Xx").name == "Straight, Nine High"  # inside
    assert bug("Ac Kd Qh Js Xx").name == "Straight, Ace High"
    assert bug("Ac 2d 3h 4s Xx").name == "Straight, Five High"
    assert bug("Ac 2d 3h 5s Xx").name == "Straight, Five High"
    assert bug("Kc Qd Jh 9s Xx").name == "Straight, King High"


def test_bug_completes_a_flush() -> None:
    assert bug("2h 5h 9h Jh Xx").description == "Flush, Ace High"
    assert bug("2h 5h 9h Jh Xx") == evaluate_high(parse_cards("Ah Jh 9h 5h 2h"))
    # With the ace of the suit held, the bug is the best card the flush lacks.
    assert bug("Ah 5h 9h Jh Xx") == evaluate_high(parse_cards("Ah Kh Jh 9h 5h"))


def test_bug_completes_a_straight_flush() -> None:
    assert bug("9h 8h 7h 6h Xx").name == "Straight Flush, Ten High"
    assert bug("Kh Qh Jh Th Xx").name == "Royal Flush"
    assert bug("Ah 2h 3h 5h Xx").name == "Straight Flush, Five High"
    # Seven cards: the bug fills the straight flush even when a flush is already there.
    assert bug("9h 8h 7h 5h 2h Kc Xx").name == "Straight Flush, Nine High"


def test_bug_in_seven_cards() -> None:
    assert bug("Ac Ad Ah As Kc Qd Xx").name == "Five of a Kind, Aces"
    assert bug("Kc Kd 9h 9s 5c 6d Xx").description == "Two Pair, Kings and Nines; A"


# --- fully wild jokers and wild ranks --------------------------------------------------------


def test_wild_joker_is_any_card() -> None:
    assert wild("Kh Kd Qc 5s Xx").name == "Three of a Kind, Kings"
    assert wild("Kc Kd 9h 9s Xx").name == "Full House, Kings over Nines"
    assert wild("Jc 3d 7h 9s Xx").name == "One Pair, Jacks"
    assert wild("Kc Kd Kh Ks Xx").name == "Five of a Kind, Kings"
    assert wild("9h 8h 7h 6h Xx").name == "Straight Flush, Ten High"
    assert wild("Kh Kd Qc 5s Xx") > bug("Kh Kd Qc 5s Xx")


def test_wild_ranks() -> None:
    assert deuces("2c 2d 9h Kc 4s").name == "Three of a Kind, Kings"
    assert deuces("2c 9h Th Jh Qh").name == "Straight Flush, King High"
    assert deuces("2c 2d Ah Kh Qh").name == "Royal Flush"
    assert deuces("2c 3d 7h 9s Jc").name == "One Pair, Jacks"
    # Without the wild ranks the same cards are natural.
    assert evaluate_high(parse_cards("2c 2d 9h Kc 4s")).name == "One Pair, Twos"
    assert evaluate_high(parse_cards("2c 3d 4h 5s 7c"), wild=[Rank.SEVEN]).name == (
        "Straight, Six High"
    )
    several = evaluate_high(parse_cards("2c 3d 7h 9s Jc"), wild=[TWO, Rank.THREE])
    assert several.name == "Straight, Jack High"  # 7-8-9-T-J beats three jacks
    several = evaluate_high(parse_cards("2c 3d 4h 9s Jc"), wild=[TWO, Rank.THREE])
    assert several.name == "Three of a Kind, Jacks"


def _reference(naturals: list[int], rule: JokerRule) -> int:
    """Best strength of ``naturals`` plus one joker, by brute force over its stand-ins."""
    counts = Counter(c // 4 for c in naturals)
    if counts[12] == 4 or (rule is JokerRule.WILD and max(counts.values()) == 4):
        top = max(r for r, n in counts.items() if n == 4 and (rule is JokerRule.WILD or r == 12))
        return 7_463 + top  # five of a kind: 7,463 (deuces) .. 7,475 (aces)
    best = 0
    for card in range(52):
        if card in naturals:
            continue
        strength = high_strength([*naturals, card])
        category = HandValue(ranking=Ranking.HIGH, strength=strength).category
        completes = category in (Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH)
        if rule is JokerRule.WILD or card // 4 == 12 or completes:
            best = max(best, strength)
    return best


@settings(max_examples=150)
@given(
    st.lists(st.integers(0, 51), min_size=4, max_size=6, unique=True),
    st.sampled_from(JokerRule),
)
def test_one_joker_is_its_best_stand_in(naturals: list[int], rule: JokerRule) -> None:
    held = [Card(i) for i in naturals] + [JOKER]
    assert evaluate_high(held, joker=rule).strength == _reference(naturals, rule)


@settings(max_examples=100)
@given(
    st.lists(st.integers(0, 51), min_size=4, max_size=6, unique=True),
    st.permutations(range(4)),
    st.sampled_from(JokerRule),
)
def test_joker_hands_ignore_suit_names_and_order(
    naturals: list[int], suit_map: list[int], rule: JokerRule
) -> None:
    moved = [4 * (i // 4) + suit_map[i % 4] for i in reversed(naturals)]
    first = evaluate_high([JOKER] + [Card(i) for i in naturals], joker=rule)
    second = evaluate_high([Card(i) for i in moved] + [JOKER], joker=rule)
    assert first == second


# --- the joker at low ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Xx 7c 5d 3s 2h", "Seven Low, 7-5-3-2-A"),
        ("Xx Ac 7d 5s 3h", "Seven Low, 7-5-3-2-A"),
        ("Xx Ac 2d 3s 4h", "Five Low, 5-4-3-2-A"),
        ("Xx Ac 2d 3h 5s", "Five Low, 5-4-3-2-A"),
        ("Xx 2c 3d 4h 5s", "Five Low, 5-4-3-2-A"),
        ("Xx Kc Qd Jh Ts", "King Low, K-Q-J-T-A"),
        ("Xx 9c 9d 8h 8s", "Two Pair, Nines and Eights"),
        ("Xx 9c 9d 9h 8s", "Three of a Kind, Nines"),
        ("Xx Kc Qd 3h 4s 5c 2d", "Five Low, 5-4-3-2-A"),
        ("Xx Kc Qd 3h 4s 5c 9d", "Nine Low, 9-5-4-3-A"),
    ],
)
def test_joker_at_ace_to_five_is_the_lowest_missing_card(text: str, name: str) -> None:
    assert a5(text).name == name


def test_wild_ranks_at_ace_to_five() -> None:
    assert a5("2c 9d 8h 7s 6c", wild=[TWO]).name == "Nine Low, 9-8-7-6-A"
    assert a5("2c 2d 8h 7s 6c", wild=[TWO]).name == "Eight Low, 8-7-6-2-A"
    assert a5("2c 2d 9c 9d 8h", wild=[TWO]).name == "One Pair, Nines"


@pytest.mark.parametrize(
    ("text", "wild", "name"),
    [
        ("Xx 9c 9d 9h 9s", (), "Four of a Kind, Nines"),
        ("Xx Kc Kd Kh Ks", (), "Four of a Kind, Kings"),
        ("Xx 9c 9d 9h 9s 2c 3c", (), "One Pair, Nines"),
        ("2c 2d 9c 9d 9h", (TWO,), "Three of a Kind, Nines"),
        ("2c 2d 2h 2s Xx", (TWO,), "Five Low, 5-4-3-2-A"),
    ],
)
def test_joker_at_ace_to_five_with_four_of_a_rank(
    text: str, wild: tuple[Rank, ...], name: str
) -> None:
    assert a5(text, wild=list(wild)).name == name


def test_joker_at_eight_or_better() -> None:
    value = evaluate_eight_or_better(parse_cards("Xx 8c 7d 6h 5s"))
    assert value is not None
    assert value.name == "Eight Low, 8-7-6-5-A"
    assert evaluate_eight_or_better(parse_cards("Xx 8c 7d 6h 9s")) is None


# --- refusals --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "evaluate",
    [
        lambda cards: evaluate_high(cards),
        lambda cards: evaluate_high(cards, joker=JokerRule.WILD),
        lambda cards: evaluate_ace_to_five(cards),
        lambda cards: best_five(cards),
    ],
)
@pytest.mark.parametrize("text", ["Xx Xx As Ks Qs", "As As Ks Qs Js", "Xx 2c 3d 4h 2c 9s"])
def test_duplicate_cards_are_refused(evaluate: object, text: str) -> None:
    with pytest.raises(NotationError, match="twice") as caught:
        evaluate(parse_cards(text))  # type: ignore[operator]
    assert caught.value.citations == (Citation("irregularities", "4"),)


def test_duplicates_between_hole_and_board_are_refused() -> None:
    with pytest.raises(NotationError, match="twice"):
        evaluate_omaha(parse_cards("As Kd Qc Jh"), parse_cards("As 2c 3d 4h 5s"))


def test_best_five_names_the_joker_only_when_the_hand_needs_it() -> None:
    five = best_five(parse_cards("Xx As Ks Qs Js 2c 3d"))
    assert JOKER in five
    assert evaluate_high(five).name == "Royal Flush"
    # The natural five when the joker is not needed.
    five = best_five(parse_cards("Xx As Ks Qs Js Ts 2c"))
    assert evaluate_high(five).name == "Royal Flush"
    assert JOKER not in five


def test_wild_cards_count_as_cards_of_the_hand() -> None:
    with pytest.raises(NotationError, match="at least 5"):
        evaluate_high(parse_cards("Xx As Ks Qs"))
    assert evaluate_high([JOKER, *parse_cards("As Ks Qs Js")]).name == "Royal Flush"
    assert Card.parse("Xx") is JOKER


def _reference_two(naturals: list[int], rule: JokerRule) -> int:
    """Best strength of ``naturals`` plus a wild deuce and the joker, by brute force
    over every ordered pair of stand-ins."""
    counts = Counter(c // 4 for c in naturals)
    for rank in range(12, -1, -1):
        usable = 1 + (rule is JokerRule.WILD or rank == 12)
        if counts[rank] + usable >= 5:
            return 7_463 + rank
    best = 0
    for wild in range(52):
        for joker in range(52):
            if wild == joker or wild in naturals or joker in naturals:
                continue
            strength = high_strength([*naturals, wild, joker])
            category = HandValue(ranking=Ranking.HIGH, strength=strength).category
            completes = category in (Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH)
            if rule is JokerRule.WILD or joker // 4 == 12 or completes:
                best = max(best, strength)
    return best


@settings(max_examples=40)
@given(
    st.lists(st.integers(4, 51), min_size=3, max_size=5, unique=True),
    st.integers(0, 3),
    st.sampled_from(JokerRule),
)
def test_ranking_11_a_wild_card_and_the_joker_are_their_best_stand_ins(
    naturals: list[int], deuce: int, rule: JokerRule
) -> None:
    held = [Card(i) for i in naturals] + [Card(deuce), JOKER]
    value = evaluate_high(held, wild=[TWO], joker=rule)
    assert value.strength == _reference_two(naturals, rule)
