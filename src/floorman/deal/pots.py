"""Pots: the main pot and side pots, and splitting a pot with its odd chips.

>>> build_pots([100, 300, 300, 50], live=[True, True, True, False])
(Pot(amount=350, eligible=(0, 1, 2)), Pot(amount=400, eligible=(1, 2)))
>>> split(101, [2, 0])          # the first in odd-chip order gets the odd chip
((2, 51), (0, 50))
"""

from __future__ import annotations

from floorman._frozen import frozen
from floorman.ids import Position

__all__ = ["Pot", "build_pots", "split"]


@frozen
class Pot:
    """Chips in one pot and the players who may win it."""

    amount: int
    eligible: tuple[Position, ...]


# Last: the arithmetic makes Pots, so it is imported once Pot is defined.
from floorman.deal._pot_math import build_pots, split  # noqa: E402
