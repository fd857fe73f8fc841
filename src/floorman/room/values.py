"""The room's values: the kinds of game it runs, sanctions, when a move is due.

>>> kind = GameKind(game="holdem", structure=Structure.NO_LIMIT, stakes="1/2")
>>> str(kind)
'1/2 no-limit holdem'
>>> GameKind.parse("holdem no-limit 1/2") == kind
True
>>> kind
GameKind(game='holdem', structure=Structure.NO_LIMIT, stakes='1/2')
>>> Sanction.BAR, Due.BLIND
(Sanction.BAR, Due.BLIND)
"""

from __future__ import annotations

import enum
import math
import re
from dataclasses import dataclass

from floorman.errors import ConfigError, FloorError
from floorman.games import GAMES, Game, Structure

__all__ = ["Due", "GameKind", "Sanction"]

#: Stakes: the small and the big blind (or bet), whole numbers with no leading zero.
_STAKES = re.compile(r"([1-9][0-9]{0,8})/([1-9][0-9]{0,8})")


@dataclass(frozen=True, slots=True, kw_only=True)
class GameKind:
    """A game the room spreads: the poker form, the betting structure and the
    stakes. Games of one kind share a waiting list (RRP5 seating.3)."""

    game: str
    structure: Structure
    stakes: str

    def __post_init__(self) -> None:
        if not isinstance(self.game, str) or self.game not in GAMES:
            raise ConfigError(f"no game {self.game!r}; games: {', '.join(sorted(GAMES))}")
        if not isinstance(self.structure, Structure):
            names = ", ".join(s.value for s in Structure)
            raise ConfigError(f"no structure {self.structure!r}; structures: {names}")
        found = _STAKES.fullmatch(self.stakes) if isinstance(self.stakes, str) else None
        if found is None or int(found[1]) > int(found[2]):
            raise ConfigError(
                f"stakes {self.stakes!r}: stakes are the small and the big blind (or bet) as"
                " two whole numbers such as 1/2 or 4/8, each 1 to 999,999,999, the small not"
                " more than the big"
            )

    @property
    def form(self) -> Game:
        """The poker form."""
        return GAMES[self.game]

    @classmethod
    def parse(cls, text: str) -> GameKind:
        """Read ``GAME STRUCTURE STAKES``, as :func:`str` writes it backwards.

        >>> GameKind.parse("razz fixed-limit 4/8").stakes
        '4/8'
        """
        words = text.split()
        if len(words) != 3:
            raise ConfigError(
                f"a game is GAME STRUCTURE STAKES, e.g. 'holdem no-limit 1/2': {text!r}"
            )
        game, structure, stakes = words
        try:
            shape = Structure(structure)
        except ValueError:
            names = ", ".join(s.value for s in Structure)
            raise ConfigError(f"no structure {structure!r}; structures: {names}") from None
        return cls(game=game, structure=shape, stakes=stakes)

    def __str__(self) -> str:
        return f"{self.stakes} {self.structure.value} {self.game}"


class Sanction(enum.Enum):
    """What the floor may do about conduct (RRP5 conduct): a warning is
    recorded; a suspension keeps the player out until it ends; a bar, for good
    or until a time."""

    WARNING = "warning"
    SUSPENSION = "suspension"
    BAR = "bar"

    def __repr__(self) -> str:
        return f"Sanction.{self.name}"


class Due(enum.Enum):
    """When a player changing games must make the move (RRP5 seating.12, seating.14).

    The room does not watch the deals: the dealer says when the moment has
    come (:meth:`floorman.room.Room.due`).
    """

    NOW = "now"  # after the present deal; after the button if a blind is already taken
    BLIND = "when due for the big blind"
    NEXT_DEAL = "after one more deal"  # stud

    def __repr__(self) -> str:
        return f"Due.{self.name}"


def is_whole(value: object) -> bool:
    """An int, and not a bool: chips, seats and tables are counted, not measured."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_term(minutes: object) -> None:
    """Minutes of a term or an absence are a finite number above 0; else FloorError."""
    if (
        isinstance(minutes, bool)
        or not isinstance(minutes, int | float)
        or not math.isfinite(minutes)
        or minutes <= 0
    ):
        raise FloorError(f"a term is some minutes, more than 0, not {minutes!r}")
