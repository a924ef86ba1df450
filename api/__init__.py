"""graphmem's REST API (FastAPI): validation, auth, error mapping. No Cypher, no business rules."""

from api.app import create_app

__all__ = ["create_app"]
