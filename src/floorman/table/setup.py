"""How a table is set up: its game, stakes, seats, button method and house rules.

>>> from floorman.games import HOLDEM, Structure
>>> setup = TableSetup(game=HOLDEM, structure=Structure.NO_LIMIT, blinds=(1, 2))
>>> setup.min_buy_in, setup.straddles_allowed
(40, True)
>>> TableSetup(game=HOLDEM, structure=Structure.FIXED_LIMIT, blinds=(1, 2),
...            small_bet=2, big_bet=4).min_buy_in
40
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from floorman.deal.legal import Stakes
from floorman.errors import ConfigError
from floorman.games import Game, RuleSet, Structure

__all__ = ["ButtonMethod", "TableSetup"]


class ButtonMethod(enum.Enum):
    """How the button and blinds are placed each round (RRP5 blinds.2)."""

    MOVING = "moving"
    """The button always moves to the next player; the blinds follow it, and a
    player the blinds pass owes them (RRP5 blinds.2.1)."""
    DEAD = "dead"
    """The big blind goes to the player due for it; the small blind and the
    button fall where they must, even before an empty seat (RRP5 blinds.2.2)."""

    def __repr__(self) -> str:
        return f"ButtonMethod.{self.name}"


@dataclass(frozen=True, slots=True, kw_only=True)
class TableSetup:
    """Everything a table keeps fixed from deal to deal.

    ``blinds`` are (small, big) or a single big blind; ``ante`` is each
    player's. At limit, ``small_bet`` and ``big_bet`` are the bet sizes. The
    full buy-in is ``min_buy_in`` when given; otherwise ten times the biggest
    bet at limit (RRP5 buy-in.1) and twenty big blinds at pot- and no-limit,
    where the rulebook leaves it to the house. ``straddles`` allows a live
    straddle: by default at pot- and no-limit, never at limit unless the game
    is set up for it (RRP5 blinds.15). ``time_charge`` is the seat rental
    collected every ``time_every`` seconds (RRP5 policies.2).
    """

    game: Game
    structure: Structure
    blinds: tuple[int, ...] = ()
    ante: int = 0
    bring_in: int = 0
    small_bet: int = 0
    big_bet: int = 0
    chip: int = 1
    seats: int = 9
    button: ButtonMethod = ButtonMethod.DEAD
    buy_in: int | None = None
    max_buy_in: int | None = None
    straddles: bool | None = None
    time_charge: int = 0
    time_every: float = 1800.0
    rules: RuleSet = RuleSet.ROBERTS

    def __post_init__(self) -> None:
        self._check_types()
        if self.structure not in self.game.structures:
            allowed = ", ".join(s.value for s in self.game.structures)
            raise ConfigError(f"{self.game.name} is played {allowed}, not {self.structure.value}")
        if not 2 <= self.seats <= 10:
            raise ConfigError(f"a table has 2 to 10 seats, not {self.seats}")
        if self.game.has_draw and self.seats > 8:
            raise ConfigError(f"{self.game.name} is played eight-handed at most, not {self.seats}")
        if self.game.is_button_game:
            if len(self.blinds) not in (1, 2) or min(self.blinds) <= 0:
                raise ConfigError(
                    f"{self.game.name} needs a big blind, or a small and a big blind;"
                    f" got {self.blinds}"
                )
            if len(self.blinds) == 2 and self.blinds[0] > self.blinds[1]:
                small, big = self.blinds
                raise ConfigError(
                    f"the small blind ({small}) is bigger than the big blind ({big}); blinds"
                    f" are given small first, as in {big}/{small}"
                )
        elif self.bring_in <= 0:
            raise ConfigError(f"{self.game.name} needs a bring-in")
        if self.structure is Structure.FIXED_LIMIT and not (0 < self.small_bet <= self.big_bet):
            raise ConfigError(
                f"a limit game needs its bets: small_bet {self.small_bet}, big_bet {self.big_bet}"
            )
        if self.max_buy_in is not None and self.max_buy_in < self.min_buy_in:
            raise ConfigError(
                f"the most a player may buy in for ({self.max_buy_in}) is below the"
                f" full buy-in ({self.min_buy_in})"
            )
        if any(a % self.chip for a in (*self.blinds, self.ante, self.small_bet, self.big_bet)):
            raise ConfigError(f"every forced bet and bet size is a whole number of {self.chip}")

    def _check_types(self) -> None:
        """Chips and counts are whole numbers (a bool is not one), none below zero."""
        counts: dict[str, object] = {
            "ante": self.ante,
            "bring_in": self.bring_in,
            "small_bet": self.small_bet,
            "big_bet": self.big_bet,
            "chip": self.chip,
            "seats": self.seats,
            "buy_in": self.buy_in,
            "max_buy_in": self.max_buy_in,
            "time_charge": self.time_charge,
        }
        if not isinstance(self.blinds, tuple):
            raise ConfigError(f"blinds are a tuple (small, big) or (big,), not {self.blinds!r}")
        counts |= {f"blinds[{i}]": b for i, b in enumerate(self.blinds)}
        for name, value in counts.items():
            if value is None and name in ("buy_in", "max_buy_in"):
                continue
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ConfigError(f"{name} is a whole number 0 or more, not {value!r}")
        if self.chip < 1:
            raise ConfigError(f"the smallest chip is worth 1 or more, not {self.chip}")
        if isinstance(self.time_every, bool) or not isinstance(self.time_every, int | float):
            raise ConfigError(f"time_every is a number of seconds, not {self.time_every!r}")
        if not self.time_every > 0:
            raise ConfigError(f"time_every is a number of seconds above 0, not {self.time_every}")
        for name, kind in (("game", Game), ("structure", Structure), ("button", ButtonMethod)):
            if not isinstance(getattr(self, name), kind):
                raise ConfigError(f"{name} is a {kind.__name__}, not {getattr(self, name)!r}")

    @property
    def big_blind(self) -> int:
        """The big blind (0 in a game without blinds)."""
        return self.blinds[-1] if self.blinds else 0

    @property
    def small_blind(self) -> int:
        """The small blind (0 when the game has only a big blind)."""
        return self.blinds[0] if len(self.blinds) == 2 else 0

    @property
    def min_buy_in(self) -> int:
        """The full buy-in (RRP5 buy-in.1)."""
        if self.buy_in is not None:
            return self.buy_in
        if self.structure is Structure.FIXED_LIMIT:
            return 10 * self.big_bet
        return 20 * self.big_blind

    @property
    def straddles_allowed(self) -> bool:
        """Whether a live straddle may be posted (RRP5 blinds.15)."""
        if self.straddles is not None:
            return self.straddles and self.game.is_button_game
        return self.game.is_button_game and self.structure is not Structure.FIXED_LIMIT

    @property
    def is_lowball(self) -> bool:
        """A low game with a button: a new player posts double (RRP5 blinds.5.2)."""
        return self.game.is_button_game and self.game.reading.is_low

    def stakes(
        self,
        *,
        blinds: tuple[int, ...] = (),
        dead_blinds: tuple[int, ...] = (),
        big_blind: int | None = None,
        antes: tuple[int, ...] = (),
    ) -> Stakes:
        """A deal's stakes, with the forced bets as the table placed them."""
        return Stakes(
            blinds=blinds,
            dead_blinds=dead_blinds,
            big_blind=big_blind,
            antes=antes,
            bring_in=self.bring_in,
            small_bet=self.small_bet,
            big_bet=self.big_bet,
            min_bet=self.big_blind if self.structure is not Structure.FIXED_LIMIT else 0,
            chip=self.chip,
        )
