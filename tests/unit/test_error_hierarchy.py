"""Every domain error says how it reaches HTTP: `api.errors.render` reads status, code and Retry-After
off the class and has no table of its own, so a subclass without them would answer a bare 500."""

from __future__ import annotations

import importlib
import pkgutil
import re

import graphmem
from graphmem.errors import GraphmemError, PayloadTooLarge


def _all_subclasses() -> list[type[GraphmemError]]:
    # import every module first: a subclass defined outside graphmem.errors would exist only once its
    # module is loaded (and is then a failure of test_every_error_class_lives_in_graphmem_errors)
    for info in pkgutil.walk_packages(graphmem.__path__, prefix="graphmem."):
        importlib.import_module(info.name)
    found: list[type[GraphmemError]] = []
    todo = [GraphmemError]
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return found


def test_every_error_has_an_http_status_and_a_code() -> None:
    classes = _all_subclasses()
    assert {c.__name__ for c in classes} >= {"LLMUnavailable", "PayloadTooLarge", "SchemaMissing", "InvalidInput"}
    for cls in classes:
        assert isinstance(cls.status, int) and 400 <= cls.status <= 599, cls
        assert re.fullmatch(r"[a-z][a-z0-9_]*", cls.code), cls
        assert cls.retry_after is None or (cls.status == 503 and cls.retry_after > 0), cls
        if cls.status == 503:
            assert cls.retry_after, f"{cls.__name__}: a 503 tells the client when to come back"


def test_one_llm_error_and_it_is_a_retryable_503() -> None:
    named = [c for c in _all_subclasses() if c.__name__ == "LLMUnavailable"]
    assert len(named) == 1 and named[0].__module__ == "graphmem.errors"
    assert (named[0].status, named[0].code) == (503, "llm_unavailable")


def test_every_error_class_lives_in_graphmem_errors() -> None:
    """One hierarchy in one file: a reader finds every error, its status and its code in one place."""
    assert {c.__module__ for c in _all_subclasses()} == {"graphmem.errors"}


def test_the_body_limit_has_one_wording() -> None:
    exc = PayloadTooLarge.over(2048)
    assert (exc.status, exc.code, str(exc), exc.details) == (413, "payload_too_large",
                                                             "request body over 2048 bytes", {"limit": 2048})
