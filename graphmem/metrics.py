"""Prometheus metrics: request latency per route and status, Neo4j time per named query.

Kept in a registry of our own so that tests and several apps in one process do not collide."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest

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


def observe_query(name: str, seconds: float) -> None:
    QUERY_SECONDS.labels(query=name).observe(seconds)


def observe_request(method: str, route: str, status: int, seconds: float) -> None:
    REQUEST_SECONDS.labels(method=method, route=route, status=str(status)).observe(seconds)


def render() -> bytes:
    return generate_latest(REGISTRY)
