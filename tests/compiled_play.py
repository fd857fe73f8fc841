"""Seeded random deals of every game, written out event by event.

Run as a program (``python -m tests.compiled_play SEEDS``) it prints every
deal's events, one per line, so that two processes (the dealer compiled, and
from source with ``FLOORMAN_PURE=1``) can be compared line for line. Each
deal is also copied mid-way (``copy.deepcopy``) and the copy played to the end
by the same choices, which must end the same.
"""

from __future__ import annotations

import copy
import random
import sys
from collections.abc import Iterator

from floorman.deal import (
    BringIn,
    Call,
    Check,
    Deal,
    Draw,
    Fold,
    Muck,
    Show,
    Stakes,
    Turn,
    Wager,
)
from floorman.deal.actions import Action
from floorman.games import GAMES, Game, Structure
from floorman.shuffle import SeededShuffler

PLAYERS = 5


def stakes_for(game: Game, structure: Structure) -> Stakes:
    """Stakes that suit the game and structure (stud: antes and a bring-in)."""
    limit = structure is Structure.FIXED_LIMIT
    if game.bring_in is not None:
        return Stakes(antes=(1,) * PLAYERS, bring_in=2, small_bet=5, big_bet=10)
    return Stakes(blinds=(1, 2), small_bet=2 if limit else 0, big_bet=4 if limit else 0)


def choose(deal: Deal, rng: random.Random) -> Action | None:
    """A random legal action for the player to act, or None when none is due."""
    legal = deal.legal()
    p = legal.position
    if p is None:
        return None
    if legal.turn is Turn.DRAW:
        hole = deal.hole(p)
        kept = [c for c in hole if rng.random() < 0.5]
        return Draw(position=p, discards=tuple(c for c in hole if c not in kept))
    if legal.turn is Turn.SHOW:
        return Muck(position=p) if legal.muck and rng.random() < 0.3 else Show(position=p)
    if legal.turn is not Turn.BET:
        return None
    roll = rng.random()
    if legal.bring_in:  # the player with the bring-in may not fold: bring it in or complete
        if roll < 0.6 or not legal.can_wager:
            return BringIn(position=p)
        return Wager(position=p, to=legal.min_to)
    if legal.can_wager and roll < 0.35:
        span = legal.max_to - legal.min_to
        return Wager(position=p, to=legal.min_to + int(span * rng.random() ** 3))
    if legal.fold and not legal.check and roll > 0.8:
        return Fold(position=p)
    return Check(position=p) if legal.check else Call(position=p)


def games() -> Iterator[tuple[Game, Structure]]:
    for name in sorted(GAMES):
        game = GAMES[name]
        for structure in sorted(game.structures, key=lambda s: s.value):
            yield game, structure


def play(seed: int) -> Iterator[str]:
    """Every event of one deal of each game and structure, then its copy's ending."""
    for game, structure in games():
        rng = random.Random(seed)
        deal = Deal(
            game,
            structure=structure,
            stakes=stakes_for(game, structure),
            stacks=tuple(rng.randrange(20, 400) for _ in range(PLAYERS)),
            shuffler=SeededShuffler(seed),
        )
        twin: Deal | None = None
        choices: list[Action] = []
        while not deal.is_over:
            action = choose(deal, rng)
            if action is None:
                break
            deal.apply(action)
            choices.append(action)
            if twin is None and len(choices) == 4:
                twin = copy.deepcopy(deal)
        yield f"{game.name} {structure.value} seed {seed}"
        yield from (repr(e) for e in deal.events)
        if twin is not None:
            for action in choices[4:]:
                twin.apply(action)
            yield f"copy ends the same: {twin.events == deal.events}"


def main(argv: list[str]) -> None:
    first, count = int(argv[0]), int(argv[1])
    for seed in range(first, first + count):
        for line in play(seed):
            print(line)


if __name__ == "__main__":
    main(sys.argv[1:])
