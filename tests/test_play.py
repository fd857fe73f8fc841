"""floorman play and its bots: scripted sessions at the keyboard, and bots alone.

A scripted person (:class:`Person`) answers each prompt the game prints: a
table command between deals, a move on its turns. It reads the transcript,
as a person reads the screen, so the scripts hold whatever the cards do.
"""

from __future__ import annotations

import dataclasses
import enum
import inspect
import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from floorman import play
from floorman.bots import KINDS, Aggressive, Bot, CallingStation, Tight, discards, strength
from floorman.cards import Card, parse_cards
from floorman.deal import Deal, Turn
from floorman.errors import ConfigError, NotationError
from floorman.games import BADUGI, HOLDEM, LOWBALL, Structure
from floorman.play import run, scripted, simulate
from floorman.service import AsFloor, AsObserver, AsPlayer, TableView, action_of, cards_in, view
from floorman.service.commands import Act, Move
from floorman.shuffle import SeededShuffler
from floorman.table import Table, TableSetup
from floorman.table import events as tev

Policy = Callable[[list[str]], str]


def last(lines: list[str], start: str) -> str:
    """The latest transcript line that starts with ``start`` ("" if none)."""
    return next((line for line in reversed(lines) if line.startswith(start)), "")


def options(lines: list[str]) -> str:
    return last(lines, "  you may:")


def passive(lines: list[str]) -> str:
    """Check when free, else bring it in (stud) or fold."""
    offered = options(lines)
    return "x" if "x (check)" in offered else "bring" if "bring (" in offered else "f"


def calling(lines: list[str]) -> str:
    """Call a small bet, check when free, fold to a big bet."""
    found = re.search(r"c \(call (\d+)\)", options(lines))
    return ("c" if int(found[1]) <= 10 else "f") if found else passive(lines)


def raising(lines: list[str]) -> str:
    """Raise (or bet) the least allowed, else call or check."""
    found = re.search(r"([rb]) N \([a-z]+ to N in all, N (\d+)", options(lines))
    return f"{found[1]} {found[2]}" if found else calling(lines)


def deals(lines: list[str]) -> int:
    return sum(1 for line in lines if line.startswith("── deal "))


class Person:
    """Answers the game's prompts from scripts, and keeps the whole transcript.

    ``table`` lists the commands given between deals (EOF after the last);
    ``moves`` the first moves made on the person's turns; then ``policy``
    decides each move from the transcript.
    """

    def __init__(self, table: list[str], moves: list[str] = (), policy: Policy = passive) -> None:
        self.table, self.moves, self.policy = list(table), list(moves), policy
        self.lines: list[str] = []
        self.asked = 0  # moves asked for in a row, to stop a script that never gets it right

    def say(self, text: str) -> None:
        self.lines.extend(str(text).split("\n"))

    def ask(self, prompt: str) -> str:
        self.asked = 0 if prompt == "> " else self.asked + 1
        assert self.asked < 50, "the script keeps getting its move wrong"
        if prompt == "> ":
            if not self.table:
                raise EOFError
            answer = self.table.pop(0)
        else:
            answer = self.moves.pop(0) if self.moves else self.policy(self.lines)
        self.lines.append(prompt + answer)
        return answer

    def play(self, **options: object) -> int:
        return run(input=self.ask, output=self.say, **options)  # type: ignore[arg-type]

    def after(self, answer: str) -> list[str]:
        """The lines printed after the person typed ``answer`` (first time), up to the next prompt."""
        start = next(
            i for i, line in enumerate(self.lines) if line.endswith(f"> {answer}") or line == answer
        )
        out = []
        for line in self.lines[start + 1 :]:
            if line.startswith(("> ", "your move> ")):
                break
            out.append(line)
        return out

    @property
    def text(self) -> str:
        return "\n".join(self.lines)


def test_a_session_folds_calls_and_raises_then_leaves() -> None:
    person = Person(["", "", "", "", "", "quit"])

    def by_deal(lines: list[str]) -> str:
        return [passive, calling, raising, calling, passive][deals(lines) - 1](lines)

    person.policy = by_deal
    assert person.play(seed=5) == 0
    text = person.text
    assert "Traceback" not in text
    assert deals(person.lines) == 5
    assert "your cards: " in text
    assert re.search(r"seat 1 \(you\) (calls|checks)", text)
    assert re.search(r"seat 1 \(you\) (raises to|bets) \d+", text)
    assert "── flop: " in text
    assert re.search(r"wins \d+ from the (main )?pot", text)
    assert "stacks: you " in text
    assert person.lines[-1].startswith("you leave with ")


def test_every_deal_shows_the_table_with_button_blinds_and_stacks() -> None:
    person = Person(["", "quit"])
    person.play(seed=2, seats=4, bots=3, chips=150)
    header = person.lines.index("── deal 1 ──")
    seats = person.lines[header + 1 : header + 5]
    assert [line.split()[:3] for line in seats] == [
        ["seat", "1", "you"],
        ["seat", "2", "Ada"],
        ["seat", "3", "Ben"],
        ["seat", "4", "Cleo"],
    ]
    joined = "\n".join(seats)
    assert "button" in joined
    assert "small blind 1" in joined
    assert "big blind 2" in joined
    assert all(" 150" in line for line in seats)


def test_bad_input_gets_a_message_and_a_new_prompt() -> None:
    bad = ["raise abc", "r 1", "garbage", "bet", "d Ah"]
    person = Person(["bet 10", "", "", "quit"], moves=bad)
    assert person.play(seed=5) == 0
    assert "Traceback" not in person.text
    assert person.after("bet 10") == ["  'bet' is for your turn in a deal; press Enter to deal"]
    said = {answer: person.after(answer) for answer in bad}
    assert said["raise abc"][0] == "  'abc' is not a number of chips"
    assert "cannot wager to 1" in said["r 1"][0]
    assert "seat 1 (you)" in said["r 1"][0]
    assert "position" not in said["r 1"][0]
    assert said["garbage"][0] == "  unknown command 'garbage'; type help"
    assert said["bet"][0] == "  'bet' takes your total for the round, e.g. 'bet 10'"
    assert said["d Ah"][0] == "  'draw' is not for now"
    for answer in bad:  # the error alone: the options were shown with the turn
        assert len(said[answer]) == 1
    # each bad answer was followed by another prompt on the same turn
    prompts = [line for line in person.lines if line.startswith("your move> ")]
    assert [p.removeprefix("your move> ") for p in prompts[: len(bad)]] == bad
    assert deals(person.lines) == 2


def test_betting_9_folding_a_hand_that_could_check_is_warned_and_binds() -> None:
    folded = []

    def fold_for_nothing(lines: list[str]) -> str:
        if "x (check)" in options(lines) and not folded:
            folded.append(options(lines))
            return "fold"
        return calling(lines)

    person = Person(["", "", "", "", "", "quit"], policy=fold_for_nothing)
    assert person.play(seed=3) == 0
    assert folded, "the person never had a free check"
    assert "f (fold)" not in folded[0]  # offered: check, not fold
    assert person.after("fold")[0] == (
        "  you could have checked; your hand is folded (a fold binds, RRP5 betting.9)"
    )
    assert person.after("fold")[1].startswith("seat 1 (you) folds")


def test_bet_and_raise_at_the_wrong_time_are_explained() -> None:
    def wrong_once(lines: list[str]) -> str:
        flop = "board: " in last(lines, "your cards: ")  # after the flop
        said = "\n".join(lines)
        if flop and "x (check)" in options(lines) and "your move> r 10" not in said:
            return "r 10"
        if flop and "c (call" in options(lines) and "your move> b 50" not in said:
            return "b 50"
        return calling(lines)

    person = Person(["", "", "", "", "quit"], policy=wrong_once)
    person.play(seed=9)
    assert "Traceback" not in person.text
    assert person.after("r 10")[0] == (
        "  nobody has bet this round, so there is nothing to raise: 'b N'"
    )
    assert re.fullmatch(
        r"  you face a bet \(\d+ to call\): 'r N' raises to N in all, 'c' calls",
        person.after("b 50")[0],
    )


def test_sitting_out_owing_blinds_and_coming_back_posting() -> None:
    table = ["out", *[""] * 6, "back", "back post", "", "", "", "quit"]
    person = Person(table)
    assert person.play(seed=5) == 0
    text = person.text
    assert "Traceback" not in text
    assert "you sit out; the table deals on" in text
    # the table dealt on without the person, who is shown sitting out
    out_deals = [i for i, line in enumerate(person.lines) if line.startswith("── deal ")][:6]
    for i in out_deals:
        assert person.lines[i + 1].startswith("  seat 1  you")
        assert "sitting out" in person.lines[i + 1]
    assert all("your move>" not in line for line in person.lines[: out_deals[-1]])
    status = last(person.lines[: person.lines.index("> back")], "  you have ")
    assert "you are sitting out" in status
    assert "you owe the big blind (2)" in status
    assert "'back post' to post it, 'back wait' to wait for the big blind" in status
    assert person.after("back")[0].startswith("  you owe the big blind (2)")
    assert person.after("back post") == [
        "  you are back: you post the big blind (2) and the small blind (1 dead) to come in"
    ]
    # Dealt in at the first deal that may take him: never between the big
    # blind and the button (RRP5 blinds.9), posting what he owes.
    after = person.lines[person.lines.index("> back post") :]
    back_deal = next(
        i
        for i, line in enumerate(after)
        if line.startswith("── deal ") and "waits" not in after[i + 1]
    )
    assert after[back_deal + 1].endswith("missed big blind 2, missed small blind 1 dead")
    assert "you get " in "\n".join(after[back_deal:])


def test_sitting_out_for_many_deals_costs_nothing_until_coming_back() -> None:
    person = Person(["out", *[""] * 60, "quit"])
    assert person.play(seed=12) == 0
    assert deals(person.lines) == 60
    assert "your move>" not in person.text
    assert "Traceback" not in person.text
    assert person.lines[-1] == "you leave with 200 chips (you bought 200): even"


def test_coming_back_to_wait_for_the_big_blind() -> None:
    person = Person(["out", *[""] * 6, "back wait", "", "", "quit"])
    person.play(seed=4)
    assert person.after("back wait") == ["  you are back: dealt in when the big blind reaches you"]
    assert "Traceback" not in person.text


def test_end_of_input_ends_the_game_cleanly() -> None:
    lines: list[str] = []
    assert run(seed=1, input=scripted([]), output=lines.append) == 0
    assert lines[-1] == "you leave with 200 chips (you bought 200): even"
    lines.clear()
    assert run(seed=1, input=scripted([""]), output=lines.append) == 0  # EOF at the first move
    assert lines[-1].startswith("you leave with ")


def test_quitting_in_a_deal_gives_up_the_hand_and_leaves_after_it() -> None:
    person = Person([""], moves=["q"])
    assert person.play(seed=3) == 0
    assert person.after("q")[0] == "  you leave when this deal ends; your hand is given up"
    assert "stacks: " in person.text
    assert person.lines[-1].startswith("you leave with ")


def test_busting_then_buying_chips() -> None:
    def shove(lines: list[str]) -> str:
        return "a" if "a (all in" in options(lines) else calling(lines)

    def between(person: Person) -> None:
        # Enter until broke, then buy, deal once more and quit.
        broke = "you are out of chips" in person.text or "you have 0 chips" in person.text
        person.table = ["buy abc", "", "buy 100", "", "quit"] if broke else [""]

    person = Person([""], policy=shove)
    ask = person.ask

    def ask_with_plan(prompt: str) -> str:
        if prompt == "> " and not person.table and "buy 100" not in person.text:
            between(person)
        return ask(prompt)

    person.ask = ask_with_plan  # type: ignore[method-assign]
    assert person.play(seed=8, chips=40) == 0
    text = person.text
    assert "Traceback" not in text
    assert "'buy N' to play on" in text
    assert person.after("buy abc")[0] == "  'abc' is not a number of chips"
    assert "you have no chips: 'buy N' to play on" in text
    assert "  you buy 100 chips: 100 in all" in text
    assert "you bought 140" in person.lines[-1]


def test_a_draw_game_at_the_keyboard() -> None:
    def draw(lines: list[str]) -> str:
        if "d and the cards to throw" not in options(lines):
            return calling(lines)
        if "your move> d Zz" not in "\n".join(lines):
            return "d Zz"
        return "d " + last(lines, "your cards: ").split()[2]

    person = Person(["", "", "", "", "quit"], policy=draw)
    assert person.play(seed=6, game="draw", structure="fixed-limit") == 0
    text = person.text
    assert "Traceback" not in text
    assert "'Zz' is not a card" in person.after("d Zz")[0]
    assert len(person.after("d Zz")) == 1  # the options were shown with the turn
    assert re.search(r"seat 1 \(you\) draws 1\nyou get \w\w\n", text)


def test_stud_at_the_keyboard() -> None:
    person = Person(["", "", "quit"], policy=calling)
    assert person.play(seed=6, game="stud", structure="fixed-limit") == 0
    text = person.text
    assert "Traceback" not in text
    assert "brings it in for 1" in text
    assert re.search(r"gets \w\w face up", text)
    assert re.search(r"your cards: (\w\w ){2}\w\w, showing \w\w ", text)


def test_settings_the_table_cannot_take_are_refused() -> None:
    with pytest.raises(ConfigError, match="unknown game 'nope'"):
        run(game="nope", input=scripted([]), output=print)
    with pytest.raises(ConfigError, match="stud is played fixed-limit, not no-limit"):
        run(game="stud", input=scripted([]), output=print)
    with pytest.raises(ConfigError, match="1 to 5 bots, not 6"):
        run(bots=6, seats=6, input=scripted([]), output=print)
    with pytest.raises(ConfigError, match="structures are"):
        run(structure="spread-limit", input=scripted([]), output=print)


def test_conduct_improper_7_the_game_never_prints_a_bots_hole_cards_it_did_not_show(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The person's screen holds only what the person may see: a bot's face-down
    # cards appear only in its own "shows" line at the showdown, and from then on.
    sessions: list[play._Session] = []

    class Kept(play._Session):
        def __init__(self, *args: Any, **options: Any) -> None:
            super().__init__(*args, **options)
            sessions.append(self)

    monkeypatch.setattr(play, "_Session", Kept)
    person = Person([""] * 12 + ["quit"], policy=calling)
    assert person.play(seed=7) == 0
    table = sessions[0].table
    starts = [e for e in table.events if isinstance(e, tev.DealStarted)]
    marks = [i for i, line in enumerate(person.lines) if line.startswith("── deal ")]
    assert len(marks) == len(table.deals) == len(starts) == 12
    shown = hidden = 0
    for deal, start, begin, end in zip(
        table.deals, starts, marks, [*marks[1:], len(person.lines)], strict=True
    ):
        lines = person.lines[begin:end]
        for position, seat in enumerate(start.dealt_in):
            if seat == play.HUMAN:
                continue
            cards = [str(c) for c in deal.hole(position) if c is not None]
            shows = next(
                (
                    i
                    for i, line in enumerate(lines)
                    if line.startswith(f"seat {seat} (") and " shows " in line
                ),
                len(lines),
            )
            shown, hidden = shown + (shows < len(lines)), hidden + (shows == len(lines))
            before = "\n".join(lines[:shows])
            assert not [c for c in cards if re.search(rf"\b{c}\b", before)], (seat, cards, before)
    assert shown
    assert hidden


# ------------------------------------------------------------------- bots alone


@pytest.mark.parametrize(
    ("game", "structure", "button"),
    [
        ("holdem", "no-limit", "dead"),
        ("holdem", "fixed-limit", "moving"),
        ("omaha8", "pot-limit", "dead"),
        ("stud", "fixed-limit", "dead"),
        ("27-triple-draw", "fixed-limit", "moving"),
        ("badugi", "fixed-limit", "dead"),
        ("short-deck", "no-limit", "moving"),
    ],
)
def test_bots_alone_for_200_deals_conserve_chips(game: str, structure: str, button: str) -> None:
    table = simulate(deals=200, seed=11, game=game, structure=structure, button=button)
    assert len(table.deals) == 200
    assert table.chips == table.bought - table.taken
    assert sum(table.stacks.values()) == table.chips


def test_busted_bots_rebuy_or_make_way_for_new_bots_who_post() -> None:
    table = simulate(deals=200, seed=3)
    left = [e for e in table.events if isinstance(e, tev.PlayerLeft)]
    bought = [e for e in table.events if isinstance(e, tev.ChipsBought)]
    assert left
    assert bought
    new = {e.player for e in table.events if isinstance(e, tev.PlayerSeated) and e.new}
    posts = [
        p
        for e in table.events
        if isinstance(e, tev.DealStarted)
        for p in e.posts
        if p.blind == "new player"
    ]
    assert new
    assert posts
    assert table.chips == table.bought - table.taken


def test_bots_repeat_themselves_given_a_seed() -> None:
    a, b = simulate(deals=60, seed=21), simulate(deals=60, seed=21)
    assert a.events == b.events
    assert [d.events for d in a.deals] == [d.events for d in b.deals]


def _dealt(stacks: tuple[int, ...], seed: int, *, auto_showdown: bool = True) -> Table:
    """A no-limit hold'em table of players p1, p2, ... in seats 1, 2, ..., the
    button on the last seat, its first deal started."""
    setup = TableSetup(
        game=HOLDEM,
        structure=Structure.NO_LIMIT,
        blinds=(1, 2),
        seats=len(stacks),
        buy_in=min(stacks),
    )
    table = Table(setup, shuffler=SeededShuffler(seed), button=len(stacks))
    for seat, chips in enumerate(stacks, start=1):
        table.sit(seat, f"p{seat}", chips)
    table.start_deal(auto_showdown=auto_showdown)
    return table


def _asked(table: Table) -> TableView:
    """The view of the player the deal waits for."""
    seat = view(table, AsObserver()).to_act
    assert seat is not None
    return view(table, AsPlayer(table.players[seat]))


def _play_out(table: Table, bots: dict[str, Bot], check: Callable[[TableView, Act], None]) -> None:
    """Play the deal out, each bot deciding from its player's view alone."""
    while table.in_deal:
        seen = _asked(table)
        assert isinstance(seen.viewer, AsPlayer)
        move = bots[seen.viewer.player].choose(seen)
        check(seen, move)
        assert seen.to_act is not None
        table.apply(action_of(move, table.position_of(seen.to_act)))


def test_a_bot_shows_at_a_showdown_it_must_play_out() -> None:
    table = _dealt((100, 100), 2, auto_showdown=False)
    bots: dict[str, Bot] = {
        "p1": CallingStation(random.Random(1)),
        "p2": CallingStation(random.Random(2)),
    }
    turns = set()
    _play_out(table, bots, lambda seen, move: turns.add(seen.turn))
    assert Turn.SHOW in turns
    assert sum(table.stacks.values()) == 200


def test_a_bot_refuses_a_turn_that_is_not_its_own() -> None:
    table = _dealt((100, 100, 100), 2)
    assert view(table, AsObserver()).to_act == 3
    for viewer in (AsPlayer("p1"), AsObserver(), AsFloor()):
        with pytest.raises(ValueError, match="a bot plays its own turns only"):
            Tight(random.Random(1)).choose(view(table, viewer))
    assert Tight(random.Random(1)).choose(view(table, AsPlayer("p3"))).player == "p3"


def test_a_bot_is_given_a_view_that_reaches_neither_deal_nor_table() -> None:
    # What a bot decides from is plain values: no way back to the deal or the
    # table, and no card but its own and the public ones (RRP5 conduct.improper.7).
    assert list(inspect.signature(Bot.choose).parameters) == ["self", "view"]
    table = _dealt((100, 100, 100), 7)
    while table.in_deal and table.deal is not None and not any(table.deal.board):
        seen = _asked(table)
        move = Aggressive(random.Random(0)).choose(seen)
        table.apply(action_of(move, table.position_of(seen.to_act or 0)))
    deal = table.deal
    assert deal is not None
    for seat in table.players:
        seen = view(table, AsPlayer(f"p{seat}"))
        reached = list(_values(seen))
        assert not any(isinstance(v, Deal | Table) for v in reached)
        # Nothing else to reach through: plain values and frozen view records only.
        for v in reached:
            plain = v is None or isinstance(v, int | float | str | enum.Enum | Card | tuple)
            assert plain or _frozen(v), v
        own = {c for c in deal.hole(table.position_of(seat)) if c is not None}
        public = {c for c in deal.board if c is not None}
        assert set(cards_in(seen)) <= own | public
        assert own <= set(cards_in(seen))


def _frozen(value: object) -> bool:
    params = getattr(type(value), "__dataclass_params__", None)
    return params is not None and params.frozen


def _values(value: object) -> Iterator[object]:
    """Every value reachable from ``value`` through fields, tuples and lists."""
    yield value
    if isinstance(value, tuple | list):
        for item in value:
            yield from _values(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _values(getattr(value, f.name))


@pytest.mark.parametrize("kind", KINDS)
def test_each_kind_of_bot_plays_only_legal_actions(kind: type[Bot]) -> None:
    def no_needless_fold(seen: TableView, move: Act) -> None:
        # Folding a hand that could check is allowed (RRP5 betting.9); no bot does it.
        assert seen.legal is not None
        assert not (move.move is Move.FOLD and seen.legal.needless_fold), (seen.legal, move)

    for seed in range(20):
        table = _dealt((60, 200, 35, 200), seed)
        bots = {f"p{i + 1}": kind(random.Random(seed + i)) for i in range(4)}
        _play_out(table, bots, no_needless_fold)
        assert sum(table.stacks.values()) == 495


def test_tight_folds_junk_to_a_raise_and_raises_aces() -> None:
    for seed in range(40):
        table = _dealt((200, 200, 200), seed)
        seen = _asked(table)
        assert seen.viewer == AsPlayer("p3")
        worth = strength(HOLDEM, [c for c in seen.seats[2].cards if c is not None])
        move = Tight(random.Random(0)).choose(seen)
        if worth < 0.3:
            assert move.move is Move.FOLD
        if worth >= 0.85:
            assert move.move is Move.WAGER
    assert Aggressive.kind == "aggressive"


def test_hand_strength_orders_hands_sensibly() -> None:
    def worth(cards: str, board: str = "") -> float:
        return strength(HOLDEM, parse_cards(cards), parse_cards(board))

    assert worth("As Ad") > worth("Ks Qs") > worth("Kd Qc") > worth("7c 2d")
    assert worth("As Kd", "Ah 7c 2d") > worth("9s 8s", "Ah 7c 2d")
    assert worth("Ks Qd", "7h 7c 2d") < worth("2s 2h", "7h 7c 2d")  # the board's pair is everyone's
    assert strength(LOWBALL, parse_cards("As 2c 3d 4h 6s")) > strength(
        LOWBALL, parse_cards("Ks Qc 3d 4h 6s")
    )
    assert strength(BADUGI, parse_cards("As 2c 3d 4h")) == 1.0


def test_bots_throw_what_does_not_help() -> None:
    assert discards(BADUGI, parse_cards("As 2s 3d 4h")) == parse_cards("2s")
    assert discards(LOWBALL, parse_cards("As 2c 3d 4h 6s")) == ()
    assert discards(LOWBALL, parse_cards("As Ac 3d 4h Ks")) == parse_cards("Ac Ks")


# ------------------------------------------------------------------- hard edges


def test_blinds_intro_the_big_blinds_option_is_a_raise() -> None:
    # The big blind is a bet (RRP5 blinds.intro): with everyone in for it, the
    # big blind may check or raise, and is offered 'r N', never 'b N'.
    person = Person([""] * 6 + ["quit"])
    person.play(seed=5)
    option = next(
        person.lines[i + 1]
        for i, line in enumerate(person.lines)
        if line.startswith("your cards:") and "board:" not in line and "to call" not in line
    )
    assert option.startswith("  you may: x (check) · r N (raise to N in all, N 4-")
    assert "b N" not in option


class Stops:
    """A person who raises at the first turn, then stops at the next: ``stop`` is
    raised in place of an answer (EOFError for Ctrl-D, KeyboardInterrupt for Ctrl-C)."""

    def __init__(self, stop: type[BaseException]) -> None:
        self.stop, self.lines, self.moves = stop, [], 0

    def ask(self, prompt: str) -> str:
        if prompt == "> ":
            return ""
        self.moves += 1
        if self.moves == 1:
            return "r 10"
        raise self.stop

    def say(self, text: str) -> None:
        self.lines.extend(str(text).split("\n"))


@pytest.mark.parametrize(("stop", "status"), [(EOFError, 0), (KeyboardInterrupt, 130)])
def test_stopping_in_a_hand_counts_the_chips_in_the_pot_as_lost(
    stop: type[BaseException], status: int
) -> None:
    # Seed 4: the person raises to 10 from the small blind and is re-raised.
    person = Stops(stop)
    assert run(seed=4, input=person.ask, output=person.say) == status
    assert "seat 1 (you) raises to 10" in person.lines
    assert person.lines[-1] == "you leave with 190 chips (you bought 200): down 10"
    if stop is EOFError:  # the hand is given up and the deal plays out
        assert "  you leave when this deal ends; your hand is given up" in person.lines
        assert "seat 1 (you) folds" in person.lines
    else:  # the deal is cut off where it stood
        assert (
            person.lines[-2] == "your 10 chips in this deal stay in its pot: your hand is given up"
        )


def test_buying_chips_stops_at_the_tables_most() -> None:
    person = Person(["buy 900", "buy 99999999999999999999", "buy 801", "buy 800", "quit"])
    assert person.play(seed=1) == 0
    assert person.after("buy 900") == [
        "  this table's most is 1000 chips in front of you (you have 200); you may buy up to 800"
    ]
    assert person.after("buy 99999999999999999999") == [
        "  '99999999999999999999' is not a number of chips"
    ]
    assert person.after("buy 801")[0].startswith("  this table's most is 1000 chips")
    assert person.after("buy 800") == ["  you buy 800 chips: 1000 in all"]
    assert person.lines[-1] == "you leave with 1000 chips (you bought 1000): even"


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ({"blinds": (2, 1)}, "the small blind (2) is bigger than the big blind (1); blinds are"),
        ({"seats": 0}, "a table has 2 to 10 seats, not 0"),
        ({"seats": 1, "bots": 0}, "a table has 2 to 10 seats, not 1"),
        ({"chips": -5}, "each player buys in for a number of chips above 0, not -5"),
        ({"chips": 1.5}, "each player buys in for a number of chips above 0, not 1.5"),
        ({"chips": True}, "each player buys in for a number of chips above 0, not True"),
        ({"blinds": (1.5, 3)}, "the stakes need a big blind, not (1.5, 3)"),
        ({"bots": 2.5}, "6 seats hold you and 1 to 5 bots, not 2.5"),
    ],
)
def test_settings_that_are_not_whole_numbers_or_in_range_say_so(
    options: dict[str, object], said: str
) -> None:
    with pytest.raises(ConfigError) as refused:
        run(input=scripted([]), output=print, **options)  # type: ignore[arg-type]
    assert str(refused.value).startswith(said)


def test_simulate_refuses_a_negative_number_of_deals() -> None:
    with pytest.raises(
        ConfigError, match="deals is the number of deals to play, 0 or more, not -1"
    ):
        simulate(deals=-1)
    assert simulate(deals=0).deals == []


@pytest.mark.parametrize(
    ("seat", "player", "chips", "said"),
    [
        (1, "ann", 1.5, "chips 1.5 is not a whole number"),
        (1, "ann", True, "chips True is not a whole number"),
        (1, "ann", "200", "chips '200' is not a whole number"),
        ("6", "ann", 200, "seat '6' is not a whole number"),
        (1.0, "ann", 200, "seat 1.0 is not a whole number"),
        (1, 7, 200, "a player is named by some text, not 7"),
    ],
)
def test_a_seat_or_stack_that_is_not_a_whole_number_is_refused(
    seat: object, player: object, chips: object, said: str
) -> None:
    table = Table(TableSetup(game=HOLDEM, structure=Structure.NO_LIMIT, blinds=(1, 2)))
    with pytest.raises(NotationError) as refused:
        table.sit(seat, player, chips)  # type: ignore[arg-type]
    assert str(refused.value) == said
    assert table.players == {}
    table.sit(1, "ann", 200)
    with pytest.raises(NotationError, match=r"chips 2\.5 is not a whole number"):
        table.buy(1, 2.5)  # type: ignore[arg-type]
    assert table.stacks == {1: 200}


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ({"blinds": (1, 2), "ante": -1}, "ante is a whole number 0 or more, not -1"),
        ({"blinds": (1, 2), "chip": 0}, "the smallest chip is worth 1 or more, not 0"),
        ({"blinds": (1, 2), "seats": True}, "seats is a whole number 0 or more, not True"),
        ({"blinds": (1, 2.5)}, "blinds[1] is a whole number 0 or more, not 2.5"),
        ({"blinds": [1, 2]}, "blinds are a tuple (small, big) or (big,), not [1, 2]"),
    ],
)
def test_a_table_setup_takes_whole_numbers_only(options: dict[str, object], said: str) -> None:
    with pytest.raises(ConfigError) as refused:
        TableSetup(game=HOLDEM, structure=Structure.NO_LIMIT, **options)  # type: ignore[arg-type]
    assert str(refused.value) == said
