"""The README's first command on a fresh home (issue 34): `graphmem serve` with nothing configured (no
NEO4J_URI, no key anywhere, an empty GRAPHMEM_HOME) starts the managed Neo4j, creates one admin key, prints
it once with the lines that use it, and serves a key-protected API: `/readyz` 200, a write with the printed
key 201, the same write without it 401. A second start on that home creates no second key.

Only the ports are set (GRAPHMEM_PORT, GRAPHMEM_BOLT_PORT, GRAPHMEM_HTTP_PORT), so that the test's server
stays clear of the session's and of anything else on the machine; the command itself is the README's."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from graphmem.localdb import free_port

pytestmark = pytest.mark.neo4j

ROOT = Path(__file__).resolve().parents[2]
KEY_LINE = "GRAPHMEM_API_KEY="


def _command() -> list[str]:
    exe = shutil.which("graphmem")  # installed by `pip install -e .`, as the README says
    return [exe, "serve"] if exe else [sys.executable, "-m", "graphmem_tools", "serve"]


@pytest.fixture
def fresh_home(tmp_path: Path) -> Iterator[dict[str, str]]:
    home = tmp_path / "home"  # does not exist yet: as on a machine that never ran graphmem
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("NEO4J_", "GRAPHMEM_"))}
    env.update(GRAPHMEM_HOME=str(home), GRAPHMEM_PORT=str(free_port()), GRAPHMEM_BOLT_PORT=str(free_port()),
               GRAPHMEM_HTTP_PORT=str(free_port()), HF_HUB_OFFLINE="1", PYTHONUNBUFFERED="1",
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    try:
        yield env
    finally:  # serve leaves the managed Neo4j running, as `graphmem db start` does: stop it
        subprocess.run([sys.executable, "-m", "graphmem_tools", "db", "stop"], env=env, cwd=tmp_path,
                       stdin=subprocess.DEVNULL, capture_output=True, timeout=120)


class Served:
    """`graphmem serve` in a child process, its output collected line by line."""

    def __init__(self, env: dict[str, str], cwd: Path) -> None:
        self.lines: list[str] = []
        self.proc = subprocess.Popen(_command(), env=env, cwd=cwd, stdin=subprocess.DEVNULL,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.url = f"http://127.0.0.1:{env['GRAPHMEM_PORT']}"
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line.rstrip("\n"))

    def wait_ready(self, timeout: float = 300.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, "graphmem serve exited:\n" + "\n".join(self.lines[-40:])
            try:
                if httpx.get(f"{self.url}/readyz", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.5)
        raise AssertionError("not ready in time:\n" + "\n".join(self.lines[-40:]))

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=10)


def test_the_first_command_serves_a_keyed_api_on_an_empty_home(fresh_home: dict[str, str], tmp_path: Path) -> None:
    served = Served(fresh_home, tmp_path)
    try:
        served.wait_ready()
        printed = [line.split(KEY_LINE, 1)[1].strip() for line in served.lines if line.startswith(KEY_LINE)]
        assert len(printed) == 1, "\n".join(served.lines)
        key = printed[0]
        out = "\n".join(served.lines)
        assert f"export GRAPHMEM_API_KEY={key}" in out and "curl -H" in out and "graphmem_client" in out
        body = {"type": "customer", "name": "Maria Lopez", "attributes": {"city": "Lisbon"}}
        r = httpx.put(f"{served.url}/v1/shop/entities/c-1001", json=body, timeout=30,
                      headers={"Authorization": f"Bearer {key}"})
        assert r.status_code == 201, r.text
        anonymous = httpx.put(f"{served.url}/v1/shop/entities/c-1002", json=body, timeout=30)
        assert anonymous.status_code == 401
        keys_file = Path(fresh_home["GRAPHMEM_HOME"]) / "keys.json"
        assert keys_file.stat().st_mode & 0o777 == 0o600
        assert key not in keys_file.read_text()  # only its hash is kept
    finally:
        served.stop()
    again = Served(fresh_home, tmp_path)  # the same home again: its key is kept, no second one is made
    try:
        again.wait_ready()
        assert not any(line.startswith(KEY_LINE) for line in again.lines), "\n".join(again.lines)
        r = httpx.get(f"{again.url}/v1/shop/entities/c-1001", timeout=30, headers={"Authorization": f"Bearer {key}"})
        assert r.status_code == 200 and r.json()["name"] == "Maria Lopez"
    finally:
        again.stop()
