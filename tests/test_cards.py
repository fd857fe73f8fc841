"""Ranks, suits, cards and decks: notation that round-trips, ordering, identity."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from floorman import DECK_52, DECK_53, JOKER, Card, Deck, Rank, Suit, format_cards, parse_cards
from floorman.cards import indices
from floorman.errors import NotationError

RANK_TEXT = "23456789TJQKA"
SUIT_TEXT = "cdhs"

unique_indices = st.lists(st.integers(0, 52), unique=True, max_size=53)


# --- round trips -----------------------------------------------------------------------------


def test_every_card_round_trips_through_its_text() -> None:
    assert len(DECK_53) == 53
    for card in DECK_53:
        text = str(card)
        assert len(text) == 2
        assert Card.parse(text) is card
        assert parse_cards(text) == (card,)
        assert Card(card.index) is card


def test_card_text_is_rank_symbol_then_suit_letter() -> None:
    for index, card in enumerate(DECK_52):
        assert str(card) == RANK_TEXT[index // 4] + SUIT_TEXT[index % 4]
    assert str(JOKER) == "Xx"


def test_card_index_is_four_times_rank_less_two_plus_suit() -> None:
    for rank in Rank:
        for suit in Suit:
            card = Card.of(rank, suit)
            assert card.index == 4 * (rank - 2) + suit
            assert card.rank is rank
            assert card.suit is suit
            assert card.rank.symbol + card.suit.symbol == str(card)


@given(unique_indices, st.sampled_from([" ", "", ",", ", "]))
def test_format_and_parse_cards_round_trip(chosen: list[int], sep: str) -> None:
    cards = tuple(Card(i) for i in chosen)
    text = format_cards(cards, sep=sep)
    assert parse_cards(text) == cards
    assert format_cards(parse_cards(text), sep=sep) == text


@given(
    st.lists(
        st.tuples(st.integers(0, 51), st.booleans(), st.booleans(), st.booleans()),
        unique_by=lambda t: t[0],
        max_size=12,
    ),
    st.sampled_from([" ", "", ",", "  ", " , "]),
)
def test_parse_cards_reads_every_accepted_spelling(
    spec: list[tuple[int, bool, bool, bool]], sep: str
) -> None:
    # Each card in a random spelling: rank upper or lower case, "10" for the ten,
    # suit letter in either case or as its symbol.
    words = []
    for index, lower_rank, ten_as_10, symbol in spec:
        rank = RANK_TEXT[index // 4]
        if rank == "T" and ten_as_10:
            rank = "10"
        elif lower_rank:
            rank = rank.lower()
        suit = "♣♦♥♠"[index % 4] if symbol else SUIT_TEXT[index % 4]
        if lower_rank and not symbol:
            suit = suit.upper()
        words.append(rank + suit)
    assert parse_cards(sep.join(words)) == tuple(Card(i) for i, *_ in spec)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("10h", "Th"),
        ("th", "Th"),
        ("TH", "Th"),
        ("tH", "Th"),
        ("as", "As"),
        ("A♠", "As"),
        ("K♥", "Kh"),
        ("Q♦", "Qd"),
        ("J♣", "Jc"),
        ("10♦", "Td"),
        ("Xx", "Xx"),
        ("xx", "Xx"),
        ("XX", "Xx"),
        (" As ", "As"),
    ],
)
def test_card_parse_accepts_variants(text: str, canonical: str) -> None:
    card = Card.parse(text)
    assert str(card) == canonical
    assert card is Card.parse(canonical)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("AsKd 2c", "As Kd 2c"),
        ("As,Kd,2c", "As Kd 2c"),
        ("As, Kd   2c", "As Kd 2c"),
        ("  As Kd 2c  ", "As Kd 2c"),
        ("10h10s", "Th Ts"),
        ("A♠K♥Q♦J♣", "As Kh Qd Jc"),
        ("XxAs", "Xx As"),
        ("", ""),
        ("   ", ""),
    ],
)
def test_parse_cards_accepts_variants(text: str, canonical: str) -> None:
    assert format_cards(parse_cards(text)) == canonical


def test_rank_and_suit_parse_accept_variants() -> None:
    assert Rank.parse("t") is Rank.TEN
    assert Rank.parse("10") is Rank.TEN
    assert Rank.parse("a") is Rank.ACE
    assert Suit.parse("S") is Suit.SPADES
    assert Suit.parse("♥") is Suit.HEARTS
    for rank in Rank:
        assert Rank.parse(rank.symbol) is rank
    for suit in Suit:
        assert Suit.parse(suit.symbol) is suit


def test_rank_words_and_plurals() -> None:
    assert Rank.ACE.word == "Ace"
    assert Rank.TEN.symbol == "T"
    assert Rank.SIX.plural == "Sixes"
    assert Rank.KING.plural == "Kings"
    assert [r.symbol for r in Rank] == list(RANK_TEXT)


# --- bad notation ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["", "Zz", "1h", "0s", "11h", "100h", "As5", "A", "s", "Ax", "♠", "XxX", "Tt", "A s", "Xy"],
)
def test_card_parse_rejects_bad_text_naming_it(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        Card.parse(text)
    assert caught.value.text == text
    assert repr(text) in str(caught.value)
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize("text", ["AsK", "As Kx", "As 1h", "Xx Xy", "AsKs?", "As;Ks", "Asd"])
def test_parse_cards_rejects_bad_text_naming_it(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_cards(text)
    assert caught.value.text == text
    assert repr(text) in str(caught.value)


@pytest.mark.parametrize("text", ["1", "11", "B", "", "AA"])
def test_rank_parse_rejects_bad_text(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        Rank.parse(text)
    assert caught.value.text == text


@pytest.mark.parametrize("text", ["x", "", "spades", "S s"])
def test_suit_parse_rejects_bad_text(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        Suit.parse(text)
    assert caught.value.text == text


@pytest.mark.parametrize("index", [-1, 53, 100])
def test_card_index_outside_the_deck_is_refused(index: int) -> None:
    with pytest.raises(NotationError):
        Card(index)


# --- decks -----------------------------------------------------------------------------------


def test_deck_sizes() -> None:
    assert len(Deck()) == 52
    assert len(Deck(joker=True)) == 53
    assert len(set(DECK_52)) == 52
    assert len(set(DECK_53)) == 53
    assert JOKER not in DECK_52
    assert JOKER in DECK_53
    assert Deck().cards == DECK_52
    assert Deck(joker=True).cards == DECK_53
    assert tuple(Deck()) == DECK_52
    assert Deck()[0] is Card.parse("2c")
    assert Deck()[-1] is Card.parse("As")
    assert Deck(joker=True)[-1] is JOKER
    assert [c.index for c in DECK_53] == list(range(53))


def test_deck_without_removes_exactly_the_dead_cards() -> None:
    dead = parse_cards("As Ks 2c")
    rest = Deck().without(dead)
    assert len(rest) == 49
    assert not set(dead) & set(rest)
    assert set(rest) | set(dead) == set(DECK_52)
    assert list(rest) == sorted(rest)
    assert Deck(joker=True).without([JOKER]) == DECK_52
    assert Deck().without([]) == DECK_52
    # The joker is not in a 52-card deck; removing it changes nothing.
    assert Deck().without([JOKER]) == DECK_52


@given(unique_indices, st.booleans())
def test_deck_without_random_subsets(chosen: list[int], joker: bool) -> None:
    deck = Deck(joker=joker)
    dead = [Card(i) for i in chosen]
    rest = deck.without(dead)
    assert set(rest) == set(deck) - set(dead)
    assert list(rest) == [c for c in deck if c not in set(dead)]


# --- ordering (RRP5 ties.1) ------------------------------------------------------------------


def test_ties_1_suit_order_spades_hearts_diamonds_clubs() -> None:
    assert Suit.SPADES > Suit.HEARTS > Suit.DIAMONDS > Suit.CLUBS
    for rank in Rank:
        spade, heart, diamond, club = (
            Card.of(rank, s) for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
        )
        assert spade > heart > diamond > club
        assert club < diamond < heart < spade
    # A draw for the button: the highest card by suit when ranks tie.
    assert max(parse_cards("Kc Kh Ks Kd")) is Card.parse("Ks")
    # ... and the lowest card by suit for low games.
    assert min(parse_cards("Kh Ks Kc Kd")) is Card.parse("Kc")


def test_ties_1_rank_decides_before_suit_in_a_draw() -> None:
    assert Card.parse("3c") > Card.parse("2s")
    assert Card.parse("Ac") > Card.parse("Ks")
    assert sorted(DECK_52) == list(DECK_52)
    shuffled = sorted(DECK_52, key=lambda c: (c.suit, -c.rank))
    assert sorted(shuffled) == list(DECK_52)
    assert sorted(DECK_52, key=lambda c: (c.rank, c.suit)) == list(DECK_52)


def test_joker_sorts_above_every_card() -> None:
    assert all(card < JOKER for card in DECK_52)
    assert max(DECK_53) is JOKER


def test_cards_do_not_compare_with_other_types() -> None:
    with pytest.raises(TypeError):
        _ = Card.parse("As") < 3  # type: ignore[operator]
    assert Card.parse("As") != "As"
    assert Card.parse("As") != 51


# --- identity, hashing, repr -----------------------------------------------------------------


def test_cards_are_hashable_and_interned() -> None:
    ace = Card.parse("As")
    assert ace is Card.of(Rank.ACE, Suit.SPADES)
    assert ace is Card(51)
    assert ace is Card.parse("a♠")
    assert ace is parse_cards("Ks As")[1]
    assert len({ace, Card.of(Rank.ACE, Suit.SPADES), Card(51), Card.parse("A♠")}) == 1
    assert {ace: "seat 1"}[Card(51)] == "seat 1"
    assert len(set(DECK_53)) == 53
    assert len({hash(c) for c in DECK_53}) == 53
    assert pickle.loads(pickle.dumps(ace)) is ace
    assert copy.copy(ace) is ace
    assert copy.deepcopy(ace) is ace


def test_cards_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        Card.parse("As").index = 3  # type: ignore[misc]
    assert Card.parse("As").index == 51


def test_repr_pastes_back() -> None:
    names = {"Card": Card, "Rank": Rank, "Suit": Suit}
    for card in DECK_53:
        assert eval(repr(card), names) is card
    for rank in Rank:
        assert eval(repr(rank), names) is rank
    for suit in Suit:
        assert eval(repr(suit), names) is suit
    cards = parse_cards("As Kd Xx")
    assert eval(repr(cards), names) == cards


def test_the_joker_has_no_rank_or_suit() -> None:
    assert JOKER.is_joker
    assert Card.parse("Xx") is JOKER
    assert not any(card.is_joker for card in DECK_52)
    with pytest.raises(ValueError, match="joker"):
        _ = JOKER.rank
    with pytest.raises(ValueError, match="joker"):
        _ = JOKER.suit


def test_indices_helper() -> None:
    assert indices(parse_cards("2c As Xx")) == [0, 51, 52]
