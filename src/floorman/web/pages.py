"""The web page's HTML, rendered on the server: plain markup, every value
escaped, one stylesheet of floorman's own, every control labelled."""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import Any

__all__ = ["enter", "history", "lobby", "missing", "table"]


def _page(
    title: str,
    body: str,
    *,
    name: str | None = None,
    script: str = "",
    floor: bool = False,
    styles: Sequence[str] = (),
    roles: Iterable[str] = (),
) -> str:
    who = (
        f'<form class="who" method="post" action="/leave"><span>{escape(name)}</span>'
        '<button type="submit">Log out</button></form>'
        if name
        else ""
    )
    module = f'<script type="module" src="{script}"></script>' if script else ""
    console = '<a href="/floor">Floor</a>' if floor else ""
    dealer = '<a href="/dealer">Dealer</a>' if {"dealer", "floor", "admin"} & set(roles) else ""
    return (
        "<!doctype html>\n"
        '<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)} · floorman</title>"
        '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">'
        '<link rel="stylesheet" href="/static/style.css">'
        + "".join(f'<link rel="stylesheet" href="{s}">' for s in styles)
        + f"{module}</head><body>"
        '<header class="bar"><a class="brand" href="/">floorman</a><nav class="links"'
        f' aria-label="Pages">{console}{dealer}<a href="/rules">Rulebook</a></nav>'
        f"{who}</header>"
        f'<main id="main">{body}</main></body></html>\n'
    )


def enter(*, error: str = "", name: str = "", registering: bool = False) -> str:
    """The log-in and register page: one form, two buttons."""
    alert = f'<p class="error" role="alert">{escape(error)}</p>' if error else ""
    body = (
        '<section class="card-panel enter"><h1>Log in or register</h1>'
        f"{alert}"
        '<form method="post" action="/enter">'
        '<label for="name">Name</label>'
        f'<input id="name" name="name" autocomplete="username" required value="{escape(name)}">'
        '<label for="password">Password <small>(8 characters or more)</small></label>'
        '<input id="password" name="password" type="password" required minlength="8" '
        f'autocomplete="{"new-password" if registering else "current-password"}">'
        '<div class="buttons">'
        '<button type="submit" name="action" value="login">Log in</button>'
        '<button type="submit" name="action" value="register" class="secondary">Register</button>'
        "</div></form>"
        '<p class="note">A new name registers you. The chips are play money: no real money is ever played for.</p>'
        "</section>"
    )
    return _page("Log in", body)


def _rule_link(citation: str) -> str:
    """A citation as a link to its rule's page, drawn as every page draws it
    (:func:`floorman.web.rules.rule_link`, which imports this module)."""
    from floorman.web.rules import rule_link

    return rule_link(citation)


def _refusal(error: str, citations: Sequence[str]) -> str:
    if not error:
        return ""
    rules = ", ".join(_rule_link(c) for c in citations)
    cited = f' <span class="rules">({rules})</span>' if rules else ""
    return f'<p class="error" role="alert">{escape(error)}{cited}</p>'


def _hidden(**fields: object) -> str:
    return "".join(
        f'<input type="hidden" name="{k}" value="{escape(str(v))}">' for k, v in fields.items()
    )


def _game(game: Mapping[str, Any], me: str, now: float) -> str:
    table, kind = game["table"], str(game["kind"])
    seats: Sequence[int] = game["seats"]
    seated: Mapping[str, str] = game["seated"]
    waiting: Sequence[str] = game["waiting"]
    players = ", ".join(escape(p) for p in seated.values()) or "nobody yet"
    free = len(seats) - len(seated)
    listed = me in waiting
    sitting = me in seated.values()
    calls: Sequence[Mapping[str, Any]] = game.get("calls", [])
    called = any(call["player"] == me for call in calls)
    actions: list[str] = []
    if called:
        actions.append('<a class="button" href="#call">Answer your call</a>')
    elif sitting:
        actions.append(f'<a class="button" href="/table/{table}">Go to your seat</a>')
    elif game["dealing"] and free > 0:
        actions.append(
            '<form method="post" action="/" class="inline">'
            + _hidden(action="sit", kind=kind, table=table)
            + f'<label for="chips-{table}">Chips</label>'
            f'<input id="chips-{table}" name="chips" type="number" min="1" step="1" value="200">'
            f'<button type="submit" aria-label="Sit down at table {table}">Sit down</button>'
            "</form>"
        )
    if not sitting:  # a called player is still on the list, and may leave it
        verb, label = ("unlist", "Leave the list") if listed else ("signup", "Join the list")
        actions.append(
            '<form method="post" action="/" class="inline">'
            + _hidden(action=verb, kind=kind)
            + f'<button type="submit" class="secondary" aria-label="{label} for {escape(kind)}">'
            f"{label}</button></form>"
        )
    if game["dealing"]:
        actions.append(f'<a class="button secondary" href="/table/{table}?as=observer">Watch</a>')
    queue = ", ".join(escape(p) for p in waiting) or "empty"
    calling = "".join(
        f"<p>Called: {escape(str(call['player']))}"
        f"{_seat_words(call.get('seat'))}, {_countdown(call, now)}</p>"
        for call in calls
    )
    return (
        f'<li class="game" data-table="{table}"><div class="game-head">'
        f"<h3>Table {table}: {escape(kind)}{_restaked(kind, game.get('stakes'))}</h3>"
        f'<span class="pill">{"dealing" if game["dealing"] else "not dealing"}</span></div>'
        f"<p>{len(seated)} of {len(seats)} seats taken: {players}</p>"
        f"<p>Waiting list: {queue}</p>{calling}"
        f'<div class="actions">{"".join(actions)}</div></li>'
    )


def _seat_words(seat: object) -> str:
    return " (any open seat)" if seat is None else f" to seat {int(str(seat))}"


def _countdown(call: Mapping[str, Any], now: float) -> str:
    """The time a called seat is held, counted down in the page by
    ``lobby.js`` from the server's own numbers (RRP5 seating.2, policies.21)."""
    left = max(0, int(float(call["until"]) - now))
    return (
        f'<span class="countdown" data-left="{left}" role="timer">'
        f"held {left // 60}:{left % 60:02d}</span>"
    )


def _call_panel(game: Mapping[str, Any], call: Mapping[str, Any], now: float) -> str:
    """A call to a seat: accept it (bringing chips, posting or waiting for the
    big blind) or refuse it (RRP5 seating.2, seating.10, blinds.5)."""
    table, kind = game["table"], str(game["kind"])
    return (
        f'<section id="call" class="call" aria-labelledby="call-title" data-table="{table}">'
        f'<h2 id="call-title">You are called to table {table}{_seat_words(call.get("seat"))}'
        f"</h2><p>{escape(kind)}: your seat is {_countdown(call, now)}. "
        "While others wait, a seat not taken in time goes to the next name on the list "
        f"({_rule_link('seating.2')}, {_rule_link('policies.21')}).</p>"
        '<div class="actions">'
        '<form method="post" action="/" class="inline">'
        + _hidden(action="accept", kind=kind, table=table)
        + f'<label for="accept-chips-{table}">Chips</label>'
        f'<input id="accept-chips-{table}" name="chips" type="number" min="1" step="1"'
        ' value="200">'
        f'<label class="check"><input type="checkbox" name="post" value="1" checked>'
        " Post a big blind to play at once</label>"
        f'<button type="submit" aria-label="Accept the seat at table {table}">Accept</button>'
        "</form>"
        '<form method="post" action="/" class="inline">'
        + _hidden(action="refuse", kind=kind, table=table)
        + f'<button type="submit" class="danger" aria-label="Refuse the seat at table {table}">'
        "Refuse</button></form></div></section>"
    )


def _when(at: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.gmtime(at))


def lobby(
    *,
    me: Mapping[str, Any],
    games: Iterable[Mapping[str, Any]],
    hands: Sequence[Mapping[str, Any]],
    error: str = "",
    citations: Sequence[str] = (),
    now: float = 0.0,
) -> str:
    """The lobby: the games running and their lists, a call to a seat to
    answer, the balance, the hands. A refusal shows its rules as links."""
    name = str(me["name"])
    alert = _refusal(error, citations)
    games = list(games)
    listed = "".join(_game(g, name, now) for g in games) or "<li>No games are open yet.</li>"
    mine = [
        _call_panel(g, call, now)
        for g in games
        for call in g.get("calls", [])
        if call["player"] == name
    ]
    recent = list(hands)[-20:][::-1]
    played = (
        "".join(
            f'<li><a href="/history/{h["table"]}/{h["deal"]}">Table {h["table"]}, deal'
            f" {h['deal']}</a> <small>{_when(float(h['at']))} UTC</small></li>"
            for h in recent
        )
        or "<li>None yet.</li>"
    )
    body = (
        f"{alert}{''.join(mine)}"
        f'<section class="summary"><h1>Lobby</h1><p>Play money: <strong id="balance">'
        f"{int(me['balance']):,}</strong></p></section>"
        f'<section><h2>Games</h2><ul class="games">{listed}</ul></section>'
        f'<section><h2>Your hands</h2><ul class="hands">{played}</ul></section>'
    )
    roles = set(me["roles"])
    return _page(
        "Lobby",
        body,
        name=name,
        script="/static/lobby.js",
        floor=bool({"floor", "admin"} & roles),
        roles=roles,
    )


def table(*, table: int, name: str, observer: bool, roles: Iterable[str] = ()) -> str:
    """The table page: a frame the module fills from the server's view."""
    body = (
        f'<div id="table" class="table-page" data-table="{table}" data-me="{escape(name)}"'
        f' data-as="{"observer" if observer else "player"}">'
        f'<h1 class="sr-only">Table {table}</h1>'
        '<p id="status" class="status" role="status" aria-live="polite">Connecting…</p>'
        '<p id="alert" class="error" role="alert" hidden></p>'
        '<section class="felt" aria-label="The table">'
        '<ol id="seats" class="seats" aria-label="Seats"></ol>'
        '<div class="middle"><div id="board" class="board" aria-label="The board"></div>'
        '<p id="pots" class="pots"></p></div></section>'
        '<section id="controls" class="controls" aria-label="Your actions"></section>'
        '<div class="panels"><section class="log-panel" aria-labelledby="log-title">'
        '<h2 id="log-title">What happened</h2>'
        '<ul id="log" class="log" role="log" aria-label="What happened"></ul></section>'
        + (
            ""
            if observer
            else '<section class="history-panel" aria-labelledby="histories-title">'
            '<h2 id="histories-title">Your last deals here</h2>'
            '<ul id="histories" class="histories"><li class="note">None yet.</li></ul>'
            "</section>"
        )
        + '</div><p class="back-link"><a href="/">Back to the lobby</a></p></div>'
    )
    held = {str(r) for r in roles}
    return _page(
        f"Table {table}",
        body,
        name=name,
        script="/static/table.js",
        floor=bool({"floor", "admin"} & held),
        roles=held,
    )


def history(record: Mapping[str, Any]) -> str:
    """One hand history as the viewer may have it, PHH and PokerStars text (a
    player's has his own cards and the hands shown, the floor's every hand)."""
    title = f"Table {record['table']}, deal {record['deal']}"
    players = ", ".join(escape(str(p)) for p in record["players"])
    stars = record.get("pokerstars")
    extra = f"<h2>PokerStars</h2><pre>{escape(stars)}</pre>" if stars else ""
    body = (
        f"<h1>{escape(title)}</h1><p>Players: {players}</p>"
        f"<h2>PHH</h2><pre>{escape(str(record['phh']))}</pre>{extra}"
        '<p><a href="/">Back to the lobby</a></p>'
    )
    return _page(title, body)


def missing(message: str) -> str:
    """A page for what is not there or not yours."""
    return _page(
        "Not found",
        f'<p class="error" role="alert">{escape(message)}</p>'
        '<p><a href="/">Back to the lobby</a> · <a href="/rules">The rulebook</a></p>',
    )


def _restaked(kind: str, stakes: object) -> str:
    """The stakes a game plays at when a limit change (RRP5 policies.17) made
    them other than those its kind names.

    >>> _restaked("1/2 no-limit holdem", "2/5")
    ' <span class="pill">now 2/5</span>'
    >>> _restaked("1/2 no-limit holdem", "1/2")
    ''
    """
    if not isinstance(stakes, str) or kind.startswith(f"{stakes} "):
        return ""
    return f' <span class="pill">now {escape(stakes)}</span>'
