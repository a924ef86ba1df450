"""Recall: one question, the right memory channels in the right order, one merged and explained answer.

The package reads one way, downward: `timewords` (pure) feeds `plan` (pure: the asks, the intent, the
plan and the `ROUTE` table); `merge` (pure) orders and cuts the results; `hits` turns the channels'
public functions into results; `reverse` answers from fact values (who holds a value; whose values hold
the question's words); `run` reads the table and runs the steps (`recall`); `usage` counts which items agents used (the memory
hit rate).
"""

from graphmem.recall.merge import Hit, Recall, RouteStep, merge, render_context, tier, visible
from graphmem.recall.plan import (
    ROUTE,
    Ask,
    Intent,
    KeyAnswer,
    Plan,
    Rule,
    candidate_keys,
    classify,
    detect_intent,
    fast_keys,
    find_asks,
    key_answer,
    with_known_keys,
)
from graphmem.recall.run import DEFAULT_K, recall
from graphmem.recall.timewords import TimeScope, extract_time
from graphmem.recall.usage import (
    FEEDBACK_DAYS,
    ChannelStats,
    Feedback,
    drain_answers,
    item_id,
    read_stats,
    record_feedback,
)

__all__ = [
    "DEFAULT_K",
    "FEEDBACK_DAYS",
    "ChannelStats",
    "Feedback",
    "drain_answers",
    "item_id",
    "read_stats",
    "record_feedback",
    "ROUTE",
    "Ask",
    "Hit",
    "Intent",
    "KeyAnswer",
    "Plan",
    "Recall",
    "RouteStep",
    "Rule",
    "TimeScope",
    "candidate_keys",
    "classify",
    "detect_intent",
    "extract_time",
    "fast_keys",
    "find_asks",
    "key_answer",
    "merge",
    "recall",
    "render_context",
    "tier",
    "visible",
    "with_known_keys",
]
