"""Faults that broke a family's saves (issue 31): a save job that fails in an unforeseen way (2),
a lock file that locks nothing (3), a lock file or saves folder removed while a game is open (4),
the error screen's promise of a save that is not there (5), the signals that end the app (7) and a
reason that names what is really there (9).  Where the fault is a process's (a hang, a signal) a
real copy of the app runs as a child process with a time limit."""
from __future__ import annotations

import errno
import json
import os
import selectors
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import filelock
import pytest

from kidgames.core import saving
from kidgames.core.protocol import Action
from kidgames.core.seats import Seat
from kidgames.games import GAMES
from kidgames.ui.dialog import MessageScene, SavingMessage
from kidgames.ui.game import GameScene, start_game_scene
from kidgames.ui.menu import MenuScene, report_problems
from kidgames.ui.results import ResultsScene
from ui_driver import FRAME, make_app, run_until, state_of, tap_button

ROOT = Path(__file__).resolve().parent.parent
TESTS = Path(__file__).resolve().parent
ANNA_BEN = [Seat("Anna", "red"), Seat("Ben", "blue")]


def a_move(app, scene) -> None:
    assert run_until(app, lambda: app.top is scene and scene.person_can_act(), 20), "a person may move"
    scene.submit(state_of(scene).legal_actions()[0])
    app.frame(FRAME)


def until(app, condition, seconds: float = 5.0) -> bool:
    """Frames at about the real frame rate until ``condition`` (the writes run in real time)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        app.frame(FRAME)
        time.sleep(FRAME / 2)
    return condition()


def on_disk(home: Path, game_id: str = "knights"):
    return json.loads((home / "saves" / f"{game_id}.json").read_text())["state"]


def child_env(home: Path) -> dict:
    return dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(TESTS)]), KIDGAMES_HOME=str(home),
                SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


def lines_until(proc, prefix: str, seconds: float) -> list[str]:
    """The child's lines up to and with the first that starts with ``prefix`` (within ``seconds``)."""
    seen: list[str] = []
    selector = selectors.DefaultSelector()
    selector.register(proc.stdout, selectors.EVENT_READ)
    end = time.monotonic() + seconds
    try:
        while time.monotonic() < end:
            if not selector.select(max(0.0, end - time.monotonic())):
                break
            line = proc.stdout.readline()
            if not line:
                break
            seen.append(line.rstrip("\n"))
            if line.startswith(prefix):
                return seen
    finally:
        selector.close()
    raise AssertionError(f"no {prefix!r} from the app within {seconds} s; it said {seen}")


def lock_is_free(home: Path, game_id: str = "knights") -> bool:
    """Asked from a process of its own (a lock is the operating system's, per process)."""
    probe = ("import filelock, sys\n"
             "try:\n    filelock.FileLock(sys.argv[1]).acquire(timeout=0); print('free')\n"
             "except filelock.Timeout:\n    print('held')\n")
    out = subprocess.run([sys.executable, "-c", probe, str(home / "saves" / f"{game_id}.lock")],
                         capture_output=True, text=True, timeout=60).stdout.strip()
    return out == "free"


# -- 5: the error screen's sentence -------------------------------------------------------------------
@pytest.fixture
def no_raise(monkeypatch):
    monkeypatch.delenv("KIDGAMES_RAISE", raising=False)


def test_an_error_on_the_menu_promises_no_save(tmp_path, no_raise):
    app = make_app(tmp_path)
    app.recover(RuntimeError("a bug in the menu"))
    assert isinstance(app.top, MessageScene)
    assert app.top.text == "Something went wrong, so here is the menu again."


def test_an_error_on_the_results_of_a_finished_game_promises_no_save(tmp_path, no_raise):
    app = make_app(tmp_path)
    scene = start_game_scene(app, "knights", ANNA_BEN, seed=3)
    assert run_until(app, lambda: scene.person_can_act(), 20)
    state_of(scene).positions[0] = "s2"              # a six from here reaches the castle
    scene.submit(Action("roll", die=6))
    assert run_until(app, lambda: isinstance(app.top, ResultsScene), 60)
    app.saves.flush()
    assert not app.saves.exists("knights"), "a finished game leaves no save"
    app.recover(RuntimeError("a bug on the results"))
    assert app.top.text == app.t("error.text.nogame")
    assert app.saves.saved_games(GAMES) == {}


def test_an_error_in_a_game_on_the_disk_says_it_is_saved_and_continue_is_there(tmp_path, no_raise):
    app = make_app(tmp_path)
    scene = start_game_scene(app, "knights", ANNA_BEN, seed=3)
    a_move(app, scene)
    app.recover(RuntimeError("a bug in the game"))
    assert app.top.text == app.t("error.text")
    assert "knights" in app.saves.saved_games(GAMES), "Continue is on the menu"


def test_an_error_in_a_game_whose_last_move_is_not_on_the_disk_says_so(tmp_path, no_raise, monkeypatch):
    app = make_app(tmp_path)
    scene = start_game_scene(app, "knights", ANNA_BEN, seed=3)
    app.saves.flush()

    def full(path, raw):
        raise OSError(errno.ENOSPC, "No space left on device", str(path))
    monkeypatch.setattr(saving, "write_bytes_atomic", full)
    a_move(app, scene)
    app.recover(RuntimeError("a bug in the game"))
    assert app.top.text == app.t("error.text.unsaved")
