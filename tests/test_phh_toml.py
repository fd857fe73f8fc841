"""The PHH reader's TOML: the same value as the general parser on every document, or its error.

Every real hand (the 88 in ``../shared/phh`` and the 2,000 six-max hands in
``../shared/pluribus``, read where they lie), PHH-like documents that hypothesis
writes, and the corners of TOML's syntax are read both ways and compared.
"""

from __future__ import annotations

import re
import tomllib
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from floorman.errors import NotationError
from floorman.formats import _phh_toml, parse_action, read_phh, read_phhs
from floorman.formats._phh_toml import loads

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
# The real hands lie beside the project; a clone elsewhere has none to read.
needs_shared = pytest.mark.skipif(
    not (SHARED / "phh").is_dir(), reason=f"the shared hands are not at {SHARED}"
)


def general(text: str) -> dict[str, Any]:
    return tomllib.loads(text, parse_float=Decimal)


def same(text: str) -> None:
    """Both readers give the same value (by repr: Decimal('nan') is unequal to itself),
    or both refuse the text with the same message."""
    try:
        expected: object = repr(general(text))
    except (tomllib.TOMLDecodeError, ValueError) as error:
        expected = (type(error), str(error))
    try:
        found: object = repr(loads(text))
    except (tomllib.TOMLDecodeError, ValueError) as error:
        found = (type(error), str(error))
    assert found == expected, text


def subset(text: str) -> bool:
    """Whether the reader reads the text itself, without the general parser."""
    try:
        _phh_toml._read(text)
    except _phh_toml._Outside:
        return False
    return True


@needs_shared
@pytest.mark.parametrize("folder", ["phh", "pluribus"])
def test_every_shared_hand_reads_as_the_general_parser_reads_it(folder: str) -> None:
    files = sorted((SHARED / folder).rglob("*.phh"))
    assert len(files) >= 88
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert subset(text), path
        assert repr(loads(text)) == repr(general(text)), path


@pytest.mark.parametrize(
    "text",
    [
        "",
        "\n\n# only a comment\n",
        "a = 'x'",
        "a = 'x'  # trailing comment\n",
        'a = "tab\\there, quote \\" backslash \\\\ \\u00e9 \\U0001F0A1 \\b\\f\\r\\n"\n',
        "a = \"two\" \r\nb = 'crlf'\r\n",
        "actions = [\n  'd dh p1 AsKs',  # first\n  # a line of comment\n  'p1 f',\n]\n",
        'actions = [\n  "d dh p1 AsKs",\n  "p2 f",\n]\n',
        "a = [1,2 ,3]\nb = []\nc = [ ]\nd = [\n]\n",
        # A split pot's half chips: numbers with a fraction among whole ones.
        "finishing_stacks = [10112.5, 9775.0, 10000]\n",
        "a = [0.5]\nb = [ 1.25 ,\t2 ]\nc = [10.0, 0.0, 0]\nd = [1.5, -2.5]\n",
        "a = [01.5]\n",
        "a = [1.]\n",
        "a = [.5]\n",
        "a = [1.5e3, 2]\n",
        "a = [1.5_0]\n",
        "a = [1.5 2.5]\n",
        "a = [1.5, -2, +3, 0.25e2, 1E-3, inf, -inf, +nan, nan]\n",
        "a = 0\nb = -0\nc = +7\nd = 0.0\ne = -0.0\nf = 6.02e23\n",
        "a = true\nb = false\nc = [true, false]\n",
        "[1]\na = 1\n[2]\na = 2\n",
        "[ 1 ]  # header\na = 'x'\n",
        "top = 1\n[1]\na = 1\n",
        "a = 'é ünïcode ♠'\n",
        "a = ['x', \"y\", 1, 2.5, true]\n",
        "a=1\nb=[1,2]\n",
        "\ta = 1\t# tab\n",
        "a = ''\nb = \"\"\nc = ['', \"\"]\n",
        "a = '#not a comment'\nb = [\"# nor this\"]\n",
        # Literal strings in arrays spaced otherwise than ['a', 'b'].
        "a = [ '']\nb = [ 'x']\nc = ['x' ]\nd = [ 'x', 'y' ]\ne = ['x',  'y']\n",
        # Outside the subset: the general parser reads these.
        "a = 1979-05-27\nb = 07:32:00\nc = 1979-05-27T07:32:00Z\nd = 1979-05-27 07:32:00\n",
        "a = 1_000\nb = 0xff\nc = 0o17\nd = 0b11\ne = 1_0.5\n",
        "a = \"\"\"multi\nline\"\"\"\nb = '''raw\nlines'''\n",
        "a = {x = 1}\n",
        "a = [[1, 2], [3]]\n",
        "'quoted key' = 1\n\"b\" = 2\nc.d = 3\n",
        "[[hands]]\na = 1\n",
        "[a.b]\nc = 1\n",
        "a = 'x'\na = 'y'\n",
        "[1]\na = 1\n[1]\nb = 2\n",
        "a = 1\n[a]\nb = 2\n",
        "a = 1 2\n",
        "a = 01\n",
        "a = 1.\n",
        "a = .5\n",
        "a = [1,,2]\n",
        "a = [,]\n",
        "a = 'unterminated\n",
        'a = "bad escape \\x"\n',
        'a = "surrogate \\ud800"\n',
        'a = "too high \\U00110000"\n',
        "a = 'control \x01'\n",
        "# comment with a control \x01\n",
        "a = 1\rb = 2\n",
        "\ufeffa = 1\n",
        "a =\n",
        "a\n",
        "= 1\n",
        "a = [1, 2\n",
        "a = tru\n",
        "a = 1 # ok\nb = 2 x\n",
        f"a = {'9' * 4500}\n",
        f"a = [{'9' * 4100}]\n",
        f"a = {'9' * 3500}\n",
        "a = [" * 2000,
        # Broken arrays with long runs of spaces and comments: refused at once, with
        # no backtracking through the ways to split them.
        'a = ["' + " " * 5000,
        "a = [\n" + "  # x # y # z\n" * 200 + " 1 x]",
        "a = [" + "\n \n " * 2000 + "1,,]",
        'actions = [\n  "p1 f",  # one\n\n  # two\ncurrency = "USD"\n  "p2 f",\n]\n',
    ],
)
def test_edge_cases_read_as_the_general_parser_reads_them(text: str) -> None:
    same(text)


def test_the_reader_reads_the_subset_itself() -> None:
    assert subset("a = ['x', \"y\"]  # c\n[1]\nb = [1, 2.5, true]\r\n")
    assert not subset("a = 1979-05-27\n")
    assert not subset("a = 1\na = 2\n")


_WORD = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12)
_KEYS = st.from_regex(r"[A-Za-z0-9_-]{1,12}", fullmatch=True)
_SCALARS = st.one_of(
    st.integers(-(10**20), 10**20).map(str),
    st.decimals(allow_nan=False, allow_infinity=False, places=3).map(
        lambda d: f"{d:f}" if "." in f"{d:f}" else f"{d:f}.0"
    ),
    st.sampled_from(["true", "false", "inf", "-inf", "nan", "1e5", "01", "1_0", "1979-05-27"]),
    _WORD.map(lambda w: "'" + w + "'"),
    _WORD.map(lambda w: '"' + w + '"'),
    _WORD.map(lambda w: '"' + w.replace("\\", "\\\\").replace('"', '\\"') + '"'),
)
_GAPS = st.sampled_from(["", " ", "\n", "\n  ", " # note\n", "\r\n", "\t"])


@st.composite
def documents(draw: st.DrawFn) -> str:
    """PHH-like TOML: keys with scalars and arrays (over lines, with comments), maybe
    under headers; sometimes broken."""
    lines: list[str] = []
    for _ in range(draw(st.integers(0, 3))):
        if draw(st.booleans()):
            lines.append(f"[{draw(_KEYS)}]" + draw(st.sampled_from(["", "  # hand", " "])))
        for _ in range(draw(st.integers(0, 5))):
            key = draw(_KEYS)
            if draw(st.booleans()):
                items = draw(st.lists(_SCALARS, max_size=6))
                parts = [draw(_GAPS) + item + draw(_GAPS) for item in items]
                trailing = "," + draw(_GAPS) if items and draw(st.booleans()) else ""
                value = "[" + ",".join(parts) + trailing + "]"
            else:
                value = draw(_SCALARS)
            lines.append(f"{key} = {value}" + draw(st.sampled_from(["", " # c", "  "])))
    return draw(st.sampled_from(["\n", "\r\n"])).join(lines) + draw(st.sampled_from(["", "\n"]))


@settings(max_examples=400)
@given(documents())
def test_phh_like_documents_read_as_the_general_parser_reads_them(text: str) -> None:
    same(text)


def test_phh_errors_are_the_same_through_either_reader() -> None:
    with pytest.raises(NotationError, match="not valid TOML"):
        read_phh("variant = 'NT'\nvariant = 'FT'\n")
    with pytest.raises(NotationError, match="not valid TOML"):
        read_phhs("[1]\nactions = ['p1 f',\n")
    with pytest.raises(NotationError, match="too long to read"):
        read_phh(f"antes = {'9' * 5000}\n")


_ACTION_TEXTS = st.one_of(
    st.builds(
        lambda p, verb: f"p{p} {verb}",
        st.integers(1, 12),
        st.sampled_from(["f", "cc", "pb", "sd", "sm", "sm -", "cbr 1", "cbr 250", "cbr 0"]),
    ),
    st.builds(
        lambda p, cards: f"d dh p{p} {cards}",
        st.integers(1, 12),
        st.lists(st.sampled_from(["As", "Td", "2c", "9h", "??"]), min_size=1, max_size=7).map(
            "".join
        ),
    ),
    st.lists(st.sampled_from(["Ks", "3d", "??"]), min_size=1, max_size=5).map(
        lambda cards: "d db " + "".join(cards)
    ),
    st.builds(lambda p, a: f"p{p} cbr {a}", st.integers(1, 9), st.integers(1, 10**16)),
)


def _either(read: Any) -> object:
    try:
        return read()
    except NotationError as error:
        return ("error", error.message)


@given(_ACTION_TEXTS, st.sampled_from([1, 10, 100]), st.integers(0, 40))
def test_usual_actions_read_as_the_full_grammar_reads_them(
    text: str, per_unit: int, index: int
) -> None:
    # Written with another letter (or a space more), an action takes the full path.
    quick = _either(lambda: parse_action(text, index=index, chips_per_unit=per_unit))
    full = _either(
        lambda: parse_action(
            re.sub(r"\bp([0-9])", r"s\1", text), index=index, chips_per_unit=per_unit, letter="s"
        )
    )
    spaced = _either(lambda: parse_action(text + " ", index=index, chips_per_unit=per_unit))
    # The error messages quote the text as written, so only the refusal is compared.
    if isinstance(quick, tuple):
        assert isinstance(full, tuple)
        assert isinstance(spaced, tuple)
    else:
        assert quick == full == spaced


@needs_shared
def test_every_shared_action_reads_as_the_full_grammar_reads_it() -> None:
    paths = sorted(SHARED.rglob("*.phh"))
    assert len(paths) >= 88
    for path in paths:
        for index, text in enumerate(read_phh(path.read_text(encoding="utf-8")).actions):
            assert parse_action(text, index=index) == parse_action(text + " ", index=index)


def test_an_array_of_numbers_read_again_is_a_list_of_its_own() -> None:
    text = "antes = [0, 0, 0]\nstacks = [5, 10, 15]\n"
    first = loads(text)
    first["antes"].append(1)
    second = loads(text)
    assert second == {"antes": [0, 0, 0], "stacks": [5, 10, 15]}
    assert second["stacks"] is not first["stacks"]
    long = "stacks = [" + ", ".join(["123456789"] * 40) + "]\n"
    assert loads(long) == loads(long) == tomllib.loads(long)


def test_an_array_of_stacks_with_half_chips_is_read_without_the_general_parser() -> None:
    """A split pot leaves half chips in the finishing stacks: the usual statement reads
    such an array itself, each whole number an int and each other a Decimal."""
    text = "finishing_stacks = [10112.5, 9775.0, 10000]\n"
    assert subset(text)
    assert loads(text) == {"finishing_stacks": [Decimal("10112.5"), Decimal("9775.0"), 10000]}
    assert [type(n) for n in loads(text)["finishing_stacks"]] == [Decimal, Decimal, int]


@needs_shared
@pytest.mark.parametrize("folder", ["phh", "pluribus"])
def test_real_files_are_read_by_splitting(folder: str) -> None:
    """Real files, written a ``key = value`` a line, and the famous hands written by
    hand with comments and their actions an item a line, are all read by splitting
    their lines, to the general parser's value."""
    files = sorted((SHARED / folder).rglob("*.phh"))
    for path in files:
        text = path.read_text(encoding="utf-8")
        found = _phh_toml._lines(text)
        assert found is not None, path
        assert repr(found) == repr(general(text)), path


# Lines as real files write them, and lines a character or a quote away from them:
# values whose text splitting might misread.
_SAFE = st.lists(st.sampled_from([*"aZ09 _-,#=[]", ", "]), max_size=8).map("".join)
_QUOTES = st.sampled_from(["'", '"'])
_ODD = st.sampled_from([*"'\"\\\t\r\x01\x7f", "é", "', '", '", "', "\\u00e9"])


def _line_values(numbers: list[str]) -> st.SearchStrategy[str]:
    return st.one_of(
        st.builds(lambda t, q: f"{q}{t}{q}", _SAFE, _QUOTES),
        st.builds(
            lambda ts, q: "[" + ", ".join(f"{q}{t}{q}" for t in ts) + "]",
            st.lists(_SAFE, max_size=4),
            _QUOTES,
        ),
        st.lists(st.sampled_from(numbers), max_size=5).map(lambda ns: "[" + ", ".join(ns) + "]"),
        st.sampled_from([*numbers, "true", "false"]),
    )


_CLEAN_LINE = st.builds(
    lambda key, value: f"{key} = {value}", _KEYS, _line_values(["0", "7", "250", "10000"])
)
# A value bent: a quote, a comment or an odd character where splitting must not take it.
_BENT_VALUES = st.one_of(
    st.builds(lambda a, q, b: f"{q}{a}{q}{b}{q}", _SAFE, _QUOTES, _SAFE),
    st.builds(lambda a, q, b: f"{q}{a}{q} # {b}{q}", _SAFE, _QUOTES, _SAFE),
    st.builds(lambda a, o, b, q: f"{q}{a}{o}{b}{q}", _SAFE, _ODD, _SAFE, _QUOTES),
    st.builds(lambda a, o, b, q: f"[{q}{a}{o}{b}{q}]", _SAFE, _ODD, _SAFE, _QUOTES),
    st.builds(lambda a, b, q: f"[{q}{a}{q}, {q}{b}{q}{q}]", _SAFE, _SAFE, _QUOTES),
    st.builds(lambda a, b, q: f"[{q}{a}{q}, {q}{b}{q} # {q}]", _SAFE, _SAFE, _QUOTES),
    st.builds(lambda a, b, q: f"[{q}{a}{q},{q}{b}{q}]", _SAFE, _SAFE, _QUOTES),
    st.builds(lambda a, b, q: f"[{q}{a}{q}, {q}{b}{q}, ]", _SAFE, _SAFE, _QUOTES),
    st.builds(lambda a, b: f"['{a}', \"{b}\"]", _SAFE, _SAFE),
    st.builds(lambda a, b: f"[\"{a}', '{b}\"]", _SAFE, _SAFE),
    st.lists(
        st.sampled_from(["00", "01", "-1", "+1", "1.5", "1e3", "1_0", "", "True", " 1", "7"]),
        min_size=1,
        max_size=3,
    ).map(lambda ns: "[" + ", ".join(ns) + "]"),
    st.sampled_from(["00", "01", "-1", "+1", "1.5", "1e3", "1_0", "", "True", " 1", "0x1"]),
)
_BENT_LINE = st.one_of(
    st.builds(lambda key, value: f"{key} = {value}", _KEYS, _BENT_VALUES),
    st.builds(
        lambda key, gap, value: f"{key}{gap}{value}",
        st.one_of(_KEYS, st.sampled_from(["", "a b", "a.b", "'a'", "é", "a\r"])),
        st.sampled_from(["=", " =  ", "\t= ", " = "]),
        _line_values(["0", "7"]),
    ),
    st.sampled_from(["[]", "[a b]", "[é]", "[1] ", "[[1]]", "  ", "# c", "[ 1 ]"]),
)


@st.composite
def line_documents(draw: st.DrawFn) -> str:
    """Documents a ``key = value`` a line, perhaps under headers, one line perhaps bent."""
    lines = [
        f"[{draw(_KEYS)}]" if draw(st.integers(0, 5)) == 0 else draw(_CLEAN_LINE)
        for _ in range(draw(st.integers(0, 6)))
    ]
    if lines and draw(st.booleans()):
        lines[draw(st.integers(0, len(lines) - 1))] = draw(_BENT_LINE)
    return "\n".join(lines) + draw(st.sampled_from(["", "\n", "\n", "\r\n", "\n\n"]))


@settings(max_examples=2000)
@given(line_documents())
def test_documents_written_a_line_a_statement_read_as_the_general_parser_reads_them(
    text: str,
) -> None:
    same(text)
    found = _phh_toml._lines(text)
    if found is not None:
        assert repr(found) == repr(general(text)), text


def test_a_famous_hand_written_by_hand_is_read_by_splitting() -> None:
    """Comment lines, blank lines and an array of actions an item a line, each with
    its comment, as hand-written files have them, are read without the pattern."""
    text = (
        "# The largest pot.\n# Link: https://example.com/?v=1\n\n"
        'variant = "PO"\nstarting_stacks = [1259450.25, 678473.5]\n'
        'actions = [\n  # Pre-flop\n\n  "d dh p1 Ah3sKsKh",  # Antonius\n'
        "  \"p2 cbr 3000\",\n  'p1 cc'  # last, no comma\n]\nyear = 2009\n"
    )
    found = _phh_toml._lines(text)
    assert found is not None
    assert repr(found) == repr(general(text))
    assert found["actions"] == ["d dh p1 Ah3sKsKh", "p2 cbr 3000", "p1 cc"]
    assert found["starting_stacks"] == [Decimal("1259450.25"), Decimal("678473.5")]


# An array an item a line, as hand-written files list their actions: its lines as
# they write them, and lines a character away.
_ITEM_LINES = st.one_of(
    st.builds(
        lambda pad, q, t, comma, note: f"{pad}{q}{t}{q}{comma}{note}",
        st.sampled_from(["", "  ", "    "]),
        _QUOTES,
        _SAFE,
        st.sampled_from([",", ",", "", " ,"]),
        st.sampled_from(["", "  # a note", " #", "# é", "  # \t", "  x"]),
    ),
    st.sampled_from(["", "  ", "  # Flop", "# River", "  #\x7f", "\t# x", " ]", "] # x"]),
    st.builds(lambda a, o, b, q: f"  {q}{a}{o}{b}{q},", _SAFE, _ODD, _SAFE, _QUOTES),
)


@st.composite
def hand_written_documents(draw: st.DrawFn) -> str:
    """Documents with comment lines, blank lines and an array an item a line."""
    lines = [draw(_CLEAN_LINE) for _ in range(draw(st.integers(0, 3)))]
    lines.insert(draw(st.integers(0, len(lines))), draw(st.sampled_from(["# c", "  # c", ""])))
    array = [f"{draw(_KEYS)} = [", *draw(st.lists(_ITEM_LINES, max_size=6))]
    if draw(st.integers(0, 5)):
        array.append("]")
    lines[draw(st.integers(0, len(lines))) : 0] = array
    return "\n".join(lines) + draw(st.sampled_from(["", "\n", "\r\n"]))


@settings(max_examples=2000)
@given(hand_written_documents())
def test_hand_written_documents_read_as_the_general_parser_reads_them(text: str) -> None:
    same(text)
    found = _phh_toml._lines(text)
    if found is not None:
        assert repr(found) == repr(general(text)), text
