"""JSON log lines with a request id; memory text and values never appear (see graphmem.privacy)."""

from __future__ import annotations

import json
import logging
from contextvars import ContextVar
from typing import Any

request_id_var: ContextVar[str] = ContextVar("request_id", default="-")

_STANDARD = set(vars(logging.makeLogRecord({})).keys()) | {"message", "asctime"}
_base_factory = logging.getLogRecordFactory()


def _record_with_request_id(*args: Any, **kwargs: Any) -> logging.LogRecord:
    """Stamp every record with the request id when it is made, so that a handler formatting it later
    (a queue, a test's capture) still knows which request it belongs to."""
    record = _base_factory(*args, **kwargs)
    record.request_id = request_id_var.get()
    return record


if getattr(_base_factory, "__name__", "") != "_record_with_request_id":  # once, also on re-import
    logging.setLogRecordFactory(_record_with_request_id)


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        body: dict[str, Any] = {
            "ts": self.formatTime(record, "%Y-%m-%dT%H:%M:%S"),
            "level": record.levelname,
            "logger": record.name,
            "msg": record.getMessage(),
            "request_id": getattr(record, "request_id", None) or request_id_var.get(),
        }
        body.update({k: v for k, v in vars(record).items() if k not in _STANDARD})
        if record.exc_info:
            body["exc"] = self.formatException(record.exc_info)
        return json.dumps(body, default=str)


def configure(level: str = "INFO") -> None:
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    logging.getLogger("neo4j").setLevel("WARNING")
