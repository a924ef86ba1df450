"""Erasure, purge and the compliance view (compliance and admin keys)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Path, Query

from api.deps import KNOWN_QUERY_ONLY, EraserDep, NamespaceDep, PrincipalDep, StoreDep
from api.schemas.privacy import DossierOut, ErasureIn, ErasureOut, ErasuresOut, PurgeIn, PurgeOut
from graphmem import privacy
from graphmem.privacy import MAX_REASON_CHARS
from graphmem.types import check_view

router = APIRouter(prefix="/v1/{ns}", tags=["privacy"], dependencies=KNOWN_QUERY_ONLY)

_ERRORS: dict[int | str, dict[str, Any]] = {401: {"description": "no or unknown API key"},
           403: {"description": "namespace or role not allowed"},
           422: {"description": "invalid field (named in details)"}}


@router.delete("/entities/{key}", response_model=ErasureOut, responses={
    **_ERRORS, 404: {"description": "no such entity"}})
def erase_entity(
    ns: NamespaceDep,
    principal: EraserDep,
    store: StoreDep,
    key: Annotated[str, Path(min_length=1, max_length=512, description="the entity key")],
    body: Annotated[ErasureIn | None, Body()] = None,
    reason: Annotated[str | None, Query(max_length=MAX_REASON_CHARS, description="why (or in the body)")] = None,
) -> ErasureOut:
    """Erase an entity (logical): it, its versions, relations, and every turn and summary mentioning it
    leave the application view at once. Erasing again returns the first erasure record."""
    why = body.reason if body is not None and body.reason is not None else reason
    record = privacy.erase_entity(store, ns, key=key, reason=why, by=principal.key_id)
    return ErasureOut.from_domain(record)


@router.post("/purge", response_model=PurgeOut, responses=_ERRORS)
def purge(
    ns: NamespaceDep,
    principal: EraserDep,
    store: StoreDep,
    body: Annotated[PurgeIn | None, Body()] = None,
) -> PurgeOut:
    """Remove for good what was erased more than the retention period ago, leaving tombstones."""
    days = body.older_than_days if body is not None else None
    return PurgeOut.from_domain(privacy.purge(store, ns, by=principal.key_id, older_than_days=days))


@router.get("/erasures", response_model=ErasuresOut, responses=_ERRORS)
def erasures(
    ns: NamespaceDep,
    principal: PrincipalDep,
    store: StoreDep,
    limit: Annotated[int, Query(ge=1, le=1000, description="at most this many of each")] = 100,
) -> ErasuresOut:
    """The compliance view: what was erased, when, why and by whom, and each purge run."""
    check_view(principal.role, "compliance")
    return ErasuresOut(erasures=[ErasureOut.from_domain(r) for r in privacy.list_erasures(store, ns, limit=limit)],
                       purges=[PurgeOut.from_domain(p) for p in privacy.list_purges(store, ns, limit=limit)])


@router.get("/entities/{key}/dossier", response_model=DossierOut, responses={
    **_ERRORS, 404: {"description": "no such entity, and no erasure of that key"}})
def dossier(
    ns: NamespaceDep,
    principal: PrincipalDep,
    store: StoreDep,
    key: Annotated[str, Path(min_length=1, max_length=512, description="the entity key")],
) -> DossierOut:
    """What do you hold about me? Everything the namespace holds about one entity (compliance view): every
    fact and relation version, the turns, summaries, trajectories, workflows and cached answers holding any
    of its spellings (found by the erasure's own scan), other records' copies, and its erasure records."""
    check_view(principal.role, "compliance")
    return DossierOut.from_domain(privacy.dossier(store, ns, key))
