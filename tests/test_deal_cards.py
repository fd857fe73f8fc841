"""The cards a caller deals: each from the game's deck, each once (RRP5
irregularities.4), refused with nothing changed; the cards counted as out
follow the hands through draws and showdowns."""

from __future__ import annotations

import pytest

from floorman.cards import parse_cards
from floorman.deal import Call, Check, Deal, DealBoard, DealHole, Draw, Stakes, Turn
from floorman.errors import NotationError
from floorman.games import HOLDEM, SHORT_DECK, TRIPLE_DRAW_27, Structure


def _holdem() -> Deal:
    return Deal(
        HOLDEM,
        structure=Structure.NO_LIMIT,
        stakes=Stakes(blinds=(1, 2)),
        stacks=(100, 100, 100),
    )


def _refused(deal: Deal, action: DealHole | DealBoard, code: str) -> NotationError:
    before = (list(deal.events), deal.legal(), deal.stacks, deal.board)
    with pytest.raises(NotationError) as raised:
        deal.apply(action)
    assert raised.value.code == code
    assert (list(deal.events), deal.legal(), deal.stacks, deal.board) == before
    return raised.value


def test_irregularities_4_a_card_dealt_twice_in_one_hand_is_refused() -> None:
    deal = _holdem()
    error = _refused(deal, DealHole(position=0, cards=parse_cards("As As")), "card_dealt_twice")
    assert [str(c) for c in error.citations] == ["RRP5 irregularities.4"]
    assert "As" in str(error)


def test_irregularities_4_a_card_in_another_hand_is_refused() -> None:
    deal = _holdem()
    deal.apply(DealHole(position=0, cards=parse_cards("As Kd")))
    _refused(deal, DealHole(position=1, cards=parse_cards("Qc Kd")), "card_dealt_twice")
    deal.apply(DealHole(position=1, cards=parse_cards("Qc Qd")))
    deal.apply(DealHole(position=2, cards=parse_cards("2c 7d")))
    while deal.legal().turn is Turn.BET:
        legal = deal.legal()
        assert legal.position is not None
        deal.apply(Call(position=legal.position) if legal.call else Check(position=legal.position))
    # The flop may not repeat a card held, nor one of its own.
    _refused(deal, DealBoard(cards=parse_cards("Qd 3h 4h")), "card_dealt_twice")
    _refused(deal, DealBoard(cards=parse_cards("3h 4h 3h")), "card_dealt_twice")
    deal.apply(DealBoard(cards=parse_cards("3h 4h 5h")))
    while deal.legal().turn is Turn.BET:
        legal = deal.legal()
        assert legal.position is not None
        deal.apply(Check(position=legal.position))
    # Nor may the turn repeat a board card.
    _refused(deal, DealBoard(cards=parse_cards("4h")), "card_dealt_twice")
    deal.apply(DealBoard(cards=parse_cards("6h")))


def test_irregularities_4_a_card_from_another_deck_is_refused() -> None:
    deal = Deal(
        SHORT_DECK,
        structure=Structure.NO_LIMIT,
        stakes=Stakes(blinds=(1, 2)),
        stacks=(100, 100),
    )
    error = _refused(deal, DealHole(position=0, cards=parse_cards("As 2d")), "card_not_in_deck")
    assert "2d" in str(error)


def test_irregularities_4_discarded_cards_leave_the_cards_out() -> None:
    """A card discarded is no longer in any hand: the check of cards dealt
    follows the hands as they change, not only as they were dealt."""
    deal = Deal(
        TRIPLE_DRAW_27,
        structure=Structure.FIXED_LIMIT,
        stakes=Stakes(blinds=(1, 2), small_bet=2, big_bet=4),
        stacks=(100, 100),
    )
    deal.apply(DealHole(position=0, cards=parse_cards("2c 3c 4d 5h Ks")))
    deal.apply(DealHole(position=1, cards=parse_cards("7c 7d 8h 9s Ts")))
    while deal.legal().turn is Turn.BET:
        legal = deal.legal()
        assert legal.position is not None
        deal.apply(Call(position=legal.position) if legal.call else Check(position=legal.position))
    legal = deal.legal()
    assert legal.turn is Turn.DRAW
    first = legal.position
    assert first is not None
    held = deal.hole(first)
    discard = held[-1]
    assert discard is not None
    deal.apply(Draw(position=first, discards=(discard,)))
    # The other hand still holds its cards: none of them may be dealt.
    other = 1 - first
    deal.apply(Draw(position=other, discards=()))
    legal = deal.legal()
    assert legal.turn is Turn.DEAL_HOLE
    assert legal.position == first
    taken = deal.hole(other)[0]
    assert taken is not None
    _refused(deal, DealHole(position=first, cards=(taken,)), "card_dealt_twice")
    # The card just discarded is in no hand (the discards may come back in a
    # reshuffled stub): dealing it is no second copy of a card in play.
    deal.apply(DealHole(position=first, cards=(discard,)))
    assert discard in deal.hole(first)
