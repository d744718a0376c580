"""A wheel built from the repository plays a game headless from a fresh virtual environment.

The wheel is built with the setuptools and wheel of the test environment (nothing downloaded) and
installed into a new venv with its dependencies from the package index, as a family's ``pip install``
does, except pygame-ce and PyYAML (big binary wheels): those are lent to that venv by a ``.pth`` line
naming a folder that holds only them (links to the test environment's copies), so that a dependency
missing from setup.cfg fails here.  The game then runs from the
installed package, away from the checkout: its boards, pictures, fonts, sounds, voices and message
catalogs must all come out of the wheel (kidgames/core/paths.py, importlib.resources).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import venv
from importlib.metadata import distribution
from pathlib import Path

import pygame
import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent

PLAY = textwrap.dedent("""
    import json, sys
    from pathlib import Path
    import kidgames
    from kidgames.core import paths
    from kidgames.ui import app as app_module
    seen = {}

    PICTURE = {"knights": "knight", "forest": "castle", "queens": "card_king", "castle": "diamond"}

    def run(self):
        for _ in range(90):                  # a second and a half of the game on screen
            self.frame()
        top = self.top
        game = sys.argv[1]
        board = getattr(top.session.view().table, "board", None)
        seen.update(
            package=kidgames.__file__, content={name: str(paths.content_folder(name)) for name in paths.CONTENT},
            scene=type(top).__name__, spaces=len(board.nodes) if board is not None else 0,
            picture=self.assets._original(PICTURE[game]) is not None,   # not the stand-in a missing picture gets
            sprites=len(list(paths.SPRITES.glob("*.png"))),
            own=len(list(Path(kidgames.__file__).parent.glob("games/*/sprites/*.png"))),   # the games' own pictures
            clips=len(list((paths.VOICES / "cs").glob("*.ogg"))),
            fonts=sorted(p.name for p in paths.FONTS.glob("*.tt*")), sounds=len(list(paths.SOUNDS.glob("*.wav"))),
            hint=str(top.hint_text()))
    app_module.App.run = run
    from kidgames.cli import main
    code = main([sys.argv[1], "--players", "Anna,cpu", "--seed", "3", "--lang", "cs", "--mute", "--window"])
    print("RESULT " + json.dumps(dict(seen, code=code)))
""")

LENT = ("pygame-ce", "PyYAML")     # lent from the test environment, not downloaded again
INSTALLED = ("filelock", "polib", "platformdirs")   # kidgames' other dependencies, from the index


def lend(folder: Path) -> Path:
    """A folder holding only the lent distributions (links to their files and metadata)."""
    folder.mkdir()
    for name in LENT:
        found = distribution(name)
        base = Path(found.locate_file(""))
        for top in sorted({Path(f).parts[0] for f in found.files or ()} - {".."}):
            (folder / top).symlink_to(base / top)
    return folder


SCENES = {"knights": "KnightsScene", "forest": "ForestScene", "queens": "QueensScene", "castle": "CastleScene"}


def test_a_wheel_plays_a_game_headless_from_a_fresh_venv(tmp_path):
    clean = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    wheels = tmp_path / "wheels"
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
                            "-q", "-w", str(wheels), str(ROOT)], capture_output=True, text=True, cwd=tmp_path,
                           env=clean)
    assert built.returncode == 0, built.stderr[-2000:]
    wheel, = wheels.glob("kidgames-*.whl")

    fresh = tmp_path / "fresh"
    venv.EnvBuilder(with_pip=False).create(fresh)
    python = fresh / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    lent = lend(tmp_path / "lent")
    assert not (lent / "kidgames").exists() and not any((lent / name).exists() for name in INSTALLED)
    (Path(site) / "lent_dependencies.pth").write_text(f"{lent}\n")
    installed = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q",
                                "--disable-pip-version-check", str(wheel)], capture_output=True, text=True,
                               cwd=tmp_path, env=clean, timeout=600)
    assert installed.returncode == 0, installed.stderr[-2000:]
    where = subprocess.run([str(python), "-I", "-c", "import json, filelock, polib, platformdirs, pygame, yaml; "
                            "print(json.dumps({m.__name__: m.__file__ for m in (filelock, polib, platformdirs, pygame, yaml)}))"],
                           capture_output=True, text=True, cwd=tmp_path, env=dict(clean, PYGAME_HIDE_SUPPORT_PROMPT="1"))
    assert where.returncode == 0, where.stderr[-2000:]
    where = json.loads(where.stdout)
    assert all(Path(where[name]).is_relative_to(Path(site)) for name in INSTALLED), where   # installed from the index
    assert all(Path(where[name]).is_relative_to(lent) for name in ("pygame", "yaml")), where

    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path), "KIDGAMES_HOME": str(tmp_path / "home"),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    for game, scene in SCENES.items():
        ran = subprocess.run([str(python), "-I", "-c", PLAY, game], capture_output=True, text=True, cwd=tmp_path,
                             env=env, timeout=240)
        assert ran.returncode == 0, ran.stderr[-3000:]
        result = json.loads(ran.stdout.split("RESULT ", 1)[1])
        assert result["code"] == 0
        assert Path(result["package"]).is_relative_to(fresh), "kidgames must come from the installed wheel"
        package = Path(result["package"]).parent
        for name, folder in result["content"].items():     # inside the installed package, as kidgames/<name>
            assert Path(folder) == package / name, (name, folder)
        assert result["scene"] == scene and result["picture"], result
        if game in ("knights", "forest"):
            assert result["spaces"] > 50                       # the board came out of the wheel
        if game == "knights":
            assert result["hint"] == "Anna: ťukni na kostku!"     # the Czech catalog is there
        assert result["sprites"] > 80 and result["own"] >= 16 and result["sounds"] > 5   # 16: the Queens' cards
        assert result["clips"] > 250 and len(result["fonts"]) >= 4


ZIPPED = textwrap.dedent("""
    import json, sys
    sys.path.insert(0, sys.argv[1])
    from kidgames.core import paths
    from kidgames.core.i18n import Catalog, LOCALE_DIR
    from kidgames.games import GAMES
    state = GAMES["knights"].new_state(2, seed=1)
    print("RESULT " + json.dumps({"data": str(paths.BOARDS.parent), "locale": str(LOCALE_DIR),
                                  "board": (paths.BOARDS / "knights.yaml").is_file(), "fields": len(state.board.nodes),
                                  "hint": Catalog("cs").t("knights.hint.roll", name="Anna")}))
""")


@pytest.mark.fast
def test_a_zipped_package_unpacks_its_content_and_catalogs_into_the_cache(tmp_path):
    """From a zip (a zipapp), the content and the message catalogs are not files pygame or the
    catalog reader could open: they are copied once into the user's cache and found there."""
    import zipfile
    package = ROOT / "kidgames"
    archive = tmp_path / "kidgames.zip"
    with zipfile.ZipFile(archive, "w") as zipped:      # laid out as in a wheel: content inside the package
        for path in sorted(package.rglob("*")):
            inside = path.relative_to(package)
            wanted = (path.suffix == ".py" and "__pycache__" not in inside.parts) or inside.parts[0] == "locale"
            if path.is_file() and wanted:
                zipped.write(path, Path("kidgames") / inside)
        for name in ("boards", "sprites"):
            for path in sorted((ROOT / name).rglob("*")):
                if path.is_file():
                    zipped.write(path, Path("kidgames") / path.relative_to(ROOT))
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    ran = subprocess.run([sys.executable, "-I", "-c", ZIPPED, str(archive)], capture_output=True, text=True,
                         cwd=tmp_path, env=env, timeout=120)
    assert ran.returncode == 0, ran.stderr[-3000:]
    result = json.loads(ran.stdout.split("RESULT ", 1)[1])
    assert Path(result["data"]).is_relative_to(tmp_path / "cache") and result["board"] and result["fields"] > 50
    assert Path(result["locale"]).is_relative_to(tmp_path / "cache")
    assert result["hint"] == "Anna: ťukni na kostku!"


CHECKOUT = textwrap.dedent("""
    import json, sys
    sys.path.insert(0, sys.argv[1])
    import kidgames
    from kidgames.core import paths
    print("RESULT " + json.dumps({"package": kidgames.__file__,
                                  "content": {name: str(paths.content_folder(name)) for name in paths.CONTENT}}))
""")


@pytest.mark.fast
def test_the_content_lives_at_the_top_of_the_repository_and_a_checkout_finds_it_there(tmp_path):
    """boards/, sprites/, sounds/, fonts/ and voices/ are top-level folders, with no second copy inside
    kidgames/; a checkout run in place (as an editable install runs it) finds each there."""
    from kidgames.core import paths
    kinds = {"boards": "*.yaml", "sprites": "*.png", "sounds": "*.wav", "fonts": "*.tt*", "voices": "*/*.ogg"}
    assert set(kinds) == set(paths.CONTENT)
    for name, pattern in kinds.items():
        assert len(list((ROOT / name).glob(pattern))) >= 2, name
        assert (ROOT / name / "CREDITS.md").is_file() or name == "boards", name
        assert not (ROOT / "kidgames" / name).exists() and not (ROOT / "kidgames" / "data" / name).exists()
    ran = subprocess.run([sys.executable, "-I", "-c", CHECKOUT, str(ROOT)], capture_output=True, text=True,
                         cwd=tmp_path, env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(tmp_path)},
                         timeout=60)
    assert ran.returncode == 0, ran.stderr[-3000:]
    result = json.loads(ran.stdout.split("RESULT ", 1)[1])
    assert Path(result["package"]).parent == ROOT / "kidgames"
    assert result["content"] == {name: str(ROOT / name) for name in paths.CONTENT}
