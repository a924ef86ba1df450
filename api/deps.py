"""Request dependencies: settings, store, the caller's key, the namespace, as-of times, the view."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Annotated, Any

from fastapi import Depends, Header, Path, Query, Request

from graphmem.access.auth import Principal
from graphmem.errors import InvalidInput, StoreUnavailable
from graphmem.instants import optional_instant
from graphmem.access.keystore import LiveKeyring
from graphmem.settings import Settings
from graphmem.store import Store
from graphmem.types import Namespace, View, check_view


async def get_settings(request: Request) -> Settings:
    return request.app.state.settings  # type: ignore[no-any-return]


async def get_store(request: Request) -> Store:
    store: Store | None = request.app.state.store
    if store is None:
        raise StoreUnavailable("graphmem is still connecting to Neo4j; retry shortly")
    return store


def get_keyring(request: Request) -> LiveKeyring:
    return request.app.state.keyring  # type: ignore[no-any-return]


SettingsDep = Annotated[Settings, Depends(get_settings)]
StoreDep = Annotated[Store, Depends(get_store)]


async def get_principal(
    request: Request,
    authorization: Annotated[str | None, Header(description="Bearer <API key>")] = None,
) -> Principal:
    """The caller api.authn resolved before the body was read (the header parameter documents it in
    OpenAPI); authenticated here only on a route the middleware does not cover."""
    principal: Principal | None = getattr(request.state, "principal", None)
    if principal is None:
        principal = get_keyring(request).authenticate(authorization)
        request.state.principal = principal
    return principal


PrincipalDep = Annotated[Principal, Depends(get_principal)]


async def get_namespace(ns: Annotated[str, Path(description="namespace, ^[a-z0-9][a-z0-9_-]{0,62}$")],
                  principal: PrincipalDep) -> Namespace:
    namespace = Namespace.parse(ns)
    principal.require_namespace(namespace)
    return namespace


NamespaceDep = Annotated[Namespace, Depends(get_namespace)]


async def writer(principal: PrincipalDep, ns: NamespaceDep) -> Principal:
    """A caller allowed to write memory (agent, admin) in this namespace."""
    principal.require_write()
    return principal


WriterDep = Annotated[Principal, Depends(writer)]


async def eraser(principal: PrincipalDep, ns: NamespaceDep) -> Principal:
    """A caller allowed to erase and purge (compliance, admin) in this namespace."""
    principal.require_erase()
    return principal


EraserDep = Annotated[Principal, Depends(eraser)]


@dataclass(frozen=True)
class AsOf:
    valid_at: datetime | None
    known_at: datetime | None


async def get_as_of(
    valid_at: Annotated[str | None, Query(description="ISO-8601 with zone; default now")] = None,
    known_at: Annotated[str | None, Query(description="ISO-8601 with zone; default now")] = None,
) -> AsOf:
    return AsOf(optional_instant(valid_at, "valid_at"), optional_instant(known_at, "known_at"))


AsOfDep = Annotated[AsOf, Depends(get_as_of)]


async def get_view(principal: PrincipalDep, view: Annotated[str | None, Query(
        description="application | audit | compliance; default: the role's own view")] = None) -> View:
    return check_view(principal.role, view)


ViewDep = Annotated[View, Depends(get_view)]


def declared_query(route: Any) -> frozenset[str]:
    """The query parameter names a route declares, its dependencies' included (by alias); computed once
    per route object and kept on it (routes live as long as their app)."""
    names: frozenset[str] | None = getattr(route, "graphmem_query_names", None)
    if names is None:
        found: set[str] = set()
        pending = [route.dependant]
        while pending:  # the dependency tree, walked by hand: FastAPI's flatteners are private and move
            d = pending.pop()
            found.update(p.alias for p in d.query_params)
            pending.extend(d.dependencies)
        names = frozenset(found)
        route.graphmem_query_names = names
    return names


async def known_query_only(request: Request) -> None:
    """Refuse query parameters the route does not declare (422 `unknown_parameter` naming each): a
    misspelt `as_of` must not silently answer today's state. Every router carries this dependency.

    Raises:
        InvalidInput: one or more unknown query parameter names.
    """
    route = request.scope.get("route")
    if route is None or not request.query_params:
        return
    declared = declared_query(route)
    unknown = sorted({name for name in request.query_params.keys() if name not in declared})
    if unknown:
        takes = ", ".join(sorted(declared)) or "none"
        raise InvalidInput(f"unknown query parameters: {', '.join(unknown)} (this route takes: {takes})",
                           code="unknown_parameter",
                           details={"fields": [{"field": name, "message": f"unknown query parameter; this route "
                                                f"takes: {takes}"} for name in unknown]})


#: put on every APIRouter: `APIRouter(..., dependencies=KNOWN_QUERY_ONLY)`
KNOWN_QUERY_ONLY = [Depends(known_query_only)]
