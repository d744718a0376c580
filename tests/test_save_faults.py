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


# -- 2: a save job that fails in an unforeseen way --------------------------------------------------
class OnceMemoryError:
    """The JSON text of the ``nth`` save made runs out of memory (once)."""

    def __init__(self, monkeypatch, nth: int) -> None:
        self.calls = 0
        real = saving.to_json_bytes

        def text(data):
            self.calls += 1
            if self.calls == nth:
                raise MemoryError()
            return real(data)
        monkeypatch.setattr(saving, "to_json_bytes", text)


def test_a_save_that_fails_unforeseen_is_a_failed_save_told_and_the_next_move_is_saved(tmp_path, monkeypatch):
    OnceMemoryError(monkeypatch, nth=2)
    store = saving.SaveStore(tmp_path, background=True)
    state = GAMES["knights"].new_state(2, seed=5)
    store.save("knights", ANNA_BEN, state)
    assert store.is_saved("knights")
    opening = on_disk(tmp_path)
    state.apply(state.legal_actions()[0])
    store.save("knights", ANNA_BEN, state)          # this one runs out of memory on the writer's thread
    assert not store.is_saved("knights"), "never said saved while the move is not on the disk"
    news = store.take_news()
    assert [n.kind for n in news] == [saving.FAILED] and news[0].why == "fault"
    assert on_disk(tmp_path) == opening
    state.apply(state.legal_actions()[0])
    store.save("knights", ANNA_BEN, state)          # the next move is written: the writer lives on
    assert store.is_saved("knights") and [n.kind for n in store.take_news()] == [saving.WORKS]
    assert on_disk(tmp_path) == state.to_json()
    assert store.close(timeout=5.0)


def test_a_save_that_fails_unforeseen_is_told_in_the_apps_language(tmp_path, monkeypatch):
    app = make_app(tmp_path, lang="de")
    scene = start_game_scene(app, "knights", ANNA_BEN, seed=3)
    app.saves.flush()
    OnceMemoryError(monkeypatch, nth=1)
    a_move(app, scene)
    assert until(app, lambda: isinstance(app.top, SavingMessage))
    assert app.top.title == "Das Spiel ist nicht gespeichert!"
    assert app.t("save.reason.fault") in app.top.text and "MemoryError" not in app.top.text
    tap_button(app, "ok")
    a_move(app, scene)
    assert until(app, lambda: isinstance(app.top, SavingMessage) and app.top.icon == "check")
    app.saves.flush()
    assert on_disk(tmp_path) == state_of(scene).to_json()


def test_a_job_that_raises_anything_does_not_end_the_writer():
    writer = saving.SaveWriter()
    done = []

    def bad() -> None:
        raise SystemExit("not even this")
    writer.put("a", bad)
    assert writer.flush(5.0)
    writer.put("b", lambda: done.append("b"))
    assert writer.flush(5.0) and done == ["b"], "the job after a failing one is written"


APP_CHILD = textwrap.dedent(r"""
    # A copy of the app started by the command line (kidgames.cli.main), a two-person Knights game.
    # It makes MOVES moves (each once the last save is written), printing MOVED and the state, and
    # TOLD with the title of each message it shows (a tap closes it); then it waits, or with
    # "close" it closes its window.  FAULT: "slow" (each save takes a second), "hang" (the saves
    # after the first never end), "memory" (the second save runs out of memory).
    import json, os, sys, threading, time
    from kidgames.core import saving
    MOVES, FAULT, END = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    saving.CLOSE_WAIT = 2.0
    real_write, real_text = saving.write_bytes_atomic, saving.to_json_bytes
    writes = []

    def write(path, raw):
        writes.append(path)
        if FAULT == "slow":
            time.sleep(1.0)
        elif FAULT == "hang" and len(writes) > 1:
            threading.Event().wait()
        real_write(path, raw)
    saving.write_bytes_atomic = write

    def text(data):
        if FAULT == "memory" and len(writes) == 1:
            writes.append("memory")
            raise MemoryError()
        return real_text(data)
    saving.to_json_bytes = text

    import pygame
    from kidgames.ui.loop import FrameLoop
    from kidgames.ui.dialog import MessageScene
    from ui_driver import state_of
    real_frame = FrameLoop.frame      # the frame loop's turn (kidgames/ui/loop.py)
    made = []

    def frame(loop, dt=None):
        busy = real_frame(loop, dt)
        app = loop.app
        while isinstance(app.top, MessageScene):
            print("TOLD", app.top.title, flush=True)
            app.pop()
        top = app.top
        person = getattr(top, "person_can_act", None)
        if len(made) < MOVES and person is not None and person() and not app.saves.writer.busy \
                and (FAULT != "hang" or not made):
            top.submit(state_of(top).legal_actions()[0])
            made.append(1)
            print("MOVED", json.dumps(state_of(top).to_json()), flush=True)
            if len(made) == MOVES and END == "close":
                pygame.event.post(pygame.event.Event(pygame.QUIT))
        return busy
    FrameLoop.frame = frame
    from kidgames.cli import main
    code = main(["knights", "--players", "Anna,Ben", "--seed", "3", "--mute", "--window"])
    print("ENDED", code, flush=True)
    sys.exit(code)
""")


def start_app_child(home: Path, moves: int, fault: str, end: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", APP_CHILD, str(moves), fault, end], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=child_env(home), cwd=str(ROOT))


def finish(proc, seconds: float) -> tuple[str, str]:
    try:
        return proc.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        said = [line[:80] for line in out.splitlines()]
        raise AssertionError(f"the app did not end within {seconds} s (it hangs); it said {said} {err[-2000:]!r}")


def test_the_app_with_one_unforeseen_save_failure_tells_it_saves_the_last_move_and_closes(tmp_path):
    proc = start_app_child(tmp_path, moves=3, fault="memory", end="close")
    out, err = finish(proc, 60)
    lines = out.splitlines()
    assert proc.returncode == 0, err[-2000:]
    assert "TOLD The game is not saved!" in lines, lines
    assert "TOLD Saving works again" in lines, lines
    last = [json.loads(line.split(" ", 1)[1]) for line in lines if line.startswith("MOVED ")][-1]
    assert on_disk(tmp_path) == last, "the last move is on the disk"


def test_closing_waits_for_a_disk_that_does_not_answer_no_longer_than_its_bound(tmp_path):
    proc = start_app_child(tmp_path, moves=1, fault="hang", end="close")
    started = time.monotonic()
    out, err = finish(proc, 45)
    assert proc.returncode == 0, err[-2000:]
    assert time.monotonic() - started < 40
    log = (tmp_path / "error.log").read_text()
    assert "before the last saves were written" in log, "what is not on the disk is said somewhere"


# -- 7: the signals that end the app -----------------------------------------------------------------
@pytest.mark.parametrize("name", ["SIGHUP", "SIGTERM", "SIGINT"])
def test_a_signal_that_ends_the_app_writes_the_last_move_first_and_lets_the_game_go(tmp_path, name):
    proc = start_app_child(tmp_path, moves=1, fault="slow", end="wait")
    try:
        lines = lines_until(proc, "MOVED ", 60)
        moved = json.loads(lines[-1].split(" ", 1)[1])
        proc.send_signal(getattr(signal, name))       # the move's save is still on its way (a slow disk)
        out, err = finish(proc, 30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
    assert proc.returncode == 0, f"ended by {name} at once ({proc.returncode}): {err[-2000:]}"
    assert "ENDED 0" in out
    assert on_disk(tmp_path) == moved, f"the last move is lost after {name}"
    assert lock_is_free(tmp_path)


def test_signals_are_given_back_when_the_app_ends(tmp_path):
    """kidgames.cli.run_app takes the ending signals only while it runs (a test, a tool calling it
    goes on with its own)."""
    from kidgames.ui.ending import EndOnSignals
    before = {name: signal.getsignal(getattr(signal, name)) for name in ("SIGHUP", "SIGTERM", "SIGINT")}
    ending = EndOnSignals()
    assert ending.install()
    assert all(signal.getsignal(getattr(signal, name)) != before[name] for name in before)
    ending.uninstall()
    assert {name: signal.getsignal(getattr(signal, name)) for name in before} == before


# -- 3: a lock file that locks nothing -------------------------------------------------------------
HOLDER = textwrap.dedent("""
    import sys
    from pathlib import Path
    from kidgames.core.saving import SaveStore
    store = SaveStore(Path(sys.argv[1]))
    print("CLAIM", store.claim("knights"), flush=True)
    sys.stdin.readline()
""")


def second_copy_claims(home: Path) -> bool:
    """Whether another copy of the app may open Knights now."""
    out = subprocess.run([sys.executable, "-c", HOLDER, str(home)], input="\n", capture_output=True, text=True,
                         env=child_env(home), timeout=60).stdout.split()
    assert out[:1] == ["CLAIM"], out
    return out[1] == "True"


@pytest.mark.parametrize("kind", ["folder", "link to /dev/null", "dangling link", "fifo"])
def test_a_lock_file_that_is_not_a_file_is_set_aside_and_the_game_is_locked(tmp_path, kind):
    saves = tmp_path / "saves"
    saves.mkdir()
    lock = saves / "knights.lock"
    if kind == "folder":
        lock.mkdir()
        (lock / "inside.txt").write_text("kept")
    elif kind == "link to /dev/null":
        lock.symlink_to("/dev/null")
    elif kind == "dangling link":
        lock.symlink_to(tmp_path / "nowhere")
    else:
        os.mkfifo(lock)
    store = saving.SaveStore(tmp_path)
    assert store.claim("knights")
    assert store.held == {"knights"}, "the game is really locked"
    assert not second_copy_claims(tmp_path), "a second copy cannot open the same game"
    put_aside = [p for p in saves.iterdir() if p.name.startswith("knights.damaged-")]
    assert len(put_aside) == 1, "what stood there is kept, renamed"
    if kind == "folder":
        assert (put_aside[0] / "inside.txt").read_text() == "kept"
    store.close()
    assert second_copy_claims(tmp_path)


def refuse_lock_files(monkeypatch, err: int) -> None:
    """filelock cannot open the lock file (a file restored from another user's backup: EACCES;
    a file system without locks: ENOLCK); as root, a file's modes would not stop it."""
    real = filelock.FileLock.acquire

    def acquire(self, *args, **kwargs):
        if Path(str(self.lock_file)).name == "knights.lock":
            raise OSError(err, os.strerror(err), str(self.lock_file))
        return real(self, *args, **kwargs)
    monkeypatch.setattr(filelock.FileLock, "acquire", acquire)
    if err == errno.EACCES:
        # another user's file in a folder where only its owner may rename it (a sticky /tmp-like one)
        monkeypatch.setattr(saving, "set_aside", lambda path: (_ for _ in ()).throw(OSError(errno.EPERM, "no")))


@pytest.mark.parametrize("err, words, where", [(errno.EACCES, "the lock file may not be written to", "saves/knights.lock"),
                                               (errno.ENOLCK, "the disk cannot lock files", "saves")],
                         ids=["another user's file", "no locks"])
def test_a_game_that_cannot_be_locked_opens_and_the_family_is_told_so(tmp_path, monkeypatch, err, words, where):
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "knights.lock").write_text("")
    refuse_lock_files(monkeypatch, err)
    app = make_app(tmp_path)
    scene = start_game_scene(app, "knights", ANNA_BEN, seed=3)
    assert scene is not None, "the game opens"
    assert until(app, lambda: isinstance(app.top, MessageScene))
    told = app.top
    assert told.title == "Open it in one window only" and words in told.text
    assert f"({tmp_path / where})" in told.text, "it names what it is about"
    assert "Knights and the Golden Treasure" in told.text
    tap_button(app, "ok")
    a_move(app, scene)
    app.saves.flush()
    until(app, lambda: False, 0.3)
    assert app.top is scene, "told once, not at every move"
    assert on_disk(tmp_path) == state_of(scene).to_json(), "the game is saved as usual"
    assert sorted(p.name for p in (tmp_path / "saves").iterdir()) == ["knights.json", "knights.lock"], \
        "nothing is set aside where setting aside cannot help"


def test_a_game_that_cannot_be_locked_in_a_home_that_keeps_nothing_is_told_once(tmp_path):
    home = tmp_path / "home"
    home.write_text("not a folder")
    app = make_app(home)
    report_problems(app)
    assert [s.title for s in app.stack if isinstance(s, MessageScene)] == ["Nothing can be saved"]
    tap_button(app, "ok")
    scene = start_game_scene(app, "knights", ANNA_BEN, seed=3)
    a_move(app, scene)
    app.saves.flush()
    until(app, lambda: False, 0.3)
    assert app.top is scene, "nothing more to say: the family knows nothing is kept"


# -- 4: the lock file or the saves folder removed while a game is open ----------------------------------
@pytest.mark.parametrize("what", ["the lock file", "the saves folder"])
def test_a_lock_removed_under_an_open_game_is_taken_again_at_its_next_save(tmp_path, what):
    import shutil
    app = make_app(tmp_path)
    scene = start_game_scene(app, "knights", ANNA_BEN, seed=3)
    a_move(app, scene)
    app.saves.flush()
    if what == "the lock file":
        (tmp_path / "saves" / "knights.lock").unlink()
    else:
        shutil.rmtree(tmp_path / "saves")             # a grown-up tidying up
    a_move(app, scene)                                # the next save notices, and locks again
    app.saves.flush()
    assert not second_copy_claims(tmp_path), "a second copy cannot open the open game"
    assert on_disk(tmp_path) == state_of(scene).to_json()
    assert app.top is scene
    app.nav.show_menu()
    assert second_copy_claims(tmp_path), "let go on the menu as before"


def test_a_game_another_copy_opened_after_its_lock_was_removed_is_left_to_it_and_told(tmp_path):
    app = make_app(tmp_path)
    scene = start_game_scene(app, "knights", ANNA_BEN, seed=3)
    a_move(app, scene)
    app.saves.flush()
    (tmp_path / "saves" / "knights.lock").unlink()     # a sync tool
    other = subprocess.Popen([sys.executable, "-c", HOLDER, str(tmp_path)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True, env=child_env(tmp_path))
    try:
        assert lines_until(other, "CLAIM", 60)[-1] == "CLAIM True"    # it opened the game meanwhile
        theirs = (tmp_path / "saves" / "knights.json").read_bytes()
        a_move(app, scene)                            # this copy's next save finds the game taken
        app.saves.flush()
        assert (tmp_path / "saves" / "knights.json").read_bytes() == theirs, "its save is not written over"
        assert until(app, lambda: isinstance(app.top, MessageScene))
        assert app.top.title == "Open in another window"
        assert "Knights and the Golden Treasure" in app.top.text and "opened in another window as well" in app.top.text
        assert not any(isinstance(s, GameScene) for s in app.stack), "back to the menu"
        tap_button(app, "ok")
        assert isinstance(app.top, MenuScene)
    finally:
        other.stdin.close()
        other.wait(30)


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


# -- 9: a reason names what is there ---------------------------------------------------------------
def test_a_saves_folder_that_is_a_link_to_nothing_is_told_as_one_and_left_alone(tmp_path):
    target = tmp_path / "usb-stick" / "saves"         # a disk that is not plugged in now
    (tmp_path / "saves").symlink_to(target)
    app = make_app(tmp_path)
    report_problems(app)
    told = [s for s in app.stack if isinstance(s, MessageScene)]
    assert [m.title for m in told] == ["Nothing can be saved"]
    assert "a link to something that is not there" in told[0].text and "is a file" not in told[0].text
    assert (tmp_path / "saves").is_symlink(), "the link stays: the games may be where it leads"
    tap_button(app, "ok")
    scene = start_game_scene(app, "knights", ANNA_BEN, seed=3)
    a_move(app, scene)
    app.saves.flush()
    until(app, lambda: False, 0.3)
    assert app.top is scene, "not told again at every move: it is as it was said"
    target.mkdir(parents=True)                        # plugged in again
    a_move(app, scene)
    assert until(app, lambda: isinstance(app.top, SavingMessage) and app.top.icon == "check")
    app.saves.flush()
    assert json.loads((target / "knights.json").read_text())["state"] == state_of(scene).to_json()


def test_a_saves_folder_replaced_by_a_link_to_nothing_during_play_is_told_as_one(tmp_path):
    app = make_app(tmp_path)
    scene = start_game_scene(app, "knights", ANNA_BEN, seed=3)
    a_move(app, scene)
    app.saves.flush()
    (tmp_path / "saves").rename(tmp_path / "elsewhere")
    (tmp_path / "saves").symlink_to(tmp_path / "nowhere")
    a_move(app, scene)
    assert until(app, lambda: isinstance(app.top, SavingMessage))
    assert "part of the path is a link to something that is not there" in app.top.text
    assert "is a file" not in app.top.text and str(tmp_path / "saves") in app.top.text


@pytest.mark.parametrize("lang", ["en", "cs", "de", "ru", "ko"])
def test_every_kind_of_reason_is_said_in_every_language(lang):
    from kidgames.core.i18n import Catalog
    catalog = Catalog(lang)
    for kind in saving.REASONS:
        assert catalog.has(f"save.reason.{kind}"), f"{lang} has no words for {kind}"
