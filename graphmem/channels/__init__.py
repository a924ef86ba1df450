"""Memory channels: exact, temporal and graph (facts about entities), conversation (turns, window,
summary), search (hybrid over turns and summaries) and workflow. Each reads and writes through the store
only; recall (`graphmem.recall`) sits above them and picks among them."""
