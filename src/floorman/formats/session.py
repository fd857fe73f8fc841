"""The table session log: one table's game and everything that happened at it.

A session is plain text, one event a line; ``#`` starts a comment and blank
lines are skipped. It is played as commands to a
:class:`~floorman.service.Cardroom` whose one live table is the session's,
opened from its setup (:class:`~floorman.service.commands.OpenTable`): players
sit at it by seat, bringing their chips from the cage. The first line sets up
the table::

    table GAME STRUCTURE [key=value ...]

``GAME`` is a floorman game name (``holdem``, ``omaha``, ``stud``, ``lowball``,
...), ``STRUCTURE`` is ``fixed-limit``, ``pot-limit`` or ``no-limit``. Keys:
``blinds=1/2`` (or one big blind), ``ante=N``, ``bring-in=N``, ``bets=2/4``
(limit bet sizes), ``seats=N`` (2-10, default 9), ``button=dead|moving``
(RRP5 blinds.2; dead by default), ``buy-in=N`` and ``max-buy-in=N``,
``straddles=yes|no``, ``time=AMOUNT/MINUTES`` (seat rental, RRP5 policies.2),
``chip=N``, ``rules=roberts|wsop``, ``seed=N`` (the shuffles; default 0),
``start=SEAT`` (the button's seat, instead of drawing for it, RRP5 seating.6),
``name=TEXT`` (the table's name) and ``date=YYYY-MM-DD`` (when the session's clock
starts, for hand histories).

Then events, in order (seats are the table's chairs, from 1)::

    sit SEAT NAME CHIPS [post|wait] [transfer]   a player sits down (new players wait by default)
    buy SEAT CHIPS [on-the-way] [unannounced]     chips added between deals
    arrive SEAT                                   chips on the way reach the player
    out SEAT [MINUTES]                            sits out (an absence the floor extends)
    back SEAT [post|wait]                         comes back, posting owed blinds or waiting
    post SEAT / wait SEAT                         a new, owing or moved player's choice
    leave SEAT                                    gets up with the chips
    move SEAT TO                                  changes seats
    over SEAT NAME CHIPS [post|wait]              plays over an absent player (RRP5 blinds.7)
    straddle SEAT                                 a live straddle, next deal only (RRP5 blinds.15, .16)
    waiting N                                     names on the waiting list
    courtesy SEAT                                 declines the time: plays to the blind (RRP5 policies.2)
    clock MINUTES                                 time passes
    pickup SEAT                                   the floor picks up an absent player's chips
    misplaced SEAT                                the last button should have been on SEAT (RRP5 irregularities.1)
    ask ASKER SHOWN [deal=D]                      ASKER asks to see SHOWN's called hand (RRP5 showdown.5)
    transfer FROM TO N [deal=D]                   N of the last pot moves by the record (RRP5 decisions.6)
    impound SEAT N [deal=D] / release SEAT [N] [deal=D]   chips held while a decision waits (RRP5 decisions.7)
    deal [runs=N]                                 the next deal; its actions follow (N: times
                                                  the board is run when all are all in)

A deal's actions use the PHH notation with seats for players: ``s3 f``,
``s3 cc`` (check or call), ``s3 cbr 20`` (bet, raise or complete to 20),
``s3 pb`` (bring-in), ``s3 sd AhKd`` (discard; ``s3 sd`` stands pat),
``s3 sm`` / ``s3 sm -`` / ``s3 sm AhKd`` (muck, show, show these), and
``chop`` when the blinds take theirs back (RRP5 policies.15). Rulings on a
deal's pot (``ask``, ``transfer``, ``impound``, ``release``) come after it and
before the next ``deal``, and are recorded with it; so a deal is reported once
the next one starts, or the session ends. ``deal=D`` names the deal a ruling is
about (deals count from 1, misdeals included; without it, the last): a ruling
on a deal's pot once the next deal has started is refused, the deal's result
standing (RRP5 decisions.5). A ``release`` may come deals later, the decision
having been asked for in time; with ``deal=D`` it gives back chips impounded
from that deal (RRP5 decisions.7). The dealer's
reports go between them: ``report RULE [sN] [cards=N] [knew=sN] [stub]``
names what happened by the rule that covers it (``report misdeals.1.1``,
``report dead-hands.1.2 s4``, ``report irregularities.3``); cards are named
where a ruling acts on them (``report irregularities.7 s2 card=Ah``,
``report irregularities.15 cards=9c8d2h``, ``report irregularities.13 s4
card=Kc``), and ``report showdown.6 s1 to=s3|out [after] [part]`` says who was
shown a hand. The floorperson
rules on it at once; ``decide OPTION`` gives management's choice when the
ruling leaves one (``decide dead``, ``decide retrieve``). A misdeal ends the
deal; the next ``deal`` deals it again with the same button. Cards are
optional: without ``d dh SEAT CARDS`` and ``d db CARDS`` lines the deck is
shuffled from the seed; with them, the log deals every card. A deal must end
within its lines.

>>> text = '''
... table holdem no-limit blinds=1/2 seats=6 start=1
... sit 1 ann 100
... sit 3 bob 100
... sit 5 cy 100
... deal
... s1 f
... s3 f
... '''
>>> session = play_session(text)
>>> [(d.number, d.button, d.dealt_in, d.stacks) for d in session.deals]
[(1, 1, (3, 5, 1), ((1, 100), (3, 99), (5, 101)))]
"""

from __future__ import annotations

import dataclasses
import datetime
import functools
import re
import typing
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from floorman.cards import Card, parse_cards
from floorman.clock import ManualClock
from floorman.deal import Action, Call, Check, Deal, Fold, Turn, Wager
from floorman.errors import ConfigError, FloorError, FloormanError, IllegalAction, NotationError
from floorman.floor import (
    ActionDeclared,
    BlindNotPosted,
    BoxedCard,
    CardsDropped,
    CardsShown,
    DeadHandCause,
    DealingError,
    DuplicateCard,
    ExposedCard,
    ExtraCard,
    ForeignCard,
    HandFouled,
    HandInQuestion,
    JokerFound,
    MisdealCause,
    MissingCards,
    MuckedHand,
    PrematureCards,
    Report,
    Ruling,
)
from floorman.formats import phh
from floorman.formats.pokerstars import StarsHeader, write_pokerstars
from floorman.formats.replay import _revealed
from floorman.games import GAMES, RuleSet, Structure
from floorman.ids import PlayerId, Position, Seat
from floorman.rulebook import Citation, cite
from floorman.service import Cardroom, Entry
from floorman.service import commands as cmd
from floorman.shuffle import SeededShuffler
from floorman.table import ButtonMethod, Table, TableSetup
from floorman.table import events as tev

__all__ = ["DealRecord", "Session", "parse_table_line", "play_session"]

_SEAT_WORD = re.compile(r"\bs([1-9][0-9]?)\b")


@dataclass(frozen=True, slots=True, kw_only=True)
class DealRecord:
    """What one deal of a session came to.

    ``posts``: each post with the rule that required it; ``missed``: the
    blinds that passed a player not dealt in (seat, "small" or "big");
    ``stacks``: every seated player's chips after the deal, by seat.
    """

    number: int
    line: int
    button: int | None
    small_blind: int | None
    big_blind: int | None
    posts: tuple[tev.Post, ...]
    dealt_in: tuple[int, ...]
    missed: tuple[tuple[int, str], ...]
    stacks: tuple[tuple[int, int], ...]
    names: tuple[str, ...] = ()
    started: float = 0.0
    rulings: tuple[tuple[str, Ruling], ...] = ()
    voided: bool = False

    def to_json(self) -> dict[str, object]:
        """The record as the ``floorman session --json`` line prints it."""

        def cited(citations: tuple[Citation, ...]) -> list[str]:
            return [str(c) for c in citations]

        return {
            "deal": self.number,
            "button": self.button,
            "small_blind": self.small_blind,
            "big_blind": self.big_blind,
            "posts": [
                {
                    "seat": p.seat,
                    "amount": p.amount,
                    "live": not p.dead,
                    "blind": p.blind,
                    "citations": cited(p.citations),
                }
                for p in self.posts
            ],
            "dealt_in": list(self.dealt_in),
            "missed": [{"seat": s, "blind": b} for s, b in self.missed],
            "rulings": [
                {
                    "report": report,
                    "decision": ruling.decision,
                    "citations": cited(ruling.citations),
                    "options": list(ruling.options),
                }
                for report, ruling in self.rulings
            ],
            "voided": self.voided,
            "stacks": {str(s): c for s, c in self.stacks},
        }


@dataclass(slots=True)
class Session:
    """A session played: the table as it ended, each deal's record and its deal;
    ``name`` and ``date`` from the table line, for hand histories; the cardroom
    that played it, the table its one live table."""

    table: Table
    deals: list[DealRecord]
    played: list[Deal]
    name: str = "floorman"
    date: datetime.date = datetime.date(2026, 1, 1)
    cardroom: Cardroom | None = None

    def pokerstars(self, index: int) -> str:
        """Deal ``index`` (from 0) as a PokerStars hand history, in play chips."""
        record, deal = self.deals[index], self.played[index]
        setup = self.table.setup
        start = datetime.datetime.combine(self.date, datetime.time())
        header = StarsHeader(
            hand_id=record.number,
            table=self.name,
            max_seats=setup.seats,
            seats=record.dealt_in,
            names=record.names,
            started=start + datetime.timedelta(seconds=record.started),
            button_seat=record.button,
            currency="",
            stakes=(setup.small_blind, setup.big_blind) if setup.blinds else None,
        )
        return write_pokerstars(deal, header)


#: The most digits a number in a log may have: chips beyond a million billion
#: are no table's, and a longer number is a typing slip (or a file's garbage).
_MOST_DIGITS = 15
_NUMBER = re.compile(rf"[0-9]{{1,{_MOST_DIGITS}}}")


def _words(key: str, value: str, count: int) -> tuple[int, ...]:
    parts = value.split("/")
    if len(parts) > count or not all(_NUMBER.fullmatch(p) for p in parts):
        raise NotationError(
            f"{key}={value!r} is not {'/'.join(['N'] * count)}, each N a whole number of"
            f" at most {_MOST_DIGITS} digits",
            text=value,
        )
    return tuple(int(p) for p in parts)


def parse_table_line(text: str) -> tuple[TableSetup, int, Seat | None]:
    """The table's setup, the shuffle seed and the starting button from a ``table`` line.

    >>> setup, seed, start = parse_table_line("table stud fixed-limit ante=1 bring-in=2 bets=5/10 seed=3")
    >>> setup.game.name, setup.bring_in, setup.big_bet, seed, start
    ('stud', 2, 10, 3, None)
    """
    words = text.split()
    if len(words) < 3 or words[0] != "table":
        raise NotationError(
            f"a session starts with 'table GAME STRUCTURE [key=value ...]', not {text!r}",
            text=text,
        )
    game = GAMES.get(words[1])
    if game is None:
        raise NotationError(
            f"{words[1]!r} is not a game; games are: {', '.join(GAMES)}", text=words[1]
        )
    try:
        structure = Structure(words[2])
    except ValueError:
        names = ", ".join(s.value for s in Structure)
        raise NotationError(f"{words[2]!r} is not a structure: {names}", text=words[2]) from None
    options: dict[str, object] = {}
    seed, start = 0, None
    for word in words[3:]:
        key, eq, value = word.partition("=")
        if not eq:
            raise NotationError(f"{word!r} is not key=value", text=word)
        if key == "blinds":
            options["blinds"] = _words(key, value, 2)
        elif key == "bets":
            small, *big = _words(key, value, 2)
            options["small_bet"], options["big_bet"] = small, big[0] if big else 2 * small
        elif key == "time":
            amount, *minutes = _words(key, value, 2)
            if minutes == [0]:
                raise NotationError(f"time={value}: the time is collected every 1 minute or more")
            options["time_charge"] = amount
            options["time_every"] = 60.0 * (minutes[0] if minutes else 30)
        elif key in ("ante", "bring-in", "seats", "buy-in", "max-buy-in", "chip"):
            (options[key.replace("-", "_")],) = _words(key, value, 1)
        elif key == "button":
            try:
                options["button"] = ButtonMethod(value)
            except ValueError:
                raise NotationError(f"button={value!r}: dead or moving", text=value) from None
        elif key == "straddles":
            if value not in ("yes", "no"):
                raise NotationError(f"straddles={value!r}: yes or no", text=value)
            options["straddles"] = value == "yes"
        elif key == "rules":
            if value not in ("roberts", "wsop"):
                raise NotationError(f"rules={value!r}: roberts or wsop", text=value)
            options["rules"] = RuleSet.WSOP if value == "wsop" else RuleSet.ROBERTS
        elif key == "seed":
            (seed,) = _words(key, value, 1)
        elif key == "start":
            (start,) = _words(key, value, 1)
        elif key in ("name", "date"):
            continue  # the session's, not the table's: see Session
        else:
            raise NotationError(f"unknown table setting {key!r}", text=key)
    setup = TableSetup(game=game, structure=structure, **options)  # type: ignore[arg-type]
    return setup, seed, None if start is None else Seat(start)


def _naming(line: str) -> dict[str, Any]:
    """The table line's name and date, for hand histories."""
    out: dict[str, Any] = {}
    for word in line.split()[3:]:
        key, _, value = word.partition("=")
        if key == "name":
            out["name"] = value.replace("_", " ")
        elif key == "date":
            try:
                out["date"] = datetime.date.fromisoformat(value)
            except ValueError:
                raise NotationError(f"date={value!r} is not YYYY-MM-DD", text=value) from None
    return out


def _lines(text: str) -> Iterator[tuple[int, str]]:
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.partition("#")[0].strip()
        if line:
            yield number, line


def _is_action(line: str) -> bool:
    if line.startswith(("d ", "report ", "decide ")) or line == "chop":
        return True
    return bool(re.match(r"s[1-9][0-9]?\s", line))


def _located(
    error: FloormanError, number: int, line: str, table: Table | None = None
) -> FloormanError:
    """The same error, naming the session line that caused it, and speaking of
    the seats of the ``table``'s deal rather than its positions."""
    if getattr(error, "session_line", None) is not None:
        return error
    if table is not None and error.seats is None:
        error.at_seats(table.positions)
    error.locate(f"line {number} {line!r}")
    error.session_line = number  # type: ignore[attr-defined]
    return error


def play_session(text: str, *, on_deal: Callable[[DealRecord], None] | None = None) -> Session:
    """Play a session log; raises the first refused event's error, naming its line.

    ``on_deal`` hears of each deal as it ends, so that a caller can report the
    deals played before an error.
    """
    lines = list(_lines(text))
    if not lines:
        raise NotationError("an empty session: it needs a 'table' line", text="")
    number, first = lines[0]
    clock = ManualClock()
    try:
        setup, seed, start = parse_table_line(first)
        player = _Player(Cardroom(clock=clock, shuffler=SeededShuffler(seed)))
        player.do(cmd.OpenTable(table=_TABLE, setup=setup, button=start))
        session = Session(
            table=player.table, deals=[], played=[], **_naming(first), cardroom=player.cardroom
        )
    except (FloormanError, TypeError) as error:
        if isinstance(error, TypeError):
            error = ConfigError(str(error))
        raise _located(error, number, first) from None
    told = 0  # deals reported to on_deal: each once its ruling window has closed

    def tell() -> None:
        nonlocal told
        if on_deal is not None:
            for record in session.deals[told:]:
                on_deal(record)
        told = len(session.deals)

    i = 1
    while i < len(lines):
        number, line = lines[i]
        i += 1
        try:
            verb = line.split()[0]
            if verb == "deal":
                tell()
                block = []
                while i < len(lines) and _is_action(lines[i][1]):
                    block.append(lines[i])
                    i += 1
                player.play_deal(session, number, line, block)
            elif verb in _POT_RULINGS:
                player.pot_ruling(session, line)
            elif verb == "clock":
                _table_event_words(line)
                clock.advance(minutes=_int(line.split()[1], "minutes"))
            else:
                player.table_event(line)
        except FloormanError as error:
            tell()
            raise _located(error, number, line) from None
    tell()
    session.table = player.table
    return session


#: Rulings on the last deal's pot, asked for before the next deal (RRP5 decisions.5).
_POT_RULINGS = frozenset(("ask", "transfer", "impound", "release"))

#: The session's table, the one live table of a cardroom of its own.
_TABLE = 1


def _choice(words: list[str], default: bool) -> bool:
    if "post" in words:
        return True
    if "wait" in words:
        return False
    return default


def _int(word: str, what: str) -> int:
    if not _NUMBER.fullmatch(word):
        too_long = f" of at most {_MOST_DIGITS} digits" if word.isdecimal() else ""
        raise NotationError(f"{what} {word[:40]!r} is not a whole number{too_long}", text=word)
    return int(word)


#: The values each table event needs.
_NEED = {
    "sit": 3,
    "buy": 2,
    "arrive": 1,
    "out": 1,
    "back": 1,
    "post": 1,
    "wait": 1,
    "leave": 1,
    "move": 2,
    "over": 3,
    "straddle": 1,
    "waiting": 1,
    "clock": 1,
    "pickup": 1,
    "courtesy": 1,
    "misplaced": 1,
}


def _table_event_words(line: str) -> tuple[str, list[str]]:
    verb, *args = line.split()
    if verb not in _NEED:
        known = ", ".join(["deal", *_NEED, *sorted(_POT_RULINGS)])
        raise NotationError(
            f"{verb!r} is not a session event here; events are: {known}; a deal's actions"
            " (sN ..., d ..., chop), reports and decisions (report, decide) follow its 'deal'"
            " line; ask, transfer, impound and release follow the deal they rule on",
            text=verb,
        )
    if len(args) < _NEED[verb]:
        raise NotationError(f"{verb!r} needs {_NEED[verb]} values, got {len(args)}", text=line)
    return verb, args


def _table_event(table: Table, clock: ManualClock, line: str) -> None:
    """A session's table line carried out on a bare :class:`~floorman.table.Table`
    rather than through a cardroom: what a generator of session logs uses to
    keep only the lines a table takes. :func:`play_session` plays them as commands."""
    verb, args = _table_event_words(line)
    if verb == "waiting":
        table.waiting = _int(args[0], "the list")
        return
    if verb == "clock":
        clock.advance(minutes=_int(args[0], "minutes"))
        return
    seat = _int(args[0], "seat")
    rest = args[1:]
    match verb:
        case "sit":
            table.sit(
                Seat(seat),
                PlayerId(rest[0]),
                _int(rest[1], "chips"),
                post=_choice(rest, False),
                transfer="transfer" in rest,
            )
        case "over":
            table.play_over(
                Seat(seat), PlayerId(rest[0]), _int(rest[1], "chips"), post=_choice(rest, False)
            )
        case "buy":
            table.buy(
                Seat(seat),
                _int(rest[0], "chips"),
                arrived="on-the-way" not in rest,
                announced="unannounced" not in rest,
            )
        case "arrive":
            table.arrive(Seat(seat))
        case "out":
            table.sit_out(Seat(seat), minutes=_int(rest[0], "minutes") if rest else None)
        case "back":
            table.come_back(Seat(seat), post=_choice(rest, True))
        case "post" | "wait":
            table.choose(Seat(seat), post=verb == "post")
        case "leave":
            table.leave(Seat(seat))
        case "move":
            table.change_seat(Seat(seat), Seat(_int(rest[0], "seat")))
        case "straddle":
            table.straddle(Seat(seat))
        case "pickup":
            table.pick_up(Seat(seat))
        case "courtesy":
            table.decline_time(Seat(seat))
        case "misplaced":
            table.correct_button(Seat(seat))


def _under_way(table: Table) -> None:
    """A deal's line acts on its deal: refused once the deal has ended (a
    misdeal ends it), its result standing (RRP5 decisions.5)."""
    if not table.in_deal:
        raise IllegalAction("no deal is under way", citations=cite("decisions.5"))


def _ruling(entries: list[Entry]) -> Ruling:
    """The floorperson's ruling among a command's entries."""
    return next(e.event for e in reversed(entries) if isinstance(e.event, Ruling))


def _seat_word(table: Table, word: str) -> Position:
    found = _SEAT_WORD.fullmatch(word)
    if found is None:
        raise NotationError(f"{word!r} is not a seat such as s3", text=word)
    return table.position_of(Seat(int(found.group(1))))


def _report(table: Table, deal: Deal, words: list[str]) -> Report:
    """A dealer's report: ``report RULE [sN] [cards=N|CARDS] [card=CARD]
    [knew=sN] [to=sN|out] [stub] [acted] ...``."""
    if not words:
        raise NotationError("a report names the rule, e.g. 'report misdeals.1.1'", text="report")
    rule_id, args = words[0], words[1:]
    seats = [_seat_word(table, w) for w in args if _SEAT_WORD.fullmatch(w)]
    options = dict(w.split("=", 1) for w in args if "=" in w)
    for cause in MisdealCause:
        if cause.rule == rule_id:
            return DealingError(cause=cause, entitled="away" not in args)
    for dead in DeadHandCause:
        if dead.rule == rule_id:
            if not seats:
                raise NotationError(f"{rule_id} needs the seat whose hand it is", text=rule_id)
            cards = options.get("cards")
            held = _int(cards, "cards=") if cards is not None else None
            return HandInQuestion(position=Position(seats[0]), cause=dead, cards=held)
    if rule_id == "dead-hands.2" and seats:
        return MuckedHand(position=Position(seats[0]))
    if rule_id == "irregularities.3":
        return ForeignCard(in_stub="stub" in args)
    if rule_id == "irregularities.4":
        knew = options.get("knew")
        return DuplicateCard(knew=_seat_word(table, knew) if knew else None)
    if rule_id == "irregularities.10":
        return MissingCards()
    if rule_id == "irregularities.14" and seats:
        return CardsDropped(position=Position(seats[0]))
    if rule_id == "irregularities.2" and seats:
        return HandFouled(position=Position(seats[0]), protected="protected" in args)
    if rule_id == "irregularities.7":
        card = parse_cards(options["card"]) if "card" in options else ()
        return BoxedCard(
            card=card[0] if len(card) == 1 else None,
            position=seats[0] if seats else None,
            next_dealt="next-dealt" in args,
        )
    if rule_id == "irregularities.8" and seats:
        return JokerFound(position=Position(seats[0]), acted="acted" in args)
    if rule_id == "irregularities.11":
        return ExtraCard()
    if rule_id in ("irregularities.12", "irregularities.13") and seats:
        card = parse_cards(options["card"]) if "card" in options else ()
        return ExposedCard(
            position=Position(seats[0]),
            by_player="by-player" in args,
            card=card[0] if len(card) == 1 else None,
        )
    if rule_id == "irregularities.15":
        return PrematureCards(cards=parse_cards(options.get("cards", "")))
    if rule_id == "showdown.6" and seats and "to" in options:
        to = None if options["to"] == "out" else _seat_word(table, options["to"])
        return CardsShown(
            position=Position(seats[0]), to=to, after_deal="after" in args, part="part" in args
        )
    if rule_id == "blinds.10" and seats:
        return BlindNotPosted(position=Position(seats[0]), acted="acted" in args)
    if rule_id == "betting.9" and seats and len(args) >= 2:
        return ActionDeclared(
            position=Position(seats[0]), action=_declared(deal, seats[0], args[1:])
        )
    raise NotationError(
        f"no report for {rule_id!r}: reports name misdeals.1.1-1.10, dead-hands.1.1-1.6,"
        " dead-hands.2, dead-hands.3, irregularities.2-.4, .7, .8, .10-.15, showdown.6,"
        " blinds.10 SEAT [acted] or betting.9 SEAT ACTION",
        text=rule_id,
    )


def _declared(deal: Deal, player: int, words: list[str]) -> Action:
    """A declared action in the log's notation (``f``, ``cc``, ``cbr N``)."""
    match words:
        case ["f"]:
            return Fold(position=Position(player))
        case ["cc"]:
            legal = deal.legal()
            return (
                Call(position=Position(player))
                if legal.call and legal.position == player
                else Check(position=Position(player))
            )
        case ["cbr", amount] if _NUMBER.fullmatch(amount):
            return Wager(position=Position(player), to=int(amount))
    raise NotationError(
        f"{' '.join(words)!r} is not a declared action (f, cc, cbr N)", text=" ".join(words)
    )


class _Player:
    """Plays a session's lines as commands to a cardroom holding its one table."""

    def __init__(self, cardroom: Cardroom) -> None:
        self.cardroom = cardroom

    @property
    def table(self) -> Table:
        return self.cardroom.table(_TABLE)

    def do(self, command: cmd.Command) -> list[Entry]:
        return self.cardroom.handle(command)

    def name_at(self, seat: int) -> PlayerId:
        """The player in ``seat``, as the table names him."""
        player = self.table.players.get(Seat(seat))
        if player is None:
            raise FloorError(f"nobody sits in seat {seat}")
        return player

    def table_event(self, line: str) -> None:
        verb, args = _table_event_words(line)
        if verb == "waiting":
            self.do(cmd.CountWaiting(table=_TABLE, names=_int(args[0], "the list")))
            return
        seat = _int(args[0], "seat")
        rest = args[1:]
        if verb == "sit":
            self.do(
                cmd.SitDown(
                    table=_TABLE,
                    seat=Seat(seat),
                    player=PlayerId(rest[0]),
                    chips=_int(rest[1], "chips"),
                    post=_choice(rest, False),
                    transfer="transfer" in rest,
                )
            )
        elif verb == "over":
            self.do(
                cmd.PlayOver(
                    player=PlayerId(rest[0]),
                    table=_TABLE,
                    seat=Seat(seat),
                    chips=_int(rest[1], "chips"),
                    post=_choice(rest, False),
                )
            )
        elif verb == "misplaced":
            self.do(cmd.CorrectButton(table=_TABLE, seat=Seat(seat)))
        else:
            self.do(self._seat_command(verb, self.name_at(seat), rest))

    def _seat_command(self, verb: str, name: str, rest: list[str]) -> cmd.Command:
        if verb == "buy":
            return cmd.Buy(
                player=PlayerId(name),
                chips=_int(rest[0], "chips"),
                arrived="on-the-way" not in rest,
                announced="unannounced" not in rest,
            )
        if verb == "out":
            return cmd.SitOut(
                player=PlayerId(name), minutes=_int(rest[0], "minutes") if rest else None
            )
        if verb == "back":
            return cmd.ComeBack(player=PlayerId(name), post=_choice(rest, True))
        if verb in ("post", "wait"):
            return cmd.Choose(player=PlayerId(name), post=verb == "post")
        if verb == "move":
            return cmd.ChangeSeat(player=PlayerId(name), seat=Seat(_int(rest[0], "seat")))
        commands: dict[str, Callable[[str], cmd.Command]] = {
            "arrive": lambda p: cmd.ChipsArrive(player=PlayerId(p)),
            "leave": lambda p: cmd.Leave(player=PlayerId(p)),
            "straddle": lambda p: cmd.Straddle(player=PlayerId(p)),
            "pickup": lambda p: cmd.PickUp(player=PlayerId(p)),
            "courtesy": lambda p: cmd.DeclineTime(player=PlayerId(p)),
        }
        return commands[verb](name)

    def pot_ruling(self, session: Session, line: str) -> None:
        """``ask ASKER SHOWN``, ``transfer FROM TO N``, ``impound SEAT N``, ``release SEAT [N]``,
        each with ``deal=D`` if it names its deal: a ruling on the last deal, recorded with it."""
        verb, *words = line.split()
        if not session.deals:
            raise FloorError("no deal has ended to rule on", citations=cite("decisions.5"))
        named = [w.removeprefix("deal=") for w in words if w.startswith("deal=")]
        if len(named) > 1:
            raise NotationError(f"{verb!r} names one deal, not {len(named)}", text=line)
        deal = _int(named[0], "deal") if named else None
        args = [w for w in words if not w.startswith("deal=")]
        numbers = [_int(a, "value") for a in args]
        need = {"ask": 2, "transfer": 3, "impound": 2, "release": 1}[verb]
        if len(numbers) < need:
            raise NotationError(f"{verb!r} needs {need} values, got {len(numbers)}", text=line)
        if verb == "ask":
            entries = self.do(
                cmd.AskToSee(table=_TABLE, asker=numbers[0], shown=numbers[1], deal=deal)
            )
            ruling = _ruling(entries)
        else:
            if verb == "transfer":
                command: cmd.Command = cmd.Transfer(
                    table=_TABLE,
                    player=PlayerId(self.name_at(numbers[0])),
                    to=self.name_at(numbers[1]),
                    amount=numbers[2],
                    deal=deal,
                )
                what = f"{numbers[2]} moves from seat {numbers[0]} to seat {numbers[1]}"
            elif verb == "impound":
                command = cmd.Impound(
                    table=_TABLE,
                    player=PlayerId(self.name_at(numbers[0])),
                    amount=numbers[1],
                    deal=deal,
                )
                what = f"{numbers[1]} of seat {numbers[0]}'s chips impounded pending a decision"
            else:
                amount = numbers[1] if len(numbers) > 1 else None
                command = cmd.Release(
                    table=_TABLE, to=self.name_at(numbers[0]), amount=amount, deal=deal
                )
                what = f"the impounded chips go to seat {numbers[0]}"
            entries = self.do(command)
            event = next(e.event for e in entries if e.table == _TABLE)
            ruling = Ruling(said=what, citations=getattr(event, "citations", ()))
        last = session.deals[-1]
        moved = dict(last.stacks)
        for seat, stack in self.table.stacks.items():
            if seat in moved:
                moved[seat] = stack
        session.deals[-1] = dataclasses.replace(
            last,
            rulings=(*last.rulings, (line, ruling)),
            stacks=tuple(sorted(moved.items())),
        )

    def play_deal(
        self, session: Session, number: int, line: str, block: list[tuple[int, str]]
    ) -> None:
        dealt = any(text.startswith("d ") for _, text in block)
        shows_given = any(" sm" in text for _, text in block)
        mark = len(self.table.events)
        runs = 1
        for word in line.split()[1:]:
            key, _, value = word.partition("=")
            if key != "runs" or not _NUMBER.fullmatch(value):
                raise NotationError(f"{word[:40]!r}: a deal line takes only runs=N", text=word)
            runs = int(value)
        self.do(
            cmd.StartDeal(
                table=_TABLE, runs=runs, shuffled=not dealt, auto_showdown=not shows_given
            )
        )
        table = self.table
        deal = table.deal
        assert deal is not None
        names = tuple(table.players[s] for s in table.positions)
        when = table.clock.now()
        shows: dict[int, phh.ShowOrMuck] = {}
        rulings: list[tuple[str, Ruling]] = []
        pending = False
        for index, (at, text) in enumerate(block):
            try:
                if text == "chop":
                    self._chop(table, deal)
                    continue
                if text.startswith("report "):
                    report = _report(table, deal, text.split()[1:])
                    ruling = _ruling(self.do(cmd.Report(table=_TABLE, report=report)))
                    pending = ruling.needs_decision
                    rulings.append((text, ruling))
                    continue
                if text.startswith("decide "):
                    if not pending:
                        raise NotationError("no ruling waits for a decision", text=text)
                    choice = text.split(maxsplit=1)[1]  # decide() reads a start of an option
                    rulings.append(
                        (text, _ruling(self.do(cmd.Decide(table=_TABLE, choice=choice))))
                    )
                    pending = False
                    continue
                action = phh.parse_action(text, index=index, letter="s", where="")
                self._apply(table, deal, action, shows)
                if table.in_deal:
                    self._settle(table, deal, shows, final=False)
                if deal.is_over and index + 1 < len(block):
                    raise NotationError(
                        "the deal is over; this action has nothing to act on",
                        text=block[index + 1][1],
                    )
            except FloormanError as error:
                raise _located(error, at, text, table) from None
        if table.in_deal:
            self._settle(table, deal, shows, final=True)
        if not deal.is_over:
            legal = deal.legal()
            raise NotationError(
                f"the deal started on line {number} did not end: {{allowed}};"
                " a deal's actions follow its line, up to its end",
                code="deal_not_ended",
                text=line,
                allowed=legal,
            ).at_seats(table.positions)
        assert not table.in_deal  # the deal's result is back at the table
        started = next(e for e in table.events[mark:] if isinstance(e, tev.DealStarted))
        missed = tuple(
            (e.seat, e.blind) for e in table.events[mark:] if isinstance(e, tev.BlindMissed)
        )
        session.deals.append(
            DealRecord(
                number=started.number,
                line=number,
                button=started.button,
                small_blind=started.small_blind,
                big_blind=started.big_blind,
                posts=started.posts,
                dealt_in=started.dealt_in,
                missed=missed,
                stacks=tuple(sorted(table.stacks.items())),
                names=names,
                started=when,
                rulings=tuple(rulings),
                voided=deal.voided,
            )
        )
        session.played.append(deal)

    def _chop(self, table: Table, deal: Deal) -> None:
        """The blinds chop (RRP5 policies.15), the small blind being the one to act."""
        _under_way(table)
        position = deal.legal().position
        if position is None:
            raise IllegalAction("no player is to act: the blinds chop as the deal begins")
        self.do(cmd.Act(player=table.players[table.positions[position]], move=cmd.Move.CHOP))

    def _apply(
        self, table: Table, deal: Deal, action: phh.Action, shows: dict[int, phh.ShowOrMuck]
    ) -> None:
        """One of the log's deal lines, as the command it is; shows and mucks wait
        in ``shows`` (by position) until the showdown asks for them."""
        _under_way(table)
        if isinstance(action, phh.DealBoard):
            self.do(cmd.DealCards(table=_TABLE, player=None, cards=action.cards))
            return
        if not isinstance(action, phh.PlayerAction):
            return  # nothing done
        # The log names seats; the deal knows its players by position.
        position = table.position_of(Seat(action.player))
        name = table.players[Seat(action.player)]
        act = functools.partial(cmd.Act, player=name)
        match action:
            case phh.DealHole(cards=cards):
                self.do(cmd.DealCards(table=_TABLE, player=name, cards=cards))
            case phh.ShowOrMuck():
                shows[position] = action
            case phh.Fold():
                self.do(act(move=cmd.Move.FOLD))
            case phh.CheckOrCall():
                legal = deal.legal()
                calls = legal.turn is Turn.BET and legal.position == position and legal.call
                self.do(act(move=cmd.Move.CALL if calls else cmd.Move.CHECK))
            case phh.CompleteBetOrRaiseTo(amount=amount):
                self.do(act(move=cmd.Move.WAGER, to=amount))
            case phh.PostBringIn():
                self.do(act(move=cmd.Move.BRING_IN))
            case phh.StandPatOrDiscard(cards=cards):
                # A card thrown that the log does not name is None, as the deal takes it.
                self.do(act(move=cmd.Move.DRAW, cards=typing.cast(tuple[Card, ...], cards)))
            case _:
                raise NotationError(f"cannot replay {action}", text=str(action))

    def _settle(
        self, table: Table, deal: Deal, shows: dict[int, phh.ShowOrMuck], *, final: bool
    ) -> None:
        """The shows and mucks collected, each as the showdown asks for it; at the
        end of the deal's lines a player with no recorded decision shows a hand
        whose cards are all known and mucks one that is not."""
        while not deal.is_over:
            legal = deal.legal()
            if legal.turn is not Turn.SHOW or legal.position is None:
                return
            position = legal.position
            name = table.players[table.positions[position]]
            decision = shows.pop(position, None)
            if decision is None:
                if not final:
                    return
                known = all(c is not None for c in deal.hole(position))
                move = cmd.Move.SHOW if known else cmd.Move.MUCK
                self.do(cmd.Act(player=name, move=move))
            elif decision.mucks:
                self.do(cmd.Act(player=name, move=cmd.Move.MUCK))
            else:
                shown = _revealed(deal.hole(position), decision.cards)
                self.do(cmd.Act(player=name, move=cmd.Move.SHOW, cards=shown))
