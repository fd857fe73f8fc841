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

from collections.abc import Mapping
from types import MappingProxyType

from floorman._frozen import frozen
from floorman._static import cast
from floorman.cards import Card
from floorman.deal import (
    Deal,
    Stakes,
)
from floorman.deal import events as ev
from floorman.errors import FloormanError, NotationError
from floorman.formats import phh
from floorman.formats._replay_loop import apply_action, new_deal, play, revealed, settle_showdown
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


@frozen(kw_only=True)
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
    return new_deal(game, structure, stakes, stacks, rules)


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
    refused = play(deal, history.parsed_actions, len(history.actions))
    if refused is not None:
        index, why = refused
        return Replay(history=history, deal=deal, error=_error(index, why))
    if not deal.is_over:
        legal = deal.legal()
        message = f"the hand history ends before the deal does ({legal.turn.value} is due)"
        return Replay(
            history=history,
            deal=deal,
            error=ReplayError(action_index=len(history.actions), message=message),
        )
    return Replay(history=history, deal=deal)


# The hand a show makes known, as floorman.formats.session also reads it.
_revealed = revealed


def _error(index: int, error: FloormanError) -> ReplayError:
    return ReplayError(
        action_index=index,
        message=error.message,
        citations=tuple(str(c) for c in error.citations),
    )


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
