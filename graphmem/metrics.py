"""Prometheus metrics: request latency per route and status, Neo4j time per named query.

Kept in a registry of our own so that tests and several apps in one process do not collide."""

from __future__ import annotations

import threading

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

REGISTRY = CollectorRegistry(auto_describe=True)

_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)

REQUEST_SECONDS = Histogram(
    "graphmem_request_seconds", "HTTP request latency", ["method", "route", "status"],
    registry=REGISTRY, buckets=_BUCKETS,
)
QUERY_SECONDS = Histogram(
    "graphmem_neo4j_query_seconds", "Neo4j time per named query", ["query"],
    registry=REGISTRY, buckets=_BUCKETS,
)
ERRORS = Counter("graphmem_errors_total", "Errors returned, by code", ["code"], registry=REGISTRY)
RECALL_ITEMS = Counter(
    "graphmem_recall_items", "Recall items per channel: returned, judged (in answers that got feedback), used",
    ["channel", "count"], registry=REGISTRY)
NAME_COPIES = Counter(
    "graphmem_name_copy_reads_total", "Name questions by the process's copy of the names: answered, stale (read again "
    "by the index), none (no copy yet, or nobody in it holds a word of the question), nobody (a value that may be a "
    "name, answered without a read by a copy at the stamp its recall had just read)", ["outcome"], registry=REGISTRY)
HIT_RATE = Gauge("graphmem_recall_hit_rate", "Items used / items judged per channel, since this process started",
                 ["channel"], registry=REGISTRY)
_judged: dict[str, list[int]] = {}  # channel -> [judged, used], for HIT_RATE
_lock = threading.Lock()


def observe_feedback(channel: str, judged: int, used: int) -> None:
    RECALL_ITEMS.labels(channel=channel, count="judged").inc(judged)
    RECALL_ITEMS.labels(channel=channel, count="used").inc(used)
    with _lock:
        totals = _judged.setdefault(channel, [0, 0])
        totals[0] += judged
        totals[1] += used
        if totals[0]:
            HIT_RATE.labels(channel=channel).set(totals[1] / totals[0])


def observe_query(name: str, seconds: float) -> None:
    QUERY_SECONDS.labels(query=name).observe(seconds)


def observe_request(method: str, route: str, status: int, seconds: float) -> None:
    REQUEST_SECONDS.labels(method=method, route=route, status=str(status)).observe(seconds)


def render() -> bytes:
    return generate_latest(REGISTRY)
