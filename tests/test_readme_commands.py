"""The README's commands work as written: every command that runs the project's code (main.py,
a tool, a benchmark, the package) runs it with the project's environment, ``.venv/bin/python``
(a bare ``python`` fails with ModuleNotFoundError: polib unless the venv is active), and the README
says how long the whole test run takes."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
#: A Python that runs the project's code: a file of the repository or the package.
RUNS_PROJECT = re.compile(r"(?P<python>\S*python3?)\s+(?P<what>main\.py|bench/\S+\.py|tools/\S+\.py|-m kidgames\b)")


def commands() -> list[str]:
    """The README's commands: its code blocks' lines and its inline code."""
    blocks = re.findall(r"```[^\n]*\n(.*?)```", README, flags=re.S)
    lines = [line for block in blocks for line in block.splitlines()]
    inline = re.findall(r"`([^`\n]+)`", re.sub(r"```.*?```", "", README, flags=re.S))
    return lines + inline


def test_every_command_that_runs_the_project_uses_the_venv_python():
    found = [(m.group("python"), m.group("what")) for command in commands() for m in RUNS_PROJECT.finditer(command)]
    assert len(found) >= 5, found            # main.py, levels, make_voices, app_bench, -m kidgames
    bare = [f"{python} {what}" for python, what in found if python != ".venv/bin/python"]
    assert not bare, f"run without the project's environment: {bare}"


def test_the_commands_named_start_with_the_venv_python():
    """The venv's python finds every module the commands need (--help or a listing: quick)."""
    python = Path(sys.executable)
    for args in (["main.py", "--voice-clips", "en"], ["bench/levels.py", "--help"], ["tools/make_voices.py", "--help"]):
        done = subprocess.run([str(python), *args], cwd=ROOT, capture_output=True, text=True, timeout=120,
                              env={"PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                                   "PYGAME_HIDE_SUPPORT_PROMPT": "1"})
        assert done.returncode == 0 and "ModuleNotFoundError" not in done.stderr, (args, done.stderr[-500:])


def test_the_readme_says_how_long_the_whole_test_run_takes():
    about = README[README.index("pytest -n auto"):]
    assert re.search(r"\b\d+(\.\d+)? minutes\b.{0,200}\b2 cores\b|\b2 cores\b.{0,200}\b\d+(\.\d+)? minutes\b",
                     about[:1500], flags=re.S), "the time of a full run, and the machine it was measured on"
