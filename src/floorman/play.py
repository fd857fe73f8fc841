"""``floorman play``: a game at one table against bots, for a person at a keyboard.

The person sits in seat 1 as "you"; bots (:mod:`floorman.bots`) fill the
other seats. A :class:`~floorman.table.Table` keeps the seats, button and
blinds from deal to deal, so sitting out, missed blinds, coming back and
buying chips all follow the rulebook. Input and output are callables (like
:func:`input` and :func:`print`), so a whole session can be scripted.

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
import random
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from floorman.bots import KINDS, Bot
from floorman.cards import Card, format_cards, parse_cards
from floorman.clock import Clock, ManualClock, SystemClock
from floorman.deal import events as dev
from floorman.deal.actions import Action, BringIn, Call, Check, Draw, Fold, Muck, Show, Wager
from floorman.deal.legal import Legal, Turn
from floorman.deal.showdown import read_hand
from floorman.deal.state import Deal
from floorman.errors import ConfigError, FloorError, FloormanError, IllegalAction, NotationError
from floorman.games import GAMES, Game, Structure
from floorman.ids import PlayerId, Position, Seat
from floorman.shuffle import SeededShuffler, SystemShuffler
from floorman.table import ButtonMethod, Table, TableSetup
from floorman.table import events as tev

__all__ = ["HUMAN", "run", "scripted", "simulate", "table_setup"]

#: The person's seat.
HUMAN = Seat(1)

Ask = Callable[[str], str]
Say = Callable[[str], object]

_NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jun", "Kit", "Lev")
# What may be typed for each command, short or long.
_ALIASES = {"f": "fold", "x": "check", "c": "call", "b": "bet", "r": "raise", "a": "allin"}
_ALIASES |= {"d": "draw", "pat": "stand", "q": "quit", "leave": "quit", "exit": "quit"}
_ALIASES |= {"h": "help", "?": "help", "t": "table", "n": "deal", "": "deal", "all-in": "allin"}
_BET_WORDS = frozenset(("fold", "check", "call", "bet", "raise", "allin", "bring"))
_DEAL_WORDS = _BET_WORDS | {"draw", "stand", "show", "muck"}
_ACTIONS: dict[str, type[Fold | Check | Call | BringIn]]
_ACTIONS = {"fold": Fold, "check": Check, "call": Call, "bring": BringIn}
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
    return table_setup(
        game=game, structure=structure, blinds=blinds, seats=seats, button=button, max_buy_in=most
    )


def _quiet(_: str) -> None:
    pass


def _hand_name(game: Game, hole: Sequence[Card], board: Sequence[Card]) -> str:
    """The hand's name as the showdown reads it ("" while too few cards to read)."""
    try:
        values = read_hand(game, hole, board)
    except FloormanError:
        return ""
    return " / ".join(v.name for v in values if v is not None)


def _round_bets(deal: Deal) -> tuple[dict[int, int], bool]:
    """Each position's bet this round, and whether the only bet is a stud bring-in.

    The deal keeps these privately; the person's prompt needs them to tell a
    bet from a raise and to find the all-in total.
    """
    start = max(
        (i for i, e in enumerate(deal.events) if isinstance(e, dev.StreetStarted)), default=0
    )
    if deal.street <= 0:
        start = 0  # the blinds come before the first street starts
    bets: dict[int, int] = {}
    bring_in_only = False
    for e in deal.events[start:]:
        if isinstance(e, dev.BlindPosted | dev.BringInPosted | dev.Called | dev.Wagered):
            bets[e.position] = bets.get(e.position, 0) + e.amount
            if not isinstance(e, dev.Called):
                bring_in_only = isinstance(e, dev.BringInPosted)
        elif isinstance(e, dev.BetReturned):
            bets[e.position] -= e.amount
    return bets, bring_in_only


class _Session:
    """One table's session: the table, its bots, and what is shown to the person."""

    def __init__(
        self, setup: TableSetup, *, chips: int, seed: int | None, clock: Clock, say: Say
    ) -> None:
        shuffler = SeededShuffler(seed) if seed is not None else SystemShuffler()
        self.table = Table(setup, shuffler=shuffler, clock=clock)
        self.rng = random.Random(seed)
        self.say = say
        # A second buy-in may not be short (RRP5 buy-in.2): bots rebuy in full.
        self.rebuy = max(chips, setup.min_buy_in)
        self.bots: dict[Seat, Bot] = {}
        self.human: int | None = None
        self.bought = 0  # the person's chips bought, for the closing tally
        self.quitting = False
        self.joined = 0
        self.started: tev.DealStarted | None = None
        self.current: Deal | None = None
        self.names: dict[Seat, PlayerId] = {}  # as the deal began: a player may leave at its end
        # What the printed events add up to so far: the deal's own state may be
        # streets ahead when several events are printed at once (an all-in runout).
        self.printed = self.pot = self.level = self.street = 0
        self.board: list[Card] = []
        self.brought_in = False  # the round's only chips in are a stud bring-in

    def seat_human(self, chips: int) -> None:
        self.table.sit(Seat(HUMAN), PlayerId("you"), chips)
        self.human, self.bought = HUMAN, chips

    def seat_bot(self, seat: int, chips: int) -> tev.PlayerSeated:
        bot = self.rng.choice(KINDS)(random.Random(self.rng.getrandbits(64)))
        laps, i = divmod(self.joined, len(_NAMES))
        self.joined += 1
        name = _NAMES[i] + (str(laps + 1) if laps else "")
        self.bots[Seat(seat)] = bot
        return self.table.sit(Seat(seat), PlayerId(name), chips, post=bot.wants_to_post())

    def who(self, position: int) -> str:
        seat = self.table.positions[position]
        return f"seat {seat} ({self.names.get(seat, '?')})"

    def spoken(self, error: Exception) -> str:
        """An error as the person hears it: the players by seat and name."""
        return error.render(self.who) if isinstance(error, FloormanError) else str(error)

    def owed(self, seat: int) -> str:
        owed, setup = self.table.owes(Seat(seat)), self.table.setup
        parts = [f"the big blind ({setup.big_blind})"] if "big" in owed else []
        if "small" in owed:
            parts.append(f"the small blind ({setup.small_blind}{' dead' * ('big' in owed)})")
        return " and ".join(parts)

    def show_table(self, started: tev.DealStarted | None = None) -> None:
        t = self.table
        stacks = dict(started.stacks) if started else {}
        button = started.button if started else t.button
        for seat, name in t.players.items():
            notes = ["button"] if seat == button else []
            notes += [
                f"{p.blind} {p.amount}" + (" dead" if p.dead else "")
                for p in (started.posts if started else ())
                if p.seat == seat
            ]
            if started is None or seat not in started.dealt_in:
                if t.is_away(Seat(seat)) or t.stacks[seat] == 0:
                    notes.append("sitting out" if t.is_away(Seat(seat)) else "no chips")
                elif started is not None:
                    notes.append("waits to come in")
                notes += [f"owes {self.owed(seat)}"] if t.owes(Seat(seat)) else []
            stack = stacks.get(seat, t.stacks[seat])
            self.say(f"  seat {seat}  {name:<6}{stack:>6}  {', '.join(notes)}".rstrip())
        if button is not None and button not in t.players:
            self.say(f"  (the button is on empty seat {button}: a dead button)")

    # ------------------------------------------------------------ between deals

    def play(self, ask: Ask) -> int:
        setup = self.table.setup
        stakes = "/".join(map(str, setup.blinds)) or f"{setup.small_bet}/{setup.big_bet}"
        self.say(
            f"floorman: {setup.game.name} {setup.structure.value} {stakes}, {setup.seats}"
            f" seats; you are seat {HUMAN}. Type help for the commands."
        )
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
        t = self.table
        left = [e.chips for e in t.events if isinstance(e, tev.PlayerLeft) and e.seat == HUMAN]
        chips = t.stacks[HUMAN] if HUMAN in t.players else sum(left[-1:])
        if lost := self.in_pot():
            # Stopped in a hand (Ctrl-C): the table still holds the stack it began with.
            chips -= lost
            self.say(f"your {lost} chips in this deal stay in its pot: your hand is given up")
        net = chips - self.bought
        how = f"up {net}" if net > 0 else f"down {-net}" if net < 0 else "even"
        self.say(f"you leave with {chips} chips (you bought {self.bought}): {how}")
        return status

    def in_pot(self) -> int:
        """The person's chips in a deal left unfinished: they are lost with the hand."""
        deal, started, t = self.current, self.started, self.table
        if deal is None or started is None or deal.is_over or HUMAN not in t.positions:
            return 0
        return dict(started.stacks)[HUMAN] - deal.stacks[t.positions.index(HUMAN)]

    def between_deals(self, ask: Ask) -> bool:
        """Take the person's table commands; True to deal, False to leave."""
        t = self.table
        notes = [f"you have {t.stacks[HUMAN]} chips"]
        if t.is_away(Seat(HUMAN)):
            notes.append("you are sitting out ('back' to play)")
        if t.owes(Seat(HUMAN)):
            back = "back " * t.is_away(Seat(HUMAN))
            how = f"'{back}post' to post it, '{back}wait' to wait for the big blind"
            notes.append(f"you owe {self.owed(HUMAN)} ({how})")
        if t.stacks[HUMAN] == 0:
            notes.append(f"'buy N' to play on (a full buy-in is {t.setup.min_buy_in}) or 'quit'")
        self.say("  " + "; ".join(notes))
        self.say("  [Enter] deal · out · back · buy N · table · quit · help")
        while True:
            try:
                go = self.table_command(*_command(ask("> ")))
            except (FloormanError, ValueError) as error:
                self.say(f"  {error}")
                continue
            if go is not None:
                return go

    def table_command(self, cmd: str, rest: list[str]) -> bool | None:
        t = self.table
        if cmd == "deal":
            if t.stacks[HUMAN] == 0 and not t.is_away(Seat(HUMAN)):
                raise FloorError("you have no chips: 'buy N' to play on, 'out' to watch, or 'quit'")
            return True
        if cmd == "quit":
            t.leave(Seat(HUMAN))
            return False
        if cmd == "out":
            t.sit_out(Seat(HUMAN))
            self.say("  you sit out; the table deals on, and blinds that pass you are owed")
        elif cmd == "back":
            self.back(rest)
        elif cmd in ("post", "wait"):
            if not (t.owes(Seat(HUMAN)) or t.is_new(Seat(HUMAN))):
                raise FloorError("you owe no blinds; press Enter to deal")
            t.choose(Seat(HUMAN), post=cmd == "post")
            self.say("  you post next deal" if cmd == "post" else "  you wait for the big blind")
        elif cmd == "buy":
            if len(rest) != 1:
                raise NotationError("'buy N' adds N chips to your stack, e.g. 'buy 200'")
            amount, most = _chips(rest[0]), t.setup.max_buy_in
            if most is not None and t.stacks[HUMAN] + amount > most:
                room = (
                    f"you may buy up to {most - t.stacks[HUMAN]}" if t.stacks[HUMAN] < most else ""
                )
                raise FloorError(
                    f"this table's most is {most} chips in front of you"
                    f" (you have {t.stacks[HUMAN]}){'; ' * bool(room)}{room}"
                )
            t.buy(Seat(HUMAN), amount)
            self.bought += amount
            self.say(f"  you buy {amount} chips: {t.stacks[HUMAN]} in all")
        elif cmd in ("help", "table"):
            self.say(_HELP) if cmd == "help" else self.show_table()
        elif cmd in _DEAL_WORDS:
            raise IllegalAction(f"'{cmd}' is for your turn in a deal; press Enter to deal")
        else:
            raise NotationError(f"unknown command {cmd!r}; type help", text=cmd)
        return None

    def back(self, rest: list[str]) -> None:
        t = self.table
        if not t.is_away(Seat(HUMAN)):
            raise FloorError("you are not sitting out; press Enter to deal")
        rest = [w.lower() for w in rest]
        if rest not in ([], ["post"], ["wait"]):
            raise NotationError(
                "'back post' posts what you owe; 'back wait' waits for the big blind"
            )
        if t.owes(Seat(HUMAN)) and not rest:
            self.say(
                f"  you owe {self.owed(HUMAN)}: 'back post' posts it to come in;"
                " 'back wait' waits for the big blind"
            )
            return
        owed = self.owed(HUMAN)
        t.come_back(Seat(HUMAN), post=rest != ["wait"])
        if rest == ["wait"]:
            self.say("  you are back: dealt in when the big blind reaches you")
        else:
            # Not always next deal: nobody comes in between the big blind and the button.
            self.say(f"  you are back: you post {owed} to come in" if owed else "  you are back")

    def after_deal(self) -> None:
        """Bots that lost their chips rebuy, or leave and another bot sits down."""
        t = self.table
        for seat, bot in list(self.bots.items()):
            name = t.players[seat]
            if t.stacks[seat] == 0 and bot.rebuys():
                t.buy(Seat(seat), self.rebuy)
                self.say(f"seat {seat} ({name}) buys {self.rebuy} more chips")
            elif t.stacks[seat] == 0:
                t.leave(Seat(seat))
                new = self.seat_bot(seat, self.rebuy)
                how = "posts to play at once" if self.bots[seat].wants_to_post() else "waits"
                self.say(f"seat {seat} ({name}) leaves; {new.player} sits down and {how}")
            elif t.owes(Seat(seat)):
                t.choose(Seat(seat), post=bot.wants_to_post())

    # ------------------------------------------------------------ the deal

    def deal(self, ask: Ask) -> None:
        t = self.table
        try:
            deal = t.start_deal()
        except FloorError as error:
            self.say(f"no deal: {error}")
            return
        started = next(e for e in reversed(t.events) if isinstance(e, tev.DealStarted))
        self.started, self.names, self.current = started, t.players, deal
        self.printed = self.pot = self.level = self.street = 0
        self.board = []
        self.say("")
        self.say(f"── deal {started.number} ──")
        self.show_table(started)
        self.show_events(deal)
        while not deal.is_over:
            legal = deal.legal()
            if legal.position is None:  # the dealer waits: never with a shuffled deck
                raise IllegalAction(
                    "the deal cannot go on by itself: {allowed}", code="not_now", allowed=legal
                )
            if t.positions[legal.position] == self.human:
                self.human_turn(deal, legal, ask)
            else:
                t.apply(self.bots[t.positions[legal.position]].choose(deal, legal.position))
            self.show_events(deal)
        after = t.stacks
        self.say("stacks: " + " · ".join(f"{self.names[s]} {n}" for s, n in after.items()))
        if HUMAN in started.dealt_in and HUMAN in after:
            net = after[HUMAN] - dict(started.stacks)[HUMAN]
            self.say(f"you {'win' if net > 0 else 'lose'} {abs(net)}" if net else "you break even")

    def show_events(self, deal: Deal) -> None:
        for event in deal.events[self.printed :]:
            text = self.event_text(deal, event)
            for line in text.split("\n") if text else ():
                self.say(line)
        self.printed = len(deal.events)

    def event_text(self, deal: Deal, e: dev.Event) -> str | None:
        player = getattr(e, "position", None)
        who = self.who(player) if isinstance(player, int) else ""
        all_in = " and is all in" if getattr(e, "all_in", False) else ""
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
                dealt = deal.game.streets[street].board
                return None if dealt else f"── {name} ──  pot {self.pot}"
            case dev.BoardDealt():
                name = deal.game.streets[self.street].name
                self.board += _known(e.cards)
                cards, board = format_cards(_known(e.cards)), format_cards(self.board)
                return f"── {name}: {cards}   board: {board}   pot {self.pot}"
            case dev.HoleDealt() if self.table.positions[e.position] == self.human:
                return f"you get {format_cards(_known(e.cards))}"
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
                name = _hand_name(deal.game, _known(e.cards), _known(deal.board))
                return f"{who} shows {format_cards(_known(e.cards))}" + (f": {name}" * bool(name))
            case dev.HandMucked():
                shown = any(
                    isinstance(x, dev.HandShown) and x.position == e.position for x in deal.events
                )
                return None if shown else f"{who} mucks"  # a shown loser is mucked by the dealer
            case dev.PotAwarded():
                several = len(deal.pots) > 1
                pot = f"side pot {e.pot}" if e.pot else "the main pot" if several else "the pot"
                pot = pot if e.share == "whole" else f"the {e.share} half of {pot}"
                hand = f" with {e.hand}" if e.hand else ""
                return "\n".join(
                    f"{self.who(p)} wins {n} from {pot}{hand}" for p, n in e.amounts if n
                )
            case dev.StubReshuffled():
                return "the stub runs short: the discards are shuffled into a new stub"
        return None

    # ------------------------------------------------------------ the person's turn

    def human_turn(self, deal: Deal, legal: Legal, ask: Ask) -> None:
        assert legal.position is not None
        if self.quitting:
            self.table.apply(_autopilot(legal, legal.position))
            return
        self.show_turn(deal, legal)
        while True:
            try:
                try:
                    line = ask("your move> ")
                except EOFError:
                    # The end of input in a hand is leaving: the hand is given up and
                    # the chips put in stay in the pot, as at 'quit'.
                    self.say("")
                    line = "quit"
                action = self.read_action(*_command(line), deal, legal)
                if action is not None:
                    self.table.apply(action)
                    return
            except (FloormanError, ValueError) as error:
                # The options were shown with the turn; Enter shows them again.
                self.say(f"  {self.spoken(error)}")

    def show_turn(self, deal: Deal, legal: Legal) -> None:
        assert legal.position is not None
        hole, board = _known(deal.hole(legal.position)), _known(deal.board)
        name = _hand_name(deal.game, hole, board)
        line = f"your cards: {format_cards(hole)}" + (f" ({name})" if name else "")
        up = [
            c
            for e in deal.events
            if isinstance(e, dev.HoleDealt) and e.position == legal.position
            for c, shown in zip(e.cards, e.up, strict=True)
            if shown and c is not None
        ]
        line += f", showing {format_cards(up)}" if up else ""
        line += f"   board: {format_cards(board)}" if board else ""
        line += f"   pot {deal.pot}   you have {deal.stacks[legal.position]} behind"
        self.say(line + (f", {legal.call} to call" if legal.call else ""))
        self.say(f"  you may: {self.options(deal, legal)}")

    def options(self, deal: Deal, legal: Legal) -> str:
        if legal.turn is Turn.DRAW:
            return "d and the cards to throw (e.g. 'd 7h 2c') · stand"
        if legal.turn is Turn.SHOW:
            return "show · muck" if legal.muck else "show"
        assert legal.position is not None
        bets, bring_in_only = _round_bets(deal)
        reach = bets.get(legal.position, 0) + deal.stacks[legal.position]
        found = [f"bring (bring it in for {legal.bring_in})"] if legal.bring_in else []
        found += ["x (check)"] if legal.check else []
        found += [f"c (call {legal.call})"] if legal.call else []
        if legal.can_wager:
            # A blind is a bet: the big blind's option is to raise it (RRP5 blinds.intro).
            raised = max(bets.values(), default=0) > 0 and not bring_in_only
            word = "r N (raise" if raised else "b N (bet"
            span = f"{legal.min_to}" + (f"-{legal.max_to}" if legal.max_to > legal.min_to else "")
            found.append(f"{word} to N in all, N {span})")
        if (legal.can_wager and legal.max_to == reach) or legal.call == deal.stacks[legal.position]:
            found.append(f"a (all in: {reach})")
        # Folding a hand that could check is allowed, not offered.
        fold = legal.fold and not legal.needless_fold
        return " · ".join(found + (["f (fold)"] if fold else []))

    def read_action(self, cmd: str, rest: list[str], deal: Deal, legal: Legal) -> Action | None:
        """The person's command as an action (None: nothing to apply)."""
        assert legal.position is not None
        p = legal.position
        if cmd in ("deal", "help", "table"):  # Enter, here, shows the turn again
            if cmd != "deal":
                self.say(_HELP) if cmd == "help" else self.show_table(self.started)
            self.show_turn(deal, legal)
            return None
        if cmd == "quit":
            self.quitting = True
            self.table.leave(Seat(HUMAN))
            self.say("  you leave when this deal ends; your hand is given up")
            return _autopilot(legal, p)
        if cmd == "out":
            self.table.sit_out(Seat(HUMAN))
            self.say("  you sit out from the next deal; play this one out")
            return None
        if cmd in ("back", "buy", "post", "wait"):
            raise IllegalAction(f"'{cmd}' waits until this deal ends")
        if legal.turn is Turn.DRAW and cmd in ("draw", "stand"):
            if cmd == "draw" and not rest:
                raise NotationError("name the cards to throw, e.g. 'd 7h 2c', or 'stand'")
            return Draw(position=p, discards=parse_cards(" ".join(rest)))
        if legal.turn is Turn.SHOW and cmd in ("show", "muck"):
            return Show(position=p) if cmd == "show" else Muck(position=p)
        if cmd not in _DEAL_WORDS:
            raise NotationError(f"unknown command {cmd!r}; type help", text=cmd)
        if legal.turn is not Turn.BET or cmd not in _BET_WORDS:
            raise IllegalAction(f"'{cmd}' is not for now")
        if cmd == "fold" and legal.needless_fold:
            self.say("  you could have checked; your hand is folded (a fold binds, RRP5 betting.9)")
        if cmd in _ACTIONS:
            return _ACTIONS[cmd](position=p)
        bets, bring_in_only = _round_bets(deal)
        if cmd == "allin":
            reach = bets.get(p, 0) + deal.stacks[p]
            if legal.can_wager and legal.max_to == reach:
                return Wager(position=p, to=reach)
            if legal.call and legal.call == deal.stacks[p]:
                return Call(position=p)
            most = f"; the most you may bet to is {legal.max_to}" if legal.can_wager else ""
            raise IllegalAction(f"you cannot go all in now{most}")
        if len(rest) != 1:
            raise NotationError(f"'{cmd}' takes your total for the round, e.g. '{cmd} 10'")
        if cmd == "raise" and not max(bets.values(), default=0):
            raise IllegalAction("nobody has bet this round, so there is nothing to raise: 'b N'")
        if cmd == "bet" and legal.call and not bring_in_only:
            raise IllegalAction(
                f"you face a bet ({legal.call} to call): 'r N' raises to N in all, 'c' calls"
            )
        return Wager(position=p, to=_chips(rest[0]))


def _command(line: str) -> tuple[str, list[str]]:
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


def _autopilot(legal: Legal, position: int) -> Action:
    """Give up the hand as cheaply as the rules allow (a player on the way out)."""
    if legal.turn is Turn.DRAW:
        return Draw(position=Position(position))
    if legal.turn is Turn.SHOW:
        return (
            Muck(position=Position(position)) if legal.muck else Show(position=Position(position))
        )
    if legal.check:
        return Check(position=Position(position))
    if legal.fold:
        return Fold(position=Position(position))
    return (
        BringIn(position=Position(position))
        if legal.bring_in
        else Call(position=Position(position))
    )
