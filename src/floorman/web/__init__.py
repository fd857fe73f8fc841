"""The web page: floorman's own pages for a person in a browser.

Mounted by the server (:func:`floorman.server.create_app`) beside its HTTP
API, with no build step and nothing fetched from another host:

- ``GET /`` the lobby (games, their waiting lists, sign up and leave a list,
  a call to a seat counting down to accept or refuse, sit down, the player's
  balance and hand histories), ``GET /enter`` the log-in and register page,
  both server-rendered HTML; ``/static/lobby.js`` counts the call down and
  notices a call coming;
- ``GET /table/{table}`` the live table: a page that loads one ES module,
  ``/static/table.js``, which speaks the WebSocket protocol (docs/protocol.md);
- ``GET /history/{table}/{deal}`` one hand history as the player may have it,
  and ``/history/{table}/{deal}/phh`` or ``/pokerstars`` to download it (a
  player's copy has his own cards and the hands shown, the floor's all);
- ``GET /dealer`` and ``GET /dealer/{table}`` the dealer's console
  (:mod:`floorman.web.dealer`, ``/static/dealer.js``);
- ``/static/``: the stylesheet and the module.

Forms post to the page's own routes, which hand the work to the server: log-in
and registering go through the same handlers as the JSON API (the same
limits, the same cookie), and a lobby form becomes the same service command a
WebSocket client sends, checked the same way (RRP5 policies.9, policies.10,
policies.14).
"""

from floorman.web.routes import Backend, not_found, web_routes

__all__ = ["Backend", "not_found", "web_routes"]
