"""Remote play: a host-authoritative table over WebSockets (docs/network.md).

``protocol`` (the messages, checked by pydantic), ``codes`` (join codes, seat tokens),
``rulesets`` (the games a host can serve), ``session`` (the host's authority, no networking),
``host`` (the WebSocket server), ``client`` (a seat's client, and a threaded one for a GUI),
``viewbot`` (a bot that plays from a client's view), ``loop`` (an asyncio loop on a thread),
``tls`` (a self-signed certificate and fingerprint pinning), ``serve`` (``matrix-engine serve`` and
``join``). Never imports Qt.
"""

DEFAULT_PORT = 8765  # the host's port unless told otherwise
