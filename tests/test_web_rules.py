"""The rulebook pages, in process: ``/rules`` lists every rule floorman
registers by its citation and section, ``/rules/{citation}`` shows one with
its neighbours, an unknown citation gets a 404 saying what citations look
like, and ``rule_link`` is the one link every page draws to a rule."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web page needs the server extra: .[server]")
pytest.importorskip("httpx2", reason="the server's tests need httpx2: .[test]")

from starlette.testclient import TestClient

from floorman.rulebook import SECTIONS, all_rules, rule
from floorman.web.routes import STATIC
from floorman.web.rules import rule_link
from tests.net_helpers import CHEAP, PASSWORD, make_room


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    from floorman.clock import ManualClock
    from floorman.server import create_app
    from floorman.shuffle import SeededShuffler

    url = make_room(tmp_path, "ann")
    app = create_app(url, clock=ManualClock(), shuffler=SeededShuffler(3), secret="s", hasher=CHEAP)
    return TestClient(app, base_url="http://floor.test")


def test_every_rule_is_on_the_rulebook_page_by_its_citation_with_an_anchor(
    client: TestClient,
) -> None:
    with client:
        answer = client.get("/rules")
    assert answer.status_code == 200
    assert "script-src 'self'" in answer.headers["content-security-policy"]
    page = answer.text
    rules = list(all_rules())
    assert len(rules) > 100
    for found in rules:
        entry = re.search(
            rf'<li id="{re.escape(found.citation.id)}" class="rule">'
            rf'<a class="cite" href="/rules/{re.escape(found.citation.id)}">'
            rf"{re.escape(str(found.citation))}</a><p>(.*?)</p></li>",
            page,
        )
        assert entry is not None, f"{found.citation} is missing from /rules"
        assert unescape(entry.group(1)) == found.paraphrase
    # Grouped by section, in the rulebook's order, each under its title.
    starts = [page.index(f'id="section-{slug}"') for slug in SECTIONS]
    assert starts == sorted(starts)
    for slug, title in SECTIONS.items():
        assert f'<h2 id="h-{slug}">{title}' in unescape(page) or slug not in {
            r.citation.section for r in rules
        }
    seating = page.index('id="section-seating"')
    assert seating < page.index('id="seating.10"') < page.index('id="section-ranking"')


def test_a_rule_page_shows_the_rule_its_section_and_neighbours(client: TestClient) -> None:
    with client:
        answer = client.get("/rules/seating.10")
        spelled = client.get("/rules/RRP5%20seating.10")
    assert answer.status_code == 200
    page = unescape(answer.text)
    found = rule("seating.10")
    assert f'<blockquote class="paraphrase" id="text">{found.paraphrase}</blockquote>' in page
    assert '<h1><span class="cite">RRP5 seating.10</span></h1>' in page
    assert found.section_title in page
    assert 'href="/rules#section-seating"' in page
    for neighbour in ("seating.9", "seating.11"):
        assert f'href="/rules/{neighbour}"' in page
        assert rule(neighbour).paraphrase in page
    assert spelled.status_code == 200
    assert found.paraphrase in unescape(spelled.text)


def test_the_first_rule_of_a_section_has_only_a_next_neighbour(client: TestClient) -> None:
    first = next(r for r in all_rules() if r.citation.section == "blinds")
    with client:
        page = unescape(client.get(f"/rules/{first.citation.id}").text)
    assert 'class="next"' in page
    assert 'class="prev"' not in page


@pytest.mark.parametrize("asked", ["seating.99", "nonsense", "blinds"])
def test_an_unknown_citation_gets_a_404_saying_what_citations_look_like(
    client: TestClient, asked: str
) -> None:
    with client:
        answer = client.get(f"/rules/{asked}")
    assert answer.status_code == 404
    page = unescape(answer.text)
    assert 'role="alert"' in page
    assert "/rules/seating.10" in page
    assert "RRP5 blinds.9" in page
    if asked == "seating.99":
        assert "seating has seating.1" in page  # the section's rules are named


def test_the_rulebook_is_open_to_anyone_and_linked_from_the_header(client: TestClient) -> None:
    with client:
        assert client.get("/rules", follow_redirects=False).status_code == 200
        lobby_link = client.get("/enter").text
    assert '<a href="/rules">Rulebook</a>' in lobby_link


def test_the_rulebook_names_who_is_logged_in_with_his_consoles(client: TestClient) -> None:
    with client:
        stranger = client.get("/rules/blinds.9").text
        assert "Log out" not in stranger
        client.post("/enter", data={"name": "root", "password": PASSWORD, "action": "login"})
        for address in ("/rules", "/rules/blinds.9", "/rules/blinds.99"):
            page = client.get(address).text
            assert '<span>root</span><button type="submit">Log out</button>' in page, address
            assert '<a href="/floor">Floor</a>' in page  # an admin's consoles
            assert '<a href="/dealer">Dealer</a>' in page


def test_rule_link_links_a_citation_to_its_page_titled_with_its_paraphrase() -> None:
    link = rule_link("RRP5 seating.10")
    assert link.startswith('<a class="rule-link" href="/rules/seating.10" title="')
    assert link.endswith(">RRP5 seating.10</a>")
    assert rule("seating.10").paraphrase in unescape(link)
    assert rule_link(rule("blinds.9").citation) == rule_link("blinds.9")


def test_the_rule_link_module_draws_the_same_link() -> None:
    script = (STATIC / "rules.js").read_text()
    assert "export function ruleLink(citation)" in script
    assert 'link.className = "rule-link"' in script
    assert "`/rules/${encodeURIComponent(id)}`" in script
