"""Saves a family can trust (issue 22), as a family meets them on screen: a save that fails is told
at once and the game goes on; "saved" is said only when the last move is on the disk; saving that
works again is said; a home that cannot keep anything is said once at start; one game is open in
one copy of the app at a time; error.log is never written through a link; no false "put aside";
HOME unset starts in a temporary home with a warning; a move's frame does not wait for the disk."""
from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pygame
import pytest

from kidgames.core import saving, storage
from kidgames.core.protocol import Action
from kidgames.core.seats import COMPUTER, Seat
from kidgames.games import GAMES
from kidgames.ui.dialog import ConfirmScene, MessageScene, SavingMessage
from kidgames.ui.game import GameScene, start_game_scene
from kidgames.ui.menu import MenuScene
from ui_driver import FRAME, make_app, run, run_until, screenshot, tap_button
from ui_driver import state_of

ROOT = Path(__file__).resolve().parent.parent
ANNA_BEN = [Seat("Anna", "red"), Seat("Ben", "blue")]


def a_move(app, scene) -> None:
    """The person whose turn it is makes the first legal move, then the frames play it."""
    assert run_until(app, lambda: app.top is scene and scene.person_can_act(), 20), "a person may move"
    scene.submit(state_of(scene).legal_actions()[0])
    app.frame(FRAME)


def until(app, condition, seconds: float = 3.0) -> bool:
    """Frames at about the real frame rate until ``condition`` (the writes run in real time, between
    frames, as they do on screen)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        app.frame(FRAME)
        time.sleep(FRAME / 2)
    return condition()


def saved_turn(home: Path, game_id: str = "knights"):
    return json.loads((home / "saves" / f"{game_id}.json").read_text())["state"]


class BrokenDisk:
    """The save writer of a disk that fails (full, read-only...) until it is mended."""

    def __init__(self, monkeypatch, err=errno.ENOSPC) -> None:
        self.broken = True
        self.err = err
        real = saving.write_bytes_atomic

        def write(path, raw):
            if self.broken:
                raise OSError(self.err, os.strerror(self.err), str(path))
            real(path, raw)
        monkeypatch.setattr(saving, "write_bytes_atomic", write)


# -- a save that fails ------------------------------------------------------------------------------
def test_a_failed_save_is_told_at_once_the_game_goes_on_and_saving_again_is_told(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    scene = start_game_scene(app, "knights", ANNA_BEN, seed=3)
    a_move(app, scene)
    app.saves.flush()
    good = saved_turn(tmp_path)
    disk = BrokenDisk(monkeypatch)
    a_move(app, scene)
    until(app, lambda: isinstance(app.top, SavingMessage))
    message = app.top
    assert isinstance(message, SavingMessage), "told at once, in the frames after the move"
    assert message.title == "The game is not saved!" and message.icon == "cross"
    assert "the disk is full" in message.text and str(tmp_path / "saves") in message.text
    app.saves.flush()
    run(app, 0.5)
    screenshot(app, tmp_path / "failed.png")
    tap_button(app, "ok")                          # a child taps it away: the game goes on
    assert app.top is scene
    a_move(app, scene)
    app.saves.flush()
    run(app, 0.5)
    assert app.top is scene, "told once, not again at every failing move"
    assert saved_turn(tmp_path) == good, "the last good save is kept"
    scene.shared_buttons.ask_leave()
    leave = app.top
    assert isinstance(leave, ConfirmScene) and "not saved" in leave.text and "saved. You can" not in leave.text
    tap_button(app, "no")
    disk.broken = False                           # room was made: the next move is saved
    a_move(app, scene)
    assert until(app, lambda: isinstance(app.top, SavingMessage))
    assert app.top.title == "Saving works again" and app.top.icon == "check"
    tap_button(app, "ok")
    app.saves.flush()
    assert saved_turn(tmp_path) == state_of(scene).to_json(), "the last move is on the disk"
    scene.shared_buttons.ask_leave()
    assert app.top.text == app.t("game.leave.text")


def test_the_leave_question_says_saved_only_when_the_last_move_is_on_the_disk(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    scene = start_game_scene(app, "knights", ANNA_BEN, seed=3)
    a_move(app, scene)
    assert run_until(app, lambda: scene.person_can_act(), 20)
    BrokenDisk(monkeypatch, errno.EROFS)
    scene.submit(state_of(scene).legal_actions()[0])
    scene.shared_buttons.ask_leave()          # asked in the same frame as the move: the write is waited for
    assert "saved. You can" not in app.top.text and "the disk is read-only" in app.top.text


def test_the_quit_question_does_not_say_every_game_is_saved_when_one_is_not(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    scene = start_game_scene(app, "knights", ANNA_BEN, seed=3)
    BrokenDisk(monkeypatch)
    a_move(app, scene)
    app.nav.show_menu()
    app.top.ask_quit()
    assert "Every game is saved" not in app.top.text and "the disk is full" in app.top.text


def test_a_folder_removed_during_play_is_told_and_saving_goes_on_when_it_can(tmp_path):
    app = make_app(tmp_path / "home")
    scene = start_game_scene(app, "knights", ANNA_BEN, seed=3)
    a_move(app, scene)
    app.saves.flush()
    (tmp_path / "home").rename(tmp_path / "elsewhere")      # the folder is gone from under the app
    (tmp_path / "home").write_text("a file now stands where the folder was")
    a_move(app, scene)
    assert until(app, lambda: isinstance(app.top, SavingMessage))
    assert "part of the path is a file" in app.top.text
    tap_button(app, "ok")
    (tmp_path / "home").unlink()
    a_move(app, scene)
    assert until(app, lambda: isinstance(app.top, SavingMessage) and "again" in app.top.title)
    app.saves.flush()
    assert saved_turn(tmp_path / "home") == state_of(scene).to_json()


def test_a_full_disk_keeps_the_previous_good_save_and_leaves_no_half_file(tmp_path, monkeypatch):
    store = saving.SaveStore(tmp_path)
    state = GAMES["knights"].new_state(2, seed=1)
    store.save("knights", ANNA_BEN, state)
    before = (tmp_path / "saves" / "knights.json").read_bytes()
    real_fsync = os.fsync

    def full(fd):                     # the data does not fit: the disk says so when it is flushed
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(storage.os, "fsync", full)
    state.apply(state.legal_actions()[0])
    store.save("knights", ANNA_BEN, state)
    monkeypatch.setattr(storage.os, "fsync", real_fsync)
    assert (tmp_path / "saves" / "knights.json").read_bytes() == before
    assert sorted(p.name for p in (tmp_path / "saves").iterdir()) == ["knights.json"]
    assert not store.is_saved("knights") and store.trouble.startswith("the disk is full")


# -- the home ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["file", "devnull", "fifo", "too long"])
def test_a_home_that_cannot_be_used_is_said_once_at_start_naming_the_folder(tmp_path, kind):
    if kind == "file":
        home = tmp_path / "home"
        home.write_text("not a folder")
    elif kind == "devnull":
        home = Path("/dev/null")
    elif kind == "fifo":
        home = tmp_path / "pipe"
        os.mkfifo(home)
    else:
        home = tmp_path / ("x" * 300)        # longer than a file name may be
    from kidgames.ui.menu import report_problems
    app = make_app(home)
    report_problems(app)            # what the app's start does (cli.build_app, offer_saved_game)
    told = [s for s in app.stack if isinstance(s, MessageScene)]
    assert [m.title for m in told] == ["Nothing can be saved"], "one sentence, about the home only"
    assert str(home) in told[0].text
    assert "put aside" not in told[0].text
    tap_button(app, "ok")
    scene = start_game_scene(app, "knights", ANNA_BEN, seed=3)
    a_move(app, scene)
    app.saves.flush()
    run(app, 0.5)
    assert app.top is scene, "not told again at every move: the family knows"
    scene.shared_buttons.ask_leave()
    assert "not saved" in app.top.text


@pytest.fixture
def no_home(tmp_path, monkeypatch):
    """A kiosk or service account: HOME unset and no passwd entry for the user."""
    import pwd
    import tempfile
    for name in ("HOME", "KIDGAMES_HOME", "XDG_DATA_HOME"):
        monkeypatch.delenv(name, raising=False)

    def no_entry(uid):
        raise KeyError(f"getpwuid(): uid not found: {uid}")
    monkeypatch.setattr(pwd, "getpwuid", no_entry)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    with pytest.raises(RuntimeError):
        Path.home()


def test_home_unset_starts_in_a_temporary_home_with_a_warning(tmp_path, no_home):
    from kidgames.core.clock import SteppedTime
    from kidgames.ui.app import App
    from kidgames.ui.menu import offer_saved_game
    app = App(GAMES, mute=True, time_source=SteppedTime())
    app.reset_to(MenuScene(app))
    offer_saved_game(app)
    assert Path(app.home).parent == tmp_path and app.home.is_dir()
    assert isinstance(app.top, MessageScene) and app.top.title == "No home folder"
    assert str(app.home) in app.top.text
    app.frame(FRAME)
    app.guard_until = 0.0
    tap_button(app, "ok")
    scene = start_game_scene(app, "knights", ANNA_BEN, seed=3)
    a_move(app, scene)
    app.saves.flush()
    assert (app.home / "saves" / "knights.json").is_file(), "kept there while the app runs"


def test_home_unset_on_the_command_line_is_no_traceback(tmp_path, no_home):
    """The command line looks at the home first (for its language), then starts the game's setup."""
    from kidgames import cli
    args = cli.build_parser(GAMES).parse_args(["knights"])
    assert cli.app_language(args) in ("en", "de", "cs", "ru", "ko")
    app = cli.build_app(GAMES, args, None, {})
    assert isinstance(app.top, MessageScene) and app.top.title == app.t("home.temporary.title")
    assert str(app.home) in app.top.text and Path(app.home).parent == tmp_path


# -- damaged saves that cannot be put aside --------------------------------------------------------
def test_a_damaged_save_in_a_read_only_folder_is_told_once_as_it_is(tmp_path, monkeypatch):
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "queens.json").write_text("{ damaged")

    def read_only(path):
        raise OSError(errno.EROFS, "Read-only file system", str(path))
    monkeypatch.setattr(saving, "set_aside", read_only)
    from kidgames.ui.menu import offer_saved_game
    app = make_app(tmp_path)
    offer_saved_game(app)
    told = [s for s in app.stack if isinstance(s, MessageScene)]
    assert len(told) == 1
    assert "put aside as" not in told[0].text and told[0].text.count("queens.json") == 1
    assert "stays as queens.json" in told[0].text
    tap_button(app, "ok")
    for _ in range(3):              # the menu lists the saves again and again
        app.top.resume()
        app.frame(FRAME)
    assert isinstance(app.top, MenuScene), "said once, not at every listing"


def test_kidgames_home_a_file_says_nothing_of_a_settings_file_put_aside(tmp_path):
    home = tmp_path / "home"
    home.write_text("a file")
    from kidgames.ui.menu import report_problems
    app = make_app(home)
    report_problems(app)
    texts = [s.text for s in app.stack if isinstance(s, MessageScene)]
    assert texts and not any("settings" in t for t in texts), texts


# -- error.log ----------------------------------------------------------------------------------------
def test_error_log_is_never_written_through_a_planted_link(tmp_path, monkeypatch):
    monkeypatch.delenv("KIDGAMES_RAISE", raising=False)
    outside = tmp_path / "outside.txt"
    outside.write_text("precious\n")
    home = tmp_path / "home"
    home.mkdir()
    (home / "error.log").symlink_to(outside)
    app = make_app(home)
    app.recover(RuntimeError("a bug"))
    assert outside.read_text() == "precious\n"
    assert (home / "error.log").is_symlink()
    assert app.running and isinstance(app.top, MessageScene)


def test_error_log_is_still_written_where_no_link_is(tmp_path, monkeypatch):
    monkeypatch.delenv("KIDGAMES_RAISE", raising=False)
    app = make_app(tmp_path)
    app.recover(RuntimeError("a bug"))
    app.recover(RuntimeError("another bug"))
    log = (tmp_path / "error.log").read_text()
    assert "a bug" in log and "another bug" in log


# -- one game open in one copy --------------------------------------------------------------------------
HOLDER = textwrap.dedent("""
    import os, sys
    os.environ["SDL_VIDEODRIVER"] = os.environ["SDL_AUDIODRIVER"] = "dummy"
    from kidgames.core.clock import SteppedTime
    from kidgames.games import GAMES
    from kidgames.ui.app import App
    from kidgames.ui.menu import MenuScene, continue_game
    app = App(GAMES, home=sys.argv[1], mute=True, time_source=SteppedTime())
    app.reset_to(MenuScene(app))
    continue_game(app, "knights")
    app.saves.flush()
    print("OPEN", type(app.top).__name__, flush=True)
    sys.stdin.readline()
""")


def test_a_game_open_in_another_copy_is_told_and_its_save_left_alone(tmp_path):
    maker = make_app(tmp_path)
    scene = start_game_scene(maker, "knights", ANNA_BEN, seed=3)
    a_move(maker, scene)
    maker.nav.show_menu()                 # the first copy leaves it: the game is free again
    maker.saves.close()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    other = subprocess.Popen([sys.executable, "-c", HOLDER, str(tmp_path)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert other.stdout.readline().split() == ["OPEN", "KnightsScene"]
        before = (tmp_path / "saves" / "knights.json").read_bytes()
        app = make_app(tmp_path)
        tap_button(app, "game:knights")   # said at once, before any "Play on?" (tests/test_second_copy.py)
        assert isinstance(app.top, MessageScene) and app.top.title == "Open in another window"
        assert "Knights and the Golden Treasure" in app.top.text
        assert not any(isinstance(s, GameScene) for s in app.stack)
        screenshot(app, tmp_path / "elsewhere.png")
        assert (tmp_path / "saves" / "knights.json").read_bytes() == before, "the save is left alone"
        tap_button(app, "ok")
        forest = start_game_scene(app, "forest", ANNA_BEN, seed=2, options={"short": True})
        assert forest is not None and app.top is forest, "other games stay playable"
        app.nav.show_menu()
        other.kill()                  # kill -9: the lock it held goes with it
        other.wait(10)
        app.nav.continue_game("knights")
        assert isinstance(app.top, GameScene) and app.top.spec.id == "knights"
    finally:
        if other.poll() is None:
            other.kill()
            other.wait(10)


def test_lock_is_held_while_the_game_is_open_and_let_go_on_the_menu(tmp_path):
    import filelock
    app = make_app(tmp_path)
    start_game_scene(app, "knights", ANNA_BEN, seed=3)
    assert app.saves.held == {"knights"}
    probe = ("import filelock, sys\n"
             "try:\n    filelock.FileLock(sys.argv[1]).acquire(timeout=0); print('free')\n"
             "except filelock.Timeout:\n    print('held')\n")
    lock = str(app.saves.lock_file("knights"))
    look = lambda: subprocess.run([sys.executable, "-c", probe, lock], capture_output=True, text=True).stdout.strip()
    assert look() == "held"
    app.nav.show_menu()
    assert app.saves.held == set() and look() == "free"
    assert filelock is not None


# -- off the frame -----------------------------------------------------------------------------------
def test_a_moves_frame_does_not_wait_for_a_slow_disk_and_the_last_move_is_kept_on_exit(tmp_path, monkeypatch):
    real = saving.write_bytes_atomic

    def slow(path, raw):                  # a disk that takes 0.2 s for each save (a tablet's eMMC)
        time.sleep(0.2)
        real(path, raw)
    monkeypatch.setattr(saving, "write_bytes_atomic", slow)
    app = make_app(tmp_path)
    scene = start_game_scene(app, "knights", ANNA_BEN, seed=3)
    run(app, 0.3)                        # the board's first picture is drawn
    walls = []
    for _ in range(4):
        assert run_until(app, lambda: scene.person_can_act(), 20)
        t = time.perf_counter()
        scene.submit(state_of(scene).legal_actions()[0])
        app.frame(FRAME)
        walls.append(time.perf_counter() - t)
    assert max(walls) < 0.1, f"a move's frame waited for the disk: {walls}"
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run()                            # the system ends the app (a QUIT): the loop ends, the writes finish
    assert saved_turn(tmp_path) == state_of(scene).to_json(), "the last move is on the disk"


def test_background_writes_keep_the_order_of_the_moves(tmp_path):
    store = saving.SaveStore(tmp_path, background=True)
    state = GAMES["knights"].new_state(2, seed=5)
    seen = []
    for _ in range(30):
        if state.is_over:
            break
        state.apply(state.legal_actions()[0])
        store.save("knights", ANNA_BEN, state)
        seen.append(json.dumps(state.to_json(), sort_keys=True))
    store.close()
    on_disk = json.dumps(saved_turn(tmp_path), sort_keys=True)
    assert on_disk == seen[-1], "the newest move is the one on the disk, never an older one"
    store.clear("knights")
    store.save("knights", ANNA_BEN, state)
    store.clear("knights")
    store.close()
    assert not (tmp_path / "saves" / "knights.json").exists(), "a finished game's save stays cleared"


def test_a_moves_save_text_is_made_off_its_frame_once_the_frame_is_shown(tmp_path, monkeypatch):
    # On a slow tablet every thread shares the app's CPU quota: making a save's text inside a
    # move's frame (on any thread) would be the frame's time.  The text is made on the writer's
    # thread, after the frame that made the move has ended.
    monkeypatch.setattr(saving, "MAX_HOLD", 30.0)     # no frame here is slow enough to let one start
    app = make_app(tmp_path)
    frames = {"ended": 0, "asked": 0}
    made = []
    real_hold, real_text, real_put = app.saves.hold_writes, saving.to_json_bytes, app.saves.writer.put

    def hold_writes(held):
        if not held:
            frames["ended"] += 1                   # the frame is made and shown: it lets go
        real_hold(held)

    def put(key, job):
        frames["asked"] = frames["ended"]          # the frame being made now asks for the save
        real_put(key, job)

    def text(data):
        made.append((threading.current_thread() is threading.main_thread(), frames["ended"] > frames["asked"]))
        return real_text(data)
    monkeypatch.setattr(app.saves, "hold_writes", hold_writes)
    monkeypatch.setattr(app.saves.writer, "put", put)
    monkeypatch.setattr(saving, "to_json_bytes", text)
    computers = [Seat("Red", "red", COMPUTER), Seat("Blue", "blue", COMPUTER)]
    scene = start_game_scene(app, "knights", computers, seed=3)
    app.saves.flush()
    made.clear()                                     # the save of the game's opening is not a move
    for moves in range(1, 4):                        # the computers move inside frames, as on screen
        assert until(app, lambda: len(made) >= moves and not app.saves.writer.busy, 20), "the computers moved"
    assert made and all(not on_main and after for on_main, after in made), \
        f"a save's text was made in its move's frame (on the frame's thread, before it ended): {made}"
    app.saves.flush()
    assert saved_turn(tmp_path) == state_of(scene).to_json(), "the last move is on the disk"


def test_a_save_holds_the_game_as_it_was_when_saved_not_as_later_moves_left_it(tmp_path):
    store = saving.SaveStore(tmp_path, background=True)
    state = GAMES["knights"].new_state(2, seed=5)
    state.apply(state.legal_actions()[0])
    options = {"board": None, "speed": 1}
    store.hold_writes(True)                  # a long frame: the write waits
    store.save("knights", ANNA_BEN, state, options)
    at_save = json.loads(json.dumps(state.to_json()))
    for _ in range(6):                       # later moves change the same state object
        if not state.is_over:
            state.apply(state.legal_actions()[0])
    options["speed"] = 2
    assert json.loads(json.dumps(state.to_json())) != at_save, "the later moves changed the game"
    store.hold_writes(False)
    store.close()
    on_disk = json.loads((tmp_path / "saves" / "knights.json").read_text())
    assert on_disk["state"] == at_save and on_disk["options"]["speed"] == 1


@pytest.mark.parametrize("bad", [float("nan"), {1, 2}, object()], ids=["nan", "a set", "an object"])
def test_a_save_json_cannot_hold_is_told_and_never_said_saved(tmp_path, bad):
    store = saving.SaveStore(tmp_path, background=True)
    state = GAMES["knights"].new_state(2, seed=5)
    store.save("knights", ANNA_BEN, state, {"board": None, "odd": bad})
    assert not store.is_saved("knights")
    news = store.take_news()
    assert [n.kind for n in news] == [saving.FAILED] and "could not be written as a save" in news[0].reason
    assert not (tmp_path / "saves" / "knights.json").exists()
    store.save("knights", ANNA_BEN, state, {"board": None})
    assert store.is_saved("knights") and [n.kind for n in store.take_news()] == [saving.WORKS]
    store.close()


def test_the_reason_is_said_in_the_language_of_the_app(tmp_path, monkeypatch):
    app = make_app(tmp_path, lang="cs")
    scene = start_game_scene(app, "knights", ANNA_BEN, seed=3)
    BrokenDisk(monkeypatch, errno.ENOSPC)
    a_move(app, scene)
    assert until(app, lambda: isinstance(app.top, SavingMessage))
    assert app.top.title == "Hra není uložená!" and "disk je plný" in app.top.text
    assert str(tmp_path / "saves") in app.top.text
