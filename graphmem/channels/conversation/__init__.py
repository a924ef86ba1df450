"""Conversation memory: turns, the window of a session's latest turns, summaries of what left it.

The modules import one another only downward, never in a cycle: `turns` (the write, which folds what
leaves the window) uses `folds` (the worker writing the folded chunks' text off the request path),
`embeddings` (with GRAPHMEM_EMBED_WRITES=background, the worker writing the turns' embeddings after the POST),
`extraction` (the worker writing what an LLM extracts from turns posted with `extract`, over `extract_prompts`),
`summary` (chunk summaries), `turn_text` (what a turn's text yields, pure) and `window`; those use only `summary` and `records` (plain records, no I/O).
The pure extractive summariser stays in `graphmem.text.summarise`: the LLM client and search's query
expansion use it too, and neither should import a channel.
"""

from graphmem.channels.conversation.records import (
    AddResult,
    Chunk,
    FoldPlan,
    NewTurn,
    SessionSummary,
    SummaryPart,
    Turn,
    TurnRow,
    Window,
)
from graphmem.channels.conversation.embeddings import drain_embeddings, start_embeddings
from graphmem.channels.conversation.folds import drain_folds, refold_sessions, start_folds
from graphmem.channels.conversation.extraction import drain_extractions, start_extractions
from graphmem.channels.conversation.summary import Summariser, read_summary, summariser_for
from graphmem.channels.conversation.turns import add_turn, add_turns, archive_past_capacity, get_turn
from graphmem.channels.conversation.window import last_mentioned, read_window, split_window

__all__ = [
    "AddResult",
    "Chunk",
    "FoldPlan",
    "NewTurn",
    "SessionSummary",
    "Summariser",
    "SummaryPart",
    "Turn",
    "TurnRow",
    "Window",
    "add_turn",
    "add_turns",
    "archive_past_capacity",
    "drain_embeddings",
    "drain_extractions",
    "drain_folds",
    "get_turn",
    "read_summary",
    "last_mentioned",
    "read_window",
    "refold_sessions",
    "split_window",
    "start_embeddings",
    "start_extractions",
    "start_folds",
    "summariser_for",
]
