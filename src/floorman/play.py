"""``floorman play``: a game at one table against bots, for a person at a keyboard.

The person sits in seat 1 as "you"; bots (:mod:`floorman.bots`) fill the
other seats. The game is a :class:`~floorman.service.Cardroom` with one
table: every seat taken, chip bought, deal started and move made is a command
to it, so sitting out, missed blinds, coming back and buying chips all follow
the rulebook. What is printed comes from the person's view of the table and
the events as the person may receive them, never from the deal itself; the
bots, too, decide from their own players' views. Input and output are
callables (like :func:`input` and :func:`print`), so a whole session can be
scripted.

>>> lines: list[str] = []
>>> run(seed=3, seats=3, bots=2, input=scripted(["", "x", "quit"]), output=lines.append)
0
>>> "── deal 1 ──" in lines, lines[-1].startswith("you leave with")
(True, True)
>>> table = simulate(deals=30, seed=1)
>>> table.chips == table.bought - table.taken
True
"""

from __future__ import annotations

import builtins
import dataclasses
import random
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from floorman.bots import KINDS, Bot
from floorman.cards import Card, format_cards, parse_cards
from floorman.clock import Clock, ManualClock, SystemClock
from floorman.deal import events as dev
from floorman.deal.legal import Turn
from floorman.deal.showdown import read_hand
from floorman.errors import ConfigError, FloorError, FloormanError, IllegalAction, NotationError
from floorman.games import GAMES, Game, Structure
from floorman.ids import PlayerId, Seat
from floorman.room import events as rev
from floorman.room.values import GameKind
from floorman.service import (
    AsObserver,
    AsPlayer,
    Cardroom,
    Entry,
    Hidden,
    Options,
    SeatView,
    TableView,
    Viewer,
    dealt_in,
    redact,
    view,
)
from floorman.service import commands as c
from floorman.service.commands import Move
from floorman.service.views import to_act
from floorman.shuffle import SeededShuffler, SystemShuffler
from floorman.table import ButtonMethod, Table, TableSetup
from floorman.table import events as tev

__all__ = [
    "HUMAN",
    "Narration",
    "autopilot",
    "command_words",
    "run",
    "scripted",
    "simulate",
    "table_setup",
]

#: The person's seat.
HUMAN = Seat(1)
#: The person's name at the table; the game's table number in its cardroom.
YOU, TABLE = "you", 1
ME = AsPlayer(PlayerId(YOU))

Ask = Callable[[str], str]
Say = Callable[[str], object]

_NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jun", "Kit", "Lev")
# What may be typed for each command, short or long.
_ALIASES = {"f": "fold", "x": "check", "c": "call", "b": "bet", "r": "raise", "a": "allin"}
_ALIASES |= {"d": "draw", "pat": "stand", "q": "quit", "leave": "quit", "exit": "quit"}
_ALIASES |= {"h": "help", "?": "help", "t": "table", "n": "deal", "": "deal", "all-in": "allin"}
_BET_WORDS = frozenset(("fold", "check", "call", "bet", "raise", "allin", "bring"))
_DEAL_WORDS = _BET_WORDS | {"draw", "stand", "show", "muck"}
_MOVES = {"fold": Move.FOLD, "check": Move.CHECK, "call": Move.CALL, "bring": Move.BRING_IN}
_HELP = """\
between deals:
  Enter            deal the next hand
  out / sit out    sit out (the table deals on; blinds that pass you are owed)
  back [post|wait] come back: post what you owe now, or wait for the big blind
  post / wait      owing blinds: post them next deal, or wait for the big blind
  buy N            add N chips to your stack (up to the table's most)
  table            show the table
  quit / q         leave the table
on your turn:
  f fold   x check   c call   b N bet to N   r N raise to N (N is your total
  for the round)   a all in   bring (stud bring-in)   d Ah Kd throw those cards
  and draw   stand   show / muck   out (sit out from next deal)   quit"""


def scripted(lines: Iterable[str], *, echo: Say | None = None) -> Ask:
    """An input callable that answers with ``lines`` in turn, then raises EOFError
    (as :func:`input` does at the end of input); ``echo`` sees each prompt and answer.

    >>> ask = scripted(["x"])
    >>> ask("> ")
    'x'
    """
    it = iter(lines)

    def ask(prompt: str) -> str:
        try:
            line = next(it)
        except StopIteration:
            raise EOFError from None
        if echo is not None:
            echo(prompt + line)
        return line

    return ask


def table_setup(
    *,
    game: str,
    structure: str,
    blinds: Sequence[int],
    seats: int,
    button: str,
    max_buy_in: int | None = None,
) -> TableSetup:
    """The table for a game by name. At limit the bets are the big blind and twice
    it; at stud, with no blinds, the bring-in is the small blind, the ante half
    of it (at least one chip) and the bets as at limit. ``max_buy_in`` is the most
    a player may have on the table after buying (none by default).

    >>> table_setup(game="stud", structure="fixed-limit", blinds=(1, 2), seats=6,
    ...             button="dead").bring_in
    1
    """
    form = GAMES.get(game)
    if form is None:
        raise ConfigError(f"unknown game {game!r}; the games are: {', '.join(GAMES)}")
    try:
        kind, method = Structure(structure), ButtonMethod(button)
    except ValueError as error:
        raise ConfigError(
            f"{error}: structures are fixed-limit, pot-limit, no-limit; buttons are dead, moving"
        ) from None
    if not blinds or not all(_is_count(b) and b > 0 for b in blinds):
        raise ConfigError(f"the stakes need a big blind, not {tuple(blinds)}")
    big, small = blinds[-1], blinds[0] if len(blinds) > 1 else blinds[-1]
    bets = {"small_bet": big, "big_bet": 2 * big}
    if not form.is_button_game:
        options: dict[str, Any] = {**bets, "bring_in": small, "ante": max(1, small // 2)}
    else:
        options = {**(bets if kind is Structure.FIXED_LIMIT else {}), "blinds": tuple(blinds)}
    return TableSetup(
        game=form, structure=kind, seats=seats, button=method, max_buy_in=max_buy_in, **options
    )


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


#: The table's most, in full buy-ins: a player may buy up to five times the
#: full buy-in (or the buy-in chosen, if more), as a house sets its maximum.
_MOST_BUY_INS = 5


def run(
    *,
    game: str = "holdem",
    structure: str = "no-limit",
    blinds: Sequence[int] = (1, 2),
    seats: int = 6,
    bots: int = 5,
    chips: int = 200,
    seed: int | None = None,
    button: str = "dead",
    input: Ask = builtins.input,
    output: Say = print,
) -> int:
    """Play at one table until the person quits or input ends; returns 0.

    ``seed`` repeats the shuffles and the bots' choices; without it the cards
    come from the system's strong random source. A bad setting raises
    :class:`~floorman.errors.ConfigError`; bad input during play only prints a
    message and asks again.
    """
    setup = _checked_setup(game, structure, blinds, seats, button, chips)
    if not _is_count(bots) or not 1 <= bots < seats:
        raise ConfigError(f"{seats} seats hold you and 1 to {seats - 1} bots, not {bots}")
    session = _Session(setup, chips=chips, seed=seed, clock=SystemClock(), say=output)
    session.seat_human(chips)
    for seat in range(HUMAN + 1, HUMAN + 1 + bots):
        session.seat_bot(seat, chips)
    return session.play(input)


def simulate(
    *,
    deals: int = 200,
    seed: int = 0,
    game: str = "holdem",
    structure: str = "no-limit",
    blinds: Sequence[int] = (1, 2),
    seats: int = 6,
    chips: int = 200,
    button: str = "dead",
    output: Say | None = None,
) -> Table:
    """Bots alone in every seat for ``deals`` deals; returns the table."""
    if not _is_count(deals) or deals < 0:
        raise ConfigError(f"deals is the number of deals to play, 0 or more, not {deals!r}")
    setup = _checked_setup(game, structure, blinds, seats, button, chips)
    session = _Session(setup, chips=chips, seed=seed, clock=ManualClock(), say=output or _quiet)
    for seat in range(1, seats + 1):
        session.seat_bot(seat, chips)
    session.start()
    for _ in range(deals):
        session.deal(scripted(()))
        session.after_deal()
    return session.table


def _checked_setup(
    game: str, structure: str, blinds: Sequence[int], seats: int, button: str, chips: int
) -> TableSetup:
    """The table, once the settings are whole numbers it can take."""
    if not _is_count(chips) or chips <= 0:
        raise ConfigError(f"each player buys in for a number of chips above 0, not {chips!r}")
    if not _is_count(seats):
        raise ConfigError(f"seats is a whole number of seats, not {seats!r}")
    setup = table_setup(game=game, structure=structure, blinds=blinds, seats=seats, button=button)
    most = _MOST_BUY_INS * max(chips, setup.min_buy_in)
    # The chips chosen are a full buy-in at this table, however few (RRP5 buy-in.1).
    full = chips if chips < setup.min_buy_in else None
    return dataclasses.replace(setup, buy_in=full, max_buy_in=most)


def _quiet(_: str) -> None:
    pass


def _hand_name(game: Game, hole: Sequence[Card], board: Sequence[Card]) -> str:
    """The hand's name as the showdown reads it ("" while too few cards to read)."""
    try:
        values = read_hand(game, hole, board)
    except FloormanError:
        return ""
    return " / ".join(v.name for v in values if v is not None)


class Narration:
    """What a person at a table is told and how the person's moves are read:
    the events as the person may receive them put in words, the turn with its
    options and amounts, and a typed move checked against them. Shared by the
    game in this process (:func:`run`) and ``floorman play --server``
    (:mod:`floorman.client.terminal`), which fill in :meth:`view`.
    """

    def __init__(self, *, game: Game, player: str, say: Say) -> None:
        self.game = game
        self.player = player
        self.say = say
        self.started: tev.DealStarted | None = None
        self.names: dict[int, str] = {}  # as the deal began: a player may leave at its end
        # What the printed events add up to so far, the deal's own state being
        # streets ahead when several events come at once (an all-in runout).
        self.pot = self.level = self.street = 0
        self.board: list[Card] = []
        self.brought_in = False  # the round's only chips in are a stud bring-in
        self.shown: set[int] = set()  # positions whose hands were shown this deal
        self.several = False  # the pots being awarded are more than one

    def view(self) -> TableView:
        """The table as the person sees it now."""
        raise NotImplementedError

    def act(self, move: Move, *, to: int = 0, cards: tuple[Card, ...] = ()) -> c.Act:
        """The person's move as the command the person gives."""
        return c.Act(player=PlayerId(self.player), move=move, to=to, cards=cards)

    def mine(self, seen: TableView | None = None) -> SeatView | None:
        """The person's seat as the person sees it (None once up from the table)."""
        seen = seen or self.view()
        return next((s for s in seen.seats if s.player == self.player), None)

    def me(self, seen: TableView | None = None) -> SeatView:
        found = self.mine(seen)
        if found is None:
            raise FloorError("you have no seat at this table")
        return found

    def who(self, position: int) -> str:
        if self.started is None or not 0 <= position < len(self.started.dealt_in):
            return f"position {position}"
        seat = self.started.dealt_in[position]
        return f"seat {seat} ({self.names.get(seat, '?')})"

    def spoken(self, error: Exception) -> str:
        """An error as the person hears it: the players by seat and name."""
        return error.render(self.who) if isinstance(error, FloormanError) else str(error)

    def event_text(self, e: object) -> str | None:
        position = getattr(e, "position", None)
        who = self.who(position) if isinstance(position, int) else ""
        all_in = " and is all in" if getattr(e, "all_in", False) else ""
        game = self.game
        match e:
            case dev.AntePosted() | dev.BlindPosted():
                self.pot += e.amount + (e.dead if isinstance(e, dev.BlindPosted) else 0)
                self.level = max(self.level, 0 if isinstance(e, dev.AntePosted) else e.amount)
                return None  # the table's posts are shown with the seats
            case dev.BringInPosted():
                self.pot, self.level, self.brought_in = self.pot + e.amount, e.amount, True
                return f"{who} brings it in for {e.amount}"
            case dev.StreetStarted(street=street, name=name) if street > 0:
                self.level, self.brought_in, self.street = 0, False, street
                dealt = game.streets[street].board
                return None if dealt else f"── {name} ──  pot {self.pot}"
            case dev.BoardDealt():
                name = game.streets[self.street].name
                self.board += _known(e.cards)
                cards, board = format_cards(_known(e.cards)), format_cards(self.board)
                return f"── {name}: {cards}   board: {board}   pot {self.pot}"
            case dev.HoleDealt() if self.is_mine(e.position):
                up = [c for c, u in zip(e.cards, e.up, strict=True) if u and c is not None]
                shown = f" ({format_cards(up)} face up)" if up and len(up) < len(e.cards) else ""
                shown = " face up" if up and len(up) == len(e.cards) else shown
                return f"you get {format_cards(_known(e.cards))}{shown}"
            case dev.HoleDealt():
                up = [c for c, u in zip(e.cards, e.up, strict=True) if u and c is not None]
                return f"{who} gets {format_cards(up)} face up" if up else None
            case dev.Folded():
                return f"{who} folds"
            case dev.Checked():
                return f"{who} checks"
            case dev.Called():
                self.pot += e.amount
                return f"{who} calls {e.amount}{all_in}"
            case dev.Wagered():
                self.pot += e.amount
                verb = "completes to" if self.brought_in else "raises to" if self.level else "bets"
                self.level, self.brought_in = e.to, False
                return f"{who} {verb} {e.to}{all_in}"
            case dev.BetReturned():
                self.pot -= e.amount
                return f"{e.amount} not called goes back to {who}"
            case dev.Drew():
                return f"{who} draws {len(e.discards)}" if e.discards else f"{who} stands pat"
            case dev.HandShown():
                self.shown.add(e.position)
                name = _hand_name(game, _known(e.cards), self.board)
                return f"{who} shows {format_cards(_known(e.cards))}" + (f": {name}" * bool(name))
            case dev.HandMucked():
                # A shown loser is mucked by the dealer: said once, at the show.
                return None if e.position in self.shown else f"{who} mucks"
            case dev.PotAwarded():
                pot = (
                    f"side pot {e.pot}" if e.pot else "the main pot" if self.several else "the pot"
                )
                pot = pot if e.share == "whole" else f"the {e.share} half of {pot}"
                hand = f" with {e.hand}" if e.hand else ""
                return "\n".join(
                    f"{self.who(p)} wins {n} from {pot}{hand}" for p, n in e.amounts if n
                )
            case dev.StubReshuffled() | Hidden(kind="deal.StubReshuffled"):
                return "the stub runs short: the discards are shuffled into a new stub"
        return None

    def is_mine(self, position: int) -> bool:
        """Whether the deal's ``position`` is the person's."""
        seat = self.seat_of(position)
        return seat is not None and self.names.get(seat) == self.player

    def seat_of(self, position: int) -> int | None:
        started = self.started
        if started is None or not 0 <= position < len(started.dealt_in):
            return None
        return started.dealt_in[position]

    def show_turn(self, seen: TableView) -> None:
        me = self.me(seen)
        hole, board = _known(me.cards), _known(seen.board)
        name = _hand_name(self.game, hole, board)
        line = f"your cards: {format_cards(hole)}" + (f" ({name})" if name else "")
        up = [card for card, shown in zip(me.cards, me.up, strict=True) if shown and card]
        line += f", showing {format_cards(up)}" if up else ""
        line += f"   board: {format_cards(board)}" if board else ""
        line += f"   pot {seen.pot}   you have {me.stack} behind"
        legal = seen.legal
        assert legal is not None
        self.say(line + (f", {legal.call} to call" if legal.call else ""))
        self.say(f"  you may: {self.options(seen, legal)}")

    def options(self, seen: TableView, legal: Options) -> str:
        if legal.turn is Turn.DRAW:
            return "d and the cards to throw (e.g. 'd 7h 2c') · stand"
        if legal.turn is Turn.SHOW:
            return "show · muck" if legal.muck else "show"
        me = self.me(seen)
        reach = me.bet + me.stack
        found = [f"bring (bring it in for {legal.bring_in})"] if legal.bring_in else []
        found += ["x (check)"] if legal.check else []
        found += [f"c (call {legal.call})"] if legal.call else []
        if legal.max_to:
            # A blind is a bet: the big blind's option is to raise it (RRP5 blinds.intro).
            raised = max(s.bet for s in seen.seats) > 0 and not self.brought_in
            word = "r N (raise" if raised else "b N (bet"
            span = f"{legal.min_to}" + (f"-{legal.max_to}" if legal.max_to > legal.min_to else "")
            found.append(f"{word} to N in all, N {span})")
        if (legal.max_to and legal.max_to == reach) or legal.call == me.stack:
            found.append(f"a (all in: {reach})")
        # Folding a hand that could check is allowed, not offered.
        fold = legal.fold and not legal.needless_fold
        return " · ".join(found + (["f (fold)"] if fold else []))

    def move(self, cmd: str, rest: list[str], seen: TableView) -> c.Act:
        """A move typed on the person's turn, checked against the options
        shown; a move that is not one raises the error saying what is allowed."""
        legal = seen.legal
        assert legal is not None
        if legal.turn is Turn.DRAW and cmd in ("draw", "stand"):
            if cmd == "draw" and not rest:
                raise NotationError("name the cards to throw, e.g. 'd 7h 2c', or 'stand'")
            return self.act(Move.DRAW, cards=parse_cards(" ".join(rest)))
        if legal.turn is Turn.SHOW and cmd in ("show", "muck"):
            return self.act(Move.SHOW if cmd == "show" else Move.MUCK)
        if cmd not in _DEAL_WORDS:
            raise NotationError(f"unknown command {cmd!r}; type help", text=cmd)
        if legal.turn is not Turn.BET or cmd not in _BET_WORDS:
            raise IllegalAction(f"'{cmd}' is not for now")
        if cmd == "fold" and legal.needless_fold:
            self.say("  you could have checked; your hand is folded (a fold binds, RRP5 betting.9)")
        if cmd in _MOVES:
            return self.act(_MOVES[cmd])
        me = self.me(seen)
        if cmd == "allin":
            reach = me.bet + me.stack
            if legal.max_to and legal.max_to == reach:
                return self.act(Move.WAGER, to=reach)
            if legal.call and legal.call == me.stack:
                return self.act(Move.CALL)
            most = f"; the most you may bet to is {legal.max_to}" if legal.max_to else ""
            raise IllegalAction(f"you cannot go all in now{most}")
        if len(rest) != 1:
            raise NotationError(f"'{cmd}' takes your total for the round, e.g. '{cmd} 10'")
        if cmd == "raise" and not max(s.bet for s in seen.seats):
            raise IllegalAction("nobody has bet this round, so there is nothing to raise: 'b N'")
        if cmd == "bet" and legal.call and not self.brought_in:
            raise IllegalAction(
                f"you face a bet ({legal.call} to call): 'r N' raises to N in all, 'c' calls"
            )
        return self.act(Move.WAGER, to=_chips(rest[0]))


class _Session(Narration):
    """One table's session in a cardroom of its own: the bots, and what is
    shown to the person.

    Everything is done by commands to the :class:`~floorman.service.Cardroom`;
    what is printed comes from the person's view of the table and from the
    events as the person may receive them (:func:`~floorman.service.redact`),
    so nothing the person may not see can be shown.
    """

    def __init__(
        self, setup: TableSetup, *, chips: int, seed: int | None, clock: Clock, say: Say
    ) -> None:
        shuffler = SeededShuffler(seed) if seed is not None else SystemShuffler()
        self.setup = setup
        self.room = Cardroom(clock=clock, shuffler=shuffler, setups=lambda _kind, _seats: setup)
        self.rng = random.Random(seed)
        super().__init__(game=setup.game, player=YOU, say=say)
        # A second buy-in may not be short (RRP5 buy-in.2): bots rebuy in full.
        self.rebuy = max(chips, setup.min_buy_in)
        self.bots: dict[str, Bot] = {}
        self.bought = 0  # the person's chips bought, for the closing tally
        self.quitting = False
        self.joined = 0
        blinds = setup.blinds or (setup.bring_in, setup.small_bet)
        kind = GameKind(
            game=setup.game.name, structure=setup.structure, stakes=f"{blinds[0]}/{blinds[-1]}"
        )
        self.handle(c.OpenGame(table=TABLE, kind=kind, seats=setup.seats))

    # ------------------------------------------------------------ the service

    @property
    def table(self) -> Table:
        """The live table (for the totals a finished session reports)."""
        return self.room.table(TABLE)

    def handle(self, command: c.Command) -> list[Entry]:
        """Send a command; its entries at the table, as the person may see them, are shown."""
        entries = self.room.handle(command)
        if TABLE in self.room.tables:
            self.show_events(entries)
        return entries

    def view(self, viewer: Viewer = ME) -> TableView:
        return view(self.table, viewer)

    def seat_human(self, chips: int) -> None:
        self.handle(c.Arrive(player=PlayerId(YOU)))
        self.handle(c.Sit(player=PlayerId(YOU), table=TABLE, seat=Seat(HUMAN), chips=chips))
        self.bought = chips

    def seat_bot(self, seat: int, chips: int) -> str:
        bot = self.rng.choice(KINDS)(random.Random(self.rng.getrandbits(64)))
        laps, i = divmod(self.joined, len(_NAMES))
        self.joined += 1
        name = _NAMES[i] + (str(laps + 1) if laps else "")
        self.bots[name] = bot
        self.handle(c.Arrive(player=PlayerId(name)))
        post = bot.wants_to_post()
        self.handle(
            c.Sit(player=PlayerId(name), table=TABLE, seat=Seat(seat), chips=chips, post=post)
        )
        return name

    def start(self) -> None:
        """The players draw for the button and the game starts (RRP5 seating.6)."""
        for entry in self.room.handle(c.StartGame(table=TABLE)):
            if isinstance(entry.event, rev.GameStarted) and entry.event.cards:
                players = self.room.room.seated(TABLE)
                drawn = " · ".join(f"{players[s]} {card}" for s, card in entry.event.cards)
                low = "low" if self.setup.game.reading.is_low else "high"
                button = entry.event.button
                won = f"; {low} card, {players[button]}, takes it" if button is not None else ""
                self.say(f"the draw for the button: {drawn}{won}")

    def owed(self, seat: SeatView) -> str:
        setup = self.setup
        parts = [f"the big blind ({setup.big_blind})"] if "big" in seat.owes else []
        if "small" in seat.owes:
            parts.append(f"the small blind ({setup.small_blind}{' dead' * ('big' in seat.owes)})")
        return " and ".join(parts)

    def show_table(self, started: tev.DealStarted | None = None) -> None:
        seen = self.view()
        stacks = dict(started.stacks) if started else {}
        button = started.button if started else seen.button
        for s in seen.seats:
            notes = ["button"] if s.seat == button else []
            notes += [
                f"{p.blind} {p.amount}" + (" dead" if p.dead else "")
                for p in (started.posts if started else ())
                if p.seat == s.seat
            ]
            if started is None or s.seat not in started.dealt_in:
                if s.away or s.stack == 0:
                    notes.append("sitting out" if s.away else "no chips")
                elif started is not None:
                    notes.append("waits to come in")
                notes += [f"owes {self.owed(s)}"] if s.owes else []
            stack = stacks.get(s.seat, s.stack)
            self.say(f"  seat {s.seat}  {s.player:<6}{stack:>6}  {', '.join(notes)}".rstrip())
        if button is not None and button not in {s.seat for s in seen.seats}:
            self.say(f"  (the button is on empty seat {button}: a dead button)")

    # ------------------------------------------------------------ between deals

    def play(self, ask: Ask) -> int:
        setup = self.setup
        stakes = "/".join(map(str, setup.blinds)) or f"{setup.small_bet}/{setup.big_bet}"
        self.say(
            f"floorman: {setup.game.name} {setup.structure.value} {stakes}, {setup.seats}"
            f" seats; you are seat {HUMAN}. Type help for the commands."
        )
        self.start()
        self.show_table()
        status = 0
        try:
            while self.between_deals(ask):
                self.deal(ask)
                if self.quitting:
                    break
                self.after_deal()
        except EOFError:
            self.say("")
        except KeyboardInterrupt:
            self.say("")
            status = 130
        seen = self.view()
        mine = self.mine(seen)
        if mine is not None and seen.in_deal and mine.position is not None:
            # Stopped in a hand (Ctrl-C): what is in the pot is lost with the hand.
            chips = mine.stack
            lost = dict(self.started.stacks)[HUMAN] - chips if self.started else 0
            chips_stay = "chip in this deal stays" if lost == 1 else "chips in this deal stay"
            self.say(f"your {lost} {chips_stay} in its pot: your hand is given up")
        else:
            if mine is not None:
                self.room.handle(c.Leave(player=PlayerId(YOU)))
            chips = self.room.ledger.held(YOU)
            if chips:
                self.room.handle(c.CashOut(player=PlayerId(YOU)))
        net = chips - self.bought
        how = f"up {net}" if net > 0 else f"down {-net}" if net < 0 else "even"
        self.say(f"you leave with {chips} chips (you bought {self.bought}): {how}")
        return status

    def between_deals(self, ask: Ask) -> bool:
        """Take the person's table commands; True to deal, False to leave."""
        me = self.me()
        notes = [f"you have {me.stack} chips"]
        if me.away:
            notes.append("you are sitting out ('back' to play)")
        if me.owes:
            back = "back " * me.away
            how = f"'{back}post' to post it, '{back}wait' to wait for the big blind"
            notes.append(f"you owe {self.owed(me)} ({how})")
        if me.stack == 0:
            full = self.setup.min_buy_in
            notes.append(f"'buy N' to play on (a full buy-in is {full}) or 'quit'")
        self.say("  " + "; ".join(notes))
        self.say("  [Enter] deal · out · back · buy N · table · quit · help")
        while True:
            try:
                go = self.table_command(*command_words(ask("> ")))
            except (FloormanError, ValueError) as error:
                self.say(f"  {self.spoken(error)}")
                continue
            if go is not None:
                return go

    def table_command(self, cmd: str, rest: list[str]) -> bool | None:
        me = self.me()
        if cmd == "deal":
            if me.stack == 0 and not me.away:
                raise FloorError("you have no chips: 'buy N' to play on, 'out' to watch, or 'quit'")
            return True
        if cmd == "quit":
            return False
        if cmd == "out":
            if me.away:
                raise FloorError("you sit out already: 'back' to play")
            self.handle(c.StepAway(player=PlayerId(YOU)))
            self.say("  you sit out; the table deals on, and blinds that pass you are owed")
        elif cmd == "back":
            self.back(me, rest)
        elif cmd in ("post", "wait"):
            if not (me.owes or me.new):
                raise FloorError("you owe no blinds; press Enter to deal")
            self.handle(c.Choose(player=PlayerId(YOU), post=cmd == "post"))
            self.say("  you post next deal" if cmd == "post" else "  you wait for the big blind")
        elif cmd == "buy":
            self.buy(me, rest)
        elif cmd in ("help", "table"):
            self.say(_HELP) if cmd == "help" else self.show_table()
        elif cmd in _DEAL_WORDS:
            raise IllegalAction(f"'{cmd}' is for your turn in a deal; press Enter to deal")
        else:
            raise NotationError(f"unknown command {cmd!r}; type help", text=cmd)
        return None

    def buy(self, me: SeatView, rest: list[str]) -> None:
        if len(rest) != 1:
            raise NotationError("'buy N' adds N chips to your stack, e.g. 'buy 200'")
        amount, most = _chips(rest[0]), self.setup.max_buy_in
        if most is not None and me.stack + amount > most:
            room = f"you may buy up to {most - me.stack}" if me.stack < most else ""
            raise FloorError(
                f"this table's most is {most} chips in front of you"
                f" (you have {me.stack}){'; ' * bool(room)}{room}"
            )
        self.handle(c.Buy(player=PlayerId(YOU), chips=amount))
        self.bought += amount
        self.say(f"  you buy {amount} chip{'s' * (amount != 1)}: {self.me().stack} in all")

    def back(self, me: SeatView, rest: list[str]) -> None:
        if not me.away:
            raise FloorError("you are not sitting out; press Enter to deal")
        rest = [w.lower() for w in rest]
        if rest not in ([], ["post"], ["wait"]):
            raise NotationError(
                "'back post' posts what you owe; 'back wait' waits for the big blind"
            )
        if me.owes and not rest:
            self.say(
                f"  you owe {self.owed(me)}: 'back post' posts it to come in;"
                " 'back wait' waits for the big blind"
            )
            return
        owed = self.owed(me)
        self.handle(c.ComeBack(player=PlayerId(YOU), post=rest != ["wait"]))
        if rest == ["wait"] and owed:
            self.say("  you are back: dealt in when the big blind reaches you")
        else:
            # Not always next deal: nobody comes in between the big blind and the button.
            self.say(f"  you are back: you post {owed} to come in" if owed else "  you are back")

    def after_deal(self) -> None:
        """Bots that lost their chips rebuy, or leave and another bot sits down."""
        for s in self.view(AsObserver()).seats:
            bot = self.bots.get(s.player)
            if bot is None:
                continue
            if s.stack == 0 and bot.rebuys():
                self.handle(c.Buy(player=s.player, chips=self.rebuy))
                self.say(f"seat {s.seat} ({s.player}) buys {self.rebuy} more chips")
            elif s.stack == 0:
                self.handle(c.Leave(player=s.player))
                del self.bots[s.player]
                new = self.seat_bot(s.seat, self.rebuy)
                how = "posts to play at once" if self.bots[new].wants_to_post() else "waits"
                self.say(f"seat {s.seat} ({s.player}) leaves; {new} sits down and {how}")
            elif s.owes:
                self.handle(c.Choose(player=s.player, post=bot.wants_to_post()))

    # ------------------------------------------------------------ the deal

    def deal(self, ask: Ask) -> None:
        self.pot = self.level = self.street = 0
        self.board, self.shown, self.brought_in = [], set(), False
        self.started = None
        try:
            entries = self.room.handle(c.StartDeal(table=TABLE))
        except FloorError as error:
            self.say(f"no deal: {error}")
            return
        started = next(e.event for e in entries if isinstance(e.event, tev.DealStarted))
        self.started = started
        self.names = {s.seat: s.player for s in self.view().seats}
        self.say("")
        self.say(f"── deal {started.number} ──")
        self.show_table(started)
        self.show_events(entries)
        while self.table.in_deal:
            seat = to_act(self.table)
            player = self.names.get(seat) if seat is not None else None
            if player is None:  # the dealer waits: never with a shuffled deck
                raise IllegalAction("the deal cannot go on by itself: it waits for the dealer")
            if player == YOU:
                self.human_turn(ask)
            else:
                self.handle(self.bots[player].choose(self.view(AsPlayer(PlayerId(player)))))
        after = self.view()
        self.say("stacks: " + " · ".join(f"{s.player} {s.stack}" for s in after.seats))
        mine = self.mine(after)
        if HUMAN in started.dealt_in and mine is not None:
            net = mine.stack - dict(started.stacks)[HUMAN]
            self.say(f"you {'win' if net > 0 else 'lose'} {abs(net)}" if net else "you break even")

    def show_events(self, entries: Sequence[Entry]) -> None:
        """Print the table's events as the person may receive them."""
        if self.started is None or self.say is _quiet:
            return  # between deals, what is done is said by the command's own words
        positions = dealt_in(self.table)
        seen = [redact(e.event, ME, positions=positions) for e in entries if e.table == TABLE]
        self.several = sum(isinstance(e, dev.PotAwarded) for e in seen) > 1
        for event in seen:
            text = self.event_text(event)
            for line in text.split("\n") if text else ():
                self.say(line)

    # ------------------------------------------------------------ the person's turn

    def human_turn(self, ask: Ask) -> None:
        seen = self.view()
        legal = seen.legal
        assert legal is not None
        if self.quitting:
            self.handle(autopilot(legal))
            return
        self.show_turn(seen)
        while True:
            try:
                try:
                    line = ask("your move> ")
                except EOFError:
                    # The end of input in a hand is leaving: the hand is given up and
                    # the chips put in stay in the pot, as at 'quit'.
                    self.say("")
                    line = "quit"
                move = self.read_action(*command_words(line), seen)
                if move is not None:
                    self.handle(move)
                    return
            except (FloormanError, ValueError) as error:
                # The options were shown with the turn; Enter shows them again.
                self.say(f"  {self.spoken(error)}")

    def read_action(self, cmd: str, rest: list[str], seen: TableView) -> c.Act | None:
        """The person's command as a move (None: nothing to send)."""
        legal = seen.legal
        assert legal is not None
        if cmd in ("deal", "help", "table"):  # Enter, here, shows the turn again
            if cmd != "deal":
                self.say(_HELP) if cmd == "help" else self.show_table(self.started)
            self.show_turn(seen)
            return None
        if cmd == "quit":
            self.quitting = True
            self.handle(c.Leave(player=PlayerId(YOU)))
            self.say("  you leave when this deal ends; your hand is given up")
            return autopilot(legal)
        if cmd == "out":
            self.handle(c.StepAway(player=PlayerId(YOU)))
            self.say("  you sit out from the next deal; play this one out")
            return None
        if cmd in ("back", "buy", "post", "wait"):
            raise IllegalAction(f"'{cmd}' waits until this deal ends")
        return self.move(cmd, rest, seen)


def command_words(line: str) -> tuple[str, list[str]]:
    """The command typed, by its long name, and its arguments as typed."""
    words = line.split()
    if [w.lower() for w in words] == ["sit", "out"]:
        return "out", []
    first = words[0].lower() if words else ""
    return _ALIASES.get(first, first), words[1:]


def _known(cards: Iterable[Card | None]) -> list[Card]:
    return [c for c in cards if c is not None]


def _chips(text: str) -> int:
    # ASCII digits only (int() refuses '²'), and few enough to be chips at a table.
    if re.fullmatch(r"[0-9]{1,15}", text) is None:
        raise NotationError(f"{text[:40]!r} is not a number of chips", text=text)
    return int(text)


def _act(move: Move, *, to: int = 0, cards: tuple[Card, ...] = (), player: str = YOU) -> c.Act:
    return c.Act(player=PlayerId(player), move=move, to=to, cards=cards)


def autopilot(legal: Options, *, player: str = YOU) -> c.Act:
    """Give up the hand as cheaply as the rules allow (a player on the way out)."""
    if legal.turn is Turn.DRAW:
        return _act(Move.DRAW, player=player)
    if legal.turn is Turn.SHOW:
        return _act(Move.MUCK if legal.muck else Move.SHOW, player=player)
    if legal.check:
        return _act(Move.CHECK, player=player)
    if legal.fold:
        return _act(Move.FOLD, player=player)
    return _act(Move.BRING_IN if legal.bring_in else Move.CALL, player=player)
