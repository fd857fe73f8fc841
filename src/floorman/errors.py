"""The one exception tree of floorman.

Everything floorman raises on purpose derives from :class:`FloormanError`::

    FloormanError                 root; everything raised on purpose
    ├── ConfigError(ValueError)   a game, table or room set up wrongly
    ├── NotationError(ValueError) unreadable input: a card, an action, a hand history
    ├── IllegalAction(ValueError) a well-formed action the rules forbid now
    │   └── OutOfTurn
    └── FloorError                a floor operation that cannot be done

An error says what cannot be done, why, what may be done instead, and which rule
says so. The rules travel as structured data (:attr:`FloormanError.citations`)
so that a caller never has to parse the message.

>>> from floorman.rulebook import Citation
>>> error = IllegalAction("seat 4 cannot check facing a bet of 100; call or fold",
...                       citations=(Citation.parse("betting.5"),))
>>> str(error)
'seat 4 cannot check facing a bet of 100; call or fold [RRP5 betting.5]'
>>> error.citations
(Citation.parse('RRP5 betting.5'),)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from floorman.rulebook import Citation

__all__ = [
    "ConfigError",
    "FloorError",
    "FloormanError",
    "IllegalAction",
    "NotationError",
    "OutOfTurn",
]


class FloormanError(Exception):
    """The root of every error floorman raises on purpose.

    ``message`` says what went wrong and what is allowed instead; ``citations``
    name the rules behind the refusal, and are appended to the text.
    """

    def __init__(self, message: str, *, citations: Iterable[Citation] = ()) -> None:
        self.message = message
        self.citations: tuple[Citation, ...] = tuple(citations)
        super().__init__(message)

    def __str__(self) -> str:
        if not self.citations:
            return self.message
        cited = ", ".join(c.id for c in self.citations)
        return f"{self.message} [RRP5 {cited}]"


class ConfigError(FloormanError, ValueError):
    """A game, table or room was set up wrongly."""


class NotationError(FloormanError, ValueError):
    """Input that cannot be read: a card, an action, a hand history.

    ``text`` holds the offending input.

    >>> NotationError("not a card: 'Zz'", text="Zz").text
    'Zz'
    """

    def __init__(self, message: str, *, text: str = "", citations: Iterable[Citation] = ()) -> None:
        self.text = text
        super().__init__(message, citations=citations)


class IllegalAction(FloormanError, ValueError):
    """A well-formed action that the rules forbid at this moment."""


class OutOfTurn(IllegalAction):
    """An action by someone whose turn it is not."""


class FloorError(FloormanError):
    """A floor operation that cannot be done (a seat taken, a list closed)."""
