"""Workflow induction without an LLM: grouping, parameter abstraction, consensus step sequence,
dedupe by action signature, risk points. Pure: no I/O, no database, no model; embeddings for
grouping untyped runs arrive precomputed. `graphmem.channels.workflow` stores and serves it.
"""

from graphmem.induction.consensus import StepKey, consensus, risk_points, step_keys, support, weighted_consensus
from graphmem.induction.grouping import (
    DEFAULT_THRESHOLD,
    cosine,
    group_key,
    leader_clusters,
    mask_task,
    nearest_leader,
    overlap,
    plan_merges,
    redact_personal,
)
from graphmem.induction.induce import (
    FIT_POOL,
    FIT_RUNS,
    FIT_SCAN,
    FIT_SHARE,
    MAX_EXAMPLES,
    fit_to_task,
    humanise,
    induce_group,
    induce_type,
    nearest_runs,
    procedure_key,
    version_reason,
)
from graphmem.induction.lexical import example_overlap, group_terms, idf_cosines, type_overlap, words
from graphmem.induction.model import KINDS, OUTCOMES, Induced, Param, Risk, Run, Step, Use, WorkflowStep, make_run
from graphmem.induction.params import abstract
from graphmem.induction.procedures import PROCEDURE_THRESHOLD, split_procedures
from graphmem.induction.shapes import appears_in, describe_values, fill_params, shape
from graphmem.induction.subroutines import blur, share_blocks
from graphmem.induction.templates import generalise, learn_templates, value_span

__all__ = [
    "DEFAULT_THRESHOLD", "FIT_POOL", "FIT_RUNS", "FIT_SCAN", "FIT_SHARE", "KINDS", "MAX_EXAMPLES", "OUTCOMES", "PROCEDURE_THRESHOLD", "Use", "Induced", "Param", "Risk", "Run", "Step", "StepKey",
    "WorkflowStep", "abstract", "fit_to_task", "idf_cosines", "nearest_runs", "weighted_consensus", "appears_in", "blur", "generalise", "induce_type", "learn_templates",
    "procedure_key", "example_overlap", "group_terms", "type_overlap", "words", "share_blocks", "split_procedures", "value_span", "consensus", "cosine", "describe_values", "fill_params",
    "group_key", "humanise", "induce_group", "leader_clusters", "make_run", "mask_task", "nearest_leader", "overlap",
    "plan_merges", "redact_personal", "risk_points", "shape", "step_keys", "support", "version_reason",
]
