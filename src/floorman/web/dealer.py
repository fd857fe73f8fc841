"""The dealer's console: ``/dealer`` lists the tables, ``/dealer/{table}``
follows one as its dealer sees it (the server's dealer view: no face-down
card, RRP5 policies.23), reports what happened at the table to the
floorperson and shows the ruling with its rules, and starts the next deal.

The page is rendered here, the live part is ``static/dealer.js``. The dealer,
the floor and admins may open it; a player is refused (RRP5 decisions.2). A
ruling that leaves management a choice shows its options to everyone at the
console, but only the floor decides them (``Decide`` is the floor's command:
management's discretion, RRP5 decisions.1, the supervisor's word final,
decisions.2).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from floorman.errors import AccountError, FloorError, FloormanError
from floorman.floor import DeadHandCause, MisdealCause
from floorman.rulebook import cite
from floorman.store import Account, Role
from floorman.web.pages import _page as page
from floorman.web.rules import rule_link

if TYPE_CHECKING:
    from floorman.web.routes import Backend

__all__ = ["KINDS", "Field", "ReportKind", "console", "dealer_routes", "refused", "tables"]

#: The roles that may open the console.
STAFF = frozenset({Role.DEALER, Role.FLOOR, Role.ADMIN})


@dataclass(frozen=True, slots=True, kw_only=True)
class Field:
    """One input of a report's form: ``name`` is the report's field, ``kind``
    how the page reads it (``seat``: a seat dealt in, sent as its deal
    position; ``seat?``: one or none, ``none`` naming the none; ``card?``,
    ``cards``, ``number?``, ``bool``, ``choice``, ``action``)."""

    name: str
    kind: str
    label: str
    none: str = ""
    choices: tuple[tuple[str, str], ...] = ()
    checked: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class ReportKind:
    """A kind of report to the floorperson (:mod:`floorman.floor.reports`):
    its type as the codec names it, its words, the rule it starts from and
    the form's fields."""

    type: str
    label: str
    rule: str
    fields: tuple[Field, ...] = ()


_MISDEAL_CAUSES: Mapping[MisdealCause, str] = {
    MisdealCause.FIRST_CARDS_EXPOSED: "the first or second card dealt face up or exposed",
    MisdealCause.TWO_CARDS_EXPOSED: "two or more cards exposed by the dealer",
    MisdealCause.TWO_BOXED_CARDS: "two or more boxed cards",
    MisdealCause.TWO_EXTRA_CARDS: "two or more extra cards in the starting hands",
    MisdealCause.WRONG_NUMBER_OF_CARDS: "a player dealt the wrong number of cards",
    MisdealCause.OUT_OF_SEQUENCE: "a card dealt out of sequence",
    MisdealCause.BUTTON_OUT_OF_POSITION: "the button out of position",
    MisdealCause.FIRST_CARD_TO_WRONG_SEAT: "the first card dealt to the wrong seat",
    MisdealCause.DEALT_TO_EMPTY_SEAT: "cards dealt to an empty seat or to someone not entitled",
    MisdealCause.PLAYER_DEALT_OUT: "a player dealt out",
}

_DEAD_CAUSES: Mapping[DeadHandCause, str] = {
    DeadHandCause.FOLDED_FACING_BET: "folded, or said fold, facing a bet",
    DeadHandCause.THROWN_FORWARD: "threw the hand forward, and another acted behind",
    DeadHandCause.STUD_UPCARDS_DISTURBED: "stud: picked up, turned or mixed the upcards",
    DeadHandCause.WRONG_NUMBER_OF_CARDS: "holds the wrong number of cards",
    DeadHandCause.ACTED_ON_JOKER: "acted on a hand with a joker in it",
    DeadHandCause.CLOCK_EXPIRED: "ran out of time facing a bet",
    DeadHandCause.THROWN_INTO_ANOTHER_HAND: "cards thrown into another player's hand",
}

_SEAT = Field(name="position", kind="seat", label="Which seat")
_CARD = Field(name="card", kind="card?", label="Which card (for example As or Td)")

#: Every kind of report the floorperson rules on, in the order the form offers them.
KINDS: tuple[ReportKind, ...] = (
    ReportKind(
        type="report.DealingError",
        label="A dealing error (misdeal?)",
        rule="misdeals.1",
        fields=(
            Field(
                name="cause",
                kind="choice",
                label="What the dealer did",
                choices=tuple((c.value, f"{w} ({c.value})") for c, w in _MISDEAL_CAUSES.items()),
            ),
            Field(
                name="entitled",
                kind="bool",
                label="The player dealt out was at the table or had posted (entitled to a hand)",
                checked=True,
            ),
        ),
    ),
    ReportKind(
        type="report.HandInQuestion",
        label="A hand that may be dead",
        rule="dead-hands.1",
        fields=(
            _SEAT,
            Field(
                name="cause",
                kind="choice",
                label="What happened",
                choices=tuple((c.value, f"{w} ({c.value})") for c, w in _DEAD_CAUSES.items()),
            ),
            Field(name="cards", kind="number?", label="How many cards the hand holds"),
        ),
    ),
    ReportKind(
        type="report.HandFouled",
        label="The dealer fouled or mucked a hand",
        rule="irregularities.2",
        fields=(_SEAT, Field(name="protected", kind="bool", label="The player protected it")),
    ),
    ReportKind(
        type="report.MuckedHand",
        label="A mucked hand its player wants back",
        rule="dead-hands.2",
        fields=(_SEAT,),
    ),
    ReportKind(
        type="report.ActionDeclared",
        label="An action said aloud",
        rule="betting.9",
        fields=(
            _SEAT,
            Field(
                name="action",
                kind="action",
                label="What was said",
                choices=(
                    ("action.Fold", "fold"),
                    ("action.Check", "check"),
                    ("action.Call", "call"),
                    ("action.Wager", "bet or raise to"),
                ),
            ),
        ),
    ),
    ReportKind(
        type="report.BlindNotPosted",
        label="A blind not posted",
        rule="blinds.10",
        fields=(
            _SEAT,
            Field(name="acted", kind="bool", label="The player has acted and put chips in"),
        ),
    ),
    ReportKind(
        type="report.BoxedCard",
        label="A boxed card",
        rule="irregularities.6",
        fields=(
            _CARD,
            Field(
                name="position",
                kind="seat?",
                label="Dealt to which seat",
                none="found in the stub",
            ),
            Field(name="next_dealt", kind="bool", label="The card below it was already dealt"),
        ),
    ),
    ReportKind(
        type="report.JokerFound",
        label="A joker in a hand",
        rule="irregularities.8",
        fields=(_SEAT, Field(name="acted", kind="bool", label="The player acted on the hand")),
    ),
    ReportKind(type="report.ExtraCard", label="One extra card dealt", rule="irregularities.9"),
    ReportKind(
        type="report.ExposedCard",
        label="An exposed or flashed card",
        rule="irregularities.11",
        fields=(
            _SEAT,
            Field(name="by_player", kind="bool", label="The player exposed it, not the dealer"),
            _CARD,
        ),
    ),
    ReportKind(
        type="report.PrematureCards",
        label="Cards dealt too soon",
        rule="irregularities.13",
        fields=(Field(name="cards", kind="cards", label="Which cards (for example Ah 7c 2d)"),),
    ),
    ReportKind(
        type="report.CardsShown",
        label="Cards shown to another",
        rule="showdown.6",
        fields=(
            _SEAT,
            Field(name="to", kind="seat?", label="Shown to", none="someone not dealt in"),
            Field(name="after_deal", kind="bool", label="After the deal"),
            Field(name="part", kind="bool", label="Only part of the hand"),
        ),
    ),
    ReportKind(
        type="report.ForeignCard",
        label="A card with a different back",
        rule="irregularities.3",
        fields=(Field(name="in_stub", kind="bool", label="Found in the stub"),),
    ),
    ReportKind(
        type="report.DuplicateCard",
        label="A duplicate card",
        rule="irregularities.4",
        fields=(
            Field(
                name="knew",
                kind="seat?",
                label="A player knew and bet on",
                none="nobody",
            ),
        ),
    ),
    ReportKind(
        type="report.MissingCards", label="Cards missing from the deck", rule="irregularities.10"
    ),
    ReportKind(
        type="report.CardsDropped",
        label="Cards dropped on the floor",
        rule="irregularities.14",
        fields=(_SEAT,),
    ),
)


def _floor(roles: Iterable[str]) -> bool:
    return bool({"floor", "admin"} & set(roles))


def _field(kind: ReportKind, field: Field) -> str:
    ident = f"{kind.type.split('.')[1]}-{field.name}"
    data = f'data-field="{field.name}" data-kind="{field.kind}"'
    label = f'<label for="{ident}">{escape(field.label)}</label>'
    match field.kind:
        case "seat" | "seat?":
            none = escape(field.none) if field.kind == "seat?" else ""
            return (
                f'<div class="field">{label}<select id="{ident}" {data} class="seat-pick"'
                f' data-none="{none}" required></select></div>'
            )
        case "choice":
            options = "".join(
                f'<option value="{escape(v)}">{escape(w)}</option>' for v, w in field.choices
            )
            return f'<div class="field">{label}<select id="{ident}" {data}>{options}</select></div>'
        case "action":
            options = "".join(
                f'<option value="{escape(v)}">{escape(w)}</option>' for v, w in field.choices
            )
            return (
                f'<div class="field">{label}<select id="{ident}" {data}>{options}</select></div>'
                f'<div class="field"><label for="{ident}-to">Bet or raise to (chips)</label>'
                f'<input id="{ident}-to" type="number" min="1" step="1" data-to="1"'
                ' inputmode="numeric"></div>'
            )
        case "bool":
            checked = " checked" if field.checked else ""
            return (
                f'<div class="field check"><input id="{ident}" type="checkbox" {data}{checked}>'
                f"{label}</div>"
            )
        case "number?":
            return (
                f'<div class="field">{label}<input id="{ident}" type="number" min="0" step="1"'
                f' inputmode="numeric" {data}></div>'
            )
        case "card?":
            return (
                f'<div class="field">{label}<input id="{ident}" {data} size="3" maxlength="2"'
                ' autocomplete="off" pattern="[2-9TJQKAtjqka][shdcSHDC]|Xx"></div>'
            )
        case "cards":
            return (
                f'<div class="field">{label}<input id="{ident}" {data} autocomplete="off"'
                ' pattern="\\s*([2-9TJQKAtjqka][shdcSHDC][\\s,]*)*"></div>'
            )
    raise ValueError(f"no form input for a field of kind {field.kind!r}")


def _report_form() -> str:
    choices = "".join(f'<option value="{k.type}">{escape(k.label)}</option>' for k in KINDS)
    sets = "".join(
        f'<fieldset class="report-kind" data-type="{k.type}"'
        f"{'' if n == 0 else ' hidden'}><legend>{escape(k.label)} {rule_link(k.rule)}</legend>"
        + ("".join(_field(k, f) for f in k.fields) or '<p class="note">Nothing more to say.</p>')
        + "</fieldset>"
        for n, k in enumerate(KINDS)
    )
    return (
        '<section class="panel report" aria-labelledby="report-title">'
        '<h2 id="report-title">Report to the floor</h2>'
        '<form id="report" novalidate>'
        '<div class="field"><label for="report-type">What to report</label>'
        f'<select id="report-type">{choices}</select></div>'
        f"{sets}"
        '<div class="buttons"><button type="submit" id="report-send" class="primary">'
        "Report</button></div></form></section>"
    )


def console(*, table: int, name: str, roles: Iterable[str]) -> str:
    """The console of one table: a frame ``dealer.js`` fills from the dealer's view."""
    roles = set(roles)
    floor = _floor(roles)
    body = (
        f'<div id="console" class="console" data-table="{table}" data-me="{escape(name)}"'
        f' data-floor="{"true" if floor else "false"}">'
        '<div class="console-head">'
        f"<h1>Table {table} <small>dealer's console</small></h1>"
        '<p id="status" class="status" role="status" aria-live="polite">Connecting…</p>'
        '<div class="deal-controls">'
        '<button type="button" id="start-deal" class="primary" disabled'
        ' aria-keyshortcuts="N">Start the next deal <kbd aria-hidden="true">N</kbd></button>'
        "</div></div>"
        '<div class="console-grid">'
        '<section class="panel layout" aria-labelledby="table-title">'
        '<h2 id="table-title">The table, as the dealer sees it</h2>'
        '<div id="board-line" class="board-line"><p id="street" class="street"></p>'
        '<div id="board" class="board"'
        ' aria-label="The board"></div><p id="pot" class="pot"></p></div>'
        '<table class="seat-table"><caption class="sr-only">Seats</caption><thead><tr>'
        '<th scope="col">Seat</th><th scope="col">Player</th><th scope="col">Stack</th>'
        '<th scope="col">Bet</th><th scope="col">Cards</th><th scope="col">Last action</th>'
        '</tr></thead><tbody id="seats"></tbody></table></section>'
        '<div class="side">'
        f"{_report_form()}"
        '<section class="panel ruling-panel" aria-labelledby="ruling-title">'
        '<h2 id="ruling-title">Ruling</h2>'
        '<div id="ruling" aria-live="polite"><p class="note">No report yet at this table.</p>'
        "</div></section></div></div>"
        '<section class="panel log-panel"><h2>At this table</h2>'
        '<ol id="log" class="log" role="log"><li class="note log-empty">Nothing yet: what'
        " happens at the table from now on shows here, newest first.</li></ol></section>"
        '<p class="back-link"><a href="/dealer">All tables</a></p></div>'
    )
    return page(
        f"Dealer: table {table}",
        body,
        name=name,
        script="/static/dealer.js",
        styles=("/static/dealer.css",),
        roles=roles,
        floor=_floor(roles),
    )


def tables(*, name: str, games: Sequence[Mapping[str, Any]], roles: Iterable[str] = ()) -> str:
    """The tables a dealer may take."""
    rows = "".join(
        f'<li class="game" data-table="{g["table"]}"><div class="game-head">'
        f"<h2>Table {g['table']}: {escape(str(g['kind']))}</h2>"
        f'<span class="pill">{"dealing" if g["dealing"] else "not dealing"}</span></div>'
        f"<p>{len(g['seated'])} of {len(g['seats'])} seats taken: "
        f"{', '.join(escape(str(p)) for p in g['seated'].values()) or 'nobody yet'}</p>"
        f'<div class="actions"><a class="button" href="/dealer/{g["table"]}">'
        f"Deal table {g['table']}</a></div></li>"
        for g in games
    )
    body = (
        '<section class="summary"><h1>Dealer\'s console</h1>'
        '<p class="note">Pick the table you deal.</p></section>'
        f'<ul class="games">{rows or "<li>No games are open yet.</li>"}</ul>'
    )
    return page(
        "Dealer's console",
        body,
        name=name,
        styles=("/static/dealer.css",),
        roles=roles,
        floor=_floor(roles),
    )


def refused(error: FloormanError, *, name: str | None = None, roles: Iterable[str] = ()) -> str:
    """The page a refusal shows: its words, and its rules linked."""
    rules = ", ".join(rule_link(c) for c in error.citations)
    cited = f"<p>The rule: {rules}</p>" if rules else ""
    return page(
        "Refused",
        f'<p class="error" role="alert" data-code="{escape(error.code)}">'
        f"{escape(error.message)}</p>{cited}"
        '<p><a href="/">Back to the lobby</a></p>',
        name=name,
        roles=roles,
        floor=_floor(roles),
    )


def dealer_routes(backend: Backend, *, html: Callable[[str, int], HTMLResponse]) -> list[BaseRoute]:
    """The console's routes over the page's ``backend``; ``html`` answers a
    page with the pages' headers (their content security policy)."""

    def roles(account: Account) -> list[str]:
        return sorted(r.value for r in account.roles)

    def staff(request: Request) -> Account | Response:
        try:
            account = backend.account_of(request)
        except FloormanError:
            return RedirectResponse("/enter", 303)
        if not STAFF & account.roles:
            error = AccountError(
                "{account} may not use the dealer's console; it takes the dealer, floor or"
                " admin role",
                code="not_permitted",
                citations=cite("decisions.2"),
                account=account.name,
            )
            return html(refused(error, name=account.name), 403)
        return account

    async def games(request: Request) -> list[dict[str, Any]]:
        answer = await backend.lobby(request)
        data = json.loads(bytes(answer.body))
        return list(data.get("games", [])) if isinstance(data, dict) else []

    async def list_page(request: Request) -> Response:
        account = staff(request)
        if isinstance(account, Response):
            return account
        found = await games(request)
        return html(tables(name=account.name, games=found, roles=roles(account)), 200)

    async def table_page(request: Request) -> Response:
        account = staff(request)
        if isinstance(account, Response):
            return account
        number = request.path_params["table"]
        known = {int(g["table"]) for g in await games(request)}
        if not number.isdigit() or int(number) not in known:
            error = FloorError(
                "there is no table {table}; the tables are {known}",
                table=number,
                known=", ".join(str(t) for t in sorted(known)) or "none yet",
            )
            return html(refused(error, name=account.name, roles=roles(account)), 404)
        return html(console(table=int(number), name=account.name, roles=roles(account)), 200)

    return [Route("/dealer", list_page), Route("/dealer/{table}", table_page)]
