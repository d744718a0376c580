"""The app that needs no Python (tools/build_app.py, PyInstaller): built once for the test session
(about 15-60 s), then started as a family starts it: with no Python on the PATH, no PYTHON*
variables, a fresh KIDGAMES_HOME, headless.  It lists its games, and each game started from the
command line with seeded computer players runs its first frames and plays on for a while (the
hidden frame-limit hook, kidgames/ui/frame_limit.py), drawing from the folder's own pictures,
fonts and catalogs, and leaves its save.

Skipped, saying so, where PyInstaller is not installed (``pip install -e ".[build]"``; .ci/run
installs it).  Under pytest-xdist the workers share one build (a file lock in the session's
shared temporary folder)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from filelock import FileLock

from kidgames.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
PLAYABLE = [spec.id for spec in GAMES.values() if spec.scene]
#: each game's seats and seed: computer players only, so the game plays itself
SEATS = {"knights": "cpu,cpu:hard", "queens": "cpu,cpu:hard", "castle": "cpu:easy,cpu", "forest": "cpu,cpu:fair"}
FRAMES = 1200        # 20 s of game time at 60 frames a second: the opening and a few moves

try:
    import PyInstaller  # noqa: F401
    HAVE_PYINSTALLER = True
except ImportError:
    HAVE_PYINSTALLER = False

pytestmark = pytest.mark.skipif(not HAVE_PYINSTALLER,
                                reason='PyInstaller is not installed (pip install -e ".[build]"): the app '
                                       "that needs no Python is not built or tested")


@pytest.fixture(scope="session")
def built_app(tmp_path_factory) -> Path:
    shared = tmp_path_factory.getbasetemp().parent      # the same for every xdist worker of the run
    dist = shared / "built-app" / "dist"
    with FileLock(str(shared / "built-app.lock")):
        done = shared / "built-app" / "done"
        if not done.exists():
            result = subprocess.run([sys.executable, str(ROOT / "tools" / "build_app.py"), "--quiet",
                                     "--dist", str(dist), "--work", str(shared / "built-app" / "work")],
                                    capture_output=True, text=True, timeout=900)
            assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
            done.write_text(result.stdout)
    program = dist / "kidgames" / "kidgames"
    assert program.is_file() and os.access(program, os.X_OK)
    return program


def family_env(tmp_path: Path, **more) -> dict:
    """What a family's desktop gives the program: a PATH with no Python on it, no PYTHON* or
    virtual environment variables, a fresh home for the games."""
    empty = tmp_path / "bin"
    empty.mkdir(exist_ok=True)
    env = {"PATH": str(empty), "HOME": str(tmp_path), "KIDGAMES_HOME": str(tmp_path / "games"),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "LANG": "C.UTF-8"}
    env.update(more)
    assert shutil.which("python3", path=env["PATH"]) is None and shutil.which("python", path=env["PATH"]) is None
    return env


def test_the_built_app_lists_its_games_with_no_python_on_the_path(built_app, tmp_path):
    result = subprocess.run([str(built_app), "--list"], env=family_env(tmp_path), cwd=tmp_path,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    for spec in GAMES.values():
        assert spec.id in result.stdout and spec.title in result.stdout


def test_the_folder_holds_the_content_and_is_not_too_big(built_app):
    inside = built_app.parent / "_internal" / "kidgames"
    for part in ("boards/knights.yaml", "fonts/wqy-microhei.ttc", "sounds/dice.wav", "locale/cs.po",
                 "icons/512/kidgames.png", "sprites/castle.png"):
        assert (inside / part).is_file(), part
    for lang in ("en", "cs", "de", "ru", "ko"):
        assert any((inside / "voices" / lang).glob("*.ogg")), lang
    size = sum(p.stat().st_size for p in built_app.parent.rglob("*") if p.is_file())
    assert size < 150e6, f"the built folder holds {size / 1e6:.0f} MB"


@pytest.mark.parametrize("game", PLAYABLE)
def test_each_game_starts_plays_computer_moves_and_is_saved(built_app, tmp_path, game):
    """The game from the command line, in Czech, with computer players: its first frames, then play
    on the stepped clock; it closes as a window's close does, and the save holds the moves."""
    shot = tmp_path / "last.png"
    env = family_env(tmp_path, KIDGAMES_QUIT_AFTER_FRAMES=str(FRAMES), KIDGAMES_SCREENSHOT=str(shot))
    result = subprocess.run([str(built_app), game, "--players", SEATS[game], "--seed", "11", "--lang", "cs"],
                            env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    save = json.loads((tmp_path / "games" / "saves" / f"{game}.json").read_text(encoding="utf-8"))
    assert save["game"] == game and len(save["seats"]) == 2
    assert len(save["controller"]["log"]) > 4, save["controller"]["log"]      # a few moves were made
    assert not (tmp_path / "games" / "error.log").exists()
    # the last frame, as drawn: the game's picture, not a blank or one-colour canvas
    import pygame
    picture = pygame.image.load(str(shot))
    assert picture.get_size() == (1600, 1000)
    colours = {picture.get_at((x, y))[:3] for x in range(0, 1600, 40) for y in range(0, 1000, 40)}
    assert len(colours) > 50


def test_a_seeded_game_plays_the_same_in_the_built_app_as_in_python(built_app, tmp_path):
    """The built app is the same program: the same seed and frames give the same save's state."""
    args = ["queens", "--players", SEATS["queens"], "--seed", "11", "--lang", "en"]
    frozen_home, venv_home = tmp_path / "frozen", tmp_path / "venv"
    frozen = family_env(frozen_home.parent, KIDGAMES_HOME=str(frozen_home), KIDGAMES_QUIT_AFTER_FRAMES=str(FRAMES))
    subprocess.run([str(built_app), *args], env=frozen, cwd=tmp_path, check=True, timeout=300, capture_output=True)
    venv = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "KIDGAMES_HOME": str(venv_home),
            "KIDGAMES_QUIT_AFTER_FRAMES": str(FRAMES)}
    subprocess.run([sys.executable, "-m", "kidgames", *args], env=venv, cwd=tmp_path, check=True, timeout=300,
                   capture_output=True)
    a, b = (json.loads((home / "saves" / "queens.json").read_text()) for home in (frozen_home, venv_home))
    assert a["state"] == b["state"] and a["controller"]["log"] == b["controller"]["log"]
    assert len(a["controller"]["log"]) > 4            # a few moves were made


def test_the_built_app_installs_launchers_that_start_it(built_app, tmp_path):
    env = family_env(tmp_path, XDG_DATA_HOME=str(tmp_path / "data"))
    result = subprocess.run([str(built_app), "--install-launchers"], env=env, cwd=tmp_path, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    entry = (tmp_path / "data" / "applications" / "io.github.kidgames.kidgames.castle.desktop").read_text()
    assert f"\nExec={built_app} castle\n" in entry
    listed = subprocess.run([str(built_app), "castle", "--list"], env=env, cwd=tmp_path, capture_output=True,
                            text=True, timeout=120)
    assert listed.returncode == 0 and "castle" in listed.stdout
