"""Replaying PHH hand histories through the dealer, and writing deals as PHH.

Every action of the file is applied to a :class:`~floorman.deal.Deal` built
from the file's game, stakes and stacks; the dealer checks each one against
the rules. A hand whose actions break a rule stops at the refused action, with
the rule cited.

Show-or-muck actions are collected and applied when the showdown comes, in the
order the rulebook gives (RRP5 showdown.7), since a file may record them
early (hands tabled during an all-in) or in another order.

>>> from pathlib import Path
>>> from floorman.formats import read_phh
>>> text = '''
... variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ["d dh p1 AsKs", "d dh p2 7c2d", "d dh p3 QhQd", "p3 cbr 6", "p1 f", "p2 f"]
... '''
>>> result = replay(read_phh(text))
>>> result.finishing_stacks, result.error
((99, 98, 103), None)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, cast

from floorman._frozen import frozen
from floorman.cards import Card
from floorman.deal import (
    BringIn,
    Call,
    Check,
    Deal,
    DealBoard,
    DealHole,
    Draw,
    Fold,
    Muck,
    Show,
    Stakes,
    Turn,
    Wager,
)
from floorman.deal import events as ev
from floorman.errors import FloormanError, NotationError
from floorman.formats import phh
from floorman.games import (
    BADUGI,
    HOLDEM,
    OMAHA,
    OMAHA_EIGHT,
    RAZZ,
    SEVEN_CARD_STUD,
    SEVEN_CARD_STUD_EIGHT,
    SHORT_DECK,
    SINGLE_DRAW_27,
    TRIPLE_DRAW_27,
    Game,
    RuleSet,
    Structure,
)
from floorman.ids import Position
from floorman.rulebook import cite

__all__ = [
    "VARIANT_GAMES",
    "Replay",
    "ReplayError",
    "apply_action",
    "deal_from_history",
    "history_from_deal",
    "replay",
    "settle_showdown",
]

#: PHH variant codes floorman deals, with the game and betting structure.
VARIANT_GAMES: Mapping[str, tuple[Game, Structure]] = MappingProxyType(
    {
        "NT": (HOLDEM, Structure.NO_LIMIT),
        "FT": (HOLDEM, Structure.FIXED_LIMIT),
        "PT": (HOLDEM, Structure.POT_LIMIT),
        "NO": (OMAHA, Structure.NO_LIMIT),
        "PO": (OMAHA, Structure.POT_LIMIT),
        "FO": (OMAHA, Structure.FIXED_LIMIT),
        "FO/8": (OMAHA_EIGHT, Structure.FIXED_LIMIT),
        "PO/8": (OMAHA_EIGHT, Structure.POT_LIMIT),
        "F7S": (SEVEN_CARD_STUD, Structure.FIXED_LIMIT),
        "F7S/8": (SEVEN_CARD_STUD_EIGHT, Structure.FIXED_LIMIT),
        "FR": (RAZZ, Structure.FIXED_LIMIT),
        "F2L3D": (TRIPLE_DRAW_27, Structure.FIXED_LIMIT),
        "N2L1D": (SINGLE_DRAW_27, Structure.NO_LIMIT),
        "FB": (BADUGI, Structure.FIXED_LIMIT),
        "NS": (SHORT_DECK, Structure.NO_LIMIT),
    }
)


@dataclass(frozen=True, slots=True, kw_only=True)
class ReplayError:
    """Why a replay stopped: the 0-based index of the refused action in the file's
    ``actions`` (or its length, when the file ends before the deal), the message,
    and the rules cited.
    """

    action_index: int
    message: str
    citations: tuple[str, ...] = ()


@frozen(kw_only=True)
class Replay:
    """The outcome of replaying one hand history."""

    history: phh.HandHistory
    deal: Deal | None
    error: ReplayError | None = None

    @property
    def finishing_stacks(self) -> tuple[int, ...] | None:
        """Every player's chips at the end (in chips), or ``None`` if the replay stopped."""
        if self.error is not None or self.deal is None:
            return None
        return self.deal.stacks

    @property
    def matches_file(self) -> bool | None:
        """Whether the stacks reached equal the file's ``finishing_stacks`` (None if absent)."""
        if self.history.finishing_stacks is None:
            return None
        return self.finishing_stacks == self.history.finishing_stacks


def deal_from_history(history: phh.HandHistory, *, rules: RuleSet = RuleSet.ROBERTS) -> Deal:
    """A deal set up as the hand history says, awaiting its first card."""
    found = _VARIANTS.get(history.variant)
    if found is None:
        known = ", ".join(VARIANT_GAMES)
        raise NotationError(
            f"variant {history.variant!r} is not a game floorman deals; it deals {known}",
            text=history.variant,
        )
    game, structure = found
    if None in history.starting_stacks:
        raise NotationError("every starting stack must be known to replay a hand", text="inf")
    stacks = cast(tuple[int, ...], history.starting_stacks)
    dead: object = ()
    big: object = None
    placed = False
    for name, value in history.extra:
        if name == "_dead_blinds":
            dead, placed = value, True
        elif name == "_big_blind":
            big, placed = value, True
    if placed:
        stakes = _placed_stakes(history, dead, big)
    else:
        # A file of hands, or a folder of them, is played at one stake: the stakes
        # of a header are kept for the next hand with the same.
        header = (
            history.antes,
            history.blinds_or_straddles,
            history.bring_in,
            history.small_bet,
            history.big_bet,
            history.min_bet,
        )
        kept = _STAKES.get(header)
        if kept is None:
            if len(_STAKES) >= 64:
                _STAKES.clear()
            kept = _STAKES[header] = _stakes(history, history.antes)
        stakes = kept
    return Deal(
        game,
        structure=structure,
        stakes=stakes,
        stacks=stacks,
        auto_showdown=False,
        rules=rules,
    )


_VARIANTS = dict(VARIANT_GAMES)
_STAKES: dict[tuple[object, ...], Stakes] = {}


def _stakes(
    history: phh.HandHistory,
    antes: tuple[int, ...],
    dead_blinds: tuple[int, ...] = (),
    big_blind: int | None = None,
) -> Stakes:
    return Stakes(
        blinds=tuple(history.blinds_or_straddles or ()),
        dead_blinds=dead_blinds,
        big_blind=big_blind,
        antes=antes,
        bring_in=history.bring_in or 0,
        small_bet=history.small_bet or 0,
        big_bet=history.big_bet or 0,
        min_bet=history.min_bet or 0,
    )


def _placed_stakes(history: phh.HandHistory, dead: object, big: object) -> Stakes:
    """The stakes of a hand whose blinds were placed by a table (floorman's own
    extra fields ``_dead_blinds`` and ``_big_blind``, see :func:`history_from_deal`)."""
    if not isinstance(dead, tuple):
        dead = (dead,)
    deads = tuple(d for d in dead if isinstance(d, int)) if dead else ()
    if len(deads) != len(dead):
        raise NotationError(f"_dead_blinds {dead!r} is not whole numbers of chips", text=str(dead))
    if big is not None and not (isinstance(big, int) and 1 <= big <= len(history.starting_stacks)):
        raise NotationError(f"_big_blind {big!r} is not a player number", text=str(big))
    antes = tuple(history.antes)
    if deads:
        antes = tuple(a - d for a, d in zip(antes, deads, strict=False))
    return _stakes(history, antes, deads, big - 1 if isinstance(big, int) else None)


def replay(history: phh.HandHistory, *, rules: RuleSet = RuleSet.ROBERTS) -> Replay:
    """Play every action of a hand history through the dealer, under ``rules``."""
    try:
        deal = deal_from_history(history, rules=rules)
    except FloormanError as error:
        return Replay(history=history, deal=None, error=_error(0, error))
    shows: dict[int, phh.ShowOrMuck] = {}
    apply = deal.apply
    # Each action's fields are read as its type (tested just before) has them.
    actions: tuple[Any, ...] = history.parsed_actions
    action: Any = None
    try:
        # The usual actions by their type, the most frequent first; any other, and
        # a show or muck, through apply_action.
        for action in actions:
            kind = type(action)
            if kind is _PHH_DEAL_HOLE:
                apply(DealHole(position=Position(action.player - 1), cards=action.cards))
            elif kind is _PHH_FOLD:
                p = action.player - 1
                apply(_FOLDS.get(p) or _fold(p))
            elif kind is _PHH_CHECK_OR_CALL:
                p = action.player - 1
                if deal.to_call(p):
                    apply(_CALLS.get(p) or _call(p))
                else:
                    apply(_CHECKS.get(p) or _check(p))
            elif kind is _PHH_WAGER:
                apply(_wager(action.player - 1, action.amount))
            elif kind is _PHH_DEAL_BOARD:
                apply(DealBoard(cards=action.cards))
            else:
                apply_action(deal, action, shows)
            if shows:  # with none waiting, the showdown has nothing to settle yet
                settle_showdown(deal, shows, final=False)
    except FloormanError as error:
        return Replay(history=history, deal=deal, error=_error(action.index, error))
    try:
        settle_showdown(deal, shows, final=True)
    except FloormanError as error:
        return Replay(history=history, deal=deal, error=_error(len(history.actions), error))
    if not deal.is_over:
        legal = deal.legal()
        message = f"the hand history ends before the deal does ({legal.turn.value} is due)"
        return Replay(
            history=history,
            deal=deal,
            error=ReplayError(action_index=len(history.actions), message=message),
        )
    return Replay(history=history, deal=deal)


def _error(index: int, error: FloormanError) -> ReplayError:
    return ReplayError(
        action_index=index,
        message=error.message,
        citations=tuple(str(c) for c in error.citations),
    )


_PHH_DEAL_HOLE = phh.DealHole
_PHH_FOLD = phh.Fold
_PHH_CHECK_OR_CALL = phh.CheckOrCall
_PHH_WAGER = phh.CompleteBetOrRaiseTo
_PHH_DEAL_BOARD = phh.DealBoard

# The dealer's actions are values: one made for a player's fold, check or call (and
# a wager) serves every hand replayed after; at most _KEPT wagers are kept, the
# oldest forgotten all at once.
_KEPT = 8192
_FOLDS: dict[int, Fold] = {}
_CHECKS: dict[int, Check] = {}
_CALLS: dict[int, Call] = {}
_WAGERS: dict[tuple[int, int], Wager] = {}


def _fold(p: int) -> Fold:
    made = _FOLDS[p] = Fold(position=Position(p))
    return made


def _check(p: int) -> Check:
    made = _CHECKS[p] = Check(position=Position(p))
    return made


def _call(p: int) -> Call:
    made = _CALLS[p] = Call(position=Position(p))
    return made


def _wager(p: int, to: int) -> Wager:
    made = _WAGERS.get((p, to))
    if made is None:
        if len(_WAGERS) >= _KEPT:
            _WAGERS.clear()
        made = _WAGERS[p, to] = Wager(position=Position(p), to=to)
    return made


# Each PHH action as the dealer's action, found by its type (one dictionary look-up
# where a match statement would test the classes one after another).
_APPLY: dict[type[phh.Action], Callable[[Deal, Any], object]] = {
    phh.NoOp: lambda deal, a: None,
    phh.DealBoard: lambda deal, a: deal.apply(DealBoard(cards=a.cards)),
    phh.DealHole: lambda deal, a: deal.apply(
        DealHole(position=Position(a.player - 1), cards=a.cards)
    ),
    phh.Fold: lambda deal, a: deal.apply(_FOLDS.get(a.player - 1) or _fold(a.player - 1)),
    phh.CheckOrCall: lambda deal, a: _check_or_call(deal, a),
    phh.CompleteBetOrRaiseTo: lambda deal, a: deal.apply(_wager(a.player - 1, a.amount)),
    phh.PostBringIn: lambda deal, a: deal.apply(BringIn(position=Position(a.player - 1))),
    phh.StandPatOrDiscard: lambda deal, a: deal.apply(
        Draw(position=Position(a.player - 1), discards=a.cards)
    ),
}


def _check_or_call(deal: Deal, a: phh.CheckOrCall) -> None:
    p = a.player - 1
    if deal.to_call(Position(p)):
        deal.apply(_CALLS.get(p) or _call(p))
    else:
        deal.apply(_CHECKS.get(p) or _check(p))


def apply_action(deal: Deal, action: phh.Action, shows: dict[int, phh.ShowOrMuck]) -> None:
    """Apply one PHH action to a deal; show-or-muck decisions wait in ``shows``
    (by position) until :func:`settle_showdown` asks for them."""
    handler = _APPLY.get(type(action))
    if handler is not None:
        handler(deal, action)
    elif isinstance(action, phh.ShowOrMuck):
        shows[action.player - 1] = action
    else:
        match action:
            case phh.NoOp():
                return
            case phh.DealBoard(cards=cards):
                deal.apply(DealBoard(cards=cards))
            case phh.DealHole(player=p, cards=cards):
                deal.apply(DealHole(position=Position(p - 1), cards=cards))
            case phh.Fold(player=p):
                deal.apply(Fold(position=Position(p - 1)))
            case phh.CheckOrCall():
                _check_or_call(deal, action)
            case phh.CompleteBetOrRaiseTo(player=p, amount=amount):
                deal.apply(Wager(position=Position(p - 1), to=amount))
            case phh.PostBringIn(player=p):
                deal.apply(BringIn(position=Position(p - 1)))
            case phh.StandPatOrDiscard(player=p, cards=cards):
                deal.apply(Draw(position=Position(p - 1), discards=cards))
            case _:
                raise NotationError(f"cannot replay {action}", text=str(action))


def settle_showdown(deal: Deal, shows: dict[int, phh.ShowOrMuck], *, final: bool) -> None:
    """Apply the collected show-or-muck decisions while the showdown asks for them.

    At the end of the file, a player with no recorded decision shows a hand
    whose cards are all known and mucks one that is not.
    """
    while not deal.is_over:
        legal = deal.legal()
        if legal.turn is not Turn.SHOW or legal.position is None:
            return
        p = legal.position
        decision = shows.pop(p, None)
        if decision is None:
            if not final:
                return
            known = all(c is not None for c in deal.hole(p))
            deal.apply(Show(position=p) if known else Muck(position=p))
        elif decision.mucks:
            deal.apply(Muck(position=p))
        else:
            deal.apply(Show(position=p, cards=_revealed(deal.hole(p), decision.cards)))


def _revealed(
    hole: tuple[Card | None, ...], shown: tuple[Card | None, ...] | None
) -> tuple[Card, ...]:
    """The whole hand as a show makes it known: the cards held, with any the log
    lacked filled in from the show (which may have been made before the last
    card came, and so name fewer cards).
    """
    if shown is None or None not in hole:
        return ()
    known = [c for c in hole if c is not None]
    extra = [c for c in shown if c is not None and c not in known]
    if len(extra) != hole.count(None):
        return ()
    return (*known, *extra)


def _cards_text(cards: tuple[Card | None, ...]) -> str:
    return "".join("??" if c is None else str(c) for c in cards)


def history_from_deal(deal: Deal, *, variant: str | None = None) -> phh.HandHistory:
    """A deal written as a PHH hand history; replaying it gives the same deal.

    Forced bets come from the header, so only dealing and players' actions are
    written. Losing hands killed by the dealer are not actions and are left out.
    """
    if variant is None:
        variant = next(
            (
                code
                for code, (game, structure) in VARIANT_GAMES.items()
                if game is deal.game and structure is deal.structure
            ),
            None,
        )
        if variant is None:
            raise NotationError(
                f"no PHH variant code for {deal.game.name} {deal.structure.value}",
                text=deal.game.name,
            )
    ruled = [
        e for e in deal.events if isinstance(e, ev.HandKilled | ev.DealVoided | ev.CardReplaced)
    ]
    if ruled:
        raise NotationError(
            "PHH has no notation for a floorperson's ruling (a hand ruled dead, a card"
            " replaced, a deal voided)",
            text=type(ruled[0]).__name__,
            citations=ruled[0].citations,
        )
    if len(deal.boards) > 1:
        raise NotationError(
            "PHH records one board; this deal's board was dealt more than once",
            text=deal.game.name,
            citations=cite("policies.16"),
        )
    if any(isinstance(e, ev.BlindsChopped) for e in deal.events):
        raise NotationError(
            "PHH has no action for the blinds chopping", text="chop", citations=cite("policies.15")
        )
    actions: list[str] = []
    for event in deal.events:
        match event:
            case ev.HoleDealt(position=p, cards=cards):
                actions.append(f"d dh p{p + 1} {_cards_text(cards)}")
            case ev.BoardDealt(cards=cards):
                actions.append(f"d db {_cards_text(cards)}")
            case ev.Folded(position=p):
                actions.append(f"p{p + 1} f")
            case ev.Checked(position=p) | ev.Called(position=p):
                actions.append(f"p{p + 1} cc")
            case ev.Wagered(position=p, to=to):
                actions.append(f"p{p + 1} cbr {to}")
            case ev.BringInPosted(position=p):
                actions.append(f"p{p + 1} pb")
            case ev.Drew(position=p, discards=discards):
                actions.append(f"p{p + 1} sd {_cards_text(discards)}".rstrip())
            case ev.HandShown(position=p, cards=cards):
                actions.append(f"p{p + 1} sm {_cards_text(cards)}")
            case ev.PlayerMucked(position=p):
                # A shown loser the dealer mucks (RRP5 showdown.4) is no action.
                actions.append(f"p{p + 1} sm")
            case _:
                pass
    stakes = deal.stakes
    limit = deal.structure is Structure.FIXED_LIMIT
    n = deal.players
    antes = (tuple(stakes.antes) + (0,) * n)[:n]
    dead = (tuple(stakes.dead_blinds) + (0,) * n)[:n]
    extra: list[tuple[str, phh.ExtraValue]] = []
    if any(dead):
        # A dead blind is dead money from one player, as an ante is: other
        # readers see it as one; floorman reads it back as a dead blind.
        antes = tuple(a + d for a, d in zip(antes, dead, strict=True))
        extra.append(("_dead_blinds", dead))
    if stakes.big_blind is not None:
        extra.append(("_big_blind", stakes.big_blind + 1))
    return phh.HandHistory(
        variant=variant,
        extra=tuple(extra),
        antes=antes,
        blinds_or_straddles=(
            (tuple(stakes.blinds) + (0,) * n)[:n] if deal.game.is_button_game else None
        ),
        bring_in=stakes.bring_in or None if not deal.game.is_button_game else None,
        small_bet=stakes.small_bet if limit else None,
        big_bet=stakes.big_bet if limit else None,
        min_bet=(stakes.min_bet or max(stakes.blinds, default=0)) if not limit else None,
        starting_stacks=deal.starting_stacks,
        finishing_stacks=deal.stacks if deal.is_over else None,
        actions=tuple(actions),
    )
