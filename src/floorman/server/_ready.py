"""The evaluator's tables built before the server takes commands.

The hand evaluator builds its lookup tables when it first needs them (a
fifth of a second for seven cards). In a server that moment is a showdown,
inside a player's command, and every command queued behind it waits; so the
server builds the high tables and reads one hand of each form at start.
"""

from __future__ import annotations

from floorman.cards import parse_cards
from floorman.evaluation import (
    evaluate_ace_to_five,
    evaluate_deuce_to_seven,
    evaluate_eight_or_better,
    evaluate_high,
    evaluate_omaha,
    evaluate_omaha_eight_or_better,
)
from floorman.evaluation.hands import build_tables

__all__ = ["warm_up"]

_SEVEN = "As Kd 8h 7c 5s 3d 2c"


def warm_up() -> None:
    """Read a hand of every size and ranking the dealer reads at a showdown.

    >>> warm_up()
    """
    build_tables()
    cards = parse_cards(_SEVEN)
    for size in (5, 6, 7):
        evaluate_high(cards[:size])
        evaluate_ace_to_five(cards[:size])
        evaluate_eight_or_better(cards[:size])
    evaluate_high(parse_cards("As Ks Qs Js 9s 2d 3c"))  # a flush
    evaluate_deuce_to_seven(cards[:5])
    hole, board = parse_cards("As Kd 8h 7c"), parse_cards("5s 3d 2c Qh Jh")
    evaluate_omaha(hole, board)
    evaluate_omaha_eight_or_better(hole, board)
