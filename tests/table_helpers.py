"""Tables for tests: set up quickly, deals played out by folding or checking."""

from __future__ import annotations

from floorman.clock import ManualClock
from floorman.deal import BringIn, Call, Check, Draw, Fold, Turn
from floorman.games import HOLDEM, Game, Structure
from floorman.shuffle import SeededShuffler
from floorman.table import ButtonMethod, Table, TableSetup
from floorman.table import events as tev

NL = Structure.NO_LIMIT
FL = Structure.FIXED_LIMIT
DEAD = ButtonMethod.DEAD
MOVING = ButtonMethod.MOVING


def make(
    *,
    method: ButtonMethod = DEAD,
    seats: int = 9,
    players: tuple[int, ...] = (1, 2, 3, 4, 5),
    button: int | None = 1,
    game: Game = HOLDEM,
    structure: Structure = NL,
    chips: int = 100,
    seed: int = 1,
    **setup: object,
) -> Table:
    """A table with players p<seat> in the given seats; the button starts at
    ``button`` (None: drawn)."""
    options: dict[str, object] = {"blinds": (1, 2)} if game.is_button_game else {}
    if structure is FL:
        options.update(small_bet=2, big_bet=4)
    options.update(setup)
    table = Table(
        TableSetup(game=game, structure=structure, seats=seats, button=method, **options),  # type: ignore[arg-type]
        shuffler=SeededShuffler(seed),
        clock=ManualClock(),
        button=button,
    )
    for seat in players:
        table.sit(seat, f"p{seat}", chips)
    return table


def play(table: Table, *, call: bool = False) -> tev.DealStarted:
    """Start a deal and play it out: everyone folds to a bet (or calls, with
    ``call``) and checks otherwise. Returns the deal's start record."""
    deal = table.start_deal()
    while not deal.is_over:
        legal = deal.legal()
        if legal.turn is Turn.DRAW:
            table.apply(Draw(position=legal.position, discards=()))
        elif legal.bring_in:
            table.apply(BringIn(position=legal.position))
        elif legal.call and call:
            table.apply(Call(position=legal.position))
        elif legal.check:
            table.apply(Check(position=legal.position))
        else:
            table.apply(Fold(position=legal.position))
    return started(table)


def started(table: Table) -> tev.DealStarted:
    """The latest deal's start record."""
    return next(e for e in reversed(table.events) if isinstance(e, tev.DealStarted))


def posts(record: tev.DealStarted) -> list[tuple[int, int, bool]]:
    """(seat, amount, dead) of each post."""
    return [(p.seat, p.amount, p.dead) for p in record.posts]


def spots(record: tev.DealStarted) -> tuple[int | None, int | None, int | None]:
    """(button, small blind, big blind) seats."""
    return (record.button, record.small_blind, record.big_blind)
