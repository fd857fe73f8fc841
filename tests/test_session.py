"""The table session log and `floorman session`: deals, posts with their rules, refusals by line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from floorman.cli import main
from floorman.errors import ConfigError, FloorError, IllegalAction, NotationError
from floorman.formats.session import parse_table_line, play_session
from floorman.table import ButtonMethod

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "session.txt"


def test_table_line_sets_up_the_table() -> None:
    setup, seed, start = parse_table_line(
        "table holdem fixed-limit blinds=1/2 bets=2/4 seats=6 button=moving buy-in=50"
        " straddles=yes time=3/30 rules=wsop seed=9 start=4"
    )
    assert (setup.seats, setup.button, setup.min_buy_in, setup.straddles_allowed) == (
        6,
        ButtonMethod.MOVING,
        50,
        True,
    )
    assert (setup.time_charge, setup.time_every, seed, start) == (3, 1800.0, 9, 4)


@pytest.mark.parametrize(
    "line",
    [
        "table chess no-limit",
        "table holdem no-limit blinds=one",
        "table holdem no-limit colour=red",
        "table holdem",
        "deal",
    ],
)
def test_bad_table_lines_are_refused(line: str) -> None:
    with pytest.raises(NotationError):
        parse_table_line(line)


def test_example_session_plays_and_reports_each_deal() -> None:
    session = play_session(EXAMPLE.read_text())
    assert len(session.deals) == 6
    five = session.deals[4]
    assert [(p.seat, p.amount, p.dead) for p in five.posts if p.seat == 1] == [
        (1, 2, False),
        (1, 1, True),
    ]
    assert [c.id for c in five.posts[-1].citations] == ["blinds.9"]
    assert session.deals[2].missed == ((1, "big"),)
    assert session.deals[5].big_blind == 6
    table = session.table
    assert table.chips == table.bought - table.taken


def test_session_json_has_the_fields_the_floor_reads(capsys) -> None:
    assert main(["session", str(EXAMPLE), "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [d["deal"] for d in lines] == [1, 2, 3, 4, 5, 6]
    first = lines[0]
    assert set(first) >= {"deal", "button", "posts", "dealt_in", "stacks"}
    assert first["posts"][0] == {
        "seat": 2,
        "amount": 1,
        "live": True,
        "blind": "small blind",
        "citations": ["RRP5 blinds.intro"],
    }
    assert first["stacks"] == {"1": 200, "2": 199, "3": 201, "4": 200}


def test_session_with_cards_given_deals_them(capsys) -> None:
    text = """
table holdem no-limit blinds=1/2 seats=3 start=3
sit 1 a 100
sit 2 b 100
sit 3 c 100
deal
d dh s1 AsKs
d dh s2 7c2d
d dh s3 QhQd
s3 cbr 100
s1 cc
s2 f
d db 2s5h9c
d db Jd
d db 3h
"""
    session = play_session(text)
    deal = session.played[0]
    assert str(deal.hole(0)[0]) == "As"
    assert dict(session.deals[0].stacks) == {1: 0, 2: 98, 3: 202}


def test_session_illegal_event_names_the_line_and_the_rule(tmp_path, capsys) -> None:
    path = tmp_path / "s.txt"
    path.write_text(
        "table holdem no-limit blinds=1/2 start=1\n"
        "sit 1 a 100\nsit 2 b 100\nsit 3 c 100\n"
        "deal\ns1 f\ns2 f\n"
        "sit 4 d 40\nleave 4\nsit 5 e 10   # entering short\n"
    )
    assert main(["session", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out.startswith("deal 1:")
    assert "line 10 'sit 5 e 10'" in captured.err
    assert captured.err.rstrip().endswith("[RRP5 buy-in.1]")


def test_session_refuses_a_player_acting_out_of_turn_in_seats() -> None:
    text = (
        "table holdem no-limit blinds=1/2 start=1\n"
        "sit 1 a 100\nsit 2 b 100\nsit 3 c 100\n"
        "deal\ns2 f\n"
    )
    with pytest.raises(IllegalAction) as refused:
        play_session(text)
    message = str(refused.value)
    assert message.startswith("line 6 's2 f': seat 2 cannot fold: it is seat 1's turn")
    assert "conduct.improper.1" in message


def test_session_refused_table_events_cite_their_rules() -> None:
    base = "table holdem no-limit blinds=1/2 start=1\nsit 1 a 100\nsit 2 b 100\n"
    with pytest.raises(FloorError) as refused:
        play_session(base + "sit 3 a 100\n")
    assert "seating.4" in str(refused.value)
    with pytest.raises(IllegalAction) as refused:
        play_session(base + "sit 3 c 100\nstraddle 2\n")
    assert "blinds.16" in str(refused.value)
    with pytest.raises(ConfigError):
        play_session("table holdem no-limit\n")


def test_session_deal_must_end_within_its_lines() -> None:
    text = "table holdem no-limit blinds=1/2 start=1\nsit 1 a 100\nsit 2 b 100\ndeal\n"
    with pytest.raises(NotationError) as refused:
        play_session(text)
    assert "did not end" in str(refused.value)


def test_session_deals_run_twice_and_chops() -> None:
    text = (
        "table holdem no-limit blinds=1/2 start=1 seed=3\n"
        "sit 1 a 100\nsit 2 b 100\nsit 3 c 100\n"
        "deal runs=2\ns1 cbr 100\ns2 cc\ns3 f\n"
        "deal\ns2 f\nchop\n"
    )
    session = play_session(text)
    assert len(session.played[0].boards) == 2
    table = session.table
    assert table.chips == table.bought - table.taken
    assert session.deals[1].stacks == session.deals[0].stacks


def test_session_deals_write_as_phh_and_replay_to_the_same_stacks() -> None:
    from floorman.formats import read_phh, write_phh
    from floorman.formats.replay import history_from_deal, replay

    session = play_session(EXAMPLE.read_text())
    for deal in session.played:
        history = history_from_deal(deal)
        again = replay(read_phh(write_phh(history)))
        assert again.error is None
        assert again.finishing_stacks == deal.stacks
    dead = history_from_deal(session.played[4])
    assert dict(dead.extra)["_dead_blinds"] == (0, 0, 1, 0)


def test_readme_shows_what_floorman_session_prints(capsys, monkeypatch) -> None:
    root = EXAMPLE.parents[1]
    readme = (root / "README.md").read_text()
    shown = readme.split("$ floorman session examples/session.txt\n", 1)[1].split("\n\n", 1)[0]
    monkeypatch.chdir(root)
    assert main(["session", "examples/session.txt"]) == 0
    assert capsys.readouterr().out.rstrip("\n") == shown


def test_session_writes_pokerstars_and_phh_hand_histories(capsys) -> None:
    from floorman.formats import read_phhs
    from floorman.formats.replay import replay

    assert main(["session", str(EXAMPLE), "--format", "pokerstars"]) == 0
    text = capsys.readouterr().out
    assert text.count("PokerStars Hand #") == 6
    assert "ann: posts small & big blinds 3" in text
    assert main(["session", str(EXAMPLE), "--format", "phh"]) == 0
    histories = read_phhs(capsys.readouterr().out)
    session = play_session(EXAMPLE.read_text())
    assert [replay(h).finishing_stacks for h in histories] == [d.stacks for d in session.played]


RULED = """
table holdem no-limit blinds=1/2 seats=6 start=1 seed=3
sit 1 ann 100
sit 2 bob 100
sit 3 cy 100
sit 4 dee 100
deal
report misdeals.1.1
deal
s4 cbr 6
s1 f
report dead-hands.1.1 s2
report dead-hands.2 s3
decide dead
"""


def test_session_carries_reports_and_floor_decisions(capsys, tmp_path) -> None:
    session = play_session(RULED)
    first, second = session.deals
    assert first.voided
    assert dict(first.stacks) == {1: 100, 2: 100, 3: 100, 4: 100}
    assert (second.button, second.posts) == (first.button, first.posts)
    assert [r.citations[-1].id for _, r in second.rulings] == [
        "dead-hands.1.1",
        "dead-hands.2",
        "dead-hands.2",
    ]
    assert second.rulings[1][1].options == ("dead", "retrieve")
    assert second.rulings[0][1].decision.startswith("seat 2:")
    assert dict(second.stacks) == {1: 100, 2: 99, 3: 98, 4: 103}
    path = tmp_path / "ruled.txt"
    path.write_text(RULED)
    assert main(["session", str(path), "--json"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert records[0]["voided"] is True
    assert records[0]["rulings"][0]["citations"] == ["RRP5 misdeals.1", "RRP5 misdeals.1.1"]
    assert records[1]["rulings"][1]["options"] == ["dead", "retrieve"]
    assert main(["session", str(path), "--format", "pokerstars"]) == 0
    assert capsys.readouterr().out.count("PokerStars Hand #") == 1


def test_session_decisions_outside_the_rules_are_refused() -> None:
    with pytest.raises(IllegalAction) as refused:
        play_session(RULED.replace("decide dead", "decide split"))
    assert "decisions.1" in str(refused.value)
    with pytest.raises(NotationError):
        play_session(RULED.replace("report misdeals.1.1", "report misdeals.9"))


def test_session_reports_a_declared_action_and_an_unposted_blind() -> None:
    text = (
        "table holdem no-limit blinds=1/2 start=1\n"
        "sit 1 a 100\nsit 2 b 100\nsit 3 c 100\nsit 4 d 100\n"
        "deal\nreport betting.9 s4 cbr 6\ns1 f\ns2 f\ns3 f\n"
    )
    session = play_session(text)
    ruled = [r.citations[0].id for _, r in session.deals[0].rulings]
    assert ruled == ["betting.9"]
    assert dict(session.deals[0].stacks) == {1: 100, 2: 99, 3: 98, 4: 103}
    # Seat 1 owes no blind by the table's record: no blinds.10 ruling on it.
    with pytest.raises(FloorError) as refused:
        play_session(text.replace("s1 f\n", "report blinds.10 s1\n"))
    assert "blinds.10" in str(refused.value)


#: A moving button passes seat 2 over for the small blind (seat 1 left): it is
#: dealt in owing it, and plays the hand before that is noticed.
OWED = (
    "table holdem no-limit blinds=1/2 seats=6 button=moving start=5\n"
    "sit 1 a 100\nsit 2 b 100\nsit 3 c 100\nsit 4 d 100\nsit 5 e 100\n"
    "deal\ns3 f\ns4 f\ns5 f\ns1 f\n"
    "leave 1\n"
    "deal\ns5 f\ns2 cc\nreport blinds.10 s2 acted\ns3 f\ns4 cc\n"
    "s4 cc\ns2 cc\ns4 cc\ns2 cc\ns4 cc\ns2 cc\n"
)


def test_blinds_10_a_session_takes_the_owed_blind_on_the_next_deal() -> None:
    session = play_session(OWED + "deal\ns2 f\ns3 cbr 10\ns4 f\ns5 f\n")
    (line, ruling), *_ = session.deals[1].rulings
    assert line == "report blinds.10 s2 acted"
    assert [c.id for c in ruling.citations] == ["blinds.10"]
    assert "small blind" in ruling.decision
    owed = [p for p in session.deals[2].posts if p.seat == 2]
    assert [(p.amount, p.dead, p.blind) for p in owed] == [(1, False, "missed small blind")]
    assert [c.id for c in owed[0].citations] == ["blinds.10", "blinds.9"]
    with pytest.raises(IllegalAction) as refused:
        play_session(OWED + "wait 2\n")
    assert "blinds.10" in str(refused.value)
    with pytest.raises(FloorError) as refused:
        play_session(OWED.replace("report blinds.10 s2 acted", "report blinds.10 s5 acted"))
    assert "owes no blind" in str(refused.value)


def test_session_corrects_a_misplaced_button() -> None:
    text = (
        "table holdem no-limit blinds=1/2 start=2\n"
        "sit 1 a 100\nsit 2 b 100\nsit 3 c 100\nsit 4 d 100\n"
        "deal\ns1 f\ns2 f\ns3 f\n"
        "misplaced 1\n"
        "deal\ns1 f\ns2 f\ns3 f\n"
    )
    session = play_session(text)
    assert [d.button for d in session.deals] == [2, 2]


def test_session_rulings_on_the_last_pot_are_recorded_with_its_deal() -> None:
    text = (
        "table holdem no-limit blinds=1/2 start=1\n"
        "sit 1 a 100\nsit 2 b 100\nsit 3 c 100\n"
        "deal\ns1 f\ns2 f\n"
        "transfer 3 1 2\n"
        "impound 1 2\nrelease 3\n"
        "deal\ns2 f\ns3 f\n"
        "transfer 1 2 1\n"
    )
    session = play_session(text)
    first = session.deals[0]
    assert [line.split()[0] for line, _ in first.rulings] == ["transfer", "impound", "release"]
    assert [c.id for c in first.rulings[0][1].citations] == ["decisions.5", "decisions.6"]
    assert dict(first.stacks) == {1: 100, 2: 99, 3: 101}
    with pytest.raises(FloorError) as refused:
        play_session(text + "deal\ns3 f\ns1 f\ntransfer 3 1 50\n")
    assert "decisions.6" in str(refused.value)


def test_decisions_5_a_session_ruling_names_its_deal_and_an_earlier_one_stands() -> None:
    text = (
        "table holdem no-limit blinds=1/2 start=1\n"
        "sit 1 a 100\nsit 2 b 100\nsit 3 c 100\n"
        "deal\ns1 f\ns2 f\n"  # deal 1: seat 3's big blind wins
        "deal\ns2 f\ns3 f\n"  # deal 2: seat 1's big blind wins
    )
    for late in ("transfer 3 1 2 deal=1", "impound 3 2 deal=1", "ask 1 3 deal=1"):
        with pytest.raises(FloorError) as refused:
            play_session(text + late + "\n")
        message = str(refused.value)
        assert f"line 11 {late!r}" in message
        assert "deal 1's result stands: deal 2 has started" in message
        assert [c.id for c in refused.value.citations] == ["decisions.5"]
    # Without naming it, the same line would be about deal 2, refused for another reason.
    with pytest.raises(FloorError) as refused:
        play_session(text + "transfer 3 1 2\n")
    assert "decisions.6" in str(refused.value)
    session = play_session(text + "transfer 1 2 2 deal=2\nimpound 1 1 deal=2\n")
    second = session.deals[1]
    assert second.number == 2
    assert [line for line, _ in second.rulings] == ["transfer 1 2 2 deal=2", "impound 1 1 deal=2"]
    assert session.deals[0].rulings == ()
    with pytest.raises(NotationError):
        play_session(text + "transfer 1 2 2 deal=2 deal=1\n")


def test_decisions_7_a_session_releases_chips_impounded_from_a_named_deal_later() -> None:
    text = (
        "table holdem no-limit blinds=1/2 start=1\n"
        "sit 1 a 100\nsit 2 b 100\nsit 3 c 100\n"
        "deal\ns1 f\ns2 f\n"
        "impound 3 2 deal=1\n"
        "deal\ns2 f\ns3 f\n"
        "release 2 deal=1\n"
    )
    session = play_session(text)
    assert session.table.impounded == 0
    assert dict(session.deals[1].stacks)[2] == 99 + 2
    with pytest.raises(FloorError) as refused:
        play_session(text + "release 2 deal=1\n")
    assert "decisions.7" in str(refused.value)


def test_session_reports_name_the_cards_a_ruling_acts_on() -> None:
    text = (
        "table holdem no-limit blinds=1/2 start=1 seed=5\n"
        "sit 1 a 100\nsit 2 b 100\nsit 3 c 100\n"
        "deal\n"
        "d dh s2 AhKh\nd dh s3 QcQd\nd dh s1 7s2d\n"
        "report irregularities.7 s2 card=Ah\n"
        "report irregularities.13 s3 card=Qc\n"
        "report showdown.6 s1 to=out part\n"
        "s1 cc\n"
        "report irregularities.15 cards=9c8d2h\n"
        "s2 cc\ns3 cc\n"
        "d db 9c8d2h\n"
    )
    with pytest.raises(NotationError, match="9c"):
        play_session(text)  # the cards dealt too soon cannot be the flop
    session = play_session(text.replace("d db 9c8d2h", "d db 5c5d6h\ns2 cbr 4\ns3 f\ns1 f"))
    rulings = session.deals[0].rulings
    assert [r.citations[-1].id for _, r in rulings] == [
        "irregularities.7",
        "irregularities.13",
        "showdown.6.5",
        "irregularities.15",
    ]
    assert "seat 2" in rulings[0][1].decision
    assert dict(session.deals[0].stacks) == {1: 98, 2: 104, 3: 98}
