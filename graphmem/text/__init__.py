"""Text work that needs no database: the extractive summariser, entity spans, the LLM client.

| module | holds |
|---|---|
| `summarise.py` | the structured extractive summary of a window of turns |
| `entity_spans.py` | the names and things a text mentions, for summaries |
| `regex_gates.py` | what a regular expression needs in a text to match: skip it where it cannot |
| `llm.py` | `ChatClient`: the one configured LLM endpoint (summaries, extraction, workflow naming) |
"""
