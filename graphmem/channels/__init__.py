"""Memory channels: exact, temporal and graph (facts about entities), window, summary, workflow."""
