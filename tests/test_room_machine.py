"""Random nights on the cardroom floor: the room keeps its books by the rules.

A Hypothesis rule-based state machine runs random nights on a
:class:`~floorman.room.Room`: a pool of twelve players and one or two kinds of
game. Management opens games (some of them must-move games for an open main
game, RRP5 seating.10, some with an extra seat, RRP5 seating.9), starts them,
breaks them (RRP5 seating.15) and closes them when empty; reserves seats (RRP5
seating.8), keeps pairs apart (RRP5 seating.5) and warns, suspends and bars
players (RRP5 conduct). Players arrive, sign up (RRP5 seating.1), note interest
from outside, leave the area with or without lock-up money (RRP5 seating.2),
take the seats they are called to or a seat of their choice in a new game
(RRP5 seating.7), try seats they may not take, refuse seats (RRP5 seating.10,
seating.11), leave, ask for seat changes (RRP5 seating.13), transfer (RRP5
seating.3), make the moves the dealer says are due (RRP5 seating.12,
seating.14), step away and come back (RRP5 policies.4, policies.20), play
over an absent player's seat (RRP5 policies.12) and miss their call (RRP5
seating.2); and time passes, so lock-ups and absences run out (RRP5
policies.20, policies.21). Remote interest may be noted for a kind of game the
room does not spread tonight. The machine steers toward the cases the rules
decide most finely: games broken while some of their players are away from
the table, those players come due while still away or back in time or late
(RRP5 seating.15), and must-move refusals among several games of one kind
(RRP5 seating.10).

Every operation the room refuses raises ``FloorError`` and changes nothing: not
the log, not the books. Operations whose outcome the rules settle are checked
both ways (an operation the rules allow is done, one they forbid is refused).
After every step:

1. nobody holds two seats (RRP5 seating.4) or appears twice at one table;
2. every seat of a table is sat in, locked or open, never two of these; a lock
   names a seat of the table; sat seats and locks together fit the table;
3. a player holds at most one lock; a pending move is a seat in the game left
   and a move lock in the game entered;
4. a waiting list keeps its order: the names on it before and after a step are
   in the same order, unless the step put someone first up (a broken game's
   players or a due absent player, RRP5 seating.15);
5. nobody under a suspension or bar is seated, locked or listed; nobody barred
   from a must-move game for refusing to move (RRP5 seating.10) plays in that
   game, is called to it or is on its must-move list, while the list of its
   kind and the other games of the kind stay open to him (a sign-up is done,
   and a seat elsewhere waits for him); no two players kept apart (RRP5
   seating.5) sit in or hold locks in one game; nobody is on the list of the
   kind of game they sit in (RRP5 seating.3, seating.4);
6. a must-move list (RRP5 seating.10) names each player of its must-move game
   once, and nobody else;
7. the log rebuilds the same books (``RoomBooks.apply``);
8. nobody out of the playing area with no lock-up money has a seat locked for
   him from the list (RRP5 seating.2): not a player who left telling the
   list-person, nor one who was away from the table when his game broke, until
   he comes back (RRP5 seating.15). So a broken game's absent player due for
   the big blind while still away is never locked into the seat again over a
   present name; he is first up on the list instead.

``FLOORMAN_LONG=1`` runs many more nights. Breaks of these the machine found
are regression tests at the end, each a minimal reproduction.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import combinations
from typing import Any

from hypothesis import HealthCheck, note, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from floorman.clock import ManualClock
from floorman.errors import FloorError
from floorman.games import Structure
from floorman.room import GameKind, Lock, Room, RoomBooks, Sanction
from floorman.room import events as ev
from floorman.shuffle import SeededShuffler

from .conftest import sample_size

NAMES = ("ann", "bob", "cal", "dee", "eve", "fay", "gus", "hal", "ivy", "jon", "kim", "lou")

#: Anyone, the first four most often, so the same few keep meeting.
PLAYERS = st.sampled_from(NAMES[:4]) | st.sampled_from(NAMES)

#: The kinds of game a night may spread, by the name the reproductions use.
KINDS = {
    "NL": GameKind(game="holdem", structure=Structure.NO_LIMIT, stakes="1/2"),
    "STUD": GameKind(game="stud", structure=Structure.FIXED_LIMIT, stakes="4/8"),
    "PLO": GameKind(game="omaha", structure=Structure.POT_LIMIT, stakes="1/2"),
}
KIND_NAMES = {kind: name for name, kind in KINDS.items()}

TABLES = (1, 2, 3, 4, 5)
MINUTES = (1, 4, 6, 11, 31, 61)
CONDUCT = ("conduct.improper.2", "conduct.prohibited.3", "conduct.improper.7")

#: Sanction terms in minutes (None: no term).
TERMS = (None, 5, 30, 90)


def show(value: Any) -> str:
    """A value as the reproduction writes it."""
    if isinstance(value, GameKind):
        return KIND_NAMES[value]
    if isinstance(value, Sanction):
        return f"Sanction.{value.name}"
    return repr(value)


class RoomMachine(RuleBasedStateMachine):
    """Random nights under RRP5 seating.1-15, policies.4, policies.11,
    policies.20, policies.21 and conduct sanctions."""

    def __init__(self) -> None:
        super().__init__()
        self.clock = ManualClock()
        self.room = Room(clock=self.clock)
        self.kinds: tuple[GameKind, ...] = ()
        self.seen = 0  # events the invariants have looked at
        self.followed = 0  # events the machine's notes have followed (_sync)
        self.lists: dict[GameKind, tuple[str, ...]] = {}  # the lists after the last step
        self.table_kind: dict[int, GameKind] = {}  # each table's last game
        self.feeds: dict[int, int | None] = {}  # each table's last game: the main it feeds
        self.started: dict[int, bool] = {}
        self.game_bars: dict[tuple[str, int], float] = {}  # (player, table): RRP5 seating.10
        self.reserved: dict[int, dict[int, str]] = {}  # table -> seat -> player (seating.8)
        self.out: dict[str, int] = {}  # out of the playing area: the lock-up left (seating.2)
        self.declined: set[tuple[str, int]] = set()  # new or must-move games turned down
        self.away: set[str] = set()  # seated players away from the table (policies.4)

    # ------------------------------------------------------------- helpers

    def _do(self, op: str, *args: Any, ok: bool | None = None, **kwargs: Any) -> list | None:
        """Run ``room.op(*args, **kwargs)``. ``ok``: True, it must be done;
        False, it must be refused; None, either. A refusal must change nothing."""
        shown = [show(a) for a in args] + [f"{k}={show(v)}" for k, v in kwargs.items()]
        text = f"room.{op}({', '.join(shown)})"
        note(text)
        room = self.room
        before = list(room.events)
        view = self._view(room)
        call: Callable[..., list[ev.RoomEvent]] = getattr(room, op)
        try:
            out = call(*args, **kwargs)
        except FloorError as error:
            refused: FloorError | None = error
        else:
            refused = None
        if refused is not None:
            note(f"#   refused: {refused}")
            assert len(room.events) == len(before), f"{text} was refused but logged events"
            assert room.events == before, f"{text} was refused but changed the log"
            assert self._view(room) == view, f"{text} was refused but changed the books"
            assert ok is not True, f"{text} was refused: {refused}"
            return None
        assert room.events[: len(before)] == before, f"{text} rewrote the log"
        assert out == room.events[len(before) :], f"{text} did not return its events"
        assert ok is not False, f"{text} should have been refused; it gave {out}"
        return out

    @staticmethod
    def _view(books: RoomBooks) -> tuple[Any, ...]:
        """Everything the books answer, for comparing two books."""
        tables = books.tables
        return (
            tables,
            {
                t: (
                    books.kind_of(t),
                    books.seated(t),
                    books.seats(t),
                    books.locks(t),
                    books.playing_over(t),
                )
                for t in tables
            },
            {k: (books.waiting(k), books.interested(k)) for k in KINDS.values()},
            {t: books.must_move(t) for t in TABLES},
            {
                p: (books.seat_of(p), books.lock_of(p), books.move_of(p), books.record(p))
                for p in NAMES
            },
            {pair for pair in combinations(NAMES, 2) if books.kept_apart(*pair)},
        )

    def _locks(self) -> list[Lock]:
        return [lock for t in self.room.tables for lock in self.room.locks(t)]

    def _seated(self) -> list[str]:
        return [p for t in self.room.tables for p in self.room.seated(t).values()]

    def _suspended(self, player: str) -> bool:
        """Under a suspension or bar now."""
        now = self.clock.now()
        return any(
            s.sanction is not Sanction.WARNING and (s.until is None or now < s.until)
            for s in self.room.record(player)
        )

    def _in_game(self, table: int) -> set[str]:
        """Who is in the game at ``table``: seated, holding a lock, or playing over."""
        room = self.room
        return (
            set(room.seated(table).values())
            | {k.player for k in room.locks(table)}
            | set(room.playing_over(table).values())
        )

    def _blocked(self, player: str, table: int) -> bool:
        """Whether a rule keeps ``player`` out of the game at ``table``."""
        if self._suspended(player):
            return True
        until = self.game_bars.get((player, table))
        if until is not None and self.clock.now() < until:
            return True
        return any(self.room.kept_apart(player, other) for other in self._in_game(table) - {player})

    def _waiting_for(self, table: int) -> list[str]:
        """Names on the list for the game at ``table`` waiting to play there:
        not in a game of its kind, not called, not kept out (RRP5 policies.11)."""
        room = self.room
        kind = room.kind_of(table)
        out = []
        for player in room.waiting(kind):
            at = room.seat_of(player)
            if at is not None and room.kind_of(at[0]) == kind:
                continue
            if player in self.out and not self.out[player]:
                continue  # away with nothing to hold a seat: not waiting (RRP5 seating.2)
            if (player, table) in self.declined:
                continue
            if room.lock_of(player) is None and not self._blocked(player, table):
                out.append(player)
        return out

    def _feeder(self, main: int) -> int | None:
        """The open must-move game feeding ``main``."""
        return next((t for t in self.room.tables if self.feeds.get(t) == main), None)

    def _full(self, table: int) -> bool:
        room = self.room
        return len(room.seated(table)) + len(room.locks(table)) >= len(room.seats(table))

    # ------------------------------------------------------------- set-up

    @initialize(
        kinds=st.lists(st.sampled_from(sorted(KINDS)), min_size=1, max_size=2, unique=True),
        seed=st.integers(0, 2**16),
        data=st.data(),
    )
    def open_room(self, kinds: list[str], seed: int, data: st.DataObject) -> None:
        """The night starts with a game or two and a few players."""
        self.kinds = tuple(KINDS[k] for k in kinds)
        self.clock = ManualClock()
        self.room = Room(clock=self.clock, shuffler=SeededShuffler(seed))
        note(
            f"room = Room(clock=ManualClock(), shuffler=SeededShuffler({seed})); clock = room.clock"
        )
        first = self.kinds[0]
        self._do("open_game", 1, first, seats=data.draw(st.integers(2, 6), label="seats"), ok=True)
        second = data.draw(
            st.sampled_from(("none", "must-move", "must-move", "similar", "other")),
            label="second game",
        )
        if second != "none":
            kind = self.kinds[-1] if second == "other" else first
            main = 1 if second == "must-move" else None
            seats = data.draw(st.integers(2, 6), label="seats")
            self._do("open_game", 2, kind, seats=seats, main=main, ok=True)
        if second in ("must-move", "similar") and data.draw(st.booleans(), label="third game"):
            # Several games of one kind: where a broken game's players go, and
            # where a player barred from a must-move game may still play.
            seats = data.draw(st.integers(2, 6), label="seats")
            self._do("open_game", 3, first, seats=seats, ok=True)
        players = data.draw(st.lists(st.sampled_from(NAMES), unique=True, max_size=8))
        for player in players:
            self._play(player, self._kind(data))
        self._sync()
        self.seen = len(self.room.events)
        self.lists = {k: self.room.waiting(k) for k in KINDS.values()}

    def _play(self, player: str, kind: GameKind) -> None:
        """``player`` signs up for ``kind`` and takes a seat if called to one."""
        self._do("sign_up", player, kind)
        lock = self.room.lock_of(player)
        if lock is not None and self.room.move_of(player) is None:
            self._do("take_seat", player, lock.table)

    def _kind(self, data: st.DataObject, *, any_kind: bool = False) -> GameKind:
        """A kind the room spreads tonight; ``any_kind``: or one it does not."""
        kinds = st.sampled_from(self.kinds)
        if any_kind:
            kinds |= st.sampled_from(list(KINDS.values()))
        return data.draw(kinds, label="kind")

    def _player(self, data: st.DataObject, among: Iterable[str] | None = None) -> str:
        """Anyone (mostly the first few), or one of ``among``."""
        pool = PLAYERS if among is None else st.sampled_from(sorted(among))
        return data.draw(pool, label="player")

    def _table(self, data: st.DataObject) -> int:
        return data.draw(st.sampled_from(self.room.tables), label="table")

    # ------------------------------------------------------------- management

    @rule(data=st.data())
    def open_game(self, data: st.DataObject) -> None:
        """RRP5 policies.1; a must-move game feeds an open main game of its kind
        with no must-move game yet (seating.10); an extra seat (seating.9)."""
        room = self.room
        closed = [t for t in TABLES if t not in room.tables]
        tables = st.sampled_from(TABLES)
        table = data.draw(st.sampled_from(closed) | tables if closed else tables, label="table")
        kind = self._kind(data)
        seats = data.draw(st.integers(2, 6), label="seats")
        mains = [
            t
            for t in room.tables
            if room.kind_of(t) == kind and self.feeds[t] is None and self._feeder(t) is None
        ]
        choices = st.none() | st.sampled_from(TABLES)
        main = data.draw(choices | st.sampled_from(mains) if mains else choices, label="main")
        extra = data.draw(st.booleans(), label="extra")
        ok = table not in room.tables and (main is None or main in mains)
        self._do("open_game", table, kind, seats=seats, main=main, extra=extra, ok=ok)

    @precondition(lambda self: bool(self.room.tables))
    @rule(data=st.data())
    def start_game(self, data: st.DataObject) -> None:
        """Two players or more start a new game; each place held in it (a lock
        with no seat yet) becomes a seat, so there must be enough (RRP5 seating.7)."""
        room = self.room
        table = self._table(data)
        ok: bool | None = len(room.seated(table)) >= 2 and not self.started[table]
        if ok and self._no_seat_for_a_place(table):
            ok = False
        elif ok and self._places_short(table):
            ok = None  # the room may count a seat reserved for a held player as claimed
        self._do("start_game", table, ok=ok)

    def _places_short(self, table: int) -> bool:
        """Whether the places held in the game at ``table`` outnumber its open
        seats reserved for nobody."""
        room = self.room
        taken = set(room.seated(table)) | {k.seat for k in room.locks(table)}
        reserved = self.reserved[table]
        unclaimed = [s for s in room.seats(table) if s not in taken and s not in reserved]
        return sum(k.seat is None for k in room.locks(table)) > len(unclaimed)

    def _no_seat_for_a_place(self, table: int) -> bool:
        """Whether starting the new game at ``table`` leaves a place held in it
        (a lock with no seat) without an open seat not reserved for someone
        else: a place whose player has an open seat reserved for him takes it,
        the others take the seats reserved for nobody, as the books do."""
        room = self.room
        taken = set(room.seated(table)) | {k.seat for k in room.locks(table)}
        reserved = self.reserved[table]
        places = [lock for lock in room.locks(table) if lock.seat is None]
        # A player with an open seat reserved for him takes that one first
        # (RRP5 seating.8); the other places take seats reserved for nobody.
        placed = set()
        for lock in places:
            own = [
                s for s in room.seats(table) if s not in taken and reserved.get(s) == lock.player
            ]
            if own:
                taken.add(own[0])
                placed.add(lock.player)
        for lock in places:
            if lock.player in placed:
                continue
            free = [s for s in room.seats(table) if s not in taken and s not in reserved]
            if not free:
                return True
            taken.add(free[0])
        return False

    @precondition(lambda self: bool(self.room.tables))
    @rule(data=st.data())
    def close_game(self, data: st.DataObject) -> None:
        """Only an empty game closes, and a main game only after its must-move game."""
        table = self._table(data)
        ok = not self.room.seated(table) and self._feeder(table) is None
        self._do("close_game", table, ok=ok)

    @precondition(lambda self: bool(self.room.tables))
    @rule(data=st.data())
    def break_game(self, data: st.DataObject) -> None:
        """RRP5 seating.15: every player of the game ends up seated in a similar
        game, holding a locked seat there (away), or first up on the list."""
        self._break(self._table(data))

    @precondition(lambda self: any(self.room.seated(t) for t in self.room.tables))
    @rule(data=st.data())
    def break_with_players_away(self, data: st.DataObject) -> None:
        """RRP5 seating.15: some of a game's players step away from the table,
        then it breaks; the floor draws for them."""
        room = self.room
        table = data.draw(
            st.sampled_from([t for t in room.tables if room.seated(t)]), label="table"
        )
        seated = sorted(room.seated(table).values())
        gone = data.draw(st.lists(st.sampled_from(seated), min_size=1, unique=True), label="away")
        for player in gone:
            if player not in self.away:
                self._do("away", player, ok=True)
        kind = room.kind_of(table)
        self._break(table)
        self._sync()  # who is out of the playing area now
        # Often names present behind them on the list, for the seat held for
        # one of them should he come due while still away.
        free = [
            p
            for p in NAMES
            if room.seat_of(p) is None
            and room.lock_of(p) is None
            and p not in self.out
            and not self._unlistable(p, kind)
        ]
        if free:
            names = st.lists(st.sampled_from(free), max_size=3, unique=True)
            for player in data.draw(names, label="waiting"):
                self._do("sign_up", player, kind, ok=True)
        held = [k.player for k in self._locks() if k.reason == "broken"]
        if held and data.draw(st.booleans(), label="due at once"):
            self._sync()
            self._due(self._player(data, held))

    def _break(self, table: int) -> None:
        room = self.room
        kind = room.kind_of(table)
        out = self._do("break_game", table, ok=self._feeder(table) is None)
        if out is None:
            return
        assert table not in room.tables
        broken = next(e for e in out if isinstance(e, ev.GameBroken))
        for player, _card in broken.order:
            assert (
                room.seat_of(player) is not None
                or room.lock_of(player) is not None
                or player in room.waiting(kind)
            ), f"{player} of the broken game at table {table} was lost"
        listed = [e.place for e in out if isinstance(e, ev.PlayerListed)]
        assert listed == list(range(len(listed))), f"broken game listed at places {listed}"

    @rule(data=st.data())
    def keep_apart(self, data: st.DataObject) -> None:
        """RRP5 seating.5: often someone in a game now (seated, called, moving
        or playing over), so the pair is tested where it matters."""
        room = self.room
        playing = sorted(set().union(*(self._in_game(t) for t in room.tables)))
        a = data.draw(st.sampled_from(playing) | PLAYERS if playing else PLAYERS, label="a")
        b = self._player(data)
        together = any({a, b} <= self._in_game(t) for t in room.tables)
        self._do("keep_apart", a, b, ok=a != b and not together)

    @precondition(lambda self: bool(self.room.tables))
    @rule(data=st.data())
    def reserve(self, data: st.DataObject) -> None:
        """RRP5 seating.8: an open seat of the table, for a player."""
        room = self.room
        table = self._table(data)
        seats = st.integers(1, 7)
        open_ = [s for s in room.seats(table) if s not in room.seated(table)]
        seat = data.draw(st.sampled_from(open_) | seats if open_ else seats, label="seat")
        player = self._player(data)
        reserved = self.reserved[table]
        taken = set(room.seated(table)) | {k.seat for k in room.locks(table)}
        # Places held in a new game keep enough seats nobody has a claim on (seating.7).
        unclaimed = [s for s in room.seats(table) if s not in taken | set(reserved) | {seat}]
        # A place held by a player with an open seat reserved for him takes that seat.
        mine = {p for s, p in reserved.items() if s in room.seats(table) and s not in taken}
        held = [
            k
            for k in room.locks(table)
            if k.seat is None and k.player != player and k.player not in mine
        ]
        ok = (
            seat in room.seats(table)
            and seat not in taken
            and seat not in reserved
            and len(unclaimed) >= len(held)
        )
        self._do("reserve", table, seat, player, ok=ok)

    @rule(data=st.data())
    def sanction(self, data: st.DataObject) -> None:
        """A warning has no term, a suspension has one, a bar may; the rules
        broken are conduct rules. A suspended or barred player leaves seat,
        lock-ups and lists."""
        player = self._player(data)
        sanction = data.draw(st.sampled_from(Sanction), label="sanction")
        minutes = data.draw(st.sampled_from(TERMS), label="minutes")
        rules = data.draw(
            st.sampled_from(
                [[CONDUCT[0]], [CONDUCT[1], CONDUCT[2]], [CONDUCT[2]], [], ["seating.4"]]
            ),
            label="rules",
        )
        ok = (
            bool(rules)
            and all(r.startswith("conduct.") for r in rules)
            and not (sanction is Sanction.SUSPENSION and minutes is None)
            and not (sanction is Sanction.WARNING and minutes is not None)
        )
        if self._do("sanction", player, sanction, rules, minutes=minutes, ok=ok) is None:
            return
        if sanction is not Sanction.WARNING:
            room = self.room
            assert room.seat_of(player) is None
            assert room.lock_of(player) is None
            assert room.move_of(player) is None

    # ------------------------------------------------------------- lists

    @rule(data=st.data())
    def come_to_play(self, data: st.DataObject) -> None:
        """A player with no seat signs up and, if called, sits down."""
        room = self.room
        free = [p for p in NAMES if room.seat_of(p) is None and room.lock_of(p) is None]
        if not free:
            return
        player = self._player(data, free)
        self._play(player, self._kind(data))

    @rule(data=st.data())
    def arrive(self, data: st.DataObject) -> None:
        """A player comes in; interest noted becomes a place (RRP5 seating.1)."""
        room = self.room
        # Often someone out of the playing area coming back (RRP5 seating.2, seating.15).
        noted = sorted({p for k in KINDS.values() for p in room.interested(k)} | set(self.out))
        player = data.draw(st.sampled_from(noted) | PLAYERS if noted else PLAYERS, label="player")
        self._do("arrive", player, ok=True)

    @rule(data=st.data())
    def note_interest(self, data: st.DataObject) -> None:
        """RRP5 seating.1: interest from outside holds no place."""
        player = self._player(data)
        kind = self._kind(data, any_kind=True)
        self._do(
            "note_interest", player, kind, ok=False if self._unlistable(player, kind) else None
        )

    def _unlistable(self, player: str, kind: GameKind) -> bool:
        """Whether a rule keeps ``player`` off the ``kind`` list now."""
        room = self.room
        at = room.seat_of(player)
        # A must-move refusal bars one game, not its kind's list (RRP5 seating.10).
        return (
            self._suspended(player)
            or player in room.waiting(kind)
            or (at is not None and room.kind_of(at[0]) == kind)
        )

    @rule(data=st.data())
    def sign_up(self, data: st.DataObject) -> None:
        """RRP5 seating.1: a name goes on the list at the end."""
        room = self.room
        player = self._player(data)
        kind = self._kind(data, any_kind=True)
        ok = not self._unlistable(player, kind)
        if self._do("sign_up", player, kind, ok=ok) is not None:
            assert player in room.waiting(kind)

    @rule(data=st.data())
    def leave_list(self, data: st.DataObject) -> None:
        room = self.room
        kind = self._kind(data, any_kind=True)
        names = set(room.waiting(kind)) | set(room.interested(kind))
        pool = PLAYERS
        player = data.draw(st.sampled_from(sorted(names)) | pool if names else pool, label="player")
        self._do("leave_list", player, kind, ok=player in names)
        assert player not in room.waiting(kind)

    @rule(data=st.data())
    def leave_area(self, data: st.DataObject) -> None:
        """RRP5 seating.2: with or without money for a lock-up."""
        room = self.room
        listed = {p for k in self.kinds for p in room.waiting(k)}
        pool = PLAYERS
        player = data.draw(st.sampled_from(sorted(listed)) | pool if listed else pool)
        lockup = data.draw(st.sampled_from((0, 20)), label="lockup")
        self._do("leave_area", player, lockup=lockup)

    # ------------------------------------------------------------- seats

    @precondition(lambda self: bool(self._locks()))
    @rule(data=st.data())
    def take_called_seat(self, data: st.DataObject) -> None:
        """A called player takes the locked seat, or in a new game a seat of
        their choice (RRP5 seating.7)."""
        room = self.room
        lock = data.draw(st.sampled_from(self._locks()), label="lock")
        table, player = lock.table, lock.player
        if lock.seat is not None:
            seat = data.draw(st.sampled_from((None, lock.seat)), label="seat")
            ok = not self._blocked(player, table)
        else:
            taken = set(room.seated(table)) | {k.seat for k in room.locks(table)}
            open_ = [s for s in room.seats(table) if s not in taken]
            seat = data.draw(st.sampled_from([None, *open_]), label="seat")
            mine = [s for s in open_ if self.reserved[table].get(s, player) == player]
            # A seat reserved for someone else is no choice (RRP5 seating.8).
            ok = not self._blocked(player, table) and (
                seat in mine or (seat is None and bool(mine))
            )
        if self._do("take_seat", player, table, seat=seat, ok=ok) is None:
            return
        at = room.seat_of(player)
        assert at is not None
        assert at[0] == table, (player, at, table)
        if lock.seat is not None:
            assert at[1] == lock.seat
        elif seat is not None:
            assert at[1] == seat

    @precondition(lambda self: bool(self.room.tables))
    @rule(data=st.data())
    def take_any_seat(self, data: st.DataObject) -> None:
        """Anyone tries a seat. Refused when the seat is sat in or locked for
        someone else (RRP5 seating.2), the player sits elsewhere (seating.4), is
        called to another seat (seating.13), the game is full or a rule keeps
        the player out (seating.5, seating.10, conduct)."""
        room = self.room
        table = self._table(data)
        # Often someone whose interest is noted, walking in to sit down.
        noted = sorted({p for k in KINDS.values() for p in room.interested(k)})
        player = data.draw(st.sampled_from(noted) | PLAYERS if noted else PLAYERS, label="player")
        seated, locks = room.seated(table), room.locks(table)
        busy = sorted(set(seated) | {k.seat for k in locks if k.seat is not None})
        seat = data.draw(
            st.none() | st.sampled_from(room.seats(table)) | st.sampled_from(busy or [None]),
            label="seat",
        )
        mine = next((k for k in locks if k.player == player), None)
        kept = [
            s
            for s, p in self.reserved[table].items()
            if p == player and s not in seated and all(k.seat != s for k in locks)
        ]
        reasons = []
        if seat in seated:
            reasons.append("sat in")
        if any(k.seat == seat and k.player != player for k in locks if seat is not None):
            reasons.append("locked for another")
        if seat is not None and self.reserved[table].get(seat, player) != player:
            reasons.append("reserved for another")
        if self._blocked(player, table):
            reasons.append("kept out")
        if mine is None:
            if room.seat_of(player) is not None:
                reasons.append("sits elsewhere")
            if room.lock_of(player) is not None:
                reasons.append("called elsewhere")
            if not (seat in kept or (seat is None and kept)):
                # Only a seat management kept for the player needs no permission
                # (RRP5 seating.8, policies.11).
                if self._full(table):
                    reasons.append("full")
                if any(q != player for q in self._waiting_for(table)):
                    reasons.append("someone is waiting")
        elif mine.seat is not None and seat not in (None, mine.seat):
            reasons.append("called to another seat")
        if reasons:
            note(f"#   must be refused: {', '.join(reasons)}")
        out = self._do("take_seat", player, table, seat=seat, ok=False if reasons else None)
        if out is not None:
            at = room.seat_of(player)
            assert at is not None
            assert at[0] == table, (player, at, table)

    @rule(data=st.data())
    def play_over(self, data: st.DataObject) -> None:
        """RRP5 policies.12: with the floor's permission, over an absent player's
        seat; never by someone who holds a seat or is called to one (seating.4)."""
        room = self.room
        spots = [(t, s) for t in room.tables for s in room.seated(t)]
        if not spots:
            return
        empty = [(t, s) for t, s in spots if room.seated(t)[s] in self.away]
        choice = (
            st.sampled_from(empty) | st.sampled_from(spots) if empty else st.sampled_from(spots)
        )
        table, seat = data.draw(choice, label="seat")
        player = self._player(data)
        over = {p for t in room.tables for p in room.playing_over(t).values()}
        refuse = (
            room.seat_of(player) is not None
            or room.lock_of(player) is not None
            or player in over
            or seat in room.playing_over(table)
            or self._blocked(player, table)
        )
        if self._do("play_over", player, table, seat, ok=False if refuse else None) is not None:
            assert room.playing_over(table)[seat] == player

    @rule(data=st.data())
    def no_answer(self, data: st.DataObject) -> None:
        """RRP5 seating.2: a called player who does not answer comes off the
        list, unless lock-up money holds the seat."""
        room = self.room
        holders = [k.player for k in self._locks()]
        pool = PLAYERS
        player = data.draw(st.sampled_from(holders) | pool if holders else pool, label="player")
        lock = room.lock_of(player)
        ok = (
            lock is not None
            and lock.reason == "called"
            and room.move_of(player) is None
            and not lock.money
        )
        if self._do("no_answer", player, ok=ok) is not None:
            assert lock is not None
            kind = room.kind_of(lock.table)
            assert player not in room.waiting(kind)
            again = room.lock_of(player)  # called at once from another list, perhaps
            assert again is None or room.kind_of(again.table) != kind, (player, lock, again)

    @rule(data=st.data())
    def refuse(self, data: st.DataObject) -> None:
        """A called player turns the seat down; one not called cannot."""
        room = self.room
        holders = [k.player for k in self._locks()]
        pool = PLAYERS
        player = data.draw(st.sampled_from(holders) | pool if holders else pool, label="player")
        lock = room.lock_of(player)
        if self._do("refuse", player, ok=lock is not None) is None or lock is None:
            return
        again = room.lock_of(player)
        assert again is None or again.table != lock.table, (player, lock, again)

    @rule(data=st.data())
    def leave(self, data: st.DataObject) -> None:
        room = self.room
        seated = self._seated()
        pool = PLAYERS
        player = data.draw(st.sampled_from(seated) | pool if seated else pool, label="player")
        if self._do("leave", player, ok=room.seat_of(player) is not None) is not None:
            assert room.seat_of(player) is None

    @precondition(lambda self: bool(self._seated()))
    @rule(data=st.data())
    def request_seat_change(self, data: st.DataObject) -> None:
        """RRP5 seating.13: any other seat, or one named."""
        room = self.room
        player = self._player(data, self._seated())
        at = room.seat_of(player)
        assert at is not None
        others = [s for s in room.seats(at[0]) if s != at[1]]
        seats = st.none() | st.integers(1, 7)
        seat = data.draw(st.sampled_from(others) | seats if others else seats, label="seat")
        self._do("request_seat_change", player, seat=seat)

    @precondition(lambda self: bool(self._seated()))
    @rule(data=st.data())
    def transfer(self, data: st.DataObject) -> None:
        """RRP5 seating.3: only to another similar game, which must not end up
        with more players than the game left."""
        room = self.room
        player = self._player(data, self._seated())
        at = room.seat_of(player)
        assert at is not None
        similar = [t for t in room.tables if t != at[0] and room.kind_of(t) == room.kind_of(at[0])]
        tables = st.sampled_from(room.tables)
        to = data.draw(st.sampled_from(similar) | tables if similar else tables, label="to")
        left, entered = len(room.seated(at[0])) - 1, len(room.seated(to)) + 1
        refuse = (
            at[0] == to
            or room.kind_of(at[0]) != room.kind_of(to)
            or left < entered
            or self._full(to)
            or self._blocked(player, to)
        )
        if self._do("transfer", player, to, ok=False if refuse else None) is not None:
            where = room.seat_of(player)
            assert where is not None
            assert where[0] == to

    @rule(data=st.data())
    def due(self, data: st.DataObject) -> None:
        """The dealer says a move is due (RRP5 seating.12, seating.14) or an
        absent player of a broken game is due for the big blind (seating.15)."""
        holders = [k.player for k in self._locks()]
        held = [k.player for k in self._locks() if k.reason == "broken"]
        pool = PLAYERS
        if held:  # most often a broken game's absent player (seating.15)
            pool = st.sampled_from(held) | st.sampled_from(held) | pool
        self._due(data.draw(st.sampled_from(holders) | pool if holders else pool, label="player"))

    def _due(self, player: str) -> None:
        room = self.room
        move, lock = room.move_of(player), room.lock_of(player)
        if move is not None:
            ok = None if lock is None or lock.seat is None else True
        else:
            # One back in time takes the seat held, or turns it down.
            ok = lock is not None and lock.reason == "broken" and player in self.out
        out = self._do("due", player, ok=ok)
        if out is None:
            return
        if move is not None:
            at = room.seat_of(player)
            assert at is not None
            assert at[0] == move[1], (player, move, at)
        elif lock is not None:
            # Not back in time: first up on the list, the seat gone to it (seating.15).
            kind = room.kind_of(lock.table)
            assert room.waiting(kind)[:1] == (player,), (player, room.waiting(kind))
            again = room.lock_of(player)
            assert again is None or self.out.get(player), f"{player}, away, holds {again}"

    @precondition(lambda self: bool(self._must_movers()))
    @rule(data=st.data())
    def refuse_must_move(self, data: st.DataObject) -> None:
        """RRP5 seating.10: a player due to move from the must-move game into
        the main game refuses: he quits, barred from that game and its list for
        an hour, and from nothing else; the list of the kind takes him."""
        room = self.room
        player = self._player(data, self._must_movers())
        move = room.move_of(player)
        assert move is not None
        source = move[0]
        kind = room.kind_of(source)
        out = self._do("refuse", player, ok=True)
        assert out is not None
        assert room.seat_of(player) is None
        barred = [(e.player, e.table) for e in out if isinstance(e, ev.BarredFromGame)]
        assert barred == [(player, source)], out
        if not self._unlistable(player, kind):
            self._do("sign_up", player, kind, ok=True)

    def _must_movers(self) -> list[str]:
        """Players of a must-move game with a move into its main game."""
        room = self.room
        return [
            p
            for p in NAMES
            if (move := room.move_of(p)) is not None and self.feeds.get(move[0]) == move[1]
        ]

    @precondition(lambda self: bool(self._seated()))
    @rule(data=st.data())
    def away(self, data: st.DataObject) -> None:
        """RRP5 policies.4: a player steps away, perhaps taking chips."""
        player = self._player(data, self._seated())
        took = data.draw(st.sampled_from((0, 100)), label="took")
        self._do("away", player, took=took)

    @precondition(lambda self: bool(self._seated()))
    @rule(data=st.data())
    def extend_absence(self, data: st.DataObject) -> None:
        """RRP5 policies.20."""
        player = self._player(data, self._seated())
        minutes = data.draw(st.sampled_from((20, 45, 90)), label="minutes")
        self._do("extend_absence", player, minutes=minutes)

    @precondition(lambda self: bool(self._seated()))
    @rule(data=st.data())
    def come_back(self, data: st.DataObject) -> None:
        """RRP5 policies.4: every chip taken comes back."""
        player = self._player(data, self._seated())
        restored = data.draw(st.sampled_from((None, 0, 100)), label="restored")
        self._do("come_back", player, restored=restored)

    @rule(minutes=st.sampled_from(MINUTES))
    def pass_time(self, minutes: int) -> None:
        """Time passes; lock-ups and absences run out (RRP5 policies.20, policies.21)."""
        note(f"clock.advance(minutes={minutes})")
        self.clock.advance(minutes=minutes)
        self._do("tick", ok=True)

    # ------------------------------------------------------------- invariants

    @invariant()
    def books_hold(self) -> None:
        room = self.room
        step = room.events[self.seen :]
        self._sync()
        self._one_seat_each()
        self._seats_add_up()
        self._locks_and_moves()
        self._lists_keep_order(step)
        self._rules_keep_out()
        self._must_move_lists()
        self._log_rebuilds()
        self.seen = len(room.events)
        self.lists = {k: room.waiting(k) for k in KINDS.values()}

    def _sync(self) -> None:
        """Bring the machine's notes up to the log, within a step too."""
        self._follow(self.room.events[self.followed :])
        self.followed = len(self.room.events)

    def _follow(self, step: Iterable[ev.RoomEvent]) -> None:
        """Keep the machine's own notes from the step's events."""
        for event in step:
            match event:
                case ev.GameOpened():
                    self.table_kind[event.table] = event.kind
                    self.feeds[event.table] = event.main
                    self.started[event.table] = False
                    self.reserved[event.table] = {}
                case ev.GameStarted():
                    self.started[event.table] = True
                case ev.BarredFromGame():
                    self.game_bars[(event.player, event.table)] = event.until
                case ev.GameBroken():
                    # The floor drew for those away from the table: out of the
                    # playing area until they come back (RRP5 seating.15).
                    for player, _card in event.order:
                        if player in self.away:
                            self.out[player] = 0
                case ev.SeatLocked(until_due=False):
                    assert self.out.get(event.player, 1), (
                        f"{event.player} is out of the playing area with no lock-up money,"
                        f" yet {event} (RRP5 seating.2, seating.15)"
                    )
                case ev.SeatReserved():
                    self.reserved[event.table][event.seat] = event.player
                case ev.PlayerSeated() | ev.PlayerMoved():
                    # A reservation is spent once its player sits anywhere in the game.
                    table = event.to if isinstance(event, ev.PlayerMoved) else event.table
                    held = self.reserved[table]
                    self.reserved[table] = {s: p for s, p in held.items() if p != event.player}
                    self.out.pop(event.player, None)  # sitting down, he is back
                case ev.SeatRemoved():
                    self.reserved[event.table].pop(event.seat, None)
                case ev.AreaLeft():
                    self.out[event.player] = event.lockup
                case ev.PlayerArrived() | ev.AreaReturned():
                    self.out.pop(event.player, None)
                case ev.SeatRefused(kept_place=True):
                    self.declined.add((event.player, event.table))
                case ev.GameClosed():
                    self.declined = {d for d in self.declined if d[1] != event.table}
                    # A bar is from that game, not the next one at its table.
                    self.game_bars = {
                        k: u for k, u in self.game_bars.items() if k[1] != event.table
                    }
            match event:  # who is away from the table
                case ev.WentAway():
                    self.away.add(event.player)
                case ev.CameBack() | ev.PlayerLeft() | ev.ChipsPickedUp():
                    self.away.discard(event.player)
                case ev.PlayerMoved() if event.table != event.to:
                    self.away.discard(event.player)
                case ev.GameBroken():
                    self.away -= {player for player, _card in event.order}

    def _one_seat_each(self) -> None:
        """RRP5 seating.4."""
        room = self.room
        seated = self._seated()
        assert len(seated) == len(set(seated)), f"a player holds two seats: {sorted(seated)}"
        over = [p for t in room.tables for p in room.playing_over(t).values()]
        assert len(over) == len(set(over)), f"a player plays over two seats: {over}"
        assert not set(over) & set(seated), f"a player plays over and holds a seat: {over}"
        for table in room.tables:
            for seat, player in room.playing_over(table).items():
                assert seat in room.seated(table), f"{player} plays over empty seat {seat}"
        for table in self.room.tables:
            held = [k.player for k in self.room.locks(table)]
            assert len(held) == len(set(held)), f"table {table} locks twice for one: {held}"

    def _seats_add_up(self) -> None:
        room = self.room
        for table in room.tables:
            numbers = room.seats(table)
            seated, locks = room.seated(table), room.locks(table)
            locked = [k.seat for k in locks if k.seat is not None]
            assert len(numbers) == len(set(numbers))
            assert set(seated) <= set(numbers), (table, seated, numbers)
            assert set(locked) <= set(numbers), (table, locks, numbers)
            assert len(locked) == len(set(locked)), f"table {table}: a seat locked twice {locks}"
            assert not set(locked) & set(seated), f"table {table}: a locked seat is sat in {locks}"
            assert len(seated) + len(locks) <= len(numbers), (
                f"table {table}: {len(seated)} seated and {len(locks)} locks in"
                f" {len(numbers)} seats"
            )
            assert all(k.table == table for k in locks)

    def _locks_and_moves(self) -> None:
        room = self.room
        holders = [k.player for k in self._locks()]
        for player in NAMES:
            assert holders.count(player) <= 1, f"{player} holds {holders.count(player)} locks"
            move, lock, at = room.move_of(player), room.lock_of(player), room.seat_of(player)
            if move is not None:
                source, to, _when = move
                assert at is not None, f"{player} moves {move} but has no seat"
                assert at[0] == source, f"{player} moves from {move}, sits {at}"
                assert lock is not None, f"{player} moves {move} but holds no lock"
                assert (lock.table, lock.reason) == (to, "move"), f"{player} moves {move}: {lock}"
            elif lock is not None:
                assert lock.reason != "move", f"{player} holds {lock} with no move"
                assert at is None, f"{player} sits at {at} and holds {lock}"

    def _lists_keep_order(self, step: list[ev.RoomEvent]) -> None:
        room = self.room
        for kind in KINDS.values():
            now = room.waiting(kind)
            assert len(now) == len(set(now)), f"{kind} list names someone twice: {now}"
            # A name taken off the list in this step and put on it again (a seat held
            # too long, then a new sign-up) has the place of its new sign-up.
            left = {
                e.player
                for e in step
                if isinstance(e, ev.PlayerDelisted) and e.kind == kind and e.main is None
            }
            before = [p for p in self.lists.get(kind, ()) if p not in left]
            kept = [p for p in before if p in now]
            if kept == [p for p in now if p in before]:
                continue
            first_up = any(
                isinstance(e, ev.PlayerListed) and e.kind == kind and e.place == 0 for e in step
            )
            assert first_up, f"the {kind} list went from {before} to {now}"

    def _rules_keep_out(self) -> None:
        room = self.room
        now = self.clock.now()
        seated = set(self._seated())
        locked = {k.player for k in self._locks()}
        listed = {p for k in KINDS.values() for p in room.waiting(k) + room.interested(k)}
        listed |= {p for t in room.tables for p in room.playing_over(t).values()}
        for player in NAMES:
            if self._suspended(player):
                assert player not in seated | locked | listed, (
                    f"{player} is under {room.record(player)[-1]} yet seated, locked or listed"
                )
        for (player, table), until in self.game_bars.items():
            if now >= until or table not in room.tables:
                continue
            assert player not in self._in_game(table), (
                f"{player} barred from the game at table {table} but in it"
            )
        for table in room.tables:
            players = sorted(self._in_game(table))
            for a, b in combinations(players, 2):
                assert not room.kept_apart(a, b), f"{a} and {b} kept apart, both at table {table}"
            kind = room.kind_of(table)
            for player in room.seated(table).values():
                assert player not in room.waiting(kind), (
                    f"{player} plays {kind} at table {table} and is on its list"
                )

    def _must_move_lists(self) -> None:
        """RRP5 seating.10: the must-move list is the must-move game's players."""
        room = self.room
        for main in TABLES:
            names = room.must_move(main)
            assert len(names) == len(set(names)), f"table {main}'s must-move list: {names}"
            feeder = self._feeder(main) if main in room.tables else None
            players = set(room.seated(feeder).values()) if feeder is not None else set()
            assert set(names) == players, (
                f"table {main}'s must-move list is {names}; its must-move game"
                f" (table {feeder}) seats {sorted(players)}"
            )

    def _log_rebuilds(self) -> None:
        again = RoomBooks(clock=self.clock)
        again.apply(self.room.events)
        assert self._view(again) == self._view(self.room), "the log rebuilds other books"


MACHINE_SETTINGS = settings(
    max_examples=sample_size(400, 4_000),
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
    ],
)


class TestRoomMachine:
    """RRP5 seating.1-15, policies.4, policies.11, policies.20, policies.21 and
    conduct sanctions over random nights: one seat each, seats and locks that
    add up, lists that keep their order, rules that keep players out, must-move
    lists that are the must-move game, and a log that rebuilds the books."""

    def test_seating_policies_random_nights(self) -> None:
        run_state_machine_as_test(RoomMachine, settings=MACHINE_SETTINGS)


# ------------------------------------------------------------------ breaks found
#
# Each test below is a minimal reproduction of a break of the invariants the
# machine found; they stay as regressions.

NL, PLO = KINDS["NL"], KINDS["PLO"]


def _room() -> Room:
    return Room(clock=ManualClock(), shuffler=SeededShuffler(0))


def _attempt(room: Room, call: Callable[[], list[ev.RoomEvent]]) -> bool:
    """Run ``call``; a refusal must leave the log as it was. Whether it was done."""
    before = list(room.events)
    try:
        call()
    except FloorError:
        assert room.events == before
        return False
    return True


def test_conduct_a_suspension_drops_interest_noted_in_a_kind_never_listed() -> None:
    # Was: the interest stayed, and arriving put the suspended player on the list.
    room = _room()
    room.note_interest("bob", NL)
    room.sanction("bob", Sanction.SUSPENSION, ["conduct.improper.2"], minutes=5)
    assert "bob" not in room.interested(NL)
    room.arrive("bob")
    assert "bob" not in room.waiting(NL)


def test_seating_4_arriving_does_not_list_a_player_for_the_game_he_plays() -> None:
    # Was: interest noted, a seat taken by permission, then arriving listed him.
    room = _room()
    room.open_game(1, NL, seats=2)
    room.note_interest("cal", NL)
    room.take_seat("cal", 1)
    room.arrive("cal")
    assert "cal" not in room.waiting(NL)


def test_seating_10_a_seat_change_in_the_must_move_game_lists_nobody_twice() -> None:
    # Was: the must-move list read ('ann', 'bob', 'ann').
    room = _room()
    room.open_game(1, NL, seats=2)
    room.take_seat("xx", 1)
    room.take_seat("yy", 1)
    room.open_game(2, NL, seats=3, main=1)
    room.take_seat("ann", 2)
    room.take_seat("bob", 2)
    room.start_game(2)
    room.request_seat_change("ann", 3)
    assert sorted(room.must_move(1)) == ["ann", "bob"]


def test_seating_7_8_places_held_in_a_new_game_keep_their_seats() -> None:
    # Was: start_game raised IndexError, with GameStarted already logged.
    room = _room()
    room.open_game(1, NL, seats=3)
    room.reserve(1, 2, "zed")
    room.reserve(1, 3, "yan")
    room.sign_up("ann", NL)  # a place held in the new game, no seat yet
    _attempt(room, lambda: room.take_seat("bob", 1, seat=1))
    _attempt(room, lambda: room.take_seat("zed", 1, seat=2))
    if _attempt(room, lambda: room.start_game(1)):
        assert all(lock.seat is not None for lock in room.locks(1))


def test_seating_5_two_players_of_one_game_are_not_kept_apart_in_it() -> None:
    # Was: keep_apart was logged and both kept playing in the game.
    room = _room()
    room.open_game(1, NL, seats=3)
    room.take_seat("ann", 1)
    room.take_seat("bob", 1)
    _attempt(room, lambda: room.keep_apart("ann", "bob"))
    both = {"ann", "bob"} <= set(room.seated(1).values())
    assert not (both and room.kept_apart("ann", "bob"))


def test_seating_14_a_seated_player_away_with_a_lockup_is_ordered_to_move() -> None:
    # Was: seated at table 1 and holding a "called" lock at table 2, no move.
    room = _room()
    room.open_game(1, NL, seats=2)
    room.open_game(2, PLO, seats=2)
    room.take_seat("ann", 2)
    room.take_seat("bob", 2)
    room.sign_up("eve", PLO)
    room.take_seat("eve", 1)
    _attempt(room, lambda: room.leave_area("eve", lockup=20))
    room.leave("ann")
    move = room.move_of("eve")
    assert room.lock_of("eve") is None or (move is not None and move[:2] == (1, 2))


def test_seating_5_a_player_playing_over_is_in_the_game() -> None:
    # Was: bob, kept apart from ann, was seated where ann played over.
    room = _room()
    room.open_game(1, NL, seats=2)
    room.take_seat("cal", 1)
    room.away("cal")
    room.keep_apart("ann", "bob")
    room.play_over("ann", 1, 1)
    _attempt(room, lambda: room.sign_up("bob", NL))
    _attempt(room, lambda: room.take_seat("bob", 1))
    in_game = set(room.seated(1).values()) | set(room.playing_over(1).values())
    assert not {"ann", "bob"} <= in_game
