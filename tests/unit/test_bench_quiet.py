"""`bench scale` waits for the server's merges to end before it times: the CPU watch it relies on, on real
processes (an idle one and a busy one), since a watch that always says "quiet" would time merges again."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator

import pytest

from graphmem_tools.bench._quiet import cpu_seconds, wait_quiet

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


def _child(code: str) -> Iterator[int]:
    """A real process running `code` for at most 60 s: its pid, killed afterwards."""
    proc = subprocess.Popen([sys.executable, "-c", code])
    yield proc.pid
    proc.kill()
    proc.wait()


@pytest.fixture
def idle() -> Iterator[int]:
    yield from _child("import time; time.sleep(60)")


@pytest.fixture
def busy() -> Iterator[int]:
    yield from _child("import time\nend = time.time() + 60\nwhile time.time() < end: pass")


def test_an_idle_process_is_quiet_at_once(idle: int) -> None:
    got = wait_quiet(idle, timeout=5, window=0.3, in_a_row=2)
    assert got.reached and got.share is not None and got.share < 0.10
    assert got.waited < 2


def test_a_busy_process_is_waited_for_until_the_timeout(busy: int) -> None:
    got = wait_quiet(busy, timeout=1.0, window=0.3, in_a_row=2)
    assert not got.reached
    assert got.share is not None and got.share > 0.5  # a spinning loop takes most of a core
    assert got.waited >= 1.0
    assert "NOT quiet" in got.describe()


def test_cpu_time_grows_with_work_and_is_none_for_no_process(busy: int) -> None:
    first = cpu_seconds(busy)
    subprocess.run([sys.executable, "-c", "import time; time.sleep(0.5)"], check=True)
    second = cpu_seconds(busy)
    assert first is not None and second is not None and second > first
    assert cpu_seconds(2**22 + 12345) is None  # above the kernel's pid limit: no such process


def test_no_pid_means_not_watched() -> None:
    got = wait_quiet(None, timeout=10)
    assert got.share is None and not got.reached and got.waited == 0
    assert "not watched" in got.describe()
