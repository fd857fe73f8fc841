"""A cash-game table across deals: seats, stacks, the button, blinds owed.

The table seats players, takes their buy-ins, keeps who sits out and who owes
which blind, places the button and blinds by its method (RRP5 blinds.2),
starts each :class:`~floorman.deal.Deal` and takes its result. Seats are the
table's chairs, 1-based and clockwise; the deal speaks of positions, from
the first player left of the button.

>>> from floorman.games import HOLDEM, Structure
>>> from floorman.shuffle import SeededShuffler
>>> from floorman.deal import Fold
>>> from floorman.table import TableSetup
>>> setup = TableSetup(game=HOLDEM, structure=Structure.NO_LIMIT, blinds=(1, 2), seats=6)
>>> table = Table(setup, shuffler=SeededShuffler(5))
>>> for seat, name in ((1, "ann"), (3, "bob"), (5, "cy")):
...     _ = table.sit(seat, name, 100)
>>> deal = table.start_deal()
>>> table.button, table.positions, [(p.seat, p.amount) for p in table.posts]
(3, (5, 1, 3), [(5, 1), (1, 2)])
>>> while not deal.is_over:
...     _ = table.apply(Fold(position=deal.legal().position))
>>> table.stacks
{1: 101, 3: 100, 5: 99}
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from floorman.cards import DECK_52, Card, Rank
from floorman.clock import Clock
from floorman.deal import events as dev
from floorman.deal.actions import Action
from floorman.deal.state import Deal, check_runs
from floorman.errors import FloorError, FloormanError, IllegalAction, NotationError
from floorman.games import Game, Reading
from floorman.ids import PlayerId, Seat
from floorman.rulebook import cite
from floorman.shuffle import SeededShuffler, Shuffler
from floorman.table import events as ev
from floorman.table.books import TABLE_EVENTS, TableBooks, passes
from floorman.table.deals import Stacked, open_deal
from floorman.table.placement import Placement, place
from floorman.table.seats import Seats
from floorman.table.setup import TableSetup

__all__ = ["Table", "draw_for_button"]

_T = TypeVar("_T")


@dataclass(frozen=True, slots=True, kw_only=True)
class _Terms:
    """How a deal is to be dealt: see :meth:`Table.start_deal`."""

    shuffled: bool
    auto_showdown: bool
    runs: int


def draw_for_button(
    game: Game, seats: Sequence[Seat], shuffler: Shuffler
) -> tuple[tuple[tuple[Seat, Card], ...], Seat]:
    """Each seat draws a card; the highest by suit takes the button at high
    games, the lowest at low games, the ace low where it plays low (RRP5
    seating.6). Returns the cards drawn and the button's seat."""
    cards = shuffler.shuffle(DECK_52)[: len(seats)]
    ace_low = game.reading in (Reading.ACE_TO_FIVE, Reading.BADUGI)

    def key(card: Card) -> tuple[int, int]:
        rank = 1 if ace_low and card.rank is Rank.ACE else int(card.rank)
        return (rank, int(card.suit))

    pairs = tuple(zip(seats, cards, strict=True))
    pick = min if game.reading.is_low else max
    return pairs, pick(pairs, key=lambda pair: key(pair[1]))[0]


class Table(Seats):
    """One table of a cash game, from deal to deal: the seats, the button and
    blinds placed by the table's method (RRP5 blinds.2), and each deal.

    Operations check the rules and raise :class:`~floorman.errors.FloorError`
    (a seat or buy-in refused) or :class:`~floorman.errors.IllegalAction`
    (something the rules forbid now), citing the rule and changing nothing.

    Each operation decides, then records its decision as events applied to
    the table's books (:class:`~floorman.table.books.TableBooks`): ``log``
    holds every table event and every deal event in the order they happened,
    ``events`` the table's alone, :meth:`rebuild` makes the same table from
    ``log``, and :meth:`state` is everything observable as one value. The deal
    under way is acted on through the table (:meth:`apply`, :meth:`on_deal`),
    which records its end as it ends; reading the table changes nothing.
    """

    def straddle(self, seat: Seat) -> ev.StraddleAnnounced:
        """The player first to act after the big blind posts a live straddle of
        twice the big blind next deal (RRP5 blinds.15).

        Apart from the blinds it is the one bet put out before the cards, and
        only for the next deal: a sleeping bet is not allowed (RRP5 blinds.16),
        so no other seat straddles, no bet is put out for a player away from
        the table, and a straddle whose player is not first after the big blind
        when the deal starts is withdrawn.
        """
        self._between_deals(f"seat {seat}'s straddle")
        st = self._sitter(seat)
        if st.away:
            raise IllegalAction(
                "seat {seat} cannot straddle: no bet is put out for a player away from the "
                "table; before the cards only the blinds and a straddle by the player left of "
                "the big blind go out",
                seat=seat,
                citations=cite("blinds.16"),
            )
        if not self.setup.straddles_allowed:
            raise IllegalAction(
                "seat {seat} cannot straddle: this {setup_structure_value} game does not allow a "
                "live straddle",
                seat=seat,
                setup_structure_value=self.setup.structure.value,
                citations=cite("blinds.15"),
            )
        plan = self._placement()
        first = self._first_after_big_blind(plan) if plan is not None else None
        if first != seat:
            where = f"seat {first}" if first is not None else "nobody"
            raise IllegalAction(
                "seat {seat} cannot straddle: only the player left of the big blind may, next "
                "deal {where}",
                seat=seat,
                where=where,
                citations=cite("blinds.15", "blinds.16"),
            )
        if st.stack < 2 * self.setup.big_blind:
            raise IllegalAction(
                "seat {seat} cannot straddle {straddle} with {stack}",
                seat=seat,
                straddle=2 * self.setup.big_blind,
                stack=st.stack,
                citations=cite("blinds.15"),
            )
        event = ev.StraddleAnnounced(seat=seat, citations=cite("blinds.15"))
        self._emit(event)
        return event

    def _first_after_big_blind(self, plan: Placement) -> Seat | None:
        if plan.heads_up or len(plan.dealt_in) < 3:
            return None
        order = plan.dealt_in
        seat = order[(order.index(plan.big_blind) + 1) % len(order)]
        return None if seat in plan.entering else seat

    def _placement(self, *, restart: bool = False, button: Seat | None = None) -> Placement | None:
        """Where the next deal's button and blinds go; ``restart``: for a new
        game started by those present, its button drawn on ``button``."""
        button = button if restart or self.button is None else self.button
        if button is None:
            return None
        return place(
            self._states(restart=restart),
            seats=self.setup.seats,
            method=self.setup.button,
            button=button,
            small_blind=None if restart else self.small_blind,
            big_blind=None if restart else self.big_blind,
            two_blinds=len(self.setup.blinds) == 2,
            big_blind_player=self._seat_of(self._big_player),
        )

    def _seat_of(self, player: PlayerId | None) -> Seat | None:
        return next((s for s, st in self._seats.items() if st.player == player), None)

    def draw_for_button(self) -> ev.ButtonDrawn:
        """A new game draws for the button: the highest card by suit at high
        games, the lowest at low games (RRP5 seating.6)."""
        event = self._draw()
        self._emit(event)
        return event

    def _draw(self) -> ev.ButtonDrawn:
        seats = [s for s, st in sorted(self._seats.items()) if self._present(st)]
        if len(seats) < 2:
            raise FloorError(
                "a deal needs two players who can be dealt in; {count} can", count=len(seats)
            )
        pairs, seat = draw_for_button(self.setup.game, seats, self.shuffler)
        return ev.ButtonDrawn(cards=pairs, seat=Seat(seat), citations=cite("seating.6"))

    def start_deal(
        self, *, shuffled: bool = True, auto_showdown: bool = True, runs: int = 1
    ) -> Deal:
        """Place the button and blinds, take the posts and start the next deal.

        With ``shuffled`` False the caller deals the cards (a live table, a
        replayed session); with ``auto_showdown`` False the players show or
        muck at the showdown themselves; ``runs`` is how many times the rest of
        the board is dealt if everyone is all in (RRP5 policies.16). Raises
        :class:`~floorman.errors.FloorError` when fewer than two players can be
        dealt in, changing nothing.
        """
        self._catch_up()
        if self.in_deal:
            raise IllegalAction("a deal is under way; finish it before starting another")
        check_runs(self.setup.game, self.setup.structure, runs)  # before anything changes
        terms = _Terms(shuffled=shuffled, auto_showdown=auto_showdown, runs=runs)
        if self.setup.game.is_button_game:
            return self._start_button_deal(terms)
        return self._start_stud_deal(terms)

    def _start_stud_deal(self, terms: _Terms) -> Deal:
        seats = tuple(s for s, st in sorted(self._seats.items()) if self._present(st))
        if len(seats) < 2:
            raise FloorError(
                "a deal needs two players who can be dealt in; {count} can", count=len(seats)
            )
        return self._begin(seats, (), terms, button=None, sb=None, bb=None)

    def _start_button_deal(self, terms: _Terms) -> Deal:
        here = tuple(s for s, st in sorted(self._seats.items()) if self._present(st))
        standing = [
            s for s in here if (st := self._seats[s]).active and not st.owes and not st.dealt_off
        ]
        # With fewer than two players in the game the old game is over: those
        # here start a new one, drawing for the button (RRP5 blinds.12.1).
        restart = self.started and len(here) >= 2 and len(standing) < 2
        drawing = restart or self.button is None
        shuffler = self.shuffler
        mark = shuffler.mark() if drawing and isinstance(shuffler, SeededShuffler) else None
        drawn = self._draw() if drawing else None
        plan = self._placement(restart=restart, button=drawn.seat if drawn else None)
        if plan is None:
            if mark is not None and isinstance(shuffler, SeededShuffler):
                shuffler.rewind(mark)  # refused, the table leaves its cards as they were
            raise FloorError(
                "a deal needs two players who can be dealt in; {count} present, and new or "
                "returning players wait for the big blind unless they post",
                count=len(here),
                citations=cite("blinds.5", "blinds.8"),
            )
        # Decided: the deal starts. What follows records it, event by event.
        if restart:
            self._emit(ev.GameRestarted(seats=here, citations=cite("blinds.12.1")))
        if drawn is not None:
            self._emit(drawn)
        first = self.big_blind is None
        if first:
            self._emit(
                ev.GameStarted(seats=tuple(sorted(plan.dealt_in)), citations=cite("blinds.12.1"))
            )
        self._mark_passes(plan)
        self._withdraw_sleeping(plan)
        posts = self._posts(plan)
        return self._begin(
            plan.dealt_in,
            posts,
            terms,
            button=plan.button,
            sb=plan.small_blind,
            bb=plan.big_blind,
            heads_up=plan.heads_up,
        )

    def _mark_passes(self, plan: Placement) -> None:
        """Blinds owed by players in the game whom a blind passed (RRP5 blinds.2,
        blinds.9, blinds.11); new players owe nothing (RRP5 blinds.6). The seats
        passed and the button's travel are the books' (see
        :func:`~floorman.table.books.passes`)."""
        passed_big, passed_small, _ = passes(
            (self.button, self.small_blind, self.big_blind),
            plan.button,
            plan.small_blind,
            plan.big_blind,
            self.setup.seats,
        )
        if self.big_blind is None:
            self._lapse(plan, passed_big)
            return
        missed_small = plan.small_blind is not None and self.small_blind is not None
        if missed_small and plan.small_blind not in plan.dealt_in:
            assert plan.small_blind is not None
            passed_small.add(plan.small_blind)
        self._lapse(plan, passed_big | passed_small)
        owners = set(map(id, self._owners.values()))
        sitters = [*self._seats.items(), *self._owners.items()]
        for seat, st in sorted(sitters, key=lambda pair: pair[0]):
            if not st.active:
                continue
            if id(st) not in owners and (seat in plan.entering or seat == plan.big_blind):
                continue
            owed = st.owes
            for blind, passed in (("big", passed_big), ("small", passed_small)):
                if seat not in passed or st.dealt_off:
                    continue
                self._emit(
                    ev.BlindMissed(
                        seat=Seat(seat),
                        blind=blind,
                        player=PlayerId(st.player),
                        # Skipped while playing (the moving button): the player
                        # goes on playing and posts what is owed, unless
                        # choosing to wait.
                        post=seat in plan.dealt_in and not owed,
                        citations=cite("blinds.2", "blinds.9"),
                    )
                )

    def _withdraw_sleeping(self, plan: Placement) -> None:
        """A straddle announced by a player who is not first after the big blind
        as the deal starts does not play, and does not wait for a later deal
        (RRP5 blinds.16)."""
        first = self._first_after_big_blind(plan)
        for seat, st in sorted(self._seats.items()):
            if seat != first:
                self._withdraw_straddle(Seat(seat), st)

    def _lapse(self, plan: Placement, passed: set[Seat]) -> None:
        """A player who sat down in a new game and is not dealt in as a blind
        passes the seat has not missed it: only those who drew for the button
        are in the game owing blinds (RRP5 blinds.12.1); this one is a new
        player from now on, who posts only a big blind to come in (RRP5
        blinds.6, blinds.12.2)."""
        for seat, st in sorted(self._seats.items()):
            if st.fresh and seat in passed and seat not in plan.dealt_in:
                self._emit(
                    ev.FreeEntryLapsed(seat=Seat(seat), citations=cite("blinds.12.2", "blinds.6"))
                )

    def _posts(self, plan: Placement) -> tuple[ev.Post, ...]:
        setup = self.setup
        big, small = setup.big_blind, setup.small_blind
        rule = cite("blinds.4") if plan.heads_up else cite("blinds.intro")
        posts: list[ev.Post] = []
        if plan.small_blind in plan.dealt_in and plan.small_blind is not None and small:
            posts.append(
                ev.Post(
                    seat=Seat(plan.small_blind), amount=small, blind="small blind", citations=rule
                )
            )
        bb_seat = self._seats[plan.big_blind]
        bb_rule = rule if bb_seat.active and not bb_seat.owes else cite("blinds.5.1", "blinds.9")
        if bb_seat.must_post:
            bb_rule = cite("blinds.10", "blinds.9")
        posts.append(
            ev.Post(seat=Seat(plan.big_blind), amount=big, blind="big blind", citations=bb_rule)
        )
        for seat in plan.entering:
            st = self._seats[seat]
            if st.dealt_off:
                continue  # back in behind the button without posting (RRP5 blinds.14)
            if st.active and not st.owes and st.wait:
                # Rather than wait for the same relative position after a seat
                # change: a big blind (at lowball, double, as a new player).
                posts.extend(self._entry_posts(Seat(seat), "seat change", "blinds.13"))
                continue
            if not st.active:
                posts.extend(self._entry_posts(Seat(seat), "new player", "blinds.5.2"))
                continue
            # Missed blinds: live up to the minimum opening bet (the big blind),
            # the rest dead (RRP5 blinds.9). A small blind owed alone is under
            # that, so by the rule's words it plays live. Owed after playing a
            # hand without them, they are posted by ruling (RRP5 blinds.10).
            owed = cite("blinds.10", "blinds.9") if st.must_post else cite("blinds.9")
            if st.missed_big:
                posts.append(
                    ev.Post(seat=Seat(seat), amount=big, blind="missed big blind", citations=owed)
                )
            if st.missed_small and small:
                posts.append(
                    ev.Post(
                        seat=Seat(seat),
                        amount=small,
                        dead=st.missed_big,
                        blind="missed small blind",
                        citations=owed,
                    )
                )
        first = self._first_after_big_blind(plan)
        if first is not None and self._seats[first].straddle:
            posts.append(
                ev.Post(
                    seat=Seat(first), amount=2 * big, blind="straddle", citations=cite("blinds.15")
                )
            )
        return tuple(posts)

    def _entry_posts(self, seat: Seat, blind: str, rule: str) -> list[ev.Post]:
        """A big blind posted to come in at once: live, and at lowball a second
        big blind dead (the lowball section is not included; this is its
        double post, without the kill pot's doubled limits)."""
        big = self.setup.big_blind
        posts = [ev.Post(seat=seat, amount=big, blind=blind, citations=cite(rule))]
        if self.setup.is_lowball:
            posts.append(
                ev.Post(seat=seat, amount=big, dead=True, blind=blind, citations=cite(rule))
            )
        return posts

    def _afford(
        self, posts: Sequence[ev.Post], deal: Deal, seats: tuple[int, ...]
    ) -> tuple[ev.Post, ...]:
        """The posts as made: a short stack posts what it has, the live part
        first (RRP5 blinds.1), as the deal took them."""
        live: dict[int, int] = {}
        dead: dict[int, int] = {}
        for event in deal.events:
            if isinstance(event, dev.BlindPosted):
                live[seats[event.position]] = event.amount
                dead[seats[event.position]] = event.dead
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
        seats: tuple[Seat, ...],
        posts: tuple[ev.Post, ...],
        terms: _Terms,
        *,
        button: Seat | None,
        sb: Seat | None,
        bb: Seat | None,
        heads_up: bool = False,
    ) -> Deal:
        setup = self.setup
        self._collect_time(seats, posts)
        # Announced chips on the way play as if in front of the player.
        stacks = tuple(self._playing(self._seats[seat]) for seat in seats)
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
        number = len(self.deals) + 1
        started = ev.DealStarted(
            number=number,
            button=button,
            small_blind=sb,
            big_blind=bb,
            posts=posts,
            dealt_in=seats,
            stacks=tuple(zip(seats, stacks, strict=True)),
            stakes=stakes,
            carried=self._carried,
            auto_showdown=terms.auto_showdown,
            runs=terms.runs,
            shuffled=terms.shuffled,
            citations=cite("blinds.4") if heads_up else (),
        )
        deck = None
        shuffler = None
        if terms.shuffled:
            # The table shuffles, and keeps the deck's order in its log, so that
            # a deal under way is dealt on the same after a rebuild.
            deck = ev.DeckShuffled(deal=number, cards=tuple(self.shuffler.shuffle(setup.game.deck)))
            shuffler = Stacked([deck.cards], self.shuffler)
        deal = open_deal(setup, started, shuffler=shuffler)
        # The posts as made: a short stack posts what it has, the live part
        # first (RRP5 blinds.1), as the deal took them.
        started = replace(started, posts=self._afford(posts, deal, seats))
        if deck is not None:
            self._emit(deck)
        self._opening = deal
        self._emit(started)
        self._took(deal)
        return deal

    def _collect_time(self, seats: Sequence[Seat], posts: Sequence[ev.Post]) -> None:
        """Time is collected before the deal from each player dealt in who has not
        paid for the period under way (RRP5 policies.2)."""
        charge = self.setup.time_charge
        if not charge:
            return
        period = self._period()
        blinds = {p.seat for p in posts}
        rule = cite("policies.2")
        for seat in seats:
            st = self._seats[seat]
            if st.paid_period >= period:
                continue
            if st.courtesy and self.waiting <= 1:
                # A courtesy: one deal at stud, and until the blind in button games.
                stud = not self.setup.game.is_button_game
                if (stud and st.courtesy_deals == 0) or (not stud and seat not in blinds):
                    self._emit(
                        ev.TimeWaived(seat=Seat(seat), period=period, courtesy=True, citations=rule)
                    )
                    continue
            amount = min(charge, st.stack - 1) if st.stack > 1 else 0
            if amount <= 0:
                self._emit(ev.TimeWaived(seat=Seat(seat), period=period, citations=rule))
                continue
            self._emit(
                ev.TimeCollected(seat=Seat(seat), amount=amount, period=period, citations=rule)
            )

    def apply(self, action: Action) -> list[dev.Event]:
        """Apply an action to the deal under way (positions, as the deal counts
        them); when the deal ends, the table takes its result."""
        self._catch_up()
        deal = self.deal
        if deal is None or not self.in_deal:
            raise IllegalAction("no deal is under way; start one first")
        try:
            events = deal.apply(action)
        except FloormanError as error:
            # The deal speaks of positions; at the table they are seats.
            error.at_seats(self.positions, self.players)
            raise
        finally:
            self._took(deal)
        return events

    def on_deal(self, change: Callable[[Deal], _T]) -> _T:
        """Carry out ``change`` on the deal under way (a floor ruling, a chop,
        a show or a muck read from a log) and record what it did: its events go
        into the table's log and, if the deal ended, the table takes its
        result. Whatever changes the deal under way goes through here or
        :meth:`apply`, so that the table sees each event as it happens.
        Raises :class:`~floorman.errors.IllegalAction` with no deal under way."""
        deal = self.deal
        if deal is None or not self.in_deal:
            raise IllegalAction("no deal is under way", citations=cite("decisions.5"))
        try:
            return change(deal)
        finally:
            self._took(deal)

    def _catch_up(self) -> None:
        """A deal acted on directly, not through the table, is logged and taken
        when the table next acts on it (never when it is read)."""
        deal = self.deals.slots[-1].deal if self.in_deal else None
        if deal is not None:
            self._took(deal)

    def _took(self, deal: Deal) -> None:
        """Log the deal's events not yet logged, and take its result if it ended."""
        slot = self.deals.slots[-1]
        new = deal.events[len(slot.events) :]
        if new:
            slot.events.extend(new)
            self.log.extend(new)
        if deal.is_over and self.in_deal:
            self._finish(deal)

    def _finish(self, deal: Deal) -> None:
        """The deal ended: record every seat's chips after it, then let go those
        who asked to leave when it ended."""
        after = dict(zip(self.positions, deal.stacks, strict=True))
        stacks = tuple((s, after.get(s, st.stack)) for s, st in sorted(self._seats.items()))
        self._emit(
            ev.DealFinished(
                number=len(self.deals),
                stacks=stacks,
                voided=deal.voided,
                carried=deal.carried,
                at=self.clock.now(),
            )
        )
        for seat in self.positions:
            if self._seats[seat].leaving:
                self._remove(Seat(seat))

    @classmethod
    def rebuild(
        cls,
        setup: TableSetup,
        log: Iterable[ev.TableEvent | dev.Event],
        *,
        shuffler: Shuffler | None = None,
        clock: Clock | None = None,
    ) -> Table:
        """The table whose log (:attr:`log`) is ``log``: every table event
        applied to its books, a finished deal's effect taken from its start and
        end records without dealing it again, and a deal under way dealt again
        from its events (and the deck the table shuffled for it) so that it
        goes on as it would have. ``shuffler`` and ``clock`` serve what comes
        next. Past deals' :class:`~floorman.deal.Deal` objects are made again
        only when asked for (:attr:`deals`).

        Raises :class:`~floorman.errors.NotationError` if the log is not one a
        table records: not opening with
        :class:`~floorman.table.events.TableOpened`, a deal's event outside a
        deal, or a deal under way that does not replay.
        """
        table = cls.__new__(cls)
        TableBooks.__init__(table, setup, shuffler=shuffler, clock=clock)
        events = iter(log)
        first = next(events, None)
        if not isinstance(first, ev.TableOpened):
            what = "this one is empty" if first is None else f"not {type(first).__name__}"
            raise NotationError(
                "a table's log opens with TableOpened; {what}", what=what, text=repr(first)
            )
        table.apply_event(first)
        # A finished deal's events are only kept, not dealt again: the loop
        # below is the cost of a rebuild, so it does little for each of them.
        table_events, emit, log_out = TABLE_EVENTS, table._emit, table.log
        dealt: list[dev.Event] | None = None
        for event in events:
            if type(event) in table_events:
                emit(event)  # type: ignore[arg-type]
                dealt = table.deals.slots[-1].events if table.in_deal else None
            elif dealt is not None:
                dealt.append(event)  # type: ignore[arg-type]
                log_out.append(event)
            else:
                table.apply_event(event)  # refused: a deal's event outside a deal
        table.deals.resume()
        return table

    def correct_button(self, seat: Seat) -> ev.ButtonCorrected:
        """The button was found placed wrongly on the last deal: it should have
        been on ``seat``. The next deal's button and blinds follow on from where
        they should have been, so each player gets each position once in the
        round as far as possible (RRP5 irregularities.1)."""
        self._between_deals("correcting the button")
        self._check_seat(seat)
        if not self.deals or not self.setup.game.is_button_game:
            raise FloorError("there is no last deal's button to correct")
        plan = place(
            self._states(),
            seats=self.setup.seats,
            method=self.setup.button,
            button=seat,
            small_blind=None,
            big_blind=None,
            two_blinds=len(self.setup.blinds) == 2,
        )
        if plan is None:
            raise FloorError("fewer than two players could have been dealt in")
        event = ev.ButtonCorrected(
            button=Seat(plan.button),
            small_blind=plan.small_blind,
            big_blind=Seat(plan.big_blind),
            citations=cite("irregularities.1"),
        )
        self._emit(event)
        return event

    @property
    def ruling_window(self) -> bool:
        """Whether a ruling on the last deal's pot may still be asked for: from the
        end of a deal until the next one starts (RRP5 decisions.5)."""
        return self.deal is not None and not self.in_deal

    def ruling_on(self, deal: int | None = None) -> int:
        """The number of the deal whose pot a ruling is asked about: ``deal``, or
        the last deal to have ended when None.

        A ruling on a pot is asked for before the next deal starts; after that the
        deal's result stands (RRP5 decisions.5). Raises
        :class:`~floorman.errors.FloorError` for a deal whose time has passed, one
        still under way, or one that was never dealt.
        """
        last = len(self.deals)
        rule = cite("decisions.5")
        if deal is not None and not 1 <= deal <= last:
            dealt = f"deals 1 to {last}" if last else "no deal yet"
            raise FloorError(
                "there is no deal {deal}: the table has dealt {dealt}", deal=deal, dealt=dealt
            )
        asked = deal if deal is not None else last - 1 if self.in_deal else last
        if not asked:
            raise FloorError("no deal has ended to rule on", citations=rule)
        if self.in_deal and asked == last:
            raise FloorError(
                "deal {last} is under way: a ruling on its pot is asked for once it ends",
                last=last,
                citations=rule,
            )
        if self.in_deal or asked < last:
            since = asked + 1
            now = f"; only deal {last}'s pot may still be ruled on" if not self.in_deal else ""
            raise FloorError(
                "deal {asked}'s result stands: deal {since} has started, and a ruling on a pot "
                "is asked for before the next deal starts{now}",
                asked=asked,
                since=since,
                now=now,
                citations=rule,
            )
        return asked

    def won(self, seat: Seat) -> int:
        """What a seat won from the last deal's pots, reconstructed from the
        betting record (RRP5 decisions.6)."""
        if not self.deals or seat not in self.positions:
            return 0
        p = self.positions.index(seat)
        return sum(
            amount
            for e in self.deals.slots[-1].events
            if isinstance(e, dev.PotAwarded)
            for q, amount in e.amounts
            if q == p
        )

    def transfer(
        self, seat: Seat, to: Seat, amount: int, *, deal: int | None = None
    ) -> ev.PotTransferred:
        """A pot (or part) of the last deal awarded to the wrong player moves to
        the right one: asked for before the next deal starts (RRP5 decisions.5),
        in an amount the betting record shows was won (RRP5 decisions.6).
        ``deal`` names the deal the ruling is about; a deal before the last is
        refused, its result standing."""
        rules = cite("decisions.5", "decisions.6")
        number = self.ruling_on(deal)
        st = self._sitter(Seat(seat))
        self._sitter(to)
        won = self.won(Seat(seat))
        if not 0 < amount <= min(won, st.stack):
            raise FloorError(
                "seat {seat} won {won} in deal {number} by the betting record; {amount} cannot "
                "move from it",
                seat=seat,
                won=won,
                number=number,
                amount=amount,
                citations=rules,
            )
        event = ev.PotTransferred(
            seat=Seat(seat), to=Seat(to), amount=amount, deal=number, citations=rules
        )
        self._emit(event)
        return event

    def post_next_deal(self, seat: Seat) -> ev.PostOwed:
        """A player dealt in owing missed blinds acted on the hand before it was
        noticed: the hand is live, and the blinds owed, as the table's record
        has them, are posted on the next deal the player is dealt in, with no
        waiting for the big blind (RRP5 blinds.10). Refused, changing nothing,
        for a seat not dealt in on the deal under way or owing nothing."""
        rules = cite("blinds.10")
        if not self.in_deal or seat not in self.positions:
            raise FloorError(
                "seat {seat} is not dealt in on a deal under way: a blind not posted is ruled on "
                "during the deal it was dealt in without it",
                seat=seat,
                citations=rules,
            )
        owed = self.owes(seat)
        if not owed:
            paid = [p.blind for p in self.posts if p.seat == seat]
            had = f"posted {', '.join(paid)} and" if paid else "was"
            raise FloorError(
                "seat {seat} owes no blind by the table's record: it {had} dealt in owing "
                "nothing, so there is nothing to post on the next deal",
                seat=seat,
                had=had,
                citations=rules,
            )
        event = ev.PostOwed(seat=seat, blinds=owed, citations=rules)
        self._emit(event)
        return event

    def impound(self, seat: Seat, amount: int, *, deal: int | None = None) -> ev.ChipsImpounded:
        """The house holds chips of a seat while a decision on the pot of the last
        deal (or ``deal``, which must be the last) is pending, so that play can go
        on (RRP5 decisions.7); the decision is asked for before the next deal
        starts (RRP5 decisions.5)."""
        st = self._sitter(seat)
        number = self.ruling_on(deal)
        if not 0 < amount <= st.stack:
            raise FloorError(
                "seat {seat} has {st_stack}; {amount} cannot be impounded",
                seat=seat,
                st_stack=st.stack,
                amount=amount,
                citations=cite("decisions.7"),
            )
        event = ev.ChipsImpounded(
            seat=seat, amount=amount, deal=number, citations=cite("decisions.7")
        )
        self._emit(event)
        return event

    def release(
        self, to: Seat, amount: int | None = None, *, deal: int | None = None
    ) -> ev.ImpoundReleased:
        """The decision is made: impounded chips go to the seat it names, all of
        them or ``amount``; ``deal`` takes them from what was impounded from that
        deal's pot, else from the earliest held first. The decision may come
        after later deals (RRP5 decisions.7)."""
        self._sitter(to)
        self._between_deals(f"releasing chips to seat {to}", "decisions.7")
        held = self._impounds if deal is None else {deal: self._impounds.get(deal, 0)}
        total = sum(held.values())
        amount = total if amount is None else amount
        if not 0 < amount <= total:
            deals = ", ".join(f"{n} from deal {d}" for d, n in sorted(self._impounds.items()))
            source = f" from deal {deal}" if deal is not None else ""
            where = f" (in all: {deals})" if deals and (deal is not None or len(held) > 1) else ""
            raise FloorError(
                "the house holds {total}{source}; it cannot release {amount}{where}",
                total=total,
                source=source,
                amount=amount,
                where=where,
                citations=cite("decisions.7"),
            )
        event = ev.ImpoundReleased(
            seat=Seat(to), amount=amount, deal=deal, citations=cite("decisions.7")
        )
        self._emit(event)
        return event

    @property
    def last_start(self) -> ev.DealStarted | None:
        """The record of the latest deal's start: button, blinds, posts, seats dealt in."""
        return next((e for e in reversed(self.events) if isinstance(e, ev.DealStarted)), None)
