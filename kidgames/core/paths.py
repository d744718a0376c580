"""Where the app finds its content and keeps a user's files.

The content — boards, sprites, sounds, fonts, voices — is package data (``kidgames/data/``), found
through :mod:`importlib.resources`, so a plain checkout, an editable install, an installed wheel and a
zipped app all find it the same way.  Where the package is not a folder on disk (a zip), the content
is unpacked once into the user's cache, since pygame opens fonts and sounds by file name.
"""
from __future__ import annotations

import os
import shutil
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path

PACKAGE = "kidgames"


def package_folder(name: str) -> Path:
    """A folder of the package (``data``, ``locale``) as a folder on disk."""
    folder = resources.files(PACKAGE) / name
    if isinstance(folder, Path):
        return folder
    return _unpacked(folder, name)


def data_root() -> Path:
    """The folder with boards/, sprites/, sounds/, fonts/ and voices/."""
    return package_folder("data")


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
    for item in source.iterdir():
        if item.is_dir():
            _copy(item, target / item.name)
        else:
            (target / item.name).write_bytes(item.read_bytes())


ROOT = data_root()
BOARDS = ROOT / "boards"
SPRITES = ROOT / "sprites"
SOUNDS = ROOT / "sounds"
FONTS = ROOT / "fonts"
VOICES = ROOT / "voices"


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
