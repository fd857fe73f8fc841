"""The hand history value of the PHH format, and its general making from a TOML table.

:class:`HandHistory` holds one hand in chips, checked when it is made.
:func:`_general` makes one from any table a ``.phh`` file (or a hand of a
``.phhs`` file) reads to, checking everything and giving every error;
:func:`floorman.formats._phh_table.from_table` takes the quick path for the
usual table of a real file and this one for any other.
:mod:`floorman.formats.phh` gives these names to the public.
"""

from __future__ import annotations

from floorman._frozen import dataclass_like, field
from floorman._static import TYPE_CHECKING, dataclass_transform
from floorman.errors import NotationError
from floorman.formats._phh_actions import (
    MOST_DIGITS,
    Action,
    PlayerAction,
    _amount_text,
    _digits,
    _too_long,
    parse_action,
)
from floorman.formats._phh_usual import read_usual

if TYPE_CHECKING:
    from typing import Any, TypeAlias, TypeVar

__all__ = ["VARIANTS", "HandHistory"]

#: The variant codes the specification defines, with the game each names.
VARIANTS: dict[str, str] = {
    "FT": "fixed-limit Texas hold 'em",
    "NT": "no-limit Texas hold 'em",
    "NS": "no-limit short-deck hold 'em",
    "PO": "pot-limit Omaha hold 'em",
    "FO/8": "fixed-limit Omaha hold 'em high-low eight or better",
    "F7S": "fixed-limit seven-card stud",
    "F7S/8": "fixed-limit seven-card stud high-low eight or better",
    "FR": "fixed-limit razz",
    "N2L1D": "no-limit deuce-to-seven lowball single draw",
    "F2L3D": "fixed-limit deuce-to-seven lowball triple draw",
    "FB": "fixed-limit badugi",
}

_STRUCTURE = ("blinds_or_straddles", "bring_in", "small_bet", "big_bet", "min_bet")
# The betting fields each variant takes (the specification's table of required fields).
_VARIANT_FIELDS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(("FT", "FO/8", "F2L3D", "FB"), ("blinds_or_straddles", "small_bet", "big_bet")),
    **dict.fromkeys(("F7S", "F7S/8", "FR"), ("bring_in", "small_bet", "big_bet")),
    **dict.fromkeys(("NT", "NS", "PO", "N2L1D"), ("blinds_or_straddles", "min_bet")),
}
_PER_PLAYER = ("antes", "blinds_or_straddles", "starting_stacks", "finishing_stacks", "winnings")
_AMOUNTS = (*_PER_PLAYER, *_STRUCTURE[1:])
_TYPED = frozenset((*_AMOUNTS, "variant", "ante_trimming_status", "actions", "players"))

if TYPE_CHECKING:
    import datetime
    from decimal import Decimal

    #: A value kept in :attr:`HandHistory.extra`: a TOML string, integer, boolean,
    #: float (as an exact :class:`~decimal.Decimal`), date or time, or an array of
    #: these (as a tuple).
    ExtraValue: TypeAlias = (
        str | int | Decimal | datetime.date | datetime.time | tuple["ExtraValue", ...]
    )


class _Located(NotationError):
    """A NotationError about one field (and action), so that a reader can give its line."""

    def __init__(self, key: str, value: object, message: str, action: int | None = None) -> None:
        self.key, self.action = key, action
        super().__init__(message, text=value if isinstance(value, str) else repr(value))


# --- the hand history ----------------------------------------------------------------------------


def _freeze(value: object) -> object:
    if isinstance(value, list | tuple):
        kinds = set(map(type, value))
        if kinds <= _FLAT or not any(issubclass(k, list | tuple) for k in kinds):
            return value if type(value) is tuple else tuple(value)
        return tuple(_freeze(v) for v in value)
    return value


# The usual types of the items an array holds when it holds no arrays (an array of
# others, such as floats or dates, holds no arrays if none is a list or tuple).
_FLAT = frozenset((str, int, bool, type(None)))


def _is_value(value: object) -> bool:
    if isinstance(value, tuple):
        return all(_is_value(v) for v in value)
    if isinstance(value, str | int):
        return True
    # A float (Decimal), date or time: the reader read one, or the caller made one.
    import datetime
    from decimal import Decimal

    return isinstance(value, Decimal | datetime.date | datetime.time)


_STR = frozenset((str,))
_INT = frozenset((int,))
# The fields frozen (lists made tuples) when a history is made.
_FROZEN = (*_PER_PLAYER, "actions", "players", "extra")
# Each amount field: its name, the least it may hold, whether it must be given, and
# whether it holds one amount per player.
_CHIP_FIELDS = tuple(
    (
        key,
        1 if key in ("starting_stacks", *_STRUCTURE[1:]) else 0,
        key in ("antes", "starting_stacks"),
        key in _PER_PLAYER,
    )
    for key in _AMOUNTS
)


def _check_chips(key: str, value: object, count: int | None, least: int) -> None:
    """Check one amount (``count`` None) or one per player (``None`` = an unknown stack)."""
    if count is None:
        if type(value) is int and value >= least:
            return
    elif (
        type(value) is tuple
        and len(value) == count
        and set(map(type, value)) == _INT
        and min(value) >= least
    ):
        return
    if count is not None and (not isinstance(value, tuple) or len(value) != count):
        size = len(value) if isinstance(value, tuple) else "no"
        message = f"{key} has {size} entries for {count} players; give one per player"
        raise _Located(key, value, message)
    for v in value if isinstance(value, tuple) else (value,):
        unknown = v is None and key == "starting_stacks"
        if not unknown and (not isinstance(v, int) or isinstance(v, bool) or v < least):
            inf = " (or inf for a stack not known)" if key == "starting_stacks" else ""
            raise _Located(key, v, f"{key} holds {v!r}; expected whole chips, {least} or more{inf}")


if TYPE_CHECKING:
    _T = TypeVar("_T")


# What ``@dataclass(frozen=True, kw_only=True)`` makes of a class (its instances keep
# their fields in their dictionary), but for the six methods it would compile at import:
# __init__ is made from the code of its kind when the class is first instantiated, and
# the others are shared
# functions reading the class's fields (see floorman._frozen).
@dataclass_transform(frozen_default=True, kw_only_default=True, field_specifiers=(field,))
def _frozen_value(cls: type[_T]) -> type[_T]:
    made: Any = dataclass_like(cls, slots=False, kw_only=True)
    return made  # type: ignore[no-any-return]


@_frozen_value
class HandHistory:
    """One hand in PHH terms; amounts in chips, ``chips_per_unit`` of them to a unit.

    Players are numbered from 1 in PHH order (the small blind first in button
    games). Per-player tuples hold one entry per player; a starting stack is
    ``None`` where the file says ``inf`` (not known). ``actions`` are the action
    strings as written, in the file's units. Fields outside the typed ones
    (``author``, ``event``, ``hand``, user-defined ``_fields`` ...) stay in
    ``extra`` in file order, so nothing is lost. Construction checks everything
    and raises :class:`~floorman.errors.NotationError`.

    >>> hand = HandHistory(variant="FR", antes=(1, 1), bring_in=1, small_bet=2,
    ...                    big_bet=4, starting_stacks=(50, 60),
    ...                    actions=("d dh p1 ????Ah", "d dh p2 ????2s", "p1 pb", "p2 f"),
    ...                    extra=(("author", "Ann"),))
    >>> hand.parsed_actions[-1]
    Fold(index=3, commentary=None, player=2)
    >>> HandHistory(variant="NT", antes=(0, 0), blinds_or_straddles=(1, 2),
    ...             starting_stacks=(100, 100))
    Traceback (most recent call last):
    ...
    floorman.errors.NotationError: variant 'NT' (no-limit Texas hold 'em) needs min_bet; its betting fields are blinds_or_straddles, min_bet
    """

    variant: str
    antes: tuple[int, ...]
    starting_stacks: tuple[int | None, ...]
    actions: tuple[str, ...] = ()
    blinds_or_straddles: tuple[int, ...] | None = None
    bring_in: int | None = None
    small_bet: int | None = None
    big_bet: int | None = None
    min_bet: int | None = None
    ante_trimming_status: bool = False
    players: tuple[str, ...] | None = None
    finishing_stacks: tuple[int, ...] | None = None
    winnings: tuple[int, ...] | None = None
    chips_per_unit: int = 1
    extra: tuple[tuple[str, ExtraValue], ...] = ()
    _parsed: tuple[Action, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        try:
            self._check()
        except _Located as error:
            # Raised as a plain NotationError; a reader finds the field (to give its
            # line) in the suppressed __context__.
            raise NotationError(error.message, text=error.text) from None

    def _check(self) -> None:
        for name in _FROZEN:
            value = getattr(self, name)
            if (frozen := _freeze(value)) is not value:
                object.__setattr__(self, name, frozen)
        stacks, variant, cpu = self.starting_stacks, self.variant, self.chips_per_unit
        if (n := len(stacks) if isinstance(stacks, tuple) else 0) < 2:
            raise _Located(
                "starting_stacks", stacks, f"{n} starting stacks; a hand needs two or more"
            )
        if not isinstance(variant, str) or not variant.strip():
            raise _Located("variant", variant, f"variant {variant!r} is not a code such as 'NT'")
        if not isinstance(cpu, int) or cpu < 1 or str(cpu).rstrip("0") != "1":
            raise NotationError(f"chips_per_unit {cpu!r} is not 1, 10, 100, ...", text=repr(cpu))
        if not isinstance(status := self.ante_trimming_status, bool):
            raise _Located("ante_trimming_status", status, f"{status!r} is not true or false")
        for key, least, needed, per_player in _CHIP_FIELDS:
            if (value := getattr(self, key)) is not None or needed:
                _check_chips(key, value, n if per_player else None, least)
        self._check_structure()
        players = self.players
        if players is not None and not (
            isinstance(players, tuple)
            and len(players) == n
            and (set(map(type, players)) <= _STR or all(isinstance(p, str) for p in players))
        ):
            raise _Located("players", players, f'players is not {n} names, "" for one not known')
        seen: set[str] = set()
        for item in self.extra:
            if not (isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], str)):
                raise NotationError(
                    f"extra entry {item!r} is not a (name, value) pair", text=repr(item)
                )
            key, value = item
            if key in _TYPED or key in seen:
                why = "a typed field of HandHistory" if key in _TYPED else "given twice"
                raise NotationError(f"extra field {key!r} is {why}", text=key)
            seen.add(key)
            if not _is_value(value):
                message = (
                    f"{key} holds {value!r}; expected a string, number, boolean, date, time"
                    " or an array of these"
                )
                raise _Located(key, value, message)
        object.__setattr__(self, "_parsed", self._parse_actions(n))

    def _check_structure(self) -> None:
        given = [k for k in _STRUCTURE if getattr(self, k) is not None]
        wanted = _VARIANT_FIELDS.get(self.variant)
        if wanted is None:  # a code the specification does not define (yet)
            if "blinds_or_straddles" in given and "bring_in" in given:
                message = (
                    "blinds_or_straddles and bring_in are both given; a game has one or neither"
                )
                raise _Located("bring_in", self.bring_in, message)
            return
        for key in _STRUCTURE:
            if (key in wanted) != (key in given):
                needs = "needs" if key in wanted else "takes no"
                message = (
                    f"variant {self.variant!r} ({VARIANTS[self.variant]}) {needs} {key};"
                    f" its betting fields are {', '.join(wanted)}"
                )
                raise _Located(key if key in given else "variant", getattr(self, key), message)

    def _parse_actions(self, n: int) -> tuple[Action, ...]:
        if not isinstance(actions := self.actions, tuple):
            raise _Located("actions", actions, "actions is not an array of action strings")
        cpu = self.chips_per_unit
        if (usual := read_usual(actions, players=n, chips_per_unit=cpu)) is not None:
            return usual
        parsed = []
        for i, text in enumerate(actions):
            if not isinstance(text, str):
                raise _Located("actions", text, f"action {i} is {text!r}, not a string", i)
            try:
                action = parse_action(text, index=i, chips_per_unit=cpu)
            except NotationError as error:
                raise _Located("actions", text, error.message, i) from None
            if isinstance(action, PlayerAction) and action.player > n:
                message = f"action {i} {text!r} names p{action.player}; the hand has p1 to p{n}"
                raise _Located("actions", text, message, i)
            parsed.append(action)
        return tuple(parsed)

    @property
    def player_count(self) -> int:
        """The number of players in the hand."""
        return len(self.starting_stacks)

    @property
    def parsed_actions(self) -> tuple[Action, ...]:
        """The actions as typed values, amounts in chips, each with its index in ``actions``."""
        return self._parsed


def _places(value: object) -> int:
    """How many decimal places an amount needs (0 for an int or what is not a number)."""
    from decimal import Decimal

    if isinstance(value, Decimal) and value.is_finite():
        return min(_digits(value)[1], MOST_DIGITS)
    return 0


_LIMIT = 10**MOST_DIGITS


def _to_chips(key: str, value: object, cpu: int) -> object:
    """A TOML amount (or array of them) in chips; what is not an amount is left to the check."""
    from decimal import Decimal  # imported for the general path: a usual hand needs none

    if isinstance(value, list):
        if not value or (
            set(map(type, value)) == _INT and min(value) > -_LIMIT and max(value) < _LIMIT
        ):
            return tuple(value) if cpu == 1 else tuple([v * cpu for v in value])
        return tuple(_to_chips(key, v, cpu) for v in value)
    if isinstance(value, Decimal | int) and not isinstance(value, bool) and _too_long(value):
        message = f"{key} holds an amount of more than {MOST_DIGITS} digits"
        # Shortened: the amount may have thousands of digits (an int as a Decimal does).
        raise _Located(key, f"{Decimal(value):.6}", message)
    if isinstance(value, Decimal):
        if key == "starting_stacks" and value == Decimal("inf"):
            return None
        chips = value * cpu
        if not chips.is_finite() or chips != chips.to_integral_value():
            message = (
                f"{key} holds {value}, not whole chips at chips_per_unit={cpu};"
                " read with a larger one, or leave it to be chosen"
            )
            raise _Located(key, str(value), message)
        return int(chips)
    if isinstance(value, int) and not isinstance(value, bool):
        return value * cpu
    return value


def _general(table: dict[str, Any], chips_per_unit: int | None) -> HandHistory:
    """:func:`~floorman.formats._phh_table.from_table` by the general path: what the constructor checks, and every error."""
    from decimal import Decimal

    # The amounts written with decimals choose chips_per_unit; whole ones need none.
    decimals: list[Decimal] = []
    for key, value in table.items():
        if isinstance(value, dict):
            message = f"{key} is a table, not a PHH field (a file of several hands is a .phhs file)"
            raise _Located(key, key, message)
        if key in _AMOUNTS:
            values = value if isinstance(value, list) else [value]
            if Decimal in set(map(type, values)):
                decimals.extend(v for v in values if isinstance(v, Decimal))
    for key in ("variant", "antes", "starting_stacks", "actions"):
        if key not in table:
            message = (
                f"no {key}; a PHH hand gives variant, antes, starting_stacks, actions"
                " and its variant's betting fields"
            )
            raise _Located(key, "", message)
    actions = table["actions"]
    pointed = (
        [t for t in actions if isinstance(t, str) and "." in t] if type(actions) is list else ()
    )
    for text in pointed:
        if written := _amount_text(text.partition("#")[0].split()):
            decimals.append(Decimal(written))
    cpu = 10 ** max(map(_places, decimals), default=0) if chips_per_unit is None else chips_per_unit
    typed = {
        k: _to_chips(k, v, cpu) if k in _AMOUNTS else _freeze(v)
        for k, v in table.items()
        if k in _TYPED
    }
    extra = tuple([(k, _freeze(v)) for k, v in table.items() if k not in _TYPED])
    return HandHistory(**typed, chips_per_unit=cpu, extra=extra)  # type: ignore[arg-type]
