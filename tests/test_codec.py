"""The codec: every value of every layer goes to JSON and back, and a log of
JSON lines rebuilds what it recorded; anything else is refused by name."""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import json
import random
import types
import typing
from pathlib import Path
from typing import Union

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    rule,
    run_state_machine_as_test,
)

from floorman import codec
from floorman.cards import Card
from floorman.clock import ManualClock
from floorman.codec import dumps_log, from_json, loads_log, registered, to_json
from floorman.deal import (
    BringIn,
    Call,
    Check,
    Deal,
    Draw,
    Fold,
    Muck,
    Show,
    Stakes,
    Turn,
    Wager,
    inputs,
    rebuild,
)
from floorman.deal import actions as act
from floorman.deal import events as dev
from floorman.errors import FloormanError, NotationError
from floorman.floor import reports as rep
from floorman.floor import rule as rule_on
from floorman.floor.rulings import Ruling
from floorman.formats.room_log import play_room
from floorman.formats.session import play_session
from floorman.games import GAMES, Structure
from floorman.room import events as rev
from floorman.room.books import RoomBooks
from floorman.room.values import GameKind
from floorman.rulebook import Citation
from floorman.service import events as cev
from floorman.service import table_setup
from floorman.shuffle import SeededShuffler
from floorman.table import Table, TableSetup
from floorman.table import events as tev
from tests.table_helpers import make, play
from tests.test_floor_machine import FloorMachine, reports
from tests.test_room_machine import RoomMachine
from tests.test_table_machine import TableMachine

EXAMPLES = Path(__file__).parent.parent / "examples"

#: The closed unions, with the module that defines each.
UNIONS = (
    (dev, dev.Event),
    (act, act.Action),
    (tev, tev.TableEvent),
    (rev, rev.RoomEvent),
    (rep, rep.Report),
    (cev, cev.CardroomEvent),
)


def round_trips(value: codec.Value) -> None:
    data = to_json(value)
    assert json.loads(json.dumps(data)) == data, "not plain JSON"
    assert from_json(json.loads(json.dumps(data))) == value


# ----- every class is known ----------------------------------------------------


def test_every_dataclass_of_every_layer_is_registered() -> None:
    """A new event, action or report that the codec does not know fails here."""
    known = set(registered().values())
    for module, union in UNIONS:
        members = set(typing.get_args(union))
        assert members <= known
        defined = {
            cls
            for cls in vars(module).values()
            if isinstance(cls, type)
            and dataclasses.is_dataclass(cls)
            and cls.__module__ == module.__name__
        }
        # Post is a value inside DealStarted, not an event of its own.
        values = {tev.Post} if module is tev else set()
        assert defined - values == members, f"{module.__name__}: not in its union"
    assert Ruling in known
    assert typing.get_type_hints(tev.DealStarted)["posts"] == tuple[tev.Post, ...]


def test_type_names_are_unique_and_name_their_layer() -> None:
    names = registered()
    assert len(names) == len(set(names.values()))
    assert names["table.PlayerSeated"] is tev.PlayerSeated
    assert names["room.PlayerSeated"] is rev.PlayerSeated
    for name, cls in names.items():
        assert name.rsplit(".", 1)[1] == cls.__name__


# ----- any value, built from its type hints ------------------------------------

KINDS = st.sampled_from(
    [
        GameKind(game="holdem", structure=Structure.NO_LIMIT, stakes="1/2"),
        GameKind(game="27-triple-draw", structure=Structure.FIXED_LIMIT, stakes="4/8"),
        GameKind(game="stud", structure=Structure.FIXED_LIMIT, stakes="10/20"),
    ]
)
CITATIONS = st.sampled_from(
    [Citation.parse(t) for t in ("blinds.9", "misdeals.1.7", "dead-hands.1.6", "seating.15")]
)
SCALARS: dict[object, st.SearchStrategy[typing.Any]] = {
    int: st.integers(-(2**40), 2**40),
    float: st.floats(allow_nan=False, allow_infinity=False),
    bool: st.booleans(),
    str: st.text(max_size=12),
    Card: st.integers(0, 52).map(Card),
    Citation: CITATIONS,
    GameKind: KINDS,
    # A table's setup is checked as it is made: the live tables of the kinds above.
    TableSetup: KINDS.flatmap(lambda kind: st.integers(2, 8).map(lambda n: table_setup(kind, n))),
}


def of_type(hint: object) -> st.SearchStrategy[typing.Any]:
    """Any value of a field type, read from the type as the codec reads it."""
    if isinstance(hint, codec._NEW_TYPES):  # PlayerId, Seat, Position: their plain values
        return of_type(hint.__supertype__)
    if typing.get_origin(hint) in (Union, types.UnionType):
        return st.one_of([of_type(h) for h in typing.get_args(hint)])
    if hint is type(None):
        return st.none()
    if typing.get_origin(hint) is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return st.lists(of_type(args[0]), max_size=3).map(tuple)
        return st.tuples(*(of_type(a) for a in args))
    if hint in SCALARS:
        return SCALARS[hint]
    assert isinstance(hint, type)
    if issubclass(hint, enum.Enum):
        return st.sampled_from(list(hint))
    assert dataclasses.is_dataclass(hint), hint
    hints = typing.get_type_hints(hint)
    fields = {f.name: of_type(hints[f.name]) for f in dataclasses.fields(hint)}
    return st.builds(hint, **fields)


ANY_VALUE = st.sampled_from(sorted(registered().items())).flatmap(lambda item: of_type(item[1]))


@settings(max_examples=200, deadline=None)
@given(ANY_VALUE)
def test_any_value_of_any_registered_type_round_trips(value: codec.Value) -> None:
    round_trips(value)


# ----- real streams ----------------------------------------------------------

NL, PL, FL = Structure.NO_LIMIT, Structure.POT_LIMIT, Structure.FIXED_LIMIT


def _setup(name: str, players: int) -> tuple[Structure, Stakes]:
    game = GAMES[name]
    if not game.is_button_game:
        return FL, Stakes(antes=(1,) * players, bring_in=2, small_bet=4, big_bet=8)
    if FL in game.structures and game.has_draw:
        return FL, Stakes(blinds=(1, 2), small_bet=2, big_bet=4)
    structure = NL if NL in game.structures else PL if PL in game.structures else FL
    return structure, Stakes(blinds=(1, 2), small_bet=2, big_bet=4)


def random_deal(name: str, seed: int, players: int) -> Deal:
    """A deal through the dealer, every action a random legal one."""
    rng = random.Random(seed)
    structure, stakes = _setup(name, players)
    stacks = [rng.randint(3, 300) for _ in range(players)]
    deal = Deal(
        GAMES[name],
        structure=structure,
        stakes=stakes,
        stacks=stacks,
        shuffler=SeededShuffler(seed),
        auto_showdown=rng.random() < 0.5,
    )
    while not deal.is_over:
        legal = deal.legal()
        p = legal.position
        assert p is not None, legal
        if legal.turn is Turn.DRAW:
            hole = deal.hole(p)
            deal.apply(Draw(position=p, discards=tuple(c for c in hole if rng.random() < 0.4)))
        elif legal.turn is Turn.SHOW:
            deal.apply(Muck(position=p) if legal.muck and rng.random() < 0.5 else Show(position=p))
        else:
            options: list[act.Action] = []
            if legal.bring_in:
                options.append(BringIn(position=p))
            else:
                options.append(Check(position=p) if legal.check else Call(position=p))
            if legal.fold and not legal.check:
                options.append(Fold(position=p))
            if legal.can_wager:
                options.append(Wager(position=p, to=rng.randint(legal.min_to, legal.max_to)))
            deal.apply(rng.choice(options))
    return deal


@settings(max_examples=25, deadline=None)
@given(
    name=st.sampled_from(["holdem", "omaha8", "stud", "razz", "27-triple-draw", "short-deck"]),
    seed=st.integers(0, 2**32),
    players=st.integers(2, 7),
)
def test_random_deals_round_trip_and_rebuild_from_their_log(
    name: str, seed: int, players: int
) -> None:
    deal = random_deal(name, seed, players)
    for event in deal.events:
        round_trips(event)
    for action in inputs(deal.events):
        round_trips(action)
    events = loads_log(dumps_log(deal.events))
    assert events == tuple(deal.events)
    again = rebuild(typing.cast(list[dev.Event], list(events)), like=deal)
    # What the shuffler alone knows (burned cards, a reshuffled stub) is not
    # for a deal rebuilt without one to repeat.
    assert unburned(again.events) == unburned(deal.events)
    assert again.stacks == deal.stacks
    assert again.is_over


def unburned(events: typing.Sequence[dev.Event]) -> list[dev.Event]:
    return [e for e in events if not isinstance(e, dev.CardBurned | dev.StubReshuffled)]


def random_session(seed: int, deals: int, call: bool) -> list[tev.TableEvent]:
    """A table's night through its own methods: deals played out, and between
    them players sitting down, buying, stepping out, coming back, leaving,
    changing seats; a step the table refuses changes nothing and is skipped."""
    rng = random.Random(seed)
    table = make(seed=seed, players=tuple(sorted(rng.sample(range(1, 10), rng.randint(2, 6)))))
    clock = typing.cast(ManualClock, table.clock)
    for _ in range(deals):
        for _ in range(rng.randint(0, 3)):
            seated = sorted(table.players)
            free = [s for s in range(1, 10) if s not in table.players]
            seat = rng.choice(seated) if seated else 1
            step = rng.choice(["out", "back", "leave", "buy"] + (["sit", "move"] if free else []))
            to = rng.choice(free) if free else 0
            with contextlib.suppress(FloormanError):
                if step == "out":
                    table.sit_out(seat)
                elif step == "back":
                    table.come_back(seat, post=rng.random() < 0.5)
                elif step == "leave":
                    table.leave(seat)
                elif step == "buy":
                    table.buy(seat, rng.randint(1, 100))
                elif step == "sit":
                    table.sit(to, f"p{to}", rng.randint(40, 200))
                else:
                    table.change_seat(seat, to)
            clock.advance(minutes=rng.randint(0, 20))
        try:
            play(table, call=call)
        except FloormanError:
            break
    return list(table.events)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**16), deals=st.integers(1, 6), call=st.booleans())
def test_random_table_sessions_round_trip(seed: int, deals: int, call: bool) -> None:
    log = random_session(seed, deals, call)
    for event in log:
        round_trips(event)
    assert loads_log(dumps_log(log)) == tuple(log)


# ----- the layers' state machines, their logs saved and read back -------------

MACHINES = settings(
    max_examples=5,
    stateful_step_count=25,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
        HealthCheck.large_base_example,
    ],
)


class FloorCodecMachine(FloorMachine):
    """The floorperson's machine: every report drawn and every ruling given,
    with the deal's events, go to JSON and back."""

    @rule(data=st.data())
    def report_saved(self, data: st.DataObject) -> None:
        if self.deal.is_over:
            return
        report = data.draw(reports(self.deal, self._live()))
        round_trips(report)
        try:
            ruling = rule_on(self.deal, report)
        except FloormanError:
            return
        round_trips(ruling)

    @invariant()
    def deal_log_saved(self) -> None:
        events = tuple(self.deal.events)
        assert loads_log(dumps_log(events)) == events


class TableCodecMachine(TableMachine):
    """The table's machine: its log, table and deal events interleaved, goes to
    JSON lines and back, and rebuilds the same table."""

    @invariant()
    def table_log_saved(self) -> None:
        if not hasattr(self, "table"):
            return
        log = tuple(self.table.log)
        again = loads_log(dumps_log(log))
        assert again == log
        table = typing.cast(list[tev.TableEvent | dev.Event], list(again))
        assert Table.rebuild(self.table.setup, table).state() == self.table.state()


class RoomCodecMachine(RoomMachine):
    """The floor's machine: its log, saved as JSON lines, rebuilds the same books."""

    @invariant()
    def room_log_saved(self) -> None:
        again = RoomBooks(clock=self.clock)
        again.apply(typing.cast(list[rev.RoomEvent], list(loads_log(dumps_log(self.room.events)))))
        assert again.events == self.room.events
        assert self._view(again) == self._view(self.room)


@pytest.mark.parametrize("machine", [FloorCodecMachine, TableCodecMachine, RoomCodecMachine])
def test_the_layers_state_machines_logs_round_trip(machine: type[RuleBasedStateMachine]) -> None:
    run_state_machine_as_test(machine, settings=MACHINES)


@pytest.mark.parametrize("example", ["session.txt", "rulings.txt"])
def test_session_logs_round_trip_with_their_rulings(example: str) -> None:
    """The example nights: table events, every deal's events, and the floor's
    rulings (with the deal events they applied) go to JSON and back."""
    session = play_session((EXAMPLES / example).read_text())
    values: list[codec.Value] = list(session.table.events)
    for deal in session.played:
        values.extend(deal.events)
    rulings = [r for record in session.deals for _, r in record.rulings]
    values.extend(rulings)
    if example == "rulings.txt":
        assert rulings, "the example gives no ruling"
    for value in values:
        round_trips(value)
    assert loads_log(dumps_log(values)) == tuple(values)


def test_room_log_rebuilds_the_same_room() -> None:
    """examples/room.txt played, its events saved as JSON lines and applied to
    fresh books: the same games, seats, lists, lock-ups and moves."""
    played = play_room((EXAMPLES / "room.txt").read_text())
    events = [r.event for r in played.records]
    for event in events:
        round_trips(event)
    books = RoomBooks(clock=ManualClock())
    books.apply(typing.cast(list[rev.RoomEvent], list(loads_log(dumps_log(events)))))
    assert books.events == played.room.events
    kept = [name for name in vars(books) if name != "clock"]
    assert kept
    for name in kept:
        assert getattr(books, name) == getattr(played.room, name), name


# ----- refusals ----------------------------------------------------------------

WAGERED = {"type": "deal.Wagered", "position": 2, "to": 300, "amount": 300}


@pytest.mark.parametrize(
    ("data", "says"),
    [
        ({"type": "deal.Bluffed", "position": 1}, "unknown type 'deal.Bluffed'"),
        ({"type": "Wagered"}, "unknown type 'Wagered'"),
        ({"position": 1}, "no 'type'"),
        ([1, 2], "a value is a JSON object"),
        ({**WAGERED, "to": "300"}, "deal.Wagered.to: expected a whole number"),
        ({**WAGERED, "to": True}, "deal.Wagered.to: expected a whole number"),
        ({**WAGERED, "full": 1}, "deal.Wagered.full: expected true or false"),
        ({**WAGERED, "citations": ["RRP5 nowhere.1"]}, "deal.Wagered.citations[0]"),
        ({**WAGERED, "citations": "RRP5 betting.6"}, "deal.Wagered.citations: expected a list"),
        ({**WAGERED, "raise": True}, "unknown field 'raise'"),
        ({"type": "deal.Wagered", "position": 2, "amount": 1}, "missing field 'to'"),
        ({"type": "deal.CardBurned", "card": "Zz"}, "deal.CardBurned.card: not a card"),
        ({"type": "deal.CardBurned", "card": 5}, "expected a card as text"),
        ({"type": "deal.CardScrapped", "card": None}, "deal.CardScrapped.card: expected"),
        ({"type": "room.KeptApart", "players": ["a"]}, "expected a list of 2"),
        ({"type": "room.Sanctioned", "player": "a", "sanction": "fine"}, 'no Sanction "fine"'),
        (
            {"type": "room.GameOpened", "table": 1, "kind": "1/2 no-limit whist", "seats": 9},
            "no game",
        ),
        ({"type": "report.ActionDeclared", "position": 0, "action": WAGERED}, "not allowed here"),
        ({"type": "report.ActionDeclared", "position": 0, "action": "fold"}, "expected an object"),
        (
            {
                "type": "table.DealStarted",
                "number": 1,
                "button": 1,
                "small_blind": 2,
                "big_blind": 3,
                "posts": [3],
                "dealt_in": [2, 3, 1],
                "stacks": [[1, 100]],
            },
            "table.DealStarted.posts[0]: expected an object",
        ),
        (
            {"type": "table.ButtonDrawn", "cards": [[1, "As", 2]], "seat": 1},
            "table.ButtonDrawn.cards[0]: expected a list of 2",
        ),
    ],
)
def test_malformed_values_are_refused_by_name(data: object, says: str) -> None:
    with pytest.raises(NotationError) as refused:
        from_json(data)
    assert says in str(refused.value)


def test_a_value_of_no_layer_is_refused() -> None:
    with pytest.raises(NotationError, match="no JSON form for Card"):
        to_json(Card.parse("As"))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("value", "says"),
    [
        (dev.Folded(position="0"), "deal.Folded.position: expected int"),  # type: ignore[arg-type]
        (dev.Folded(position=True), "deal.Folded.position: expected int"),
        (rev.PlayerArrived(player="a", at=float("nan")), "room.PlayerArrived.at: expected float"),
        (dev.CardBurned(card="As"), "deal.CardBurned.card: expected Card"),  # type: ignore[arg-type]
        (rev.KeptApart(players=("a", "b", "c")), "room.KeptApart.players: expected 2 items"),  # type: ignore[arg-type]
    ],
)
def test_a_field_not_of_its_type_is_refused_when_written(value: codec.Value, says: str) -> None:
    with pytest.raises(NotationError) as refused:
        to_json(value)
    assert says in str(refused.value)


def test_keys_that_are_not_text_are_refused() -> None:
    with pytest.raises(NotationError, match="unknown field 1"):
        from_json({"type": "deal.Folded", "position": 0, 1: 2})


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "an empty log"),
        ('{"type": "deal.Folded", "position": 0}', "line 1: not a floorman log"),
        ('{"floorman": "log", "schema": 2}\n', "line 1: schema 2 is not known"),
        ('{"floorman": "log"}\n', "line 1: schema null is not known"),
        ('{"floorman": "log", "schema": true}\n', "line 1: schema true is not known"),
        (
            '{"floorman": "log", "schema": 1}\n{"type": "deal.Folded"}',
            "line 2: deal.Folded: missing",
        ),
        ('{"floorman": "log", "schema": 1}\n\n{"type": "deal.Folded",', "line 3: not JSON"),
        ("[[[[", "line 1: not JSON"),
    ],
)
def test_logs_of_unknown_schema_or_bad_lines_are_refused(text: str, says: str) -> None:
    with pytest.raises(NotationError) as refused:
        loads_log(text)
    assert says in str(refused.value)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=8,
)


@settings(max_examples=120, deadline=None)
@given(value=ANY_VALUE, junk=JSON, pick=st.integers(0, 50))
def test_any_field_spoiled_is_read_or_refused_never_crashes(
    value: codec.Value, junk: object, pick: int
) -> None:
    """No KeyError, TypeError or other stray error escapes: a spoiled field is
    either still a value of its type or refused with a NotationError."""
    data = to_json(value)
    fields = [k for k in data if k != "type"]
    if fields:
        data[fields[pick % len(fields)]] = junk
    with contextlib.suppress(NotationError):
        from_json(data)


def test_a_field_type_with_no_json_form_is_found_when_the_class_is_compiled() -> None:
    """Every registered class is compiled on import; a field type the codec
    cannot write (here a set) fails there, not in the middle of a log."""

    @dataclasses.dataclass(frozen=True, kw_only=True)
    class Odd:
        seats: frozenset[int]

    with pytest.raises(TypeError, match="no JSON form for a field of type"):
        codec._spec(Odd)
    assert set(codec._SPECS) >= set(registered().values())


# ----- the fast decoder ----------------------------------------------------------


def _careful(data: dict[str, typing.Any]) -> object:
    """What the careful decoder makes of ``data``: the value, or its refusal's text."""
    try:
        return codec._decode_object(data, codec._ALL)
    except codec._Refused as refused:
        return refused.error(str(data.get("type"))).message


def test_every_registered_class_has_a_fast_decoder() -> None:
    assert set(codec._FAST) == set(registered())


@settings(max_examples=300, deadline=None)
@given(ANY_VALUE)
def test_the_fast_decoder_reads_what_to_json_writes_as_the_careful_one_does(
    value: codec.Value,
) -> None:
    """Every class's generated decoder takes the JSON form whole, without
    handing it to the careful decoder, and makes the same value."""
    data = json.loads(json.dumps(to_json(value)))
    fast = codec._FAST[data["type"]](data)
    assert fast == value
    assert type(fast) is type(value)
    assert fast == _careful(data)


@pytest.mark.parametrize("name", sorted(registered()))
def test_each_class_round_trips_through_the_fast_decoder(name: str) -> None:
    """One value of each class, drawn from its field types, read back fast."""

    @settings(max_examples=5, deadline=None)
    @given(of_type(registered()[name]))
    def check(value: codec.Value) -> None:
        data = json.loads(json.dumps(to_json(value)))
        assert codec._FAST[name](data) == value == from_json(data)

    check()


@settings(max_examples=300, deadline=None)
@given(value=ANY_VALUE, junk=JSON, pick=st.integers(0, 50), drop=st.booleans())
def test_a_spoiled_value_reads_or_is_refused_as_the_careful_decoder_says(
    value: codec.Value, junk: object, pick: int, drop: bool
) -> None:
    """Whatever the fast decoder does not take whole, the careful one decides:
    from_json accepts exactly what it accepts, the same value, and refuses the
    rest in its words."""
    data = to_json(value)
    fields = [k for k in data if k != "type"]
    if fields:
        field = fields[pick % len(fields)]
        if drop:
            del data[field]
        else:
            data[field] = junk
    else:
        data["extra"] = junk
    expected = _careful(data)
    try:
        got: object = from_json(data)
    except NotationError as error:
        got = error.message
    assert got == expected


@pytest.mark.parametrize(
    ("field", "junk"),
    [
        ("position", True),  # a bool is not a whole number
        ("position", 2.0),
        ("amount", None),
        ("citations", ["RRP5 no-such.1"]),
        ("citations", "RRP5 betting.6"),
        ("citations", [["RRP5 betting.6"]]),
    ],
)
def test_a_field_of_another_form_is_refused_naming_the_field(field: str, junk: object) -> None:
    """The fast decoder gives such a value up; the careful one names what is wrong."""
    data = to_json(dev.Called(position=1, amount=2, citations=(Citation.parse("betting.6"),)))
    data[field] = junk
    with pytest.raises(NotationError, match=f"deal.Called.{field}"):
        from_json(data)


def test_the_fast_decoder_refuses_an_infinite_or_missing_number() -> None:
    event = rev.PlayerArrived(player="ann", at=1.5)
    data = to_json(event)
    assert from_json(dict(data, at=3)) == rev.PlayerArrived(player="ann", at=3.0)
    for junk in (float("inf"), float("nan")):
        with pytest.raises(NotationError, match="expected a number"):
            from_json(dict(data, at=junk))
    del data["at"]  # a field with a default may be left out
    assert from_json(data) == rev.PlayerArrived(player="ann")
    del data["player"]
    with pytest.raises(NotationError, match="missing field 'player'"):
        from_json(data)
