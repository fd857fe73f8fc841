"""The floor's console: ``GET /floor``, for the floor and admin roles.

The page is a frame with the floor's forms; ``/static/floor.js`` follows the
floor's stream over the WebSocket (``subscribe: "floor"``, docs/protocol.md),
draws every game, list, call, lock-up, move, seat change and absence from the
view the server sends, and gives the floor's commands over the same socket,
where the server checks the role again (RRP5 decisions.2). Anyone else is
refused the page with the same error the server gives a command
(``not_permitted``, 403); a stranger is sent to log in.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from html import escape

from starlette.requests import HTTPConnection, Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from floorman.errors import AccountError, FloormanError
from floorman.rulebook import all_rules, cite
from floorman.store import Account, Role
from floorman.web import pages
from floorman.web.rules import rule_link

__all__ = ["console", "floor_routes", "may_run_the_floor"]

#: Kinds offered when opening a game; any other the codec reads may be typed.
KINDS = (
    "1/2 no-limit holdem",
    "2/5 no-limit holdem",
    "1/2 pot-limit omaha",
    "4/8 fixed-limit holdem",
    "2/4 fixed-limit stud",
    "2/4 fixed-limit razz",
)


def may_run_the_floor(account: Account) -> bool:
    """Whether the account holds the floor's role (an admin holds every role)."""
    return account.has(Role.FLOOR) or account.has(Role.ADMIN)


def _refusal(account: Account) -> AccountError:
    return AccountError(
        "{account} may not use the floor's console; it takes the floor role",
        code="not_permitted",
        citations=cite("decisions.2"),
        account=account.name,
    )


def _conduct_options() -> str:
    return "".join(
        f'<option value="{r.citation.id}">{escape(r.citation.id)}: '
        f"{escape(r.paraphrase[:70])}{'…' if len(r.paraphrase) > 70 else ''}</option>"
        for r in all_rules()
        if r.citation.section.startswith("conduct.") and r.citation.rule != "intro"
    )


def _field(form: str, name: str, label: str, control: str, *, only: str = "") -> str:
    """A labelled field of ``form``; ``only``: the pot rulings it belongs to."""
    tag = f' data-only="{only}"' if only else ""
    return (
        f'<div class="pair"{tag}><label for="{form}-{name}">{label}</label>'
        + control.format(id=f"{form}-{name}", name=name)
        + "</div>"
    )


_TABLE = '<input id="{id}" name="{name}" type="number" min="1" step="1" required>'
_NAME = '<input id="{id}" name="{name}" required autocomplete="off">'
_ERROR = '<p class="form-error" role="alert" hidden></p>'


def _more_forms() -> str:
    """Reserving a seat, keeping two players apart, a limit change, the pot's rulings."""
    reserve = (
        '<form id="reserve" class="panel form-panel" aria-labelledby="h-reserve">'
        '<h2 id="h-reserve">Lock up a seat for a player</h2>'
        '<p class="note">Kept for him, for a good reason such as a view of the board; '
        f"nobody else sits there {rule_link('seating.8')}</p>"
        '<div class="fields">'
        + _field("reserve", "table", "Table", _TABLE)
        + _field("reserve", "seat", "Seat", _TABLE.replace('min="1"', 'min="1" max="10"'))
        + _field("reserve", "player", "Player", _NAME)
        + _field(
            "reserve",
            "reason",
            "Reason",
            '<input id="{id}" name="{name}" required placeholder="sees the board badly">',
        )
        + '</div><button type="submit">Lock up the seat</button>'
        + _ERROR
        + "</form>"
    )
    apart = (
        '<form id="apart" class="panel form-panel" aria-labelledby="h-apart">'
        '<h2 id="h-apart">Keep two players apart</h2>'
        '<p class="note">Neither is seated or called to a game the other plays in '
        f"{rule_link('seating.5')}</p>"
        '<div class="fields">'
        + _field("apart", "first", "Player", _NAME)
        + _field("apart", "second", "And player", _NAME)
        + '</div><button type="submit">Keep them apart</button>'
        + _ERROR
        + "</form>"
    )
    limit = (
        '<form id="limit" class="panel form-panel" aria-labelledby="h-limit">'
        '<h2 id="h-limit">Propose a new limit</h2>'
        '<p class="note">The game\'s players may object until the next deal ends; two '
        f"objections keep the limit as it is {rule_link('policies.17')}</p>"
        '<div class="fields">'
        + _field("limit", "table", "Table", _TABLE)
        + _field(
            "limit",
            "stakes",
            "New stakes",
            '<input id="{id}" name="{name}" required '
            'placeholder="2/5" pattern="[0-9]+(/[0-9]+)+" autocomplete="off">',
        )
        + '</div><button type="submit">Propose the limit</button>'
        + _ERROR
        + "</form>"
    )
    rulings = (
        '<option value="impound">Hold chips, the decision pending</option>'
        '<option value="release">Release the held chips</option>'
        '<option value="transfer">Move a pot to its winner</option>'
    )
    pot = (
        '<form id="pot" class="panel form-panel" aria-labelledby="h-pot">'
        '<h2 id="h-pot">Rule on the last pot</h2>'
        '<p class="note">Hold chips while a ruling waits, then release them '
        f"{rule_link('decisions.7')}; move a pot gone to the wrong player, asked for "
        f"before the next deal {rule_link('decisions.5')} {rule_link('decisions.6')}</p>"
        '<div class="fields">'
        + _field(
            "pot", "ruling", "Ruling", f'<select id="{{id}}" name="{{name}}">{rulings}</select>'
        )
        + _field("pot", "table", "Table", _TABLE)
        + _field("pot", "player", "From player", _NAME, only="impound transfer")
        + _field("pot", "to", "To player", _NAME, only="release transfer")
        + _field(
            "pot",
            "amount",
            "Amount",
            '<input id="{id}" name="{name}" type="number" min="1" step="1">',
        )
        + _field(
            "pot",
            "deal",
            "Deal <small>(optional: the last)</small>",
            '<input id="{id}" name="{name}" type="number" min="1" step="1">',
        )
        + '</div><button type="submit" class="danger">Give the ruling</button>'
        + _ERROR
        + "</form>"
    )
    return reserve + limit + apart + pot


def console(*, name: str, roles: Iterable[str] = ()) -> str:
    """The console's frame: its panels (filled by the module) and its forms."""
    kinds = "".join(f'<option value="{escape(k)}"></option>' for k in KINDS)
    body = (
        f'<div id="floor" class="floor" data-me="{escape(name)}">'
        '<div class="floor-head"><h1>Floor</h1>'
        '<p id="status" class="status" role="status" aria-live="polite">Connecting…</p>'
        '<dl id="tally" class="tally" aria-label="The room at a glance"></dl></div>'
        '<p id="notice" class="notice" role="alert" hidden></p>'
        '<div class="floor-grid">'
        '<section class="tables-panel" aria-labelledby="h-tables">'
        '<h2 id="h-tables">Tables</h2><ul id="games" class="floor-games"></ul></section>'
        '<aside class="side">'
        '<section class="panel" aria-labelledby="h-lists"><h2 id="h-lists">Waiting lists</h2>'
        '<div id="lists"></div></section>'
        '<section class="panel" aria-labelledby="h-calls"><h2 id="h-calls">Calls and lock-ups</h2>'
        '<ul id="calls" class="rows"></ul></section>'
        '<section class="panel" aria-labelledby="h-moves"><h2 id="h-moves">Moves</h2>'
        '<ul id="moves" class="rows"></ul></section>'
        '<section class="panel" aria-labelledby="h-away"><h2 id="h-away">Away from seats</h2>'
        '<ul id="away" class="rows"></ul></section>'
        "</aside></div>"
        '<div class="floor-forms">'
        '<form id="open-game" class="panel form-panel" aria-labelledby="h-open">'
        '<h2 id="h-open">Open a game</h2>'
        '<p class="note">The list of its kind is called to it at once'
        f" {rule_link('policies.1')} {rule_link('seating.2')} {rule_link('seating.7')}</p>"
        '<div class="fields"><label for="open-table">Table</label>'
        '<input id="open-table" name="table" type="number" min="1" step="1" required>'
        '<label for="open-kind">Game</label>'
        f'<input id="open-kind" name="kind" list="kinds" required value="{escape(KINDS[0])}">'
        f'<datalist id="kinds">{kinds}</datalist>'
        '<label for="open-seats">Seats</label>'
        '<input id="open-seats" name="seats" type="number" min="2" max="10" value="9" required>'
        '<label for="open-main">Must-move for table <small>(optional)</small></label>'
        '<input id="open-main" name="main" type="number" min="1" step="1"></div>'
        '<button type="submit">Open the game</button>'
        '<p class="form-error" role="alert" hidden></p></form>'
        '<form id="sanction" class="panel form-panel" aria-labelledby="h-sanction">'
        '<h2 id="h-sanction">Sanction a player</h2>'
        '<div class="fields"><label for="sanction-player">Player</label>'
        '<input id="sanction-player" name="player" required autocomplete="off">'
        '<label for="sanction-kind">Sanction</label>'
        '<select id="sanction-kind" name="sanction"><option value="warning">Warning</option>'
        '<option value="suspension">Suspension</option><option value="bar">Bar</option>'
        "</select>"
        '<label for="sanction-rule">For breaking</label>'
        f'<select id="sanction-rule" name="rule">{_conduct_options()}</select>'
        '<label for="sanction-minutes">Minutes <small>(a suspension; a bar: empty for good)'
        "</small></label>"
        '<input id="sanction-minutes" name="minutes" type="number" min="1" step="1"></div>'
        '<button type="submit" class="danger">Give the sanction</button>'
        '<p class="form-error" role="alert" hidden></p></form>'
        f"{_more_forms()}</div>"
        '<section class="panel log-panel" aria-labelledby="h-decisions">'
        '<h2 id="h-decisions">The floor\'s decisions</h2>'
        '<ol id="decisions" class="decisions" role="log" reversed></ol></section>'
        "</div>"
    )
    return pages._page(
        "Floor", body, name=name, script="/static/floor.js", floor=True, roles=roles
    ).replace("</head>", '<link rel="stylesheet" href="/static/floor.css"></head>', 1)


def refused(error: FloormanError) -> str:
    """The page for an account the console is not for: the server's error."""
    rules = " ".join(rule_link(c) for c in error.citations)
    body = (
        f'<p class="error" role="alert" data-code="{escape(error.code)}">{escape(str(error))}'
        f'</p><p>{rules}</p><p><a href="/">Back to the lobby</a></p>'
    )
    return pages._page("Not permitted", body)


def floor_routes(
    account_of: Callable[[HTTPConnection], Account], html: Callable[[str, int], Response]
) -> list[BaseRoute]:
    """``/floor`` over the server's ``account_of``; ``html`` makes a page
    response under the pages' content security policy."""

    async def floor_page(request: Request) -> Response:
        try:
            account = account_of(request)
        except FloormanError:
            return RedirectResponse("/enter", 303)
        if not may_run_the_floor(account):
            return html(refused(_refusal(account)), 403)
        return html(console(name=account.name, roles=account.roles), 200)

    return [Route("/floor", floor_page)]
