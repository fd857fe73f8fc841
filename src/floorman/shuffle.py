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

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, dataclass_transform, overload

from floorman._frozen import dataclass_like, field
from floorman.cards import Card

if TYPE_CHECKING:
    import random

# random is imported by the shufflers when they are made: replaying a recorded deal
# (whose cards are given) starts without it.

__all__ = ["Mark", "SeededShuffler", "Shuffler", "SystemShuffler"]

_T = TypeVar("_T")


class Shuffler(Protocol):
    """Anything that returns the given cards in a random order."""

    def shuffle(self, cards: Sequence[Card]) -> list[Card]:
        """A new list holding ``cards`` in shuffled order."""
        ...


def _fisher_yates(cards: list[_T], getrandbits: Callable[[int], int]) -> None:
    """Shuffle ``cards`` in place exactly as ``random.Random.shuffle`` does (the
    same swaps from the same random bits), without a method call per card.

    >>> import random
    >>> stock, cards = list(range(10)), list(range(10))
    >>> random.Random(1).shuffle(stock)
    >>> _fisher_yates(cards, random.Random(1).getrandbits)
    >>> cards == stock
    True
    """
    for i in range(len(cards) - 1, 0, -1):
        below = i + 1
        bits = below.bit_length()
        j = getrandbits(bits)
        while j >= below:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]


def _same_as_random() -> bool:
    """Whether :func:`_fisher_yates` shuffles as this Python's ``random`` module
    does: the same order, the generator left in the same state."""
    import random

    stock, ours = random.Random(2026), random.Random(2026)
    expected, got = list(range(64)), list(range(64))
    stock.shuffle(expected)
    _fisher_yates(got, ours.getrandbits)
    return got == expected and stock.getstate() == ours.getstate()


@overload
def _slotted(cls: type[_T], /) -> type[_T]: ...


@overload
def _slotted(*, eq: bool = True) -> Callable[[type[_T]], type[_T]]: ...


@dataclass_transform(field_specifiers=(field,))
def _slotted(
    cls: type[_T] | None = None, /, *, eq: bool = True
) -> type[_T] | Callable[[type[_T]], type[_T]]:
    """``cls`` as ``@dataclass(slots=True, eq=eq)`` makes it, but for the methods it
    compiles at import: ``__init__`` (setting each slot) is made from the code of
    its kind when the class is first instantiated, and ``repr`` and equality are
    shared functions reading its fields (see floorman._frozen). The dealer imports this module; a replay
    makes no shuffler."""

    def wrap(cls: type[_T]) -> type[_T]:
        made: Any = dataclass_like(cls, frozen=False, eq=eq)
        return made  # type: ignore[no-any-return]

    return wrap if cls is None else wrap(cls)


#: A seeded shuffle must repeat across versions of floorman: the faster loop
#: serves only where it gives exactly what ``random.Random.shuffle`` gives
#: (found when the first seeded shuffler is made; None before).
_SAME_AS_RANDOM: bool | None = None


@_slotted(eq=False)
class Mark:
    """A place in a :class:`SeededShuffler`'s sequence (see :meth:`SeededShuffler.mark`):
    which of the shuffler's places it is, and the generator's state there once
    a shuffle has moved on from it."""

    place: int
    state: object = None


@_slotted
class SeededShuffler:
    """A repeatable shuffler: the same seed gives the same sequence of shuffles."""

    seed: int
    _random: random.Random = field(init=False, repr=False)
    # The places the sequence has been in: a shuffle, a rewind or a state set
    # moves it to a new one.
    _place: int = field(init=False, repr=False, default=0)
    # The mark at the present place, whose state the next shuffle keeps.
    _pending: Mark | None = field(init=False, repr=False, default=None)

    def __post_init__(self) -> None:
        import random

        global _SAME_AS_RANDOM
        if _SAME_AS_RANDOM is None:
            _SAME_AS_RANDOM = _same_as_random()
        self._random = random.Random(self.seed)

    def shuffle(self, cards: Sequence[Card]) -> list[Card]:
        """A new list of the cards, shuffled by the seeded generator."""
        if self._pending is not None:
            self._pending.state = self._random.getstate()
            self._pending = None
        self._place += 1
        out = list(cards)
        if _SAME_AS_RANDOM:
            _fisher_yates(out, self._random.getrandbits)
        else:
            self._random.shuffle(out)
        return out

    def mark(self) -> Mark:
        """Where the sequence stands, cheaply, to go back to with :meth:`rewind`:
        the generator's state is copied only if a shuffle follows, so an
        operation that marks the sequence before it may shuffle pays for the
        copy only when it does.

        >>> from floorman.cards import DECK_52
        >>> shuffler = SeededShuffler(3)
        >>> mark = shuffler.mark()
        >>> first = shuffler.shuffle(DECK_52)
        >>> _ = shuffler.shuffle(DECK_52)
        >>> shuffler.rewind(mark)
        >>> shuffler.shuffle(DECK_52) == first
        True
        """
        if self._pending is None or self._pending.place != self._place:
            self._pending = Mark(self._place)
        return self._pending

    def rewind(self, mark: Mark) -> None:
        """Put the sequence back where :meth:`mark` found it."""
        if mark.state is None:
            if mark.place != self._place:
                raise ValueError(
                    "the sequence was put elsewhere before it moved on from this mark:"
                    " it cannot be put back there"
                )
            return  # nothing shuffled since
        self._random.setstate(mark.state)  # type: ignore[arg-type]
        self._place += 1
        self._pending = None

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
        self._place += 1
        self._pending = None


def _system_random() -> random.SystemRandom:
    import random

    return random.SystemRandom()


@_slotted
class SystemShuffler:
    """A shuffler for real play, drawing from the system's strong random source."""

    _random: random.SystemRandom = field(default_factory=_system_random, repr=False)

    def shuffle(self, cards: Sequence[Card]) -> list[Card]:
        """A new list of the cards, shuffled from the system's entropy."""
        out = list(cards)
        self._random.shuffle(out)
        return out
