"""The pots' arithmetic: building the main pot and side pots, splitting a pot.

Compiled with the dealer when it is (see :mod:`floorman._compiled`), as the
dealer makes the pots at the end of every deal; :mod:`floorman.deal.pots`
holds :class:`~floorman.deal.pots.Pot` (a Python class, which the codec reads)
and gives these functions under its own name.
"""

from __future__ import annotations

from collections.abc import Sequence

from floorman._static import TYPE_CHECKING
from floorman.deal._make import Maker
from floorman.deal.pots import Pot
from floorman.ids import Position

if TYPE_CHECKING:
    from typing import Final, TypeVar

__all__ = ["build_pots", "split"]

_POT: Final = Maker(Pot, "amount", "eligible")


def build_pots(
    contributions: Sequence[int], *, live: Sequence[bool], dead: int = 0
) -> tuple[Pot, ...]:
    """The main pot and side pots from what each player put in.

    A player all in for less than others can win only the layers they
    matched; each side pot is split on its own (RRP5 ties.5). ``dead`` chips
    (antes, dead blinds, money carried from an earlier deal) belong to every
    live hand: they join the main pot when every live hand is in it, and make
    a pot of their own below it otherwise.
    Chips of folded players stay in the pots they reached.
    """
    if live.count(True) == 1:
        # One live hand (the usual end, everyone else folded): every chip is in
        # the one pot it can win, as the layers below would make it.
        amount = sum(contributions) + dead
        return (_POT.make2(amount, (Position(live.index(True)),)),) if amount else ()
    left = list(contributions)
    pots: list[Pot] = []
    while any(left):
        eligible = tuple(Position(p) for p, c in enumerate(left) if c > 0 and live[p])
        if not eligible:
            # Only folded money remains: it belongs to the last pot contested.
            extra = sum(left)
            if pots:
                last = pots[-1]
                pots[-1] = _POT.make2(last.amount + extra, last.eligible)
            else:
                # No live hand put in any bet: the money is dead, for every live hand.
                dead += extra
            break
        layer = min(left[p] for p in eligible)
        amount = 0
        for p, c in enumerate(left):
            taken = min(c, layer)
            amount += taken
            left[p] = c - taken
        if pots and pots[-1].eligible == eligible:
            pots[-1] = _POT.make2(pots[-1].amount + amount, eligible)
        else:
            pots.append(_POT.make2(amount, eligible))
    if dead:
        # Dead chips (antes, dead blinds) belong to every live hand.
        everyone = tuple(Position(p) for p, alive in enumerate(live) if alive)
        if pots and pots[0].eligible == everyone:
            pots[0] = _POT.make2(pots[0].amount + dead, everyone)
        else:
            pots.insert(0, _POT.make2(dead, everyone))
    return tuple(pots)


#: Who shares a pot: deal positions, or the boards of a pot run more than once.
if TYPE_CHECKING:
    _W = TypeVar("_W", bound=int)


def split(amount: int, winners: Sequence[_W], *, unit: int = 1) -> tuple[tuple[_W, int], ...]:
    """Split ``amount`` evenly among ``winners``, given in odd-chip order.

    The pot is split in the smallest unit used in the game (``unit``, RRP5
    ties.2); odd units go one each to the first winners in the order given, so
    no player gets more than one (RRP5 ties.3), and the order is the game's
    odd-chip order (RRP5 ties.4). Chips below the unit go to the first winner.

    >>> split(25, [1, 2], unit=5)
    ((1, 15), (2, 10))
    """
    units, loose = divmod(amount, unit)
    share, odd = divmod(units, len(winners))
    return tuple(
        (w, (share + (1 if i < odd else 0)) * unit + (loose if i == 0 else 0))
        for i, w in enumerate(winners)
    )
