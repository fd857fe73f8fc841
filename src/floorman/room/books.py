"""The room's books: what the floor knows, and each event applied to it.

:class:`RoomBooks` holds the games, seats, lock-ups, lists and records, and
applies each :mod:`room event <floorman.room.events>` to them, and answers
who may play where by the rules (sanctions, bars, players kept apart); it
decides nothing. :class:`~floorman.room.state.Room` makes the decisions and
records them as events, so replaying a room's log through
:meth:`RoomBooks.apply` rebuilds the same room.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields

from floorman.clock import Clock
from floorman.errors import FloorError
from floorman.ids import PlayerId, Seat
from floorman.room import events as ev
from floorman.room import timers
from floorman.room.values import Due, GameKind, Sanction
from floorman.rulebook import cite

__all__ = ["Lock", "RoomBooks", "RoomState"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Lock:
    """A seat held for a player. ``seat`` None: a place in a new game, the seat
    chosen on arrival (RRP5 seating.7). ``reason``: ``called`` (from a list),
    ``move`` (a player moving from another game), ``broken`` (an absent player
    of a broken game, RRP5 seating.15)."""

    player: PlayerId
    table: int
    seat: Seat | None
    since: float
    reason: str = "called"
    money: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class RoomState:
    """Everything the floor's books hold, as one frozen value: a room rebuilt
    from the log of another has the same state (:meth:`RoomBooks.state`)."""

    games: tuple[object, ...]
    players: tuple[object, ...]
    lists: tuple[object, ...]
    interest: tuple[object, ...]
    must_move: tuple[object, ...]
    moves: tuple[object, ...]
    declined: tuple[object, ...]
    bars: tuple[object, ...]
    apart: tuple[object, ...]
    sanctions: tuple[object, ...]
    order: tuple[object, ...]
    over: tuple[object, ...]
    passed: tuple[object, ...]


def _frozen(value: object) -> object:
    """``value`` as nested tuples, dicts and sets in a stable order, a record
    of the books as (field, value) pairs; frozen values stay as they are."""
    if isinstance(value, dict):
        return tuple(sorted(((k, _frozen(v)) for k, v in value.items()), key=repr))
    if isinstance(value, set | frozenset):
        return tuple(sorted((_frozen(v) for v in value), key=repr))
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, _Game | _Player):  # the books' own records, kept mutable
        return tuple((f.name, _frozen(getattr(value, f.name))) for f in fields(value))
    return value


@dataclass(slots=True)
class _Game:
    table: int
    kind: GameKind
    numbers: list[Seat]  # the seat numbers in use (RRP5 seating.9 takes one away)
    main: int | None
    extra: bool
    new: bool = True
    sitting: dict[Seat, PlayerId] = field(default_factory=dict)
    locks: list[Lock] = field(default_factory=list)
    reserved: dict[Seat, PlayerId] = field(default_factory=dict)
    changes: list[tuple[PlayerId, Seat | None]] = field(default_factory=list)
    quit_seat: Seat | None = None  # a seat just given up, for RRP5 seating.9

    @property
    def seats(self) -> int:
        return len(self.numbers)

    def open_seats(self) -> list[Seat]:
        held = {lock.seat for lock in self.locks}
        return [s for s in self.numbers if s not in self.sitting and s not in held]

    def free_for(self, player: PlayerId) -> list[Seat]:
        """Open seats not reserved for someone else."""
        return [s for s in self.open_seats() if self.reserved.get(s, player) == player]

    def places_held(self, *, besides: PlayerId | None = None) -> int:
        """Places held in a new game (but ``besides``'s) that will take seats
        nobody reserved when it starts: a player with an open seat reserved
        for him takes that one (RRP5 seating.7, seating.8)."""
        return sum(
            1
            for k in self.locks
            if k.seat is None and k.player != besides and not self.holds_own_reservation(k)
        )

    def holds_own_reservation(self, lock: Lock) -> bool:
        """Whether ``lock`` holds the seat the house reserved for its own player,
        or, a place in a new game, will take one he has open (RRP5 seating.8).
        Such a lock keeps no one else out: without it the seat stays his."""
        if lock.seat is not None:
            return self.reserved.get(lock.seat) == lock.player
        open_ = self.open_seats()
        return any(p == lock.player and s in open_ for s, p in self.reserved.items())

    def room_for(self) -> int:
        """Places not sat in or locked."""
        return self.seats - len(self.sitting) - len(self.locks)

    def filled(self) -> int:
        return len(self.sitting) + len(self.locks)


@dataclass(slots=True)
class _Player:
    name: PlayerId
    present: bool = True
    notified: bool = False
    lockup: int = 0
    away_since: float | None = None
    away_until: float | None = None
    took: int = 0


@dataclass(frozen=True, slots=True)
class _Move:
    table: int
    to: int
    when: Due
    as_new: bool


class RoomBooks:
    """The floor's books, kept by applying room events."""

    def __init__(self, *, clock: Clock) -> None:
        self.clock = clock
        self.events: list[ev.RoomEvent] = []
        self._games: dict[int, _Game] = {}
        self._players: dict[PlayerId, _Player] = {}
        self._lists: dict[GameKind, list[PlayerId]] = {}
        self._interest: dict[GameKind, list[PlayerId]] = {}
        self._must_move: dict[int, list[PlayerId]] = {}  # main table -> names, list order
        self._moves: dict[PlayerId, _Move] = {}
        self._declined: set[tuple[str, int]] = set()  # new or must-move seats turned down
        # (player, table) -> until: barred from that must-move game (RRP5 seating.10)
        self._bars: dict[tuple[str, int], float] = {}
        self._apart: set[frozenset[str]] = set()
        self._sanctions: dict[str, list[ev.Sanctioned]] = {}
        self._order: dict[tuple[str, GameKind], float] = {}  # list order, for must-move
        self._over: dict[tuple[int, Seat], PlayerId] = {}  # (table, seat) -> playing over it
        self._passed: set[tuple[str, int]] = set()  # passed over while away (RRP5 seating.2)

    # ----- what the room looks like -----------------------------------------

    @property
    def tables(self) -> tuple[int, ...]:
        """The open games' tables."""
        return tuple(sorted(self._games))

    def kind_of(self, table: int) -> GameKind:
        """The kind of game at ``table``."""
        return self._game(table).kind

    def seated(self, table: int) -> dict[Seat, PlayerId]:
        """Who sits where at ``table``."""
        return dict(sorted(self._game(table).sitting.items()))

    def seats(self, table: int) -> tuple[int, ...]:
        """The seat numbers at ``table`` now."""
        return tuple(self._game(table).numbers)

    def locks(self, table: int) -> tuple[Lock, ...]:
        """The lock-ups held at ``table``."""
        return tuple(self._game(table).locks)

    def reserved(self, table: int) -> dict[Seat, PlayerId]:
        """The seats the house reserved at ``table``, each for its player (RRP5 seating.8)."""
        return dict(self._game(table).reserved)

    def waiting(self, kind: GameKind) -> tuple[PlayerId, ...]:
        """The waiting list for a kind of game, first up first."""
        return tuple(self._lists.get(kind, ()))

    def interested(self, kind: GameKind) -> tuple[PlayerId, ...]:
        """Remote interest in a kind of game: names with no place yet."""
        return tuple(self._interest.get(kind, ()))

    def must_move(self, main: int) -> tuple[PlayerId, ...]:
        """The must-move list for the main game at ``main``, in waiting-list order."""
        return tuple(self._must_move.get(main, ()))

    def seat_of(self, player: PlayerId) -> tuple[int, Seat] | None:
        """The (table, seat) a player sits in, if any (RRP5 seating.4: one at most)."""
        for game in self._games.values():
            for seat, name in game.sitting.items():
                if name == player:
                    return game.table, seat
        return None

    def playing_over(self, table: int) -> dict[Seat, PlayerId]:
        """Who plays over which absent player's seat at ``table`` (RRP5 policies.12)."""
        return {seat: p for (t, seat), p in sorted(self._over.items()) if t == table}

    def is_away(self, player: PlayerId) -> bool:
        """Whether a seated player is away from his seat (RRP5 policies.20)."""
        state = self._players.get(player)
        return state is not None and state.away_since is not None

    def lock_of(self, player: PlayerId) -> Lock | None:
        """The lock-up held for a player, if any."""
        for game in self._games.values():
            for lock in game.locks:
                if lock.player == player:
                    return lock
        return None

    def moving(self) -> tuple[PlayerId, ...]:
        """The players the floor has ordered moved, the moves not made yet."""
        return tuple(self._moves)

    def move_of(self, player: PlayerId) -> tuple[int, int, Due] | None:
        """A move the floor ordered for a player: (from, to, when)."""
        move = self._moves.get(player)
        return None if move is None else (move.table, move.to, move.when)

    def seat_changes(self, table: int) -> tuple[tuple[PlayerId, Seat | None], ...]:
        """The seat changes asked for at ``table``, earliest first, each with
        the seat wanted (None: any) (RRP5 seating.13)."""
        return tuple(self._game(table).changes)

    def call_expires(self, lock: Lock) -> float | None:
        """When a called player's held place may be picked up for someone
        waiting (RRP5 policies.21, seating.2); None for a lock-up no clock runs on."""
        game = self._games.get(lock.table)
        if game is None or lock.reason != "called" or game.holds_own_reservation(lock):
            return None
        return lock.since + timers.lock_limit(game)

    def absences(self) -> tuple[tuple[PlayerId, float, float], ...]:
        """The seated players away from their seats: each with when he left and
        the moment past which his chips are picked up (RRP5 policies.20)."""
        return tuple(
            (name, state.away_since, timers.away_limit(state.away_since, state.away_until))
            for name, state in sorted(self._players.items())
            if state.away_since is not None and self.seat_of(name) is not None
        )

    def record(self, player: PlayerId) -> tuple[ev.Sanctioned, ...]:
        """The warnings, suspensions and bars recorded against a player."""
        return tuple(self._sanctions.get(player, ()))

    def next_deadline(self) -> float | None:
        """The earliest moment at which the floor's timers act (a lock-up held
        too long, RRP5 policies.21, seating.2; an absence past its limit, RRP5
        policies.20; a bar from a game ending, RRP5 seating.10), or None; read
        from the books, changing nothing. See :mod:`floorman.room.timers`."""
        return timers.next_deadline(self)

    def kept_apart(self, a: PlayerId, b: PlayerId) -> bool:
        """Whether the house keeps ``a`` and ``b`` out of the same game (RRP5 seating.5)."""
        return frozenset((a, b)) in self._apart

    def state(self) -> RoomState:
        """Everything the floor's books hold now, as one comparable value."""

        def each(books: object) -> tuple[object, ...]:
            frozen = _frozen(books)
            assert isinstance(frozen, tuple)
            return frozen

        return RoomState(
            games=each(self._games),
            players=each(self._players),
            lists=each(self._lists),
            interest=each(self._interest),
            must_move=each(self._must_move),
            moves=each(self._moves),
            declined=each(self._declined),
            bars=each(self._bars),
            apart=each(self._apart),
            sanctions=each(self._sanctions),
            order=each(self._order),
            over=each(self._over),
            passed=each(self._passed),
        )

    # ----- who may play where -----------------------------------------------

    def _could_play(self, player: PlayerId, game: _Game, *, when: float | None = None) -> bool:
        """A name on the list the floor could call to ``game``, seat or no seat,
        now or at the moment ``when``: no rule keeps the player out, the game was
        not turned down, and the player is not called, moving, or in a game of
        that kind already."""
        at = self.seat_of(player)
        return not (
            (at is not None and self._game(at[0]).kind == game.kind)
            or (player, game.table) in self._declined
            or self.lock_of(player) is not None
            or player in self._moves
            or self._blocked(player, game, when=when) is not None
        )

    def _waiting_for(self, game: _Game, *, when: float | None = None) -> list[PlayerId]:
        """Names on the list, not yet called, who could play in ``game``, seat
        open or not: someone "waiting to play" (RRP5 policies.21, seating.14).
        A player away with nothing left to hold a seat is not (RRP5 seating.2)."""
        return [
            p
            for p in self._lists.get(game.kind, ())
            if self._could_play(p, game, when=when)
            and (self._player(p).present or self._player(p).lockup)
        ]

    def _eligible_list(self, game: _Game) -> list[PlayerId]:
        """Names the floor may call to ``game`` now, a seat being open for them."""
        return [
            p
            for p in self._lists.get(game.kind, ())
            if self._could_play(p, game) and self._eligible_seat(p, game)
        ]

    def _answers(self, player: PlayerId, game: _Game) -> bool:
        """Whether the floor calling ``player`` to ``game`` does something: he
        is called, or, away with nothing left to hold a seat, passed over there
        once (RRP5 seating.2). A player passed over already is skipped."""
        state = self._player(player)
        return (
            state.present
            or bool(state.lockup)
            or self.seat_of(player) is not None
            or (player, game.table) not in self._passed
        )

    def _eligible_seat(self, player: PlayerId, game: _Game) -> bool:
        """An open seat not reserved for someone else is left for ``player``.
        A place held in a new game takes one of those seats when the game
        starts, unless an open seat is reserved for its player, which it takes
        instead (RRP5 seating.7, seating.8)."""
        return len(game.free_for(player)) > game.places_held()

    def _blocked(
        self, player: PlayerId, game: _Game, *, when: float | None = None
    ) -> FloorError | None:
        """Why ``player`` may not play in ``game`` (now, or at ``when``), if a rule forbids it."""
        sanction = self._standing(player, when=when)
        if sanction is not None:
            return sanction
        until = self._bars.get((player, game.table))
        if until is not None and (self._now() if when is None else when) < until:
            return FloorError(
                f"{player} refused to move from the must-move game at table {game.table} and"
                " may not play in it or be called to it from the list for an hour (until"
                f" minute {until / 60:.0f} on the room clock); other {game.kind} games are open"
                " to him",
                citations=cite("seating.10"),
            )
        others = self._in_game(game)
        for other in sorted(others):
            if self.kept_apart(player, PlayerId(other)):
                return FloorError(
                    f"the house keeps {player} and {other} out of the same game",
                    citations=cite("seating.5"),
                )
        return None

    def _standing(self, player: PlayerId, *, when: float | None = None) -> FloorError | None:
        now = self._now() if when is None else when
        for record in self._sanctions.get(player, ()):
            if record.sanction is Sanction.WARNING:
                continue
            if record.until is None or now < record.until:
                term = (
                    "for good"
                    if record.until is None
                    else f"until minute {record.until / 60:.0f} on the room clock"
                )
                return FloorError(
                    f"{player} is under a {record.sanction.value} {term} and cannot be listed"
                    " or seated",
                    citations=record.citations,
                )
        return None

    def _in_game(self, game: _Game) -> set[PlayerId]:
        """Everyone in a game: seated, holding a seat locked up, or playing over."""
        over = {p for (t, _), p in self._over.items() if t == game.table}
        return set(game.sitting.values()) | {k.player for k in game.locks} | over

    def _may_list(self, player: PlayerId, kind: GameKind) -> None:
        # A refused move bars one game, not the list its kind shares (RRP5
        # seating.3): the list passes the name by for that game (_blocked).
        barred = self._standing(player)
        if barred is not None:
            raise barred
        if player in self._lists.get(kind, ()):
            raise FloorError("{player} is on the {kind} list already", player=player, kind=kind)
        at = self.seat_of(player)
        if at is not None and self._game(at[0]).kind == kind:
            raise FloorError(
                "{player} is in a {kind} game already; ask for a transfer instead",
                player=player,
                kind=kind,
                citations=cite("seating.3", "seating.4"),
            )

    def _may_play(self, player: PlayerId, game: _Game) -> None:
        why = self._blocked(player, game)
        if why is not None:
            raise why

    # ----- applying events --------------------------------------------------

    def apply(self, events: Iterable[ev.RoomEvent]) -> None:
        """Apply logged events, as when a room is rebuilt from its log."""
        for event in events:
            self._emit(event)

    def _emit(self, event: ev.RoomEvent) -> None:
        self.events.append(event)
        match event:
            case ev.GameOpened():
                self._games[event.table] = _Game(
                    table=event.table,
                    kind=event.kind,
                    numbers=[Seat(s) for s in range(1, event.seats + 1)],
                    main=event.main,
                    extra=event.extra,
                )
                if event.main is not None:
                    self._must_move.setdefault(event.main, [])
            case ev.GameStarted():
                game = self._games[event.table]
                game.new = False
                for i, lock in enumerate(game.locks):
                    if lock.seat is None:  # a place held in a new game becomes a seat
                        free = game.free_for(lock.player)
                        # A seat the house reserved for its player first (RRP5 seating.8).
                        mine = [s for s in free if game.reserved.get(s) == lock.player]
                        game.locks[i] = _with_seat(lock, (mine or free)[0])
            case ev.GameClosed():
                game = self._games.pop(event.table)
                # A bar is from that game; another opened at the table is not it.
                self._bars = {k: u for k, u in self._bars.items() if k[1] != event.table}
                self._passed = {(p, t) for p, t in self._passed if t != event.table}
                if game.main is not None:
                    self._must_move.pop(game.main, None)
                self._declined = {d for d in self._declined if d[1] != event.table}
                # Moves to or from a closed game are off; their seats are gone.
                gone = [p for p, m in self._moves.items() if event.table in (m.table, m.to)]
                for player in gone:
                    del self._moves[player]
                    self._unlock(player)
            case ev.PlayerArrived():
                state = self._players.setdefault(event.player, _Player(event.player))
                state.present, state.notified, state.lockup = True, False, 0
                self._passed = {(p, t) for p, t in self._passed if p != event.player}
            case ev.PassedOver():
                self._passed.add((event.player, event.table))
            case ev.AreaLeft():
                state = self._player(event.player)
                state.present, state.notified, state.lockup = False, True, event.lockup
            case ev.AreaReturned():
                self._player(event.player).present = True
                self._passed = {(p, t) for p, t in self._passed if p != event.player}
            case ev.InterestNoted():
                self._players.setdefault(event.player, _Player(event.player, present=False))
                self._interest.setdefault(event.kind, []).append(event.player)
            case ev.PlayerListed():
                self._players.setdefault(event.player, _Player(event.player))
                _remove(self._interest.get(event.kind, []), event.player)
                self._list(event.player, event.kind, event.place)
            case ev.PlayerDelisted():
                if event.main is not None:
                    _remove(self._must_move.get(event.main, []), event.player)
                else:
                    _remove(self._lists.get(event.kind, []), event.player)
                    _remove(self._interest.get(event.kind, []), event.player)
                    # Off the list, a call or move to that kind of game is off too.
                    for game in self._games.values():
                        if game.kind == event.kind and any(
                            k.player == event.player for k in game.locks
                        ):
                            self._moves.pop(event.player, None)
                            self._unlock(event.player)
            case ev.SeatLocked():
                self._games[event.table].locks.append(
                    Lock(
                        player=event.player,
                        table=event.table,
                        seat=event.seat,
                        since=event.at,
                        money=event.money,
                        reason="broken" if event.until_due else "called",
                    )
                )
            case ev.LockUpPickedUp():
                self._unlock(event.player)
            case ev.PlayerSeated():
                self._seat(event.player, event.table, event.seat)
            case ev.SeatRefused():
                self._unlock(event.player)
                self._moves.pop(event.player, None)
                if event.kept_place:
                    self._declined.add((event.player, event.table))
                else:
                    self._delist(event.player, (self._games[event.table].kind,))
            case ev.PlayerLeft() | ev.ChipsPickedUp():
                self._vacate(event.player, event.table, event.seat)
                if self._moves.pop(event.player, None) is not None:
                    self._unlock(event.player)
            case ev.SeatRemoved():
                game = self._games[event.table]
                game.numbers.remove(event.seat)
                game.extra = False
                game.quit_seat = None
                game.reserved.pop(event.seat, None)
            case ev.MoveDue():
                self._moves[event.player] = _Move(
                    table=event.table,
                    to=event.to,
                    when=event.when,
                    as_new=event.as_new,
                )
                self._games[event.to].locks.append(
                    Lock(
                        player=event.player,
                        table=event.to,
                        seat=event.seat,
                        since=event.at,
                        reason="move",
                    )
                )
            case ev.PlayerMoved():
                if event.table != event.to:  # a seat change in the game keeps any move
                    self._moves.pop(event.player, None)
                    self._unlock(event.player)
                self._vacate(event.player, event.table, event.seat, leaving=event.table != event.to)
                self._seat(event.player, event.to, event.to_seat)
            case ev.SeatChangeRequested():
                self._games[event.table].changes.append((event.player, event.seat))
            case ev.WentAway():
                state = self._player(event.player)
                state.away_since, state.took = event.at, event.took
                if state.away_until is not None and state.away_until <= event.at:
                    state.away_until = None  # an extension given in advance still holds
            case ev.AbsenceExtended():
                self._player(event.player).away_until = event.until
            case ev.CameBack():
                state = self._player(event.player)
                state.away_since = state.away_until = None
                state.took = 0
            case ev.PlayingOver():
                self._over[(event.table, event.seat)] = event.player
            case ev.PlayOverEnded():
                self._over.pop((event.table, event.seat), None)
            case ev.GameBroken():
                game = self._games[event.table]
                self._over = {k: p for k, p in self._over.items() if k[0] != event.table}
                if game.main is not None:
                    self._must_move[game.main].clear()
                game.sitting.clear()
                game.locks.clear()
                for player, _card in event.order:
                    self._moves.pop(player, None)
                    self._unlock(player)
                    state = self._player(player)
                    state.away_since = state.away_until = None
                    state.took = 0
                for player in event.away:
                    # Away from the table, so not in the playing area: the list
                    # passes him over until he comes back (RRP5 seating.2, seating.15).
                    state = self._player(player)
                    state.present, state.lockup = False, 0
            case ev.BarredFromGame():
                self._bars[(event.player, event.table)] = event.until
            case ev.KeptApart():
                self._apart.add(frozenset(event.players))
            case ev.SeatReserved():
                self._games[event.table].reserved[event.seat] = event.player
            case ev.Sanctioned():
                self._sanctions.setdefault(event.player, []).append(event)
                if event.sanction is not Sanction.WARNING:
                    self._over = {k: p for k, p in self._over.items() if p != event.player}
                    self._unlock(event.player)
                    self._moves.pop(event.player, None)
                    self._delist(event.player)
            case ev.PlayerCalled():
                pass

    def _list(self, player: PlayerId, kind: GameKind, place: int) -> None:
        names = self._lists.setdefault(kind, [])
        _remove(names, player)
        names.insert(place, player)
        # A key between the neighbours' keeps the list's order for the must-move
        # list, however names were put in (RRP5 seating.10).
        before = self._order.get((names[place - 1], kind)) if place > 0 else None
        after = self._order.get((names[place + 1], kind)) if place + 1 < len(names) else None
        if before is not None and after is not None:
            key = (before + after) / 2
        elif before is not None:
            key = before + 1
        elif after is not None:
            key = after - 1
        else:
            key = max((v for (_, k), v in self._order.items() if k == kind), default=0.0) + 1
        self._order[(player, kind)] = key

    def _seat(self, player: PlayerId, table: int, seat: Seat) -> None:
        game = self._games[table]
        # A lock-up here is used; one in another game (a move to come) stays.
        game.locks = [k for k in game.locks if k.player != player]
        game.sitting[seat] = player
        state = self._players.setdefault(player, _Player(player))
        state.present, state.notified, state.lockup = True, False, 0
        # A reservation is spent once its player sits anywhere in the game.
        game.reserved = {s: p for s, p in game.reserved.items() if p != player}
        _remove(self._lists.get(game.kind, []), player)
        if game.main is not None:
            # The must-move list keeps the waiting list's order (RRP5 seating.10).
            names = self._must_move[game.main]
            if player not in names:
                names.append(player)
            names.sort(key=lambda p: self._order.get((p, game.kind), 1 << 62))

    def _vacate(self, player: PlayerId, table: int, seat: Seat, *, leaving: bool = True) -> None:
        game = self._games[table]
        if game.sitting.get(seat) != player:
            return
        del game.sitting[seat]
        self._over.pop((table, seat), None)
        game.changes = [(p, s) for p, s in game.changes if p != player]
        if leaving:
            if game.main is not None:
                _remove(self._must_move[game.main], player)
            state = self._player(player)
            state.away_since = state.away_until = None
            state.took = 0
            if game.extra:
                game.quit_seat = seat

    def _delist(self, player: PlayerId, kinds: Sequence[GameKind] | None = None) -> None:
        every = [*self._lists, *(k for k in self._interest if k not in self._lists)]
        for kind in every if kinds is None else kinds:
            _remove(self._lists.get(kind, []), player)
            _remove(self._interest.get(kind, []), player)

    def _unlock(self, player: PlayerId) -> None:
        for game in self._games.values():
            game.locks = [k for k in game.locks if k.player != player]

    # ----- small helpers ----------------------------------------------------

    def _now(self) -> float:
        return self.clock.now()

    def _game(self, table: int) -> _Game:
        game = self._games.get(table)
        if game is None:
            raise FloorError(
                "no game is open at table {table}; tables: {tables}",
                table=table,
                tables=list(self.tables),
            )
        return game

    def _player(self, player: PlayerId) -> _Player:
        state = self._players.get(player)
        if state is None:
            raise FloorError("no player {player!r} is known to the room", player=player)
        return state

    def _seat_exists(self, game: _Game, seat: Seat) -> None:
        if seat not in game.numbers:
            raise FloorError(
                "table {game_table} has seats {game_numbers}, not {seat}",
                game_table=game.table,
                game_numbers=game.numbers,
                seat=seat,
            )

    def _seat_at(self, game: _Game, player: PlayerId) -> int:
        return next(s for s, p in game.sitting.items() if p == player)


def _remove(names: list[PlayerId], player: PlayerId) -> None:
    if player in names:
        names.remove(player)


def _with_seat(lock: Lock, seat: Seat) -> Lock:
    return Lock(
        player=lock.player,
        table=lock.table,
        seat=seat,
        since=lock.since,
        reason=lock.reason,
        money=lock.money,
    )
