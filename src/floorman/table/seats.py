"""The seats of a table: who sits where, with what, owing which blinds.

:class:`Seats` decides what lasts between deals: players sitting down, buying
chips, sitting out and coming back, playing over, changing seats, leaving,
and the blinds each owes. :class:`~floorman.table.Table` adds the button and
the deals.
"""

from __future__ import annotations

from collections.abc import Mapping

from floorman.clock import Clock
from floorman.errors import FloorError, IllegalAction, NotationError
from floorman.ids import PlayerId, Position, Seat
from floorman.rulebook import Citation, cite
from floorman.shuffle import Shuffler
from floorman.table import events as ev
from floorman.table.books import Sitter, TableBooks
from floorman.table.placement import SeatState, arc
from floorman.table.setup import TableSetup

__all__ = ["Seats", "Sitter"]

_HOUR = 3600.0
_AWAY_LIMIT = 1800.0  # RRP5 policies.20: thirty minutes


def _whole(value: object, what: str) -> None:
    """Seats and chips are whole numbers: not text, a fraction or a bool."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise NotationError(
            "{what} {value!r} is not a whole number", what=what, value=value, text=repr(value)
        )


class Seats(TableBooks):
    """The seats and players of a table, and what lasts from deal to deal.

    Operations check the rules and raise :class:`~floorman.errors.FloorError`
    (a seat or buy-in refused) or :class:`~floorman.errors.IllegalAction`
    (something the rules forbid now), citing the rule and changing nothing.
    """

    def __init__(
        self,
        setup: TableSetup,
        *,
        shuffler: Shuffler | None = None,
        clock: Clock | None = None,
        button: Seat | None = None,
    ) -> None:
        if button is not None:
            _whole(button, "the button's seat")
            if not 1 <= button <= setup.seats:
                raise FloorError(
                    "the table has seats 1 to {setup_seats}; the button cannot start on {button}",
                    setup_seats=setup.seats,
                    button=button,
                )
        super().__init__(setup, shuffler=shuffler, clock=clock)
        # Given: where the button starts, without a draw.
        self._emit(ev.TableOpened(at=self.clock.now(), button=button))

    # ----------------------------------------------------------------- views

    @property
    def waiting(self) -> int:
        """Names on the waiting list for this game (RRP5 policies.2)."""
        return self._waiting

    @waiting.setter
    def waiting(self, count: int) -> None:
        """The floor tells the table how many wait for its game (RRP5 policies.2)."""
        self.count_waiting(count)

    def count_waiting(self, count: int) -> ev.WaitingCounted | None:
        """Record how many names wait for this game, when that changed: with
        nobody else waiting a new player owes no time for the period under way,
        and a player may decline the time (RRP5 policies.2)."""
        _whole(count, "the waiting list's length")
        if count < 0:
            raise FloorError("a waiting list holds 0 names or more, not {count}", count=count)
        if count == self._waiting:
            return None
        event = ev.WaitingCounted(count=count)
        self._emit(event)
        return event

    def owes(self, seat: Seat) -> tuple[str, ...]:
        """The blinds a seat owes: ``("small",)``, ``("big",)``, both or none."""
        st = self._sitter(seat)
        return tuple(b for b, owed in (("small", st.missed_small), ("big", st.missed_big)) if owed)

    def is_new(self, seat: Seat) -> bool:
        """Whether the player in a seat has not yet been dealt into the game."""
        return not self._sitter(seat).active

    def is_away(self, seat: Seat) -> bool:
        """Whether the player in a seat is sitting out."""
        return self._sitter(seat).away

    def owner_of(self, seat: Seat) -> PlayerId | None:
        """The player away from ``seat`` while another plays over it (RRP5
        policies.12), if anyone does."""
        owner = self._owners.get(seat)
        return None if owner is None else PlayerId(owner.player)

    def seat_of(self, player: PlayerId) -> Seat | None:
        """The seat ``player`` sits in at this table, if any.

        >>> from floorman.games import HOLDEM, Structure
        >>> from floorman.table import Table, TableSetup
        >>> table = Table(TableSetup(game=HOLDEM, structure=Structure.NO_LIMIT, blinds=(1, 2)))
        >>> _ = table.sit(4, "ann", 100)
        >>> table.seat_of("ann"), table.seat_of("bob")
        (4, None)
        """
        where = self._where
        if where is None:  # the seats changed since it was last asked
            where = self._where = {}
            for seat, st in self._seats.items():
                where.setdefault(st.player, seat)
        return where.get(player)

    def position_of(self, seat: Seat) -> Position:
        """A dealt-in seat's position in the current deal."""
        if seat not in self.positions:
            raise IllegalAction("seat {seat} is not dealt in", seat=seat)
        return Position(self.positions.index(seat))

    # ------------------------------------------------------------ the engine

    def _sitter(self, seat: Seat) -> Sitter:
        _whole(seat, "seat")
        st = self._seats.get(seat)
        if st is None:
            raise FloorError("nobody sits in seat {seat}", seat=seat)
        return st

    def _between_deals(self, what: str, *rules: str) -> None:
        if self.in_deal:
            raise IllegalAction(
                "{what} waits until the deal ends", what=what, citations=cite(*rules)
            )

    def _check_seat(self, seat: Seat) -> None:
        _whole(seat, "seat")
        if not 1 <= seat <= self.setup.seats:
            raise FloorError(
                "the table has seats 1 to {setup_seats}, not {seat}",
                setup_seats=self.setup.seats,
                seat=seat,
            )

    # ---------------------------------------------------------- players

    def sit(
        self,
        seat: Seat,
        player: PlayerId,
        chips: int,
        *,
        post: bool = False,
        transfer: bool = False,
    ) -> ev.PlayerSeated:
        """Seat a player with chips.

        A player entering the game buys in in full (RRP5 buy-in.1); the one
        short buy of RRP5 buy-in.2 is a later buy, by a player out of chips.
        ``post``: a new player's choice to post a big blind and be dealt in at
        once, rather than wait for the big blind (RRP5 blinds.5).
        ``transfer``: the player comes from a broken or must-move game of the
        same limit and may keep a stack below the full buy-in (RRP5 buy-in.3).
        """
        self._check_seat(seat)
        if seat in self._seats:
            raise FloorError(
                "seat {seat} is taken by {occupant}", seat=seat, occupant=self._seats[seat].player
            )
        if any(st.player == player for st in self._seats.values()):
            raise FloorError(
                "{player} already has a seat here", player=player, citations=cite("seating.4")
            )
        self._check_buy_in(seat, player, chips, transfer=transfer, entering=True)
        now = self.clock.now()
        rule: tuple[Citation, ...] = ()
        fresh = False
        if not self.setup.game.is_button_game or not self.started:
            active = True  # no blinds to wait for, or in the draw for the button
            rule = cite("blinds.12.1") if self.setup.game.is_button_game else ()
        elif self.first_round and seat not in self._passed:
            # Free until a blind passes the seat (RRP5 blinds.12.2); not having
            # drawn for the button, one not dealt in by then is a new player,
            # not one who missed the blind (RRP5 blinds.6): see Table._lapse.
            active = fresh = True
            rule = cite("blinds.12.2")
        else:
            active = False
            rule = cite("blinds.5")
        event = ev.PlayerSeated(
            seat=seat,
            player=player,
            chips=chips,
            new=not active,
            at=now,
            post=post,
            fresh=fresh,
            citations=rule,
        )
        self._emit(event)
        return event

    def _check_buy_in(
        self, seat: Seat, player: PlayerId, chips: int, *, transfer: bool, entering: bool
    ) -> None:
        """Refuse a buy-in the rules do not allow: ``entering`` the game (sitting
        down, playing over) takes a full buy-in unless forced over from a broken
        or must-move game; a later buy by a player out of chips may be short once."""
        setup = self.setup
        if not isinstance(player, str) or not player.strip():
            raise NotationError(
                "a player is named by some text, not {player!r}", player=player, text=repr(player)
            )
        _whole(chips, "chips")
        if chips <= 0:
            raise FloorError(
                "{player} needs chips to play, not {chips}", player=player, seat=seat, chips=chips
            )
        left = self._left.get(player)
        now = self.clock.now()
        if left is not None and now - left[0] < _HOUR and chips < left[1]:
            minutes = int((now - left[0]) // 60)
            raise FloorError(
                "{player} left this game {minutes} minutes ago with {took}; coming back within "
                "the hour takes a buy-in of at least {took}, not {chips}",
                player=player,
                seat=seat,
                minutes=minutes,
                took=left[1],
                chips=chips,
                citations=cite("policies.5"),
            )
        if setup.max_buy_in is not None and chips > setup.max_buy_in:
            raise FloorError(
                "{player} cannot buy in for {chips}: this table's most is {ceiling}",
                player=player,
                seat=seat,
                chips=chips,
                ceiling=setup.max_buy_in,
            )
        if chips < setup.min_buy_in and entering and not transfer:
            most = f" and at most {setup.max_buy_in}" if setup.max_buy_in is not None else ""
            raise FloorError(
                "{player} cannot enter the game with {chips}: a player entering buys in in full, "
                "at least {full}{most}; only a later buy, out of chips, may be short",
                player=player,
                seat=seat,
                chips=chips,
                full=setup.min_buy_in,
                most=most,
                citations=cite("buy-in.1"),
            )
        if chips < setup.min_buy_in and not transfer and player in self._short:
            raise FloorError(
                "{player} cannot buy in short again ({chips}): the full buy-in is "
                "{full}, and one short buy is allowed per game",
                player=player,
                seat=seat,
                chips=chips,
                full=setup.min_buy_in,
                citations=cite("buy-in.1", "buy-in.2"),
            )

    def buy(
        self, seat: Seat, chips: int, *, arrived: bool = True, announced: bool = True
    ) -> ev.ChipsBought:
        """Add chips to a seat's stack between deals.

        Adding to a stack is not a buy-in (RRP5 buy-in.2), except for a player
        with no chips left, who rebuys under the buy-in rules. Chips bought and
        not yet ``arrived`` play in the next deal when ``announced``; otherwise
        only a full buy-in of them plays (RRP5 policies.6, policies.7).
        """
        st = self._sitter(seat)
        _whole(chips, "chips")
        if chips <= 0:
            raise FloorError("seat {seat} cannot buy {chips} chips", seat=seat, chips=chips)
        if self.in_deal and seat in self.positions:
            raise IllegalAction(
                "seat {seat} cannot add chips during a deal: only the chips in front of a player "
                "when the deal began play; buy between deals",
                seat=seat,
                citations=cite("policies.6"),
            )
        total = st.stack + st.pending + st.pending_quiet + chips
        if st.stack + st.pending + st.pending_quiet == 0:
            self._check_buy_in(seat, st.player, chips, transfer=False, entering=False)
        elif self.setup.max_buy_in is not None and total > self.setup.max_buy_in:
            raise FloorError(
                "seat {seat} cannot have more than {ceiling} on this table ({st_stack} now)",
                seat=seat,
                ceiling=self.setup.max_buy_in,
                st_stack=st.stack,
            )
        event = ev.ChipsBought(
            seat=seat,
            amount=chips,
            arrived=arrived,
            announced=announced,
            citations=cite("buy-in.2") if arrived else cite("policies.6", "policies.7"),
        )
        self._emit(event)
        return event

    def arrive(self, seat: Seat) -> ev.ChipsArrived:
        """Chips bought earlier reach the player."""
        st = self._sitter(seat)
        self._between_deals(f"seat {seat}'s chips arriving", "policies.6")
        amount = st.pending + st.pending_quiet
        if not amount:
            raise FloorError("seat {seat} has no chips on the way", seat=seat)
        event = ev.ChipsArrived(seat=seat, amount=amount)
        self._emit(event)
        return event

    def choose(self, seat: Seat, *, post: bool) -> ev.ChoiceMade:
        """A new or returning player posts to come in now, or waits for the big blind."""
        st = self._sitter(seat)
        if not post:
            self._check_may_wait(seat, st)
        event = ev.ChoiceMade(
            seat=seat, post=post, citations=cite("blinds.9" if st.owes else "blinds.5")
        )
        self._emit(event)
        return event

    def sit_out(self, seat: Seat, *, minutes: float | None = None) -> ev.SatOut:
        """Stop dealing a player in (from the next deal), keeping the seat.

        ``minutes`` extends the absence the floor allows before the chips may be
        picked up (RRP5 policies.20).
        """
        st = self._sitter(seat)
        now = self.clock.now()
        until = now + 60.0 * minutes if minutes is not None else None
        event = ev.SatOut(seat=seat, at=now, until=until)
        self._emit(event)
        self._withdraw_straddle(seat, st)  # no bet waits for a player away
        return event

    def _withdraw_straddle(self, seat: Seat, st: Sitter) -> None:
        """A straddle announced for a deal its player will not start in the seat
        it was announced for does not wait for him (RRP5 blinds.16)."""
        if st.straddle:
            self._emit(ev.StraddleWithdrawn(seat=seat, citations=cite("blinds.16")))

    def play_over(
        self, seat: Seat, player: PlayerId, chips: int, *, post: bool = False
    ) -> ev.PlayerSeated:
        """With the floor's permission, a player plays in the seat of one sitting
        out (RRP5 policies.12) as a new player: posting a big blind or waiting
        for it (RRP5 blinds.7). The owner's return ends it after the deal."""
        owner = self._sitter(seat)
        if not owner.away or seat in self._owners:
            raise FloorError(
                "{player} cannot play over in seat {seat}: {owner_player} is not away",
                player=player,
                seat=seat,
                owner_player=owner.player,
                citations=cite("policies.12"),
            )
        if any(st.player == player for st in self._seats.values()):
            raise FloorError(
                "{player} already has a seat here", player=player, citations=cite("seating.4")
            )
        self._check_buy_in(seat, player, chips, transfer=False, entering=True)
        event = ev.PlayerSeated(
            seat=seat,
            player=player,
            chips=chips,
            new=True,
            at=self.clock.now(),
            post=post,
            over=True,
            citations=cite("policies.12", "blinds.7"),
        )
        self._emit(event)
        return event

    def come_back(self, seat: Seat, *, post: bool = True) -> ev.CameBack:
        """A player sitting out asks to be dealt in again; one owing blinds
        posts them (``post``) or waits for the big blind (RRP5 blinds.9)."""
        self.check_come_back(seat, post=post)
        if seat in self._owners:
            over = self._seats[seat]
            if self.in_deal and seat in self.positions:
                raise IllegalAction(
                    "{over_player} is playing over in seat {seat}; the seat is given back when the "
                    "deal ends",
                    over_player=over.player,
                    seat=seat,
                    citations=cite("policies.12"),
                )
            self._remove(seat)
        event = ev.CameBack(seat=seat, post=post)
        self._emit(event)
        return event

    def check_come_back(self, seat: Seat, *, post: bool = True) -> None:
        """Refuse, as :meth:`come_back` would, a return that waiting for the
        deal's end does not make right: nobody sits out in ``seat``, or its
        player, owing blinds after a hand dealt in, waits for the big blind
        instead of posting them (RRP5 blinds.10). Changes nothing."""
        back = self._owners.get(seat) or self._sitter(seat)
        if not post:
            self._check_may_wait(seat, back)
        if not (back.away or back.sit_out_next):
            raise FloorError("seat {seat} is not sitting out", seat=seat)

    @staticmethod
    def _check_may_wait(seat: int, st: Sitter) -> None:
        if st.must_post:
            owed = [b for b, o in (("small", st.missed_small), ("big", st.missed_big)) if o]
            what = " and ".join(owed) + (" blinds" if len(owed) > 1 else " blind")
            raise IllegalAction(
                "seat {seat} cannot wait for the big blind: having played a hand dealt in owing "
                "the {what}, it posts them on the next deal it is dealt in",
                seat=seat,
                what=what,
                citations=cite("blinds.10"),
            )

    def leave(self, seat: Seat) -> ev.PlayerLeft | None:
        """A player gets up with their chips (after the deal, if dealt in)."""
        self._sitter(seat)
        if self.in_deal and seat in self.positions:
            self._emit(ev.LeaveRequested(seat=seat))
            return None
        return self._remove(seat)

    def _remove(self, seat: Seat) -> ev.PlayerLeft:
        st = self._seats[seat]
        chips = st.stack + st.pending + st.pending_quiet
        event = ev.PlayerLeft(
            seat=seat, player=PlayerId(st.player), chips=chips, at=self.clock.now()
        )
        self._emit(event)
        return event

    def absent(self) -> dict[Seat, float]:
        """Seats whose players have been away longer than allowed, with minutes away."""
        now = self.clock.now()
        out = {}
        for seat, st in sorted(self._seats.items()):
            limit = st.away_until if st.away_until is not None else st.away_since + _AWAY_LIMIT
            if st.away and now > limit:
                out[seat] = (now - st.away_since) / 60.0
        return out

    def pick_up(self, seat: Seat) -> ev.ChipsPickedUp:
        """The floor picks up the chips of a player away more than thirty minutes
        (or longer than an absence it extended) (RRP5 policies.20)."""
        st = self._sitter(seat)
        if seat not in self.absent():
            away = (self.clock.now() - st.away_since) / 60.0 if st.away else 0.0
            raise FloorError(
                "seat {seat}'s chips cannot be picked up: away {away:.0f} minutes, and chips are "
                "picked up after 30 minutes away or an extended absence",
                seat=seat,
                away=away,
                citations=cite("policies.20"),
            )
        event = ev.ChipsPickedUp(
            seat=seat,
            player=PlayerId(st.player),
            chips=st.stack + st.pending + st.pending_quiet,
            at=self.clock.now(),
            citations=cite("policies.20"),
        )
        self._emit(event)
        return event

    def change_seat(self, seat: Seat, to: Seat) -> ev.SeatChanged:
        """Move a player to an empty seat between deals.

        A player who just had the button and owes nothing deals off: the blinds
        pass the new seat once and the player comes in behind the button without
        posting (RRP5 blinds.14), in a new game's first round too. Otherwise, in
        a new game the move is free while no blind has passed the new seat
        (RRP5 blinds.12.3); and otherwise,
        with two blinds, the player is dealt in when the new seat reaches the
        same distance from the big blind, or posts a big blind at once
        (RRP5 blinds.13).
        """
        self._between_deals(f"seat {seat}'s change of seat")
        st = self._sitter(seat)
        self._check_seat(to)
        if to in self._seats:
            raise FloorError(
                "seat {to} is taken by {occupant}", to=to, occupant=self._seats[to].player
            )
        wait = 0
        deals_off = False
        rule: tuple[Citation, ...] = ()
        if not self.setup.game.is_button_game or not self.started or not st.active:
            pass
        elif self._button_player == st.player and not st.owes:
            # Dealing off is playing the button and then moving (older printing,
            # rule 15): its own rule, before the new game's free move.
            deals_off = True
            rule = cite("blinds.14")
        elif self.first_round and to not in self._passed:
            rule = cite("blinds.12.3")
        elif len(self.setup.blinds) == 2 and not st.owes:
            before = self._distance(seat)
            after = self._distance(to, moving=seat)
            wait = max(0, after - before)
            rule = cite("blinds.13")
        self._withdraw_straddle(seat, st)  # announced for the seat left behind
        event = ev.SeatChanged(seat=seat, to=to, wait=wait, deals_off=deals_off, citations=rule)
        self._emit(event)
        return event

    def _distance(self, seat: Seat, *, moving: int | None = None) -> int:
        """Deals before the big blind reaches ``seat``, the players staying put."""
        if self.big_blind is None:
            return 0
        count = 0
        for s in arc(self.big_blind, seat, self.setup.seats):
            st = self._seats.get(s)
            if s != moving and st is not None and self._present(st):
                count += 1
        return count

    def _present(self, st: Sitter) -> bool:
        waiting = st.wait > 0 and not st.post  # after a seat change (RRP5 blinds.13)
        if self._carried and self._seat_of_sitter(st) not in self._carried_for:
            return False  # not dealt in on the deal whose money is carried
        return not st.away and not st.leaving and not waiting and self._playing(st) > 0

    def _seat_of_sitter(self, st: Sitter) -> int | None:
        return next((s for s, other in self._seats.items() if other is st), None)

    def _playing(self, st: Sitter) -> int:
        """The chips that play for a seat next deal (RRP5 policies.6, policies.7)."""
        return st.stack + st.pending + min(st.pending_quiet, self.setup.min_buy_in)

    def _states(self, *, restart: bool = False) -> dict[Seat, SeatState]:
        """How placement sees each seat; with ``restart``, as a new game started
        by those present would (everyone there in it, owing nothing)."""
        out = {}
        for seat, st in self._seats.items():
            present = self._present(st)
            if restart and present:
                active, owes, dealt_off, must_post = True, False, False, False
            else:
                active, owes, dealt_off, must_post = st.active, st.owes, st.dealt_off, st.must_post
            standing = active and not owes and not dealt_off and not st.wait
            out[seat] = SeatState(
                present=present,
                standing=standing,
                in_game=active,
                posting=st.post or dealt_off or must_post,
                owing=owes,
                passing=dealt_off,
            )
        return out

    def _period(self) -> int:
        return self._period_at(self.clock.now())

    def decline_time(self, seat: Seat) -> ev.TimeDeclined:
        """A player declines to pay the time: with nobody waiting for the game,
        they may play one courtesy deal at stud, or until their blind in a
        button game, and then pay or stop being dealt in (RRP5 policies.2)."""
        self._sitter(seat)
        if not self.setup.time_charge:
            raise FloorError("this table collects no time")
        if self.waiting:
            raise FloorError(
                "seat {seat} must pay the time: {waiting} waiting for the game",
                seat=seat,
                waiting=self.waiting,
                citations=cite("policies.2"),
            )
        event = ev.TimeDeclined(seat=seat, citations=cite("policies.2"))
        self._emit(event)
        return event

    @property
    def chips(self) -> int:
        """Every chip at the table: stacks, chips on the way, any deal's pot, and
        chips impounded."""
        sitters = [*self._seats.values(), *self._owners.values()]
        total = (
            self.impounded
            + self._carried
            + sum(st.stack + st.pending + st.pending_quiet for st in sitters)
        )
        if self.in_deal and self.deal is not None and not self.deal.is_over:
            begun = sum(self._seats[s].stack for s in self.positions)
            total += sum(self.deal.stacks) + self.deal.pot - begun
        return total

    def seat_states(self) -> Mapping[Seat, SeatState]:
        """How placement sees each seat now (for tools and tests)."""
        return self._states()
