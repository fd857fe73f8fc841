"""Checks on what a deal is given: cards from its deck, each once, none out of
play or held back, and how many the stub still holds; the runs of the board."""

from __future__ import annotations

from collections.abc import Sequence

from floorman._static import TYPE_CHECKING
from floorman.cards import Card, format_cards
from floorman.deal import events as ev
from floorman.errors import ConfigError, IllegalAction, NotationError, Who
from floorman.games import Game, Structure
from floorman.ids import Position
from floorman.rulebook import cite

if TYPE_CHECKING:
    from floorman.deal.state import Deal

__all__ = ["check_cards", "check_discards", "check_runs", "held_back_after", "stub", "stub_left"]


def stub_left(deal: Deal) -> int:
    """Cards left in the stub, counted from what has been dealt and burned."""
    out = sum(len(pl.hole) for pl in deal._players)
    out += sum(len(e.cards) for e in deal.events if isinstance(e, ev.BoardDealt))
    out += sum(
        1 for e in deal.events if isinstance(e, ev.CardBurned | ev.CardReplaced | ev.CardScrapped)
    )
    return len(deal.game.deck) - out


def stub(deal: Deal) -> tuple[Card, ...] | None:
    """The undealt cards, top first, when the dealer shuffled; None when the
    caller deals every card (the stub is then not known)."""
    return None if deal._deck is None else tuple(deal._deck)


def held_back_after(deal: Deal, card: Card) -> bool:
    """Whether ``card`` went back beneath the stub on this street, dealt too
    soon, and so does not play before the next (RRP5 irregularities.15)."""
    return deal._held_back.get(card, -1) > deal._street


def check_cards(deal: Deal, cards: Sequence[Card | None], *, dealing: bool = True) -> None:
    """Dealt cards must come from the game's deck, each once (RRP5
    irregularities.4); ``dealing``: they are being dealt, so cards held
    back from this street may not be among them (RRP5 irregularities.15)."""
    # The usual case, new cards of the deck with none ruled out of play, in
    # one loop over the few cards; cards are compared by index, as card
    # equality does. Any doubt goes to _refuse, which says what is wrong.
    if not deal._scrapped and not (dealing and deal._held_back):
        deck = deal._deck_indices
        seen = deal._seen
        if seen is None:
            seen = _seen(deal)
        indices: list[int] = []
        for card in cards:
            if card is not None:
                i = card.index
                if i not in deck or i in seen or i in indices:
                    break
                indices.append(i)
        else:
            return
    _refuse(deal, cards, dealing=dealing)


def _seen(deal: Deal) -> set[int]:
    """The indices of the cards in the hands and on the boards, kept by the deal
    (the handlers keep them up) until a ruling or a draw sets them aside."""
    seen = {c.index for pl in deal._players for c in pl.hole if c is not None}
    seen.update(c.index for c in deal._board if c is not None)
    for board in deal._runs:
        seen.update(c.index for c in board if c is not None)
    deal._seen = seen
    return seen


def _refuse(deal: Deal, cards: Sequence[Card | None], *, dealing: bool) -> None:
    """Raise the first of :func:`check_cards`'s refusals that applies, if any."""
    known = [c for c in cards if c is not None]
    # Cards are compared by index, as card equality does.
    indices = [c.index for c in known]
    deck = deal._deck_indices
    if not deck.issuperset(indices):
        strange = [c for c in known if c.index not in deck]
        raise NotationError(
            "{cards} is not in the {game} deck",
            code="card_not_in_deck",
            text=format_cards(strange),
            cards=format_cards(strange),
            game=deal.game.name,
        )
    if deal._scrapped:
        out = [c for c in known if c in deal._scrapped]
        if out:
            raise NotationError(
                "{cards} is out of play, a scrap of paper",
                code="card_out_of_play",
                text=format_cards(out),
                cards=format_cards(out),
                citations=cite("irregularities.7"),
            )
    if dealing and deal._held_back:
        early = [c for c in known if deal._held_back.get(c, -1) >= deal._street]
        if early:
            raise NotationError(
                "{cards} was dealt too soon and does not play on this street",
                code="card_held_back",
                text=format_cards(early),
                cards=format_cards(early),
                citations=cite("irregularities.15"),
            )
    seen = deal._seen if deal._seen is not None else _seen(deal)
    if not seen.isdisjoint(indices) or len(set(indices)) != len(indices):
        twice = [c for n, c in enumerate(known) if indices[n] in seen or indices[n] in indices[:n]]
        raise NotationError(
            "{cards} has been dealt already (a deck has one of each card)",
            code="card_dealt_twice",
            text=format_cards(twice),
            cards=format_cards(twice),
            citations=cite("irregularities.4"),
        )


def check_runs(game: Game, structure: Structure, runs: int) -> None:
    """Refuse a number of runs of the board the rules do not allow: more than
    one only at big-bet poker with a board (RRP5 policies.16)."""
    if runs < 1 or runs > 3:
        raise ConfigError(
            "the rest of a board is dealt once, twice or three times, not {runs}",
            code="runs_not_allowed",
            runs=runs,
        )
    if runs > 1 and structure is Structure.FIXED_LIMIT:
        raise ConfigError(
            "dealing the board more than once is for big-bet poker, not fixed limit",
            code="runs_not_allowed",
            citations=cite("policies.16"),
        )
    if runs > 1 and not any(street.board for street in game.streets):
        raise ConfigError(
            "{game} has no board to deal more than once", code="runs_not_allowed", game=game.name
        )


def check_discards(p: int, hole: list[Card | None], discards: Sequence[Card | None]) -> None:
    """Refuse discards not in the hand, named twice, or more unknown cards
    than the hand holds."""
    known = [c for c in discards if c is not None]
    if known:
        # Cards are shared objects (one per card), so a card held is found
        # by identity first; equality settles any other.
        held = {id(c) for c in hole}
        missing = [c for c in known if id(c) not in held and c not in hole]
        if missing:
            raise IllegalAction(
                "{who} cannot discard {cards}: not in the hand",
                code="no_such_card_to_discard",
                who=Who(Position(p)),
                cards=format_cards(missing),
            )
        if len({c.index for c in known}) != len(known):
            raise IllegalAction(
                "{who} cannot discard the same card twice",
                code="discard_twice",
                who=Who(Position(p)),
            )
    unknown = len(discards) - len(known)
    if unknown and unknown > sum(1 for c in hole if c is None):
        raise IllegalAction(
            "{who} cannot discard {unknown} unknown cards: its hand has"
            " {unseen} cards nobody saw; name the cards discarded",
            code="unknown_discards",
            who=Who(Position(p)),
            unknown=unknown,
            unseen=sum(1 for c in hole if c is None),
        )
