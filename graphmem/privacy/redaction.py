"""`redact()` for logs: memory content replaced by its size. Pure."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# --- redaction for logs (pure) ---------------------------------------------------------------

#: parameter names whose values are memory content: never logged, only their size
SENSITIVE = frozenset({
    "text", "texts", "value", "values", "name", "query", "reason", "speaker", "embedding", "vector",
    "attributes", "facts", "turns", "steps", "args", "metadata", "properties", "needles", "key", "keys",
    "response", "body", "task", "description", "summary", "context", "error",
})
MAX_STR = 32
MAX_ITEMS = 5


def redact(params: Any, *, _depth: int = 0) -> Any:
    """A log-safe copy of query or request parameters: memory content replaced by its size.

    Sensitive names (text, value, name, query, key, embedding, …) become `<redacted N chars>` or
    `<redacted N items>`; other strings are cut to 32 characters, lists to 5 items, nesting to 4
    levels. Use it for every debug log of parameters: `log.debug("q %s", name, redact(params))`.
    """
    if _depth > 4:
        return "<…>"
    if isinstance(params, Mapping):
        out: dict[str, Any] = {}
        for k, v in params.items():
            if str(k).lower() in SENSITIVE and v is not None:
                out[str(k)] = _size(v)
            else:
                out[str(k)] = redact(v, _depth=_depth + 1)
        return out
    if isinstance(params, (list, tuple)):
        if params and all(isinstance(x, float) for x in params[:3]):
            return f"<vector {len(params)}>"
        items = [redact(v, _depth=_depth + 1) for v in params[:MAX_ITEMS]]
        if len(params) > MAX_ITEMS:
            items.append(f"<+{len(params) - MAX_ITEMS} more>")
        return items
    if isinstance(params, str):
        return params if len(params) <= MAX_STR else params[:MAX_STR] + f"…<{len(params)} chars>"
    if isinstance(params, (bytes, bytearray)):
        return f"<{len(params)} bytes>"
    return params


def _size(value: Any) -> str:
    if isinstance(value, (str, bytes, bytearray)):
        return f"<redacted {len(value)} chars>"
    if isinstance(value, (list, tuple, set, Mapping)):
        return f"<redacted {len(value)} items>"
    return "<redacted>"
