"""Tenants for operators (admin keys): list the namespaces, export one, import an export into a new one, delete
one whole (offboarding) and follow it."""

from __future__ import annotations

import tempfile
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response
from fastapi.responses import StreamingResponse
from starlette.concurrency import run_in_threadpool

from api.deps import KNOWN_QUERY_ONLY, NamespaceDep, PrincipalDep, StoreDep
from api.schemas.tenants import DeletionOut, ImportOut, NamespaceOut, NamespacesOut
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


SPOOL_BYTES = 16 * 1024 * 1024  # an uploaded export is kept in memory up to this, then in a temporary file
WRITE_BYTES = 1 << 20  # what the upload gathers before writing it to the spool


@router.get("/v1/{ns}/export", responses={**_ERRORS, 200: {
    "description": "NDJSON: a header line, a line per node and per relationship, an end line",
    "content": {"application/x-ndjson": {}}}}, response_class=StreamingResponse)
def export_namespace(ns: NamespaceDep, principal: PrincipalDep, store: StoreDep,
                     vectors: Annotated[bool, Query(description="include the vectors (else the import embeds "
                                                                "again with its store's model)")] = True
                     ) -> StreamingResponse:
    """Everything the namespace holds, streamed as NDJSON with every version's bitemporal stamps: entities and
    every fact version, relations, sessions and turns, summaries, trajectories and workflows, erasure records.
    What an erasure hid is never in it (erased turns come stripped, erasures as tombstones). Without the end
    line the export was cut short."""
    principal.require_role("admin")
    return StreamingResponse(tenants.export_ndjson(store, ns, vectors=vectors), media_type="application/x-ndjson",
                             headers={"Content-Disposition": f'attachment; filename="{ns.name}.ndjson"'})


@router.post("/v1/{ns}/import", response_model=ImportOut, responses={
    **_ERRORS, 409: {"description": "the namespace holds memory, or another export's import"},
    422: {"description": "a line is not what an export holds (named in the error), or the export was cut short"}},
    openapi_extra={"requestBody": {"required": True, "description": "an export, as GET /v1/{ns}/export wrote it",
                                   "content": {"application/x-ndjson": {"schema": {"type": "string"}}}}})
async def import_namespace(ns: NamespaceDep, principal: PrincipalDep, store: StoreDep, request: Request) -> ImportOut:
    """Import an export (the body: its NDJSON, as `GET /v1/{ns}/export` wrote it) into this namespace, which must
    hold nothing. Idempotent and resumable: posting the same export again after a stop (or a cut upload)
    resumes where the last whole batch ended; after the end it writes nothing. Re-embeds when the export
    holds no vectors (or another model's)."""
    principal.require_role("admin")
    with tempfile.SpooledTemporaryFile(max_size=SPOOL_BYTES) as body:
        # past SPOOL_BYTES the spool is a file on disk: its writes go to a thread, a megabyte at a time, so a
        # large upload never blocks the event loop (and every other request) on the disk
        pending = bytearray()
        async for chunk in request.stream():
            pending += chunk
            if len(pending) >= WRITE_BYTES:
                await run_in_threadpool(body.write, bytes(pending))
                pending.clear()
        await run_in_threadpool(body.write, bytes(pending))
        body.seek(0)
        result = await run_in_threadpool(tenants.import_namespace, store, ns, body, by=principal.key_id)
    return ImportOut.from_domain(result)


@router.get("/v1/{ns}/import", response_model=ImportOut, responses={
    **_ERRORS, 404: {"description": "nothing was imported into the namespace"}})
def read_import(ns: NamespaceDep, principal: PrincipalDep, store: StoreDep) -> ImportOut:
    """The namespace's import: `running` (lines written so far; post the same export again to resume) or `done`."""
    principal.require_role("admin")
    found = tenants.import_status(store, ns)
    if found is None:
        raise NotFound(f"nothing was imported into namespace {ns.name!r}", code="no_import")
    return ImportOut.from_domain(found)
