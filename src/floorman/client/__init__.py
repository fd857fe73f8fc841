"""A client of the cardroom server: the protocol of docs/protocol.md from Python.

:class:`Connection` logs in over HTTP, keeps one WebSocket to the server
(reconnecting and resyncing its tables when it drops), sends commands and
awaits their answers (a refusal raises the floorman error its code names),
and queues each followed table's updates in order. ``floorman bots --server``
(:mod:`floorman.client.netbots`) and ``floorman play --server``
(:mod:`floorman.client.terminal`) are built on it. Needs the ``server`` extra
(the ``websockets`` package); HTTP is the standard library's.
"""

from floorman.client.connection import Connection, Update
from floorman.client.errors import ConnectionLost, error_from
from floorman.client.http import Http, ws_url

__all__ = ["Connection", "ConnectionLost", "Http", "Update", "error_from", "ws_url"]
