"""The cardroom server: the service and the store over HTTP and WebSockets.

An adapter around :mod:`floorman.service` and :mod:`floorman.store` (which
never import it), needing the ``server`` extra. :func:`create_app` makes the
Starlette application ``floorman serve`` runs under uvicorn; the protocol is
in docs/protocol.md.
"""

from floorman.server.app import MAX_FRAME, create_app
from floorman.server.host import Host, Subscriber

__all__ = ["MAX_FRAME", "Host", "Subscriber", "create_app"]
