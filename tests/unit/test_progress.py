"""Progress bars of the long `graphmem` commands: drawn on stderr only on a terminal, off with --quiet or
GRAPHMEM_NO_PROGRESS, and offered as --quiet by the long benchmarks and evaluations."""

from __future__ import annotations

import fcntl
import os
import pty
import struct
import sys
import termios
from pathlib import Path

import click
import pytest

from graphmem_tools import progress

ROOT = Path(__file__).resolve().parents[2]
DRAW = ("import sys, time\nsys.path.insert(0, sys.argv[1])\nfrom graphmem_tools.progress import bar\n"
        "for _ in bar(range(3), desc='seeding', unit='turn'):\n    time.sleep(0.3)\nprint('done')\n")


def test_off_unless_stderr_is_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GRAPHMEM_NO_PROGRESS", raising=False)
    monkeypatch.setattr(sys, "stderr", open(os.devnull, "w"))  # noqa: SIM115 - closed by the interpreter
    assert not progress.enabled()
    assert progress.bar(range(2)).disable
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert progress.enabled() and not progress.enabled(quiet=True)
    monkeypatch.setenv("GRAPHMEM_NO_PROGRESS", "1")
    assert not progress.enabled()


def test_drawn_on_a_terminal_and_cleared() -> None:
    pid, fd = pty.fork()
    if pid == 0:  # the child: a terminal of 100 columns on stdin, stdout and stderr
        os.execv(sys.executable, [sys.executable, "-c", DRAW, str(ROOT)])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 100, 0, 0))
    out = b""
    while True:
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    os.waitpid(pid, 0)
    text = out.decode("utf-8", "replace")
    assert "seeding:" in text and "/3 [" in text, text  # drawn
    assert text.endswith(" \rdone\r\n"), text  # then blanked (leave=False): the command's own lines stay


@pytest.mark.parametrize("module", ["graphmem_tools.bench.search", "graphmem_tools.bench.recall",
                                    "graphmem_tools.bench.temporal", "graphmem_tools.bench.workflows",
                                    "graphmem_tools.evals.locomo", "graphmem_tools.evals.mind2web"])
def test_long_commands_take_quiet(module: str) -> None:
    import importlib

    command = importlib.import_module(module).command
    assert isinstance(command, click.Command)
    assert "--quiet" in [opt for p in command.params for opt in p.opts], module
