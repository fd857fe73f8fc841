"""The floor's timers: how long each lasts, and when the next one runs out.

:meth:`Room.tick <floorman.room.state.Room.tick>` acts on the time: a lock-up
held too long while someone waits to play is picked up (RRP5 policies.21; the
seat of a called player who does not come, RRP5 seating.2, is such a lock-up),
and the chips of a player away more than thirty minutes, or past an absence
the floor extended, are picked up (RRP5 policies.20). A refused move bars a
player from one game for an hour (RRP5 seating.10); when the bar ends the floor
may call him to it, which a tick does too.

:func:`next_deadline` reads the books and says when a tick will next do
something, changing nothing, so a cardroom can sleep until then. Between two
of the moments it looks at (a lock-up reaching its limit, an absence passing
its own, a bar ending) nothing the floor decides by the clock changes, so the
first of them at which a tick would act is the answer, exactly: a tick a
moment before it does nothing.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from floorman.ids import PlayerId

if TYPE_CHECKING:
    from floorman.room.books import Lock, RoomBooks, _Game

__all__ = [
    "AWAY_LIMIT",
    "LOCK_LIMIT",
    "MINUTE",
    "NEW_GAME_LOCK",
    "REFUSAL_BAR",
    "next_deadline",
    "overdue_locks",
]

MINUTE = 60.0
AWAY_LIMIT = 30 * MINUTE  # RRP5 policies.20
NEW_GAME_LOCK = 5 * MINUTE  # RRP5 policies.21
LOCK_LIMIT = 10 * MINUTE  # RRP5 policies.21
REFUSAL_BAR = 60 * MINUTE  # RRP5 seating.10


def lock_limit(game: _Game) -> float:
    """How long a called player's seat is held while someone waits (RRP5 policies.21)."""
    return NEW_GAME_LOCK if game.new else LOCK_LIMIT


def overdue_locks(game: _Game, moment: float) -> list[Lock]:
    """The lock-ups a tick at ``moment`` may pick up for players waiting,
    oldest first: a called player's place held past its limit (RRP5
    policies.21, seating.2). A lock holding the seat the house reserved for
    its own player is not one: picking it up would free a seat no one waiting
    may take (RRP5 seating.8), so it would help no one."""
    limit = lock_limit(game)
    return sorted(
        (
            k
            for k in game.locks
            if k.reason == "called"
            and moment - k.since >= limit
            and not game.holds_own_reservation(k)
        ),
        key=lambda k: k.since,
    )


def away_limit(since: float, until: float | None) -> float:
    """The moment after which an absent player's chips may be picked up: thirty
    minutes, or the end of an absence the floor extended (RRP5 policies.20)."""
    return until if until is not None else since + AWAY_LIMIT


def next_deadline(books: RoomBooks) -> float | None:
    """The earliest moment at which a tick would act, or None if no timer runs.

    It may lie in the past, when the clock has moved on since the last tick:
    then a tick now acts. The books are only read.
    """
    for moment in sorted(set(_moments(books))):
        if _acts_at(books, moment):
            return moment
    return None


def _moments(books: RoomBooks) -> list[float]:
    """The moments at which what a tick would do may change."""
    out: list[float] = []
    for game in books._games.values():
        limit = lock_limit(game)
        out.extend(
            _reached(k.since, limit)
            for k in game.locks
            if k.reason == "called" and not game.holds_own_reservation(k)
        )
    for state in books._players.values():
        if state.away_since is not None:
            # More than the limit away: the first moment past it (RRP5 policies.20).
            out.append(math.nextafter(away_limit(state.away_since, state.away_until), math.inf))
    out.extend(books._bars.values())
    return out


def _acts_at(books: RoomBooks, moment: float) -> bool:
    """Whether a tick at ``moment`` would do anything, nothing else happening first."""
    for game in books._games.values():
        if overdue_locks(game, moment) and books._waiting_for(game, when=moment):  # policies.21
            return True
    for name, state in books._players.items():
        if state.away_since is None or books.seat_of(name) is None:
            continue
        if moment > away_limit(state.away_since, state.away_until):  # RRP5 policies.20
            return True
    # A bar ended: the floor calls the player to that game if he is next for
    # a seat in it, or passes him over once if he is away (RRP5 seating.10,
    # seating.2). Everyone before him on the list was passed over already, or
    # the floor would have called them.
    for (player, table), until in books._bars.items():
        found = books._games.get(table)
        if found is None or moment < until or player not in books._lists.get(found.kind, ()):
            continue
        if not books._could_play(PlayerId(player), found, when=moment) or not books._eligible_seat(
            PlayerId(player), found
        ):
            continue
        if books._answers(PlayerId(player), found):
            return True
    return False


def _reached(since: float, limit: float) -> float:
    """The first moment ``t`` with ``t - since >= limit``, as the floor measures it."""
    moment = since + limit
    while moment - since < limit:
        moment = math.nextafter(moment, math.inf)
    while math.nextafter(moment, -math.inf) - since >= limit:
        moment = math.nextafter(moment, -math.inf)
    return moment
