"""The one exception tree: its shape, its messages and its structured citations."""

from __future__ import annotations

import pickle

import pytest

import floorman
from floorman import evaluate_high, parse_cards
from floorman.errors import (
    ConfigError,
    FloorError,
    FloormanError,
    IllegalAction,
    NotationError,
    OutOfTurn,
)
from floorman.rulebook import Citation, cite

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
