"""Helpers for driving a cardroom in tests: a night's setup, bots playing deals."""

from __future__ import annotations

import random

from floorman.bots import Bot, CallingStation
from floorman.clock import ManualClock
from floorman.games import Structure
from floorman.room.values import GameKind
from floorman.service import AsPlayer, Cardroom, Entry, view
from floorman.service import commands as c
from floorman.service.views import to_act

NL = GameKind(game="holdem", structure=Structure.NO_LIMIT, stakes="1/2")
STUD = GameKind(game="stud", structure=Structure.FIXED_LIMIT, stakes="2/4")


def bot_move(room: Cardroom, table: int, bot: Bot) -> c.Act:
    """The move the bot makes for the player the deal at ``table`` waits for,
    chosen from that player's view alone."""
    live = room.table(table)
    seat = to_act(live)
    assert seat is not None, "the deal waits for no player"
    return bot.choose(view(live, AsPlayer(live.players[seat])))


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
            move = bot_move(self.room, table, self.bot)
            options = view(live, AsPlayer(move.player)).legal
            assert options is not None
            if folds and options.fold and not options.check:
                move = c.Act(player=move.player, move=c.Move.FOLD)
            out.extend(self.do(move))
        return out


def names(entries: list[Entry]) -> list[str]:
    return [type(e.event).__name__ for e in entries]
