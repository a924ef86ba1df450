"""The app's routers are tried in `api.app.ROUTERS`' order, hot paths first: that is safe only while no two routes
answer one method and path, whatever their order. A path parameter filled with any route's literal segment
("recall", "batch", "history"...) is where two routes could collide."""

from __future__ import annotations

import importlib
import pkgutil
import re

import api.routes

from starlette.routing import compile_path

from api.app import ROUTERS

ROUTES = [(method, route.path) for router in ROUTERS for route in router.routes
          for method in sorted(getattr(route, "methods", ()) or ())]
SEGMENTS = sorted({s for _, path in ROUTES for s in path.split("/") if s and not s.startswith("{")})
PARAM = re.compile(r"\{[^}]+\}")


def test_every_router_is_listed() -> None:
    """A module of api/routes whose router is left out of ROUTERS answers 404 on all its routes."""
    modules = [importlib.import_module(f"api.routes.{m.name}") for m in pkgutil.iter_modules(api.routes.__path__)]
    assert {id(m.router) for m in modules} == {id(r) for r in ROUTERS}
    assert len(ROUTERS) == len(modules)


def test_no_two_routes_answer_one_method_and_path() -> None:
    compiled = [(method, path, compile_path(path)[0]) for method, path in ROUTES]
    for method, path in ROUTES:
        for filler in ["x-1", *SEGMENTS]:
            concrete = PARAM.sub(filler, path)
            answering = [p for m, p, regex in compiled if m == method and regex.match(concrete)]
            assert answering == [path], f"{method} {concrete} is answered by {answering}"
