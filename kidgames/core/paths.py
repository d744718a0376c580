"""Where the app finds its content (next to the package) and keeps a user's files."""
from __future__ import annotations

import os
from pathlib import Path

def _content_root() -> Path:
    """The folder with boards/, sprites/, sounds/ and fonts/: the source tree (a checkout or an
    editable install), else where a regular install put them (``<prefix>/share/kidgames``)."""
    source = Path(__file__).resolve().parent.parent.parent
    if (source / "boards").is_dir():
        return source
    import site
    import sys
    for prefix in (sys.prefix, site.getuserbase()):
        installed = Path(prefix) / "share" / "kidgames"
        if (installed / "boards").is_dir():
            return installed
    return source


ROOT = _content_root()
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
