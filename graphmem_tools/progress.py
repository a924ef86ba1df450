"""Progress bars for the long `graphmem` commands (bench, eval, seeding): tqdm on stderr, so stdout keeps
only the results, and off when stderr is not a terminal (CI, a log file, a pipe), with `--quiet`, or with
GRAPHMEM_NO_PROGRESS=1."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import click
from tqdm import tqdm

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")


def enabled(quiet: bool = False) -> bool:
    """Whether a bar would be drawn: stderr is a terminal, and nobody asked for silence."""
    if quiet or os.environ.get("GRAPHMEM_NO_PROGRESS", "").strip().lower() in {"1", "true", "yes"}:
        return False
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):  # a closed or replaced stream
        return False


def bar(iterable: Iterable[T] | None = None, *, total: int | None = None, desc: str | None = None,
        unit: str = "it", quiet: bool = False) -> "tqdm[T]":
    """A tqdm bar on stderr that vanishes when done (`leave=False`), so the command's own lines stay; a
    disabled one costs nothing."""
    return tqdm(iterable, total=total, desc=desc, unit=unit, file=sys.stderr, leave=False, dynamic_ncols=True,
                disable=not enabled(quiet), mininterval=0.5)


def quiet_option(fn: F) -> F:
    """`--quiet/-q`: no progress bars (they are drawn only on a terminal anyway)."""
    return click.option("--quiet", "-q", is_flag=True, help="no progress bars on stderr")(fn)
