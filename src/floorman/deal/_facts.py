"""What a deal reads of its game again and again, read once for each game."""

from __future__ import annotations

from typing import NamedTuple

from floorman.cards import Card
from floorman.games import Game

__all__ = ["Facts", "game_facts"]


class Facts(NamedTuple):
    """What a deal reads of its game again and again (a game is a frozen value)."""

    game: Game
    has_draw: bool
    button_game: bool
    max_raises: int
    deck: tuple[Card, ...]
    deck_set: frozenset[Card]
    # The indices of the deck's cards: a card is its index, so membership by
    # index is the same as by card, and cheaper.
    deck_indices: frozenset[int]


_FACTS: dict[int, Facts] = {}


def game_facts(game: Game) -> Facts:
    """The facts of ``game``, kept for the next deal of it (a game is a frozen value)."""
    found = _FACTS.get(id(game))
    if found is None or found.game is not game:
        if len(_FACTS) >= 256:
            _FACTS.clear()
        found = _FACTS[id(game)] = Facts(
            game=game,
            has_draw=game.has_draw,
            button_game=game.is_button_game,
            max_raises=game.max_raises,
            deck=game.deck,
            deck_set=game.deck_set,
            deck_indices=frozenset(c.index for c in game.deck_set),
        )
    return found
