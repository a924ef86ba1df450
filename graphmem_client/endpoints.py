"""One method per REST endpoint, named as the operations in `/docs`, shared by the sync and async clients.

Each method only describes its request (`Call`); `Client._call` and `AsyncClient._call` send it, so the
same method returns the decoded JSON answer on `Client` and an awaitable of it on `AsyncClient`. Arguments
left as None are not sent (the service's defaults apply). Times are ISO-8601 strings with a zone, or
aware `datetime`s.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Generic, Literal, TypeVar
from urllib.parse import quote

R = TypeVar("R")
Json = dict[str, Any]
Time = str | datetime | None
View = Literal["application", "audit", "compliance"] | None


@dataclass(frozen=True)
class Call:
    """One request: `write` POSTs carry an `Idempotency-Key` (the given one, else a new one per call,
    kept across retries)."""

    method: str
    path: str
    params: dict[str, Any] | None = None
    json: Any = None
    write: bool = False
    idempotency_key: str | None = None


def _t(value: Time) -> str | None:
    return value.isoformat() if isinstance(value, datetime) else value


def _some(**values: Any) -> dict[str, Any]:
    """The values that are not None, times as ISO-8601 text."""
    return {k: _t(v) if isinstance(v, datetime) else v for k, v in values.items() if v is not None}


def _seg(value: str) -> str:
    return quote(value, safe="")


class Endpoints(Generic[R]):
    """The REST API of one namespace. Subclasses provide `_call`."""

    namespace: str

    def _call(self, call: Call) -> R:
        raise NotImplementedError

    def _v1(self, path: str) -> str:
        return f"/v1/{_seg(self.namespace)}{path}"

    def _get(self, path: str, **params: Any) -> R:
        return self._call(Call("GET", self._v1(path), _some(**params) or None))

    def _write(self, path: str, body: Any, key: str | None) -> R:
        return self._call(Call("POST", self._v1(path), json=body, write=True, idempotency_key=key))

    # --- recall and search ---------------------------------------------------------------------------
    def recall(self, query: str, *, session: str | None = None, entity: str | None = None,
               task_type: str | None = None, valid_at: Time = None, known_at: Time = None, k: int | None = None,
               budget_tokens: int | None = None) -> R:
        """`POST /recall`: one question, channels chosen and explained, a prompt-ready `context`."""
        body = _some(query=query, session=session, entity=entity, task_type=task_type, valid_at=valid_at,
                     known_at=known_at, k=k, budget_tokens=budget_tokens)
        return self._call(Call("POST", self._v1("/recall"), json=body))

    def search(self, query: str, *, k: int | None = None, session: str | None = None, speaker: str | None = None,
               since: Time = None, until: Time = None, kinds: list[str] | None = None) -> R:
        """`POST /search`: hybrid vector + full-text search over turns and summaries."""
        body = _some(query=query, k=k, session=session, speaker=speaker, since=since, until=until, kinds=kinds)
        return self._call(Call("POST", self._v1("/search"), json=body))

    # --- conversation --------------------------------------------------------------------------------
    def post_turn(self, session: str, text: str, *, role: str = "user", speaker: str | None = None,
                  at: Time = None, id: str | None = None, metadata: dict[str, Any] | None = None,
                  idempotency_key: str | None = None) -> R:
        """`POST /sessions/{sid}/turns`: store one turn of a session."""
        body = _some(role=role, text=text, speaker=speaker, at=at, id=id, metadata=metadata)
        return self._write(f"/sessions/{_seg(session)}/turns", body, idempotency_key)

    def post_turns(self, session: str, turns: list[dict[str, Any]], *, idempotency_key: str | None = None) -> R:
        """`POST /sessions/{sid}/turns/batch`: many turns in arrival order, all or nothing."""
        return self._write(f"/sessions/{_seg(session)}/turns/batch", {"turns": turns}, idempotency_key)

    def get_window(self, session: str, *, size: int | None = None, view: View = None) -> R:
        """`GET /sessions/{sid}/window`: the last N turns, newest last."""
        return self._get(f"/sessions/{_seg(session)}/window", size=size, view=view)

    def get_summary(self, session: str, *, view: View = None) -> R:
        """`GET /sessions/{sid}/summary`: the structured summary of what left the window."""
        return self._get(f"/sessions/{_seg(session)}/summary", view=view)

    def get_turn(self, turn_id: str, *, view: View = None) -> R:
        """`GET /turns/{turn_id}`: one turn by its exact id."""
        return self._get(f"/turns/{quote(turn_id, safe='/')}", view=view)

    # --- entities and facts --------------------------------------------------------------------------
    def put_entity(self, key: str, *, type: str, name: str | None = None, attributes: dict[str, Any] | None = None,
                   valid_from: Time = None, source: str | None = None, reason: str | None = None) -> R:
        """`PUT /entities/{key}`: create or merge an entity; the given attributes are asserted."""
        body = _some(type=type, name=name, attributes=attributes, valid_from=valid_from, source=source, reason=reason)
        return self._call(Call("PUT", self._v1(f"/entities/{_seg(key)}"), json=body))

    def read_entity(self, key: str, *, valid_at: Time = None, known_at: Time = None, view: View = None) -> R:
        """`GET /entities/{key}`: the entity as true at `valid_at`, as believed at `known_at`."""
        return self._get(f"/entities/{_seg(key)}", valid_at=valid_at, known_at=known_at, view=view)

    def read_history(self, key: str, *, attribute: str | None = None, view: View = None) -> R:
        """`GET /entities/{key}/history`: every version with its four timestamps."""
        return self._get(f"/entities/{_seg(key)}/history", attribute=attribute, view=view)

    def assert_fact(self, entity: str, attribute: str, value: Any, *, valid_from: Time = None,
                    valid_to: Time = None, source: str | None = None, reason: str | None = None,
                    idempotency_key: str | None = None) -> R:
        """`POST /facts`: the value holds for `[valid_from, valid_to)` (never overwrites history)."""
        body = _some(entity=entity, attribute=attribute, valid_from=valid_from, valid_to=valid_to,
                     source=source, reason=reason)
        return self._write("/facts", {**body, "value": value}, idempotency_key)

    def assert_batch(self, facts: list[dict[str, Any]], *, idempotency_key: str | None = None) -> R:
        """`POST /facts/batch`: facts in order, in one transaction, all or nothing."""
        return self._write("/facts/batch", {"facts": facts}, idempotency_key)

    def retract_fact(self, entity: str, attribute: str, *, value: Any = None, valid_from: Time = None,
                     valid_to: Time = None, source: str | None = None, reason: str | None = None,
                     idempotency_key: str | None = None) -> R:
        """`POST /facts/retract`: the value stops being valid at `valid_from` (default now)."""
        body = _some(entity=entity, attribute=attribute, value=value, valid_from=valid_from, valid_to=valid_to,
                     source=source, reason=reason)
        return self._write("/facts/retract", body, idempotency_key)

    def lookup(self, attribute: str, value: Any, *, type: str | None = None, valid_at: Time = None,
               known_at: Time = None, view: View = None) -> R:
        """`GET /lookup`: entities whose attribute equals the value exactly (identifiers normalised)."""
        text = str(value).lower() if isinstance(value, bool) else str(value)
        return self._get("/lookup", attribute=attribute, value=text, type=type, valid_at=valid_at,
                         known_at=known_at, view=view)

    def relate(self, from_: str, type: str, to: str, *, valid_from: Time = None, valid_to: Time = None,
               properties: dict[str, Any] | None = None, source: str | None = None, reason: str | None = None,
               idempotency_key: str | None = None) -> R:
        """`POST /relations`: relate two entities for `[valid_from, valid_to)`; `type` is UPPER_SNAKE."""
        body = _some(type=type, to=to, valid_from=valid_from, valid_to=valid_to, properties=properties,
                     source=source, reason=reason)
        return self._write("/relations", {"from": from_, **body}, idempotency_key)

    def unrelate(self, from_: str, type: str, *, to: str | None = None, valid_from: Time = None,
                 valid_to: Time = None, source: str | None = None, reason: str | None = None,
                 idempotency_key: str | None = None) -> R:
        """`POST /relations/retract`: end a relation (one target, or every target of the type)."""
        body = _some(type=type, to=to, valid_from=valid_from, valid_to=valid_to, source=source, reason=reason)
        return self._write("/relations/retract", {"from": from_, **body}, idempotency_key)

    def read_graph(self, start: str, *, depth: int | None = None, valid_at: Time = None, known_at: Time = None,
                   view: View = None) -> R:
        """`GET /graph` (JSON): entities within `depth` hops and their relations, as of both axes."""
        return self._get("/graph", start=start, depth=depth, valid_at=valid_at, known_at=known_at, view=view)

    def declare_attribute(self, name: str, *, many: bool) -> R:
        """`PUT /attributes/{name}`: declare an attribute many-valued or single-valued."""
        return self._call(Call("PUT", self._v1(f"/attributes/{_seg(name)}"), json={"many": many}))

    def read_attribute(self, name: str) -> R:
        """`GET /attributes/{name}`: how the attribute is declared."""
        return self._get(f"/attributes/{_seg(name)}")

    def declare_relation_type(self, type: str, *, many: bool) -> R:
        """`PUT /relation-types/{type}`: declare a relation type single- or many-valued."""
        return self._call(Call("PUT", self._v1(f"/relation-types/{_seg(type)}"), json={"many": many}))

    def read_relation_type(self, type: str) -> R:
        """`GET /relation-types/{type}`: how the relation type is declared."""
        return self._get(f"/relation-types/{_seg(type)}")

    # --- workflows -----------------------------------------------------------------------------------
    def post_trajectory(self, task: str, steps: list[dict[str, Any]], outcome: Literal["success", "failure"], *,
                        task_type: str | None = None, failed_step: int | None = None, error: str | None = None,
                        id: str | None = None, at: Time = None, idempotency_key: str | None = None) -> R:
        """`POST /trajectories`: report a run (steps of `{"action", "args"}`); its workflow is updated."""
        body = _some(task=task, task_type=task_type, steps=steps, outcome=outcome, failed_step=failed_step,
                     error=error, id=id, at=at)
        return self._write("/trajectories", body, idempotency_key)

    def induce(self, *, task_type: str | None = None, llm: bool = False, idempotency_key: str | None = None) -> R:
        """`POST /workflows/induce`: offline induction from the stored trajectories."""
        return self._write("/workflows/induce", _some(task_type=task_type, llm=llm), idempotency_key)

    def match(self, *, task: str | None = None, task_type: str | None = None, k: int | None = None) -> R:
        """`GET /workflows`: workflows for a task, best first (exact task_type, else similarity)."""
        return self._get("/workflows", task=task, task_type=task_type, k=k)

    def history(self, workflow_id: str) -> R:
        """`GET /workflows/{id}/history`: every version of a workflow, oldest first."""
        return self._get(f"/workflows/{_seg(workflow_id)}/history")

    # --- privacy -------------------------------------------------------------------------------------
    def erase_entity(self, key: str, *, reason: str) -> R:
        """`DELETE /entities/{key}`: logical erasure, everywhere at once (compliance, admin)."""
        return self._call(Call("DELETE", self._v1(f"/entities/{_seg(key)}"), json={"reason": reason}))

    def purge(self, *, older_than_days: float | None = None, idempotency_key: str | None = None) -> R:
        """`POST /purge`: physically remove erasures older than the retention period."""
        return self._write("/purge", _some(older_than_days=older_than_days), idempotency_key)

    def erasures(self, *, limit: int | None = None) -> R:
        """`GET /erasures`: the compliance view (erasures and purge runs)."""
        return self._get("/erasures", limit=limit)

    # --- health --------------------------------------------------------------------------------------
    def healthz(self) -> R:
        """`GET /healthz`: the process is alive."""
        return self._call(Call("GET", "/healthz"))

    def readyz(self) -> R:
        """`GET /readyz`: Neo4j answers, the schema is applied and the embedding model is loaded."""
        return self._call(Call("GET", "/readyz"))
