"""`Client` (sync) and `AsyncClient` over httpx: authentication, idempotency keys, retries, errors.

Retries: a 503 (graphmem answers it with `Retry-After` while Neo4j is unreachable or the service is not
ready), a 429, 502 or 504, and a request that never got an answer are tried again up to `retries` times,
waiting the `Retry-After` seconds when given (at most `max_delay`), else `backoff * 2**attempt` plus
jitter. Every POST that writes carries an `Idempotency-Key`, the same on each retry, so a retried write is
applied once. Any other error answer raises `GraphmemAPIError` at once.

Read-your-writes across replicas: each client keeps the last `Graphmem-Bookmark` a response carried (an
opaque token the service returns after a write) and sends it on its later calls, so that whichever
replica answers sees at least what this client wrote (`bookmark`, None until a write answered).
"""

from __future__ import annotations

import asyncio
import os
import random
import time
import uuid
from collections.abc import Coroutine
from typing import Any

import httpx

from graphmem_client.endpoints import Call, Endpoints, Json
from graphmem_client.errors import GraphmemAPIError

DEFAULT_URL = "http://127.0.0.1:8000"
RETRIED = frozenset({429, 502, 503, 504})
BOOKMARK = "Graphmem-Bookmark"


class _Config:
    """What both clients share: where, who, which namespace, and the retry policy."""

    def __init__(self, base_url: str | None, api_key: str | None, namespace: str | None, retries: int,
                 backoff: float, max_delay: float) -> None:
        self.base_url = (base_url or os.environ.get("GRAPHMEM_URL") or DEFAULT_URL).rstrip("/")
        self.api_key = api_key if api_key is not None else os.environ.get("GRAPHMEM_API_KEY")
        self.namespace = namespace or os.environ.get("GRAPHMEM_NAMESPACE") or "default"
        self.retries, self.backoff, self.max_delay = retries, backoff, max_delay
        self.bookmark: str | None = None  # the last Graphmem-Bookmark received

    def headers(self, call: Call) -> dict[str, str]:
        headers = {"Accept": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        if self.bookmark:
            headers[BOOKMARK] = self.bookmark
        if call.write:
            headers["Idempotency-Key"] = call.idempotency_key or uuid.uuid4().hex
        return headers

    def delay(self, attempt: int, response: httpx.Response | None) -> float | None:
        """Seconds to wait before trying again, or None: do not retry. Remembers the response's bookmark."""
        if response is not None and response.headers.get(BOOKMARK):
            self.bookmark = response.headers[BOOKMARK]
        if attempt >= self.retries or (response is not None and response.status_code not in RETRIED):
            return None
        after = _retry_after(response) if response is not None else None
        if after is not None:
            return min(after, self.max_delay)
        wait: float = self.backoff * 2 ** attempt + random.uniform(0, self.backoff)
        return min(wait, self.max_delay)


def _retry_after(response: httpx.Response) -> float | None:
    try:
        return max(0.0, float(response.headers["retry-after"]))
    except (KeyError, ValueError):
        return None


def decode(response: httpx.Response) -> Json:
    """The JSON answer of a 2xx, else the error envelope raised as `GraphmemAPIError`."""
    if response.is_success:
        if not response.content:
            return {}
        data = response.json()
        return data if isinstance(data, dict) else {"result": data}
    try:
        error = response.json()["error"]
        code, message, details = str(error["code"]), str(error["message"]), error.get("details")
    except (ValueError, KeyError, TypeError):
        code, message, details = "http_error", response.text[:500] or response.reason_phrase, None
    raise GraphmemAPIError(response.status_code, code, message, details,
                           request_id=response.headers.get("x-request-id"), retry_after=_retry_after(response))


def _unreachable(exc: httpx.TransportError) -> GraphmemAPIError:
    return GraphmemAPIError(None, "unreachable", f"{type(exc).__name__}: {exc}")


class Client(Endpoints[Json]):
    """The graphmem REST API for one namespace, synchronous.

    Args:
        base_url: the service, default `$GRAPHMEM_URL` or http://127.0.0.1:8000.
        api_key: the bearer key, default `$GRAPHMEM_API_KEY` (none: an open local server).
        namespace: default `$GRAPHMEM_NAMESPACE` or `default`.
        http: an httpx.Client to send through (e.g. FastAPI's TestClient); default one of our own.

    Raises:
        GraphmemAPIError: from every method, for any error answer or no answer after the retries.
    """

    def __init__(self, base_url: str | None = None, *, api_key: str | None = None, namespace: str | None = None,
                 timeout: float = 30.0, retries: int = 3, backoff: float = 0.5, max_delay: float = 30.0,
                 http: httpx.Client | None = None) -> None:
        self._cfg = _Config(base_url, api_key, namespace, retries, backoff, max_delay)
        self.namespace = self._cfg.namespace
        self._owned = http is None
        self._http = http or httpx.Client(base_url=self._cfg.base_url, timeout=timeout)

    @property
    def bookmark(self) -> str | None:
        """The last `Graphmem-Bookmark` received, sent on every later call of this client."""
        return self._cfg.bookmark

    def with_namespace(self, namespace: str) -> "Client":
        """The same connection and key, another namespace."""
        other = Client(self._cfg.base_url, api_key=self._cfg.api_key, namespace=namespace, retries=self._cfg.retries,
                       backoff=self._cfg.backoff, max_delay=self._cfg.max_delay, http=self._http)
        other._cfg.bookmark = self._cfg.bookmark  # it reads at least what this client wrote
        return other

    def request(self, method: str, path: str, *, params: dict[str, Any] | None = None, json: Any = None,
                write: bool = False, idempotency_key: str | None = None) -> Json:
        """Any route by its path (`/v1/shop/recall`), with the same headers, retries and errors."""
        return self._call(Call(method, path, params, json, write or idempotency_key is not None, idempotency_key))

    def _call(self, call: Call) -> Json:
        headers = self._cfg.headers(call)
        attempt = 0
        while True:
            try:
                response = self._http.request(call.method, call.path, params=call.params, json=call.json,
                                              headers=headers)
            except httpx.TransportError as exc:
                wait = self._cfg.delay(attempt, None)
                if wait is None:
                    raise _unreachable(exc) from exc
            else:
                wait = self._cfg.delay(attempt, response)
                if wait is None:
                    return decode(response)
            time.sleep(wait)
            attempt += 1

    def wait_ready(self, timeout: float = 120.0, interval: float = 1.0) -> Json:
        """Poll `/readyz` until it answers 200 (Neo4j, schema and model ready) or `timeout` passes."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                return self.readyz()
            except GraphmemAPIError:
                if time.monotonic() >= deadline:
                    raise
            time.sleep(interval)

    def close(self) -> None:
        if self._owned:
            self._http.close()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class AsyncClient(Endpoints[Coroutine[Any, Any, Json]]):
    """The same API for asyncio: every endpoint method is a coroutine (`await mem.recall(...)`).

    Args: as `Client`, with `http` an `httpx.AsyncClient` (e.g. over `httpx.ASGITransport(app)`).
    """

    def __init__(self, base_url: str | None = None, *, api_key: str | None = None, namespace: str | None = None,
                 timeout: float = 30.0, retries: int = 3, backoff: float = 0.5, max_delay: float = 30.0,
                 http: httpx.AsyncClient | None = None) -> None:
        self._cfg = _Config(base_url, api_key, namespace, retries, backoff, max_delay)
        self.namespace = self._cfg.namespace
        self._owned = http is None
        self._http = http or httpx.AsyncClient(base_url=self._cfg.base_url, timeout=timeout)

    @property
    def bookmark(self) -> str | None:
        """The last `Graphmem-Bookmark` received, sent on every later call of this client."""
        return self._cfg.bookmark

    def with_namespace(self, namespace: str) -> "AsyncClient":
        """The same connection and key, another namespace."""
        other = AsyncClient(self._cfg.base_url, api_key=self._cfg.api_key, namespace=namespace,
                            retries=self._cfg.retries, backoff=self._cfg.backoff, max_delay=self._cfg.max_delay,
                            http=self._http)
        other._cfg.bookmark = self._cfg.bookmark  # it reads at least what this client wrote
        return other

    def request(self, method: str, path: str, *, params: dict[str, Any] | None = None, json: Any = None,
                write: bool = False, idempotency_key: str | None = None) -> Coroutine[Any, Any, Json]:
        """Any route by its path, with the same headers, retries and errors."""
        return self._call(Call(method, path, params, json, write or idempotency_key is not None, idempotency_key))

    def _call(self, call: Call) -> Coroutine[Any, Any, Json]:
        return self._send(call)

    async def _send(self, call: Call) -> Json:
        headers = self._cfg.headers(call)
        attempt = 0
        while True:
            try:
                response = await self._http.request(call.method, call.path, params=call.params, json=call.json,
                                                    headers=headers)
            except httpx.TransportError as exc:
                wait = self._cfg.delay(attempt, None)
                if wait is None:
                    raise _unreachable(exc) from exc
            else:
                wait = self._cfg.delay(attempt, response)
                if wait is None:
                    return decode(response)
            await asyncio.sleep(wait)
            attempt += 1

    async def wait_ready(self, timeout: float = 120.0, interval: float = 1.0) -> Json:
        """Poll `/readyz` until it answers 200 or `timeout` passes."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                return await self.readyz()
            except GraphmemAPIError:
                if time.monotonic() >= deadline:
                    raise
            await asyncio.sleep(interval)

    async def aclose(self) -> None:
        if self._owned:
            await self._http.aclose()

    async def __aenter__(self) -> "AsyncClient":
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()
