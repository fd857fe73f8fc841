"""Shufflers: where the randomness of a deal comes from.

The dealer never draws randomness itself; it is handed a :class:`Shuffler`.
A :class:`SeededShuffler` repeats its shuffles from a seed (tests, replays,
simulations); a :class:`SystemShuffler` draws from the operating system's
cryptographically strong source, for real play.

>>> from floorman.cards import DECK_52
>>> a = SeededShuffler(7).shuffle(DECK_52)
>>> b = SeededShuffler(7).shuffle(DECK_52)
>>> a == b, sorted(a) == list(DECK_52)
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from floorman.cards import Card

__all__ = ["SeededShuffler", "Shuffler", "SystemShuffler"]


class Shuffler(Protocol):
    """Anything that returns the given cards in a random order."""

    def shuffle(self, cards: Sequence[Card]) -> list[Card]:
        """A new list holding ``cards`` in shuffled order."""
        ...


@dataclass(slots=True)
class SeededShuffler:
    """A repeatable shuffler: the same seed gives the same sequence of shuffles."""

    seed: int
    _random: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._random = random.Random(self.seed)

    def shuffle(self, cards: Sequence[Card]) -> list[Card]:
        """A new list of the cards, shuffled by the seeded generator."""
        out = list(cards)
        self._random.shuffle(out)
        return out

    def getstate(self) -> object:
        """Where the sequence of shuffles stands, to put back with :meth:`setstate`
        (an operation refused after it shuffled leaves the sequence as it was).

        >>> from floorman.cards import DECK_52
        >>> shuffler = SeededShuffler(3)
        >>> state = shuffler.getstate()
        >>> first = shuffler.shuffle(DECK_52)
        >>> shuffler.setstate(state)
        >>> shuffler.shuffle(DECK_52) == first
        True
        """
        return self._random.getstate()

    def setstate(self, state: object) -> None:
        """Put the sequence of shuffles back where :meth:`getstate` found it."""
        self._random.setstate(state)  # type: ignore[arg-type]


@dataclass(slots=True)
class SystemShuffler:
    """A shuffler for real play, drawing from the system's strong random source."""

    _random: random.SystemRandom = field(default_factory=random.SystemRandom, repr=False)

    def shuffle(self, cards: Sequence[Card]) -> list[Card]:
        """A new list of the cards, shuffled from the system's entropy."""
        out = list(cards)
        self._random.shuffle(out)
        return out
