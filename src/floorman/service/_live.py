"""The cardroom's dealings with its live tables: how one is set up for a kind of
game, what it has logged since a mark, whom its next big blind falls to, and
what a player took from it."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from floorman.deal.actions import Action
from floorman.errors import FloorError
from floorman.games import Structure
from floorman.room.values import GameKind
from floorman.rulebook import cite
from floorman.service import commands as cmd
from floorman.shuffle import Mark, SeededShuffler, Shuffler
from floorman.table import Table, TableSetup
from floorman.table import events as tev
from floorman.table.placement import place

__all__ = ["restaked", "stakes_figures", "stakes_of_setup", "table_setup"]

_HOUR = 3600.0  # RRP5 policies.5
#: Stakes: the small and the big figure, whole numbers with no leading zero.
_STAKES = re.compile(r"([1-9][0-9]{0,8})/([1-9][0-9]{0,8})")


def table_setup(kind: GameKind, seats: int) -> TableSetup:
    """The live table for a kind of game the room spreads, as cardrooms deal it.

    The stakes are the blinds at button games; at limit the bets are the big
    blind and twice it; at stud, which has no blinds, the bring-in is the small
    figure, the ante half of it (one chip at least) and the bets the big figure
    and twice it. The full buy-in is the table's default (RRP5 buy-in.1).

    >>> from floorman.games import Structure
    >>> table_setup(GameKind(game="stud", structure=Structure.FIXED_LIMIT, stakes="2/4"), 8).ante
    1
    """
    small, big = (int(n) for n in kind.stakes.split("/"))
    return TableSetup(
        game=kind.form,
        structure=kind.structure,
        seats=seats,
        **_figures(kind.form.is_button_game, kind.structure, small, big),
    )


def _figures(button: bool, structure: Structure, small: int, big: int) -> dict[str, Any]:
    """The forced bets and bet sizes stakes of ``small``/``big`` make (see
    :func:`table_setup`)."""
    bets: dict[str, Any] = {}
    if structure is Structure.FIXED_LIMIT or not button:
        bets = {"small_bet": big, "big_bet": 2 * big}
    if button:
        return {"blinds": (small, big), **bets}
    return {"bring_in": small, "ante": max(1, small // 2), **bets}


def stakes_figures(stakes: object) -> tuple[int, int]:
    """The small and the big figure of stakes written ``small/big`` (e.g.
    ``2/5``); a FloorError citing RRP5 policies.17 for anything else."""
    found = _STAKES.fullmatch(stakes) if isinstance(stakes, str) else None
    if found is None or int(found[1]) > int(found[2]):
        raise FloorError(
            "stakes {stakes!r}: a limit change names the new stakes as the small and the"
            " big blind (or bet), two whole numbers such as 2/5 or 4/8, the small not more"
            " than the big",
            citations=cite("policies.17"),
            stakes=stakes if isinstance(stakes, str) else repr(stakes),
        )
    return int(found[1]), int(found[2])


def restaked(setup: TableSetup, stakes: str) -> TableSetup:
    """``setup`` playing at ``stakes`` instead (a limit change, RRP5
    policies.17): the forced bets and bet sizes :func:`table_setup` gives those
    stakes, the rest of the table as it was. A setup the new figures do not
    fit raises its ConfigError.

    >>> from floorman.games import GAMES
    >>> nl = TableSetup(game=GAMES["holdem"], structure=Structure.NO_LIMIT, blinds=(1, 2))
    >>> restaked(nl, "2/5").blinds, restaked(nl, "2/5").min_buy_in
    ((2, 5), 100)
    """
    small, big = stakes_figures(stakes)
    return replace(setup, **_figures(setup.game.is_button_game, setup.structure, small, big))


def stakes_of_setup(setup: TableSetup) -> str:
    """The stakes a setup plays at, written as :func:`restaked` reads them."""
    if setup.game.is_button_game:
        return f"{setup.small_blind or setup.big_blind}/{setup.big_blind}"
    return f"{setup.bring_in}/{setup.small_bet}"


def _action(c: cmd.Act, position: int) -> Action:
    """:func:`~floorman.service.commands.action_of`, an action that names its
    position alone made once for each position and shared (a frozen value)."""
    move = c.move
    if type(move) is not cmd.Move:
        return cmd.action_of(c, position)  # refused, saying what the moves are
    made = _SAME.get(move._value_)  # by its value: an enum member hashes in Python
    if made is None:
        return cmd.action_of(c, position)
    while len(made) <= position:
        made.append(cmd.action_of(c, len(made)))
    return made[position]


#: The actions that name a position alone, by move, each position's made once.
_SAME: dict[str, list[Action]] = {
    move.value: []
    for move in (
        cmd.Move.FOLD,
        cmd.Move.CHECK,
        cmd.Move.CALL,
        cmd.Move.BRING_IN,
        cmd.Move.MUCK,
        cmd.Move.CHOP,
    )
}


def _next_big_blind(table: Table) -> int | None:
    """The seat the next deal's big blind would fall to, the seats as they stand."""
    setup = table.setup
    if not setup.game.is_button_game or table.button is None:
        return None
    plan = place(
        table.seat_states(),
        seats=setup.seats,
        method=setup.button,
        button=table.button,
        small_blind=table.small_blind,
        big_blind=table.big_blind,
        two_blinds=len(setup.blinds) == 2,
    )
    return None if plan is None else plan.big_blind


def _took_within_the_hour(table: Table, player: str, now: float) -> int:
    """The chips ``player`` took from ``table`` on leaving it (or had picked up)
    less than an hour ago, by the table's log; 0 if he did not (RRP5 policies.5)."""
    for event in reversed(table.events):
        if isinstance(event, tev.PlayerLeft | tev.ChipsPickedUp) and event.player == player:
            return event.chips if now - event.at < _HOUR else 0
        if isinstance(event, tev.PlayerSeated) and event.player == player:
            return 0
    return 0


def _dice(shuffler: Shuffler) -> Mark | None:
    """Where a seeded shuffler's sequence stands, to put back if a command is
    refused (a mark: its state is copied only if the command shuffles)."""
    if isinstance(shuffler, SeededShuffler):
        return shuffler.mark()
    return None


def _restore(shuffler: Shuffler, mark: Mark | None) -> None:
    if isinstance(shuffler, SeededShuffler) and mark is not None:
        shuffler.rewind(mark)
