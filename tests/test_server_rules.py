"""The rules the server enforces over the wire, the floor's stream, play money
checked inside the command's transaction, and sessions that end, each on a
SQLite file and on a PostgreSQL 15 database (the ``database`` fixture).
"""

from __future__ import annotations

import asyncio
import json
from functools import partial
from typing import Any

import pytest

from floorman import codec

pytest.importorskip("starlette", reason="the server needs the server extra: .[server]")
pytest.importorskip("httpx2", reason="the server's tests need httpx2: .[test]")

from starlette.websockets import WebSocketDisconnect

from floorman.errors import AccountError
from floorman.room.values import Sanction as Penalty
from floorman.server._auth import COOKIE
from floorman.service import commands as c
from floorman.service import ledger as led
from floorman.service.log import new_entry
from floorman.store import Role, SanctionKind, open_store
from tests.cardroom_helpers import NL
from tests.test_server import (
    CHEAP,
    PASSWORD,
    Line,
    Room,
    act,
    cards_in,
    connect,
    log_in,
    open_table,
    seq,
)


@pytest.fixture
def room(database: str) -> Room:
    """A room on each kind of database."""
    return Room(database)


def events_of(line: Line, kind: str) -> list[dict[str, Any]]:
    return [m for m in line.got if m.get("event", {}).get("type") == kind]


def until(line: Line, kind: str, most: int = 200) -> dict[str, Any]:
    """The first event of ``kind`` the line received, reading on until it comes
    (an event a command logged arrives before the command's answer)."""
    for message in line.got:
        if message.get("event", {}).get("type") == kind:
            return message
    for _ in range(most):
        message = line.receive()
        if message.get("event", {}).get("type") == kind:
            return message
    raise AssertionError(f"no {kind}")


# ----- rules at the table ---------------------------------------------------------------------


def test_policies_13_no_player_moves_chips_to_another_or_out_of_a_pot(room: Room) -> None:
    with (
        room.client() as client,
        connect(client, "fran") as f,
        connect(client, "ann") as a,
        connect(client, "bob") as b,
    ):
        floor, ann, bob = Line(f), Line(a), Line(b)
        open_table(floor, ann, bob)
        floor.ok(c.StartDeal(table=1))
        while act({"ann": ann, "bob": bob}):
            pass
        before = seq(client)
        for command in (
            c.Transfer(table=1, player="ann", to="bob", amount=10),
            c.Impound(table=1, player="ann", amount=10),
            c.Release(table=1, to="bob"),
        ):
            refused = ann.do(command)["error"]
            assert refused["code"] == "not_permitted"
            assert "policies.13" in refused["citations"]
        assert seq(client) == before


def test_policies_17_a_limit_change_two_players_object_to_is_refused(room: Room) -> None:
    with (
        room.client() as client,
        connect(client, "fran") as f,
        connect(client, "ann") as a,
        connect(client, "bob") as b,
        connect(client, "cy") as o,
    ):
        floor, ann, bob, cy = Line(f), Line(a), Line(b), Line(o)
        open_table(floor, ann, bob)
        # Only management proposes it.
        assert ann.do(c.ProposeLimit(table=1, stakes="2/5"))["error"]["code"] == "not_permitted"
        bob.ask(subscribe=1)
        floor.ok(c.ProposeLimit(table=1, stakes="2/5"))
        until(bob, "cardroom.LimitProposed")
        ann.ok(c.ObjectToLimit(player="ann", table=1))
        # Nobody outside the game has a say.
        outside = cy.do(c.ObjectToLimit(player="cy", table=1))["error"]
        assert outside["code"] == "not_seated"
        assert "policies.17" in outside["citations"]
        bob.ok(c.ObjectToLimit(player="bob", table=1))
        refused = until(bob, "cardroom.LimitRefused")
        assert refused["event"]["objectors"] == ["ann", "bob"]
        assert refused["event"]["citations"] == ["RRP5 policies.17"]
        assert refused["table"] == 1
        # Refused, the proposal is gone: nothing is left to object to.
        again = ann.do(c.ObjectToLimit(player="ann", table=1))["error"]
        assert "policies.17" in again["citations"]


def test_policies_17_a_limit_change_one_player_objects_to_is_made_at_the_table(
    room: Room,
) -> None:
    with (
        room.client() as client,
        connect(client, "fran") as f,
        connect(client, "ann") as a,
        connect(client, "bob") as b,
    ):
        floor, ann, bob = Line(f), Line(a), Line(b)
        open_table(floor, ann, bob)
        bob.ask(subscribe=1)
        proposed = floor.ok(c.ProposeLimit(table=1, stakes="2/5"))
        assert proposed
        assert until(bob, "cardroom.LimitProposed")["event"]["until_deal"] == 1
        ann.ok(c.ObjectToLimit(player="ann", table=1))  # one objection: it stands
        # The players have the first deal to have their say; it is dealt at 1/2.
        floor.ok(c.StartDeal(table=1))
        assert bob.view(1)["blinds"] == [1, 2]
        while act({"ann": ann, "bob": bob}):
            pass
        made = until(bob, "cardroom.LimitChanged")
        assert made["table"] == 1
        assert made["event"]["stakes"] == "2/5"
        assert made["event"]["was"] == "1/2"
        assert made["event"]["citations"] == ["RRP5 policies.17"]
        # The table's views and the floor's show the new stakes.
        assert ann.view(1)["blinds"] == [2, 5]
        games = floor.ask(view="floor")["result"]["view"]["games"]
        assert [(g["table"], g["stakes"], g["limit_proposed"]) for g in games] == [(1, "2/5", None)]
        lobby = client.get("/lobby", headers=log_in(client, "ann")).json()["games"]
        assert [(g["kind"], g["stakes"]) for g in lobby] == [("1/2 no-limit holdem", "2/5")]
        # The next deal is dealt at the new stakes.
        floor.ok(c.StartDeal(table=1))
        assert sorted(ann.view(1)["blinds"]) == [2, 5]
        assert max(s["bet"] for s in ann.view(1)["seats"]) == 5


def test_policies_22_a_deck_change_is_granted_after_a_round(room: Room) -> None:
    with (
        room.client() as client,
        connect(client, "fran") as f,
        connect(client, "ann") as a,
        connect(client, "bob") as b,
    ):
        floor, ann, bob = Line(f), Line(a), Line(b)
        open_table(floor, ann, bob)
        before = seq(client)
        early = ann.do(c.AskDeckChange(player="ann", table=1))["error"]
        assert early["code"] == "deck_change_refused"
        assert early["citations"] == ["policies.22"]
        assert seq(client) == before
        for _ in range(2):
            floor.ok(c.StartDeal(table=1))
            while act({"ann": ann, "bob": bob}):
                pass
        bob.ask(subscribe=1, after=seq(client))
        ann.ok(c.AskDeckChange(player="ann", table=1))
        changed = until(bob, "cardroom.DeckChanged")
        assert changed["event"]["player"] == "ann"
        assert changed["by"] == "ann"
        # A sticky deck goes at once, whatever its round.
        ann.ok(c.AskDeckChange(player="ann", table=1, reason="sticky"))


def test_policies_27_a_players_objection_removes_and_refuses_observers(room: Room) -> None:
    with (
        room.client() as client,
        connect(client, "fran") as f,
        connect(client, "ann") as a,
        connect(client, "bob") as b,
        connect(client, "cy") as o,
    ):
        floor, ann, bob, cy = Line(f), Line(a), Line(b), Line(o)
        open_table(floor, ann, bob)
        assert cy.ask(subscribe=1, **{"as": "observer"})["result"] == {"subscribed": 1}
        cy.receive()  # the view
        ann.ok(c.ObjectToObservers(player="ann", table=1))
        # The observer is told, with the rule, and gets no more of the table.
        told = cy.receive()
        while "error" not in told:
            told = cy.receive()
        assert told["error"]["code"] == "observers_refused"
        assert told["error"]["citations"] == ["policies.27"]
        assert told["table"] == 1
        refused = cy.ask(subscribe=1)["error"]
        assert refused["code"] == "observers_refused"
        assert "policies.27" in refused["citations"]
        assert cy.ask(view=1)["error"]["code"] == "observers_refused"
        floor.ok(c.StartDeal(table=1))
        cy.ask(view=2)  # nothing of table 1 came since he was told
        since = cy.got[cy.got.index(told) :]
        assert [m for m in since if m.get("table") == 1 and "event" in m] == []
        # The game's players, and the floor, still follow it.
        assert bob.ask(subscribe=1)["result"] == {"subscribed": 1}
        assert floor.ask(subscribe=1, **{"as": "floor"})["result"] == {"subscribed": 1}
        # Withdrawn, anyone may watch again.
        ann.ok(c.AllowObservers(player="ann", table=1))
        assert cy.ask(subscribe=1)["result"] == {"subscribed": 1}


def _play_around_an_all_in(lines: dict[str, Line], short: str) -> None:
    """Play a deal at table 1: ``short`` puts all his chips in at his first
    turn, the others call and then check to the end."""
    pushed = False
    while True:
        for name, line in lines.items():
            shown = line.view(1)
            if not shown["in_deal"]:
                return
            legal = shown["legal"]
            if legal is None:
                continue
            if name == short and not pushed and legal["max_to"]:
                line.ok(c.Act(player=name, move=c.Move.WAGER, to=legal["max_to"]))
                pushed = True
            elif legal["check"]:
                line.ok(c.Act(player=name, move=c.Move.CHECK))
            elif legal["call"]:
                line.ok(c.Act(player=name, move=c.Move.CALL))
            elif legal["turn"] == "show or muck":
                line.ok(c.Act(player=name, move=c.Move.SHOW))
            else:
                line.ok(c.Act(player=name, move=c.Move.FOLD))
            break
        else:
            raise AssertionError("nobody may act on a deal under way")


def test_conduct_improper_3_a_check_down_around_an_all_in_is_flagged_to_the_floor(
    room: Room,
) -> None:
    with (
        room.client() as client,
        connect(client, "fran") as f,
        connect(client, "ann") as a,
        connect(client, "bob") as b,
        connect(client, "cy") as o,
    ):
        floor, ann, bob, cy = Line(f), Line(a), Line(b), Line(o)
        floor.ok(c.OpenGame(table=1, kind=NL, seats=6))
        for line, name, chips in ((ann, "ann", 300), (bob, "bob", 300), (cy, "cy", 100)):
            line.ok(c.SignUp(player=name, kind=NL))
            line.ok(c.TakeSeat(player=name, table=1, chips=chips))
        floor.ok(c.StartGame(table=1))
        floor.ask(subscribe="floor", after=seq(client))
        lines = {"ann": ann, "bob": bob, "cy": cy}
        # A deal played with nobody all in is no business of the floor's.
        floor.ok(c.StartDeal(table=1))
        while act(lines):
            pass
        floor.ok(c.StartDeal(table=1))
        _play_around_an_all_in(lines, "cy")
        flag = until(floor, "cardroom.ConductFlagged")
        assert flag["floor"] is True
        assert flag["event"]["citations"] == ["RRP5 conduct.improper.3"]
        assert sorted(flag["event"]["players"]) == ["ann", "bob"]
        assert flag["event"]["deal"] == 2
        assert len(events_of(floor, "cardroom.ConductFlagged")) == 1
        # A note, not a refusal: the deal was played out, and the note is in the log.
        with open_store(room.url, clock=room.clock, hasher=CHEAP) as store:
            assert flag["seq"] in [e.seq for e in store.entries()]
        # The players never hear of it.
        assert events_of(ann, "cardroom.ConductFlagged") == []


# ----- what was shown, and what never is ---------------------------------------------------------


def test_showdown_6_cards_shown_reach_every_client_and_the_stub_none(room: Room) -> None:
    with (
        room.client() as client,
        connect(client, "fran") as f,
        connect(client, "ann") as a,
        connect(client, "bob") as b,
        connect(client, "cy") as o,
    ):
        floor, ann, bob, watcher = Line(f), Line(a), Line(b), Line(o)
        open_table(floor, ann, bob)
        for line in (ann, bob, watcher):
            line.ask(subscribe=1)
        floor.ask(subscribe=1, **{"as": "floor"})
        floor.ok(c.StartDeal(table=1))
        # Called down to the showdown: whatever is shown there is everyone's.
        while act({"ann": ann, "bob": bob}):
            pass
        for line in (ann, bob, watcher, floor):
            line.ask(view=2)  # read everything pushed so far
        host = client.app.state.host()  # type: ignore[attr-defined]
        log = host.cardroom.log
        shown = {
            str(card)
            for e in log
            if type(e.event).__name__ in ("HandShown", "PlayerShowed")
            for card in e.event.cards
            if card is not None
        }
        assert shown
        for name, line in (("ann", ann), ("bob", bob), ("cy", watcher), ("fran", floor)):
            assert shown <= set().union(*(cards_in(m) for m in line.got)), (name, line.got[-3:])
        # The deck as shuffled and the burns reach nobody (RRP5 policies.23, policies.24).
        dealt = {
            str(card)
            for e in log
            if type(e.event).__name__ in ("HoleDealt", "BoardDealt")
            for card in e.event.cards
            if card is not None
        }
        stub = {
            str(card)
            for e in log
            if type(e.event).__name__ == "DeckShuffled"
            for card in e.event.cards
        } - dealt
        assert stub
        for line in (ann, bob, watcher, floor):
            assert set().union(*(cards_in(m) for m in line.got)) & stub == set()


# ----- the floor's stream ----------------------------------------------------------------------


def test_the_floor_follows_the_floor_with_who_did_what_and_resyncs(room: Room) -> None:
    with room.client() as client, connect(client, "fran") as f, connect(client, "ann") as a:
        floor, ann = Line(f), Line(a)
        # A player does not follow the floor.
        assert ann.ask(subscribe="floor")["error"]["code"] == "not_permitted"
        assert ann.ask(view="floor")["error"]["code"] == "not_permitted"
        assert floor.ask(subscribe="floor")["result"] == {"subscribed": "floor"}
        whole = floor.receive()
        assert whole["floor"] is True
        assert whole["view"]["games"] == []
        floor.ok(c.OpenGame(table=1, kind=NL, seats=6))
        ann.ok(c.SignUp(player="ann", kind=NL))
        listed = until(floor, "room.PlayerListed")
        assert listed["by"] == "ann"
        opened = events_of(floor, "room.GameOpened")[0]
        assert opened["by"] == "fran"
        ann.ok(c.TakeSeat(player="ann", table=1, chips=100))
        sold = until(floor, "cage.ChipsSold")
        assert sold["by"] == "ann"
        assert sold["event"]["amount"] == 100
        last = seq(client)
    # Who gave each command is in the store, and the cage's ledger says it too.
    with open_store(room.url, clock=room.clock, hasher=CHEAP) as store:
        authors = store.authors()
        assert authors[opened["seq"]] == "fran"
        assert authors[sold["seq"]] == "ann"
        assert [r.by for r in store.accounts.ledger("ann") if r.kind == "sold"] == ["ann"]
    # Back after a restart, the floor gets exactly what it missed.
    with room.client() as client, connect(client, "fran") as f, connect(client, "bob") as b:
        floor, bob = Line(f), Line(b)
        bob.ok(c.SignUp(player="bob", kind=NL))
        bob.ok(c.TakeSeat(player="bob", table=1, chips=100))
        with open_store(room.url, clock=room.clock, hasher=CHEAP) as store:
            missed = [e.seq for e in store.entries(after=last) if e.table is None]
        floor.ask(subscribe="floor", after=last)
        got = [floor.receive() for _ in missed]
        assert [m["seq"] for m in got] == missed
        assert all(m["by"] == "bob" for m in got)
        view = floor.ask(view="floor")["result"]["view"]
        assert view["waiting"] == {str(NL): []}
        assert set(view["games"][0]["seated"].values()) == {"ann", "bob"}


def test_the_roles_an_admin_grants_are_recorded_with_who_granted_them(room: Room) -> None:
    with room.client() as client:
        given = client.post(
            "/admin/grant", json={"name": "ann", "role": "floor"}, headers=log_in(client, "root")
        )
        assert given.json()["roles"] == ["floor", "player"]
        refused = client.post(
            "/admin/grant", json={"name": "bob", "role": "floor"}, headers=log_in(client, "fran")
        )
        assert refused.json()["error"]["code"] == "not_permitted"
    with open_store(room.url, clock=room.clock, hasher=CHEAP) as store:
        assert store.accounts.role_changes("ann") == (("floor", True, "root", room.clock.now()),)
        assert store.accounts.role_changes("bob") == ()
        store.accounts.revoke("ann", Role.FLOOR, by="root")
        assert [r[:3] for r in store.accounts.role_changes("ann")][-1] == ("floor", False, "root")


# ----- play money and sanctions inside the command's transaction -----------------------------


def test_two_buys_at_once_cannot_both_spend_the_same_money(room: Room) -> None:
    with room.client() as client, connect(client, "fran") as f, connect(client, "ann") as a:
        floor, ann = Line(f), Line(a)
        with connect(client, "bob") as b:
            open_table(floor, ann, Line(b))
        host = client.app.state.host()  # type: ignore[attr-defined]
        assert host.store.accounts.balance("ann") == 900

        async def both() -> list[object]:
            buys = [host.submit(c.Buy(player="ann", chips=500), by="ann") for _ in range(2)]
            return list(await asyncio.gather(*buys, return_exceptions=True))

        results = client.portal.call(both)  # type: ignore[union-attr]
        refused = [r for r in results if isinstance(r, AccountError)]
        assert len(refused) == 1
        assert refused[0].code == "balance_short"
        assert host.store.accounts.balance("ann") == 400


def test_a_store_refuses_a_batch_that_overdraws_inside_its_transaction(room: Room) -> None:
    with open_store(room.url, clock=room.clock, hasher=CHEAP) as store:
        store.accounts.create("dora", PASSWORD)
        store.accounts.credit("dora", 150, by="root")
        buy = led.ChipsSold(player="dora", amount=100)
        store.append([new_entry(0, 1.0, None, buy)], pay=True, authors={0: "dora"})
        with pytest.raises(AccountError) as caught:
            store.append([new_entry(1, 2.0, None, buy)], pay=True, authors={1: "dora"})
        assert caught.value.code == "balance_short"
        assert store.last_seq() == 0  # nothing of the refused batch is stored
        assert store.accounts.balance("dora") == 50
        assert store.authors() == {0: "dora"}


def test_a_barred_or_suspended_player_is_refused_at_log_in_sign_up_and_seat(room: Room) -> None:
    with room.client() as client, connect(client, "fran") as f, connect(client, "cy") as o:
        floor, cy = Line(f), Line(o)
        floor.ok(c.OpenGame(table=1, kind=NL, seats=6))
        headers = log_in(client, "bob")
        with open_store(room.url, clock=room.clock, hasher=CHEAP) as store:
            store.accounts.sanction(
                "cy", SanctionKind.SUSPENSION, by="fran", reason="stalling", until=1e12
            )
            store.accounts.sanction("bob", SanctionKind.BAR, by="fran", reason="collusion")
        before = seq(client)
        # The sanction ended his session: his next message is refused and his socket closed.
        cy.ws.send_text(
            json.dumps({"id": 1, "command": codec.to_json(c.SignUp(player="cy", kind=NL))})
        )
        assert cy.receive()["error"]["code"] == "session_revoked"
        with pytest.raises(WebSocketDisconnect):
            cy.receive()
        assert seq(client) == before
        for name in ("cy", "bob"):
            refused = client.post("/login", json={"name": name, "password": PASSWORD})
            assert refused.status_code == 403
            assert refused.json()["error"]["code"] == "sanctioned"
        # A sanction ends the account's sessions.
        assert client.get("/me", headers=headers).status_code == 401
        # Whatever reaches the host from a sanctioned account is refused under
        # its lock, where no sanction can slip in between the check and the command.
        host = client.app.state.host()  # type: ignore[attr-defined]
        for command in (
            c.SignUp(player="cy", kind=NL),
            c.TakeSeat(player="cy", table=1, chips=100),
        ):
            with pytest.raises(AccountError) as caught:
                client.portal.call(partial(host.submit, command, by="cy"))  # type: ignore[union-attr]
            assert caught.value.code == "sanctioned"
        assert seq(client) == before


# ----- sessions -----------------------------------------------------------------------------


def test_logging_out_revokes_the_session_and_closes_its_socket(room: Room) -> None:
    with room.client() as client:
        headers = log_in(client, "ann")
        other = log_in(client, "ann")  # a second session of hers stays good
        with client.websocket_connect("/ws", headers=headers) as ws:
            ann = Line(ws)
            assert "result" in ann.ask(view=1)
            out = client.post("/logout", headers=headers)
            assert out.json() == {"ok": True}
            told = ann.receive()
            assert told["error"]["code"] == "session_revoked"
            with pytest.raises(WebSocketDisconnect) as closed:
                ann.receive()
            assert closed.value.code == 4401
        # The cookie, kept, is refused everywhere.
        assert client.get("/me", headers=headers).status_code == 401
        assert client.get("/me", headers=headers).json()["error"]["code"] == "session_revoked"
        with (
            pytest.raises(WebSocketDisconnect) as refused,
            client.websocket_connect("/ws", headers=headers) as ws,
        ):
            ws.receive_text()
        assert refused.value.code == 4401
        assert client.get("/me", headers=other).status_code == 200


def test_a_sanction_from_the_floor_revokes_every_session_of_the_player(room: Room) -> None:
    with room.client() as client, connect(client, "fran") as f:
        floor = Line(f)
        headers = log_in(client, "cy")
        with client.websocket_connect("/ws", headers=headers) as ws:
            cy = Line(ws)
            cy.ok(c.Arrive(player="cy"))
            floor.ok(
                c.Sanction(
                    player="cy",
                    sanction=Penalty.SUSPENSION,
                    rules=("conduct.improper.8",),
                    minutes=60,
                )
            )
            assert cy.receive()["error"]["code"] == "session_revoked"
            with pytest.raises(WebSocketDisconnect):
                cy.receive()
        assert client.get("/me", headers=headers).status_code == 401
        # The cookie says nothing the store does not: a forged session id is nobody.
        forged = {"cookie": f"{COOKIE}=" + json.dumps({"name": "cy"})}
        assert client.get("/me", headers=forged).status_code == 401


# ----- the check-down finder, event by event ----------------------------------------------------


def _checked_down(*, bet_on_the_turn: bool = False, folds: int = 0) -> object:
    """A three-handed deal: position 2 all in preflop, 0 and 1 call, then the
    flop, turn and river checked by both (or the turn bet and called);
    ``folds``: how many of 0 and 1 fold instead of calling."""
    from floorman.deal import events as dev
    from floorman.server._conduct import CheckDowns
    from floorman.server._feed import Kept
    from floorman.table import events as tev

    names = ("ann", "bob", "cy")
    events: list[object] = [
        tev.DealStarted(
            number=4, button=3, small_blind=1, big_blind=2, posts=(), dealt_in=(1, 2, 3), stacks=()
        ),
        dev.Wagered(position=2, to=100, amount=100, all_in=True),
    ]
    events += [
        dev.Folded(position=p) if p < folds else dev.Called(position=p, amount=100) for p in (0, 1)
    ]
    for street in (1, 2, 3):
        events.append(dev.StreetStarted(street=street, name=str(street)))
        if bet_on_the_turn and street == 2:
            events += [dev.Wagered(position=0, to=20, amount=20), dev.Called(position=1, amount=20)]
        else:
            events += [dev.Checked(position=p) for p in (0, 1) if p >= folds]
    events.append(tev.DealFinished(number=4, stacks=()))
    finder = CheckDowns()
    found = None
    for number, event in enumerate(events):
        found = finder.follow(Kept(new_entry(number, 0.0, 1, event), names)) or found
    return found


def test_conduct_improper_3_only_a_check_down_around_an_all_in_is_flagged() -> None:
    flag = _checked_down()
    assert isinstance(flag, c.FlagConduct)
    assert flag.players == ("ann", "bob")
    assert flag.deal == 4
    assert flag.rules == ("conduct.improper.3",)
    # A bet after the all-in is play, not an agreement; one player left has nobody to agree with.
    assert _checked_down(bet_on_the_turn=True) is None
    assert _checked_down(folds=1) is None


def test_a_store_of_the_first_schema_is_migrated_to_keep_sessions(database: str) -> None:
    import sqlalchemy as sa

    from floorman.store import LATEST, MIGRATIONS
    from floorman.store import _schema as schema
    from floorman.store._engine import create, writing

    engine = create(database)
    with writing(engine) as db:
        schema.schema_versions.create(db)
        MIGRATIONS[0].apply(db)
        db.execute(
            sa.insert(schema.schema_versions).values(version=1, description="first", applied_at=0.0)
        )
        assert not sa.inspect(db).has_table("sessions")
        assert not sa.inspect(db).has_table("hand_texts")
    engine.dispose()
    with open_store(database, hasher=CHEAP) as store:
        assert store.schema_version() == LATEST == 3
        with store.engine.connect() as db:
            assert sa.inspect(db).has_table("hand_texts"), "each player's PokerStars text"
        store.accounts.create("ann", PASSWORD)
        session = store.accounts.open_session("ann")
        store.accounts.check_session("ann", session)
        store.accounts.end_session(session)
        with pytest.raises(AccountError) as caught:
            store.accounts.check_session("ann", session)
        assert caught.value.code == "session_revoked"
