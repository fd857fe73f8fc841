"""The one exception tree: its shape, its messages and its structured citations."""

from __future__ import annotations

import ast
import json
import pickle
import re
from pathlib import Path

import pytest

import floorman
import floorman.errors
from floorman import evaluate_high, parse_cards
from floorman.clock import ManualClock
from floorman.deal import Check, Wager
from floorman.errors import (
    CODES,
    ConfigError,
    FloorError,
    FloormanError,
    IllegalAction,
    NotationError,
    OutOfTurn,
    Who,
    error_class,
)
from floorman.games import HOLDEM, Structure
from floorman.ids import PlayerId, Seat
from floorman.room import GameKind, Room
from floorman.rulebook import Citation, cite
from floorman.shuffle import SeededShuffler
from floorman.table import Table, TableSetup

ALL_ERRORS = [ConfigError, FloorError, FloormanError, IllegalAction, NotationError, OutOfTurn]


@pytest.mark.parametrize(
    ("child", "parent"),
    [
        (ConfigError, FloormanError),
        (ConfigError, ValueError),
        (NotationError, FloormanError),
        (NotationError, ValueError),
        (IllegalAction, FloormanError),
        (IllegalAction, ValueError),
        (OutOfTurn, IllegalAction),
        (OutOfTurn, ValueError),
        (OutOfTurn, FloormanError),
        (FloorError, FloormanError),
        (FloormanError, Exception),
    ],
)
def test_exception_tree(child: type[Exception], parent: type[Exception]) -> None:
    assert issubclass(child, parent)


@pytest.mark.parametrize(
    ("child", "not_parent"),
    [
        (FloorError, ValueError),
        (FloormanError, ValueError),
        (OutOfTurn, NotationError),
        (NotationError, IllegalAction),
        (ConfigError, IllegalAction),
        (IllegalAction, NotationError),
    ],
)
def test_exception_tree_has_no_other_edges(
    child: type[Exception], not_parent: type[Exception]
) -> None:
    assert not issubclass(child, not_parent)


def test_errors_are_exported_from_the_package() -> None:
    for error in ALL_ERRORS:
        assert getattr(floorman, error.__name__) is error
        assert error.__name__ in floorman.__all__


@pytest.mark.parametrize("error", ALL_ERRORS)
def test_str_appends_the_citations(error: type[FloormanError]) -> None:
    citations = (Citation.parse("betting.5"), Citation.parse("misdeals.1.2"))
    raised = error("seat 4 cannot check facing a bet of 100; call or fold", citations=citations)
    assert str(raised) == (
        "seat 4 cannot check facing a bet of 100; call or fold [RRP5 betting.5, misdeals.1.2]"
    )
    assert raised.citations == citations
    assert raised.message == "seat 4 cannot check facing a bet of 100; call or fold"


@pytest.mark.parametrize("error", ALL_ERRORS)
def test_str_without_citations_is_the_message(error: type[FloormanError]) -> None:
    raised = error("the list is closed")
    assert str(raised) == "the list is closed"
    assert raised.citations == ()
    assert "[" not in str(raised)


def test_one_citation() -> None:
    raised = IllegalAction("no", citations=cite("betting.5"))
    assert str(raised) == "no [RRP5 betting.5]"


def test_citations_are_stored_as_a_tuple_of_citations() -> None:
    raised = FloorError("seat taken", citations=(c for c in cite("seating.1", "seating.2")))
    assert isinstance(raised.citations, tuple)
    assert raised.citations == (Citation("seating", "1"), Citation("seating", "2"))
    assert all(isinstance(c, Citation) for c in raised.citations)


def test_notation_error_carries_the_text() -> None:
    raised = NotationError("not a card: 'Zz'", text="Zz")
    assert raised.text == "Zz"
    assert NotationError("unreadable").text == ""
    cited = NotationError("x", text="y", citations=cite("irregularities.4"))
    assert str(cited) == "x [RRP5 irregularities.4]"
    assert cited.text == "y"


def test_errors_can_be_caught_as_value_errors_where_the_design_says() -> None:
    with pytest.raises(ValueError, match="not a card"):
        parse_cards("Zz")
    with pytest.raises(ValueError, match="out of turn"):
        raise OutOfTurn("seat 3 acted out of turn", citations=cite("conduct.improper.1"))


def test_evaluator_errors_cite_the_rule() -> None:
    with pytest.raises(NotationError) as caught:
        evaluate_high(parse_cards("As As Ks Qs Js"))
    assert caught.value.citations == cite("irregularities.4")
    assert str(caught.value).endswith("[RRP5 irregularities.4]")
    assert "As" in str(caught.value)


@pytest.mark.parametrize("error", ALL_ERRORS)
def test_errors_survive_pickling(error: type[FloormanError]) -> None:
    raised = error("nope", citations=cite("blinds.9"))
    again = pickle.loads(pickle.dumps(raised))
    assert type(again) is error
    assert str(again) == str(raised)
    assert again.citations == raised.citations


# --- codes and fields: the English rendered from them ---------------------------------------------


def _holdem_table() -> Table:
    setup = TableSetup(game=HOLDEM, structure=Structure.NO_LIMIT, blinds=(1, 2), seats=9)
    table = Table(setup, shuffler=SeededShuffler(4), button=9)
    for seat in (2, 5, 8):
        table.sit(seat, f"p{seat}", 100)
    return table


def test_conduct_improper_1_an_error_from_a_deal_at_a_table_names_seats() -> None:
    """The deal refuses by position; the table gives its seats and the same
    error is said again from its fields, every player in it a seat."""
    table = _holdem_table()
    deal = table.start_deal()
    legal = deal.legal()
    assert legal.position is not None
    other = (legal.position + 1) % deal.players
    with pytest.raises(OutOfTurn) as refused:
        table.apply(Check(position=other))
    error = refused.value
    seats = table.positions
    assert error.code == "out_of_turn"
    assert (error.position, error.seat) == (other, seats[other])
    assert error.citations == cite("conduct.improper.1")
    assert str(error) == (
        f"seat {seats[other]} cannot check: it is seat {seats[legal.position]}'s turn"
        f" (seat {seats[legal.position]} may call 2, raise to 4-100 or fold)"
        " [RRP5 conduct.improper.1]"
    )
    # The deal's own words are still there, from the same fields.
    assert error.say() == (
        f"position {other} cannot check: it is position {legal.position}'s turn"
        f" (position {legal.position} may call 2, raise to 4-100 or fold)"
    )


def test_an_error_names_players_from_its_fields_not_its_words() -> None:
    """Only a :class:`Who` is said as a seat: words that happen to read
    'position 2' are left as they are."""
    error = IllegalAction(
        "{who} cannot do it: {note}", code="not_now", who=Who(2), note="position 2 of the list"
    )
    assert str(error.at_seats((4, 7, 1))) == "seat 1 cannot do it: position 2 of the list"


def test_an_error_is_plain_data_for_a_program() -> None:
    table = _holdem_table()
    deal = table.start_deal()
    p = deal.legal().position
    assert p is not None
    with pytest.raises(IllegalAction) as refused:
        table.apply(Wager(position=p, to=3))
    data = refused.value.details()
    assert data["code"] == "wager_out_of_range"
    assert (data["position"], data["seat"]) == (p, table.positions[p])
    assert (data["to"], data["min_to"], data["max_to"]) == (3, 4, 100)
    assert data["citations"] == ["betting.5", "betting.7"]
    allowed = data["allowed"]
    assert isinstance(allowed, dict)
    assert (allowed["turn"], allowed["call"], allowed["min_to"]) == ("bet", 2, 4)
    assert json.loads(json.dumps(data)) == data


def test_codes_survive_pickling_with_their_fields() -> None:
    raised = IllegalAction(
        "{who} cannot check facing a bet of {bet}",
        code="check_facing_bet",
        who=Who(1),
        bet=10,
        citations=cite("betting.5"),
    ).at_seats((3, 6))
    again = pickle.loads(pickle.dumps(raised))
    assert (again.code, again.seat, again.fields["bet"]) == ("check_facing_bet", 6, 10)
    assert str(again) == "seat 6 cannot check facing a bet of 10 [RRP5 betting.5]"


def test_a_refusal_without_a_code_of_its_own_carries_its_class_code() -> None:
    codes = {cls: cls("x").code for cls in ALL_ERRORS}
    assert codes == {
        ConfigError: "config",
        FloorError: "floor",
        FloormanError: "illegal_action",
        IllegalAction: "illegal_action",
        NotationError: "notation",
        OutOfTurn: "out_of_turn",
    }
    assert set(codes.values()) <= set(CODES)


def test_the_betting_codes_are_stable() -> None:
    """A server sends these to clients: renaming one breaks them."""
    stable = {
        "out_of_turn",
        "not_now",
        "cannot_fold",
        "check_facing_bet",
        "nothing_to_call",
        "not_bring_in",
        "raise_not_reopened",
        "raise_uncallable",
        "check_raise_barred",
        "raise_capped",
        "raise_not_allowed",
        "wager_over_stack",
        "wager_out_of_range",
        "wager_off_chip",
        "wager_not_raise",
        "last_hand_must_show",
        "chop_not_allowed",
    }
    assert stable <= set(CODES)
    assert all(re.fullmatch(r"[a-z]+(_[a-z]+)*", code) for code in CODES)


_ERRORS = {"FloormanError", "ConfigError", "NotationError", "IllegalAction", "OutOfTurn"}
_ERRORS |= {"FloorError"}
_SRC = Path(floorman.__file__).parent


def _raise_sites() -> list[tuple[Path, ast.Call]]:
    sites = []
    for path in sorted(_SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in _ERRORS:
                sites.append((path, node))
    return sites


def test_every_code_given_is_registered() -> None:
    given = [
        (path.name, node.lineno, kw.value.value)
        for path, node in _raise_sites()
        for kw in node.keywords
        if kw.arg == "code" and isinstance(kw.value, ast.Constant)
    ]
    assert len(given) > 50
    assert [g for g in given if g[2] not in CODES] == []


#: Every class of error the cardroom and the server raise, by name.
_CLASSES = {
    cls.__name__: cls
    for cls in vars(floorman.errors).values()
    if isinstance(cls, type) and issubclass(cls, FloormanError)
}


def _coded_sites() -> list[tuple[str, int, str, ast.expr]]:
    """Every construction of a floorman error in the source that gives it a
    code: (file, line, class name, the code's expression)."""
    found = []
    for path in sorted(_SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name not in _CLASSES:
                continue
            for kw in node.keywords:
                if kw.arg == "code":
                    found.append((path.relative_to(_SRC).as_posix(), node.lineno, name, kw.value))
    return found


def test_every_code_the_service_and_the_server_raise_is_declared_with_its_class() -> None:
    sites = _coded_sites()
    given = [(f, line, name, e.value) for f, line, name, e in sites if isinstance(e, ast.Constant)]
    assert len(given) > 80
    assert {f.split("/")[0] for f, *_ in given} >= {"server", "service", "store", "deal", "floor"}
    wrong = [
        (f, line, name, code, error_class(code).__name__)
        for f, line, name, code in given
        if code not in CODES or error_class(code) is not _CLASSES[name]
    ]
    assert wrong == []
    # A code the source computes comes from one place, whose codes are read here.
    computed = sorted((f, name) for f, _line, name, e in sites if not isinstance(e, ast.Constant))
    assert computed == [("deal/betting.py", "IllegalAction")]
    options = ast.parse((_SRC / "deal" / "options.py").read_text())
    block = next(
        n for n in ast.walk(options) if isinstance(n, ast.FunctionDef) and n.name == "raise_block"
    )
    blocks = {
        n.value.elts[0].value
        for n in ast.walk(block)
        if isinstance(n, ast.Return)
        and isinstance(n.value, ast.Tuple)
        and isinstance(n.value.elts[0], ast.Constant)
    }
    assert len(blocks) >= 3
    assert all(error_class(code) is IllegalAction for code in blocks | {"raise_not_allowed"})
    # A refusal without a code of its own carries its class's, declared with it.
    for cls in _CLASSES.values():
        assert error_class(cls.default_code) is cls or cls is FloormanError
    # A code from a later floorman is a refusal of the rules.
    assert error_class("a_code_from_later") is IllegalAction


def test_every_refusal_of_the_deal_and_the_floorperson_has_a_code_of_its_own() -> None:
    uncoded = [
        (path.relative_to(_SRC).as_posix(), node.lineno)
        for path, node in _raise_sites()
        if path.parent.name in ("deal", "floor")
        and path.name in ("state.py", "betting.py", "legal.py", "rulings.py", "checks.py", "log.py")
        and not any(kw.arg == "code" for kw in node.keywords)
    ]
    assert uncoded == []


def test_conduct_improper_1_an_error_at_a_table_carries_the_player_seated_there() -> None:
    """The table tells the deal's error who sits in each seat: the person
    refused is a field of it, with his seat and position, for a program."""
    table = _holdem_table()
    deal = table.start_deal()
    legal = deal.legal()
    assert legal.position is not None
    other = (legal.position + 1) % deal.players
    with pytest.raises(OutOfTurn) as refused:
        table.apply(Check(position=other))
    error = refused.value
    seat = table.positions[other]
    assert (error.position, error.seat, error.player) == (other, seat, f"p{seat}")
    details = error.details()
    assert (details["position"], details["seat"], details["player"]) == (other, seat, f"p{seat}")
    # The words name the seat, as before; the person is in the fields.
    assert str(error).startswith(f"seat {seat} cannot check")


def test_buy_in_1_a_short_entry_names_the_player_and_seat_from_its_fields() -> None:
    table = _holdem_table()
    before = table.events[:]
    with pytest.raises(FloorError) as refused:
        table.sit(4, "ann", 1)
    error = refused.value
    assert (error.player, error.seat, error.fields["chips"]) == ("ann", 4, 1)
    assert error.details()["player"] == "ann"
    assert error.citations == cite("buy-in.1")
    # The English is said from the same fields.
    assert error.say() == error.template.format(**error.fields)
    assert str(error).startswith("ann cannot enter the game with 1")
    assert table.events == before


def test_seating_4_a_second_seat_refused_names_the_player() -> None:
    clock = ManualClock()
    room = Room(clock=clock, shuffler=SeededShuffler(7))
    nl = GameKind(game="holdem", structure=Structure.NO_LIMIT, stakes="1/2")
    room.open_game(1, nl, seats=9)
    room.open_game(2, nl, seats=9)
    room.take_seat(PlayerId("ann"), 1, Seat(3))
    before = room.events[:]
    with pytest.raises(FloorError) as refused:
        room.take_seat(PlayerId("ann"), 2, Seat(5))
    error = refused.value
    assert error.player == "ann"
    assert error.details()["player"] == "ann"
    assert error.citations == cite("seating.4")
    assert room.events == before
