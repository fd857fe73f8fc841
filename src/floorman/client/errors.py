"""A server's refusal raised as the floorman error it was.

The server sends every refusal as :meth:`~floorman.errors.FloormanError.details`
(a ``code``, the ``message`` and the ``citations``); :func:`error_from` gives
back an error of the class :mod:`floorman.errors` declares with that code,
so a client catches an
:class:`~floorman.errors.IllegalAction` from the network as it would from a
cardroom in its own process.
"""

from __future__ import annotations

from collections.abc import Mapping

from floorman.errors import FloormanError, StoreError, error_class
from floorman.rulebook import Citation

__all__ = ["ConnectionLost", "error_from"]


class ConnectionLost(StoreError):
    """The connection to the server dropped before a request was answered:
    whether the server carried it out is not known until the client looks
    (its table view, or the events it resyncs)."""


def error_from(details: Mapping[str, object]) -> FloormanError:
    """The floorman error a server's error object stands for: its class the
    one :func:`~floorman.errors.error_class` declares for its ``code`` (a code
    this floorman does not know: :class:`~floorman.errors.IllegalAction`, the
    rules' refusals), its message and its citations.

    >>> error = error_from({"code": "check_facing_bet", "citations": ["betting.8"],
    ...                     "message": "there is a bet of 4 to call"})
    >>> type(error).__name__, error.code, str(error)
    ('IllegalAction', 'check_facing_bet', 'there is a bet of 4 to call [RRP5 betting.8]')
    """
    code = str(details.get("code") or "illegal_action")
    cls = error_class(code)
    raw = details.get("citations")
    citations = []
    for rule in raw if isinstance(raw, list) else ():
        try:
            citations.append(Citation.parse(str(rule)))
        except (FloormanError, ValueError):
            continue  # a rule this floorman does not know: the message still says it
    message = str(details.get("message") or code)
    return cls(message, code=code, citations=citations)
