"""Evaluations on real data sets: each module exposes a click `command`, run as `graphmem eval <name>`."""
