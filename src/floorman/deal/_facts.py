"""What a deal reads of its game again and again, read once for each game."""

from __future__ import annotations

from collections import namedtuple

from floorman._static import TYPE_CHECKING
from floorman.cards import Card
from floorman.games import Game

if TYPE_CHECKING:
    from typing import NamedTuple

__all__ = ["Facts", "game_facts"]


if TYPE_CHECKING:

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

else:
    # The class typing.NamedTuple would make (with collections.namedtuple), made
    # without importing typing.
    Facts = namedtuple(
        "Facts",
        ("game", "has_draw", "button_game", "max_raises", "deck", "deck_set", "deck_indices"),
    )
    Facts.__doc__ = "What a deal reads of its game again and again (a game is a frozen value)."


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
