"""`Services`, what a store's channels share besides the driver: made without a driver, so its rules
(state made once, one pool per name, close hooks in order and never stopped by one's failure) are
checked here without Neo4j."""

from __future__ import annotations

import threading
import time

from graphmem.identifiers import registry_for
from graphmem.settings import Settings
from graphmem.store import Services


def services(**given: object) -> Services:
    return Services(Settings(_env_file=None, **given))  # type: ignore[call-arg, arg-type]


def test_state_is_made_once_per_name_even_when_asked_at_once() -> None:
    svc, made, go = services(), [], threading.Barrier(8)

    def make() -> object:
        made.append(1)
        time.sleep(0.01)  # long enough for the other threads to ask meanwhile: without the lock, 8 are made
        return object()

    got: list[object] = []

    def ask() -> None:
        go.wait()
        got.append(svc.state("cache", make))

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(made) == 1 and len(got) == 8 and len({id(g) for g in got}) == 1
    assert svc.state("other", list) is not got[0]


def test_one_pool_per_name_shut_down_on_close_after_its_work() -> None:
    svc = services()
    pool = svc.executor("writes", 1)
    assert svc.executor("writes", 3) is pool and svc.executor("reads", 1) is not pool
    finished = threading.Event()
    pool.submit(lambda: finished.wait(0.05) or finished.set())
    svc.close()
    assert finished.is_set()  # close waited for the task
    try:
        pool.submit(print)
    except RuntimeError:
        pass
    else:
        raise AssertionError("a closed store's pool still took work")


def test_a_pool_made_after_a_close_hook_shuts_down_after_it() -> None:
    """A background writer registers its drain before it makes its pool (`store/_coalesce.py`): the drain
    must still be able to hand the pool its last work."""
    svc, ran = services(), []
    svc.on_close(lambda: svc.executor("flush", 1).submit(ran.append, "drained").result())
    svc.executor("flush", 1)
    svc.close()
    assert ran == ["drained"]


def test_close_hooks_run_in_order_once_each_and_a_failing_one_stops_none() -> None:
    svc, ran = services(), []

    def first() -> None:
        ran.append("first")

    def broken() -> None:
        ran.append("broken")
        raise ValueError("a helper's trouble")

    svc.on_close(first)
    svc.on_close(broken)
    svc.on_close(first)  # registered twice: runs once
    svc.on_close(lambda: ran.append("last"))
    svc.close()
    assert ran == ["first", "broken", "last"]


def test_the_registry_is_the_one_of_its_settings() -> None:
    svc = services(phone_region="DE")
    assert svc.registry is registry_for(svc.settings.identifier_patterns, "DE")
    assert services(phone_region="FR").registry is not svc.registry  # the region is the settings', not a global
