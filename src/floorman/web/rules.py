"""The rulebook in the browser: every rule's paraphrase by its citation.

``GET /rules`` lists every registered rule (:func:`floorman.rulebook.all_rules`)
grouped by section, each with an anchor named by its citation; ``GET
/rules/{citation}`` shows one rule with its section and its neighbours. The
texts are floorman's own paraphrases, never the rulebook's sentences.

The pages are open to everyone, logged in or not: the house's rules are what
a player agrees to by sitting down, so he may read them before he registers,
and they hold nothing about anyone.

:func:`rule_link` is the one way a page links a ruling's citation to its
text; ``/static/rules.js`` exports ``ruleLink`` doing the same in the browser.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from html import escape
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from floorman.errors import NotationError
from floorman.rulebook import SECTIONS, Citation, Rule, all_rules, rule
from floorman.store import Account
from floorman.web import pages

__all__ = ["rule_link", "rule_page", "rules_index", "rules_routes"]


def _anchor(citation: Citation) -> str:
    """The id of a rule's entry on ``/rules``: its citation with dots kept
    (``seating.10``), which HTML ids allow."""
    return citation.id


def rule_link(citation: str | Citation) -> str:
    """A citation as an HTML link to its rule's page, titled with the
    paraphrase when the rule is registered.

    >>> rule_link("RRP5 seating.10")[:55]
    '<a class="rule-link" href="/rules/seating.10" title="To'
    >>> rule_link("seating.99")
    '<a class="rule-link" href="/rules/seating.99">RRP5 seating.99</a>'
    """
    parsed = citation if isinstance(citation, Citation) else Citation.parse(str(citation))
    try:
        title = f' title="{escape(rule(parsed).paraphrase)}"'
    except NotationError:
        title = ""
    return f'<a class="rule-link" href="/rules/{parsed.id}"{title}>{escape(str(parsed))}</a>'


def _with_css(html: str) -> str:
    return html.replace("</head>", '<link rel="stylesheet" href="/static/floor.css"></head>', 1)


def rules_index(*, name: str | None = None, roles: Iterable[str] = ()) -> str:
    """Every rule of the rulebook, by section, each with its anchor."""
    by_section: dict[str, list[Rule]] = {}
    for found in all_rules():
        by_section.setdefault(found.citation.section, []).append(found)
    contents = "".join(
        f'<li><a href="#section-{escape(slug)}">{escape(title)}</a></li>'
        for slug, title in SECTIONS.items()
        if slug in by_section
    )
    sections = []
    for slug, title in SECTIONS.items():
        rules = by_section.get(slug)
        if not rules:
            continue
        items = "".join(
            f'<li id="{escape(_anchor(r.citation))}" class="rule">'
            f'<a class="cite" href="/rules/{r.citation.id}">{escape(str(r.citation))}</a>'
            f"<p>{escape(r.paraphrase)}</p></li>"
            for r in rules
        )
        sections.append(
            f'<section class="rule-section" id="section-{escape(slug)}" '
            f'aria-labelledby="h-{escape(slug)}"><h2 id="h-{escape(slug)}">{escape(title)}'
            f' <small>{escape(slug)}</small></h2><ol class="rules">{items}</ol></section>'
        )
    body = (
        '<div class="rulebook"><h1>The rulebook</h1>'
        '<p class="note">Robert\'s Rules of Poker, version 5, by Bob Ciaffone: each rule floorman'
        " applies, in floorman's own words, by its citation. Every ruling links here.</p>"
        f'<nav aria-label="Sections"><ol class="contents">{contents}</ol></nav>'
        f"{''.join(sections)}</div>"
    )
    return _with_css(_page("Rulebook", body, name, roles))


def rule_page(found: Rule, *, name: str | None = None, roles: Iterable[str] = ()) -> str:
    """One rule: its citation, section, paraphrase and neighbours."""
    siblings = [r for r in all_rules() if r.citation.section == found.citation.section]
    at = siblings.index(found)
    before = siblings[at - 1] if at > 0 else None
    after = siblings[at + 1] if at + 1 < len(siblings) else None
    near = "".join(
        f'<li class="{cls}"><span>{label}</span> {rule_link(r.citation)}'
        f"<p>{escape(r.paraphrase)}</p></li>"
        for cls, label, r in (("prev", "Before it", before), ("next", "After it", after))
        if r is not None
    )
    slug = found.citation.section
    body = (
        f'<article class="one-rule"><p class="crumbs"><a href="/rules">The rulebook</a> ›'
        f' <a href="/rules#section-{escape(slug)}">{escape(found.section_title)}</a></p>'
        f'<h1><span class="cite">{escape(str(found.citation))}</span></h1>'
        f'<blockquote class="paraphrase" id="text">{escape(found.paraphrase)}</blockquote>'
        f'<p class="note">Section: {escape(found.section_title)} ({escape(slug)}), rule'
        f" {escape(found.citation.rule)} of {len(siblings)} listed here. The text is"
        " floorman's paraphrase; the rulebook's own words are Robert's Rules of Poker.</p>"
        f'<nav aria-label="Neighbouring rules"><ul class="near">{near}</ul></nav></article>'
    )
    return _with_css(_page(str(found.citation), body, name, roles))


def no_rule(text: str, why: str, *, name: str | None = None, roles: Iterable[str] = ()) -> str:
    """The page for a citation the rulebook lacks: what citations look like."""
    examples = ", ".join(rule_link(r.citation) for r in all_rules() if r.citation.id in _EXAMPLES)
    body = (
        '<article class="one-rule"><h1>No such rule</h1>'
        f'<p class="error" role="alert">{escape(why)}</p>'
        f"<p>A citation names a section and a rule number, like {examples}:"
        " <code>/rules/seating.10</code>, with <code>intro</code> for a section's opening"
        ' rule. <a href="/rules">The whole rulebook</a> lists them all.</p></article>'
    )
    return _with_css(_page(f"No rule {text}", body, name, roles))


_EXAMPLES = ("seating.10", "blinds.9", "misdeals.1.2")


def _page(title: str, body: str, name: str | None, roles: Iterable[str]) -> str:
    held = {str(r) for r in roles}
    return pages._page(title, body, name=name, floor=bool({"floor", "admin"} & held), roles=held)


def rules_routes(
    html: Callable[[str, int], Response],
    *,
    who: Callable[[Request], Account | None] = lambda _request: None,
) -> list[BaseRoute]:
    """``/rules`` and ``/rules/{citation}``; ``html`` makes a page response
    under the pages' content security policy; ``who`` is the account logged
    in, if any, named in the page's header with its consoles."""

    def reader(request: Request) -> dict[str, Any]:
        account = who(request)
        if account is None:
            return {}
        return {"name": account.name, "roles": account.roles}

    async def index(request: Request) -> Response:
        return html(rules_index(**reader(request)), 200)

    async def one(request: Request) -> Response:
        text = str(request.path_params["citation"])
        try:
            found = rule(text)
        except NotationError as error:
            return html(no_rule(text, str(error), **reader(request)), 404)
        return html(rule_page(found, **reader(request)), 200)

    return [Route("/rules", index), Route("/rules/{citation}", one)]
