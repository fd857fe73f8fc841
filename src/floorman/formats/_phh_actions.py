"""PHH actions: the typed values of a hand's action strings, read and written.

A PHH hand lists its actions as short strings (``"d dh p1 AsKs"``,
``"p2 cbr 300"``, ``"p3 f"``). :func:`parse_action` reads one into an
:class:`Action` and :func:`format_action` writes one back
(:func:`floorman.formats._phh_usual.read_usual` reads a whole hand's list at once
when every string has the usual form that real files write).
:mod:`floorman.formats.phh` gives these names to the public.
"""

from __future__ import annotations

from collections.abc import Iterable

from floorman._frozen import dataclass_like, field_names
from floorman._static import TYPE_CHECKING, dataclass_transform
from floorman.cards import Card
from floorman.errors import ConfigError, NotationError

if TYPE_CHECKING:
    from decimal import Decimal
    from typing import Any, TypeVar

__all__ = [
    "MOST_DIGITS",
    "Action",
    "CheckOrCall",
    "CompleteBetOrRaiseTo",
    "DealBoard",
    "DealHole",
    "Fold",
    "NoOp",
    "PlayerAction",
    "PostBringIn",
    "ShowOrMuck",
    "StandPatOrDiscard",
    "format_action",
    "parse_action",
]

#: The most digits an amount may have, before and after the point together:
#: more than any game's chips, and few enough that reading one takes no time.
MOST_DIGITS = 15


def _digits(value: Decimal) -> tuple[int, int]:
    """A finite amount's digits before the point and after it, trailing zeros aside.

    Counted exactly: ``Decimal.normalize`` would round to the context's precision.
    """
    _, digits, exponent = value.as_tuple()
    assert isinstance(exponent, int)
    kept = len(digits)
    while kept > 1 and digits[kept - 1] == 0:
        kept, exponent = kept - 1, exponent + 1
    return max(kept + exponent, 0), max(-exponent, 0)


def _too_long(value: Decimal | int) -> bool:
    """Whether an amount has more than MOST_DIGITS digits in all."""
    if isinstance(value, int):
        limit: int = 10**MOST_DIGITS
        return abs(value) >= limit
    return value.is_finite() and sum(_digits(value)) > MOST_DIGITS


if TYPE_CHECKING:
    _T = TypeVar("_T")


# The actions are what ``@dataclass(frozen=True, kw_only=True, repr=False, eq=False)``
# makes, but for the methods it would compile for each of the eleven classes at import,
# some 2.5 ms for every process that reads a hand: __repr__, __eq__ and __hash__ are
# written once, on Action; __init__ is made from the code of its kind when a class is
# first instantiated;
# assignment is refused by floorman._frozen's shared functions.
@dataclass_transform(frozen_default=True, kw_only_default=True)
def _action(cls: type[_T]) -> type[_T]:
    made: Any = dataclass_like(cls, slots=False, kw_only=True, repr=False, eq=False)
    return made  # type: ignore[no-any-return]


@_action
class Action:
    """One entry of a hand's ``actions``: its 0-based ``index`` there and its commentary.

    The commentary is the text after ``#`` in the action string (``None`` if
    there is no ``#``). ``str(action)`` writes the action as PHH notation.
    """

    index: int = 0
    commentary: str | None = None

    def __post_init__(self) -> None:
        player, amount = getattr(self, "player", 1), getattr(self, "amount", 1)
        cards = getattr(self, "cards", ())
        if not isinstance(player, int) or player < 1:
            problem = f"player {player!r} is not a player number 1, 2, ..."
        elif isinstance(self, DealBoard | DealHole) and not cards:
            problem = "a deal needs at least one card"
        elif not (cards is None and isinstance(self, ShowOrMuck)) and not (
            isinstance(cards, tuple) and all(c is None or isinstance(c, Card) for c in cards)
        ):
            problem = f"cards {cards!r} is not a tuple of cards (None for one not known)"
        elif not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
            problem = f"amount {amount!r} is not a positive whole number of chips"
        else:
            return
        raise NotationError(f"{type(self).__name__}: {problem}", text=repr(self))

    def __str__(self) -> str:
        return format_action(self)

    # What dataclass would generate: the fields in order; equal only to the same class.
    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in field_names(type(self)))
        return f"{type(self).__qualname__}({shown})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self.__dict__ == other.__dict__
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple([getattr(self, name) for name in field_names(type(self))]))


@_action
class NoOp(Action):
    """An empty action string, or one holding only a commentary: ``"# burn card exposed"``."""


@_action
class DealBoard(Action):
    """``d db CARDS``: the dealer turns cards onto the board."""

    cards: tuple[Card | None, ...]


@_action
class PlayerAction(Action):
    """An action by (or, for :class:`DealHole`, to) player ``pN``: ``player`` is N, from 1."""

    player: int


@_action
class DealHole(PlayerAction):
    """``d dh pN CARDS``: the dealer deals the player cards; ``None`` for one written ``??``."""

    cards: tuple[Card | None, ...]


@_action
class PostBringIn(PlayerAction):
    """``pN pb``: the player posts the bring-in."""


@_action
class CompleteBetOrRaiseTo(PlayerAction):
    """``pN cbr AMOUNT``: the player completes, bets or raises to ``amount`` chips in all."""

    amount: int


@_action
class CheckOrCall(PlayerAction):
    """``pN cc``: the player checks, or calls the bet."""


@_action
class Fold(PlayerAction):
    """``pN f``: the player folds."""


@_action
class StandPatOrDiscard(PlayerAction):
    """``pN sd [CARDS]``: the player discards ``cards``, or stands pat when there are none."""

    cards: tuple[Card | None, ...] = ()


@_action
class ShowOrMuck(PlayerAction):
    """``pN sm [CARDS]``: the player shows ``cards``, or mucks.

    ``cards`` is ``()`` for a muck (``pN sm``), ``None`` for showing the cards
    already dealt to the player (``pN sm -``), and otherwise the cards shown,
    ``None`` for each one kept hidden (``??``).

    >>> parse_action("p2 sm").mucks, parse_action("p2 sm -").mucks
    (True, False)
    """

    cards: tuple[Card | None, ...] | None = ()

    @property
    def mucks(self) -> bool:
        """Whether the player mucks the hand."""
        return self.cards == ()


_SIMPLE: dict[str, type[PlayerAction]] = {"f": Fold, "cc": CheckOrCall, "pb": PostBringIn}
_VERB = {v: k for k, v in _SIMPLE.items()} | {CompleteBetOrRaiseTo: "cbr"}
_VERB |= {StandPatOrDiscard: "sd", ShowOrMuck: "sm"}
# Patterns of the full path, which few texts take: given as text, each is compiled (and
# cached by the re module) when a text first needs it, not when the module is imported.
_CARD_PAIRS = r"(?:[2-9TJQKA][cdhs]|\?\?)+"
_AMOUNT = r"[0-9]+(?:\.[0-9]+)?"
_GRAMMAR = (
    "expected 'd db CARDS', 'd dh pN CARDS', 'pN f', 'pN cc', 'pN pb', 'pN cbr AMOUNT',"
    " 'pN sd [CARDS]' or 'pN sm [CARDS|-]', each optionally followed by '# commentary'"
)


def _cards(text: str, where: str, action: str) -> tuple[Card | None, ...]:
    import re  # here, as in the others: a replay of usual actions needs no re module

    if re.fullmatch(_CARD_PAIRS, text) is None:
        raise NotationError(
            f"{where}cannot read the cards {text!r}; write each card as a rank (2-9 T J Q K A)"
            " and a suit (c d h s), run together as in 'AsKd', with ?? for a card not known",
            text=action,
        )
    pairs = (text[i : i + 2] for i in range(0, len(text), 2))
    return tuple(None if pair == "??" else Card.parse(pair) for pair in pairs)


def _amount_text(words: list[str]) -> str | None:
    """The amount of a ``cbr`` action as written, if these words are one."""
    import re

    if len(words) == 3 and words[1] == "cbr" and re.fullmatch(_AMOUNT, words[2]):
        return words[2]
    return None


def parse_action(
    text: str,
    *,
    index: int = 0,
    chips_per_unit: int = 1,
    letter: str = "p",
    where: str | None = None,
) -> Action:
    """Read one PHH action string; amounts become chips at ``chips_per_unit`` per unit.

    ``letter`` is the letter that names a player: ``p`` in PHH, where players
    are numbered by position; a session log writes the same notation with
    ``s`` and the seat. ``where`` begins an error's message (by default the
    action's index and text; ``""`` for none, when the caller names the line).

    >>> parse_action("d dh p3 Ah??", index=4)
    DealHole(index=4, commentary=None, player=3, cards=(Card.parse('Ah'), None))
    >>> parse_action("p1 cbr 2.5", chips_per_unit=10).amount
    25
    >>> parse_action("p1 sd")
    StandPatOrDiscard(index=0, commentary=None, player=1, cards=())
    >>> parse_action("p1 raise 30", index=7)
    Traceback (most recent call last):
    ...
    floorman.errors.NotationError: action 7 'p1 raise 30': 'raise' is not a PHH action; expected 'd db CARDS', 'd dh pN CARDS', 'pN f', 'pN cc', 'pN pb', 'pN cbr AMOUNT', 'pN sd [CARDS]' or 'pN sm [CARDS|-]', each optionally followed by '# commentary'
    """
    if letter == "p":
        # Imported here: the quick path's module (compiled where it can be) is built
        # on this one's action classes.
        from floorman.formats._phh_usual import ANY_PLAYER, read_usual

        usual = read_usual((text,), players=ANY_PLAYER, chips_per_unit=chips_per_unit, start=index)
        if usual:
            return usual[0]
    import re

    if re.fullmatch("[a-z]", letter) is None or letter == "d":
        raise ConfigError(f"players are named by one letter other than d, not {letter!r}")
    body, hashed, comment = text.partition("#")
    note = comment.strip() if hashed else None
    words = body.split()
    where = f"action {index} {text!r}: " if where is None else where and f"{where}: "
    grammar = _GRAMMAR.replace("pN", f"{letter}N")
    numbered = re.compile(rf"{letter}([1-9][0-9]*)")

    def bad(problem: str) -> NotationError:
        return NotationError(f"{where}{problem}; {grammar}", text=text)

    def player(word: str) -> int:
        if (found := numbered.fullmatch(word)) is None:
            raise bad(
                f"{word!r} is neither the dealer 'd' nor a player '{letter}1', '{letter}2', ..."
            )
        return int(found.group(1))

    if not words:
        return NoOp(index=index, commentary=note)
    if words[0] == "d":
        if len(words) == 3 and words[1] == "db":
            return DealBoard(index=index, commentary=note, cards=_cards(words[2], where, text))
        if len(words) == 4 and words[1] == "dh":
            cards = _cards(words[3], where, text)
            return DealHole(index=index, commentary=note, player=player(words[2]), cards=cards)
        raise bad("the dealer's action is not 'd db CARDS' or 'd dh pN CARDS'")
    who = player(words[0])
    if len(words) == 1:
        raise bad(f"no action follows {words[0]!r}")
    verb, args = words[1], words[2:]
    if verb in _SIMPLE and not args:
        return _SIMPLE[verb](index=index, commentary=note, player=who)
    if verb == "cbr" and len(args) == 1:
        if (written := _amount_text(words)) is None:
            raise bad(f"the amount {args[0][:40]!r} is not a number such as 300 or 2.5")
        from decimal import Decimal  # imported for the full grammar: usual actions need none

        if _too_long(Decimal(written)):
            raise bad(f"the amount has more than {MOST_DIGITS} digits")
        chips = Decimal(written) * chips_per_unit
        if chips != chips.to_integral_value() or chips <= 0:
            raise bad(
                f"{written} is not a positive whole number of chips at {chips_per_unit} chips a unit"
            )
        return CompleteBetOrRaiseTo(index=index, commentary=note, player=who, amount=int(chips))
    if verb == "sd" and len(args) <= 1:
        cards = _cards(args[0], where, text) if args else ()
        return StandPatOrDiscard(index=index, commentary=note, player=who, cards=cards)
    if verb == "sm" and len(args) <= 1:
        shown = None if args == ["-"] else _cards(args[0], where, text) if args else ()
        return ShowOrMuck(index=index, commentary=note, player=who, cards=shown)
    if verb in _VERB.values():
        raise bad(f"{verb!r} does not take {len(args)} argument(s)")
    raise bad(f"{verb!r} is not a PHH action")


def _amount(chips: int, chips_per_unit: int) -> str:
    """Chips written exactly in the file's units: ``_amount(67847350, 100) == '678473.5'``."""
    if chips % chips_per_unit == 0:
        return str(chips // chips_per_unit)
    from decimal import Decimal  # imported for an amount in part of a unit

    return f"{Decimal(chips).scaleb(1 - len(str(chips_per_unit))):f}".rstrip("0")


def _card_text(cards: Iterable[Card | None]) -> str:
    return "".join("??" if c is None else str(c) for c in cards)


def format_action(action: Action, *, chips_per_unit: int = 1) -> str:
    """Write an action as PHH notation, amounts in units of ``chips_per_unit`` chips.

    >>> format_action(CompleteBetOrRaiseTo(player=2, amount=25, commentary="all in"),
    ...               chips_per_unit=10)
    'p2 cbr 2.5 # all in'
    """
    words = []
    if isinstance(action, DealBoard):
        words = ["d db", _card_text(action.cards)]
    elif isinstance(action, DealHole):
        words = [f"d dh p{action.player}", _card_text(action.cards)]
    elif isinstance(action, PlayerAction):
        words = [f"p{action.player} {_VERB[type(action)]}"]
        if isinstance(action, CompleteBetOrRaiseTo):
            words.append(_amount(action.amount, chips_per_unit))
        elif isinstance(action, StandPatOrDiscard | ShowOrMuck) and action.cards != ():
            words.append("-" if action.cards is None else _card_text(action.cards))
    if action.commentary is not None:
        words.append(f"# {action.commentary}")
    return " ".join(words)
