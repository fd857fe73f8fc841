"""One deal as a state machine: forced bets, dealing, betting, draws, showdown, pots.

A :class:`Deal` is driven by :meth:`Deal.apply`; :meth:`Deal.legal` says whose
turn it is and what they may do, with the exact amounts. Every change goes
through an event (:mod:`floorman.deal.events`), so the log rebuilds the deal.

>>> from floorman.games import HOLDEM, Structure
>>> from floorman.shuffle import SeededShuffler
>>> deal = Deal(HOLDEM, structure=Structure.NO_LIMIT, stakes=Stakes(blinds=(1, 2)),
...             stacks=(200, 200, 200), shuffler=SeededShuffler(1))
>>> turn = deal.legal()
>>> turn.position, turn.call, turn.min_to, turn.max_to
(2, 2, 4, 200)
>>> _ = deal.apply(Wager(position=2, to=6))
>>> _ = deal.apply(Fold(position=0))
>>> _ = deal.apply(Fold(position=1))
>>> deal.is_over, deal.stacks
(True, (199, 198, 203))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from floorman._static import TYPE_CHECKING
from floorman.cards import Card
from floorman.deal import betting, rulings
from floorman.deal import events as ev
from floorman.deal._facts import game_facts
from floorman.deal._make import Maker
from floorman.deal.actions import (
    Action,
    BringIn,
    Call,
    Check,
    Chop,
    DealBoard,
    DealHole,
    Draw,
    Expose,
    Fold,
    Kill,
    Muck,
    Replace,
    Scrap,
    Show,
    TakeBack,
    Void,
    Wager,
)
from floorman.deal.checks import check_cards, check_discards, check_runs, stub_left
from floorman.deal.handlers import HANDLERS, ROSTER_KEPT
from floorman.deal.legal import Legal, Stakes, Turn, check_turn
from floorman.deal.options import legal_now
from floorman.deal.pots import Pot, build_pots
from floorman.deal.showdown import (
    after_show,
    award_pots,
    show_or_muck,
    showdown_order,
)
from floorman.deal.showing import bring_in_player, up_key
from floorman.errors import ConfigError, IllegalAction, Who
from floorman.games import Game, RuleSet, Structure
from floorman.ids import Position
from floorman.rulebook import cite

if TYPE_CHECKING:
    from typing import Any, Final

    # Only in annotations: a deal is handed its shuffler, and a replay loads none.
    from floorman.shuffle import Shuffler

__all__ = ["Deal", "Legal", "Stakes", "Turn", "check_runs"]

_handler = HANDLERS.get
_NONE_ID = id(None)

# The records every deal makes (see floorman.deal._make).
_BLIND_POSTED: Final = Maker(ev.BlindPosted, "position", "amount", "dead", "citations")
_STREET_STARTED: Final = Maker(ev.StreetStarted, "street", "name")
_CARD_BURNED: Final = Maker(ev.CardBurned, "card")
_HOLE_DEALT: Final = Maker(ev.HoleDealt, "position", "cards", "up")
_BOARD_DEALT: Final = Maker(ev.BoardDealt, "cards", "run")
_BET_RETURNED: Final = Maker(ev.BetReturned, "position", "amount")
_DEAL_ENDED: Final = Maker(ev.DealEnded, "stacks")
_ANTE_POSTED: Final = Maker(ev.AntePosted, "position", "amount")
_HAND_SHOWN: Final = Maker(ev.HandShown, "position", "cards", "citations")
_DREW: Final = Maker(ev.Drew, "position", "discards", "cards")


class _Player:
    """One player's part in a deal: the deal's own, changed only by its events."""

    # A plain slotted class: a deal makes one for each player, and its fields
    # start as literals (a dataclass would call a factory for each list).
    # fmt: off
    __slots__ = (
        "acted_at", "discards", "drew", "folded", "hole", "mucked", "pending_draw", "shown",
        "stack", "street_bet", "total", "up",
    )
    # fmt: on

    def __init__(self, stack: int) -> None:
        self.stack = stack
        self.hole: list[Card | None] = []
        self.up: list[bool] = []
        self.street_bet = 0
        self.total = 0
        self.folded = False
        self.mucked = False
        self.shown = False
        # The bet this player had matched when he last acted this round; None before
        # acting (a blind or straddle has not acted yet, RRP5 blinds.3).
        self.acted_at: int | None = None
        self.pending_draw = 0
        self.drew = False
        self.discards: list[Card] = []  # the latest draw's

    def __reduce__(self) -> tuple[Any, ...]:
        # Compiled (floorman._compiled), a class is made only through its
        # __init__: copies and pickles are made through it too, then given
        # every field of the original.
        names = getattr(type(self), "__mypyc_attrs__", None) or getattr(_Player, "__slots__")  # noqa: B009 (mypyc reads no __slots__ through the class)
        state = {name: getattr(self, name) for name in names if hasattr(self, name)}
        return (_restore_player, (self.stack, state))


def _restore_player(stack: int, state: dict[str, Any]) -> _Player:
    """A player made from ``_Player.__reduce__``'s stack and then given its state."""
    player = _Player(stack)
    for name, value in state.items():
        setattr(player, name, value)
    return player


class Deal:
    """One deal of a game, from the forced bets to the pots awarded.

    With a ``shuffler`` the dealer shuffles and deals by itself; without one
    the caller supplies every card dealt (:class:`DealHole`, :class:`DealBoard`),
    as at a live table or in a replayed history, and ``None`` may stand for a
    card nobody saw.
    """

    # Slots: a deal keeps some fifty fields, read at every step; more than a
    # plain instance dictionary shares its keys for.
    # fmt: off
    __slots__ = (
        "_able_cache", "_aggressor", "_bet_cached", "_bet_street", "_blinds_at", "_board",
        "_board_due", "_board_run", "_bring_in_due", "_button_game", "_capped", "_checked",
        "_chip", "_dead", "_dealing", "_deck", "_deck_indices", "_deck_set", "_first_actor",
        "_full_count", "_full_level", "_has_draw", "_held_back", "_legal", "_legal_at",
        "_level", "_live_cache", "_max_raises", "_muck", "_needs", "_over", "_players", "_pots",
        "_pots_at", "_raise_size", "_runs", "_scrapped", "_seen", "_show_order", "_shuffler",
        "_stale", "_street", "_table_ante", "auto_showdown", "carried", "dead_money", "events",
        "game", "rules", "runs", "stakes", "starting_stacks", "structure",
    )
    # fmt: on

    def __init__(
        self,
        game: Game,
        *,
        structure: Structure,
        stakes: Stakes,
        stacks: Sequence[int],
        shuffler: Shuffler | None = None,
        dead: int = 0,
        auto_showdown: bool = True,
        rules: RuleSet = RuleSet.ROBERTS,
        runs: int = 1,
    ) -> None:
        if structure not in game.structures:
            allowed = ", ".join(s.value for s in game.structures)
            raise ConfigError(
                "{game} is played {allowed}, not {structure}",
                code="structure_not_played",
                game=game.name,
                allowed=allowed,
                structure=structure.value,
            )
        if len(stacks) < 2:
            raise ConfigError(
                "a deal needs two players or more, got {players}",
                code="too_few_players",
                players=len(stacks),
            )
        if min(stacks) <= 0:
            raise ConfigError(
                "every player dealt in needs chips; stacks {stacks}",
                code="no_chips",
                stacks=tuple(stacks),
            )
        facts = game_facts(game)
        if facts.has_draw and len(stacks) > 8:
            # The rulebook's draw sections are not included; cardrooms deal draw
            # games to eight at most, so that the discards can serve every draw.
            raise ConfigError(
                "{game} is dealt to eight players at most, not {players}",
                code="too_many_players",
                game=game.name,
                players=len(stacks),
            )
        if runs != 1:
            check_runs(game, structure, runs)
        self.runs = runs
        self.game = game
        self.structure = structure
        self.stakes = stakes
        self.starting_stacks = tuple(stacks)
        self.auto_showdown = auto_showdown
        self.rules = rules
        self.events: list[ev.Event] = []
        self._dealing: list[tuple[int, tuple[bool, ...]]] = []
        self._board_due = 0
        self._players = [_Player(s) for s in stacks]
        self._shuffler = shuffler
        self._has_draw = facts.has_draw
        antes = stakes.antes[: len(stacks)]
        self._table_ante = len(antes) - antes.count(0) == 1
        self._chip = stakes.chip
        self._pots: tuple[Pot, ...] = ()
        self._pots_at = -1
        self._button_game = facts.button_game
        self._max_raises = facts.max_raises
        self._blinds_at: tuple[int, ...] | None = None
        # Who is live and who has chips that play, kept until an event that may
        # change a stack or a hand's life (see _emit).
        self._stale = True
        self._live_cache: list[int] = []
        self._able_cache: list[int] = []
        self._bet_street = -2
        self._bet_cached = 0
        # The cards in the hands and on the boards, kept up by the handlers
        # (None: to be counted again); none yet.
        self._seen: set[int] | None = set()  # by card index
        self._legal: Legal | None = None
        self._legal_at = -1
        self._deck_set = facts.deck_set
        self._deck_indices = facts.deck_indices
        self._deck: list[Card] | None = (
            shuffler.shuffle(facts.deck) if shuffler is not None else None
        )
        self._muck: list[Card] = []  # burned and discarded cards, for a reshuffle
        self._scrapped: set[Card] = set()  # out of play by a ruling (RRP5 irregularities.7)
        self._held_back: dict[Card, int] = {}  # dealt too soon: barred to this street
        self._board: list[Card | None] = []
        self._runs: list[list[Card | None]] = []  # the further boards, when run more than once
        self._board_run = 0  # which board the cards due go to
        self._street = -1
        self._dead = dead
        self.dead_money = dead
        self.carried = 0  # chips a voided deal leaves in the pot for the next
        self._level = 0  # the bet to match this round
        self._full_level = 0  # the level of the last full bet or raise
        self._raise_size = 0  # the size of the last full bet or raise
        self._full_count = 0  # full bets and raises this round (the blind counts)
        self._capped = False
        self._needs: list[int] = []  # players who must still act this round, in turn order
        self._aggressor: int | None = None
        self._checked: set[int] = set()
        self._first_actor: int | None = None
        self._bring_in_due: int | None = None
        self._show_order: list[int] = []
        self._over = False
        self._start()

    # ----------------------------------------------------------------- views

    def __reduce__(self) -> tuple[Any, ...]:
        """A deal copies and pickles whole, in the state it is in.

        Compiled (:mod:`floorman._compiled`), a deal is made only through its
        ``__init__``: the copy is made through it from the deal's setting, and
        then given every attribute of the original.
        """
        names = getattr(type(self), "__mypyc_attrs__", None) or getattr(Deal, "__slots__")  # noqa: B009 (as _Player)
        state = {name: getattr(self, name) for name in names if hasattr(self, name)}
        setting = (
            self.game,
            self.structure,
            self.stakes,
            self.starting_stacks,
            self.auto_showdown,
            self.rules,
            self.runs,
        )
        return (_restore, (setting, state))

    @property
    def players(self) -> int:
        """How many players were dealt in."""
        return len(self._players)

    @property
    def stacks(self) -> tuple[int, ...]:
        """Each player's chips behind (not in the pot)."""
        return tuple(p.stack for p in self._players)

    @property
    def board(self) -> tuple[Card | None, ...]:
        """The community cards."""
        return tuple(self._board)

    def hole(self, position: Position) -> tuple[Card | None, ...]:
        """A player's cards."""
        return tuple(self._players[position].hole)

    @property
    def pot(self) -> int:
        """Every chip in the middle, bets of this round included."""
        return sum(p.total for p in self._players) + self._dead

    @property
    def pots(self) -> tuple[Pot, ...]:
        """The main pot and side pots as they stand."""
        # They change only through the events that move chips into the pot or
        # out of it or kill a hand: kept until one of those.
        events = self.events
        since = self._pots_at
        if since != len(events):
            if not 0 <= since < len(events) or not _POTS_CHANGE.isdisjoint(
                map(type, events[since:])
            ):
                self._pots = build_pots(
                    [p.total for p in self._players],
                    live=[not p.folded for p in self._players],
                    dead=self._dead,
                )
            self._pots_at = len(events)
        return self._pots

    @property
    def bets(self) -> tuple[int, ...]:
        """Each player's bet on this betting round (live blinds included)."""
        return tuple(p.street_bet for p in self._players)

    @property
    def boards(self) -> tuple[tuple[Card | None, ...], ...]:
        """Every board: one, or one per run when the rest was dealt more than once."""
        return (self.board, *(tuple(b) for b in self._runs))

    @property
    def street(self) -> int:
        """The index of the current street in the game's streets."""
        return self._street

    @property
    def is_over(self) -> bool:
        """Whether every pot has been awarded."""
        return self._over

    def folded(self, position: Position) -> bool:
        """Whether a player's hand is dead."""
        return self._players[position].folded

    def mucked(self, position: Position) -> bool:
        """Whether a player's hand was thrown away or ruled dead, unshown."""
        return self._players[position].mucked

    def up(self, position: Position) -> tuple[bool, ...]:
        """Which of a player's cards are face up (stud), in the order of :meth:`hole`."""
        return tuple(self._players[position].up)

    @property
    def blinds(self) -> tuple[int, ...]:
        """Each position's live blind (see :meth:`_blinds`)."""
        return self._blinds()

    # ------------------------------------------------------------ the engine

    def _emit(self, event: ev.Event) -> ev.Event:
        self.events.append(event)
        kind = type(event)
        handler = _handler(kind)
        if handler is not None:
            handler(self, event)
        if kind not in ROSTER_KEPT:
            self._stale = True
        return event

    def _on(self, event: ev.Event) -> None:
        """Apply one event to the state: the only place the state changes."""
        handler = _handler(type(event))
        if handler is not None:
            handler(self, event)
        if type(event) not in ROSTER_KEPT:
            self._stale = True

    # ------------------------------------------------------------ the flow

    def _start(self) -> None:
        antes = self.stakes.antes[: len(self._players)]
        for p, ante in enumerate(antes if any(antes) else ()):
            if ante:
                stack = self._players[p].stack
                self._emit(_ANTE_POSTED.make2(Position(p), min(ante, stack)))
        if self._button_game:
            rule = _HEADS_UP_BLINDS if len(self._players) == 2 else _BLINDS
            deads = self.stakes.dead_blinds
            for p, blind in enumerate(self._blinds()):
                dead = deads[p] if p < len(deads) else 0
                if blind or dead:
                    # A short stack posts what it has, the live part first.
                    stack = self._players[p].stack
                    amount = min(blind, stack)
                    dead = min(dead, stack - amount)
                    self._emit(_BLIND_POSTED.make4(Position(p), amount, dead, rule))
        self._next_street()

    def _free(self, pl: _Player) -> int:
        """The chips of a stack that play: smaller chips than the game's smallest
        do not play, even in quantity (RRP5 betting.8).
        """
        chip = self._chip
        return pl.stack if chip == 1 else pl.stack - pl.stack % chip

    def _blinds(self) -> tuple[int, ...]:
        """Each position's blind. ``stakes.blinds`` lists them from the first
        seat left of the button; heads-up the button (the last position) posts
        the small blind and the other player the big blind (RRP5 blinds.4).
        """
        if self._blinds_at is None:
            n = len(self._players)
            given = self.stakes.blinds[:n] + (0,) * max(0, n - len(self.stakes.blinds))
            if n == 2 and len(self.stakes.blinds) >= 2 and self.stakes.big_blind is None:
                given = (given[1], given[0])
            # The stakes and the players dealt in are fixed for the deal.
            self._blinds_at = given
        return self._blinds_at

    def _bet_size(self) -> int:
        """The size of a bet on this street: the limit, or the smallest bet."""
        if self._bet_street != self._street:
            street = self.game.streets[self._street]
            stakes = self.stakes
            if self.structure is Structure.FIXED_LIMIT:
                size = stakes.big_bet if street.big_bet else stakes.small_bet
            else:
                size = stakes.min_bet or max(stakes.blinds, default=0) or stakes.small_bet
            self._bet_street = self._street
            self._bet_cached = size
        return self._bet_cached

    def _live(self) -> list[int]:
        """Players whose hands are not dead (a fresh list)."""
        return list(self._live_now())

    def _can_act(self) -> list[int]:
        """Live players with chips that play (a fresh list)."""
        return list(self._able_now())

    def _live_now(self) -> list[int]:
        """Players whose hands are not dead (the deal's own list: read only)."""
        if self._stale:
            self._refresh()
        return self._live_cache

    def _able_now(self) -> list[int]:
        """Live players with chips that play (the deal's own list: read only)."""
        if self._stale:
            self._refresh()
        return self._able_cache

    def _refresh(self) -> None:
        # Who is live and who has chips changes only through events (see _emit).
        self._stale = False
        players = self._players
        chip = self._chip
        live = [p for p, pl in enumerate(players) if not pl.folded]
        self._live_cache = live
        if chip == 1:
            self._able_cache = [p for p in live if players[p].stack]
        else:
            self._able_cache = [p for p in live if self._free(players[p])]

    def _next_street(self) -> None:
        """Advance to the next street, or to the showdown after the last."""
        if self._street >= 0:
            for pl in self._players:
                pl.street_bet = 0
        nxt = self._street + 1
        if nxt >= len(self.game.streets):
            self._begin_showdown()
            return
        street = self.game.streets[nxt]
        self._emit(_STREET_STARTED.make2(nxt, street.name))
        if self.runs > 1 and nxt > 0 and not self._runs and self._betting_closed():
            # Nobody can bet any more and board cards are to come: they are dealt
            # once for each run agreed (RRP5 policies.16).
            self._emit(ev.RunsStarted(times=self.runs, citations=cite("policies.16")))
        self._dealing = [(p, street.hole) for p in self._live_now()] if street.hole else []
        self._board_due = street.board
        burn = nxt > 0 and bool(street.board or street.hole or street.draw)
        short = self._deck is not None and street.hole
        if short and len(self._deck or ()) - burn < len(self._dealing) * len(street.hole):
            # Too few cards for every stud hand: the common practice (the rulebook's
            # stud section is not included) is one community card for all, burned
            # before only if a card is left to burn.
            self._dealing = []
            self._board_due = 1
            burn = len(self._deck or ()) > 1
        if burn:
            self._emit(_CARD_BURNED.make1(self._deck[0] if self._deck else None))
        if self._has_draw:
            for pl in self._players:
                pl.drew = False
                pl.pending_draw = 0
            if street.draw and not (self._dealing or self._board_due) and len(self._live_now()) > 1:
                # Every live hand is to draw, in turn: nothing to deal before.
                return
        self._auto_deal()

    def _betting_closed(self) -> bool:
        """Two hands or more still live, and no betting possible from here on."""
        return len(self._live_now()) > 1 and len(self._able_now()) <= 1

    def _auto_deal(self) -> None:
        """Deal from the deck (shuffled deals), then move on when nothing is due."""
        draws = self._has_draw
        while self._deck is not None and (
            self._dealing or self._board_due or (draws and self._draw_pending())
        ):
            if self._dealing:
                p, up = self._dealing[0]
                self._deal_hole(p, tuple(self._deck[: len(up)]))
            elif self._board_due:
                self._deal_board(tuple(self._deck[: self._board_due]))
            else:
                p = next(p for p, pl in enumerate(self._players) if pl.pending_draw)
                n = self._players[p].pending_draw
                if len(self._deck) < n:
                    self._reshuffle(p)
                self._deal_draw(p, tuple(self._deck[:n]))
        if not self._dealing and not self._board_due:
            street = self.game.streets[self._street]
            if street.draw and not self._draws_done():
                return
            if draws and self._draw_pending():
                return
            self._begin_betting()

    def _reshuffle(self, position: int) -> None:
        """Form a new stub from the discards when the deck runs short in a draw.

        The rulebook leaves this to each draw game's section, which it does not
        include; this is the common cardroom practice: the discards and burned
        cards are shuffled with the rest of the stub, except the discards of
        the player now being served.
        """
        assert self._deck is not None
        assert self._shuffler is not None
        own = {c.index for c in self._players[position].discards}
        pool = self._deck + [c for c in self._muck if c.index not in own]
        self._emit(ev.StubReshuffled(cards=tuple(self._shuffler.shuffle(pool))))

    def _deal_hole(self, position: int, cards: tuple[Card | None, ...]) -> None:
        p, up = self._dealing.pop(0)
        self._emit(_HOLE_DEALT.make3(Position(p), cards, up))

    def _deal_board(self, cards: tuple[Card | None, ...]) -> None:
        run = self._board_run
        due = self._board_due
        self._board_due = 0
        self._board_run = 0
        self._emit(_BOARD_DEALT.make2(cards, run))
        if run < len(self._runs):
            # The next board's cards for this street, after a burn of their own.
            self._board_run = run + 1
            self._board_due = due
            self._emit(_CARD_BURNED.make1(self._deck[0] if self._deck else None))

    def _deal_draw(self, position: int, cards: tuple[Card | None, ...]) -> None:
        pl = self._players[position]
        pl.pending_draw = 0
        self._emit(_HOLE_DEALT.make3(Position(position), cards, (False,) * len(cards)))

    def _draw_pending(self) -> bool:
        """Whether a player who discarded waits for cards."""
        for pl in self._players:  # noqa: SIM110 (asked at every step of a draw game: no generator)
            if pl.pending_draw:
                return True
        return False

    def _draws_done(self) -> bool:
        """Whether every live hand has drawn (or stood pat) on this street."""
        for pl in self._players:  # noqa: SIM110 (as _draw_pending)
            if not (pl.drew or pl.folded):
                return False
        return True

    def _begin_betting(self) -> None:
        if len(self._live_now()) <= 1:
            self._finish()
            return
        self._level = 0
        self._full_level = 0
        self._full_count = 0
        self._capped = False
        self._raise_size = self._bet_size()
        self._aggressor = None
        self._bring_in_due = None
        self._checked = set()
        for pl in self._players:
            pl.acted_at = None
        n = len(self._players)
        if self._street == 0 and self._button_game:
            blinds = self._blinds()
            if any(blinds):
                # The minimum bring-in stays the big blind's even when it is short
                # (RRP5 blinds.1); action starts left of the biggest blind.
                self._level = max(blinds)
                self._full_level = self._level
                self._full_count = 1
                opener = self.stakes.big_blind
                if opener is None:
                    # The last of the biggest blinds.
                    opener = n - 1 - blinds[::-1].index(self._level)
                elif self._level > self._bet_size():
                    # A live straddle is a raise of the big blind (RRP5 blinds.15).
                    self._full_count = 2
                    self._raise_size = self._level
                first = (opener + 1) % n
            else:
                first = 0
        elif not self._button_game:
            first = self._stud_first_actor()
        else:
            first = 0
        able = self._able_now()
        self._needs = [p for p in betting.turn_order(n)[first] if p in able]
        self._first_actor = self._needs[0] if self._needs else None
        if len(able) <= 1 and all(self._players[p].street_bet >= self._level for p in able):
            # Nobody can bet against anyone: deal the rest out.
            self._needs = []
        if not self._needs:
            self._end_betting()

    @staticmethod
    def _door(pl: _Player) -> Card | None:
        """The first upcard: the third card, unless a ruling turned another up."""
        if pl.folded or len(pl.hole) < 3:
            return None
        up = pl.up
        return pl.hole[0 if up[0] else 1 if up[1] else 2]

    def _stud_first_actor(self) -> int:
        if self._street == 0:
            doors = [self._door(pl) for pl in self._players]
            assert self.game.bring_in is not None
            p = bring_in_player(doors, self.game.bring_in)
            self._bring_in_due = p
            return p
        low = self.game.reading.is_low
        best = None
        players = self._players
        for p in self._able_now() or self._live_now():
            pl = players[p]
            key = up_key(pl.hole, pl.up, low=low)
            if best is None or key > best[0]:
                best = (key, p)
        assert best is not None
        return best[1]

    def _end_betting(self) -> None:
        """Close the round: return any uncalled bet, then go on."""
        # The highest bet, if no one else's matches it, less the next highest.
        top = second = -1
        p = 0
        for q, pl in enumerate(self._players):
            bet = pl.street_bet
            if bet >= top:
                top, second, p = bet, top, q
            elif bet > second:
                second = bet
        if second >= 0 and top > second:
            self._emit(_BET_RETURNED.make2(Position(p), top - second))
        if len(self._live_now()) <= 1:
            self._finish()
            return
        self._next_street()

    def _begin_showdown(self) -> None:
        live = self._live()
        self._show_order = showdown_order(self, live)
        players = self._players
        known = all(c is not None for p in self._show_order for c in players[p].hole)
        if self.auto_showdown and known:
            for p in self._show_order:
                self._emit(_HAND_SHOWN.make3(Position(p), self.hole(Position(p)), _SHOWN_IN_ORDER))
            self._finish()

    def _finish(self) -> None:
        for event in award_pots(self):
            self._emit(event)
        self._emit(_DEAL_ENDED.make1(self.stacks))

    # ------------------------------------------------------- legal actions

    def legal_actions(self) -> Legal:
        """Whose turn it is and what they may do, with the exact amounts allowed."""
        return self.legal()

    def legal(self) -> Legal:
        """Whose turn it is and what they may do (short for :meth:`legal_actions`)."""
        if self._legal_at == len(self.events) and self._legal is not None:
            return self._legal
        self._legal = legal_now(self)
        self._legal_at = len(self.events)
        return self._legal

    def to_call(self, position: Position) -> int:
        """The chips a call by ``position`` puts in now: :meth:`legal`'s ``call``
        when the deal waits for that player's betting decision, else 0."""
        if betting.waits_for(self, position):
            pl = self._players[position]
            return max(0, min(self._level - pl.street_bet, self._free(pl)))
        legal = self.legal()
        return legal.call if legal.turn is Turn.BET and legal.position == position else 0

    # ---------------------------------------------------------------- apply

    def apply(self, action: Action) -> list[ev.Event]:
        """Check an action, carry it out, and return the events it caused.

        An illegal action raises :class:`~floorman.errors.IllegalAction` (or
        :class:`~floorman.errors.OutOfTurn`) saying what is allowed instead, and
        changes nothing.
        """
        start = len(self.events)
        self.carry_out(action)
        return self.events[start:]

    def carry_out(self, action: Action) -> None:
        """:meth:`apply`, for a caller that reads the events it caused from
        :attr:`events` (or not at all): they are not copied out."""
        start = len(self.events)
        bet = _BETTING.get(type(action))
        if bet is not None:
            # A fold, check or call in turn needs none of a wager's amounts:
            # the options are worked out only when not already known and needed.
            bet(self, self._legal if self._legal_at == start else None, action)
            return
        # The usual deals, as legal_now and the checks below would see them:
        # the hole cards due to the player next dealt to, the board cards due.
        if type(action) is DealHole:
            dealing = self._dealing
            if dealing and not self._over:
                p, up = dealing[0]
                if action.position == p and len(action.cards) == len(up):
                    check_cards(self, action.cards)
                    dealing.pop(0)
                    self._emit(_HOLE_DEALT.make3(action.position, action.cards, up))
                    if self._deck is not None or not dealing:
                        self._auto_deal()
                    return
        elif (
            type(action) is DealBoard
            and self._board_due
            and not self._dealing
            and not self._over
            and len(action.cards) == self._board_due
        ):
            check_cards(self, action.cards)
            self._deal_board(action.cards)
            self._auto_deal()
            return
        legal = self._legal
        if legal is None or self._legal_at != start:
            legal = self.legal()
        match action:
            case DealHole(position=p, cards=cards):
                self._apply_deal_hole(legal, p, cards)
            case DealBoard(cards=cards):
                check_cards(self, cards)
                if (
                    legal.turn is Turn.DEAL_HOLE
                    and not self.game.is_button_game
                    and len(cards) == 1
                    and len(self._dealing) == len(self._live())
                    and stub_left(self) < len(self._dealing) * len(self._dealing[0][1])
                ):
                    # A live dealer short of cards for every stud hand turns one
                    # community card instead (see _next_street).
                    self._dealing = []
                    self._board_due = 1
                    self._legal = None
                    legal = self.legal()
                if legal.turn is not Turn.DEAL_BOARD or len(cards) != legal.cards:
                    raise IllegalAction(
                        "the dealer cannot turn {cards} board cards now; {allowed}",
                        code="cards_not_due",
                        cards=len(cards),
                        allowed=legal,
                    )
                self._deal_board(cards)
                self._auto_deal()
            case Draw(position=p, discards=discards):
                self._apply_draw(legal, p, discards)
            case Show(position=p, cards=cards):
                show_or_muck(self, legal, p, show=True, cards=cards)
            case Muck(position=p):
                show_or_muck(self, legal, p, show=False)
            case Fold() | Check() | Call() | Wager() | BringIn():
                betting.apply_bet(self, legal, action)
            case Chop(position=p):
                self._record(rulings.chop(self, legal, p))
                self._emit(ev.DealEnded(stacks=self.stacks, citations=cite("policies.15")))
            case Kill(position=p, citations=rule):
                self._record(rulings.kill(self, legal, p, rule))
                self._after_kill(legal)
            case Expose(position=p, card=card, citations=rule):
                turned = rulings.expose(self, p, card, rule)
                self._record(turned)
                if len(turned) > 1:
                    # The door card went down again: the bring-in is found anew.
                    self._begin_betting()
            case Replace(position=p, card=card, citations=rule, new=new):
                self._record(rulings.replace_card(self, p, card, new, rule))
            case Scrap(card=card, citations=rule):
                self._record(rulings.scrap(self, card, rule))
            case TakeBack(cards=cards, citations=rule):
                self._record(rulings.take_back(self, legal, cards, rule))
            case Void(citations=rule, keep=keep):
                self._record(rulings.void(self, rule, keep))
                self._emit(ev.DealEnded(stacks=self.stacks, citations=rule))

    def _record(self, events: Sequence[ev.Event]) -> None:
        """Record a ruling's events (:mod:`floorman.deal.rulings` checked them)."""
        for event in events:
            self._emit(event)

    def _after_kill(self, legal: Legal) -> None:
        """Carry on after a hand was ruled dead while the deal waited for ``legal``."""
        if legal.turn is Turn.SHOW:
            after_show(self)
        elif legal.turn is Turn.BET:
            betting.after_bet(self)
        elif len(self._live()) <= 1:
            self._finish()
        else:
            self._auto_deal()

    @property
    def can_chop(self) -> bool:
        """Whether the blinds may chop now (RRP5 policies.15): see
        :func:`floorman.deal.rulings.can_chop`."""
        return rulings.can_chop(self)

    @property
    def voided(self) -> bool:
        """Whether a ruling voided the deal, every chip going back."""
        return any(isinstance(e, ev.DealVoided) for e in self.events)

    def _apply_deal_hole(self, legal: Legal, p: int, cards: tuple[Card | None, ...]) -> None:
        check_cards(self, cards)
        if legal.turn is Turn.DEAL_HOLE and legal.position == p and len(cards) == legal.cards:
            if self._dealing:
                self._deal_hole(p, cards)
            else:
                self._deal_draw(p, cards)
            self._auto_deal()
            return
        pl = self._players[p] if 0 <= p < len(self._players) else None
        if pl is not None and pl.pending_draw == len(cards) and not self._dealing:
            self._deal_draw(p, cards)
            self._auto_deal()
            return
        raise IllegalAction(
            "the dealer cannot give {who} {cards} cards now; {allowed}",
            code="cards_not_due",
            who=Who(Position(p)),
            cards=len(cards),
            allowed=legal,
        )

    def _apply_draw(self, legal: Legal, p: Position, discards: tuple[Card | None, ...]) -> None:
        if legal.turn is not Turn.DRAW or legal.position != p:
            check_turn(legal, Turn.DRAW, p, "draw")
        pl = self._players[p]
        n = len(discards)
        if n:
            # Cards are shared objects (one per card): discards that are each a
            # different card held, none unknown, need no closer look.
            named = set(map(id, discards))
            if len(named) != n or not named.issubset(map(id, pl.hole)) or _NONE_ID in named:
                check_discards(p, pl.hole, discards)
        self._emit(_DREW.make3(p, discards, ()))
        pl.drew = True
        deck = self._deck
        if deck is None or self._dealing or self._board_due:
            pl.pending_draw = n
            self._auto_deal()
            return
        # A shuffled deal serves the player at once, as _auto_deal would.
        if n:
            if len(deck) < n:
                self._reshuffle(p)
                deck = self._deck
                assert deck is not None
            self._emit(_HOLE_DEALT.make3(p, tuple(deck[:n]), (False,) * n))
        waiting = False
        for other in self._players:
            if other.pending_draw:
                self._auto_deal()
                return
            if not (other.drew or other.folded):
                waiting = True
        if not waiting:
            # Every hand has drawn: the betting opens (through _auto_deal).
            self._auto_deal()


# The events that change what each player put in, the dead money or who is
# live (see the handlers): the only ones after which the pots are made again.
_POTS_CHANGE = frozenset(
    {
        ev.AntePosted,
        ev.BlindPosted,
        ev.BringInPosted,
        ev.Called,
        ev.Wagered,
        ev.BetReturned,
        ev.Folded,
        ev.HandKilled,
        ev.DealVoided,
    }
)
_HEADS_UP_BLINDS = cite("blinds.4")
_SHOWN_IN_ORDER = cite("showdown.7")
_BLINDS = cite("blinds.intro")


def _restore(setting: tuple[Any, ...], state: dict[str, Any]) -> Deal:
    """A deal made from ``Deal.__reduce__``'s setting and then given its state."""
    game, structure, stakes, stacks, auto_showdown, rules, runs = setting
    deal = Deal(
        game,
        structure=structure,
        stakes=stakes,
        stacks=stacks,
        auto_showdown=auto_showdown,
        rules=rules,
        runs=runs,
    )
    for name, value in state.items():
        setattr(deal, name, value)
    return deal


# The betting actions, found by their type in one look-up (the match in
# Deal.carry_out takes any other action, and a subclass of one of these).
_BETTING: dict[type, Callable[[Deal, Legal | None, Any], None]] = {
    Fold: betting.fold,
    Check: betting.check,
    Call: betting.call,
    Wager: betting.wager_action,
    BringIn: betting.bring_in,
    Draw: lambda deal, legal, action: deal._apply_draw(
        legal or deal.legal(), action.position, action.discards
    ),
}
