"""A cash-game table across deals: seats, stacks, the button, blinds owed.

The table seats players, takes their buy-ins, keeps who sits out and who owes
which blind, places the button and blinds by its method (RRP5 blinds.2),
starts each :class:`~floorman.deal.Deal` and takes its result. Seats are the
table's chairs, 1-based and clockwise; the deal speaks of positions, from
the first player left of the button.

>>> from floorman.games import HOLDEM, Structure
>>> from floorman.shuffle import SeededShuffler
>>> from floorman.deal import Fold
>>> setup = TableSetup(game=HOLDEM, structure=Structure.NO_LIMIT, blinds=(1, 2), seats=6)
>>> table = Table(setup, shuffler=SeededShuffler(5))
>>> for seat, name in ((1, "ann"), (3, "bob"), (5, "cy")):
...     _ = table.sit(seat, name, 100)
>>> deal = table.start_deal()
>>> table.button, table.positions, [(p.seat, p.amount) for p in table.posts]
(3, (5, 1, 3), [(5, 1), (1, 2)])
>>> while not deal.is_over:
...     _ = table.apply(Fold(player=deal.legal().player))
>>> table.stacks
{1: 101, 3: 100, 5: 99}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from floorman.cards import DECK_52, Card, Rank
from floorman.clock import Clock, ManualClock
from floorman.deal import events as dev
from floorman.deal.actions import Action
from floorman.deal.state import Deal
from floorman.errors import FloorError, IllegalAction
from floorman.games import Reading
from floorman.rulebook import Citation, cite
from floorman.shuffle import SeededShuffler, Shuffler
from floorman.table import events as ev
from floorman.table.placement import Placement, SeatState, arc, place
from floorman.table.setup import TableSetup

__all__ = ["Table"]

_HOUR = 3600.0
_AWAY_LIMIT = 1800.0  # RRP5 policies.20: thirty minutes


@dataclass(slots=True)
class _Sitter:
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
    straddle: bool = False
    paid_period: int = -1  # the last time-collection period paid
    courtesy: bool = False  # declined the time: plays until the blind (RRP5 policies.2)
    courtesy_deals: int = 0

    @property
    def owes(self) -> bool:
        return self.missed_small or self.missed_big


class Table:
    """One table of a cash game, from deal to deal.

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
        self._seats: dict[int, _Sitter] = {}
        self._left: dict[str, tuple[float, int]] = {}  # RRP5 policies.5
        self._owners: dict[int, _Sitter] = {}  # players away while another plays over
        self._short: set[str] = set()  # players who used their short buy (RRP5 buy-in.2)
        self._passed: set[int] = set()  # seats a blind has passed since the game began
        self._travel = 0  # seats the button has moved since the game began
        self._opened = self.clock.now()
        self.bought = 0  # chips brought to the table
        self.taken = 0  # chips taken away (leaving, picked up, time collected)

    # ----------------------------------------------------------------- views

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

    def _sitter(self, seat: int) -> _Sitter:
        st = self._seats.get(seat)
        if st is None:
            raise FloorError(f"nobody sits in seat {seat}")
        return st

    def _between_deals(self, what: str) -> None:
        if self.in_deal:
            raise IllegalAction(f"{what} waits until the deal ends", citations=cite("policies.6"))

    def _check_seat(self, seat: int) -> None:
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
        self._check_buy_in(player, chips, transfer=transfer)
        now = self.clock.now()
        rule: tuple[Citation, ...] = ()
        if not self.setup.game.is_button_game or not self.started:
            active = True  # no blinds to wait for, or in the draw for the button
            rule = cite("blinds.12.1") if self.setup.game.is_button_game else ()
        elif self.first_round and seat not in self._passed:
            active = True
            rule = cite("blinds.12.2")
        else:
            active = False
            rule = cite("blinds.5")
        if chips < self.setup.min_buy_in and not transfer:
            self._short.add(player)
        self._seats[seat] = _Sitter(player=player, stack=chips, active=active, post=post)
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

    def _check_buy_in(self, player: str, chips: int, *, transfer: bool) -> None:
        setup = self.setup
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
            self._check_buy_in(st.player, chips, transfer=False)
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
        self._between_deals(f"seat {seat}'s chips arriving")
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
        return event

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
        self._check_buy_in(player, chips, transfer=False)
        self._owners[seat] = self._seats.pop(seat)
        self._seats[seat] = _Sitter(player=player, stack=chips, active=False, post=post)
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

        In a new game the move is free while no blind has passed the new seat
        (RRP5 blinds.12.3). A player who just had the button deals off and
        comes in behind the button without posting (RRP5 blinds.14). Otherwise,
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
        elif self.first_round and to not in self._passed:
            rule = cite("blinds.12.3")
        elif self.button == seat and self.deals and seat in self.positions:
            st.dealt_off = True
            rule = cite("blinds.14")
        elif len(self.setup.blinds) == 2 and not st.owes:
            before = self._distance(seat)
            after = self._distance(to, moving=seat)
            wait = max(0, after - before)
            rule = cite("blinds.13")
        self._seats[to] = self._seats.pop(seat)
        st.wait = wait
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

    def straddle(self, seat: int) -> ev.StraddleAnnounced:
        """The player first to act after the big blind posts a live straddle of
        twice the big blind next deal (RRP5 blinds.15). Only that player may:
        a bet put out of turn before the cards does not play (RRP5 blinds.16)."""
        self._between_deals(f"seat {seat}'s straddle")
        st = self._sitter(seat)
        if not self.setup.straddles_allowed:
            raise IllegalAction(
                f"seat {seat} cannot straddle: this {self.setup.structure.value} game does not"
                " allow a live straddle",
                citations=cite("blinds.15"),
            )
        plan = self._placement()
        first = self._first_after_big_blind(plan) if plan is not None else None
        if first != seat:
            where = f"seat {first}" if first is not None else "nobody"
            raise IllegalAction(
                f"seat {seat} cannot straddle: only the player left of the big blind may,"
                f" next deal {where}",
                citations=cite("blinds.15", "blinds.16"),
            )
        if st.stack < 2 * self.setup.big_blind:
            raise IllegalAction(
                f"seat {seat} cannot straddle {2 * self.setup.big_blind} with {st.stack}",
                citations=cite("blinds.15"),
            )
        st.straddle = True
        event = ev.StraddleAnnounced(seat=seat, citations=cite("blinds.15"))
        self._emit(event)
        return event

    def _first_after_big_blind(self, plan: Placement) -> int | None:
        if plan.heads_up or len(plan.dealt_in) < 3:
            return None
        order = plan.dealt_in
        seat = order[(order.index(plan.big_blind) + 1) % len(order)]
        return None if seat in plan.entering else seat

    # ---------------------------------------------------------- the deal

    def _present(self, st: _Sitter) -> bool:
        return not st.away and not st.leaving and st.wait == 0 and self._playing(st) > 0

    def _playing(self, st: _Sitter) -> int:
        """The chips that play for a seat next deal (RRP5 policies.6, policies.7)."""
        return st.stack + st.pending + min(st.pending_quiet, self.setup.min_buy_in)

    def _states(self) -> dict[int, SeatState]:
        out = {}
        for seat, st in self._seats.items():
            standing = st.active and not st.owes and not st.dealt_off
            out[seat] = SeatState(
                present=self._present(st),
                standing=standing,
                in_game=st.active,
                posting=st.post or st.dealt_off,
            )
        return out

    def _placement(self) -> Placement | None:
        if self.button is None:
            return None
        return place(
            self._states(),
            seats=self.setup.seats,
            method=self.setup.button,
            button=self.button,
            small_blind=self.small_blind,
            big_blind=self.big_blind,
            two_blinds=len(self.setup.blinds) == 2,
        )

    def draw_for_button(self) -> ev.ButtonDrawn:
        """A new game draws for the button: the highest card by suit at high
        games, the lowest at low games (RRP5 seating.6)."""
        seats = [s for s, st in sorted(self._seats.items()) if self._present(st)]
        if len(seats) < 2:
            raise FloorError(f"a deal needs two players who can be dealt in; {len(seats)} can")
        cards = self.shuffler.shuffle(DECK_52)[: len(seats)]
        reading = self.setup.game.reading
        ace_low = reading in (Reading.ACE_TO_FIVE,)

        def key(card: Card) -> tuple[int, int]:
            rank = 1 if ace_low and card.rank is Rank.ACE else int(card.rank)
            return (rank, int(card.suit))

        pairs = list(zip(seats, cards, strict=True))
        pick = min if reading.is_low else max
        seat = pick(pairs, key=lambda pair: key(pair[1]))[0]
        self.button = seat
        event = ev.ButtonDrawn(cards=tuple(pairs), seat=seat, citations=cite("seating.6"))
        self._emit(event)
        return event

    def start_deal(
        self, *, shuffled: bool = True, auto_showdown: bool = True, runs: int = 1
    ) -> Deal:
        """Place the button and blinds, take the posts and start the next deal.

        With ``shuffled`` False the caller deals the cards (a live table, a
        replayed session); with ``auto_showdown`` False the players show or
        muck at the showdown themselves; ``runs`` is how many times the rest of
        the board is dealt if everyone is all in (RRP5 policies.16). Raises :class:`~floorman.errors.FloorError` when
        fewer than two players can be dealt in, changing nothing.
        """
        if self.in_deal:
            raise IllegalAction("a deal is under way; finish it before starting another")
        if runs != 1:
            # Refused before anything changes; the deal itself says why.
            Deal(
                self.setup.game,
                structure=self.setup.structure,
                stakes=self.setup.stakes(),
                stacks=(1, 1),
                runs=runs,
            )
        self._auto_showdown = auto_showdown
        self._runs = runs
        if self.setup.game.is_button_game:
            return self._start_button_deal(shuffled=shuffled)
        return self._start_stud_deal(shuffled=shuffled)

    def _start_stud_deal(self, *, shuffled: bool) -> Deal:
        seats = tuple(s for s, st in sorted(self._seats.items()) if self._present(st))
        if len(seats) < 2:
            raise FloorError(f"a deal needs two players who can be dealt in; {len(seats)} can")
        self._begin(seats, (), shuffled=shuffled, button=None, sb=None, bb=None)
        assert self.deal is not None
        return self.deal

    def _start_button_deal(self, *, shuffled: bool) -> Deal:
        first = self.big_blind is None
        drawn = self.button is None
        if drawn:
            self.draw_for_button()
        plan = self._placement()
        if plan is None:
            if drawn:
                self.button = None
                self.events.pop()
            present = sum(1 for st in self._seats.values() if self._present(st))
            raise FloorError(
                f"a deal needs two players who can be dealt in; {present} present, and"
                " new or returning players wait for the big blind unless they post",
                citations=cite("blinds.5", "blinds.8"),
            )
        self._mark_passes(plan, first=first)
        posts = self._posts(plan)
        self._begin(
            plan.dealt_in,
            posts,
            shuffled=shuffled,
            button=plan.button,
            sb=plan.small_blind,
            bb=plan.big_blind,
            heads_up=plan.heads_up,
        )
        assert self.deal is not None
        return self.deal

    def _mark_passes(self, plan: Placement, *, first: bool) -> None:
        """Blinds owed by players in the game whom a blind passed (RRP5 blinds.2,
        blinds.9, blinds.11); new players owe nothing (RRP5 blinds.6)."""
        seats = self.setup.seats
        if first or self.big_blind is None:
            self._passed.update(arc(plan.button, plan.big_blind, seats))
            self._passed.add(plan.big_blind)
            return
        moved = (plan.button - (self.button or plan.button)) % seats
        self._travel += moved
        passed_big = set(arc(self.big_blind, plan.big_blind, seats))
        self._passed.update(passed_big)
        self._passed.add(plan.big_blind)
        passed_small: set[int] = set()
        if plan.small_blind is not None and self.small_blind is not None:
            passed_small = set(arc(self.small_blind, plan.small_blind, seats))
            if plan.small_blind not in plan.dealt_in:
                passed_small.add(plan.small_blind)
        owners = set(map(id, self._owners.values()))
        sitters = [*self._seats.items(), *self._owners.items()]
        for seat, st in sorted(sitters, key=lambda pair: pair[0]):
            if not st.active:
                continue
            if id(st) not in owners and (seat in plan.entering or seat == plan.big_blind):
                continue
            for blind, passed in (("big", passed_big), ("small", passed_small)):
                if seat not in passed:
                    continue
                if st.dealt_off:
                    continue
                if blind == "big":
                    st.missed_big = True
                else:
                    st.missed_small = True
                if seat in plan.dealt_in or not st.away:
                    st.post = True
                self._emit(
                    ev.BlindMissed(seat=seat, blind=blind, citations=cite("blinds.2", "blinds.9"))
                )

    def _posts(self, plan: Placement) -> tuple[ev.Post, ...]:
        setup = self.setup
        big, small = setup.big_blind, setup.small_blind
        rule = cite("blinds.4") if plan.heads_up else cite("blinds.intro")
        posts: list[ev.Post] = []
        if plan.small_blind in plan.dealt_in and plan.small_blind is not None and small:
            posts.append(
                ev.Post(seat=plan.small_blind, amount=small, blind="small blind", citations=rule)
            )
        bb_seat = self._seats[plan.big_blind]
        bb_rule = rule if bb_seat.active and not bb_seat.owes else cite("blinds.5.1", "blinds.9")
        posts.append(ev.Post(seat=plan.big_blind, amount=big, blind="big blind", citations=bb_rule))
        for seat in plan.entering:
            st = self._seats[seat]
            if st.dealt_off:
                continue  # back in behind the button without posting (RRP5 blinds.14)
            if not st.active:
                posts.append(
                    ev.Post(seat=seat, amount=big, blind="new player", citations=cite("blinds.5.2"))
                )
                if setup.is_lowball:
                    posts.append(
                        ev.Post(
                            seat=seat,
                            amount=big,
                            dead=True,
                            blind="new player",
                            citations=cite("blinds.5.2"),
                        )
                    )
                continue
            # Missed blinds: live up to the minimum opening bet (the big blind),
            # the rest dead (RRP5 blinds.9). A small blind owed alone is under
            # that, so by the rule's words it plays live.
            if st.missed_big:
                posts.append(
                    ev.Post(
                        seat=seat, amount=big, blind="missed big blind", citations=cite("blinds.9")
                    )
                )
            if st.missed_small and small:
                posts.append(
                    ev.Post(
                        seat=seat,
                        amount=small,
                        dead=st.missed_big,
                        blind="missed small blind",
                        citations=cite("blinds.9"),
                    )
                )
        first = self._first_after_big_blind(plan)
        if first is not None and self._seats[first].straddle:
            posts.append(
                ev.Post(seat=first, amount=2 * big, blind="straddle", citations=cite("blinds.15"))
            )
        return tuple(posts)

    def _afford(
        self, posts: Sequence[ev.Post], deal: Deal, seats: tuple[int, ...]
    ) -> tuple[ev.Post, ...]:
        """The posts as made: a short stack posts what it has, the live part
        first (RRP5 blinds.1), as the deal took them."""
        live: dict[int, int] = {}
        dead: dict[int, int] = {}
        for event in deal.events:
            if isinstance(event, dev.BlindPosted):
                live[seats[event.player]] = event.amount
                dead[seats[event.player]] = event.dead
        out = []
        for post in posts:
            left = dead if post.dead else live
            amount = min(post.amount, left.get(post.seat, 0))
            if amount:
                left[post.seat] -= amount
                out.append(replace(post, amount=amount))
        return tuple(out)

    def _begin(
        self,
        seats: tuple[int, ...],
        posts: tuple[ev.Post, ...],
        *,
        shuffled: bool,
        button: int | None,
        sb: int | None,
        bb: int | None,
        heads_up: bool = False,
    ) -> None:
        setup = self.setup
        self._collect_time(seats, posts)
        for seat in seats:
            st = self._seats[seat]
            # Announced chips on the way play as if in front of the player.
            st.stack += st.pending + min(st.pending_quiet, setup.min_buy_in)
            moved = min(st.pending_quiet, setup.min_buy_in)
            st.pending_quiet -= moved
            st.pending = 0
        live = [0] * len(seats)
        dead = [0] * len(seats)
        opener = None
        for post in posts:
            p = seats.index(post.seat)
            if post.dead:
                dead[p] += post.amount
            else:
                live[p] += post.amount
            if post.blind == "straddle" or (post.blind == "big blind" and opener is None):
                opener = p
        antes = tuple(setup.ante for _ in seats) if setup.ante else ()
        stakes = setup.stakes(
            blinds=tuple(live) if setup.game.is_button_game else (),
            dead_blinds=tuple(dead) if any(dead) else (),
            big_blind=opener if setup.game.is_button_game else None,
            antes=antes,
        )
        deal = Deal(
            setup.game,
            structure=setup.structure,
            stakes=stakes,
            stacks=tuple(self._seats[s].stack for s in seats),
            shuffler=self.shuffler if shuffled else None,
            auto_showdown=self._auto_showdown,
            rules=setup.rules,
            runs=self._runs,
        )
        posts = self._afford(posts, deal, seats)
        for post in posts:
            st = self._seats[post.seat]
            if post.blind in ("big blind", "new player", "missed big blind", "missed small blind"):
                st.missed_big = st.missed_small = False
                st.active = True
                st.post = False
        for seat in seats:
            st = self._seats[seat]
            st.active = True
            st.dealt_off = False
            st.straddle = False
        for st in self._seats.values():
            if st.wait:
                st.wait -= 1
        self.button, self.small_blind, self.big_blind = button, sb, bb
        self.deal = deal
        self._settled = False
        self.positions = seats
        self.posts = posts
        self.deals.append(deal)
        self._emit(
            ev.DealStarted(
                number=len(self.deals),
                button=button,
                small_blind=sb,
                big_blind=bb,
                posts=posts,
                dealt_in=seats,
                stacks=tuple((s, self._seats[s].stack) for s in seats),
                citations=cite("blinds.4") if heads_up else (),
            )
        )
        self._sync()

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

    def _collect_time(self, seats: Sequence[int], posts: Sequence[ev.Post]) -> None:
        """Time is collected before the deal from each player dealt in who has not
        paid for the period under way (RRP5 policies.2)."""
        charge = self.setup.time_charge
        if not charge:
            return
        period = self._period()
        blinds = {p.seat for p in posts}
        for seat in seats:
            st = self._seats[seat]
            if st.paid_period >= period:
                continue
            if st.courtesy and self.waiting <= 1:
                # A courtesy: one deal at stud, and until the blind in button games.
                stud = not self.setup.game.is_button_game
                if (stud and st.courtesy_deals == 0) or (not stud and seat not in blinds):
                    st.courtesy_deals += 1
                    continue
            st.courtesy = False
            amount = min(charge, st.stack - 1) if st.stack > 1 else 0
            st.paid_period = period
            if amount <= 0:
                continue
            st.stack -= amount
            self.taken += amount
            self._emit(ev.TimeCollected(seat=seat, amount=amount, citations=cite("policies.2")))

    def apply(self, action: Action) -> list[dev.Event]:
        """Apply an action to the deal under way (positions, as the deal counts
        them); when the deal ends, the table takes its result."""
        if self.deal is None or self.deal.is_over:
            raise IllegalAction("no deal is under way; start one first")
        events = self.deal.apply(action)
        self._sync()
        return events

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
        self._emit(
            ev.DealFinished(
                number=len(self.deals),
                stacks=tuple((s, st.stack) for s, st in sorted(self._seats.items())),
            )
        )
        for seat in list(self.positions):
            if self._seats[seat].leaving:
                self._remove(seat)

    @property
    def chips(self) -> int:
        """Every chip at the table: stacks, chips on the way, and any deal's pot."""
        sitters = [*self._seats.values(), *self._owners.values()]
        total = sum(st.stack + st.pending + st.pending_quiet for st in sitters)
        if self.deal is not None and not self.deal.is_over:
            begun = sum(self._seats[s].stack for s in self.positions)
            total += sum(self.deal.stacks) + self.deal.pot - begun
        return total

    def seat_states(self) -> Mapping[int, SeatState]:
        """How placement sees each seat now (for tools and tests)."""
        return self._states()
