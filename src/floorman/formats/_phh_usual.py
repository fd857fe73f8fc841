"""The quick path of reading a PHH hand's actions: a whole list of usual strings at once.

Real files write their actions in a few usual forms (``"d dh p1 AsKs"``,
``"p2 cbr 300"``, ``"p3 f"``: single spaces, no commentary, whole amounts).
:func:`read_usual` reads a hand's whole list of such strings as one regular
expression reads them (the shapes real files write most by hand, a player's action
kept by its text) and makes each action without running its checks again; for any
other list it answers None, and the caller reads the strings one by one with
:func:`~floorman.formats._phh_actions.parse_action`, which gives the error.

This module is compiled where a C compiler is at hand (``floorman._compiled``);
the action classes it makes stay Python classes, in
:mod:`floorman.formats._phh_actions`.
"""

from __future__ import annotations

from collections.abc import Sequence

from floorman._static import TYPE_CHECKING, cast
from floorman.cards import Card
from floorman.formats._phh_actions import (
    _SIMPLE,
    Action,
    CompleteBetOrRaiseTo,
    DealBoard,
    DealHole,
    ShowOrMuck,
    StandPatOrDiscard,
)

if TYPE_CHECKING:
    import re

__all__ = ["ANY_PLAYER", "read_usual"]

# The usual forms of an action, written with single spaces and no commentary, one a line:
# a player's verb (groups 1-5: the player, a verb without arguments, a bet's amount, a draw
# or show and its cards) or a deal (6-7: the player dealt to, none for the board; the cards).
_USUAL = (
    r"^(?:p([1-9][0-9]{0,5}) (?:(f|cc|pb|sd|sm|sm -)|cbr ([1-9][0-9]{0,14})"
    r"|(sd|sm) ((?:[2-9TJQKA][cdhs]|\?\?)+))"
    r"|d (?:db|dh p([1-9][0-9]{0,5})) ((?:[2-9TJQKA][cdhs]|\?\?)+))$"
)
# The pattern compiled, when a text first needs it: the usual shapes of real files
# (players 1 to 9) are read by hand, and a process that meets no other compiles none.
_PATTERN: list[re.Pattern[str]] = []
_CARD_OF: dict[str, Card | None] = {
    rank + suit: Card.parse(rank + suit) for rank in "23456789TJQKA" for suit in "cdhs"
}
_CARD_OF["??"] = None
_NUMBER = {str(n): n for n in range(1, 11)}
#: More players than a usual action can name (it writes at most six digits).
ANY_PLAYER = 10**6

_new = object.__new__
# The cards of one or two, as read: there are few such texts (53 x 53 at most), and a hand
# deals them most, so each is read once and its tuple (a value) shared.
_DEALT: dict[str, tuple[Card | None, ...]] = {}


# The actions of players read so far, by their text: (class, player, the last field's
# name and value, an amount in the file's units), at most _MOST_PLAYED of them.
_PLAYED: dict[str, tuple[type[Action], int, str, object]] = {}
_MOST_PLAYED = 4096


def _dealt(cards: str) -> tuple[Card | None, ...] | None:
    """The cards a text of pairs writes (``"AsKd"``, ``"??"``), read in one pass and
    kept if one or two; None if a pair is no card."""
    of = _CARD_OF
    read: list[Card | None] = []
    for i in range(0, len(cards), 2):
        card = cards[i : i + 2]
        if card not in of:
            return None
        read.append(of[card])
    dealt = tuple(read)
    if len(cards) <= 4:
        _DEALT[cards] = dealt
    return dealt


#: The players a text of a usual shape names (a deal's or a player's action), by one digit.
_DIGIT = {str(n): n for n in range(1, 10)}


def _cards(cards: str) -> tuple[Card | None, ...] | None:
    """The cards a text writes as the pattern reads them (``"AsKd"``, ``"??"``), or None."""
    if (dealt := _DEALT.get(cards)) is not None:
        return dealt
    size = len(cards)
    if size == 0 or size % 2:
        return None
    return _dealt(cards)


def _deal(text: str) -> tuple[Card | None, ...] | None:
    """The cards of a deal written ``d db CARDS`` or ``d dh pN CARDS`` with N one digit
    from 1, as the pattern reads them; None for any other text (the pattern reads it)."""
    if text.startswith("d db "):
        return _cards(text[5:])
    if text.startswith("d dh p") and text[7:8] == " " and text[6] in _DIGIT:
        return _cards(text[8:])
    return None


def _play(text: str) -> tuple[type[Action], int, str, object] | None:
    """A player's action written ``pN VERB`` with N one digit from 1, as the pattern
    reads it (class, player, the last field's name and value, an amount in units);
    None for any other text (the pattern reads it)."""
    if text[:1] != "p" or text[2:3] != " " or (who := _DIGIT.get(text[1], 0)) == 0:
        return None
    verb = text[3:]
    if verb in _SIMPLE:
        return _SIMPLE[verb], who, "", None
    if verb == "sd" or verb == "sm":
        return (StandPatOrDiscard if verb == "sd" else ShowOrMuck), who, "cards", ()
    if verb == "sm -":
        return ShowOrMuck, who, "cards", None
    if verb[:4] == "cbr ":
        amount = verb[4:]
        if 0 < len(amount) <= 15 and amount.isascii() and amount.isdigit() and amount[0] != "0":
            return CompleteBetOrRaiseTo, who, "amount", int(amount)
        return None
    if verb[:3] == "sd " or verb[:3] == "sm ":
        if (shown := _cards(verb[3:])) is None:
            return None
        return (StandPatOrDiscard if verb[1] == "d" else ShowOrMuck), who, "cards", shown
    return None


def _matched(text: str) -> tuple[type[Action], int, str, object] | None:
    """What :func:`_play` gives, for any usual text, deals too, read by the pattern."""
    if not _PATTERN:
        import re  # with the pattern: a replay of usual files needs neither

        _PATTERN.append(re.compile(_USUAL, re.MULTILINE))
    if (found := _PATTERN[0].fullmatch(text)) is None:
        return None
    player, verb, amount, handed, held, holder, cards = cast(
        tuple[str, str, str, str, str, str, str], found.groups("")
    )
    # The fields after the index and commentary: the player (none for the board's
    # deal), then the cards or the amount, named by the third ("" for neither).
    if cards:
        if holder:
            return DealHole, _NUMBER.get(holder) or int(holder), "cards", _cards_read(cards)
        return DealBoard, 0, "cards", _cards_read(cards)
    who = _NUMBER.get(player) or int(player)
    if verb in _SIMPLE:
        return _SIMPLE[verb], who, "", None
    if amount:
        return CompleteBetOrRaiseTo, who, "amount", int(amount)
    if held:
        kind = StandPatOrDiscard if handed == "sd" else ShowOrMuck
        return kind, who, "cards", _cards_read(held)
    kind = StandPatOrDiscard if verb == "sd" else ShowOrMuck
    return kind, who, "cards", None if verb == "sm -" else ()


def _cards_read(cards: str) -> tuple[Card | None, ...]:
    """The cards of a text the pattern matched: pairs, each a card."""
    return cast("tuple[Card | None, ...]", _cards(cards))


def read_usual(
    texts: Sequence[str], *, players: int, chips_per_unit: int = 1, start: int = 0
) -> tuple[Action, ...] | None:
    """The actions these texts write, numbered from ``start``, as
    :func:`~floorman.formats._phh_actions.parse_action` reads each; or None unless
    every text has a usual form and names players 1 to ``players`` only (the caller
    then reads them one by one, for the error).

    A usual form is one that real files write: single spaces, no commentary and
    whole amounts. Each text is read as one regular expression reads it (by hand
    for players 1 to 9, a player's action kept by its text for the next hand), which
    checks what the constructors check (a player numbered from 1, one card or more,
    an amount of one chip or more), so each action is made without running them.

    >>> read_usual(["d db AsKd", "p2 cbr 30"], players=2, chips_per_unit=10, start=4)
    (DealBoard(index=4, commentary=None, cards=(Card.parse('As'), Card.parse('Kd'))), \
CompleteBetOrRaiseTo(index=5, commentary=None, player=2, amount=300))
    >>> read_usual(["p3 f"], players=2) is None, read_usual(["p1 f # gone"], players=2)
    (True, None)
    """
    if type(chips_per_unit) is not int or chips_per_unit < 1:
        return None
    made: list[Action] = []
    index = start
    played, new = _PLAYED, _new
    kind: type[Action]
    value: object
    # Items taken as objects: where this module is compiled, a loop variable typed as a
    # str would raise TypeError for an item of another type.
    items: Sequence[object] = texts
    for item in items:
        # A str of another class (or not a str) is read one by one, for the error.
        if type(item) is not str:
            return None
        text = item
        if (read := played.get(text)) is not None:
            kind, who, last, value = read
            if last == "amount" and chips_per_unit != 1:
                value = cast(int, value) * chips_per_unit
        elif (dealt := _deal(text)) is not None:
            # A deal of the usual shape ("d db 7d5h9d", "d dh p3 AsKd"): read without
            # the pattern. The player is a digit, the cards follow a single space.
            last, value = "cards", dealt
            if text[3] == "h":
                who = _DIGIT[text[6]]
                kind = DealHole
            else:
                who = 0
                kind = DealBoard
        else:
            if (read := _play(text)) is None:
                read = _matched(text)
                if read is None:
                    return None
            kind, who, last, value = read
            if kind is not DealBoard and kind is not DealHole:
                # A player's action, kept (its amount in units) for the next hand that
                # writes it: hands repeat a few such texts (few players, few amounts).
                if len(played) >= _MOST_PLAYED:
                    played.clear()
                played[text] = read
            if last == "amount" and chips_per_unit != 1:
                value = cast(int, value) * chips_per_unit
        if who > players:
            return None
        # Set one by one into the instance's own dictionary, in the order of the fields:
        # no dictionary is made to copy them from.
        action = new(kind)
        fields = action.__dict__
        fields["index"] = index
        fields["commentary"] = None
        if who:
            fields["player"] = who
        if last:
            fields[last] = value
        made.append(action)
        index += 1
    return tuple(made)
