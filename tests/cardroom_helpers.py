"""Helpers for driving a cardroom in tests: a night's setup, bots playing deals."""

from __future__ import annotations

import random

from floorman.bots import CallingStation
from floorman.clock import ManualClock
from floorman.deal.actions import Action, BringIn, Call, Check, Chop, Draw, Fold, Muck, Show, Wager
from floorman.games import Structure
from floorman.room.values import GameKind
from floorman.service import Cardroom, Entry
from floorman.service import commands as c

NL = GameKind(game="holdem", structure=Structure.NO_LIMIT, stakes="1/2")
STUD = GameKind(game="stud", structure=Structure.FIXED_LIMIT, stakes="2/4")

_MOVES: dict[type, c.Move] = {
    Fold: c.Move.FOLD,
    Check: c.Move.CHECK,
    Call: c.Move.CALL,
    Wager: c.Move.WAGER,
    BringIn: c.Move.BRING_IN,
    Draw: c.Move.DRAW,
    Show: c.Move.SHOW,
    Muck: c.Move.MUCK,
    Chop: c.Move.CHOP,
}


def command_for(name: str, action: Action) -> c.Act:
    """The command for a deal action a bot chose, naming the player."""
    to = action.to if isinstance(action, Wager) else 0
    cards: tuple[object, ...] = ()
    if isinstance(action, Draw):
        cards = tuple(card for card in action.discards if card is not None)
    elif isinstance(action, Show):
        cards = action.cards
    return c.Act(player=name, move=_MOVES[type(action)], to=to, cards=cards)  # type: ignore[arg-type]


class Night:
    """A cardroom on a manual clock, checked after every command."""

    def __init__(self, *, seed: int = 0) -> None:
        from floorman.shuffle import SeededShuffler

        self.clock = ManualClock()
        self.room = Cardroom(clock=self.clock, shuffler=SeededShuffler(seed))
        self.bot = CallingStation(random.Random(seed))
        self.entries: list[Entry] = []

    def do(self, *commands: c.Command) -> list[Entry]:
        """Handle commands in turn; after each, every chip is where the books say."""
        out: list[Entry] = []
        for command in commands:
            got = self.room.handle(command)
            assert self.room.audit() == [], (command, self.room.audit())
            out.extend(got)
        self.entries.extend(out)
        return out

    def wait(self, minutes: float) -> list[Entry]:
        self.clock.advance(minutes=minutes)
        out = self.room.advance(self.clock.now())
        assert self.room.audit() == []
        self.entries.extend(out)
        return out

    def seat(self, table: int, *names: str, chips: int = 100, kind: GameKind = NL) -> None:
        """List and seat players at ``table`` in the seats the floor holds for them."""
        for name in names:
            self.do(
                c.SignUp(player=name, kind=kind), c.TakeSeat(player=name, table=table, chips=chips)
            )

    def play(self, table: int, *, folds: bool = False) -> list[Entry]:
        """Deal once at ``table`` and let the bots (or, ``folds``, everyone folding) play it out."""
        out = self.do(c.StartDeal(table=table))
        live = self.room.table(table)
        while live.in_deal:
            deal = live.deal
            assert deal is not None
            position = deal.legal().position
            assert position is not None
            name = live.players[live.positions[position]]
            action = self.bot.choose(deal, position)
            if folds and deal.legal().fold and not deal.legal().check:
                action = Fold(position=position)
            out.extend(self.do(command_for(name, action)))
        return out


def names(entries: list[Entry]) -> list[str]:
    return [type(e.event).__name__ for e in entries]
