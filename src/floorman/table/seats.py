"""The seats of a table: who sits where, with what, owing which blinds.

:class:`Seats` keeps what lasts between deals: players sitting down, buying
chips, sitting out and coming back, playing over, changing seats, leaving,
and the blinds each owes. :class:`~floorman.table.Table` adds the button and
the deals.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from floorman.clock import Clock, ManualClock
from floorman.deal.state import Deal
from floorman.errors import FloorError, IllegalAction, NotationError
from floorman.rulebook import Citation, cite
from floorman.shuffle import SeededShuffler, Shuffler
from floorman.table import events as ev
from floorman.table.placement import SeatState, arc
from floorman.table.setup import TableSetup

__all__ = ["Seats", "Sitter"]

_HOUR = 3600.0
_AWAY_LIMIT = 1800.0  # RRP5 policies.20: thirty minutes


def _whole(value: object, what: str) -> None:
    """Seats and chips are whole numbers: not text, a fraction or a bool."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise NotationError(f"{what} {value!r} is not a whole number", text=repr(value))


@dataclass(slots=True)
class Sitter:
    player: str
    stack: int
    active: bool
    post: bool = False  # a new or owing player's choice: post to come in now
    away: bool = False
    away_since: float = 0.0
    away_until: float | None = None  # an absence the floor extended
    leaving: bool = False  # gets up when the deal ends
    sit_out_next: bool = False  # sits out when the deal ends
    missed_small: bool = False
    missed_big: bool = False
    pending: int = 0  # bought and on the way, announced: plays (RRP5 policies.6)
    pending_quiet: int = 0  # on the way, not announced: only a full buy-in plays
    wait: int = 0  # deals to sit out after a seat change (RRP5 blinds.13)
    dealt_off: bool = False  # RRP5 blinds.14
    fresh: bool = False  # in free, not yet dealt in, till a blind passes (RRP5 blinds.12.2)
    must_post: bool = False  # owed blinds go in on the next deal dealt in (RRP5 blinds.10)
    straddle: bool = False
    paid_period: int = -1  # the last time-collection period paid
    courtesy: bool = False  # declined the time: plays until the blind (RRP5 policies.2)
    courtesy_deals: int = 0

    @property
    def owes(self) -> bool:
        return self.missed_small or self.missed_big


#: What a misdeal puts back on each sitter: where he stood on blinds before
#: the deal (RRP5 misdeals).
_KEPT = ("active", "missed_small", "missed_big", "post", "dealt_off", "wait", "fresh", "must_post")


class Seats:
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
        button: int | None = None,
    ) -> None:
        self.setup = setup
        if button is not None:
            _whole(button, "the button's seat")
            if not 1 <= button <= setup.seats:
                raise FloorError(
                    f"the table has seats 1 to {setup.seats}; the button cannot start on {button}"
                )
        self.shuffler: Shuffler = shuffler if shuffler is not None else SeededShuffler(0)
        self.clock: Clock = clock if clock is not None else ManualClock()
        self.events: list[ev.TableEvent] = []
        self.deals: list[Deal] = []
        self.deal: Deal | None = None
        self.positions: tuple[int, ...] = ()
        self.posts: tuple[ev.Post, ...] = ()
        self.button: int | None = button  # given: where the button starts, without a draw
        self.small_blind: int | None = None
        self.big_blind: int | None = None
        self._auto_showdown = True
        self._runs = 1
        self._settled = True
        self.waiting = 0  # names on the waiting list for this game (RRP5 policies.2)
        self._seats: dict[int, Sitter] = {}
        self._left: dict[str, tuple[float, int]] = {}  # RRP5 policies.5
        self._owners: dict[int, Sitter] = {}  # players away while another plays over
        self._short: set[str] = set()  # players who used their short buy (RRP5 buy-in.2)
        self._passed: set[int] = set()  # seats a blind has passed since the game began
        self._travel = 0  # seats the button has moved since the game began
        self._button_player: str | None = None  # who had the button last deal
        self._big_player: str | None = None  # who posted the big blind last deal
        self._opened = self.clock.now()
        self._kept: tuple[
            tuple[int | None, int | None, int | None],
            tuple[set[int], int, str | None, str | None],
            dict[int, tuple[object, ...]],
        ] = ((None, None, None), (set(), 0, None, None), {})
        # Chips the house holds pending a decision, by the deal whose pot they
        # came from (RRP5 decisions.7).
        self._impounds: dict[int, int] = {}
        self._carried = 0  # chips a voided deal left in the pot (RRP5 irregularities.5)
        self._carried_for: set[int] = set()  # who may be dealt in to win them (irregularities.6)
        self.bought = 0  # chips brought to the table
        self.taken = 0  # chips taken away (leaving, picked up, time collected)

    # ----------------------------------------------------------------- views

    @property
    def carried(self) -> int:
        """Chips a voided deal left in the pot for the next (RRP5 irregularities.5)."""
        self._sync()
        return self._carried

    @property
    def impounded(self) -> int:
        """Chips the house holds while a decision is pending (RRP5 decisions.7)."""
        return sum(self._impounds.values())

    @property
    def stacks(self) -> dict[int, int]:
        """Each seated player's chips by seat (during a deal, as it began)."""
        self._sync()
        return {s: st.stack for s, st in sorted(self._seats.items())}

    @property
    def players(self) -> dict[int, str]:
        """Who sits where."""
        return {s: st.player for s, st in sorted(self._seats.items())}

    def owes(self, seat: int) -> tuple[str, ...]:
        """The blinds a seat owes: ``("small",)``, ``("big",)``, both or none."""
        st = self._sitter(seat)
        return tuple(b for b, owed in (("small", st.missed_small), ("big", st.missed_big)) if owed)

    def is_new(self, seat: int) -> bool:
        """Whether the player in a seat has not yet been dealt into the game."""
        return not self._sitter(seat).active

    def is_away(self, seat: int) -> bool:
        """Whether the player in a seat is sitting out."""
        return self._sitter(seat).away

    def position_of(self, seat: int) -> int:
        """A dealt-in seat's position in the current deal."""
        if seat not in self.positions:
            raise IllegalAction(f"seat {seat} is not dealt in")
        return self.positions.index(seat)

    @property
    def in_deal(self) -> bool:
        """Whether a deal is under way."""
        self._sync()
        return self.deal is not None and not self._settled

    def _sync(self) -> None:
        """Settle a deal that has ended with its actions applied to it directly."""
        if self.deal is not None and not self._settled and self.deal.is_over:
            self._settle()

    @property
    def started(self) -> bool:
        """Whether the game has had its first deal."""
        return self.big_blind is not None or bool(self.deals)

    @property
    def first_round(self) -> bool:
        """Whether the button has yet to go once around a newly started game."""
        return self._travel < self.setup.seats

    # ------------------------------------------------------------ the engine

    def _emit(self, event: ev.TableEvent) -> ev.TableEvent:
        self.events.append(event)
        return event

    def _sitter(self, seat: int) -> Sitter:
        _whole(seat, "seat")
        st = self._seats.get(seat)
        if st is None:
            raise FloorError(f"nobody sits in seat {seat}")
        return st

    def _between_deals(self, what: str, *rules: str) -> None:
        if self.in_deal:
            raise IllegalAction(f"{what} waits until the deal ends", citations=cite(*rules))

    def _check_seat(self, seat: int) -> None:
        _whole(seat, "seat")
        if not 1 <= seat <= self.setup.seats:
            raise FloorError(f"the table has seats 1 to {self.setup.seats}, not {seat}")

    # ---------------------------------------------------------- players

    def sit(
        self,
        seat: int,
        player: str,
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
            raise FloorError(f"seat {seat} is taken by {self._seats[seat].player}")
        if any(st.player == player for st in self._seats.values()):
            raise FloorError(f"{player} already has a seat here", citations=cite("seating.4"))
        self._check_buy_in(player, chips, transfer=transfer, entering=True)
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
        self._seats[seat] = Sitter(
            player=player, stack=chips, active=active, post=post, fresh=fresh
        )
        self._left.pop(player, None)
        self.bought += chips
        if self.setup.time_charge and self.waiting <= 1:
            # A new player owes no time for the period under way when nobody
            # else is waiting (RRP5 policies.2).
            self._seats[seat].paid_period = self._period()
        return self._emit_seated(seat, player, chips, active, now, rule)

    def _emit_seated(
        self,
        seat: int,
        player: str,
        chips: int,
        active: bool,
        now: float,
        rule: tuple[Citation, ...],
    ) -> ev.PlayerSeated:
        event = ev.PlayerSeated(
            seat=seat, player=player, chips=chips, new=not active, at=now, citations=rule
        )
        self._emit(event)
        return event

    def _check_buy_in(self, player: str, chips: int, *, transfer: bool, entering: bool) -> None:
        """Refuse a buy-in the rules do not allow: ``entering`` the game (sitting
        down, playing over) takes a full buy-in unless forced over from a broken
        or must-move game; a later buy by a player out of chips may be short once."""
        setup = self.setup
        if not isinstance(player, str) or not player.strip():
            raise NotationError(
                f"a player is named by some text, not {player!r}", text=repr(player)
            )
        _whole(chips, "chips")
        if chips <= 0:
            raise FloorError(f"{player} needs chips to play, not {chips}")
        left = self._left.get(player)
        now = self.clock.now()
        if left is not None and now - left[0] < _HOUR and chips < left[1]:
            minutes = int((now - left[0]) // 60)
            raise FloorError(
                f"{player} left this game {minutes} minutes ago with {left[1]}; coming back"
                f" within the hour takes a buy-in of at least {left[1]}, not {chips}",
                citations=cite("policies.5"),
            )
        if setup.max_buy_in is not None and chips > setup.max_buy_in:
            raise FloorError(
                f"{player} cannot buy in for {chips}: this table's most is {setup.max_buy_in}"
            )
        if chips < setup.min_buy_in and entering and not transfer:
            most = f" and at most {setup.max_buy_in}" if setup.max_buy_in is not None else ""
            raise FloorError(
                f"{player} cannot enter the game with {chips}: a player entering buys in in"
                f" full, at least {setup.min_buy_in}{most}; only a later buy, out of chips,"
                " may be short",
                citations=cite("buy-in.1"),
            )
        if chips < setup.min_buy_in and not transfer and player in self._short:
            raise FloorError(
                f"{player} cannot buy in short again ({chips}): the full buy-in is"
                f" {setup.min_buy_in}, and one short buy is allowed per game",
                citations=cite("buy-in.1", "buy-in.2"),
            )

    def buy(
        self, seat: int, chips: int, *, arrived: bool = True, announced: bool = True
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
            raise FloorError(f"seat {seat} cannot buy {chips} chips")
        if self.in_deal and seat in self.positions:
            raise IllegalAction(
                f"seat {seat} cannot add chips during a deal: only the chips in front of a"
                " player when the deal began play; buy between deals",
                citations=cite("policies.6"),
            )
        total = st.stack + st.pending + st.pending_quiet + chips
        if st.stack + st.pending + st.pending_quiet == 0:
            self._check_buy_in(st.player, chips, transfer=False, entering=False)
            if chips < self.setup.min_buy_in:
                self._short.add(st.player)
        elif self.setup.max_buy_in is not None and total > self.setup.max_buy_in:
            raise FloorError(
                f"seat {seat} cannot have more than {self.setup.max_buy_in} on this table"
                f" ({st.stack} now)"
            )
        if arrived:
            st.stack += chips
        elif announced:
            st.pending += chips
        else:
            st.pending_quiet += chips
        self.bought += chips
        event = ev.ChipsBought(
            seat=seat,
            amount=chips,
            arrived=arrived,
            announced=announced,
            citations=cite("buy-in.2") if arrived else cite("policies.6", "policies.7"),
        )
        self._emit(event)
        return event

    def arrive(self, seat: int) -> ev.ChipsArrived:
        """Chips bought earlier reach the player."""
        st = self._sitter(seat)
        self._between_deals(f"seat {seat}'s chips arriving", "policies.6")
        amount = st.pending + st.pending_quiet
        if not amount:
            raise FloorError(f"seat {seat} has no chips on the way")
        st.stack += amount
        st.pending = st.pending_quiet = 0
        event = ev.ChipsArrived(seat=seat, amount=amount)
        self._emit(event)
        return event

    def choose(self, seat: int, *, post: bool) -> ev.ChoiceMade:
        """A new or returning player posts to come in now, or waits for the big blind."""
        st = self._sitter(seat)
        if not post:
            self._check_may_wait(seat, st)
        st.post = post
        event = ev.ChoiceMade(
            seat=seat, post=post, citations=cite("blinds.9" if st.owes else "blinds.5")
        )
        self._emit(event)
        return event

    def sit_out(self, seat: int, *, minutes: float | None = None) -> ev.SatOut:
        """Stop dealing a player in (from the next deal), keeping the seat.

        ``minutes`` extends the absence the floor allows before the chips may be
        picked up (RRP5 policies.20).
        """
        st = self._sitter(seat)
        now = self.clock.now()
        st.away_until = now + 60.0 * minutes if minutes is not None else None
        if self.in_deal and seat in self.positions:
            st.sit_out_next = True
        else:
            st.away = True
            st.away_since = now
        event = ev.SatOut(seat=seat, at=now)
        self._emit(event)
        self._withdraw_straddle(seat, st)  # no bet waits for a player away
        return event

    def _withdraw_straddle(self, seat: int, st: Sitter) -> None:
        """A straddle announced for a deal its player will not start in the seat
        it was announced for does not wait for him (RRP5 blinds.16)."""
        if st.straddle:
            st.straddle = False
            self._emit(ev.StraddleWithdrawn(seat=seat, citations=cite("blinds.16")))

    def play_over(
        self, seat: int, player: str, chips: int, *, post: bool = False
    ) -> ev.PlayerSeated:
        """With the floor's permission, a player plays in the seat of one sitting
        out (RRP5 policies.12) as a new player: posting a big blind or waiting
        for it (RRP5 blinds.7). The owner's return ends it after the deal."""
        owner = self._sitter(seat)
        if not owner.away or seat in self._owners:
            raise FloorError(
                f"{player} cannot play over in seat {seat}: {owner.player} is not away",
                citations=cite("policies.12"),
            )
        if any(st.player == player for st in self._seats.values()):
            raise FloorError(f"{player} already has a seat here", citations=cite("seating.4"))
        self._check_buy_in(player, chips, transfer=False, entering=True)
        self._owners[seat] = self._seats.pop(seat)
        self._seats[seat] = Sitter(player=player, stack=chips, active=False, post=post)
        self.bought += chips
        event = ev.PlayerSeated(
            seat=seat,
            player=player,
            chips=chips,
            new=True,
            at=self.clock.now(),
            citations=cite("policies.12", "blinds.7"),
        )
        self._emit(event)
        return event

    def come_back(self, seat: int, *, post: bool = True) -> ev.CameBack:
        """A player sitting out asks to be dealt in again; one owing blinds
        posts them (``post``) or waits for the big blind (RRP5 blinds.9)."""
        back = self._owners.get(seat) or self._sitter(seat)
        if not post:
            self._check_may_wait(seat, back)
        if seat in self._owners:
            over = self._seats[seat]
            if self.in_deal and seat in self.positions:
                raise IllegalAction(
                    f"{over.player} is playing over in seat {seat}; the seat is given back"
                    " when the deal ends",
                    citations=cite("policies.12"),
                )
            self._remove(seat)
        st = self._sitter(seat)
        if not (st.away or st.sit_out_next):
            raise FloorError(f"seat {seat} is not sitting out")
        st.away = st.sit_out_next = False
        st.away_until = None
        st.post = post
        event = ev.CameBack(seat=seat)
        self._emit(event)
        return event

    @staticmethod
    def _check_may_wait(seat: int, st: Sitter) -> None:
        if st.must_post:
            owed = [b for b, o in (("small", st.missed_small), ("big", st.missed_big)) if o]
            what = " and ".join(owed) + (" blinds" if len(owed) > 1 else " blind")
            raise IllegalAction(
                f"seat {seat} cannot wait for the big blind: having played a hand dealt in"
                f" owing the {what}, it posts them on the next deal it is dealt in",
                citations=cite("blinds.10"),
            )

    def leave(self, seat: int) -> ev.PlayerLeft | None:
        """A player gets up with their chips (after the deal, if dealt in)."""
        st = self._sitter(seat)
        if self.in_deal and seat in self.positions:
            st.leaving = True
            return None
        return self._remove(seat)

    def _remove(self, seat: int) -> ev.PlayerLeft:
        st = self._seats.pop(seat)
        if seat in self._owners:
            self._seats[seat] = self._owners.pop(seat)
        now = self.clock.now()
        chips = st.stack + st.pending + st.pending_quiet
        self._left[st.player] = (now, chips)
        self.taken += chips
        event = ev.PlayerLeft(seat=seat, player=st.player, chips=chips, at=now)
        self._emit(event)
        return event

    def absent(self) -> dict[int, float]:
        """Seats whose players have been away longer than allowed, with minutes away."""
        now = self.clock.now()
        out = {}
        for seat, st in sorted(self._seats.items()):
            limit = st.away_until if st.away_until is not None else st.away_since + _AWAY_LIMIT
            if st.away and now > limit:
                out[seat] = (now - st.away_since) / 60.0
        return out

    def pick_up(self, seat: int) -> ev.ChipsPickedUp:
        """The floor picks up the chips of a player away more than thirty minutes
        (or longer than an absence it extended) (RRP5 policies.20)."""
        st = self._sitter(seat)
        if seat not in self.absent():
            away = (self.clock.now() - st.away_since) / 60.0 if st.away else 0.0
            raise FloorError(
                f"seat {seat}'s chips cannot be picked up: away {away:.0f} minutes, and"
                " chips are picked up after 30 minutes away or an extended absence",
                citations=cite("policies.20"),
            )
        left = self._remove(seat)
        self.events.pop()
        event = ev.ChipsPickedUp(
            seat=seat,
            player=left.player,
            chips=left.chips,
            at=left.at,
            citations=cite("policies.20"),
        )
        self._emit(event)
        return event

    def change_seat(self, seat: int, to: int) -> ev.SeatChanged:
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
            raise FloorError(f"seat {to} is taken by {self._seats[to].player}")
        wait = 0
        rule: tuple[Citation, ...] = ()
        if not self.setup.game.is_button_game or not self.started or not st.active:
            pass
        elif self._button_player == st.player and not st.owes:
            # Dealing off is playing the button and then moving (older printing,
            # rule 15): its own rule, before the new game's free move.
            st.dealt_off = True
            rule = cite("blinds.14")
        elif self.first_round and to not in self._passed:
            rule = cite("blinds.12.3")
        elif len(self.setup.blinds) == 2 and not st.owes:
            before = self._distance(seat)
            after = self._distance(to, moving=seat)
            wait = max(0, after - before)
            rule = cite("blinds.13")
        self._withdraw_straddle(seat, st)  # announced for the seat left behind
        self._seats[to] = self._seats.pop(seat)
        st.wait = wait
        if wait:
            st.post = False  # waits, unless the player chooses to post a big blind
        event = ev.SeatChanged(seat=seat, to=to, wait=wait, citations=rule)
        self._emit(event)
        return event

    def _distance(self, seat: int, *, moving: int | None = None) -> int:
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

    def _states(self) -> dict[int, SeatState]:
        out = {}
        for seat, st in self._seats.items():
            standing = st.active and not st.owes and not st.dealt_off and not st.wait
            out[seat] = SeatState(
                present=self._present(st),
                standing=standing,
                in_game=st.active,
                posting=st.post or st.dealt_off or st.must_post,
                owing=st.owes,
                passing=st.dealt_off,
            )
        return out

    def _period(self) -> int:
        every = self.setup.time_every
        return int((self.clock.now() - self._opened) // every) if every > 0 else 0

    def decline_time(self, seat: int) -> None:
        """A player declines to pay the time: with nobody waiting for the game,
        they may play one courtesy deal at stud, or until their blind in a
        button game, and then pay or stop being dealt in (RRP5 policies.2)."""
        st = self._sitter(seat)
        if not self.setup.time_charge:
            raise FloorError("this table collects no time")
        if self.waiting:
            raise FloorError(
                f"seat {seat} must pay the time: {self.waiting} waiting for the game",
                citations=cite("policies.2"),
            )
        st.courtesy = True
        st.courtesy_deals = 0

    def _settle(self) -> None:
        deal = self.deal
        assert deal is not None
        self._settled = True
        for seat, stack in zip(self.positions, deal.stacks, strict=True):
            self._seats[seat].stack = stack
        now = self.clock.now()
        for seat in list(self.positions):
            st = self._seats[seat]
            if st.sit_out_next:
                st.sit_out_next = False
                st.away = True
                st.away_since = now
        if deal.voided:
            self._restore_placement()
        if deal.carried:
            # Only those dealt in on this deal may be dealt in for the money it
            # leaves in the pot (RRP5 irregularities.6).
            self._carried += deal.carried
            self._carried_for = set(self.positions)
        self._emit(
            ev.DealFinished(
                number=len(self.deals),
                stacks=tuple((s, st.stack) for s, st in sorted(self._seats.items())),
                voided=deal.voided,
            )
        )
        for seat in list(self.positions):
            if self._seats[seat].leaving:
                self._remove(seat)

    def _keep_placement(self) -> None:
        """Remember where the button and blinds stood, and who owed what, before a
        deal: a misdeal deals again with the button where it was (RRP5 misdeals)."""
        self._kept = (
            (self.button, self.small_blind, self.big_blind),
            (set(self._passed), self._travel, self._button_player, self._big_player),
            {seat: tuple(getattr(st, name) for name in _KEPT) for seat, st in self._seats.items()},
        )

    def _restore_placement(self) -> None:
        drawn = self.button
        (self.button, self.small_blind, self.big_blind), rest, sitters = self._kept
        if self.button is None:
            self.button = drawn  # a new game's misdeal keeps the button it drew
        passed, self._travel, self._button_player, self._big_player = rest
        self._passed = set(passed)
        for seat, kept in sitters.items():
            st = self._seats.get(seat)
            if st is not None:
                for name, value in zip(_KEPT, kept, strict=True):
                    setattr(st, name, value)

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
        if self.deal is not None and not self.deal.is_over:
            begun = sum(self._seats[s].stack for s in self.positions)
            total += sum(self.deal.stacks) + self.deal.pot - begun
        return total

    def seat_states(self) -> Mapping[int, SeatState]:
        """How placement sees each seat now (for tools and tests)."""
        return self._states()
