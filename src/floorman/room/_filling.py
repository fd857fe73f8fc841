"""The floor's own decisions: whom to call to which place, and when.

After every change the floor fills what is open (seat changes first, then
players due from a must-move game, then the waiting list, the game most in
need first), picks up the lock-ups and chips that have been away too long,
and takes away the extra seat a game started with once someone quits.
:class:`~floorman.room.state.Room` is what people do; this is what the floor
does in answer, one :mod:`room event <floorman.room.events>` at a time.
"""

from __future__ import annotations

from collections.abc import Iterable

from floorman.errors import FloorError
from floorman.ids import PlayerId, Seat
from floorman.room import events as ev
from floorman.room.books import RoomBooks, _Game
from floorman.room.timers import away_limit, overdue_locks
from floorman.room.values import Due
from floorman.rulebook import cite

__all__ = ["RoomFilling"]


class RoomFilling(RoomBooks):
    """The floor's decisions over the books (:class:`~floorman.room.books.RoomBooks`)."""

    def _run(self, *events: ev.RoomEvent) -> list[ev.RoomEvent]:
        start = len(self.events)
        for event in events:
            self._emit(event)
        # The places open are filled first: a lock-up is picked up only for
        # someone left waiting to play (RRP5 policies.21).
        self._settle()
        self._fill()
        self._timers()
        self._settle()
        self._fill()
        return self.events[start:]

    def _settle(self) -> None:
        """A game started with an extra seat loses it when someone quits (RRP5 seating.9)."""
        for game in list(self._games.values()):
            if game.extra and game.quit_seat is not None:
                self._emit(
                    ev.SeatRemoved(
                        table=game.table,
                        seat=Seat(game.quit_seat),
                        at=self._now(),
                        citations=cite("seating.9"),
                    )
                )

    def _timers(self) -> None:
        now = self._now()
        for game in list(self._games.values()):
            # The oldest lock-up overdue goes while someone waits to play, and
            # the floor fills the place before the next is looked at: one place
            # for each player waiting, and more only if the floor gave the place
            # to someone first in line who was not waiting (a must-move player,
            # RRP5 seating.10), so that a tick leaves nothing due at its moment.
            while (overdue := overdue_locks(game, now)) and self._waiting_for(game):
                lock = overdue[0]
                self._emit(
                    ev.LockUpPickedUp(
                        player=PlayerId(lock.player),
                        table=game.table,
                        seat=lock.seat,
                        at=now,
                        citations=cite("policies.21"),
                    )
                )
                self._emit(
                    ev.PlayerDelisted(
                        player=PlayerId(lock.player),
                        kind=game.kind,
                        reason="held the seat too long",
                        at=now,
                        citations=cite("policies.21"),
                    )
                )
                self._settle()
                self._fill()
        for name, state in list(self._players.items()):
            if state.away_since is None:
                continue
            limit = away_limit(state.away_since, state.away_until)
            at = self.seat_of(name)
            if now > limit and at is not None:  # more than thirty minutes
                self._emit(
                    ev.ChipsPickedUp(
                        player=name,
                        table=at[0],
                        seat=Seat(at[1]),
                        at=now,
                        citations=cite("policies.20"),
                    )
                )

    def _fill(self) -> None:
        """Fill open places until nothing changes: seat changes first (RRP5
        seating.13), then players due from a must-move game (RRP5 seating.10,
        seating.12), then the waiting list, the game most in need first (RRP5
        seating.3)."""
        while True:
            games = sorted(
                (g for g in self._games.values() if g.open_seats()),
                key=lambda g: (g.filled(), g.table),
            )
            if not any(self._fill_one(game) for game in games):
                return

    def _fill_one(self, game: _Game) -> bool:
        now = self._now()
        for player, wanted in game.changes:
            open_ = game.free_for(player)
            seat = wanted if wanted in open_ else (open_[0] if wanted is None and open_ else None)
            if seat is not None:
                at = self.seat_of(player)
                assert at is not None
                self._emit(self._moved(player, at, game.table, seat, now, ("seating.13",)))
                return True
        feeder = next((g for g in self._games.values() if g.main == game.table), None)
        if feeder is not None:
            for player in self._must_move.get(game.table, ()):
                if (
                    player in self._moves
                    or self.lock_of(player) is not None
                    or self._blocked(player, game) is not None
                    or not self._eligible_seat(player, game)
                ):
                    continue
                when = Due.BLIND if feeder.kind.form.is_button_game else Due.NEXT_DEAL
                self._order_move(player, feeder.table, game, when, as_new=True, rule="seating.12")
                return True
            if feeder.room_for() > 0 and any(
                self._answers(p, feeder) for p in self._eligible_list(feeder)
            ):
                return False  # the list feeds the must-move game, not the main game
        for player in self._eligible_list(game):
            if not self._answers(player, game):
                continue  # away, and passed over here once already (RRP5 seating.2)
            state = self._player(player)
            at = self.seat_of(player)
            if at is not None:
                # Seated elsewhere: a lock-up here, and a move when the rule says
                # (RRP5 seating.14), whether or not the player is at the table now.
                source = self._game(at[0])
                waiting = len(self._waiting_for(source))
                button = source.kind.form.is_button_game
                when = (
                    Due.NOW
                    if waiting >= 2 or (not button and waiting >= 1)
                    else Due.BLIND
                    if button
                    else Due.NEXT_DEAL
                )
                seat = None if game.new else self._lock_seat(game, player)
                self._emit(
                    ev.PlayerCalled(
                        player=player,
                        table=game.table,
                        seat=seat,
                        at=now,
                        citations=cite("seating.2", "seating.14"),
                    )
                )
                self._order_move(player, at[0], game, when, as_new=False, rule="seating.14")
                return True
            if not state.present:
                if state.lockup:
                    self._call(game, player, money=state.lockup)
                    return True
                self._emit(
                    ev.PassedOver(
                        player=player, table=game.table, at=now, citations=cite("seating.2")
                    )
                )
                return True
            self._call(game, player)
            return True
        return False

    def _call(self, game: _Game, player: PlayerId, *, money: int = 0) -> None:
        now = self._now()
        seat = None if game.new else self._lock_seat(game, player)
        if game.main is not None:
            rules: tuple[str, ...] = ("seating.2", "seating.10")  # the must-move game
        elif self._similar(game) > 1:
            rules = ("seating.2", "seating.3")
        else:
            rules = ("seating.2",)
        self._emit(
            ev.PlayerCalled(
                player=player, table=game.table, seat=seat, at=now, citations=cite(*rules)
            )
        )
        self._emit(
            ev.SeatLocked(
                player=player,
                table=game.table,
                seat=seat,
                money=money,
                at=now,
                citations=cite("seating.2"),
            )
        )

    def _order_move(
        self, player: PlayerId, source: int, game: _Game, when: Due, *, as_new: bool, rule: str
    ) -> None:
        seat = None if game.new else self._lock_seat(game, player)
        self._emit(
            ev.MoveDue(
                player=player,
                table=source,
                to=game.table,
                seat=seat,
                when=when,
                as_new=as_new,
                at=self._now(),
                citations=cite(rule),
            )
        )

    def _moved(
        self,
        player: PlayerId,
        at: tuple[int, int],
        to: int,
        seat: Seat,
        now: float,
        rules: Iterable[str],
        *,
        as_new: bool = False,
    ) -> ev.PlayerMoved:
        return ev.PlayerMoved(
            player=player,
            table=at[0],
            seat=Seat(at[1]),
            to=to,
            to_seat=seat,
            as_new=as_new,
            at=now,
            citations=cite(*rules),
        )

    def _similar(self, game: _Game) -> int:
        return sum(1 for g in self._games.values() if g.kind == game.kind)

    def _lock_seat(self, game: _Game, player: PlayerId) -> Seat:
        mine = [s for s, who in game.reserved.items() if who == player and s in game.open_seats()]
        if mine:
            return mine[0]
        return Seat(self._choice(game, player))

    def _choice(self, game: _Game, player: PlayerId) -> int:
        seats = game.free_for(player)
        if not seats:
            raise FloorError(
                "table {game_table} has no open seat for {player}",
                game_table=game.table,
                player=player,
            )
        return seats[0]
