"""A server's refusal raised as the floorman error it was.

The server sends every refusal as :meth:`~floorman.errors.FloormanError.details`
(a ``code``, the ``message`` and the ``citations``); :func:`error_from` gives
back an error of the class that code belongs to, so a client catches an
:class:`~floorman.errors.IllegalAction` from the network as it would from a
cardroom in its own process.
"""

from __future__ import annotations

from collections.abc import Mapping

from floorman.errors import (
    AccountError,
    ConfigError,
    FloorError,
    FloormanError,
    IllegalAction,
    NotationError,
    OutOfTurn,
    StoreError,
)
from floorman.rulebook import Citation

__all__ = ["ConnectionLost", "error_from"]

_CLASSES: dict[type[FloormanError], frozenset[str]] = {
    AccountError: frozenset(
        {
            "account",
            "account_exists",
            "bad_account_name",
            "bad_amount",
            "balance_short",
            "hand_not_yours",
            "login_refused",
            "no_such_account",
            "no_such_sanction",
            "not_logged_in",
            "not_permitted",
            "not_your_seat",
            "observers_refused",
            "sanctioned",
            "session_revoked",
            "too_many_attempts",
            "weak_password",
        }
    ),
    StoreError: frozenset(
        {"store", "hand_exists", "internal", "log_out_of_order", "no_such_hand", "schema_too_new"}
    ),
    NotationError: frozenset(
        {
            "notation",
            "bad_message",
            "card_dealt_twice",
            "card_held_back",
            "card_not_in_deck",
            "card_out_of_play",
            "deal_not_ended",
            "flood",
            "log_does_not_replay",
        }
    ),
    ConfigError: frozenset(
        {
            "config",
            "no_chips",
            "runs_not_allowed",
            "structure_not_played",
            "too_few_players",
            "too_many_players",
        }
    ),
    FloorError: frozenset(
        {
            "floor",
            "deck_change_refused",
            "hand_shown_dead",
            "limit_change_refused",
            "no_blind_owed",
            "not_seated",
        }
    ),
    OutOfTurn: frozenset({"out_of_turn"}),
}
_BY_CODE = {code: cls for cls, codes in _CLASSES.items() for code in codes}


class ConnectionLost(StoreError):
    """The connection to the server dropped before a request was answered:
    whether the server carried it out is not known until the client looks
    (its table view, or the events it resyncs)."""


def error_from(details: Mapping[str, object]) -> FloormanError:
    """The floorman error a server's error object stands for: its class by
    ``code`` (any other code: :class:`~floorman.errors.IllegalAction`, the
    rules' refusals), its message and its citations.

    >>> error = error_from({"code": "check_facing_bet", "citations": ["betting.8"],
    ...                     "message": "there is a bet of 4 to call"})
    >>> type(error).__name__, error.code, str(error)
    ('IllegalAction', 'check_facing_bet', 'there is a bet of 4 to call [RRP5 betting.8]')
    """
    code = str(details.get("code") or "illegal_action")
    cls = _BY_CODE.get(code, IllegalAction)
    raw = details.get("citations")
    citations = []
    for rule in raw if isinstance(raw, list) else ():
        try:
            citations.append(Citation.parse(str(rule)))
        except (FloormanError, ValueError):
            continue  # a rule this floorman does not know: the message still says it
    message = str(details.get("message") or code)
    return cls(message, code=code, citations=citations)
