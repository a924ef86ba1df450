"""One error hierarchy for the whole library; `api/errors.py` is the only place that maps it to HTTP.

    GraphmemError (500)
    ├── MalformedJson (400)                 a request body that is not JSON at all
    ├── InvalidInput (422)                  bad field values: details name the field
    │   ├── InvalidInterval                 valid_to <= valid_from, since > until
    │   ├── InvalidNamespace
    │   └── LimitExceeded                   batch size, k, depth, text length over the configured limit
    ├── PayloadTooLarge (413)               request body over `max_body_bytes`
    ├── Unauthorized (401)                  no key, unknown key
    ├── Forbidden (403)                     namespace or role not allowed
    ├── NotFound (404)
    │   ├── EntityNotFound
    │   ├── SessionNotFound
    │   └── WorkflowNotFound
    ├── Conflict (409)
    │   └── DuplicateTurn
    ├── IdempotencyMismatch (422)           same Idempotency-Key, different body
    ├── StoreUnavailable (503, Retry-After) Neo4j cannot be reached: retry later
    │   └── SchemaMissing                   Neo4j answers but the schema is not applied (/readyz)
    ├── ConfigError (500)                   settings that cannot work; raised at start-up
    │   └── StoreRefused                    this process cannot serve the store it reached
    │       ├── ModelMismatch               the configured embedding model is not the store's
    │       └── StoreTooNew                 the store's schema version is newer than this release
    ├── LLMUnavailable (503, Retry-After)   the configured LLM endpoint failed (graphmem.text.llm)
    ├── LocalNeo4jError (500)               the managed local Neo4j failed (graphmem.localdb)
    └── InvalidBookmark (400)               a Graphmem-Bookmark header this service never issued

The library never imports FastAPI: the HTTP status, the stable `code` and the `Retry-After` seconds
are class attributes, read by `api.errors.render`, so every way out of the API answers alike.
"""

from __future__ import annotations

from typing import Any, ClassVar


class GraphmemError(Exception):
    status: ClassVar[int] = 500
    code: ClassVar[str] = "internal_error"
    #: seconds a client should wait before retrying; None: retrying the same request will not help
    retry_after: ClassVar[int | None] = None

    def __init__(self, message: str, *, details: Any = None, code: str | None = None) -> None:
        super().__init__(message)
        self.details = details if details is not None else {}
        if code is not None:
            self.code = code  # type: ignore[misc]


class MalformedJson(GraphmemError):
    """The body could not be parsed at all, so no field can be named (400, not 422)."""

    status = 400
    code = "malformed_json"


class InvalidInput(GraphmemError):
    status = 422
    code = "invalid_input"

    @classmethod
    def field(cls, field: str, message: str, *, code: str | None = None) -> "InvalidInput":
        """An error about one named field, in the same shape as FastAPI's validation errors."""
        return cls(f"{field}: {message}", details={"fields": [{"field": field, "message": message}]}, code=code)


class InvalidInterval(InvalidInput):
    code = "invalid_interval"


class InvalidNamespace(InvalidInput):
    code = "invalid_namespace"


class LimitExceeded(InvalidInput):
    code = "limit_exceeded"


class PayloadTooLarge(GraphmemError):
    status = 413
    code = "payload_too_large"

    @classmethod
    def over(cls, limit: int) -> "PayloadTooLarge":
        """The one wording of the body limit, whichever layer noticed it first."""
        return cls(f"request body over {limit} bytes", details={"limit": limit})


class Unauthorized(GraphmemError):
    status = 401
    code = "unauthorized"


class Forbidden(GraphmemError):
    status = 403
    code = "forbidden"


class NotFound(GraphmemError):
    status = 404
    code = "not_found"


class EntityNotFound(NotFound):
    code = "unknown_entity"


class SessionNotFound(NotFound):
    code = "unknown_session"


class WorkflowNotFound(NotFound):
    code = "unknown_workflow"


class Conflict(GraphmemError):
    status = 409
    code = "conflict"


class DuplicateTurn(Conflict):
    code = "duplicate_turn"


class IdempotencyMismatch(GraphmemError):
    status = 422
    code = "idempotency_key_reused"


class StoreUnavailable(GraphmemError):
    status = 503
    code = "store_unavailable"
    retry_after = 5


class SchemaMissing(StoreUnavailable):
    """Neo4j answers but a constraint or index is missing: not ready yet, like an outage."""

    code = "schema_missing"


class ConfigError(GraphmemError):
    code = "config_error"


class StoreRefused(ConfigError):
    """This process cannot serve the store it reached, and retrying will not help until an operator acts:
    the service must not start (a 500, not a 503)."""

    code = "store_refused"


class StoreTooNew(StoreRefused):
    """The store's schema version is newer than this release knows (`graphmem.store._version`)."""

    code = "store_too_new"


class ModelMismatch(StoreRefused):
    """The store's vectors were written by another embedding model (`graphmem.store._schema`): nothing may
    be written or searched until the configuration names the store's model or the store is re-embedded.
    A 500, not a 503: retrying does not help until an operator acts."""

    code = "model_mismatch"


class LocalNeo4jError(GraphmemError):
    """The managed local Neo4j could not be installed, started or stopped (`graphmem.localdb`)."""

    code = "local_neo4j_failed"


class LLMUnavailable(GraphmemError):
    """The configured LLM endpoint failed or answered something unusable (`graphmem.text.llm`)."""

    status = 503
    code = "llm_unavailable"
    retry_after = 10


class InvalidBookmark(GraphmemError):
    """The `Graphmem-Bookmark` header is not a token this service issued (400: no field to name)."""

    status = 400
    code = "invalid_bookmark"
    header: ClassVar[str] = "Graphmem-Bookmark"

    @classmethod
    def because(cls, why: str) -> "InvalidBookmark":
        return cls(f"{cls.header} header: {why}", details={"header": cls.header, "message": why})
