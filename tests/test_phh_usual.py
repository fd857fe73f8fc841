"""The PHH reader's quick paths: a usual hand, and a usual list of actions, read in one pass.

A table that real files write is checked and built by ``_usual_hand`` without running
the constructor's checks again, and a list of usual action strings is read by
``read_usual`` with one regular expression. Each must give exactly what the general
path gives (the same history, field by field and type by type, the same actions), and
must hand every table or list it does not vouch for to the general path, which gives
the error. Every shared hand, and tables and lists that hypothesis bends every way a
file could, are read both ways and compared.
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.cards import Card
from floorman.errors import NotationError
from floorman.formats import _phh_toml, phh
from floorman.formats._phh_history import _general
from floorman.formats._phh_table import _usual_hand, from_table
from floorman.formats._phh_usual import read_usual

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
needs_shared = pytest.mark.skipif(
    not (SHARED / "phh").is_dir(), reason=f"the shared hands are not at {SHARED}"
)


def general(table: dict[str, Any]) -> object:
    """The general path's history, or its error's message."""
    try:
        return _general(table, None)
    except NotationError as error:
        return ("error", error.message)


def exactly(quick: phh.HandHistory, slow: object) -> None:
    """The same history: equal, every field the same value of the same type (tuples,
    not lists), in the same order, and the same parsed actions."""
    assert isinstance(slow, phh.HandHistory)
    assert quick == slow
    assert list(vars(quick)) == list(vars(slow))
    for name, value in vars(slow).items():
        assert repr(vars(quick)[name]) == repr(value), name
        assert type(vars(quick)[name]) is type(value), name
    assert quick.parsed_actions == slow.parsed_actions
    assert [type(a) for a in quick.parsed_actions] == [type(a) for a in slow.parsed_actions]


@needs_shared
@pytest.mark.parametrize("folder", ["phh", "pluribus"])
def test_every_shared_hand_reads_by_the_quick_path_as_by_the_general_one(folder: str) -> None:
    paths = sorted((SHARED / folder).rglob("*.phh"))
    assert len(paths) >= 88
    quick = 0
    for path in paths:
        table = _phh_toml.loads(path.read_text(encoding="utf-8"))
        hand = _usual_hand(table)
        if hand is not None:
            quick += 1
            exactly(hand, general(table))
        assert phh.load(path) == (_general(table, None),), path
    # The quick path is the one real files take (a hand with decimal amounts does not).
    assert quick >= len(paths) - 2


USUAL = {
    "variant": "NT",
    "ante_trimming_status": True,
    "antes": [0, 0, 0],
    "blinds_or_straddles": [50, 100, 0],
    "min_bet": 100,
    "starting_stacks": [10000, 10000, 9000],
    "actions": [
        "d dh p1 TcQc",
        "d dh p2 8s4c",
        "d dh p3 ????",
        "p3 cbr 210",
        "p1 cc",
        "p2 f",
        "d db 7d5h9d",
        "p1 cc",
        "p3 cc",
        "p1 sm TcQc",
        "p3 sm -",
    ],
    "hand": 7,
    "players": ["A", "B", "C"],
    "finishing_stacks": [10310, 9900, 8790],
    "note": ["x", 1, True],
}

# Values a field may hold in a table the TOML reader gives (tomllib's dates aside).
_VALUES: st.SearchStrategy[Any] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 3),
    st.sampled_from([0, 1, 100, 10**15 - 1, 10**15, -(10**15)]),
    st.sampled_from([Decimal("2.5"), Decimal("100.0"), Decimal("inf"), Decimal("nan")]),
    st.sampled_from(["", "NT", "FT", "FR", "XX", " "]),
    st.lists(st.integers(-1, 200), max_size=4),
    st.lists(st.sampled_from([0, 1, True, "a", Decimal("1.5"), Decimal("inf")]), max_size=4),
    st.just({"a": 1}),
    st.just([[1, 2], [3]]),
)
_ACTIONS = st.sampled_from(
    [
        "d dh p1 AsKs",
        "d dh p4 ??",
        "d db 7c",
        "d db",
        "p1 f",
        "p3 cc",
        "p4 cc",
        "p2 cbr 300",
        "p2 cbr 2.5",
        "p2 cbr 0",
        "p2 cbr 1000000000000000",
        "p1 sd",
        "p1 sd 7c??",
        "p2 sm",
        "p2 sm -",
        "p1 pb",
        "p1 f # folds",
        "p1  f",
        "p0 f",
        "p1 raise 3",
        "",
    ]
)


@st.composite
def _bent(draw: st.DrawFn) -> dict[str, Any]:
    """The usual table with fields taken away, changed, added or put first."""
    table: dict[str, Any] = dict(USUAL)
    keys = [*USUAL, "bring_in", "small_bet", "big_bet", "winnings", "extra", "_parsed"]
    for key in draw(st.lists(st.sampled_from(keys), max_size=3)):
        change = draw(st.sampled_from(["drop", "value", "actions", "first"]))
        if change == "drop":
            table.pop(key, None)
        elif change == "value":
            table[key] = draw(_VALUES)
        elif change == "actions":
            table["actions"] = draw(st.lists(_ACTIONS, max_size=6))
        else:
            table = {key: table.get(key, 1), **table}
    return table


@settings(max_examples=400)
@given(_bent())
def test_a_bent_table_reads_as_the_general_path_reads_it_or_is_left_to_it(
    table: dict[str, Any],
) -> None:
    slow = general(table)
    quick = _usual_hand(table)
    if quick is None:
        return
    exactly(quick, slow)


def test_the_usual_table_takes_the_quick_path_and_each_bend_leaves_it() -> None:
    hand = _usual_hand(dict(USUAL))
    assert hand is not None
    exactly(hand, general(dict(USUAL)))
    assert hand.extra == (("hand", 7), ("note", ("x", 1, True)))
    # What the quick path does not vouch for, the general path reads or refuses.
    for key, value, error in [
        ("min_bet", 0, "min_bet holds 0"),
        ("antes", [0, 0], "antes has 2 entries for 3 players"),
        ("antes", [0, True, 0], "antes holds True"),
        ("starting_stacks", [1, 1, 10**15], "more than 15 digits"),
        ("small_bet", 2, "takes no small_bet"),
        ("players", ["A", "B", 3], "players is not 3 names"),
        ("ante_trimming_status", 1, "1 is not true or false"),
        ("actions", ["p4 f"], "names p4; the hand has p1 to p3"),
        ("actions", ["p1 f # gone", "p2 cbr 0"], "not a positive whole number"),
        ("note", {"a": 1}, "note is a table"),
    ]:
        bent = {**USUAL, key: value}
        assert _usual_hand(bent) is None, key
        with pytest.raises(NotationError, match=error):
            from_table(bent, None)
    for key in ("variant", "antes", "starting_stacks", "actions"):
        bent = {k: v for k, v in USUAL.items() if k != key}
        assert _usual_hand(bent) is None
        with pytest.raises(NotationError, match=f"no {key}"):
            from_table(bent, None)
    # Read by the general path, and the same as before: decimals, inf, a date.
    for key, value in [
        ("starting_stacks", [Decimal("100.5"), 10, 10]),
        ("starting_stacks", [Decimal("inf"), 10, 10]),
        ("actions", ["p1 f # early"]),
        ("variant", "XX"),
        ("note", Decimal("2.5")),
        ("note", ["x", Decimal("2.5")]),
    ]:
        bent = {**USUAL, key: value}
        assert _usual_hand(bent) is None
        assert isinstance(from_table(bent, None), phh.HandHistory)


@settings(max_examples=300)
@given(
    st.lists(_ACTIONS, max_size=8),
    st.integers(1, 5),
    st.sampled_from([1, 10, 100]),
    st.integers(0, 30),
)
def test_a_list_of_actions_reads_as_parse_action_reads_each(
    texts: list[str], players: int, per_unit: int, start: int
) -> None:
    quick = read_usual(texts, players=players, chips_per_unit=per_unit, start=start)
    try:
        each = [
            phh.parse_action(text, index=start + i, chips_per_unit=per_unit)
            for i, text in enumerate(texts)
        ]
    except NotationError:
        assert quick is None
        return
    named = [a.player for a in each if isinstance(a, phh.PlayerAction)]
    # A usual form: not empty (a NoOp), single spaces, no commentary, a whole amount.
    usual = all(
        t and t == t.strip() and "#" not in t and "  " not in t and "." not in t for t in texts
    )
    if usual and all(p <= players for p in named):
        assert quick == tuple(each)
        assert [type(a) for a in quick] == [type(a) for a in each]
    else:
        assert quick is None or quick == tuple(each)


def test_a_list_with_a_line_feed_or_a_non_string_is_left_to_the_full_grammar() -> None:
    assert read_usual([], players=2) == ()
    assert read_usual(["p1 f\np2 f"], players=2) is None
    assert read_usual(["p1 f", "p2 f\n"], players=2) is None
    assert read_usual(["p1 f", 3], players=2) is None  # type: ignore[list-item]
    assert read_usual(["p1 cbr 3"], players=2, chips_per_unit=0) is None
    dealt = read_usual(["d dh p2 AsKd"], players=2, start=3)
    assert dealt == (phh.DealHole(index=3, player=2, cards=(Card.parse("As"), Card.parse("Kd"))),)


# Each action class as dataclass would make it with its generated methods.
_GENERATED = {
    cls: dataclasses.make_dataclass(
        cls.__name__,
        [(f.name, Any, f) for f in dataclasses.fields(cls)],
        frozen=True,
        kw_only=True,
    )
    for cls in (phh.Fold, phh.DealHole, phh.DealBoard, phh.CompleteBetOrRaiseTo, phh.NoOp)
}


@pytest.mark.parametrize(
    "action",
    [
        phh.Fold(index=2, player=3),
        phh.DealHole(player=1, cards=(Card.parse("As"), None), commentary="x"),
        phh.DealBoard(index=9, cards=(Card.parse("7c"),)),
        phh.CompleteBetOrRaiseTo(player=2, amount=300),
        phh.NoOp(commentary="burn card"),
    ],
)
def test_actions_repr_compare_and_hash_as_generated_dataclasses_do(action: phh.Action) -> None:
    fields = {f.name: getattr(action, f.name) for f in dataclasses.fields(action)}
    generated = _GENERATED[type(action)](**fields)
    assert repr(action) == repr(generated)
    same = type(action)(**fields)
    assert same is not action
    assert same == action
    assert hash(same) == hash(action)
    assert (same != action) is False
    other = {**fields, "index": fields["index"] + 1}
    assert type(action)(**other) != action
    # Equal only to the same class, as the generated __eq__ says.
    assert action != generated
    assert phh.Fold(player=1) != phh.CheckOrCall(player=1)
    assert action.__eq__(object()) is NotImplemented


def test_load_reads_carriage_returns_as_path_read_text_does(tmp_path: Path) -> None:
    text = (
        'variant = "NT"\r\nantes = [0, 0]\rblinds_or_straddles = [1, 2]\r\nmin_bet = 2\n'
        'starting_stacks = [5, 5]\r\nactions = ["p2 f"]\r\nnote = "a"\r'
    )
    path = tmp_path / "crlf.phh"
    path.write_bytes(text.encode())
    assert phh.load(path) == (phh.read_phh(path.read_text(encoding="utf-8")),)
    assert phh.load(path)[0].extra == (("note", "a"),)
    bad = tmp_path / "bad.phh"
    bad.write_bytes(b'variant = "NT"\n' * 1000 + b"\xff")
    with pytest.raises(NotationError, match=r"not UTF-8 text \(byte 15000\)"):
        phh.load(bad)


@pytest.mark.parametrize("field", ["antes = 1000000000000000", "antes = [0, 1000000000000000]"])
def test_a_whole_amount_of_too_many_digits_is_a_notation_error_naming_its_line(
    field: str,
) -> None:
    text = f'variant = "NT"\n{field}\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
    text += "starting_stacks = [5, 5]\nactions = []\n"
    with pytest.raises(NotationError, match="line 2: antes holds an amount of more than 15"):
        phh.read_phh(text)


def test_the_public_names_of_the_phh_module_import_as_they_did() -> None:
    names = [*phh.__all__, "MOST_DIGITS"]
    assert {"HandHistory", "load", "parse_action", "ExtraValue", "write_phhs"} <= set(names)
    for name in names:
        assert getattr(phh, name) is not None, name
    assert phh.MOST_DIGITS == 15
    assert phh.HandHistory.__module__.startswith("floorman.formats.")


def test_load_reads_a_file_of_many_pieces_and_names_what_stops_it(tmp_path: Path) -> None:
    hand = 'variant = "FT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nsmall_bet = 2\n'
    hand += 'big_bet = 4\nstarting_stacks = [40, 40]\nactions = ["d dh p1 AsAd", "p1 f"]\n'
    # Hands enough to fill several of the reader's pieces, and end inside one.
    count = 3 * phh._PIECE // len(hand) + 7
    many = tmp_path / "many.phhs"
    many.write_text("".join(f"[{i}]\n{hand}" for i in range(1, count + 1)), encoding="utf-8")
    assert many.stat().st_size > 3 * phh._PIECE
    assert phh.load(many) == phh.read_phhs(many.read_text(encoding="utf-8"))
    assert len(phh.load(many)) == count
    # A byte that is not UTF-8 in a later piece: its place in the whole file.
    bad = tmp_path / "late.phh"
    bad.write_bytes(b"# " + b"x" * (2 * phh._PIECE) + b"\xff\n")
    with pytest.raises(
        NotationError, match=rf"late\.phh: not UTF-8 text \(byte {2 * phh._PIECE + 2}\)"
    ):
        phh.load(bad)
    empty = tmp_path / "empty.phh"
    empty.write_bytes(b"")
    with pytest.raises(NotationError, match=r"empty\.phh: no variant; a PHH hand gives"):
        phh.load(empty)


def test_load_gives_the_system_error_that_opening_the_file_gives(tmp_path: Path) -> None:
    folder = tmp_path / "folder.phh"
    folder.mkdir()
    cases: list[tuple[Path, type[OSError]]] = [
        (folder, IsADirectoryError),
        (tmp_path / "missing.phh", FileNotFoundError),
        (tmp_path / "missing" / "hand.phh", FileNotFoundError),
    ]
    for path, error in cases:
        with pytest.raises(error) as opened:
            path.open("rb").close()
        with pytest.raises(NotationError) as loaded:
            phh.load(path)
        assert loaded.value.message == f"{path}: {opened.value.strerror}"
        assert loaded.value.text == str(path)


def test_an_action_read_again_reads_the_same_at_any_chips_per_unit() -> None:
    # A player's action is kept by its text, its amount in the file's units.
    for per_unit, chips in [(1, 30), (10, 300), (1, 30), (100, 3000)]:
        read = read_usual(["p2 cbr 30", "p1 f"], players=2, chips_per_unit=per_unit, start=1)
        assert read == (
            phh.CompleteBetOrRaiseTo(index=1, player=2, amount=chips),
            phh.Fold(index=2, player=1),
        )
    # A text kept names a player the next hand may not have.
    assert read_usual(["p2 cbr 30"], players=1) is None


def test_the_actions_kept_stay_bounded_and_read_the_same_after() -> None:
    from floorman.formats import _phh_usual

    texts = [f"p1 cbr {n}" for n in range(1, _phh_usual._MOST_PLAYED + 50)]
    read = read_usual(texts, players=1)
    assert read is not None
    assert [a.amount for a in read if isinstance(a, phh.CompleteBetOrRaiseTo)] == list(
        range(1, _phh_usual._MOST_PLAYED + 50)
    )
    assert len(_phh_usual._PLAYED) <= _phh_usual._MOST_PLAYED
    again = read_usual(texts[:3], players=1, chips_per_unit=10)
    assert again is not None
    assert [a.amount for a in again if isinstance(a, phh.CompleteBetOrRaiseTo)] == [10, 20, 30]


def test_a_str_of_another_class_is_read_one_by_one_to_the_same_action() -> None:
    class Text(str):
        pass

    assert read_usual([Text("p1 f")], players=2) is None
    history = phh.HandHistory(
        variant="FR",
        antes=(1, 1),
        bring_in=1,
        small_bet=2,
        big_bet=4,
        starting_stacks=(9, 9),
        actions=(Text("p1 f"),),
    )
    assert history.parsed_actions == (phh.Fold(index=0, player=1),)


# Each action class and HandHistory as the dataclass decorator they replace makes them.
_DECLARED = {
    cls: dataclasses.make_dataclass(
        cls.__name__,
        [(f.name, Any, f) for f in dataclasses.fields(cls)],
        frozen=True,
        kw_only=True,
        repr=False,
        eq=False,
    )
    for cls in (phh.Fold, phh.DealHole, phh.StandPatOrDiscard, phh.NoOp)
}


def _outcome(call: Any) -> tuple[str, str]:
    try:
        return "value", repr(call())
    except Exception as error:  # the same kind of error with the same words
        return type(error).__name__, str(error).replace("make_dataclass", "")


@pytest.mark.parametrize("cls", list(_DECLARED), ids=lambda cls: cls.__name__)
def test_actions_are_made_as_frozen_keyword_only_dataclasses(cls: Any) -> None:
    import pickle

    declared = _DECLARED[cls]
    assert repr(cls.__dataclass_params__) == repr(declared.__dataclass_params__)
    assert cls.__match_args__ == declared.__match_args__ == ()
    fields = {"player": 1, "cards": (Card.parse("As"),)}
    given = {f.name: fields[f.name] for f in dataclasses.fields(cls) if f.name in fields}
    action = cls(index=4, **given)
    assert vars(action) == vars(declared(index=4, **given))
    assert pickle.loads(pickle.dumps(action)) == action
    assert dataclasses.replace(action, index=5) == cls(index=5, **given)
    for name in ("index", "other"):
        with pytest.raises(
            dataclasses.FrozenInstanceError, match=f"cannot assign to field '{name}'"
        ):
            setattr(action, name, 1)
        with pytest.raises(dataclasses.FrozenInstanceError, match=f"cannot delete field '{name}'"):
            delattr(action, name)
    for call in ({}, {"index": 1, "bogus": 2}):
        made = _outcome(lambda call=call: cls(**call))  # type: ignore[misc]
        assert made[0] == _outcome(lambda call=call: declared(**call))[0]  # type: ignore[misc]
    if "player" in given:  # __post_init__ checks what is given
        with pytest.raises(NotationError, match="player 0 is not a player number"):
            cls(**{**given, "player": 0})
    assert _outcome(lambda: cls(1)) == _outcome(lambda: declared(1))


def test_a_hand_history_compares_hashes_and_shows_as_a_frozen_dataclass() -> None:
    import pickle

    hand = phh.read_phh(
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"
        "starting_stacks = [200, 200]\nactions = ['d dh p1 AsKs', 'p2 f']\nhand = 3\n"
    )
    declared = dataclasses.make_dataclass(
        "HandHistory",
        [(f.name, Any, f) for f in dataclasses.fields(phh.HandHistory)],
        frozen=True,
        kw_only=True,
    )
    same = declared(**{f.name: getattr(hand, f.name) for f in dataclasses.fields(hand) if f.init})
    assert repr(hand) == repr(same)
    assert hash(hand) == hash(same)
    assert repr(phh.HandHistory.__dataclass_params__) == repr(declared.__dataclass_params__)
    assert phh.HandHistory.__match_args__ == declared.__match_args__
    other = dataclasses.replace(hand, min_bet=4)
    assert other != hand
    assert other.min_bet == 4
    assert other.parsed_actions == hand.parsed_actions
    assert pickle.loads(pickle.dumps(hand)) == hand
    assert hand.__eq__(same) is NotImplemented
    with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'variant'"):
        hand.variant = "FT"  # type: ignore[misc]
    with pytest.raises(TypeError, match="unexpected keyword argument '_parsed'"):
        phh.HandHistory(variant="NT", antes=(0, 0), starting_stacks=(1, 1), _parsed=())  # type: ignore[call-arg]


def read_by_both(text: str) -> bool | None:
    """Whether the quick reader read ``text`` (twice, as two actions), having read
    it as the full grammar does; None when the full grammar refuses it (then the
    quick reader must have too)."""
    quick = read_usual([text, text], players=12, start=2)
    try:
        each = phh.parse_action(text, index=2), phh.parse_action(text, index=3)
    except NotationError:
        assert quick is None
        return None
    assert quick is None or quick == each
    return quick is not None


@pytest.mark.parametrize(
    "text",
    [
        "d db 7d5h9d",
        "d db ??",
        "d db As??Kd",
        "d dh p3 AsKd",
        "d dh p9 ????",
        "d dh p10 AsKd",
        "d dh p0 AsKd",
        "d dh p3  AsKd",
        "d dh p3 AsK",
        "d dh p3 AsKx",
        "d dh p3 ",
        "d dh p3",
        "d db ",
        "d db 1s",
        "d db As ",
        "d db As\n",
        "d dh p3 AsKd # x",
    ],
)
def test_a_deal_reads_as_the_full_grammar_reads_it(text: str) -> None:
    read = read_by_both(text)
    if read is not None:
        usual = "#" not in text and text == text.strip() and "  " not in text
        assert read == usual


@pytest.mark.parametrize(
    "text",
    [
        "p1 f",
        "p9 cc",
        "p2 pb",
        "p3 sd",
        "p3 sm",
        "p3 sm -",
        "p3 sd AsKd",
        "p3 sm ??Kd",
        "p3 sm AsK",
        "p3 sd  As",
        "p4 cbr 300",
        "p4 cbr 0",
        "p4 cbr 030",
        "p4 cbr 999999999999999",
        "p4 cbr 1000000000000000",
        "p4 cbr 3.5",
        "p4 cbr ３",
        "p4 cbr",
        "p4 cbr ",
        "p12 cbr 300",
        "p0 f",
        "p f",
        "p",
        "p1",
        "p1 ",
        "p1 fold",
        "p1 f ",
    ],
)
def test_a_players_action_reads_as_the_full_grammar_reads_it(text: str) -> None:
    read = read_by_both(text)
    if read is not None:
        # What real files write: single spaces, whole amounts written without a leading 0.
        usual = text == text.strip() and "  " not in text and "." not in text and " 0" not in text
        assert read == usual


def test_the_pattern_is_compiled_only_for_a_text_not_read_by_hand() -> None:
    code = (
        "from floorman.formats import _phh_usual as u\n"
        "print(u.read_usual(['d dh p1 AsKs', 'p2 cbr 30', 'd db 2c3d4h', 'p1 sm -'], players=2)"
        " is not None, len(u._PATTERN))\n"
        "print(u.read_usual(['p10 f'], players=10) is not None, len(u._PATTERN))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout == "True 0\nTrue 1\n"
