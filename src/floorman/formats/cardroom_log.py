"""The cardroom log: a whole night of a cardroom, the floor and its deals, one line a thing done.

A cardroom log is plain text played through one
:class:`~floorman.service.Cardroom`: each line is a command the cardroom
handles, so the floor's seating puts players at live tables with chips from the
cage, moves fall due from the tables' own deals, and every chip is on the
cage's books. ``#`` starts a comment and blank lines are skipped. Players are
named by one word, tables and seats by number. The first line may set up the
room::

    cardroom [seed=N] [lockup=N]         the seed of the shuffles and the draws (default
                                         0), and the least lock-up the house takes
                                         (RRP5 seating.2; default 20)

The floor's lines read as the room log's (:mod:`floorman.formats.room_log`),
with chips where a player brings them::

    game NAME GAME STRUCTURE STAKES      names a kind of game: game nl12 holdem no-limit 1/2
    open TABLE NAME [seats=N] [main=TABLE] [extra]
                                         opens a game of kind NAME (9 seats by default);
                                         main=: a must-move game feeding that table
                                         (RRP5 seating.10); extra: one seat over (RRP5 seating.9)
    start TABLE / close TABLE / break TABLE
                                         the game starts dealing (the players draw for
                                         the button, RRP5 seating.6) / closes empty /
                                         breaks, its players taking their chips to the
                                         seats the draw gives them (RRP5 seating.15, buy-in.3)
    list PLAYER NAME / unlist PLAYER NAME
                                         on or off the list for kind NAME (RRP5 seating.1)
    arrive PLAYER                        comes into the room
    out PLAYER [lockup=N]                leaves the playing area, telling the list-person,
                                         perhaps leaving N for a lock-up (RRP5 seating.2)
    take PLAYER TABLE [SEAT] [chips=N] [post]
                                         sits in the seat called to (or as chosen in a new
                                         game, RRP5 seating.7), bringing N chips: those held
                                         first, the rest bought at the cage (without
                                         chips=: all held, or a full buy-in, RRP5 buy-in.1);
                                         post: posts to be dealt in at once (RRP5 blinds.5)
    sit PLAYER TABLE SEAT [chips=N] [post]
                                         sits in an open seat nobody waits for (RRP5 policies.11)
    refuse PLAYER / noanswer PLAYER      turns the seat down / did not answer (RRP5 seating.2)
    leave PLAYER                         quits the game with the chips (dealt in: when the
                                         deal ends); the floor calls the next name
    change PLAYER [SEAT]                 asks for another seat in the game (RRP5 seating.13)
    transfer PLAYER TABLE                moves at once to a similar game (RRP5 seating.3)
    away PLAYER [took=N]                 steps away (dealt in: from the deal's end), taking N
                                         (RRP5 policies.4, policies.20)
    extend PLAYER MINUTES                a floorperson lets the absence run longer (RRP5 policies.20)
    back PLAYER [post|wait]              is back, posting what is owed (the default) or
                                         waiting for the big blind (RRP5 blinds.9)
    buy PLAYER CHIPS [on-the-way] [unannounced]
                                         buys chips at the cage for the stack (RRP5 buy-in.2,
                                         policies.6, policies.7)
    cashout PLAYER [CHIPS]               changes chips held off the tables back at the cage
    warn PLAYER RULE[,RULE...]           a warning for the conduct rules broken
    suspend PLAYER RULE[,RULE...] minutes=N
    bar PLAYER RULE[,RULE...] [minutes=N]
                                         a suspension, or a bar (for good without minutes):
                                         the player is unseated and his chips cashed out
    wait MINUTES                         time passes; the cardroom then acts on it
                                         (lock-ups and absences running out, RRP5
                                         policies.20, policies.21)

A table's lines start with its number and read as a session log's deal lines
(:mod:`floorman.formats.session`), seats for players::

    TABLE deal [runs=N]                  the dealer starts the next deal (N: times the
                                         board is run when all are all in, RRP5 policies.16)
    TABLE sN ACTION                      the player in seat N acts, in the PHH notation:
                                         f, cc (check or call), cbr N (bet, raise or
                                         complete to N), pb (bring-in), sd [CARDS] (discard
                                         these; none: stand pat), sm [-|CARDS] (muck; show
                                         the hand; show these)
    TABLE chop                           the blinds take theirs back (RRP5 policies.15)
    TABLE report RULE [sN] [...]         the dealer reports to the floorperson, who rules at
                                         once; the words are a session log's
    TABLE decide OPTION                  management's choice where the ruling leaves one
                                         (RRP5 decisions.1)
    TABLE post SEAT / TABLE wait SEAT    a new, owing or moved player's choice (RRP5 blinds.5)
    TABLE straddle SEAT                  a live straddle next deal (RRP5 blinds.15)
    TABLE transfer FROM TO N [deal=D]    N of the last pot moves by the record (RRP5 decisions.6)
    TABLE impound SEAT N [deal=D] / TABLE release SEAT [N] [deal=D]
                                         chips held while a decision waits (RRP5 decisions.7)

The tables shuffle from the seed: a cardroom log names no cards dealt. A deal
need not end within its lines: the floor's lines and other tables' deals may
come between its actions, as they do in a cardroom. Numbers are bounded as the
room log's are (tables 1 to 9,999, seats 1 to 10, chips 0 to 1,000,000,000).

Each line is one command to the cardroom, answered with the entries it added
to the cardroom's log (:class:`~floorman.service.log.Entry`); each becomes a
:class:`CardroomRecord` with the line that caused it. An unreadable line raises
:class:`~floorman.errors.NotationError`; a refused command raises its floorman
error, the message starting ``line N 'text': `` and the citations kept, and the
log stops there: a refused command changes nothing. The clock starts at 0 and
moves only on ``wait``.

>>> text = '''
... game nl12 holdem no-limit 1/2
... open 1 nl12 seats=6
... list ann nl12
... list bob nl12
... take ann 1 chips=100
... take bob 1 chips=100
... start 1
... 1 deal
... 1 s1 f          # ann, on the button, posts the small blind heads-up and folds
... '''
>>> night = play_cardroom(text)
>>> night.cardroom.table(1).stacks, night.cardroom.ledger.balance()
({1: 99, 2: 101}, 200)
>>> play_cardroom(text + "1 s1 f")
Traceback (most recent call last):
...
floorman.errors.IllegalAction: line 11 '1 s1 f': ann is not dealt in on a deal under way at table 1
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from floorman.clock import ManualClock
from floorman.errors import FloorError, FloormanError, NotationError
from floorman.formats import phh
from floorman.formats._cardroom_text import Narrator, where
from floorman.formats._floor_lines import (
    _CHIPS,
    _SEAT,
    _TABLES,
    FloorLines,
    _clock,
    _lines,
    _minutes,
    _opening,
    _split,
    _whole,
)
from floorman.formats.session import _report as _read_report
from floorman.ids import PlayerId, Seat
from floorman.room import GameKind
from floorman.service import Cardroom, Entry
from floorman.service import commands as cmd
from floorman.service.log import entry_to_json
from floorman.shuffle import SeededShuffler
from floorman.table import Table

__all__ = ["CardroomLog", "CardroomRecord", "play_cardroom"]

_TABLE_WORD = re.compile(r"[0-9]{1,15}")
_SEAT_WORD = re.compile(r"s([0-9]{1,15})")


@dataclass(frozen=True, slots=True)
class CardroomRecord:
    """One entry of the cardroom's log, with the log line (number and text) that
    caused it, and the entry in words."""

    line: int
    text: str
    entry: Entry
    said: str

    def to_json(self) -> dict[str, object]:
        """The entry as the cardroom's JSON lines write it (:func:`~floorman.service.dumps_entries`)."""
        return entry_to_json(self.entry)

    def describe(self) -> str:
        """The entry as ``floorman cardroom`` prints it: the time from the start
        (hours:minutes), where it happened (a table, the cage, the floor's own
        decision), what happened, and the rules behind it."""
        cited = ", ".join(c.id for c in getattr(self.entry.event, "citations", ()))
        rules = f" [RRP5 {cited}]" if cited else ""
        return f"{_clock(self.entry.at):>6}  {where(self.entry):<8}  {self.said}{rules}"


@dataclass(frozen=True, slots=True)
class CardroomLog:
    """A cardroom log played: the cardroom as it ended, every entry with its line,
    and the kinds of game the log named."""

    cardroom: Cardroom
    records: tuple[CardroomRecord, ...]
    kinds: Mapping[str, GameKind]

    @property
    def entries(self) -> tuple[Entry, ...]:
        """The cardroom's log, entry by entry."""
        return tuple(r.entry for r in self.records)


def _post(flags: set[str], default: bool) -> bool:
    if {"post", "wait"} <= flags:
        raise NotationError("a player posts or waits, not both", text="post wait")
    return True if "post" in flags else False if "wait" in flags else default


class _LogPlayer(FloorLines[Entry]):
    """Plays the lines of one cardroom log on a cardroom."""

    def __init__(self, seed: int, lockup: int) -> None:
        self.clock = ManualClock()
        self.cardroom = Cardroom(clock=self.clock, shuffler=SeededShuffler(seed), lockup=lockup)
        self.kinds: dict[str, GameKind] = {}

    def play(self, line: str) -> list[Entry]:
        first = line.split()[0]
        if _TABLE_WORD.fullmatch(first):
            return self._table_line(line)
        handler = getattr(self, "_" + first, None)
        if first not in _VERBS or handler is None:
            raise NotationError(
                f"{first!r} is not a cardroom log line; lines start with a table's number"
                f" or with: {', '.join(_VERBS)}",
                text=first,
            )
        result: list[Entry] = handler(line)
        return result

    def do(self, command: cmd.Command) -> list[Entry]:
        return self.cardroom.handle(command)

    # ----- management -------------------------------------------------------

    # ----- players ----------------------------------------------------------

    def _take(self, line: str) -> list[Entry]:
        (player, table, *seat), options, flags = _split(
            line, need=2, most=3, keys=("chips",), flags=("post",)
        )
        return self.do(
            cmd.TakeSeat(
                player=PlayerId(player),
                table=_whole(table, "table", _TABLES),
                seat=Seat(_whole(seat[0], "seat", _SEAT)) if seat else None,
                chips=_whole(options.get("chips", "0"), "chips", _CHIPS),
                post="post" in flags,
            )
        )

    def _sit(self, line: str) -> list[Entry]:
        (player, table, seat), options, flags = _split(
            line, need=3, keys=("chips",), flags=("post",)
        )
        return self.do(
            cmd.Sit(
                player=PlayerId(player),
                table=_whole(table, "table", _TABLES),
                seat=Seat(_whole(seat, "seat", _SEAT)),
                chips=_whole(options.get("chips", "0"), "chips", _CHIPS),
                post="post" in flags,
            )
        )

    def _back(self, line: str) -> list[Entry]:
        (player,), _, flags = _split(line, need=1, flags=("post", "wait"))
        return self.do(cmd.ComeBack(player=PlayerId(player), post=_post(flags, True)))

    def _buy(self, line: str) -> list[Entry]:
        (player, chips), _, flags = _split(line, need=2, flags=("on-the-way", "unannounced"))
        return self.do(
            cmd.Buy(
                player=PlayerId(player),
                chips=_whole(chips, "chips", _CHIPS),
                arrived="on-the-way" not in flags,
                announced="unannounced" not in flags,
            )
        )

    def _cashout(self, line: str) -> list[Entry]:
        (player, *chips), _, _ = _split(line, need=1, most=2)
        return self.do(
            cmd.CashOut(
                player=PlayerId(player), chips=_whole(chips[0], "chips", _CHIPS) if chips else None
            )
        )

    # ----- time -------------------------------------------------------------

    def _wait(self, line: str) -> list[Entry]:
        (minutes,), _, _ = _split(line, need=1)
        self.clock.advance(minutes=_minutes(minutes))
        return self.cardroom.advance(self.clock.now())

    # ----- a table's lines --------------------------------------------------

    def live(self, number: int) -> Table:
        return self.cardroom.table(number)

    def player_at(self, number: int, seat: int) -> PlayerId:
        table = self.live(number)
        player = table.players.get(Seat(seat))
        if player is None:
            seated = ", ".join(f"{s} {p}" for s, p in sorted(table.players.items())) or "nobody"
            raise FloorError(f"nobody sits in seat {seat} at table {number}; seated: {seated}")
        return player

    def _seat_arg(self, number: int, word: str) -> str:
        return self.player_at(number, _whole(word, "seat", _SEAT))

    def _table_line(self, line: str) -> list[Entry]:
        first, _, rest = line.partition(" ")
        number = _whole(first, "table", _TABLES)
        words = rest.split()
        if not words:
            raise NotationError(
                f"a table's line names what happens there: '{number} deal', '{number} s3 f', ...",
                text=line,
            )
        verb, args = words[0], words[1:]
        if _SEAT_WORD.fullmatch(verb):
            return self._act(number, rest)
        if verb == "d":
            raise NotationError(
                "a cardroom's tables shuffle from the seed: a cardroom log deals no cards",
                text=rest,
            )
        handler = _TABLE_VERBS.get(verb)
        if handler is None:
            raise NotationError(
                f"{verb!r} is not a table's line; after the table's number come: sN ACTION,"
                f" {', '.join(_TABLE_VERBS)}",
                text=verb,
            )
        return handler(self, number, rest, args)

    def _deal(self, number: int, rest: str, args: list[str]) -> list[Entry]:
        _, options, _ = _split(rest, need=0, keys=("runs",))
        runs = _whole(options.get("runs", "1"), "runs", (1, 10))
        return self.do(cmd.StartDeal(table=number, runs=runs))

    def _act(self, number: int, rest: str) -> list[Entry]:
        action = phh.parse_action(rest, letter="s", where="")
        assert isinstance(action, phh.PlayerAction)
        player = self.player_at(number, action.player)
        move = self._move(number, action)
        return self.do(move(player))

    def _move(self, number: int, action: phh.PlayerAction) -> Callable[[str], cmd.Act]:
        match action:
            case phh.Fold():
                return lambda p: cmd.Act(player=PlayerId(p), move=cmd.Move.FOLD)
            case phh.CheckOrCall():
                deal = self.live(number).deal
                legal = deal.legal() if deal is not None and not deal.is_over else None
                facing = legal is not None and legal.call is not None and not legal.check
                move = cmd.Move.CALL if facing else cmd.Move.CHECK
                return lambda p: cmd.Act(player=PlayerId(p), move=move)
            case phh.CompleteBetOrRaiseTo():
                return lambda p: cmd.Act(player=PlayerId(p), move=cmd.Move.WAGER, to=action.amount)
            case phh.PostBringIn():
                return lambda p: cmd.Act(player=PlayerId(p), move=cmd.Move.BRING_IN)
            case phh.StandPatOrDiscard():
                cards = tuple(c for c in action.cards if c is not None)
                return lambda p: cmd.Act(player=PlayerId(p), move=cmd.Move.DRAW, cards=cards)
            case phh.ShowOrMuck() if action.mucks:
                return lambda p: cmd.Act(player=PlayerId(p), move=cmd.Move.MUCK)
            case phh.ShowOrMuck():
                shown = tuple(c for c in action.cards or () if c is not None)
                return lambda p: cmd.Act(player=PlayerId(p), move=cmd.Move.SHOW, cards=shown)
        raise NotationError(f"{type(action).__name__} is not a player's action here")

    def _chop(self, number: int, rest: str, args: list[str]) -> list[Entry]:
        _split(rest, need=0)
        table = self.live(number)
        deal = table.deal
        position = deal.legal().position if deal is not None and table.in_deal else None
        if position is None:
            raise FloorError(f"no deal is under way at table {number}")
        player = table.players[table.positions[position]]
        return self.do(cmd.Act(player=player, move=cmd.Move.CHOP))

    def _report(self, number: int, rest: str, args: list[str]) -> list[Entry]:
        table = self.live(number)
        if table.deal is None or not table.in_deal:
            raise FloorError(f"no deal is under way at table {number} to report on")
        report = _read_report(table, table.deal, args)
        return self.do(cmd.Report(table=number, report=report))

    def _decide(self, number: int, rest: str, args: list[str]) -> list[Entry]:
        if not args:
            raise NotationError("'decide' names management's choice: decide OPTION", text=rest)
        return self.do(cmd.Decide(table=number, choice=" ".join(args)))

    def _choose(self, number: int, rest: str, args: list[str]) -> list[Entry]:
        (seat,), _, _ = _split(rest, need=1)
        return self.do(
            cmd.Choose(player=PlayerId(self._seat_arg(number, seat)), post=args[0] != "wait")
        )

    def _straddle(self, number: int, rest: str, args: list[str]) -> list[Entry]:
        (seat,), _, _ = _split(rest, need=1)
        return self.do(cmd.Straddle(player=PlayerId(self._seat_arg(number, seat))))

    def _deal_named(self, options: dict[str, str]) -> int | None:
        deal = options.get("deal")
        return None if deal is None else _whole(deal, "deal", (1, 10**9))

    def _pot_transfer(self, number: int, rest: str, args: list[str]) -> list[Entry]:
        (seat, to, amount), options, _ = _split(rest, need=3, keys=("deal",))
        return self.do(
            cmd.Transfer(
                table=number,
                player=PlayerId(self._seat_arg(number, seat)),
                to=self._seat_arg(number, to),
                amount=_whole(amount, "chips", _CHIPS),
                deal=self._deal_named(options),
            )
        )

    def _impound(self, number: int, rest: str, args: list[str]) -> list[Entry]:
        (seat, amount), options, _ = _split(rest, need=2, keys=("deal",))
        return self.do(
            cmd.Impound(
                table=number,
                player=PlayerId(self._seat_arg(number, seat)),
                amount=_whole(amount, "chips", _CHIPS),
                deal=self._deal_named(options),
            )
        )

    def _release(self, number: int, rest: str, args: list[str]) -> list[Entry]:
        (seat, *amount), options, _ = _split(rest, need=1, most=2, keys=("deal",))
        return self.do(
            cmd.Release(
                table=number,
                to=self._seat_arg(number, seat),
                amount=_whole(amount[0], "chips", _CHIPS) if amount else None,
                deal=self._deal_named(options),
            )
        )


_TableVerb = Callable[[_LogPlayer, int, str, list[str]], list[Entry]]

#: What may follow a table's number, besides a seat's action (``sN ...``).
_TABLE_VERBS: dict[str, _TableVerb] = {
    "deal": _LogPlayer._deal,
    "chop": _LogPlayer._chop,
    "report": _LogPlayer._report,
    "decide": _LogPlayer._decide,
    "post": _LogPlayer._choose,
    "wait": _LogPlayer._choose,
    "straddle": _LogPlayer._straddle,
    "transfer": _LogPlayer._pot_transfer,
    "impound": _LogPlayer._impound,
    "release": _LogPlayer._release,
}

#: The verbs a floor line may start with (``cardroom`` only as the first line).
_VERBS = (
    "game",
    "open",
    "start",
    "close",
    "break",
    "list",
    "unlist",
    "arrive",
    "out",
    "take",
    "sit",
    "refuse",
    "noanswer",
    "leave",
    "change",
    "transfer",
    "away",
    "extend",
    "back",
    "buy",
    "cashout",
    "warn",
    "suspend",
    "bar",
    "wait",
)


def _located(
    error: FloormanError, number: int, line: str, player: _LogPlayer | None = None
) -> FloormanError:
    """The same error (its citations kept), naming the log line that caused it and,
    for a deal's refusal at a table, the seats rather than the deal's positions."""
    if getattr(error, "cardroom_line", None) is not None:
        return error
    first = line.split()[0]
    live = player.cardroom.tables if player is not None else ()
    if error.seats is None and _TABLE_WORD.fullmatch(first) and int(first) in live:
        assert player is not None
        table = player.cardroom.table(int(first))
        if table.in_deal:
            error.at_seats(table.positions)
    error.locate(f"line {number} {line!r}")
    error.cardroom_line = number  # type: ignore[attr-defined]
    return error


def play_cardroom(
    text: str, *, on_entry: Callable[[CardroomRecord], None] | None = None
) -> CardroomLog:
    """Play a cardroom log; raises the first unreadable or refused line's error,
    naming the line.

    ``on_entry`` hears of each record as it happens, so that a caller can
    report what happened before an error.
    """
    lines = list(_lines(text))
    seed, lockup = _opening(lines, "cardroom", _located)
    player = _LogPlayer(seed, lockup)
    narrator = Narrator()
    records: list[CardroomRecord] = []
    for number, line in lines:
        try:
            if line.split()[0] == "cardroom":
                raise NotationError("'cardroom seed=N' may only be the first line", text=line)
            entries = player.play(line)
        except FloormanError as error:
            raise _located(error, number, line, player) from None
        for entry in entries:
            record = CardroomRecord(line=number, text=line, entry=entry, said=narrator.say(entry))
            records.append(record)
            if on_entry is not None:
                on_entry(record)
    return CardroomLog(
        cardroom=player.cardroom,
        records=tuple(records),
        kinds=MappingProxyType(dict(player.kinds)),
    )
