"""Trajectories and workflows: report a run, induce offline, match a task, read a workflow's history."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Path, Query

from api.deps import KNOWN_QUERY_ONLY, NamespaceDep, SettingsDep, StoreDep, WriterDep
from api.schemas.workflows import (
    InduceIn,
    InduceOut,
    TrajectoryIn,
    TrajectoryOut,
    WorkflowHistoryOut,
    WorkflowMatchOut,
    WorkflowsOut,
)
from graphmem.channels import workflow

router = APIRouter(prefix="/v1/{ns}", tags=["workflows"], dependencies=KNOWN_QUERY_ONLY)

_422: dict[int | str, dict[str, Any]] = {422: {"description": "invalid field, named in details"}}


@router.post("/trajectories", status_code=201, response_model=TrajectoryOut,
             responses={409: {"description": "a trajectory with this id exists (code duplicate_trajectory)"}, **_422})
def post_trajectory(body: TrajectoryIn, ns: NamespaceDep, _: WriterDep, store: StoreDep,
                    settings: SettingsDep) -> TrajectoryOut:
    """Store a run and update its workflow at once (online induction), in one transaction."""
    run = workflow.parse_trajectory(body.model_dump(), max_text_chars=settings.max_text_chars)
    return TrajectoryOut.of(workflow.add_trajectory(store, ns, run=run))


@router.post("/workflows/induce", response_model=InduceOut, responses=_422)
def induce(ns: NamespaceDep, _: WriterDep, store: StoreDep, settings: SettingsDep,
           body: Annotated[InduceIn | None, Body()] = None) -> InduceOut:
    """Offline induction from every stored trajectory (or one task_type's), in one transaction."""
    body = body or InduceIn.model_validate({})
    refine = workflow.refiner_from_settings(settings) if body.llm else None
    return InduceOut.of(workflow.induce_workflows(store, ns, task_type=body.task_type, refine=refine))


@router.get("/workflows", response_model=WorkflowsOut, responses=_422)
def match(ns: NamespaceDep, store: StoreDep,
          task: Annotated[str | None, Query(min_length=1, max_length=20_000, description="the task text")] = None,
          task_type: Annotated[str | None, Query(min_length=1, max_length=200)] = None,
          k: Annotated[int, Query(ge=1, le=100, description="how many workflows")] = 5) -> WorkflowsOut:
    """Workflows for a task, best first: an exact task_type first, else vector similarity of the task text."""
    found = workflow.match_workflows(store, ns, task=task, task_type=task_type, k=k)
    return WorkflowsOut(workflows=[WorkflowMatchOut.of(m) for m in found])


@router.get("/workflows/{workflow_id}/history", response_model=WorkflowHistoryOut,
            responses={404: {"description": "unknown workflow (code unknown_workflow)"}})
def history(workflow_id: Annotated[str, Path(min_length=1, max_length=200, description="a version id or the key")],
            ns: NamespaceDep, store: StoreDep) -> WorkflowHistoryOut:
    """Every version of the workflow, oldest first, each with the trajectories it was induced from."""
    return WorkflowHistoryOut.of(workflow.workflow_history(store, ns, workflow=workflow_id))
