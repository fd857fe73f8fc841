"""The Poker Hand History (PHH) format: hands read, checked and written.

PHH (the uoftcprg/phh-std specification) writes one hand as a TOML document:
the game's ``variant`` code, the forced bets, the starting stacks and every
action in order as short strings (``"d dh p1 AsKs"``, ``"p2 cbr 300"``).
A ``.phh`` file holds one hand; a ``.phhs`` file holds several, each under a
table header ``[1]``, ``[2]``, ...

A hand reads into a :class:`HandHistory`, whose amounts are whole chips. A file
that writes amounts with decimals (``678473.5``) is read at ``chips_per_unit``
chips to each unit of the file (a power of ten: 100 for amounts in cents), so
every amount stays exact. The action strings are kept as written, in the
file's units; :attr:`HandHistory.parsed_actions` reads them into typed actions
in chips.

>>> hand = read_phh('''
... variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [200, 200]
... actions = ["d dh p1 AsKs", "d dh p2 ????", "p2 cbr 6  # a raise", "p1 f"]
... ''')
>>> hand.player_count, hand.blinds_or_straddles
(2, (1, 2))
>>> hand.parsed_actions[2]
CompleteBetOrRaiseTo(index=2, commentary='a raise', player=2, amount=6)
>>> read_phh(write_phh(hand)) == hand
True
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Any, TypeAlias

from floorman.cards import Card
from floorman.errors import ConfigError, NotationError
from floorman.formats import _phh_toml

__all__ = [
    "VARIANTS",
    "Action",
    "CheckOrCall",
    "CompleteBetOrRaiseTo",
    "DealBoard",
    "DealHole",
    "ExtraValue",
    "Fold",
    "HandHistory",
    "NoOp",
    "PlayerAction",
    "PostBringIn",
    "ShowOrMuck",
    "StandPatOrDiscard",
    "format_action",
    "load",
    "parse_action",
    "read_hands",
    "read_phh",
    "read_phhs",
    "write_phh",
    "write_phhs",
]

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

    #: A value kept in :attr:`HandHistory.extra`: a TOML string, integer, boolean,
    #: float (as an exact :class:`~decimal.Decimal`), date or time, or an array of
    #: these (as a tuple).
    ExtraValue: TypeAlias = (
        str | int | Decimal | datetime.date | datetime.time | tuple["ExtraValue", ...]
    )


def __getattr__(name: str) -> Any:
    # ExtraValue names the datetime module's types, imported when it is asked for:
    # reading and replaying hands start without that module.
    if name == "ExtraValue":
        import datetime

        alias = str | int | Decimal | datetime.date | datetime.time | tuple["ExtraValue", ...]
        globals()[name] = alias
        return alias
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class _Located(NotationError):
    """A NotationError about one field (and action), so that a reader can give its line."""

    def __init__(self, key: str, value: object, message: str, action: int | None = None) -> None:
        self.key, self.action = key, action
        super().__init__(message, text=value if isinstance(value, str) else repr(value))


# --- actions -------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
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


@dataclass(frozen=True, kw_only=True)
class NoOp(Action):
    """An empty action string, or one holding only a commentary: ``"# burn card exposed"``."""


@dataclass(frozen=True, kw_only=True)
class DealBoard(Action):
    """``d db CARDS``: the dealer turns cards onto the board."""

    cards: tuple[Card | None, ...]


@dataclass(frozen=True, kw_only=True)
class PlayerAction(Action):
    """An action by (or, for :class:`DealHole`, to) player ``pN``: ``player`` is N, from 1."""

    player: int


@dataclass(frozen=True, kw_only=True)
class DealHole(PlayerAction):
    """``d dh pN CARDS``: the dealer deals the player cards; ``None`` for one written ``??``."""

    cards: tuple[Card | None, ...]


@dataclass(frozen=True, kw_only=True)
class PostBringIn(PlayerAction):
    """``pN pb``: the player posts the bring-in."""


@dataclass(frozen=True, kw_only=True)
class CompleteBetOrRaiseTo(PlayerAction):
    """``pN cbr AMOUNT``: the player completes, bets or raises to ``amount`` chips in all."""

    amount: int


@dataclass(frozen=True, kw_only=True)
class CheckOrCall(PlayerAction):
    """``pN cc``: the player checks, or calls the bet."""


@dataclass(frozen=True, kw_only=True)
class Fold(PlayerAction):
    """``pN f``: the player folds."""


@dataclass(frozen=True, kw_only=True)
class StandPatOrDiscard(PlayerAction):
    """``pN sd [CARDS]``: the player discards ``cards``, or stands pat when there are none."""

    cards: tuple[Card | None, ...] = ()


@dataclass(frozen=True, kw_only=True)
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
_CARD_PAIRS = re.compile(r"(?:[2-9TJQKA][cdhs]|\?\?)+")
_AMOUNT = re.compile(r"[0-9]+(?:\.[0-9]+)?")
_GRAMMAR = (
    "expected 'd db CARDS', 'd dh pN CARDS', 'pN f', 'pN cc', 'pN pb', 'pN cbr AMOUNT',"
    " 'pN sd [CARDS]' or 'pN sm [CARDS|-]', each optionally followed by '# commentary'"
)
_LETTER = re.compile(r"[a-z]")


# The usual forms of an action, written with single spaces and no commentary, read by one
# match: a player's verb (groups 1-5: the player, a verb without arguments, a bet's amount,
# a draw or show and its cards) or a deal (6-7). Anything else takes the full path.
_USUAL = re.compile(
    r"p([1-9][0-9]{0,5}) (?:(f|cc|pb|sd|sm|sm -)|cbr ([1-9][0-9]{0,14})"
    r"|(sd|sm) ((?:[2-9TJQKA][cdhs]|\?\?)+))"
    r"|d (?:db|dh p([1-9][0-9]{0,5})) ((?:[2-9TJQKA][cdhs]|\?\?)+)"
)
_CARD_OF: dict[str, Card | None] = {
    rank + suit: Card.parse(rank + suit) for rank in "23456789TJQKA" for suit in "cdhs"
}
_CARD_OF["??"] = None


_new = object.__new__


def _usual(text: str, index: int, chips_per_unit: int) -> Action | None:
    """The action a usual text writes (as :func:`parse_action` reads it), or None.

    The match has checked what the constructor checks (a player numbered from 1,
    one card or more, an amount of one chip or more), so the action's fields are
    set without running it again: this is the path every action of a real file takes.
    """
    found = _USUAL.fullmatch(text)
    if found is None:
        return None
    player, verb, amount, handed, held, holder, cards = found.groups()
    of = _CARD_OF
    action: Action
    if cards is not None:
        size = len(cards)
        if size == 4:
            dealt: tuple[Card | None, ...] = (of[cards[:2]], of[cards[2:]])
        elif size == 2:
            dealt = (of[cards],)
        else:
            dealt = tuple([of[cards[i : i + 2]] for i in range(0, size, 2)])
        if holder is None:
            action = _new(DealBoard)
            action.__dict__.update({"index": index, "commentary": None, "cards": dealt})
        else:
            action = _new(DealHole)
            who = int(holder)
            action.__dict__.update(
                {"index": index, "commentary": None, "player": who, "cards": dealt}
            )
        return action
    who = int(player)
    if amount is not None:
        if type(chips_per_unit) is not int or chips_per_unit < 1:
            return None
        chips = int(amount) * chips_per_unit
        action = _new(CompleteBetOrRaiseTo)
        action.__dict__.update({"index": index, "commentary": None, "player": who, "amount": chips})
    elif verb in _SIMPLE:
        action = _new(_SIMPLE[verb])
        action.__dict__.update({"index": index, "commentary": None, "player": who})
    elif held is not None:
        shown = tuple([of[held[i : i + 2]] for i in range(0, len(held), 2)])
        action = _new(StandPatOrDiscard if handed == "sd" else ShowOrMuck)
        action.__dict__.update({"index": index, "commentary": None, "player": who, "cards": shown})
    else:
        action = _new(StandPatOrDiscard if verb == "sd" else ShowOrMuck)
        kept = None if verb == "sm -" else ()
        action.__dict__.update({"index": index, "commentary": None, "player": who, "cards": kept})
    return action


def _cards(text: str, where: str, action: str) -> tuple[Card | None, ...]:
    if _CARD_PAIRS.fullmatch(text) is None:
        raise NotationError(
            f"{where}cannot read the cards {text!r}; write each card as a rank (2-9 T J Q K A)"
            " and a suit (c d h s), run together as in 'AsKd', with ?? for a card not known",
            text=action,
        )
    pairs = (text[i : i + 2] for i in range(0, len(text), 2))
    return tuple(None if pair == "??" else Card.parse(pair) for pair in pairs)


def _amount_text(words: list[str]) -> str | None:
    """The amount of a ``cbr`` action as written, if these words are one."""
    if len(words) == 3 and words[1] == "cbr" and _AMOUNT.fullmatch(words[2]):
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
    if letter == "p" and (usual := _usual(text, index, chips_per_unit)) is not None:
        return usual
    if _LETTER.fullmatch(letter) is None or letter == "d":
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


# --- the hand history ----------------------------------------------------------------------------


def _freeze(value: object) -> object:
    if isinstance(value, list | tuple):
        if set(map(type, value)) <= _FLAT:
            return value if type(value) is tuple else tuple(value)
        return tuple(_freeze(v) for v in value)
    return value


# The usual types of the items an array holds when it holds no arrays (an array of
# others, such as dates, is frozen item by item, to the same tuple).
_FLAT = frozenset((str, int, bool, Decimal, type(None)))


def _is_value(value: object) -> bool:
    if isinstance(value, tuple):
        return all(_is_value(v) for v in value)
    if isinstance(value, _VALUES):
        return True
    import datetime  # a date or time: tomllib read the file, or the caller made one

    return isinstance(value, datetime.date | datetime.time)


_VALUES = (str, int, Decimal)
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


@dataclass(frozen=True, kw_only=True)
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
        if not isinstance(self.actions, tuple):
            raise _Located("actions", self.actions, "actions is not an array of action strings")
        parsed = []
        cpu, usual = self.chips_per_unit, _usual
        for i, text in enumerate(self.actions):
            if not isinstance(text, str):
                raise _Located("actions", text, f"action {i} is {text!r}, not a string", i)
            action = usual(text, i, cpu)
            if action is None:
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


# --- reading -------------------------------------------------------------------------------------


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


def _places(value: object) -> int:
    """How many decimal places an amount needs (0 for an int or what is not a number)."""
    if isinstance(value, Decimal) and value.is_finite():
        return min(_digits(value)[1], MOST_DIGITS)
    return 0


def _too_long(value: Decimal | int) -> bool:
    """Whether an amount has more than MOST_DIGITS digits in all."""
    if isinstance(value, int):
        limit: int = 10**MOST_DIGITS
        return abs(value) >= limit
    return value.is_finite() and sum(_digits(value)) > MOST_DIGITS


_LIMIT = 10**MOST_DIGITS


def _to_chips(key: str, value: object, cpu: int) -> object:
    """A TOML amount (or array of them) in chips; what is not an amount is left to the check."""
    if isinstance(value, list):
        if not value or (
            set(map(type, value)) == _INT and min(value) > -_LIMIT and max(value) < _LIMIT
        ):
            return tuple(value) if cpu == 1 else tuple([v * cpu for v in value])
        return tuple(_to_chips(key, v, cpu) for v in value)
    if isinstance(value, Decimal | int) and not isinstance(value, bool) and _too_long(value):
        message = f"{key} holds an amount of more than {MOST_DIGITS} digits"
        raise _Located(key, f"{value:.6}", message)
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


def _from_table(table: dict[str, Any], chips_per_unit: int | None) -> HandHistory:
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


def _toml(text: str) -> dict[str, Any]:
    try:
        return _phh_toml.loads(text)
    except ValueError as error:
        import tomllib  # imported already: only the general parser raises this

        if isinstance(error, tomllib.TOMLDecodeError):
            found = re.search(r"line (\d+)", str(error))
            line = text.splitlines()[int(found.group(1)) - 1] if found else ""
            message = f"not valid TOML: {error}; PHH is TOML, as in 'antes = [0, 0]'"
            raise NotationError(message, text=line or text[:200]) from None
        # tomllib's own int() refuses a number of thousands of digits.
        message = "not readable TOML: a number too long to read; PHH numbers are amounts of chips"
        raise NotationError(message, text=text[:200]) from None
    except RecursionError:
        # tomllib reads nested arrays and tables by recursion; no hand history nests.
        message = "not readable TOML: arrays or tables nested too deeply; PHH nests none"
        raise NotationError(message, text=text[:200]) from None


_TOKEN = re.compile(r"#.*|\]|\"(?:[^\"\\]|\\.)*\"|'[^']*'")


def _line_of(text: str, key: str, section: str | None, action: int | None) -> int | None:
    """The 1-based line of a field (in a ``[section]``), or of one of its actions; best effort."""
    lines, start = text.splitlines(), 0
    if section is not None:
        header = re.compile(rf"\s*\[\s*([\"']?){re.escape(section)}\1\s*\]")
        start = next((i + 1 for i, ln in enumerate(lines) if header.match(ln)), 0)
    pattern = re.compile(rf"\s*([\"']?){re.escape(key)}\1\s*=")
    at = next((i for i in range(start, len(lines)) if pattern.match(lines[i])), None)
    if at is None or action is None:
        return None if at is None else at + 1
    count = -1
    for i in range(at, len(lines)):
        for token in _TOKEN.finditer(lines[i].split("=", 1)[1] if i == at else lines[i]):
            if token.group()[0] == "#":
                break
            count += token.group() != "]"
            if token.group() == "]" or count == action:
                return (at if token.group() == "]" else i) + 1
    return at + 1


def _read(text: str, table: dict[str, Any], section: str | None, cpu: int | None) -> HandHistory:
    try:
        return _from_table(table, cpu)
    except NotationError as error:
        located = error if isinstance(error, _Located) else error.__context__
        if not isinstance(located, _Located):
            raise
        line = _line_of(text, located.key, section, located.action)
        where = ("" if section is None else f"hand [{section}], ") + (
            "" if line is None else f"line {line}: "
        )
        raise NotationError(where + error.message, text=error.text) from None


def read_phh(text: str, *, chips_per_unit: int | None = None) -> HandHistory:
    """Read one hand from the text of a ``.phh`` file.

    Amounts are read at ``chips_per_unit`` chips per unit of the file; by
    default, the smallest power of ten that makes every amount whole.
    Unreadable or inconsistent input raises :class:`~floorman.errors.NotationError`
    naming the line (and the action's index) and what was expected.

    >>> read_phh('variant = "NT"\\nantes = [0, 0]\\nstarting_stacks = [5, 5]\\nactions = []')
    Traceback (most recent call last):
    ...
    floorman.errors.NotationError: line 1: variant 'NT' (no-limit Texas hold 'em) needs blinds_or_straddles; its betting fields are blinds_or_straddles, min_bet
    """
    return _read(text, _toml(text), None, chips_per_unit)


def read_phhs(text: str, *, chips_per_unit: int | None = None) -> tuple[HandHistory, ...]:
    """Read the hands of a ``.phhs`` file: TOML tables ``[1]``, ``[2]``, ... one hand each.

    The hands come in file order; the section names are not kept.

    >>> hands = read_phhs('''
    ... [1]
    ... variant = "FT"
    ... antes = [0, 0]
    ... blinds_or_straddles = [1, 2]
    ... small_bet = 2
    ... big_bet = 4
    ... starting_stacks = [40, 40]
    ... actions = ["d dh p1 AsAd", "d dh p2 KsKd", "p2 f"]
    ... ''')
    >>> [h.variant for h in hands]
    ['FT']
    """
    return _hands(text, _toml(text), chips_per_unit)


def _hands(
    text: str, tables: dict[str, Any], chips_per_unit: int | None
) -> tuple[HandHistory, ...]:
    hands = []
    for name, table in tables.items():
        if not isinstance(table, dict):
            line = _line_of(text, name, None, None)
            message = (
                ("" if line is None else f"line {line}: ") + f"{name} is outside any hand;"
                " a .phhs file holds each hand under a header [1], [2], ..."
            )
            raise NotationError(message, text=name)
        hands.append(_read(text, table, name, chips_per_unit))
    return tuple(hands)


def read_hands(text: str, *, chips_per_unit: int | None = None) -> tuple[HandHistory, ...]:
    """Read the hands of a ``.phh`` or ``.phhs`` text whose name is not known (standard
    input): a ``.phhs`` holds nothing but hands under headers, a ``.phh`` its fields.

    >>> one = write_phh(read_phh('''
    ... variant = "FT"
    ... antes = [0, 0]
    ... blinds_or_straddles = [1, 2]
    ... small_bet = 2
    ... big_bet = 4
    ... starting_stacks = [40, 40]
    ... actions = []
    ... '''))
    >>> len(read_hands(one)), len(read_hands(write_phhs([read_phh(one)] * 2)))
    (1, 2)
    """
    table = _toml(text)
    if table and all(isinstance(value, dict) for value in table.values()):
        return _hands(text, table, chips_per_unit)
    return (_read(text, table, None, chips_per_unit),)


def load(
    path: str | os.PathLike[str], *, chips_per_unit: int | None = None
) -> tuple[HandHistory, ...]:
    """Read the hands of a ``.phh`` (one hand) or ``.phhs`` file, chosen by the suffix.

    A file that cannot be read (missing, a directory, not UTF-8) raises
    :class:`~floorman.errors.NotationError` as unreadable input does.
    """
    suffix = _suffix(path)
    if suffix not in (".phh", ".phhs"):
        from pathlib import Path

        suffix = Path(path).suffix.lower()
        if suffix not in (".phh", ".phhs"):
            where = _where(path)
            message = (
                f"{where}: cannot tell the format from the suffix {suffix!r};"
                " expected .phh or .phhs"
            )
            raise NotationError(message, text=where)
    try:
        # As Path.read_text reads: universal newlines.
        with open(path, encoding="utf-8") as file:
            text = file.read()
    except OSError as error:
        where = _where(path)
        raise NotationError(f"{where}: {error.strerror or error}", text=where) from None
    except UnicodeDecodeError as error:
        where = _where(path)
        message = f"{where}: not UTF-8 text (byte {error.start}); PHH is UTF-8 TOML"
        raise NotationError(message, text=where) from None
    try:
        if suffix == ".phh":
            return (read_phh(text, chips_per_unit=chips_per_unit),)
        return read_phhs(text, chips_per_unit=chips_per_unit)
    except NotationError as error:
        raise NotationError(f"{_where(path)}: {error.message}", text=error.text) from None


def _where(path: str | os.PathLike[str]) -> str:
    """A file's name as a message gives it (as :class:`~pathlib.Path` writes it)."""
    from pathlib import Path  # imported when a message names a file

    return str(Path(path))


def _suffix(path: object) -> str:
    """A plain file name's suffix, lower case, as ``Path(path).suffix`` gives it; or ``""``
    when the name is not plain (the caller then asks :class:`~pathlib.Path`)."""
    if type(path) is not str:
        return ""
    name = path.rpartition("/")[2]
    dot = name.rfind(".")
    return name[dot:].lower() if 0 < dot < len(name) - 1 else ""


# --- writing -------------------------------------------------------------------------------------


def _value(value: object) -> str:
    """A value as TOML: JSON's string escapes are TOML's too, but for DEL."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Decimal) and not value.is_finite():
        return "nan" if value.is_nan() else "-inf" if value < 0 else "inf"
    if isinstance(value, Decimal):
        return str(value) if re.search(r"[.eE]", str(value)) else f"{value}.0"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    import datetime

    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, tuple):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    return str(value)


def write_phh(history: HandHistory) -> str:
    """Write a hand as a ``.phh`` file: double-quoted strings, one action a line.

    :func:`read_phh` reads the text back to an equal history whenever
    ``chips_per_unit`` is the one it would choose (always so for a history it read).

    >>> hand = HandHistory(variant="NT", antes=(0, 0), blinds_or_straddles=(1, 2),
    ...                    min_bet=2, starting_stacks=(100, None),
    ...                    actions=("d dh p1 AsKs", "d dh p2 ????", "p2 f"))
    >>> print(write_phh(hand), end="")
    variant = "NT"
    ante_trimming_status = false
    antes = [0, 0]
    blinds_or_straddles = [1, 2]
    min_bet = 2
    starting_stacks = [100, inf]
    actions = [
      "d dh p1 AsKs",
      "d dh p2 ????",
      "p2 f",
    ]
    """

    def chips(value: Any) -> str:
        return "inf" if value is None else _amount(value, history.chips_per_unit)

    def line(key: str, value: object) -> str:
        if key in _AMOUNTS:
            text = f"[{', '.join(map(chips, value))}]" if isinstance(value, tuple) else chips(value)
        else:
            text = _value(value)
        return f"{key if re.fullmatch(r'[A-Za-z0-9_-]+', key) else _value(key)} = {text}"

    head = ("variant", "ante_trimming_status", "antes", *_STRUCTURE, "starting_stacks")
    lines = [line(k, getattr(history, k)) for k in head if getattr(history, k) is not None]
    body = "".join(f"  {_value(a)},\n" for a in history.actions)
    lines.append(f"actions = [\n{body}]" if body else "actions = []")
    lines += [line(k, v) for k, v in history.extra]
    tail = ("players", "finishing_stacks", "winnings")
    lines += [line(k, getattr(history, k)) for k in tail if getattr(history, k) is not None]
    return "\n".join(lines) + "\n"


def write_phhs(histories: Iterable[HandHistory]) -> str:
    """Write hands as a ``.phhs`` file, each under a header ``[1]``, ``[2]``, ...

    >>> hand = read_phh('variant = "FR"\\nantes = [1, 1]\\nbring_in = 1\\nsmall_bet = 2\\n'
    ...                 'big_bet = 4\\nstarting_stacks = [9, 9]\\nactions = []')
    >>> read_phhs(write_phhs([hand, hand])) == (hand, hand)
    True
    """
    return "\n".join(f"[{i}]\n{write_phh(h)}" for i, h in enumerate(histories, 1))
