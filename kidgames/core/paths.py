"""Where the app finds its content and keeps a user's files.

The content — boards, sprites, sounds, fonts, voices — lives at the top of the repository
(``boards/``, ``sprites/``, ``sounds/``, ``fonts/``, ``voices/``), where someone who wants to change a
board or a picture looks for it.  A wheel carries each folder inside the package (setup.py maps
``kidgames.boards`` to ``boards/`` and so on), so an installed or zipped app finds it through
:mod:`importlib.resources` as ``kidgames/<name>``; a checkout (run in place or installed with
``pip install -e .``) has the package's source folder, beside which the content folders lie.  One
function, :func:`content_folder`, finds a folder in all four cases.  Where the package is not a folder
on disk (a zip), the content is unpacked once into the user's cache, since pygame opens fonts and
sounds by file name.
"""
from __future__ import annotations

import os
import shutil
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path

PACKAGE = "kidgames"


def package_folder(name: str) -> Path:
    """A folder of the package's own (``locale``) as a folder on disk."""
    folder = resources.files(PACKAGE) / name
    if isinstance(folder, Path):
        return folder
    return _unpacked(folder, name)


CONTENT = ("boards", "sprites", "sounds", "fonts", "voices")   # setup.py maps these into the package


def content_folder(name: str) -> Path:
    """One of the content folders (:data:`CONTENT`) as a folder on disk.

    Inside the package where it was installed from a wheel (or zipped); else the repository's
    top-level folder beside the package's source folder (a checkout, or an editable install of one).
    """
    if name not in CONTENT:
        raise ValueError(f"{name!r} is not one of the content folders {', '.join(CONTENT)}")
    inside = resources.files(PACKAGE) / name
    if not isinstance(inside, Path):
        return _unpacked(inside, name)
    if inside.is_dir():
        return inside
    return Path(inside).parent.parent / name


def _unpacked(folder: Traversable, name: str) -> Path:
    """A folder of a zipped package, copied into ``<cache>/kidgames/<name>-<version>`` once."""
    from kidgames import __version__
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / PACKAGE / f"{name}-{__version__}"
    done = cache / ".complete"
    if not done.exists():
        shutil.rmtree(cache, ignore_errors=True)
        _copy(folder, cache)
        done.write_text("")
    return cache


def _copy(source: Traversable, target: Path) -> None:
    target.mkdir(parents=True, exist_ok=True)
    if not source.is_dir():             # a zip made without this folder: an empty one (no sounds, say)
        return
    for item in source.iterdir():
        if item.is_dir():
            _copy(item, target / item.name)
        else:
            (target / item.name).write_bytes(item.read_bytes())


BOARDS = content_folder("boards")
SPRITES = content_folder("sprites")
SOUNDS = content_folder("sounds")
FONTS = content_folder("fonts")
VOICES = content_folder("voices")


def user_dir() -> Path:
    """The folder for settings and the saved game: ``$KIDGAMES_HOME``, else the XDG data folder."""
    override = os.environ.get("KIDGAMES_HOME")
    if override:
        return Path(override)
    if os.name == "nt":
        base = Path(os.environ.get("APPDATA") or Path.home())
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "kidgames"
