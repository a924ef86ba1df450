"""The request-body limit (`settings.max_body_bytes`), defined once for both ASGI middlewares.

Why a byte counter on `receive` rather than a Content-Length check alone: a chunked body has no length
to check up front, and reading it whole first (as FastAPI does) cost a 100 MB body +284 MB of memory
and a 422. `BodyLimit` wraps the server's `receive`: the message that takes the body past the limit
raises `PayloadTooLarge`, so no layer ever reads further, and whatever a layer below answers instead
(FastAPI turns any error while reading a body into a 400) is replaced by the 413 of
`api.errors.render`. Nothing is read before a layer asks for it, so authentication still comes first.
"""

from __future__ import annotations

from starlette.types import Message, Receive, Scope, Send

from api.errors import render
from graphmem.errors import PayloadTooLarge


class BodyLimit:
    """`receive` and `send` for one request, holding its body to `limit` bytes."""

    def __init__(self, scope: Scope, receive: Receive, send: Send, limit: int) -> None:
        self.scope, self._receive, self._send, self.limit = scope, receive, send, limit
        self.size = 0
        self.over = False
        self.started = False  # a response began before the limit was passed: it stands

    async def receive(self) -> Message:
        """The next message; raises PayloadTooLarge on the one that passes the limit."""
        message = await self._receive()
        if message["type"] == "http.request":
            self.size += len(message.get("body", b""))
            if self.size > self.limit:
                self.over = True
                raise PayloadTooLarge.over(self.limit)
        return message

    async def send(self, message: Message) -> None:
        """Pass the response on, unless the body went over the limit: then the 413, sent once."""
        if not self.over:
            self.started = self.started or message["type"] == "http.response.start"
            await self._send(message)
        elif not self.started:
            await self.refuse()

    async def refuse(self) -> None:
        """Answer 413 if nothing was answered yet (the layers below may have swallowed the error)."""
        if not self.started:
            self.started = True
            await render(PayloadTooLarge.over(self.limit))(self.scope, self._receive, self._send)


async def read_body(receive: Receive, limit: int) -> bytes:
    """The whole body, refused as soon as it passes `limit` (the `BodyLimit` rule): at most one ASGI
    message beyond the limit is ever read.

    Raises:
        PayloadTooLarge: more than `limit` bytes.
    """
    counted = BodyLimit({}, receive, _no_send, limit)
    parts: list[bytes] = []
    while True:
        message = await counted.receive()
        if message["type"] == "http.disconnect":
            break
        parts.append(message.get("body", b""))
        if not message.get("more_body", False):
            break
    return b"".join(parts)


async def _no_send(message: Message) -> None:
    raise RuntimeError("read_body never sends")
