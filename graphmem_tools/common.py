"""What every `graphmem` command shares: its settings, and graphmem errors as one clear message."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

import click

from graphmem.errors import GraphmemError
from graphmem.settings import Settings, load_settings

F = TypeVar("F", bound=Callable[..., Any])


def settings() -> Settings:
    return load_settings()


def friendly(fn: F) -> F:
    """Graphmem errors as one clear message and exit 1 (click's `Error: …`), instead of a traceback."""

    @wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except GraphmemError as exc:
            raise click.ClickException(str(exc)) from exc

    return wrapper  # type: ignore[return-value]
