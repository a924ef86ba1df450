"""Benchmarks: each module exposes a click `command`, run as `graphmem bench <name>`."""
