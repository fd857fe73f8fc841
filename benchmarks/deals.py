"""Benchmark floorman's dealer against PokerKit: whole deals played per second.

Run it directly::

    .venv/bin/python benchmarks/deals.py [--quick] [--deals N] [--repeat R]
                                         [--check-deals C] [--seed S]

In one run it plays N random six-handed deals (default 2,000) of each of six
games through floorman's :class:`floorman.deal.Deal` and through PokerKit's
``State``, and prints as Markdown tables how many deals per second each plays:

1. No-limit hold'em, blinds 1-2, stacks of 200
   (``pokerkit.NoLimitTexasHoldem``);
2. Fixed-limit seven-card stud, ante 1, bring-in 2, limits 5-10, stacks of 200
   (``pokerkit.FixedLimitSevenCardStud``);
3. Fixed-limit seven-card stud eight-or-better, the same stakes
   (``pokerkit.FixedLimitSevenCardStudHighLowSplitEightOrBetter``);
4. Fixed-limit razz, the same stakes (``pokerkit.FixedLimitRazz``);
5. Fixed-limit 2-7 triple draw, blinds 1-2, limits 2-4, stacks of 200
   (``pokerkit.FixedLimitDeuceToSevenLowballTripleDraw``);
6. No-limit 2-7 single draw, blinds 1-2, stacks of 200
   (``pokerkit.NoLimitDeuceToSevenLowballSingleDraw``).

The players' decisions come from seeded numpy generators (deal ``i`` from its
own, so every size plays the same first deals), drawn before any timing, and
are engine-neutral: each deal has a script of (category, fraction)
pairs, one consumed per decision (wrapping around if a deal outlasts it). The
category is fold, check-or-call or raise with fixed probabilities; a raise goes
to ``min + round((max - min) * fraction ** 2)`` of the engine's own legal range
(so small raises are common and all-ins happen); a fold with nothing to call
(refused by PokerKit, allowed by floorman) becomes a check, and a raise that is
not allowed a check or call. At stud the bring-in player completes on a raise and brings it in
otherwise. At a draw a player discards the first ``int(fraction * 6)`` cards of
the hand as the engine holds it (0 to 5). Both engines read the same script for
the same deal, so they play comparable deals (the cards differ: each engine
shuffles its own deck from the deal's seed); the tables show the decisions per
deal each engine took, and the size of its record of the deal.

floorman runs as it does by default: shuffled by a ``SeededShuffler``, every
rule checked on every action, the full event log kept, the showdown automatic.
PokerKit runs with every dealer step automated (antes, blinds, bet collection,
card burning, hole and board dealing, showing or mucking, hand killing, chip
pushing and pulling), tournament mode, its ``random`` module seeded per deal;
its decisions are asked through its own ``can_*`` queries and legal amounts.

Every timing is the median of R repeats (default 5), the garbage collector off,
the two engines taking turns, after a short warm-up (floorman builds its
evaluator tables on first use). Each repeat must give the same results for
every deal as the first, and every deal must conserve chips in both engines.

Before the timings, the first C no-limit hold'em deals (default 300) are
cross-checked: both engines are fed the *same* cards, the ones floorman's
``SeededShuffler`` deals from the deal's seed (floorman without a shuffler,
given ``DealHole``/``DealBoard``; PokerKit without hole, board or burn
automation, given the same cards, burns included), and the same script. They
must take the same decisions and end with the same stacks; fed floorman must
also play exactly the deal shuffled floorman plays in the timings. The same
deals are then played again from random stacks, as equal stacks never make a
side pot. Disagreements are reported, by kind, with the cards and decisions to
replay them, and with each engine's own reason when it refused a raise the
script asked for; they are not hidden, and they do not stop the timings.

``--quick`` shrinks every size so the run takes a few seconds; it is a smoke
test, not a measurement.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import random
import statistics
import subprocess
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
import pokerkit

from _common import (
    CheckFailed,
    check,
    cpu_model,
    markdown_table,
    progress,
    secs,
    verdict,
    version,
)
from floorman.cards import DECK_52, Card
from floorman.deal import (
    Action,
    BringIn,
    Call,
    Check,
    Deal,
    DealBoard,
    DealHole,
    Draw,
    Fold,
    Show,
    Stakes,
    Turn,
    Wager,
)
from floorman.deal import events as ev
from floorman.errors import FloormanError
from floorman.games import (
    HOLDEM,
    RAZZ,
    SEVEN_CARD_STUD,
    SEVEN_CARD_STUD_EIGHT,
    SINGLE_DRAW_27,
    TRIPLE_DRAW_27,
    Game,
    Structure,
)
from floorman.shuffle import SeededShuffler

ROOT = Path(__file__).resolve().parent.parent
PEERS = ("pokerkit",)
PLAYERS = 6
STACK = 200

#: Decision categories and their probabilities.
FOLD, CALL, RAISE = 0, 1, 2
CATEGORY_P = (0.20, 0.60, 0.20)
#: Decisions drawn per deal; a longer deal wraps around its script.
SCRIPT_LENGTH = 64
#: Deals each engine plays untimed first, per game.
WARMUP_DEALS = 30

A = pokerkit.Automation
#: Every dealer step automated: what PokerKit's documentation shows for simulations.
PK_AUTOMATIONS: tuple[pokerkit.Automation, ...] = (
    A.ANTE_POSTING,
    A.BET_COLLECTION,
    A.BLIND_OR_STRADDLE_POSTING,
    A.CARD_BURNING,
    A.HOLE_DEALING,
    A.BOARD_DEALING,
    A.HOLE_CARDS_SHOWING_OR_MUCKING,
    A.HAND_KILLING,
    A.CHIPS_PUSHING,
    A.CHIPS_PULLING,
)
#: The same, but the cards (burns included) are given by the caller.
PK_FED_AUTOMATIONS = tuple(
    a for a in PK_AUTOMATIONS if a not in (A.CARD_BURNING, A.HOLE_DEALING, A.BOARD_DEALING)
)

Script = list[tuple[int, float]]
#: A decision as taken: player, what they did, the chips (a call) or total (a raise).
LogEntry = tuple[int, str, int]


@dataclass
class Record:
    """The decisions an engine took in a deal, for the cross-check (not kept when timing).

    ``refused`` maps the index of each decision where the script asked for a raise the
    engine did not allow to the engine's own reason.
    """

    decisions: list[LogEntry] = field(default_factory=list)
    refused: dict[int, str] = field(default_factory=dict)


# --------------------------------------------------------------------------- sizes


@dataclass(frozen=True)
class Sizes:
    """How many deals are timed, how often, and how many are cross-checked."""

    deals: int
    repeat: int
    check_deals: int

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> Sizes:
        quick: bool = args.quick
        deals: int = args.deals if args.deals is not None else (200 if quick else 2_000)
        repeat: int = args.repeat if args.repeat is not None else (3 if quick else 5)
        check_deals: int = (
            args.check_deals if args.check_deals is not None else (100 if quick else 300)
        )
        check(deals >= 1, "--deals must be at least 1")
        check(repeat >= 1, "--repeat must be at least 1")
        check(check_deals >= 0, "--check-deals must not be negative")
        return cls(deals=deals, repeat=repeat, check_deals=check_deals)


# --------------------------------------------------------------------------- machine


def source_state() -> str:
    """The git commit the floorman source is at, and whether ``src/`` has local changes."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--", "src"], capture_output=True, text=True, cwd=ROOT
        ).stdout.strip()
    except OSError:
        return "source state unknown"
    if not head:
        return "not a git checkout"
    return f"git {head}" + (", with uncommitted changes in src/" if dirty else "")


def machine_report() -> str:
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "n/a"
    lines = [
        "## Machine",
        "",
        f"- platform: {platform.platform()} ({platform.machine()})",
        f"- CPU: {cpu_model()}; {os.cpu_count()} logical CPUs, {usable} usable by this process",
        f"- load average at start (1, 5, 15 min): {load}",
        f"- Python {platform.python_version()} ({platform.python_implementation()})",
        f"- numpy {np.__version__}",
        f"- floorman {version('floorman')} ({source_state()})",
        "- peers: " + ", ".join(f"{p} {version(p)}" for p in PEERS),
    ]
    return "\n".join(lines)


# --------------------------------------------------------------------------- formatting


def rate(per_second: float) -> str:
    return f"{per_second:,.0f}" if per_second >= 100 else f"{per_second:,.1f}"


def times_x(value: float) -> str:
    return f"{value:.2f}×" if value < 1 else f"{value:,.1f}×"


# --------------------------------------------------------------------------- the games


@dataclass(frozen=True)
class Table:
    """One game as each engine sets it up: same players, stakes and stacks."""

    title: str
    stakes_text: str
    game: Game
    structure: Structure
    stakes: Stakes
    pokerkit_class: str
    #: Makes a PokerKit state from the automations and the stacks (stakes built in).
    pokerkit_state: Callable[[tuple[pokerkit.Automation, ...], tuple[int, ...]], pokerkit.State]


STACKS = (STACK,) * PLAYERS

HOLDEM_NL = Table(
    title="No-limit hold'em",
    stakes_text=f"blinds 1-2, {PLAYERS} players, stacks {STACK}",
    game=HOLDEM,
    structure=Structure.NO_LIMIT,
    stakes=Stakes(blinds=(1, 2)),
    pokerkit_class="NoLimitTexasHoldem",
    pokerkit_state=lambda automations, stacks: pokerkit.NoLimitTexasHoldem.create_state(
        automations, True, 0, (1, 2), 2, stacks, len(stacks)
    ),
)

STUD_FL = Table(
    title="Fixed-limit seven-card stud",
    stakes_text=f"ante 1, bring-in 2, limits 5-10, {PLAYERS} players, stacks {STACK}",
    game=SEVEN_CARD_STUD,
    structure=Structure.FIXED_LIMIT,
    stakes=Stakes(antes=(1,) * PLAYERS, bring_in=2, small_bet=5, big_bet=10),
    pokerkit_class="FixedLimitSevenCardStud",
    pokerkit_state=lambda automations, stacks: pokerkit.FixedLimitSevenCardStud.create_state(
        automations, True, 1, 2, 5, 10, stacks, len(stacks)
    ),
)

STUD_EIGHT_FL = Table(
    title="Fixed-limit seven-card stud eight-or-better",
    stakes_text=f"ante 1, bring-in 2, limits 5-10, {PLAYERS} players, stacks {STACK}",
    game=SEVEN_CARD_STUD_EIGHT,
    structure=Structure.FIXED_LIMIT,
    stakes=Stakes(antes=(1,) * PLAYERS, bring_in=2, small_bet=5, big_bet=10),
    pokerkit_class="FixedLimitSevenCardStudHighLowSplitEightOrBetter",
    pokerkit_state=lambda automations, stacks: (
        pokerkit.FixedLimitSevenCardStudHighLowSplitEightOrBetter.create_state(
            automations, True, 1, 2, 5, 10, stacks, len(stacks)
        )
    ),
)

RAZZ_FL = Table(
    title="Fixed-limit razz",
    stakes_text=f"ante 1, bring-in 2, limits 5-10, {PLAYERS} players, stacks {STACK}",
    game=RAZZ,
    structure=Structure.FIXED_LIMIT,
    stakes=Stakes(antes=(1,) * PLAYERS, bring_in=2, small_bet=5, big_bet=10),
    pokerkit_class="FixedLimitRazz",
    pokerkit_state=lambda automations, stacks: pokerkit.FixedLimitRazz.create_state(
        automations, True, 1, 2, 5, 10, stacks, len(stacks)
    ),
)

TRIPLE_DRAW_FL = Table(
    title="Fixed-limit 2-7 triple draw",
    stakes_text=f"blinds 1-2, limits 2-4, {PLAYERS} players, stacks {STACK}",
    game=TRIPLE_DRAW_27,
    structure=Structure.FIXED_LIMIT,
    stakes=Stakes(blinds=(1, 2), small_bet=2, big_bet=4),
    pokerkit_class="FixedLimitDeuceToSevenLowballTripleDraw",
    pokerkit_state=lambda automations, stacks: (
        pokerkit.FixedLimitDeuceToSevenLowballTripleDraw.create_state(
            automations, True, 0, (1, 2), 2, 4, stacks, len(stacks)
        )
    ),
)

SINGLE_DRAW_NL = Table(
    title="No-limit 2-7 single draw",
    stakes_text=f"blinds 1-2, {PLAYERS} players, stacks {STACK}",
    game=SINGLE_DRAW_27,
    structure=Structure.NO_LIMIT,
    stakes=Stakes(blinds=(1, 2)),
    pokerkit_class="NoLimitDeuceToSevenLowballSingleDraw",
    pokerkit_state=lambda automations, stacks: (
        pokerkit.NoLimitDeuceToSevenLowballSingleDraw.create_state(
            automations, True, 0, (1, 2), 2, stacks, len(stacks)
        )
    ),
)

TABLES = (HOLDEM_NL, STUD_FL, STUD_EIGHT_FL, RAZZ_FL, TRIPLE_DRAW_FL, SINGLE_DRAW_NL)


# --------------------------------------------------------------------------- the deals


class Planned(NamedTuple):
    """One deal to play: the seed of its shuffle and the players' script."""

    seed: int
    script: Script


class FedCards(NamedTuple):
    """A hold'em deal's cards, given to both engines instead of shuffling."""

    hole: tuple[tuple[Card, Card], ...]
    burns: tuple[Card, ...]
    board: tuple[Card, ...]


class Played(NamedTuple):
    """How a deal ended: the stacks, decisions taken, and the engine's own record."""

    stacks: tuple[int, ...]
    decisions: int
    history: Sequence[Any]


class Summary(NamedTuple):
    """What a timed run keeps of a deal (the record itself is dropped at once)."""

    stacks: tuple[int, ...]
    decisions: int
    records: int


def plan_deals(n: int, seed: int) -> list[Planned]:
    """The deals of a run, deal ``i`` drawn from its own generator: the same for any ``n``."""
    out = []
    for i in range(n):
        rng = np.random.default_rng([seed, 0, i])
        shuffle_seed = int(rng.integers(0, 2**63 - 1))
        categories: list[int] = rng.choice(3, size=SCRIPT_LENGTH, p=CATEGORY_P).tolist()
        fractions: list[float] = rng.random(SCRIPT_LENGTH).tolist()
        out.append(Planned(shuffle_seed, list(zip(categories, fractions, strict=True))))
    return out


def deal_cards(deck: Sequence[Card]) -> FedCards:
    """A hold'em deal from a deck, dealt as floorman deals it: two cards to each player in
    turn from the small blind, burn, flop, burn, turn, burn, river."""
    hole = tuple((deck[2 * p], deck[2 * p + 1]) for p in range(PLAYERS))
    at = 2 * PLAYERS
    burns = (deck[at], deck[at + 4], deck[at + 6])
    board = (deck[at + 1], deck[at + 2], deck[at + 3], deck[at + 5], deck[at + 7])
    return FedCards(hole, burns, board)


# --------------------------------------------------------------------------- floorman


def play_floorman(
    table: Table,
    planned: Planned,
    cards: FedCards | None = None,
    log: Record | None = None,
    stacks: tuple[int, ...] = STACKS,
) -> Played:
    """Play one deal through floorman's public API: ``legal()`` then ``apply()``.

    Shuffled by a ``SeededShuffler`` of the deal's seed, or dealt ``cards``.
    """
    deal = Deal(
        table.game,
        structure=table.structure,
        stakes=table.stakes,
        stacks=stacks,
        shuffler=SeededShuffler(planned.seed) if cards is None else None,
    )
    script = planned.script
    length = len(script)
    step = 0
    action: Action
    while not deal.is_over:
        legal = deal.legal()
        turn = legal.turn
        p = legal.position
        if turn is Turn.BET:
            assert p is not None
            category, fraction = script[step % length]
            step += 1
            if legal.bring_in:
                if category == RAISE and legal.max_to:
                    action = Wager(position=p, to=legal.min_to)
                    entry = (p, "complete", legal.min_to)
                else:
                    action = BringIn(position=p)
                    entry = (p, "bring-in", legal.bring_in)
            elif category == RAISE and legal.max_to:
                to = legal.min_to + round((legal.max_to - legal.min_to) * fraction * fraction)
                action = Wager(position=p, to=to)
                entry = (p, "raise", to)
            elif category == FOLD and legal.fold and not legal.needless_fold:
                action = Fold(position=p)
                entry = (p, "fold", 0)
            elif legal.call:
                action = Call(position=p)
                entry = (p, "call", legal.call)
            else:
                action = Check(position=p)
                entry = (p, "check", 0)
            if log is not None:
                if category == RAISE and not legal.max_to:
                    try:  # an illegal action changes nothing and says why
                        deal.apply(Wager(position=p, to=sum(stacks)))
                    except FloormanError as refusal:
                        log.refused[len(log.decisions)] = str(refusal)
                log.decisions.append(entry)
        elif turn is Turn.DRAW:
            assert p is not None
            _, fraction = script[step % length]
            step += 1
            discards = deal.hole(p)[: int(fraction * 6)]
            action = Draw(position=p, discards=discards)
            if log is not None:
                log.decisions.append((p, "draw", len(discards)))
        elif turn is Turn.SHOW:
            assert p is not None
            action = Show(position=p)
        elif turn is Turn.DEAL_HOLE and cards is not None and p is not None:
            action = DealHole(position=p, cards=cards.hole[p])
        elif turn is Turn.DEAL_BOARD and cards is not None:
            dealt = len(deal.board)
            action = DealBoard(cards=cards.board[dealt : dealt + legal.cards])
        else:
            raise CheckFailed(f"floorman waits for {turn} (player {p}), which this driver lacks")
        deal.apply(action)
    return Played(deal.stacks, step, deal.events)


# --------------------------------------------------------------------------- pokerkit


#: PokerKit's card for each floorman card.
PK_CARD: dict[Card, pokerkit.Card] = {
    card: next(iter(pokerkit.Card.parse(str(card)))) for card in DECK_52
}


def play_pokerkit(
    table: Table,
    planned: Planned,
    cards: FedCards | None = None,
    log: Record | None = None,
    stacks: tuple[int, ...] = STACKS,
) -> Played:
    """Play one deal through PokerKit's public API: ``can_*`` queries then operations.

    Shuffled by the ``random`` module seeded with the deal's seed, or dealt ``cards``.
    """
    random.seed(planned.seed)  # PokerKit shuffles (and reshuffles) with the random module
    automations = PK_AUTOMATIONS if cards is None else PK_FED_AUTOMATIONS
    state = table.pokerkit_state(automations, stacks)
    script = planned.script
    length = len(script)
    step = 0
    burns = board = 0
    while state.status:
        p = state.actor_index
        if p is not None:
            category, fraction = script[step % length]
            step += 1
            if state.can_post_bring_in():
                if category == RAISE and state.can_complete_bet_or_raise_to():
                    to = state.min_completion_betting_or_raising_to_amount
                    assert to is not None
                    state.complete_bet_or_raise_to(to)
                    entry = (p, "complete", to)
                else:
                    entry = (p, "bring-in", state.effective_bring_in_amount or 0)
                    state.post_bring_in()
            elif category == RAISE and state.can_complete_bet_or_raise_to():
                low = state.min_completion_betting_or_raising_to_amount
                high = state.max_completion_betting_or_raising_to_amount
                assert low is not None
                assert high is not None
                to = low + round((high - low) * fraction * fraction)
                state.complete_bet_or_raise_to(to)
                entry = (p, "raise", to)
            else:
                if log is not None and category == RAISE:
                    try:
                        state.verify_completion_betting_or_raising_to()
                    except ValueError as refusal:
                        log.refused[len(log.decisions)] = str(refusal)
                if category == FOLD and state.can_fold():
                    state.fold()
                    entry = (p, "fold", 0)
                else:
                    amount = state.checking_or_calling_amount or 0
                    state.check_or_call()
                    entry = (p, "call", amount) if amount else (p, "check", 0)
            if log is not None:
                log.decisions.append(entry)
        elif (d := state.stand_patter_or_discarder_index) is not None:
            _, fraction = script[step % length]
            step += 1
            discards = state.hole_cards[d][: int(fraction * 6)]
            state.stand_pat_or_discard(discards)
            if log is not None:
                log.decisions.append((d, "draw", len(discards)))
        elif cards is not None and state.can_burn_card():
            state.burn_card(PK_CARD[cards.burns[burns]])
            burns += 1
        elif cards is not None and (q := state.hole_dealee_index) is not None:
            state.deal_hole([PK_CARD[c] for c in cards.hole[q]])
        elif cards is not None and (n := state.board_dealing_count) is not None:
            state.deal_board([PK_CARD[c] for c in cards.board[board : board + n]])
            board += n
        else:
            raise CheckFailed("PokerKit waits for a step this driver lacks")
    return Played(tuple(state.stacks), step, state.operations)


# --------------------------------------------------------------------------- same cards


@dataclass
class Coverage:
    """What the cross-checked deals exercised (deals with at least one, from floorman's log)."""

    showdowns: int = 0
    all_ins: int = 0
    side_pots: int = 0
    split_pots: int = 0
    uncalled_returned: int = 0

    def add(self, events: Sequence[Any]) -> None:
        if any(isinstance(e, ev.HandShown) for e in events):
            self.showdowns += 1
        if any(isinstance(e, ev.Wagered | ev.Called) and e.all_in for e in events):
            self.all_ins += 1
        if any(isinstance(e, ev.PotAwarded) and e.pot > 0 for e in events):
            self.side_pots += 1
        if any(isinstance(e, ev.PotAwarded) and len(e.amounts) > 1 for e in events):
            self.split_pots += 1
        if any(isinstance(e, ev.BetReturned) for e in events):
            self.uncalled_returned += 1


@dataclass
class Disagreement:
    """A cross-checked deal the engines played differently, with all it takes to replay it."""

    index: int
    stacks: tuple[int, ...]
    cards: FedCards
    kind: str
    what: str
    floorman: Record
    pokerkit: Record

    @property
    def first_difference(self) -> int | None:
        """The index of the first decision the engines took differently."""
        pairs = zip(self.floorman.decisions, self.pokerkit.decisions, strict=False)
        at = next((i for i, (x, y) in enumerate(pairs) if x != y), None)
        if at is None and len(self.floorman.decisions) != len(self.pokerkit.decisions):
            at = min(len(self.floorman.decisions), len(self.pokerkit.decisions))
        return at


#: The kinds of disagreement, in the order they are reported.
RAISED = "an engine raised an exception"
DECISIONS_SAME_STACKS = "different decisions, same final stacks"
DECISIONS_OTHER_STACKS = "different decisions, different final stacks"
FEW_CHIPS = f"same decisions, final stacks differ by at most {PLAYERS - 1} chips a player"
MANY_CHIPS = f"same decisions, final stacks differ by more than {PLAYERS - 1} chips"
KINDS = (RAISED, DECISIONS_SAME_STACKS, DECISIONS_OTHER_STACKS, FEW_CHIPS, MANY_CHIPS)


@dataclass
class CrossCheck:
    """One pass of the cross-check: which stacks, what was exercised, what disagreed."""

    label: str
    deals: int = 0
    agreed: int = 0
    coverage: Coverage = field(default_factory=Coverage)
    disagreements: list[Disagreement] = field(default_factory=list)


def cards_text(cards: FedCards) -> str:
    holes = " ".join(f"P{p}:{a}{b}" for p, (a, b) in enumerate(cards.hole))
    return f"{holes}; board {' '.join(map(str, cards.board))}"


def entry_text(entry: LogEntry) -> str:
    p, verb, amount = entry
    return f"P{p} {verb}" + (f" {amount}" if amount else "")


def log_text(record: Record, at: int | None) -> str:
    """The decisions, the first differing one in bold, the script's refused raises noted."""
    out = []
    for i, entry in enumerate(record.decisions):
        text = entry_text(entry)
        if i in record.refused:
            text += f" (raise refused: {record.refused[i]})"
        out.append(f"**{text}**" if i == at else text)
    return ", ".join(out)


def cross_check_deal(
    result: CrossCheck, index: int, plan: Planned, cards: FedCards, stacks: tuple[int, ...]
) -> list[LogEntry]:
    """Play one deal fed the same cards in both engines; returns floorman's decisions."""
    result.deals += 1
    ours = Record()
    theirs = Record()
    total = sum(stacks)

    def disagree(kind: str, what: str) -> list[LogEntry]:
        result.disagreements.append(Disagreement(index, stacks, cards, kind, what, ours, theirs))
        return ours.decisions

    try:
        mine = play_floorman(HOLDEM_NL, plan, cards, ours, stacks)
    except Exception as exc:  # reported with the deal that caused it
        return disagree(RAISED, f"floorman raised {exc!r}")
    check(sum(mine.stacks) == total, f"floorman lost chips in fed deal {index}: {mine.stacks}")
    result.coverage.add(mine.history)
    try:
        peer = play_pokerkit(HOLDEM_NL, plan, cards, theirs, stacks)
    except Exception as exc:
        return disagree(RAISED, f"PokerKit raised {exc!r}")
    check(sum(peer.stacks) == total, f"PokerKit lost chips in fed deal {index}: {peer.stacks}")
    ending = f"floorman {mine.stacks}, PokerKit {peer.stacks}"
    if ours.decisions != theirs.decisions:
        pairs = zip(ours.decisions, theirs.decisions, strict=False)
        at = next((i for i, (a, b) in enumerate(pairs) if a != b), None)
        if at is None:
            at = min(len(ours.decisions), len(theirs.decisions))
        same = mine.stacks == peer.stacks
        return disagree(
            DECISIONS_SAME_STACKS if same else DECISIONS_OTHER_STACKS,
            f"the decisions differ from decision {at + 1} on (in bold below);"
            f" the deals end with {'the same' if same else 'different'} stacks: {ending}",
        )
    if mine.stacks != peer.stacks:
        diff = tuple(a - b for a, b in zip(mine.stacks, peer.stacks, strict=True))
        return disagree(
            FEW_CHIPS if max(map(abs, diff)) < PLAYERS else MANY_CHIPS,
            f"the decisions agree but the final stacks differ: {ending},"
            f" floorman − PokerKit {diff}",
        )
    result.agreed += 1
    return ours.decisions


def same_cards_check(
    planned: Sequence[Planned], rng: np.random.Generator
) -> tuple[CrossCheck, CrossCheck]:
    """The first deals, fed to both engines with the cards floorman's shuffle of their seed
    dealt: once with the benchmark's stacks (so floorman plays exactly its timed deal), once
    with random stacks (side pots)."""
    equal = CrossCheck(f"equal stacks of {STACK} (the first timed deals, same cards)")
    uneven = CrossCheck("random stacks of 10 to 400 (same cards and scripts)")
    for index, plan in enumerate(planned):
        cards = deal_cards(SeededShuffler(plan.seed).shuffle(DECK_52))
        fed = cross_check_deal(equal, index, plan, cards, STACKS)
        # The fed deal must be the very deal floorman's shuffler deals in the timings.
        shuffled = Record()
        play_floorman(HOLDEM_NL, plan, None, shuffled)
        check(
            fed == shuffled.decisions, f"deal {index}: fed floorman plays otherwise than shuffled"
        )
        stacks = tuple(rng.integers(10, 401, PLAYERS).tolist())
        cross_check_deal(uneven, index, plan, cards, stacks)
    return equal, uneven


def same_cards_section(planned: Sequence[Planned], rng: np.random.Generator) -> list[str]:
    n = len(planned)
    if not n:
        return []
    progress(f"cross-checking {n:,} no-limit hold'em deals dealt the same cards")
    passes = same_cards_check(planned, rng)
    print()
    print("## Cross-check: the same no-limit hold'em deals in both engines")
    print()
    print(
        f"The first {n:,} deals of the benchmark, each engine given the same cards (the ones"
        " floorman's `SeededShuffler` deals from the deal's seed, PokerKit's burn cards"
        " included) and the same script of decisions; both must take the same decisions,"
        " with the same amounts, and end with the same stacks. The same deals are played"
        " again with random stacks, for side pots (equal stacks cannot make any). The"
        " columns after *disagree* count deals with at least one, from floorman's event log."
    )
    print()
    header = [
        "stacks",
        "deals",
        "agree",
        "disagree",
        "showdown",
        "all-in",
        "side pot",
        "split pot",
        "uncalled bet returned",
    ]
    rows = []
    for r in passes:
        c = r.coverage
        counts = (r.deals, r.agreed, len(r.disagreements), c.showdowns, c.all_ins)
        more = (c.side_pots, c.split_pots, c.uncalled_returned)
        rows.append([r.label, *(f"{x:,}" for x in (*counts, *more))])
    print(markdown_table(header, rows))
    disagreements = [d for r in passes for d in r.disagreements]
    if not disagreements:
        return cross_check_verdicts(passes)
    print()
    print("Disagreements by kind:")
    print()
    kinds = [k for k in KINDS if any(d.kind == k for d in disagreements)]
    print(
        markdown_table(
            ["kind", *(r.label.split(" (")[0] for r in passes)],
            [
                [k, *(f"{sum(d.kind == k for d in r.disagreements):,}" for r in passes)]
                for k in kinds
            ],
        )
    )
    # The first case of each kind in each pass, then more, up to 6 in all.
    firsts = [
        next(d for d in r.disagreements if d.kind == k)
        for k in kinds
        for r in passes
        if any(d.kind == k for d in r.disagreements)
    ]
    shown = (firsts + [d for d in disagreements if d not in firsts])[:6]
    for d in shown:
        at = d.first_difference
        print()
        print(f"**Deal {d.index}, stacks {d.stacks}** ({d.kind}): {d.what}.")
        print()
        print(f"- cards: {cards_text(d.cards)}")
        print(f"- floorman: {log_text(d.floorman, at)}")
        print(f"- PokerKit: {log_text(d.pokerkit, at)}")
    if len(disagreements) > len(shown):
        print()
        print(f"({len(disagreements) - len(shown):,} more disagreements not shown.)")
    notes = []
    if any(d.kind == FEW_CHIPS for d in disagreements):
        notes.append(
            "A known difference that moves a chip or two: when a pot splits three ways or"
            " more with two odd chips or more, floorman gives them one each to the winners in"
            " odd-chip order, first clockwise from the button (RRP5 ties.2, ties.3, ties.4.1),"
            " while PokerKit 0.7.7's `State.push_chips` gives the whole remainder to the first"
            " winner by player index."
        )
    no_reason = "There is no reason to complete, bet, or raise"
    if any(
        (at := d.first_difference) is not None and no_reason in d.pokerkit.refused.get(at, "")
        for d in disagreements
    ):
        notes.append(
            "A known difference in decisions: PokerKit refuses a raise when no other player"
            f" could call more than the bet faced (“{no_reason} since every other player has"
            " either folded or gone all-in”, though one of them still has chips), while"
            " floorman refuses only when every other player is all in; it takes the raise"
            " and returns the part nobody called, so the final stacks are the same."
        )
    for note in notes:
        print()
        print(note)
    return cross_check_verdicts(passes)


def kinds_text(disagreements: Sequence[Disagreement]) -> str:
    counts = ((k, sum(d.kind == k for d in disagreements)) for k in KINDS)
    return "; ".join(f"{n:,} with {k}" for k, n in counts if n)


def cross_check_verdicts(passes: Sequence[CrossCheck]) -> list[str]:
    return [
        verdict(
            not r.disagreements,
            f"same cards, same decisions, same stacks in {r.agreed:,} of {r.deals:,}"
            f" no-limit hold'em deals, {r.label.split(' (')[0]}"
            + (f" ({kinds_text(r.disagreements)}: see above)" if r.disagreements else ""),
        )
        for r in passes
    ]


# --------------------------------------------------------------------------- timing


Job = Callable[[], list[Summary]]


def timed_job(
    play: Callable[[Table, Planned], Played], table: Table, planned: Sequence[Planned]
) -> Job:
    def job() -> list[Summary]:
        out = []
        for plan in planned:
            played = play(table, plan)
            out.append(Summary(played.stacks, played.decisions, len(played.history)))
        return out

    return job


def round_robin(
    jobs: dict[str, Job], repeat: int, label: str
) -> tuple[dict[str, list[float]], dict[str, list[Summary]]]:
    """Time each job ``repeat`` times, the jobs taking turns; the gc is off while timing.

    Every run of a job must return what its first run did (the deals are
    seeded); returns the times and that result of each job.
    """
    times: dict[str, list[float]] = {name: [] for name in jobs}
    first: dict[str, list[Summary]] = {}
    gc_was_enabled = gc.isenabled()
    for r in range(repeat):
        for name, job in jobs.items():
            progress(f"{label}: round {r + 1}/{repeat}: {name}")
            gc.collect()
            gc.disable()
            try:
                start = time.perf_counter()
                result = job()
                elapsed = time.perf_counter() - start
            finally:
                if gc_was_enabled:
                    gc.enable()
            times[name].append(elapsed)
            if name in first:
                check(result == first[name], f"{name} played {label} differently on run {r + 1}")
            else:
                first[name] = result
    return times, first


@dataclass(frozen=True)
class Measured:
    table: Table
    deals: int
    times: dict[str, list[float]]
    summaries: dict[str, list[Summary]]

    def per_second(self, engine: str) -> float:
        return self.deals / statistics.median(self.times[engine])

    @property
    def ratio(self) -> float:
        return self.per_second("floorman") / self.per_second("pokerkit")


def measure(table: Table, planned: Sequence[Planned], repeat: int) -> Measured:
    progress(f"{table.title}: warming up")
    for plan in planned[:WARMUP_DEALS]:
        play_floorman(table, plan)
        play_pokerkit(table, plan)
    jobs = {
        "floorman": timed_job(play_floorman, table, planned),
        "pokerkit": timed_job(play_pokerkit, table, planned),
    }
    times, summaries = round_robin(jobs, repeat, table.title)
    total = sum(STACKS)
    for name, deals in summaries.items():
        lost = [i for i, s in enumerate(deals) if sum(s.stacks) != total]
        check(
            not lost,
            f"{name} does not conserve chips in {table.title} deal(s) {lost[:10]}:"
            f" {[deals[i].stacks for i in lost[:3]]}",
        )
    return Measured(table, len(planned), times, summaries)


def game_section(m: Measured, number: int, repeat: int) -> None:
    header = [
        "engine",
        "deals/s (median)",
        "time per deal",
        "min – max deals/s",
        "decisions/deal",
        "records/deal",
        "ratio floorman / pokerkit",
    ]
    rows = []
    records = {
        "floorman": "events in `deal.events`",
        "pokerkit": "operations in `state.operations`",
    }
    for name in ("floorman", "pokerkit"):
        t = m.times[name]
        s = m.summaries[name]
        rows.append(
            [
                name,
                rate(m.per_second(name)),
                secs(statistics.median(t) / m.deals),
                f"{rate(m.deals / max(t))} – {rate(m.deals / min(t))}",
                f"{statistics.fmean(x.decisions for x in s):.1f}",
                f"{statistics.fmean(x.records for x in s):.1f} {records[name]}",
                times_x(m.ratio) if name == "floorman" else "1.0× (baseline)",
            ]
        )
    print()
    print(f"## {number}. {m.table.title}: {m.table.stakes_text}")
    print()
    print(
        f"{m.deals:,} deals, median of {repeat} runs. PokerKit: `pokerkit.{m.table.pokerkit_class}"
        f".create_state(...)`. Every deal conserves chips in both engines."
    )
    print()
    print(markdown_table(header, rows))


# --------------------------------------------------------------------------- main


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="small sizes: a smoke test")
    parser.add_argument("--deals", type=int, default=None, help="deals per game (default 2,000)")
    parser.add_argument("--repeat", type=int, default=None, help="runs per timing (default 5)")
    parser.add_argument(
        "--check-deals",
        type=int,
        default=None,
        help="no-limit hold'em deals cross-checked on the same cards (default 300)",
    )
    parser.add_argument("--seed", type=int, default=2026, help="seed of the deals and scripts")
    args = parser.parse_args(argv)
    sizes = Sizes.from_args(args)
    # PokerKit warns when a draw reshuffles the discards (triple draw, six players): expected.
    warnings.filterwarnings("ignore", "Returning reserved", UserWarning, "pokerkit")
    started = time.perf_counter()

    print(
        "# floorman dealer benchmark"
        + (" (--quick: smoke test, not a measurement)" if args.quick else "")
    )
    print()
    print(machine_report())
    print()
    print(
        f"Settings: {sizes.deals:,} deals per game, {PLAYERS} players, seed {args.seed},"
        f" median of {sizes.repeat} runs, gc off while timing, the engines timed round-robin."
        f" Decisions per deal from a seeded script: fold / check-or-call / raise with"
        f" probabilities {' / '.join(f'{p:.2f}' for p in CATEGORY_P)}, raise sizes"
        " min + (max − min) × fraction² of each engine's own legal range."
        " floorman plays with its defaults: every rule checked, the full event log kept."
        " Ratios are floorman deals/s over PokerKit deals/s (above 1: floorman is faster)."
    )

    planned = plan_deals(max(sizes.deals, sizes.check_deals), args.seed)
    stacks_rng = np.random.default_rng([args.seed, 1])
    verdicts = same_cards_section(planned[: sizes.check_deals], stacks_rng)
    planned = planned[: sizes.deals]

    measured = []
    for number, table in enumerate(TABLES, 1):
        m = measure(table, planned, sizes.repeat)
        game_section(m, number, sizes.repeat)
        measured.append(m)

    print()
    print("## Summary")
    print()
    print(
        markdown_table(
            ["game", "floorman deals/s", "pokerkit deals/s", "floorman / pokerkit"],
            [
                [
                    m.table.title,
                    rate(m.per_second("floorman")),
                    rate(m.per_second("pokerkit")),
                    times_x(m.ratio),
                ]
                for m in measured
            ],
        )
    )
    verdicts += [
        verdict(
            m.ratio >= 10,
            f"{m.table.title}: floorman ≥ 10× PokerKit's deals per second: {times_x(m.ratio)}"
            f" ({rate(m.per_second('floorman'))} vs {rate(m.per_second('pokerkit'))} deals/s)",
        )
        for m in measured
    ]
    print()
    print("## Verdict")
    print()
    print("\n".join(verdicts))
    print()
    print(f"Whole run: {time.perf_counter() - started:,.1f} s.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
