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
import sys
from importlib.machinery import SourceFileLoader, SourcelessFileLoader
from pathlib import Path
from typing import TYPE_CHECKING

import platformdirs
import platformdirs.macos
from platformdirs.api import PlatformDirsABC

if TYPE_CHECKING:
    from importlib.abc import Traversable

PACKAGE = "kidgames"
#: platformdirs' folders for the system the app runs on (Linux and other Unix: the XDG Base
#: Directory spec; macOS; Windows); a test puts another system's class here.
PLATFORM_DIRS: type[PlatformDirsABC] = platformdirs.PlatformDirs


def _folders() -> PlatformDirsABC:
    """The app's folders: ``kidgames`` with no vendor folder above it (Windows), in the roaming
    profile (Windows: ``%APPDATA%``, where the games were always kept)."""
    return PLATFORM_DIRS(appname=PACKAGE, appauthor=False, roaming=True)


def temporary_home() -> Path:
    """A fresh folder for one run when the user has none (see :class:`NoHome`): nothing in it is
    kept for long, and the app says so.  Raises :class:`NoPlace` where not even that can be made
    (no usable temporary folder: a locked-down kiosk account, a read-only container)."""
    import tempfile
    try:
        return Path(tempfile.mkdtemp(prefix="kidgames-"))
    except OSError as exc:          # tempfile: "No usable temporary directory found in [...]"
        raise NoPlace(f"No home folder is known for this user and no temporary folder can be made "
                      f"({exc.strerror or exc}), so there is no place for the games, not even for this "
                      f"run; set KIDGAMES_HOME to a folder to keep them.") from None


def _package_files() -> Path | Traversable:
    """``importlib.resources.files(PACKAGE)``: for a package of files on disk (installed, a
    checkout, an editable install) the folder of its ``__init__``, which is what importlib.resources
    gives there, found without its readers (which import zipfile: ~2 ms of the start; pygame
    imports importlib.resources itself)."""
    spec = sys.modules[PACKAGE].__spec__
    if spec is not None and spec.origin and isinstance(spec.loader, (SourceFileLoader, SourcelessFileLoader)):
        return Path(spec.origin).parent
    from importlib import resources
    return resources.files(PACKAGE)


#: The collection's own icon, kidgames/icons/<size>/<this>.png (tools/make_icons.py): its launchers'
#: icon and the app window's.
COLLECTION_ICON = "kidgames"


def package_folder(name: str) -> Path:
    """A folder of the package's own (``locale``) as a folder on disk."""
    folder = _package_files() / name
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
    inside = _package_files() / name
    if not isinstance(inside, Path):
        return _unpacked(inside, name)
    if inside.is_dir():
        return inside
    return Path(inside).parent.parent / name


def _unpacked(folder: Traversable, name: str) -> Path:
    """A folder of a zipped package, copied into ``<cache>/kidgames/<name>-<version>`` once."""
    import shutil

    from kidgames import __version__
    try:
        base = _folders().user_cache_path          # Linux: $XDG_CACHE_HOME/kidgames, ~/.cache/kidgames
    except (RuntimeError, KeyError, OSError, ValueError):    # no home: a cache of this run only
        base = temporary_home()
    cache = base / f"{name}-{__version__}"
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


class NoPlace(NoHome):
    """No home folder, and not even a temporary folder for this run can be made: the app cannot
    start (the command line says so and exits with status 2); the message is a sentence."""


def user_dir() -> Path:
    """The folder for settings and the saved games: ``$KIDGAMES_HOME``, else the user data folder
    platformdirs names for the system:

    - Linux and other Unix: ``$XDG_DATA_HOME/kidgames``, else ``~/.local/share/kidgames`` (a
      relative ``XDG_DATA_HOME`` is ignored, as the XDG spec says, and platformdirs does);
    - macOS: ``~/Library/Application Support/kidgames`` (``$XDG_DATA_HOME/kidgames`` if set), or
      ``~/.local/share/kidgames`` where earlier versions kept the games on a Mac and nothing has
      been kept in the new folder yet, so that they are found;
    - Windows: ``%APPDATA%\\kidgames``.

    Always absolute: a relative ``KIDGAMES_HOME`` is taken from the current folder once, here (the
    app asks once, at start).  Raises :class:`NoHome` when no folder can be named at all."""
    override = os.environ.get("KIDGAMES_HOME")
    if override:
        return Path(os.path.abspath(override))
    try:
        folder = _folders().user_data_path
        if issubclass(PLATFORM_DIRS, platformdirs.macos.MacOS):     # before: ~/.local/share on a Mac too
            earlier = Path.home() / ".local" / "share" / PACKAGE
            if folder.parent == Path.home() / "Library" / "Application Support" and not folder.exists() \
                    and earlier.is_dir():
                return earlier
    except (RuntimeError, KeyError, OSError, ValueError):     # platformdirs: no absolute home
        raise NoHome("No home folder is known for this user (HOME is not set), so there is no place "
                     "to keep the games; set KIDGAMES_HOME to a folder to keep them.") from None
    return folder
