"""``kidgames --install-launchers`` / ``--remove-launchers`` (Linux desktops): what a family's desktop
menu gets, checked by the freedesktop tools themselves where they are installed (Debian's
``desktop-file-utils`` and ``appstream``; .ci/run installs them with apt-get where it can), and the
command each launcher runs, run.

What ``Exec`` runs here: this test's Python (the venv's, an absolute path) with ``-m kidgames`` and the
game's id, since that Python finds the package from any folder (an editable install); a checkout
that is not installed gets ``python /path/to/main.py`` instead, and the built app its own program."""
from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kidgames import launchers
from kidgames.core.i18n import LANGUAGES, load_messages
from kidgames.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
PLAYABLE = [spec.id for spec in GAMES.values() if spec.scene]
SIZES = (48, 64, 128, 256, 512)


def headless_env(**more) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("KIDGAMES_", "XDG_"))}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.update(more)
    return env


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """The launchers as the command line installs them, into a fresh XDG data folder, with a fresh
    home beside it (nothing may be written there)."""
    base = tmp_path_factory.mktemp("desktop")
    data, home, games_home = base / "data", base / "home", base / "games"
    home.mkdir()
    env = headless_env(XDG_DATA_HOME=str(data), HOME=str(home), KIDGAMES_HOME=str(games_home))
    first = subprocess.run([sys.executable, "-m", "kidgames", "--install-launchers"], env=env, cwd=base,
                           capture_output=True, text=True, timeout=120)
    assert first.returncode == 0, first.stderr
    return data, home, games_home, first.stdout, env, base


def desktop_values(path: Path) -> dict[str, str]:
    values = {}
    for line in path.read_text(encoding="utf-8").splitlines()[1:]:
        key, _, value = line.partition("=")
        values[key] = value
    return values


def exec_argv(value: str) -> list[str]:
    """The Exec value as the desktop runs it: string unescaping, then the quoting rules (which are
    the shell's double quotes for what launchers.quote_exec writes)."""
    unescaped = value.replace("\\\\", "\\")
    return [part.replace("%%", "%") for part in shlex.split(unescaped)]


def test_one_launcher_per_game_and_the_collection_with_names_in_every_language(installed):
    data, *_ = installed
    apps = data / "applications"
    expected = {f"{launchers.APP_ID}.desktop"} | {f"{launchers.APP_ID}.{g}.desktop" for g in PLAYABLE}
    assert {p.name for p in apps.iterdir()} == expected
    for game in PLAYABLE:
        values = desktop_values(apps / f"{launchers.APP_ID}.{game}.desktop")
        english = load_messages("en")[f"game.{game}.title"]
        assert values["Name"] == english
        for lang in LANGUAGES:
            if lang != "en":       # the catalog's name, e.g. queens in Czech: "Spící královny"
                assert values[f"Name[{lang}]"] == load_messages(lang)[f"game.{game}.title"]
        assert values["Icon"] == f"{launchers.APP_ID}.{game}"
        assert exec_argv(values["Exec"])[-1] == game
    assert desktop_values(apps / f"{launchers.APP_ID}.desktop")["Name[cs]"] == load_messages("cs")["app.title"]


def test_it_says_what_it_wrote_and_writes_only_into_the_xdg_data_folder(installed):
    data, home, games_home, out, _, base = installed
    written = sorted(p for p in data.rglob("*") if p.is_file())
    assert len(written) == (len(PLAYABLE) + 1) * (1 + len(SIZES)) + 1
    for path in written:
        assert f"wrote {path}" in out
    assert list(home.iterdir()) == [] and not games_home.exists()
    assert sorted(p.name for p in base.iterdir()) == ["data", "home"]


def test_installing_again_changes_nothing(installed):
    data, _, _, _, env, base = installed
    before = {p: p.stat().st_mtime_ns for p in data.rglob("*") if p.is_file()}
    again = subprocess.run([sys.executable, "-m", "kidgames", "--install-launchers"], env=env, cwd=base,
                           capture_output=True, text=True, timeout=120)
    assert again.returncode == 0
    assert "0 files written" in again.stdout
    assert {p: p.stat().st_mtime_ns for p in data.rglob("*") if p.is_file()} == before


def test_each_icon_in_every_size_is_the_games_own(installed):
    data, *_ = installed
    for game in PLAYABLE:
        for size in SIZES:
            icon = data / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{launchers.APP_ID}.{game}.png"
            assert icon.read_bytes() == (ROOT / "kidgames" / "icons" / str(size) / f"{game}.png").read_bytes()


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None,
                    reason="desktop-file-validate is not installed (Debian package desktop-file-utils)")
def test_desktop_files_pass_desktop_file_validate(installed):
    data, *_ = installed
    for path in sorted((data / "applications").iterdir()):
        result = subprocess.run(["desktop-file-validate", str(path)], capture_output=True, text=True)
        assert result.returncode == 0 and not result.stdout.strip(), (path.name, result.stdout)


@pytest.mark.skipif(shutil.which("appstreamcli") is None,
                    reason="appstreamcli is not installed (Debian package appstream)")
def test_metainfo_passes_appstreamcli_validate(installed, tmp_path, monkeypatch):
    data, *_ = installed
    result = subprocess.run(["appstreamcli", "validate", "--no-net", "--explain",
                             str(data / "metainfo" / f"{launchers.APP_ID}.metainfo.xml")],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout
    text = (data / "metainfo" / f"{launchers.APP_ID}.metainfo.xml").read_text()
    assert '<content_rating type="oars-1.1"/>' in text and "<summary>" in text
    # with a home page, the committed screenshots are named: still valid
    monkeypatch.setattr(launchers, "HOMEPAGE", "https://example.org/kidgames")
    launchers.install(data=tmp_path, command=["kidgames"])
    path = tmp_path / "metainfo" / f"{launchers.APP_ID}.metainfo.xml"
    assert path.read_text().count("<screenshot>") + path.read_text().count("<screenshot ") == len(launchers.SCREENSHOTS)
    result = subprocess.run(["appstreamcli", "validate", "--no-net", str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout
    for name in launchers.SCREENSHOTS:
        assert (ROOT / "docs" / "screenshots" / f"{name}.png").is_file()


def test_the_command_in_exec_starts_the_app(installed, tmp_path):
    """The game's launcher's command, parsed as the desktop parses it, with --list: it runs from
    another folder, headless, and lists the games."""
    data, _, _, _, env, _ = installed
    values = desktop_values(data / "applications" / f"{launchers.APP_ID}.queens.desktop")
    argv = exec_argv(values["Exec"])
    assert argv == [os.path.abspath(sys.executable), "-m", "kidgames", "queens"]
    result = subprocess.run(argv + ["--list"], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    for game in PLAYABLE:
        assert game in result.stdout


def test_exec_quotes_a_path_with_spaces():
    line = launchers.exec_line(["/home/a b/.venv/bin/python", "-m", "kidgames", "100%"])
    assert exec_argv(line) == ["/home/a b/.venv/bin/python", "-m", "kidgames", "100%"]


def test_remove_takes_away_exactly_the_launchers(tmp_path):
    launchers.install(data=tmp_path, command=["kidgames"])
    foreign = tmp_path / "applications" / "someone.else.desktop"
    foreign.write_text("[Desktop Entry]\n")
    other_icon = tmp_path / "icons" / "hicolor" / "48x48" / "apps" / "other.png"
    other_icon.write_bytes(b"x")
    said = launchers.remove(data=tmp_path)
    assert len(said) == (len(PLAYABLE) + 1) * (1 + len(SIZES)) + 1
    left = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*") if p.is_file())
    assert left == ["applications/someone.else.desktop", "icons/hicolor/48x48/apps/other.png"]
    assert not (tmp_path / "icons" / "hicolor" / "512x512").exists()     # emptied, so removed
    assert launchers.remove(data=tmp_path) == []


def test_committed_icons_are_square_pngs_in_every_size_as_the_tool_makes_them():
    for name in ["kidgames", *PLAYABLE]:
        for size in SIZES:
            path = ROOT / "kidgames" / "icons" / str(size) / f"{name}.png"
            head = path.read_bytes()[:24]
            assert head[:8] == b"\x89PNG\r\n\x1a\n"
            assert int.from_bytes(head[16:20], "big") == int.from_bytes(head[20:24], "big") == size
    result = subprocess.run([sys.executable, str(ROOT / "tools" / "make_icons.py"), "--check"],
                            env=headless_env(), capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
