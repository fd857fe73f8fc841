"""The cardroom floor: games, waiting lists, seats, must-move games, lock-ups.

A :class:`Room` takes what people do (open a game, sign up, arrive, take or
refuse a seat, leave, step away) and makes the floor's decisions itself: whom
to call to which seat, which lock-up to pick up, who must move and when, the
seating order when a game breaks. Every change is a
:mod:`room event <floorman.room.events>`; a refused operation raises
:class:`~floorman.errors.FloorError` with its rule and changes nothing. Time
comes from the injected clock, the cards drawn from the injected shuffler.

>>> from floorman.clock import ManualClock
>>> from floorman.games import Structure
>>> room = Room(clock=ManualClock())
>>> nl = GameKind(game="holdem", structure=Structure.NO_LIMIT, stakes="1/2")
>>> _ = room.open_game(1, nl, seats=2)
>>> [type(e).__name__ for e in room.sign_up("ann", nl)]
['PlayerArrived', 'PlayerListed', 'PlayerCalled', 'SeatLocked']
>>> _ = room.take_seat("ann", 1)
>>> room.seat_of("ann")
(1, 1)
"""

from __future__ import annotations

from collections.abc import Sequence

from floorman.cards import DECK_52, Card
from floorman.clock import Clock
from floorman.errors import ConfigError, FloorError, NotationError
from floorman.ids import PlayerId, Seat
from floorman.room import events as ev
from floorman.room._filling import RoomFilling
from floorman.room.timers import AWAY_LIMIT, MINUTE, REFUSAL_BAR
from floorman.room.values import GameKind, Sanction, check_term, is_whole
from floorman.rulebook import cite
from floorman.shuffle import SeededShuffler, Shuffler
from floorman.table.state import draw_for_button

__all__ = ["Room"]

FEW_EMPTY = 3  # RRP5 seating.11


class Room(RoomFilling):
    """The floor of a cardroom. ``shuffler`` gives the cards drawn for the
    button and when a game breaks (RRP5 seating.6, seating.15); ``lockup`` is
    the least a player leaving the area may leave to have a seat locked up
    (RRP5 seating.2 sets it at 20)."""

    def __init__(self, *, clock: Clock, shuffler: Shuffler | None = None, lockup: int = 20) -> None:
        if not is_whole(lockup) or lockup < 1:
            raise ConfigError(
                "the house's least lock-up is a whole number of chips, 1 or more, not {lockup!r}",
                lockup=lockup,
                citations=cite("seating.2"),
            )
        super().__init__(clock=clock)
        self.shuffler = shuffler if shuffler is not None else SeededShuffler(0)
        self.lockup = lockup

    # ----- management -------------------------------------------------------

    def open_game(
        self,
        table: int,
        kind: GameKind,
        *,
        seats: int = 9,
        main: int | None = None,
        extra: bool = False,
    ) -> list[ev.RoomEvent]:
        """Open a game (RRP5 policies.1). ``main``: it is a must-move game for
        that table (RRP5 seating.10); ``extra``: one seat over ``seats``, taken
        away when someone quits (RRP5 seating.9)."""
        if not is_whole(table) or table < 1:
            raise ConfigError("tables are numbered 1 and up, not {table!r}", table=table)
        if not is_whole(seats):
            raise ConfigError("seats are a whole number, 2 to 10, not {seats!r}", seats=seats)
        if table in self._games:
            raise FloorError(
                "table {table} already has a game", table=table, citations=cite("policies.1")
            )
        if not 2 <= seats + extra <= 10:
            raise FloorError("a game has 2 to 10 seats, not {seats}", seats=seats + extra)
        rules = ["policies.1"]
        if main is not None:
            other = self._games.get(main)
            if other is None or other.kind != kind or other.main is not None:
                raise FloorError(
                    "a must-move game feeds an open main game of the same kind ({kind}); table "
                    "{main} is not one",
                    kind=kind,
                    main=main,
                    citations=cite("seating.10"),
                )
            if any(g.main == main for g in self._games.values()):
                raise FloorError(
                    "table {main} already has a must-move game",
                    main=main,
                    citations=cite("seating.10"),
                )
            rules.append("seating.10")
        if extra:
            rules.append("seating.9")
        return self._run(
            ev.GameOpened(
                table=table,
                kind=kind,
                seats=seats + extra,
                main=main,
                extra=extra,
                at=self._now(),
                citations=cite(*rules),
            )
        )

    def start_game(self, table: int) -> list[ev.RoomEvent]:
        """The game at ``table`` has started dealing: it is no longer new
        (RRP5 seating.7, policies.21)."""
        game = self._game(table)
        if len(game.sitting) < 2:
            raise FloorError(
                "table {table} has {count} player(s); a game needs two",
                table=table,
                count=len(game.sitting),
            )
        if not game.new:
            raise FloorError("the game at table {table} has started already", table=table)
        held = game.places_held()
        unclaimed = [s for s in game.open_seats() if s not in game.reserved]
        if len(unclaimed) < held:
            raise FloorError(
                "table {table} has {held} places held and {count} seats free for them; seat or "
                "release those players first",
                table=table,
                held=held,
                count=len(unclaimed),
                citations=cite("seating.7", "seating.8"),
            )
        cards: tuple[tuple[Seat, Card], ...] = ()
        button = None
        if game.kind.form.is_button_game:  # stud has no button to draw for
            cards, button = draw_for_button(game.kind.form, sorted(game.sitting), self.shuffler)
        return self._run(
            ev.GameStarted(
                table=table,
                button=button,
                cards=cards,
                at=self._now(),
                citations=cite("seating.6", "seating.7", "policies.21"),
            )
        )

    def close_game(self, table: int) -> list[ev.RoomEvent]:
        """Close an empty game (RRP5 policies.1); a game with players is broken instead."""
        game = self._game(table)
        if game.sitting:
            raise FloorError(
                "table {table} still has players; break the game to reseat them",
                table=table,
                citations=cite("policies.1", "seating.15"),
            )
        if any(g.main == table for g in self._games.values()):
            raise FloorError("table {table}'s must-move game must close first", table=table)
        return self._run(ev.GameClosed(table=table, at=self._now(), citations=cite("policies.1")))

    def keep_apart(self, a: PlayerId, b: PlayerId) -> list[ev.RoomEvent]:
        """The house keeps two players out of the same game (RRP5 seating.5)."""
        if a == b:
            raise FloorError("a player cannot be kept apart from himself")
        for game in self._games.values():
            present = self._in_game(game)
            if {a, b} <= present:
                raise FloorError(
                    "{a} and {b} are both in the game at table {game_table}: seat one of them "
                    "elsewhere first",
                    a=a,
                    b=b,
                    game_table=game.table,
                    citations=cite("seating.5"),
                )
        pair = tuple(sorted((a, b)))
        return self._run(
            ev.KeptApart(players=(pair[0], pair[1]), at=self._now(), citations=cite("seating.5"))
        )

    def reserve(
        self, table: int, seat: Seat, player: PlayerId, *, reason: str = ""
    ) -> list[ev.RoomEvent]:
        """Reserve a seat for a player for a good reason (RRP5 seating.8)."""
        game = self._game(table)
        self._seat_exists(game, seat)
        if seat in game.sitting or any(lock.seat == seat for lock in game.locks):
            raise FloorError(
                "seat {seat} at table {table} is taken",
                seat=seat,
                table=table,
                citations=cite("seating.8"),
            )
        if seat in game.reserved:
            raise FloorError(
                "seat {seat} at table {table} is reserved for {holder}",
                seat=seat,
                table=table,
                holder=game.reserved[seat],
                citations=cite("seating.8"),
            )
        # Places held in a new game need seats nobody else has a claim on.
        unclaimed = [s for s in game.open_seats() if s not in game.reserved and s != seat]
        held = game.places_held(besides=player)
        if len(unclaimed) < held:
            raise FloorError(
                "seat {seat} at table {table} is needed for the {held} players called to the new "
                "game",
                seat=seat,
                table=table,
                held=held,
                citations=cite("seating.7", "seating.8"),
            )
        return self._run(
            ev.SeatReserved(
                player=player,
                table=table,
                seat=seat,
                reason=reason,
                at=self._now(),
                citations=cite("seating.8"),
            )
        )

    def sanction(
        self,
        player: PlayerId,
        sanction: Sanction,
        rules: Sequence[str],
        *,
        minutes: float | None = None,
    ) -> list[ev.RoomEvent]:
        """Record a warning, suspension or bar against a player for breaking
        ``rules`` (conduct rule ids). A suspension needs ``minutes``; a bar
        without them is for good. Suspended and barred players leave their
        seats and lists."""
        if not rules or not all(r.startswith("conduct.") for r in rules):
            raise FloorError(
                "a sanction names the conduct rules broken, e.g. conduct.improper.2; not {rules}",
                rules=rules,
            )
        if sanction is Sanction.SUSPENSION and minutes is None:
            raise FloorError("a suspension has a term: give its minutes")
        if sanction is Sanction.WARNING and minutes is not None:
            raise FloorError("a warning has no term")
        if minutes is not None:
            check_term(minutes)
        try:
            rule = cite(*rules)
        except NotationError as unknown:
            raise FloorError(
                "no conduct rule {unknown_text!r}: {unknown}",
                unknown_text=unknown.text,
                unknown=unknown,
            ) from None
        now = self._now()
        until = None if minutes is None else now + minutes * MINUTE
        out: list[ev.RoomEvent] = [
            ev.Sanctioned(player=player, sanction=sanction, until=until, at=now, citations=rule)
        ]
        at = self.seat_of(player)
        if sanction is not Sanction.WARNING and at is not None:
            out.append(
                ev.PlayerLeft(player=player, table=at[0], seat=Seat(at[1]), at=now, citations=rule)
            )
        return self._run(*out)

    # ----- players ----------------------------------------------------------

    def arrive(self, player: PlayerId) -> list[ev.RoomEvent]:
        """A player comes into the room: names noted as interest get their
        place now, at the end of the list (RRP5 seating.1)."""
        return self._run(*self._arrival(player))

    def _arrival(self, player: PlayerId, *, signing: GameKind | None = None) -> list[ev.RoomEvent]:
        """Arriving, with a place at the end of each list the player's
        interest was noted for (RRP5 seating.1), but the one ``signing`` up for
        now, which the sign-up itself places."""
        now = self._now()
        out: list[ev.RoomEvent] = [ev.PlayerArrived(player=player, at=now)]
        at = self.seat_of(player)
        playing = None if at is None else self._game(at[0]).kind
        for kind, names in self._interest.items():
            if kind in (playing, signing) or player not in names:
                continue
            if self._standing(player) is None:
                place = len(self._lists.get(kind, ()))
                out.append(
                    ev.PlayerListed(
                        player=player, kind=kind, place=place, at=now, citations=cite("seating.1")
                    )
                )
        return out

    def note_interest(self, player: PlayerId, kind: GameKind) -> list[ev.RoomEvent]:
        """Note a remote player's interest in a game: no place on the list
        until the player arrives (RRP5 seating.1)."""
        self._may_list(player, kind)
        if player in self._interest.get(kind, ()):
            raise FloorError(
                "{player}'s interest in {kind} is noted already", player=player, kind=kind
            )
        return self._run(
            ev.InterestNoted(player=player, kind=kind, at=self._now(), citations=cite("seating.1"))
        )

    def sign_up(
        self, player: PlayerId, kind: GameKind, *, present: bool = True
    ) -> list[ev.RoomEvent]:
        """Put a player's name on the waiting list for a kind of game. Only in
        person (RRP5 seating.1): someone not present may have interest noted."""
        if not present:
            raise FloorError(
                "{player} must be present to go on the {kind} list; note_interest records a "
                "remote request, which holds no place",
                player=player,
                kind=kind,
                citations=cite("seating.1"),
            )
        self._may_list(player, kind)
        out: list[ev.RoomEvent] = []
        state = self._players.get(player)
        if state is None or not state.present:
            out.extend(self._arrival(player, signing=kind))
        place = len(self._lists.get(kind, ()))
        out.append(
            ev.PlayerListed(
                player=player, kind=kind, place=place, at=self._now(), citations=cite("seating.1")
            )
        )
        return self._run(*out)

    def leave_list(self, player: PlayerId, kind: GameKind) -> list[ev.RoomEvent]:
        """Take a name off a list at the player's request."""
        if player not in self._lists.get(kind, ()) and player not in self._interest.get(kind, ()):
            raise FloorError("{player} is not on the {kind} list", player=player, kind=kind)
        return self._run(
            ev.PlayerDelisted(player=player, kind=kind, reason="asked", at=self._now())
        )

    def leave_area(self, player: PlayerId, *, lockup: int = 0) -> list[ev.RoomEvent]:
        """A listed player tells the list-person of leaving the playing area,
        leaving ``lockup`` chips for a lock-up (RRP5 seating.2)."""
        if not is_whole(lockup) or lockup < 0 or 0 < lockup < self.lockup:
            raise FloorError(
                "a lock-up is {least} or more, or nothing; not {lockup}",
                least=self.lockup,
                lockup=lockup,
                citations=cite("seating.2"),
            )
        self._player(player)
        return self._run(
            ev.AreaLeft(player=player, lockup=lockup, at=self._now(), citations=cite("seating.2"))
        )

    def take_seat(
        self, player: PlayerId, table: int, seat: Seat | None = None
    ) -> list[ev.RoomEvent]:
        """A player sits down: in the seat locked for them, a seat of their
        choice in a new game (RRP5 seating.7), or, with nobody waiting, an open
        seat by the floor's permission (RRP5 policies.11)."""
        game = self._game(table)
        self._may_play(player, game)
        lock = next((k for k in game.locks if k.player == player), None)
        if seat is not None:
            self._seat_exists(game, seat)
            if seat in game.sitting:
                raise FloorError(
                    "seat {seat} at table {table} is taken by {occupant}",
                    seat=seat,
                    table=table,
                    occupant=game.sitting[seat],
                )
            held = next((k for k in game.locks if k.seat == seat and k.player != player), None)
            if held is not None:
                raise FloorError(
                    "seat {seat} at table {table} is locked up for {held_player}",
                    seat=seat,
                    table=table,
                    held_player=held.player,
                    citations=cite("seating.2"),
                )
            owner = game.reserved.get(seat)
            if owner is not None and owner != player:
                raise FloorError(
                    "seat {seat} at table {table} is reserved for {owner}",
                    seat=seat,
                    table=table,
                    owner=owner,
                    citations=cite("seating.8"),
                )
        now = self._now()
        if lock is not None:
            if lock.seat is not None and seat not in (None, lock.seat):
                raise FloorError(
                    "{player} is called to seat {lock_seat} at table {table}, not seat {seat}; ask "
                    "for a seat change once seated",
                    player=player,
                    lock_seat=lock.seat,
                    table=table,
                    seat=seat,
                    citations=cite("seating.13"),
                )
            chosen = lock.seat if lock.seat is not None else seat
            if chosen is None:
                chosen = Seat(self._choice(game, player))
            rules: tuple[str, ...] = ("seating.7",) if lock.seat is None else ()
            at = self.seat_of(player)
            if at is not None:
                move = self._moves.get(player)
                as_new = move is not None and move.as_new
                rules += ("seating.12",) if as_new else ("seating.14",)
                return self._run(self._moved(player, at, table, chosen, now, rules, as_new=as_new))
            return self._run(
                *self._over_ends(player),
                ev.PlayerSeated(
                    player=player, table=table, seat=chosen, at=now, citations=cite(*rules)
                ),
            )
        called = self.lock_of(player)
        if called is not None:
            raise FloorError(
                "{player} is called to table {called_table}: take that seat or refuse it",
                player=player,
                called_table=called.table,
                citations=cite("seating.3"),
            )
        if self.seat_of(player) is not None:
            where = self.seat_of(player)
            raise FloorError(
                "{player} holds a seat at table {at}; one seat per player, so change games "
                "through the list or a transfer",
                player=player,
                at=where and where[0],
                citations=cite("seating.4"),
            )
        mine = [s for s in game.open_seats() if game.reserved.get(s) == player]
        if seat in mine or (seat is None and mine):
            # Management kept this seat for the player (RRP5 seating.8).
            chosen = seat if seat is not None else mine[0]
            return self._run(
                *self._over_ends(player),
                ev.PlayerSeated(
                    player=player, table=table, seat=chosen, at=now, citations=cite("seating.8")
                ),
            )
        waiting = [p for p in self._waiting_for(game) if p != player]
        if waiting or not self._eligible_seat(player, game):
            why = (
                f"{waiting[0]} is first up on the {game.kind} list"
                if waiting
                else "no seat is open"
            )
            raise FloorError(
                "{player} needs the floor's permission to sit at table {table}: {why}",
                player=player,
                table=table,
                why=why,
                citations=cite("policies.11"),
            )
        chosen = Seat(seat if seat is not None else self._choice(game, player))
        return self._run(
            *self._over_ends(player),
            ev.PlayerSeated(
                player=player, table=table, seat=chosen, at=now, citations=cite("policies.11")
            ),
        )

    def _over_ends(self, player: PlayerId) -> list[ev.RoomEvent]:
        """A player playing over who takes a seat of his own gives that one back."""
        return [
            ev.PlayOverEnded(player=player, table=t, seat=seat, at=self._now())
            for (t, seat), p in self._over.items()
            if p == player
        ]

    def refuse(self, player: PlayerId) -> list[ev.RoomEvent]:
        """A called player turns the seat down. Refusing to move from the
        must-move game into the main game is quitting, with an hour's bar from
        that must-move game: the player may not play in it or be called to it
        from the list. The list of its kind, which other games share (RRP5
        seating.3), and those games stay open to him (RRP5 seating.10). A new or must-move game may be turned down keeping
        the place on the list, unless playing would leave three or fewer seats
        empty (RRP5 seating.11). Turning down a seat in a running game of the
        kind asked for takes the name off the list: the rule protects only new
        and must-move games, and this is the common practice."""
        lock = self.lock_of(player)
        if lock is None:
            raise FloorError("{player} has not been called to a seat", player=player)
        game = self._game(lock.table)
        now = self._now()
        move = self._moves.get(player)
        if move is not None and move.as_new:
            # Refusing to go from the must-move game into the main game.
            source = self._game(move.table)
            seat = self._seat_at(source, player)
            until = now + REFUSAL_BAR
            return self._run(
                ev.SeatRefused(
                    player=player,
                    table=lock.table,
                    kept_place=False,
                    at=now,
                    citations=cite("seating.10"),
                ),
                ev.PlayerLeft(
                    player=player,
                    table=source.table,
                    seat=Seat(seat),
                    at=now,
                    citations=cite("seating.10"),
                ),
                ev.BarredFromGame(
                    player=player,
                    table=source.table,
                    until=until,
                    at=now,
                    citations=cite("seating.10"),
                ),
            )
        empty_after = game.seats - game.filled()
        kept = (game.new or game.main is not None) and empty_after > FEW_EMPTY
        rules = ("seating.11",) if game.new or game.main is not None else ()
        return self._run(
            ev.SeatRefused(
                player=player, table=lock.table, kept_place=kept, at=now, citations=cite(*rules)
            )
        )

    def no_answer(self, player: PlayerId) -> list[ev.RoomEvent]:
        """A called player did not answer: it is the player's job to be there
        and hear the list, so the seat goes to the next name and this one comes
        off the list (RRP5 seating.2). A seat locked with lock-up money stays."""
        lock = self.lock_of(player)
        if lock is None or lock.reason != "called" or self._moves.get(player) is not None:
            raise FloorError("{player} has not been called from a list", player=player)
        if lock.money:
            raise FloorError(
                "{player} left {lock_money} for a lock-up: the seat stays locked",
                player=player,
                lock_money=lock.money,
                citations=cite("seating.2"),
            )
        now = self._now()
        game = self._game(lock.table)
        return self._run(
            ev.LockUpPickedUp(
                player=player, table=lock.table, seat=lock.seat, at=now, citations=cite("seating.2")
            ),
            ev.PlayerDelisted(
                player=player,
                kind=game.kind,
                reason="did not answer the call",
                at=now,
                citations=cite("seating.2"),
            ),
        )

    def leave(self, player: PlayerId) -> list[ev.RoomEvent]:
        """A seated player quits the game."""
        at = self.seat_of(player)
        if at is None:
            raise FloorError("{player} has no seat to leave", player=player)
        return self._run(
            ev.PlayerLeft(player=player, table=at[0], seat=Seat(at[1]), at=self._now())
        )

    def request_seat_change(self, player: PlayerId, seat: Seat | None = None) -> list[ev.RoomEvent]:
        """A player in a game asks for another seat in it (``seat`` None: any).
        Such requests come before new players, the earliest first (RRP5 seating.13)."""
        at = self.seat_of(player)
        if at is None:
            raise FloorError(
                "{player} is not in a game", player=player, citations=cite("seating.13")
            )
        game = self._game(at[0])
        if seat is not None:
            self._seat_exists(game, seat)
            if seat == at[1]:
                raise FloorError("{player} sits in seat {seat} already", player=player, seat=seat)
        if any(name == player for name, _ in game.changes):
            raise FloorError("{player} has asked for a seat change already", player=player)
        return self._run(
            ev.SeatChangeRequested(
                player=player, table=at[0], seat=seat, at=self._now(), citations=cite("seating.13")
            )
        )

    def transfer(self, player: PlayerId, to: int) -> list[ev.RoomEvent]:
        """A player moves to a similar game at once. Refused if the game left
        would then have fewer players than the game entered (RRP5 seating.3)."""
        at = self.seat_of(player)
        if at is None:
            raise FloorError("{player} is not in a game", player=player)
        source, target = self._game(at[0]), self._game(to)
        if source.kind != target.kind or source.table == to:
            raise FloorError(
                "table {to} is not another {source_kind} game", to=to, source_kind=source.kind
            )
        self._may_play(player, target)
        if len(source.sitting) - 1 < len(target.sitting) + 1:
            raise FloorError(
                "{player} cannot move to table {to}: table {source} would be left with {left}, "
                "fewer than table {to}'s {then}",
                player=player,
                to=to,
                source=at[0],
                left=_players(len(source.sitting) - 1),
                then=len(target.sitting) + 1,
                citations=cite("seating.3"),
            )
        if not self._eligible_seat(player, target) or self._waiting_for(target):
            raise FloorError(
                "table {to} has no seat open for a transfer", to=to, citations=cite("seating.3")
            )
        seat = self._choice(target, player)
        return self._run(self._moved(player, at, to, Seat(seat), self._now(), ("seating.3",)))

    def due(self, player: PlayerId) -> list[ev.RoomEvent]:
        """The dealer says a player has come to the point a move or lock-up was
        waiting for (the big blind, the button, one more deal). A player
        ordered to move moves. An absent player of a broken game whose seat was
        held, not back in time, loses it and goes first up on the list (RRP5
        seating.15); while still away the list passes him over (RRP5 seating.2),
        so the seat goes to the next name, and he is first up for the next one
        once back. One who is back takes the seat held or turns it down."""
        move = self._moves.get(player)
        lock = self.lock_of(player)
        now = self._now()
        if move is not None:
            at = self.seat_of(player)
            assert at is not None
            assert lock is not None
            seat = lock.seat if lock.seat is not None else self._choice(self._game(move.to), player)
            rules = ("seating.12",) if move.as_new else ("seating.14",)
            return self._run(
                self._moved(player, at, move.to, Seat(seat), now, rules, as_new=move.as_new)
            )
        if lock is not None and lock.reason == "broken":
            game = self._game(lock.table)
            if self._player(player).present:
                raise FloorError(
                    "{player} is back in time: {place} is held for him to take or turn down",
                    player=player,
                    place=_place(lock.table, lock.seat),
                    citations=cite("seating.15"),
                )
            return self._run(
                ev.LockUpPickedUp(
                    player=player,
                    table=lock.table,
                    seat=lock.seat,
                    at=now,
                    citations=cite("seating.15"),
                ),
                ev.PlayerListed(
                    player=player, kind=game.kind, place=0, at=now, citations=cite("seating.15")
                ),
            )
        raise FloorError("{player} has no move or held seat waiting", player=player)

    def away(self, player: PlayerId, *, took: int = 0) -> list[ev.RoomEvent]:
        """A seated player steps away, perhaps taking chips for safety (RRP5 policies.4)."""
        at = self.seat_of(player)
        if at is None:
            raise FloorError("{player} has no seat to step away from", player=player)
        if not is_whole(took) or took < 0:
            raise FloorError("chips taken are a whole number, 0 or more, not {took!r}", took=took)
        if self._player(player).away_since is not None:
            raise FloorError("{player} is away already", player=player)
        return self._run(
            ev.WentAway(
                player=player,
                table=at[0],
                took=took,
                at=self._now(),
                citations=cite("policies.4", "policies.20"),
            )
        )

    def extend_absence(self, player: PlayerId, *, minutes: float) -> list[ev.RoomEvent]:
        """A floorperson, told in advance, lets a player be away longer (RRP5 policies.20)."""
        state = self._player(player)
        check_term(minutes)
        if self.seat_of(player) is None:
            raise FloorError(
                "{player} has no seat to hold", player=player, citations=cite("policies.20")
            )
        start = state.away_since if state.away_since is not None else self._now()
        return self._run(
            ev.AbsenceExtended(
                player=player,
                until=start + max(AWAY_LIMIT, minutes * MINUTE),
                at=self._now(),
                citations=cite("policies.20"),
            )
        )

    def come_back(self, player: PlayerId, *, restored: int | None = None) -> list[ev.RoomEvent]:
        """A player back at the seat restores every chip taken away (RRP5 policies.4)."""
        at = self.seat_of(player)
        state = self._player(player)
        if at is None or state.away_since is None:
            raise FloorError("{player} is not away from a seat", player=player)
        back = state.took if restored is None else restored
        if not is_whole(back) or back < 0:
            raise FloorError(
                "chips restored are a whole number, 0 or more, not {back!r}", back=back
            )
        if back < state.took:
            raise FloorError(
                "{player} took {state_took} from the table and must restore all of it, not {back}",
                player=player,
                state_took=state.took,
                back=back,
                citations=cite("policies.4"),
            )
        now = self._now()
        out: list[ev.RoomEvent] = [
            ev.CameBack(
                player=player, table=at[0], restored=back, at=now, citations=cite("policies.4")
            )
        ]
        over = self._over.get(at)
        if over is not None:
            out.append(
                ev.PlayOverEnded(player=PlayerId(over), table=at[0], seat=Seat(at[1]), at=now)
            )
        return self._run(*out)

    def play_over(self, player: PlayerId, table: int, seat: Seat) -> list[ev.RoomEvent]:
        """Let ``player`` play over the seat of a player who is away: only with
        the floor's permission, which this is, and not the absent player's
        (RRP5 policies.12). The seat is given back when its player returns."""
        game = self._game(table)
        self._seat_exists(game, seat)
        owner = game.sitting.get(seat)
        if owner is None or self._player(owner).away_since is None:
            raise FloorError(
                "seat {seat} at table {table} has no absent player to play over",
                seat=seat,
                table=table,
                citations=cite("policies.12"),
            )
        if (table, seat) in self._over:
            raise FloorError(
                "{occupant} plays over seat {seat} already",
                occupant=self._over[(table, seat)],
                seat=seat,
                citations=cite("policies.12"),
            )
        if self.seat_of(player) is not None or player in self._over.values():
            raise FloorError(
                "{player} holds a seat already; one seat per player",
                player=player,
                citations=cite("seating.4"),
            )
        if self.lock_of(player) is not None:
            raise FloorError(
                "{player} is called to a seat; take it or refuse it first", player=player
            )
        self._may_play(player, game)
        return self._run(
            ev.PlayingOver(
                player=player,
                table=table,
                seat=seat,
                over=owner,
                at=self._now(),
                citations=cite("policies.12"),
            )
        )

    def break_game(self, table: int) -> list[ev.RoomEvent]:
        """Break the game at ``table`` (RRP5 seating.15): each player draws a
        card, the floor drawing for anyone away, and in that order they take
        the open seats of similar games; an absent player's seat is locked
        until due for the big blind. The rest go to the top of the list in
        draw order, as is the common practice."""
        game = self._game(table)
        if any(g.main == table for g in self._games.values()):
            raise FloorError("table {table}'s must-move game must close first", table=table)
        players = [name for _, name in sorted(game.sitting.items())]
        cards = self.shuffler.shuffle(DECK_52)[: len(players)]
        drawn = sorted(zip(players, cards, strict=True), key=lambda pc: _high(pc[1]), reverse=True)
        now = self._now()
        rule = cite("seating.15")
        away = {p for p in players if self._player(p).away_since is not None}
        start = len(self.events)
        self._emit(
            ev.GameBroken(
                table=table,
                order=tuple(drawn),
                away=tuple(p for p, _card in drawn if p in away),
                at=now,
                citations=rule,
            )
        )
        place = 0
        for player, _card in drawn:
            target = next(
                (
                    g
                    for g in sorted(self._games.values(), key=lambda g: (g.filled(), g.table))
                    if g is not game
                    and g.kind == game.kind
                    and g.room_for() > 0
                    and self._eligible_seat(player, g)
                    and self._blocked(player, g) is None
                ),
                None,
            )
            if target is None:
                self._emit(
                    ev.PlayerListed(
                        player=player, kind=game.kind, place=place, at=now, citations=rule
                    )
                )
                place += 1
            elif player in away:
                seat = None if target.new else self._lock_seat(target, player)
                self._emit(
                    ev.SeatLocked(
                        player=player,
                        table=target.table,
                        seat=seat,
                        until_due=True,
                        at=now,
                        citations=rule,
                    )
                )
            else:
                self._emit(
                    ev.PlayerSeated(
                        player=player,
                        table=target.table,
                        seat=Seat(self._choice(target, player)),
                        at=now,
                        citations=cite("seating.15", "buy-in.3"),
                    )
                )
        self._emit(ev.GameClosed(table=table, at=now, citations=cite("policies.1", "seating.15")))
        self._run()
        return self.events[start:]

    def tick(self) -> list[ev.RoomEvent]:
        """Let the floor act on the time now: lock-ups and absences run out
        (:meth:`next_deadline` says when this next does something)."""
        return self._run()


def _place(table: int, seat: Seat | None) -> str:
    return f"a place at table {table}" if seat is None else f"seat {seat} at table {table}"


def _players(n: int) -> str:
    return f"{n} player" if n == 1 else f"{n} players"


def _high(card: Card) -> tuple[int, int]:
    """Highest card by suit draws first (RRP5 seating.15, ties.1's suit order)."""
    return int(card.rank), int(card.suit)
