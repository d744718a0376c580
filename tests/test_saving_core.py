"""Saves a family can trust (issue 22): a save that fails is told, "saved" is said only when the last
move is on disk, one game is open in one copy of the app at a time, and the small untruths are gone
(error.log through a link, a false "put aside", HOME unset, relative XDG paths, a plural rule that
divides by zero)."""
from __future__ import annotations

import pytest

from kidgames.core import po

HEADER = 'msgid ""\nmsgstr ""\n"Language: cs\\n"\n"Plural-Forms: {rule}\\n"\n\nmsgctxt "a"\nmsgid "A"\nmsgstr "B"\n'


@pytest.mark.parametrize("rule", ["nplurals=2; plural=n/0;", "nplurals=2; plural=n%(n-n);",
                                  "nplurals=3; plural=n>500 ? 7/(n-777) : 0;"])
def test_a_plural_rule_that_divides_by_zero_is_refused_when_the_catalog_is_read(tmp_path, rule):
    path = tmp_path / "cs.po"
    path.write_text(HEADER.format(rule=rule), encoding="utf-8")
    with pytest.raises(po.CatalogError, match=r"cs\.po:1: the plural expression .* divides by zero for n=\d+"):
        po.read(path)


def test_the_languages_plural_rules_are_still_read():
    for rule in po.PLURAL_FORMS.values():
        count, form = po.parse_plural_forms(rule)
        assert all(0 <= form(n) < count for n in range(0, 1001))


# -- where the user's files go -----------------------------------------------------------------------
def test_a_relative_xdg_data_home_is_ignored_as_the_spec_says(monkeypatch, tmp_path):
    from kidgames.core import paths
    monkeypatch.delenv("KIDGAMES_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", "relative/data")
    assert paths.user_dir() == tmp_path / ".local" / "share" / "kidgames"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert paths.user_dir() == tmp_path / "data" / "kidgames"


def test_the_linux_folder_is_the_one_the_games_were_always_saved_in(monkeypatch, tmp_path):
    """~/.local/share/kidgames (XDG), so that a family's saves of earlier versions are found."""
    from kidgames.core import paths
    for name in ("KIDGAMES_HOME", "XDG_DATA_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert paths.user_dir() == tmp_path / ".local" / "share" / "kidgames"
    monkeypatch.setenv("KIDGAMES_HOME", str(tmp_path / "elsewhere"))     # KIDGAMES_HOME comes first
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert paths.user_dir() == tmp_path / "elsewhere"


def test_on_a_mac_the_games_go_to_application_support_unless_kept_in_the_earlier_folder(monkeypatch, tmp_path):
    import platformdirs.macos
    from kidgames.core import paths
    monkeypatch.setattr(paths, "PLATFORM_DIRS", platformdirs.macos.MacOS)
    for name in ("KIDGAMES_HOME", "XDG_DATA_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert paths.user_dir() == tmp_path / "Library" / "Application Support" / "kidgames"
    earlier = tmp_path / ".local" / "share" / "kidgames"           # where versions before kept them on a Mac
    (earlier / "saves").mkdir(parents=True)
    assert paths.user_dir() == earlier, "the saves kept there are found"
    (tmp_path / "Library" / "Application Support" / "kidgames").mkdir(parents=True)
    assert paths.user_dir() == tmp_path / "Library" / "Application Support" / "kidgames"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert paths.user_dir() == tmp_path / "data" / "kidgames"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/data")
    assert paths.user_dir() == tmp_path / "Library" / "Application Support" / "kidgames"


def test_on_windows_the_games_go_to_the_roaming_appdata_folder(monkeypatch, tmp_path):
    """%APPDATA%\\kidgames, as before: no vendor folder above it, in the profile that roams."""
    import platformdirs.windows
    from kidgames.core import paths
    monkeypatch.setattr(paths, "PLATFORM_DIRS", platformdirs.windows.Windows)
    monkeypatch.delenv("KIDGAMES_HOME", raising=False)
    # platformdirs asks Windows for the folder; off Windows, its override stands in for the answer
    monkeypatch.setenv("WIN_PD_OVERRIDE_APPDATA", r"C:\Users\Anna\AppData\Roaming")
    monkeypatch.setenv("WIN_PD_OVERRIDE_LOCAL_APPDATA", r"C:\Users\Anna\AppData\Local")
    assert str(paths.user_dir()).replace("/", "\\") == r"C:\Users\Anna\AppData\Roaming\kidgames"
    monkeypatch.setenv("KIDGAMES_HOME", str(tmp_path))
    assert paths.user_dir() == tmp_path


def test_a_relative_kidgames_home_is_made_absolute_once(monkeypatch, tmp_path):
    from kidgames.core import paths
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("KIDGAMES_HOME", "games here")
    home = paths.user_dir()
    assert home.is_absolute() and home == tmp_path / "games here"


def test_no_home_at_all_is_a_sentence_not_a_traceback(monkeypatch):
    import pwd
    from kidgames.core import paths
    for name in ("HOME", "KIDGAMES_HOME", "XDG_DATA_HOME"):
        monkeypatch.delenv(name, raising=False)

    def no_entry(uid):
        raise KeyError(uid)
    monkeypatch.setattr(pwd, "getpwuid", no_entry)
    with pytest.raises(paths.NoHome, match="HOME is not set.*KIDGAMES_HOME"):
        paths.user_dir()


# -- the settings of a home that cannot be used ------------------------------------------------------
def test_settings_in_a_home_that_is_a_file_are_not_said_to_be_put_aside(tmp_path):
    from kidgames.core.settings import Settings, SettingsStore
    home = tmp_path / "home"
    home.write_text("a file")
    store = SettingsStore(home)
    assert store.load() == Settings() and store.problem is None and store.set_aside_as is None


def test_a_controllers_snapshot_is_what_it_saves_then_whatever_the_moves_after_it():
    # The session hands the save writer a snapshot whose event log is turned into JSON on the
    # writer's thread: it must hold the game as it was at the move, byte for byte as to_json then.
    import json
    import random

    from kidgames.core.seats import COMPUTER, Seat
    from kidgames.core.session import Session
    from kidgames.games import GAMES
    for game in GAMES:
        seats = [Seat("Anna", "red"), Seat("Ben", "blue"), Seat("Robo", "green", COMPUTER, "hard")]
        controller = Session.new(GAMES[game], seats, seed=5)._controller
        rng = random.Random(game)
        for _ in range(60):
            if controller.is_over:
                break
            now, later = json.dumps(controller.to_json()), controller.snapshot()
            assert json.dumps(later()) == now, game
            controller.submit(rng.choice(controller.state.legal_actions()))
            if controller.can_undo() and rng.random() < 0.3:
                controller.undo()
            assert json.dumps(later()) == now, f"{game}: a later move changed an earlier snapshot"
