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


def _absolute(variable: str) -> Path | None:
    """An environment variable's folder if it is set and absolute (the XDG Base Directory spec:
    a relative path in an XDG variable is invalid and is ignored)."""
    value = os.environ.get(variable)
    if value and os.path.isabs(value):
        return Path(value)
    return None


def temporary_home() -> Path:
    """A fresh folder for one run when the user has none (see :class:`NoHome`): nothing in it is
    kept for long, and the app says so."""
    import tempfile
    return Path(tempfile.mkdtemp(prefix="kidgames-"))


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
    base = _absolute("XDG_CACHE_HOME")
    if base is None:
        try:
            base = Path.home() / ".cache"
        except (RuntimeError, KeyError, OSError):    # no home: a cache of this run only
            base = temporary_home()
    cache = base / PACKAGE / f"{name}-{__version__}"
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


class NoHome(RuntimeError):
    """Neither ``KIDGAMES_HOME`` nor a home folder says where a user's files go (a kiosk or service
    account without HOME or a passwd entry); the message is a sentence."""


def user_dir() -> Path:
    """The folder for settings and the saved games: ``$KIDGAMES_HOME``, else the XDG data folder
    (``$XDG_DATA_HOME/kidgames``, ``~/.local/share/kidgames``; ``%APPDATA%\\kidgames`` on Windows).

    Always absolute: a relative ``KIDGAMES_HOME`` is taken from the current folder once, here (the
    app asks once, at start); a relative ``XDG_DATA_HOME`` is ignored, as the spec says.  Raises
    :class:`NoHome` when no folder can be named at all."""
    override = os.environ.get("KIDGAMES_HOME")
    if override:
        return Path(os.path.abspath(override))
    base = _absolute("APPDATA" if os.name == "nt" else "XDG_DATA_HOME")
    if base is None:
        try:
            home = Path.home()
        except (RuntimeError, KeyError, OSError):
            home = None
        if home is None or not home.is_absolute():
            raise NoHome("No home folder is known for this user (HOME is not set), so there is no place "
                         "to keep the games; set KIDGAMES_HOME to a folder to keep them.")
        base = home / ("AppData/Roaming" if os.name == "nt" else ".local/share")
    return base / "kidgames"
