"""Where the app finds its content (next to the package) and keeps a user's files."""
from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
BOARDS = ROOT / "boards"
SPRITES = ROOT / "sprites"
SOUNDS = ROOT / "sounds"
FONTS = ROOT / "fonts"


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
