"""The tools around the library: the `graphmem` command line, benchmarks and evaluations.

They are callers of `graphmem` (like `api/`); the library imports nothing from here.
"""
