"""Launchers on Linux desktops: ``kidgames --install-launchers`` and ``--remove-launchers``.

For the user who runs it, in the XDG data folder (``$XDG_DATA_HOME``, else ``~/.local/share``) and
nowhere else, it writes:

- ``applications/<APP_ID>.desktop``, the whole collection (the menu), and
  ``applications/<APP_ID>.<game>.desktop``, one per game, which starts that game's player setup
  (freedesktop Desktop Entry files; the names in every language the app speaks, from its message
  catalogs);
- ``icons/hicolor/<n>x<n>/apps/<icon>.png``, each launcher's icon in the sizes of
  kidgames/icons (made from the menu's tiles by tools/make_icons.py);
- ``metainfo/<APP_ID>.metainfo.xml``, the AppStream description of the app (name, summary,
  description, content rating: nothing a child should not see, screenshots where the project's
  home page is known).

A file already as it should be is left alone, so installing twice changes nothing; the command says
what it wrote, left or removed.  Removing deletes exactly these files (no others) and the folders
they leave empty below ``icons/hicolor``.  No pygame here.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from xml.sax.saxutils import escape

from kidgames.core.i18n import LANGUAGES, load_messages
from kidgames.core.paths import COLLECTION_ICON, package_folder

#: The reverse-DNS id the launchers and the AppStream file share (the collection's desktop file is
#: ``<APP_ID>.desktop``).  The project has no domain of its own yet: see README, "For families".
APP_ID = "io.github.kidgames.kidgames"
#: The project's public home page, where the screenshots in docs/screenshots are published; None
#: until there is one (AppStream wants web addresses for screenshots, so none are named then).
HOMEPAGE: str | None = None
SCREENSHOTS = ("menu", "knights", "queens", "forest")    # docs/screenshots/<name>.png, tools/make_screenshots.py
COLLECTION = COLLECTION_ICON     # the collection's icon in kidgames/icons/<size>/
CATEGORIES = "Game;BoardGame;KidsGame;"
SUMMARY = "Children's board and card games for the whole family on one computer"
DESCRIPTION = (
    "Children's board and card games, played hot-seat by a family around one screen: by finger on a "
    "tablet or with a mouse, in English, Czech, German, Russian or Korean.",
    "Knights and the Golden Treasure, a roll-and-move game on a fairy-tale map; Sleeping Queens, the card "
    "game of kings, knights and potions; Castle Builders, a push-your-luck card game; and Fairy-Tale "
    "Forest, a memory and roll-and-move game. People and computer players mix freely, and a computer "
    "player can keep the game close for a young child.",
    "Every game is saved after every move, a hand of cards is shown only behind its player's curtain, "
    "and nothing needs a keyboard.",
)


def data_home() -> Path:
    """The XDG data folder: ``$XDG_DATA_HOME`` when it is absolute (the spec ignores a relative
    one), else ``~/.local/share``."""
    value = os.environ.get("XDG_DATA_HOME", "")
    if value and os.path.isabs(value):
        return Path(value)
    return Path.home() / ".local" / "share"


def start_command() -> list[str]:
    """The command that starts this very app, absolute, from any folder:

    - the built app (PyInstaller): its own program;
    - else this Python with ``-m kidgames`` where that interpreter finds this package from any
      folder (an install, an editable install);
    - else this Python with the checkout's ``main.py`` (a checkout run in place)."""
    if getattr(sys, "frozen", False):
        return [os.path.abspath(sys.executable)]
    python = os.path.abspath(sys.executable)
    package = Path(__file__).resolve().parent
    try:
        found = subprocess.run([python, "-c", "import kidgames; print(kidgames.__file__)"], cwd="/" if os.name != "nt"
                               else os.path.expanduser("~"), capture_output=True, text=True, timeout=60,
                               env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
        if found.returncode == 0 and Path(found.stdout.strip()).resolve().parent == package:
            return [python, "-m", "kidgames"]
    except (OSError, subprocess.SubprocessError):
        pass
    return [python, str(package.parent / "main.py")]


def quote_exec(argument: str) -> str:
    """One argument of a desktop file's ``Exec`` (Desktop Entry spec, "The Exec key"): quoted when it
    holds a reserved character; inside the quotes ``"``, `````, ``$`` and ``\\`` are escaped; a ``%`` is
    doubled; then the whole value is escaped as a string value (a backslash doubled)."""
    reserved = set(" \t\n\"'\\><~|&;$*?#()`")
    arg = argument.replace("%", "%%")
    if any(c in reserved for c in arg):
        arg = '"' + "".join("\\" + c if c in '"`$\\' else c for c in arg) + '"'
    return arg.replace("\\", "\\\\")


def exec_line(command: list[str]) -> str:
    return " ".join(quote_exec(part) for part in command)


def _names(key: str, english: str) -> dict[str, str]:
    """A text in every language the app speaks, from its catalogs: language -> text."""
    names = {}
    for lang in LANGUAGES:
        text = load_messages(lang).get(key)
        names[lang] = text or english
    return names


def _escape_value(text: str) -> str:
    return text.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")


def desktop_entry(names: dict[str, str], command: list[str], icon: str, comment: str | None = None) -> str:
    lines = ["[Desktop Entry]", "Type=Application", f"Name={_escape_value(names['en'])}"]
    lines += [f"Name[{lang}]={_escape_value(text)}" for lang, text in names.items() if lang != "en"]
    if comment:
        lines.append(f"Comment={_escape_value(comment)}")
    lines += [f"Exec={exec_line(command)}", f"Icon={icon}", "Terminal=false", f"Categories={CATEGORIES}",
              "StartupNotify=true"]
    return "\n".join(lines) + "\n"


def metainfo(names: dict[str, str]) -> str:
    """The AppStream metainfo of the app (https://www.freedesktop.org/software/appstream/docs/)."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>', '<component type="desktop-application">',
           f"  <id>{APP_ID}</id>", "  <metadata_license>CC0-1.0</metadata_license>",
           f"  <name>{escape(names['en'])}</name>"]
    out += [f'  <name xml:lang="{lang}">{escape(text)}</name>' for lang, text in names.items() if lang != "en"]
    out += [f"  <summary>{escape(SUMMARY)}</summary>", "  <description>"]
    out += [f"    <p>{escape(paragraph)}</p>" for paragraph in DESCRIPTION]
    out += ["  </description>", f'  <launchable type="desktop-id">{APP_ID}.desktop</launchable>',
            "  <categories>", "    <category>Game</category>", "    <category>BoardGame</category>",
            "    <category>KidsGame</category>", "  </categories>",
            "  <recommends>", '    <control>pointing</control>', '    <control>touch</control>', "  </recommends>",
            # OARS: every attribute left out is "none": no violence, language, money or chat
            '  <content_rating type="oars-1.1"/>',
            "  <languages>"]
    out += [f"    <lang>{lang}</lang>" for lang in LANGUAGES]
    out += ["  </languages>"]
    if HOMEPAGE:
        base = HOMEPAGE.rstrip("/")
        out += [f'  <url type="homepage">{escape(HOMEPAGE)}</url>', "  <screenshots>"]
        for i, name in enumerate(SCREENSHOTS):
            kind = ' type="default"' if i == 0 else ""
            out += [f"    <screenshot{kind}>", f"      <image>{escape(base)}/docs/screenshots/{name}.png</image>",
                    "    </screenshot>"]
        out += ["  </screenshots>"]
    out += ["</component>"]
    return "\n".join(out) + "\n"


def icon_sizes() -> dict[int, Path]:
    """The committed icons' sizes -> their folder (kidgames/icons/<size>/)."""
    folder = package_folder("icons")
    return {int(p.name): p for p in sorted(folder.iterdir()) if p.is_dir() and p.name.isdigit()}


def planned(games, data: Path | None = None, command: list[str] | None = None) -> dict[Path, bytes]:
    """Every file the launchers are: path -> its content."""
    from kidgames.games import GAMES
    games = GAMES if games is None else games
    data = data_home() if data is None else data
    command = start_command() if command is None else command
    files: dict[Path, bytes] = {}
    app_names = _names("app.title", "Family Games")
    entries = {APP_ID: (app_names, command, COLLECTION)}
    for spec in games.values():
        if spec.scene:         # a game the menu shows
            entries[f"{APP_ID}.{spec.id}"] = (_names(f"game.{spec.id}.title", spec.title), command + [spec.id],
                                               spec.id)
    sizes = icon_sizes()
    for desktop_id, (names, argv, icon) in entries.items():
        files[data / "applications" / f"{desktop_id}.desktop"] = desktop_entry(names, argv, desktop_id).encode()
        for size, folder in sizes.items():
            files[data / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{desktop_id}.png"] = \
                (folder / f"{icon}.png").read_bytes()
    files[data / "metainfo" / f"{APP_ID}.metainfo.xml"] = metainfo(app_names).encode()
    return files


def install(games=None, data: Path | None = None, command: list[str] | None = None) -> list[str]:
    """Write the launchers; returns what was done, a line a file ("wrote ...", "unchanged ...")."""
    said = []
    for path, content in planned(games, data, command).items():
        if path.is_file() and not path.is_symlink() and path.read_bytes() == content:
            said.append(f"unchanged {path}")
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(path.name + ".new")
        temporary.write_bytes(content)
        os.replace(temporary, path)
        said.append(f"wrote {path}")
    return said


def remove(games=None, data: Path | None = None) -> list[str]:
    """Delete exactly the launchers' files; returns a line for each one removed."""
    data = data_home() if data is None else data
    said = []
    for path in planned(games, data, command=["kidgames"]):
        if path.is_file() or path.is_symlink():
            path.unlink()
            said.append(f"removed {path}")
            folder = path.parent
            hicolor = data / "icons" / "hicolor"
            while folder != hicolor and hicolor in folder.parents:   # <n>x<n>/apps left empty
                try:
                    folder.rmdir()
                except OSError:
                    break
                folder = folder.parent
    return said


def main(games=None, remove: bool = False) -> int:
    """The command line's ``--install-launchers`` / ``--remove-launchers``."""
    try:
        lines = _remove(games) if remove else install(games)
    except OSError as exc:
        print(f"kidgames: error: the launchers could not be {'removed' if remove else 'written'}: {exc}",
              file=sys.stderr)
        return 1
    for line in lines:
        print(line)
    if remove:
        print(f"{len(lines)} files removed from {data_home()}" if lines else f"no launchers were in {data_home()}")
    else:
        wrote = sum(line.startswith("wrote") for line in lines)
        print(f"launchers in {data_home()}: {wrote} files written, {len(lines) - wrote} already as they should be")
    return 0


_remove = remove
