"""Driver exceptions to graphmem errors, in one place (`raise … from exc`, always chained)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from neo4j import exceptions as nx

from graphmem.errors import Conflict, GraphmemError, InvalidBookmark, StoreUnavailable


@contextmanager
def translate_neo4j_errors() -> Iterator[None]:
    """Driver exceptions to graphmem errors, always chained (`raise … from exc`)."""
    try:
        yield
    except GraphmemError:
        raise
    except nx.ConstraintError as exc:
        raise Conflict(f"constraint violated: {exc.message}", code="constraint_violation") from exc
    except nx.TransientError as exc:  # the server answered: busy (a deadlock, a lock timeout), not down
        raise StoreUnavailable(f"Neo4j could not finish the work for now ({exc.code}); retry shortly") from exc
    except (nx.ServiceUnavailable, nx.SessionExpired) as exc:
        raise StoreUnavailable("Neo4j is unavailable; retry shortly") from exc
    except nx.AuthError as exc:
        raise StoreUnavailable("Neo4j rejected graphmem's credentials (check NEO4J_USER/NEO4J_PASSWORD)") from exc
    except nx.ClientError as exc:  # after AuthError and ConstraintError, its subclasses
        if "failed to obtain a connection from the pool" in str(exc):  # the driver's acquisition timeout
            raise StoreUnavailable("Neo4j is busy or unreachable; retry shortly") from exc
        if exc.code == "Neo.ClientError.Transaction.InvalidBookmark":  # a forged Graphmem-Bookmark
            raise InvalidBookmark.because("not a bookmark of this database") from exc
        raise
    except OSError as exc:  # connection refused / reset below the driver's own wrapping
        raise StoreUnavailable(f"Neo4j is unreachable: {exc}") from exc


_UNREACHABLE = (nx.ServiceUnavailable, nx.SessionExpired, OSError)
