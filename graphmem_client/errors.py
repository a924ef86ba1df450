"""The one exception the client raises, carrying the service's error envelope."""

from __future__ import annotations

from typing import Any


class GraphmemAPIError(Exception):
    """An error answer (`{"error": {"code", "message", "details"}}`), or no answer at all.

    Attributes:
        status: the HTTP status; None when the service could not be reached (`code` is then
            `unreachable`) or answered something that is not JSON.
        code: the envelope's stable snake_case code (`unknown_entity`, `invalid_input`, …).
        message: the envelope's message, for humans.
        details: the envelope's details (`details["fields"]` names each invalid field on a 422).
        request_id: the `X-Request-ID` the service logged the request under, when it answered.
        retry_after: the `Retry-After` seconds of a 503, when given.
    """

    def __init__(self, status: int | None, code: str, message: str, details: Any = None, *,
                 request_id: str | None = None, retry_after: float | None = None) -> None:
        super().__init__(f"{status or 'no answer'} {code}: {message}")
        self.status, self.code, self.message = status, code, message
        self.details: Any = details if details is not None else {}
        self.request_id, self.retry_after = request_id, retry_after

    @property
    def fields(self) -> list[str]:
        """The invalid field names of a 422 (`details.fields[*].field`), else []."""
        found = self.details.get("fields", []) if isinstance(self.details, dict) else []
        return [str(f.get("field")) for f in found if isinstance(f, dict)]
