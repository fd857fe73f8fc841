"""The one exception tree of floorman.

Everything floorman raises on purpose derives from :class:`FloormanError`::

    FloormanError                 root; everything raised on purpose
    ├── ConfigError(ValueError)   a game, table or room set up wrongly
    ├── NotationError(ValueError) unreadable input: a card, an action, a hand history
    ├── IllegalAction(ValueError) a well-formed action the rules forbid now
    │   └── OutOfTurn
    ├── FloorError                a floor operation that cannot be done
    └── StoreError                the cardroom's database cannot do it
        └── AccountError          an account refused: log-in, roles, balance, sanctions

An error says what cannot be done, why, what may be done instead, and which rule
says so. A program reads it without parsing words: :attr:`~FloormanError.code`
is a stable name for the kind of refusal (one of :data:`CODES`),
:attr:`~FloormanError.fields` hold who and how much, and
:attr:`~FloormanError.citations` name the rules. The English is rendered from
those fields; a player named by a :class:`Who` is said by deal position, or by
table seat once the table names its seats (:meth:`FloormanError.at_seats`), which
also tells the error who sits there (:attr:`FloormanError.player`).

>>> from floorman.rulebook import Citation
>>> error = IllegalAction("{who} cannot check facing a bet of {bet}; call or fold",
...                       code="check_facing_bet", who=Who(2), bet=100,
...                       citations=(Citation.parse("betting.5"),))
>>> str(error)
'position 2 cannot check facing a bet of 100; call or fold [RRP5 betting.5]'
>>> error.code, error.position, error.fields["bet"]
('check_facing_bet', 2, 100)
>>> str(error.at_seats((4, 7, 1), players={1: "ann", 4: "bob", 7: "cy"}))
'seat 1 cannot check facing a bet of 100; call or fold [RRP5 betting.5]'
>>> error.seat, error.player
(1, 'ann')

An error about a person at a table or in the cardroom names him by his
``player`` field and his chair by its ``seat`` field:

>>> error = FloorError("{player} cannot take seat {seat}: it is taken", player="ann", seat=3)
>>> error.player, error.seat, str(error)
('ann', 3, 'ann cannot take seat 3: it is taken')

Every code, a stable string a client may rely on, is in :data:`CODES` with
what it means, and :func:`error_class` gives the class of error that carries
it; a refusal with no code of its own carries its class's
(``illegal_action``, ``out_of_turn``, ``notation``, ``config``, ``floor``,
``store``, ``account``).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping, Sequence

from floorman._frozen import frozen, is_dataclass_instance, value_fields
from floorman._static import TYPE_CHECKING
from floorman.ids import PlayerId, Position, Seat

if TYPE_CHECKING:
    from typing import ClassVar, Final, Protocol, Self

    from floorman.rulebook import Citation

__all__ = [
    "CODES",
    "AccountError",
    "ConfigError",
    "FloorError",
    "FloormanError",
    "IllegalAction",
    "Naming",
    "NotationError",
    "OutOfTurn",
    "StoreError",
    "Who",
    "by_position",
    "by_seats",
    "error_class",
]

#: How a deal position is said: ``position 2``, or ``seat 7`` at a table.
Naming = Callable[[Position], str]


def by_position(position: Position) -> str:
    """A deal position in the deal's own words."""
    return f"position {position}"


def by_seats(seats: Sequence[Seat]) -> Naming:
    """Deal positions said as a table's seats: ``seats[p]`` is position ``p``'s.

    >>> by_seats((4, 7, 1))(2)
    'seat 1'
    """
    seated = tuple(seats)

    def by_seat(position: Position) -> str:
        if 0 <= position < len(seated):
            return f"seat {seated[position]}"
        return by_position(position)

    return by_seat


if TYPE_CHECKING:

    class Sayable(Protocol):
        """A field said in words that depend on how positions are named."""

        def say(self, name: Naming) -> str:
            """The words for this field, positions named by ``name``."""
            ...


def _said(value: object, name: Naming) -> object:
    """A field in words if it has a ``say`` method (a :class:`Sayable`), else itself."""
    say: Callable[[Naming], str] | None = getattr(value, "say", None)
    return value if say is None else say(name)


@frozen
class Who:
    """A player named in an error by deal position; said as a position or a seat."""

    position: Position

    def say(self, name: Naming) -> str:
        """The player in words."""
        return name(self.position)


def _plain(value: object) -> object:
    """A field as plain data (numbers, strings, lists, mappings) for a program."""
    if isinstance(value, Who):
        return value.position
    if isinstance(value, enum.Enum):
        return value.value
    if is_dataclass_instance(value):
        return {f.name: _plain(getattr(value, f.name)) for f in value_fields(value)}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    return str(value)


class FloormanError(Exception):
    """The root of every error floorman raises on purpose.

    ``message`` is the English, a template whose ``{name}`` places are filled
    from ``fields`` (keyword arguments): a :class:`Who` is said by position or
    seat, another field with a ``say`` method (what may be done instead) by the
    same naming. ``code`` names the refusal (one of :data:`CODES`; by default
    the class's own); ``citations`` name the rules behind it and are appended
    to the text.
    """

    default_code: ClassVar[str] = "illegal_action"

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        citations: Iterable[Citation] = (),
        **fields: object,
    ) -> None:
        self.template = message
        self.fields: Mapping[str, object] = dict(fields)
        self.code = code or self.default_code
        self.citations: tuple[Citation, ...] = tuple(citations)
        self.seats: tuple[Seat, ...] | None = None
        self.players: Mapping[Seat, PlayerId] = {}
        self.where = ""
        super().__init__(self.message)

    def say(self, name: Naming = by_position) -> str:
        """The English, positions named by ``name`` (no place, no citations)."""
        if not self.fields:
            return self.template
        said = {k: _said(v, name) for k, v in self.fields.items()}
        return self.template.format(**said)

    def _naming(self) -> Naming:
        return by_position if self.seats is None else by_seats(self.seats)

    @property
    def message(self) -> str:
        """What went wrong and what is allowed instead, as the speaker names players."""
        said = self.say(self._naming())
        return f"{self.where}: {said}" if self.where else said

    @property
    def position(self) -> Position | None:
        """The deal position of the player refused, if the error names one."""
        who = self.fields.get("who")
        return who.position if isinstance(who, Who) else None

    @property
    def seat(self) -> Seat | None:
        """The table seat of the player refused: the error's own ``seat`` field,
        or the seat of its deal position once a table has named its seats."""
        seat = self.fields.get("seat")
        if isinstance(seat, int) and not isinstance(seat, bool):
            return Seat(seat)
        p = self.position
        if p is None or self.seats is None or not 0 <= p < len(self.seats):
            return None
        return self.seats[p]

    @property
    def player(self) -> PlayerId | None:
        """The person refused: the error's own ``player`` field, or whoever sits
        in its seat at the table that said it (:meth:`at_seats`)."""
        player = self.fields.get("player")
        if isinstance(player, str):
            return PlayerId(player)
        seat = self.seat
        return None if seat is None else self.players.get(seat)

    def at_seats(
        self, seats: Sequence[Seat], players: Mapping[Seat, PlayerId] | None = None
    ) -> Self:
        """Say this error of a table's seats: ``seats[p]`` is the seat of deal
        position ``p``, and ``players`` who sits in each seat. Returns the error
        itself, for ``raise``."""
        self.seats = tuple(seats)
        self.players = dict(players or {})
        self.args = (self.message,)
        return self

    def locate(self, where: str) -> Self:
        """Say where the refused input was (a line of a log), before the rest."""
        self.where = where
        self.args = (self.message,)
        return self

    def details(self) -> dict[str, object]:
        """The error as plain data for a program: code, who (position, seat and
        player, as far as known), fields, citations."""
        data: dict[str, object] = {"code": self.code}
        if self.position is not None:
            data["position"] = self.position
        if self.seat is not None:
            data["seat"] = self.seat
        if self.player is not None:
            data["player"] = self.player
        data.update((k, _plain(v)) for k, v in self.fields.items() if k != "who")
        data["citations"] = [c.id for c in self.citations]
        data["message"] = self.message
        return data

    def render(self, name: Naming | None = None) -> str:
        """The whole error in words, citations appended; players named by
        ``name`` (by default as positions, or as seats after :meth:`at_seats`)."""
        said = self.say(self._naming() if name is None else name)
        said = f"{self.where}: {said}" if self.where else said
        if not self.citations:
            return said
        cited = ", ".join(c.id for c in self.citations)
        return f"{said} [RRP5 {cited}]"

    def __str__(self) -> str:
        return self.render()


class ConfigError(FloormanError, ValueError):
    """A game, table or room was set up wrongly."""

    default_code = "config"


class NotationError(FloormanError, ValueError):
    """Input that cannot be read: a card, an action, a hand history.

    ``text`` holds the offending input.

    >>> NotationError("not a card: 'Zz'", text="Zz").text
    'Zz'
    """

    default_code = "notation"

    def __init__(
        self,
        message: str,
        *,
        text: str = "",
        code: str | None = None,
        citations: Iterable[Citation] = (),
        **fields: object,
    ) -> None:
        self.text = text
        super().__init__(message, code=code, citations=citations, **fields)


class IllegalAction(FloormanError, ValueError):
    """A well-formed action that the rules forbid at this moment."""


class OutOfTurn(IllegalAction):
    """An action by someone whose turn it is not."""

    default_code = "out_of_turn"


class FloorError(FloormanError):
    """A floor operation that cannot be done (a seat taken, a list closed)."""

    default_code = "floor"


class StoreError(FloormanError):
    """What the cardroom's database cannot do: a log appended out of order, a
    database of a newer schema, a hand history not there or not the asker's."""

    default_code = "store"


class AccountError(StoreError):
    """An account refused: an unknown name or a wrong password, a sanction in
    force, an operation by someone without the role for it."""

    default_code = "account"


#: Every code an error may carry, each a stable string, with the class of the
#: error that carries it and what it means: a new code is declared here with
#: its class, so a client raises it as the class the cardroom raised
#: (:func:`error_class`).
_DECLARED: Final[Mapping[str, tuple[type[FloormanError], str]]] = {
    "config": (ConfigError, "a game, table or room set up wrongly (any other ConfigError)"),
    "notation": (NotationError, "unreadable input (any other NotationError)"),
    "illegal_action": (IllegalAction, "an action the rules forbid now (any other IllegalAction)"),
    "out_of_turn": (OutOfTurn, "someone acted whose turn it is not"),
    "floor": (FloorError, "a floor operation that cannot be done (any other FloorError)"),
    "structure_not_played": (ConfigError, "the game is not played at that betting structure"),
    "too_few_players": (ConfigError, "a deal needs two players or more"),
    "no_chips": (ConfigError, "a player dealt in has no chips"),
    "too_many_players": (ConfigError, "more players than the game can be dealt to"),
    "runs_not_allowed": (ConfigError, "the board cannot be dealt that many times"),
    "card_not_in_deck": (NotationError, "a card that is not in the game's deck"),
    "card_out_of_play": (NotationError, "a card ruled a scrap of paper"),
    "card_held_back": (NotationError, "a card dealt too soon, barred from this street"),
    "card_dealt_twice": (NotationError, "a card already dealt"),
    "not_now": (IllegalAction, "the action is not what the deal waits for now"),
    "cannot_fold": (IllegalAction, "no fold now (the stud bring-in)"),
    "check_facing_bet": (IllegalAction, "a check facing a bet"),
    "nothing_to_call": (IllegalAction, "a call with no bet to call"),
    "not_bring_in": (IllegalAction, "a bring-in by someone who does not bring it in"),
    "raise_not_reopened": (
        IllegalAction,
        "a raise after acting, facing less than a full raise since",
    ),
    "raise_uncallable": (IllegalAction, "a raise nobody else could call any part of"),
    "check_raise_barred": (IllegalAction, "a check-raise in a game that forbids it"),
    "raise_capped": (IllegalAction, "a raise after the raising is capped"),
    "raise_not_allowed": (
        IllegalAction,
        "no bet or raise possible (it cannot cover more than the bet)",
    ),
    "wager_over_stack": (IllegalAction, "a wager of more chips than the player has (table stakes)"),
    "wager_out_of_range": (IllegalAction, "a wager outside the smallest and largest allowed"),
    "wager_off_chip": (IllegalAction, "a wager that is not a whole number of the smallest chip"),
    "wager_not_raise": (IllegalAction, "a wager that does not raise the bet"),
    "no_such_card_to_discard": (IllegalAction, "a discard of a card not in the hand"),
    "discard_twice": (IllegalAction, "the same card discarded twice"),
    "unknown_discards": (IllegalAction, "more unseen cards discarded than the hand holds"),
    "cards_not_due": (IllegalAction, "the dealer dealing cards the deal does not wait for"),
    "show_wrong_cards": (IllegalAction, "a show naming cards the hand does not hold"),
    "show_unknown_cards": (
        IllegalAction,
        "a show of a hand whose cards nobody saw, without naming them",
    ),
    "last_hand_must_show": (
        IllegalAction,
        "a muck by the last hand in a pot, which wins it unshown",
    ),
    "chop_not_allowed": (IllegalAction, "a chop when the blinds may not chop"),
    "deal_over": (IllegalAction, "a ruling on a deal that is over"),
    "no_such_player": (IllegalAction, "a player who is not dealt in"),
    "no_live_hand": (IllegalAction, "a ruling on a hand that is dead or not there"),
    "hand_mucked": (IllegalAction, "a ruling on a hand already mucked"),
    "card_not_held": (IllegalAction, "a player does not hold the card named"),
    "stub_empty": (IllegalAction, "no card left in the stub"),
    "card_not_in_stub": (IllegalAction, "a card named as undealt that is not in the stub"),
    "betting_closed": (IllegalAction, "cards dealt too soon while no betting round is open"),
    "cards_named_twice": (IllegalAction, "the same card named twice"),
    "already_taken_back": (IllegalAction, "cards sent back beneath the stub already"),
    "no_upcards": (IllegalAction, "a game with no upcards to turn"),
    "no_downcard": (IllegalAction, "a player holds no such downcard"),
    "log_does_not_replay": (NotationError, "a deal's log that its inputs do not reproduce"),
    "no_deal": (IllegalAction, "no deal under way to act or rule on"),
    "no_blind_owed": (FloorError, "a blind reported missing from a player who owes none"),
    "not_own_action": (IllegalAction, "a player reported declaring another player's action"),
    "choice_not_offered": (IllegalAction, "a decision the ruling did not offer"),
    "deal_not_ended": (NotationError, "a log whose deal stops before its end"),
    "store": (StoreError, "the cardroom's database cannot do it (any other StoreError)"),
    "schema_too_new": (StoreError, "a database written by a newer floorman than this one"),
    "log_out_of_order": (StoreError, "log entries whose numbers do not follow the stored log"),
    "hand_exists": (StoreError, "a hand history stored twice for the same table and deal"),
    "no_such_hand": (StoreError, "no hand history for that table and deal"),
    "hand_not_yours": (
        AccountError,
        "a hand history asked for by someone who neither played it nor is the floor",
    ),
    "account": (AccountError, "an account refused (any other AccountError)"),
    "account_exists": (AccountError, "an account name already taken"),
    "no_such_account": (AccountError, "no account of that name"),
    "bad_account_name": (AccountError, "an account name that is not allowed"),
    "weak_password": (AccountError, "a password too short or too long"),
    "login_refused": (AccountError, "a log-in with an unknown name or a wrong password"),
    "sanctioned": (AccountError, "a barred or suspended account, until its sanction ends"),
    "not_permitted": (AccountError, "an account operation by someone without the role for it"),
    "bad_amount": (AccountError, "an amount of play money that is not a whole number above 0"),
    "no_such_sanction": (AccountError, "no sanction of that number on the account"),
    "not_logged_in": (AccountError, "a request to the server without a valid session"),
    "too_many_attempts": (
        AccountError,
        "too many log-in attempts for a name or from an address; wait",
    ),
    "not_your_seat": (AccountError, "a command for another player than the one logged in"),
    "bad_message": (NotationError, "a message to the server that is not one it reads"),
    "no_such_address": (NotationError, "an address the server has no page or endpoint at"),
    "balance_short": (AccountError, "chips bought for more play money than the account's balance"),
    "flood": (NotationError, "more messages from one connection than the server reads; wait"),
    "not_seated": (FloorError, "a request only the players of that game may make"),
    "deck_change_refused": (
        FloorError,
        "a new deck before its round, or a new setup before its hour, is up",
    ),
    "limit_change_refused": (
        FloorError,
        "a limit change two or more of the game's players objected to",
    ),
    "observers_refused": (
        AccountError,
        "watching a game one of whose players objects to observers",
    ),
    "session_revoked": (
        AccountError,
        "a session ended by logging out or by a sanction; log in again",
    ),
    "internal": (
        StoreError,
        "the server failed to carry out a request; the room is as the store has it",
    ),
}

#: Every code an error may carry, each a stable string, with what it means.
CODES: Final[Mapping[str, str]] = {code: meaning for code, (_, meaning) in _DECLARED.items()}


def error_class(code: str) -> type[FloormanError]:
    """The class of error that carries ``code`` (a code not in :data:`CODES`,
    perhaps from a later floorman: :class:`IllegalAction`, the rules' refusals).

    >>> error_class("out_of_turn").__name__, error_class("not_seated").__name__
    ('OutOfTurn', 'FloorError')
    """
    found = _DECLARED.get(code)
    return IllegalAction if found is None else found[0]
