"""The real hands in ../shared/phh replay through the dealer; deals written as PHH read back."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from floorman.cli import main
from floorman.deal import BringIn as PostBringIn
from floorman.deal import Call, Check, Deal, Draw, Fold, Show, Stakes, Turn, Wager
from floorman.deal import events as ev
from floorman.formats import load, read_phh, write_phh
from floorman.formats.replay import VARIANT_GAMES, history_from_deal, replay
from floorman.games import GAMES, RuleSet, Structure
from floorman.shuffle import SeededShuffler

PHH = Path(__file__).resolve().parents[2] / "shared" / "phh"
FILES = sorted(PHH.rglob("*.phh")) if PHH.is_dir() else []
needs_phh = pytest.mark.skipif(not FILES, reason=f"the real hands are not at {PHH}")


def _id(path: Path) -> str:
    return str(path.relative_to(PHH)) if FILES else str(path)


@needs_phh
def test_there_are_88_real_hands():
    assert len(FILES) == 88
    assert sum(1 for f in FILES if load(f)[0].finishing_stacks is not None) == 83


@needs_phh
@pytest.mark.parametrize("rules", list(RuleSet), ids=[r.value for r in RuleSet])
@pytest.mark.parametrize("path", FILES, ids=_id)
def test_real_hand_replays_to_its_finishing_stacks_under_both_rule_sets(path, rules):
    (history,) = load(path)
    result = replay(history, rules=rules)
    assert result.error is None, result.error
    if history.finishing_stacks is not None:
        assert result.finishing_stacks == history.finishing_stacks
        assert result.matches_file
    assert result.deal is not None
    assert sum(result.deal.stacks) == sum(history.starting_stacks)


@needs_phh
@pytest.mark.parametrize("rules", list(RuleSet), ids=[r.value for r in RuleSet])
def test_betting_5_a_limit_raise_to_what_the_opponent_can_match_is_a_full_raise(rules):
    # WSOP hand 85 (razz): a raise to 750,000 on a 600,000 bet, where the limit
    # raise is to 1,200,000 but 750,000 is all the only opponent can put in.
    # Raising the limit and raising to 750,000 are the same wager: no short raise.
    (history,) = load(PHH / "wsop/2023/43/5/85.phh")
    result = replay(history, rules=rules)
    assert result.error is None
    assert result.deal is not None
    (raised,) = [e for e in result.deal.events if isinstance(e, ev.Wagered) and e.to == 750_000]
    assert raised.full
    assert not raised.all_in
    assert [c.id for c in raised.citations] == ["betting.5", "policies.6"]
    assert result.matches_file


@needs_phh
def test_replay_command_prints_json_per_hand(capsys):
    files = [str(PHH / "wsop/2023/43/5/85.phh"), str(PHH / "dwan-ivey-2009.phh")]
    status = main(["replay", "--json", *files])
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert status == 0
    assert lines[0] == {
        "file": files[0],
        "variant": "FR",
        "finishing_stacks": [0, 29700000],
        "matches_file": True,
    }
    assert lines[1] == {
        "file": files[1],
        "variant": "NT",
        "finishing_stacks": [572100, 1997500, 1109500],
    }


@needs_phh
def test_replay_command_with_wsop_rules_and_decimal_amounts(capsys):
    files = [str(PHH / "wsop/2023/43/5/85.phh"), str(PHH / "antonius-blom-2009.phh")]
    assert main(["replay", "--json", "--rules", "wsop", *files]) == 0
    first, second = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert first["finishing_stacks"] == [0, 29700000]
    assert first["matches_file"] is True
    assert second["finishing_stacks"] == [1937923.75, 0]


@needs_phh
def test_the_famous_badugi_and_short_deck_hands():
    (badugi,) = load(PHH / "alice-carol-wikipedia.phh")
    (short,) = load(PHH / "phua-xuan-2019.phh")
    assert replay(badugi).finishing_stacks == (196, 220, 200, 184)
    # Xuan's straight beats Phua's set of kings.
    assert replay(short).finishing_stacks == (489000, 226000, 684000, 400000, 0, 198000)


def test_a_refused_action_names_its_index_and_rule():
    history = read_phh(
        """
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ["d dh p1 AsKs", "d dh p2 7c2d", "d dh p3 QhQd", "p3 cbr 3", "p1 f"]
"""
    )
    result = replay(history)
    assert result.error is not None
    assert result.error.action_index == 3
    assert result.error.citations == ("RRP5 betting.5", "RRP5 betting.7")
    assert result.finishing_stacks is None


def test_a_history_that_stops_early_is_reported():
    history = read_phh(
        """
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 AsKs", "d dh p2 7c2d", "p2 cc"]
"""
    )
    result = replay(history)
    assert result.error is not None
    assert result.error.action_index == 3
    assert "ends before the deal does" in result.error.message


def test_blinds_9_hands_of_one_header_each_keep_their_own_placed_blinds():
    # The stakes of a header serve every hand that has it; a hand whose blinds a
    # table placed (a dead part made up, RRP5 blinds.9; the big blind named) has
    # its own, before and after hands of the same header without them.
    header = """
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ["d dh p1 AsKs", "d dh p2 7c2d", "d dh p3 QhQd", "p3 f", "p1 f"]
"""
    plain = read_phh(header)
    placed = read_phh(header + "_dead_blinds = [0, 0, 0]\n_big_blind = 2\n")
    nothing_dead = read_phh(header + "_dead_blinds = 0\n")
    first, second, third = replay(plain), replay(placed), replay(plain)
    fourth = replay(nothing_dead)
    assert first.deal is not None
    assert second.deal is not None
    assert third.deal is not None
    assert fourth.deal is not None
    assert (
        first.deal.stakes
        == third.deal.stakes
        == Stakes(blinds=(1, 2, 0), min_bet=2, antes=(0, 0, 0))
    )
    assert second.deal.stakes == Stakes(
        blinds=(1, 2, 0), min_bet=2, antes=(0, 0, 0), dead_blinds=(0, 0, 0), big_blind=1
    )
    assert fourth.deal.stakes.dead_blinds == (0,)
    assert first.finishing_stacks == second.finishing_stacks == (99, 101, 100)


def _random_deal(game_name: str, structure: Structure, players: int, seed: int) -> Deal:
    game = GAMES[game_name]
    if game.is_button_game:
        stakes = Stakes(blinds=(1, 2), small_bet=2, big_bet=4)
    else:
        stakes = Stakes(antes=(1,) * players, bring_in=1, small_bet=4, big_bet=8)
    rng = random.Random(seed)
    deal = Deal(
        game,
        structure=structure,
        stakes=stakes,
        stacks=tuple(rng.randint(20, 300) for _ in range(players)),
        shuffler=SeededShuffler(seed),
    )
    while not deal.is_over:
        legal = deal.legal()
        p = legal.position
        assert p is not None
        if legal.turn is Turn.DRAW:
            hole = deal.hole(p)
            deal.apply(Draw(position=p, discards=tuple(rng.sample(hole, rng.randint(0, 3)))))
            continue
        if legal.turn is Turn.SHOW:
            deal.apply(Show(position=p))
            continue
        options = []
        if legal.fold:
            options.append(Fold(position=p))
        if legal.check:
            options.append(Check(position=p))
        if legal.call:
            options.append(Call(position=p))
        if legal.bring_in:
            options.append(PostBringIn(position=p))
        if legal.can_wager:
            options.append(Wager(position=p, to=rng.randint(legal.min_to, legal.max_to)))
        deal.apply(rng.choice(options))
    return deal


@pytest.mark.parametrize(("code", "form"), sorted(VARIANT_GAMES.items()))
def test_a_deal_written_as_phh_reads_back_as_the_same_deal(code, form):
    game, structure = form
    for seed in range(15):
        deal = _random_deal(game.name, structure, 2 + seed % 5, seed)
        history = history_from_deal(deal)
        assert history.variant in {c for c, f in VARIANT_GAMES.items() if f == form}
        again = replay(read_phh(write_phh(history)))
        assert again.error is None, again.error
        assert again.finishing_stacks == deal.stacks
        assert history_from_deal(again.deal) == history
