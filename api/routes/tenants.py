"""Tenants for operators (admin keys): list the namespaces, delete one whole (offboarding) and follow it."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Response

from api.deps import KNOWN_QUERY_ONLY, NamespaceDep, PrincipalDep, StoreDep
from api.schemas.tenants import DeletionOut, NamespaceOut, NamespacesOut
from graphmem import tenants
from graphmem.errors import NotFound

router = APIRouter(tags=["tenants"], dependencies=KNOWN_QUERY_ONLY)

_ERRORS: dict[int | str, dict[str, Any]] = {401: {"description": "no or unknown API key"},
                                            403: {"description": "not an admin key"}}


@router.get("/v1/namespaces", response_model=NamespacesOut, responses=_ERRORS)
def list_namespaces(principal: PrincipalDep, store: StoreDep) -> NamespacesOut:
    """Every namespace holding memory that the key may use: what it holds per kind and its last write (admin;
    an admin key limited to some namespaces sees only those)."""
    principal.require_role("admin")
    return NamespacesOut(namespaces=[NamespaceOut.from_domain(n) for n in tenants.list_namespaces(store)
                                     if principal.may_use(n.name)])


@router.delete("/v1/{ns}", status_code=202, response_model=DeletionOut, responses=_ERRORS)
def delete_namespace(ns: NamespaceDep, principal: PrincipalDep, store: StoreDep, response: Response) -> DeletionOut:
    """Delete a whole namespace for good (offboarding), in the background and in batches; answers 202 at once
    with the deletion to poll (`Location`). Resumed by the next start if the process stops midway. Writes
    that reach the namespace meanwhile are deleted with it. Not an erasure: nothing is kept but this record."""
    principal.require_role("admin")
    deletion = tenants.start_deletion(store, ns, by=principal.key_id)
    response.headers["Location"] = f"/v1/{ns.name}/deletion"
    return DeletionOut.from_domain(deletion)


@router.get("/v1/{ns}/deletion", response_model=DeletionOut, responses={
    **_ERRORS, 404: {"description": "the namespace was never deleted"}})
def read_deletion(ns: NamespaceDep, principal: PrincipalDep, store: StoreDep) -> DeletionOut:
    """The namespace's latest deletion: `running` (with how many records are gone) or `done`."""
    principal.require_role("admin")
    found = tenants.deletion_status(store, ns)
    if found is None:
        raise NotFound(f"namespace {ns.name!r} has no deletion", code="no_deletion")
    return DeletionOut.from_domain(found)
