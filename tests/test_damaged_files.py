"""Damaged saves and settings (the fuzzing session's corpus in tests/damaged/, and what cannot be
a small file made here): each is set aside once with the friendly message, the app keeps running,
nothing hangs, nothing is deleted, and the next start does not meet it again."""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kidgames.core.protocol import rng_state_to_json
from kidgames.core.saving import SaveStore
from kidgames.core.settings import SettingsStore
from kidgames.core.storage import MAX_BYTES, DamagedFile, read_json
from kidgames.games import GAMES
from kidgames.games.knights.scene import KnightsScene
from kidgames.ui.app import App
from kidgames.ui.dialog import ConfirmScene, MessageScene
from kidgames.ui.menu import MenuScene
from kidgames.ui.setup import SetupScene
from ui_driver import make_app, run_until, state_of, tap_button

CORPUS = Path(__file__).resolve().parent / "damaged"
ROOT = Path(__file__).resolve().parent.parent
RNG = json.dumps(rng_state_to_json(random.Random(5))).encode()

#: Why each corpus file must be refused: words of the reason (so none passes by accident).
REASONS = {
    "not-json.json": "not valid json",
    "empty.json": "not valid json",
    "truncated.json": "not valid json",
    "turn-infinity.json": "infinity",
    "saved-at-nan.json": "nan",
    "board-size-1e400.json": "too big",
    "turn-5000-digits.json": "not valid json",
    "not-utf8.json": "not utf-8",
    "binary-junk.json": "not utf-8",
    "top-level-list.json": "not a kidgames save",
    "unknown-game.json": "unknown game",
    "last-roll-nine.json": "last throw",
    "last-roll-minus-three.json": "last throw",
    "last-roll-six-in-words.json": "last throw",
    "last-roll-object.json": "last throw",
    "last-roll-true.json": "last throw",
    "turn-ten-to-the-300.json": "turn",
    "turn-negative.json": "turn",
    "board-size-half.json": "size",
    "decoration-size-1e9.json": "decoration",
    "field-at-negative.json": "m1",
    "knight-position-negative.json": "field name",
    "current-player-true.json": "current player",
    "winner-twice.json": "winners",
    "seat-colour-unknown.json": "colour",
    "more-seats-than-knights.json": "number of players",
    "seats-not-a-list.json": "not a list",
    "game-over.json": "already over",
    "null.json": "not a kidgames save",
    "seat-name-null-character.json": "u+0000",
    "knight-in-castle-no-winner.json": "nobody has won",
    "queens-seat-without-cards.json": "seat 1 holds 0 cards",
    "forest-board-400-extra-paths.json": "paths leading from it",
}
#: The game whose save each corpus file stands in for (Knights unless named here).
GAME_OF = {
    "queens-seat-without-cards.json": "queens",
    "forest-board-400-extra-paths.json": "forest",
}
DAMAGED = sorted(p.name for p in CORPUS.glob("*.json") if p.name != "good-control.json")


def corpus(name: str) -> bytes:
    """A corpus file with a valid random generator where it says "@RNG@"."""
    return (CORPUS / name).read_bytes().replace(b'"@RNG@"', RNG)


def put_save(home: Path, raw: bytes, game_id: str = "knights") -> Path:
    path = home / "saves" / f"{game_id}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    return path


def set_aside_saves(home: Path, game_id: str = "knights") -> list[Path]:
    return sorted((home / "saves").glob(f"{game_id}.damaged-*"))


def test_every_corpus_file_has_its_reason_and_the_control_is_a_good_save(tmp_path):
    assert set(DAMAGED) == set(REASONS), "each corpus file says why it must be refused"
    put_save(tmp_path, corpus("good-control.json"))
    result = SaveStore(tmp_path).load("knights", GAMES)
    assert result.problem is None and result.saved.state.positions == ["m2", "start"]


def test_the_other_games_corpus_saves_load_once_their_one_damage_is_undone(tmp_path):
    forest = json.loads(corpus("forest-board-400-extra-paths.json"))
    paths = forest["state"]["board"]["paths"]
    forest["state"]["board"]["paths"] = {name: chain for name, chain in paths.items() if not name.startswith("x")}
    queens = json.loads(corpus("queens-seat-without-cards.json"))
    pile = queens["state"]["draw_pile"]
    queens["state"]["hands"][1], queens["state"]["draw_pile"] = pile[-5:], pile[:-5]
    for game_id, data in (("forest", forest), ("queens", queens)):
        put_save(tmp_path, json.dumps(data).encode(), game_id)
        result = SaveStore(tmp_path).load(game_id, GAMES)
        assert result.problem is None and result.saved.state.legal_actions()


@pytest.mark.parametrize("name", DAMAGED)
def test_a_damaged_save_is_refused_for_its_own_reason_and_kept_byte_for_byte(tmp_path, name):
    raw = corpus(name)
    game_id = GAME_OF.get(name, "knights")
    put_save(tmp_path, raw, game_id)
    result = SaveStore(tmp_path).load(game_id, GAMES)
    assert result.saved is None
    assert REASONS[name] in result.problem.lower(), result.problem
    assert "Traceback" not in result.problem
    assert result.set_aside_as.read_bytes() == raw, "set aside, never changed or deleted"
    assert not (tmp_path / "saves" / f"{game_id}.json").exists()


@pytest.mark.parametrize("name", DAMAGED)
def test_the_menu_tells_of_a_damaged_save_once_and_the_app_goes_on(tmp_path, name):
    game_id = GAME_OF.get(name, "knights")
    put_save(tmp_path, corpus(name), game_id)
    app = make_app(tmp_path)
    assert isinstance(app.top, MessageScene)
    assert app.top.title == app.t("save.damaged.title")
    moved = set_aside_saves(tmp_path, game_id)
    assert len(moved) == 1 and moved[0].name in app.top.text
    tap_button(app, "ok")
    assert isinstance(app.top, MenuScene) and game_id not in app.top.saved
    tap_button(app, f"game:{game_id}")
    assert isinstance(app.top, SetupScene), "the tile leads to a new game"
    assert app.running and not app.errors
    again = make_app(tmp_path)
    assert isinstance(again.top, MenuScene), "the next start does not meet the damaged save again"
    assert set_aside_saves(tmp_path, game_id) == moved


def test_a_good_save_is_continued_from_its_tile(tmp_path):
    put_save(tmp_path, corpus("good-control.json"))
    app = make_app(tmp_path)
    assert isinstance(app.top, MenuScene) and "knights" in app.top.saved
    tap_button(app, "game:knights")
    tap_button(app, "yes")
    assert isinstance(app.top, KnightsScene) and state_of(app.top).positions == ["m2", "start"]


# -- huge, deep, and not files at all ----------------------------------------------------------------
def test_a_hundred_thousand_nested_brackets_in_the_save_are_set_aside(tmp_path):
    put_save(tmp_path, b"[" * 100_000)
    app = make_app(tmp_path)
    assert isinstance(app.top, MessageScene) and app.top.title == app.t("save.damaged.title")
    assert set_aside_saves(tmp_path)[0].read_bytes() == b"[" * 100_000


def test_a_damaged_old_single_save_is_set_aside_instead_of_moved(tmp_path):
    (tmp_path / "save.json").write_bytes(b"[" * 100_000)
    app = make_app(tmp_path)
    assert isinstance(app.top, MessageScene) and app.top.title == app.t("save.damaged.title")
    moved = list(tmp_path.glob("save.damaged-*.json"))
    assert len(moved) == 1 and moved[0].name in app.top.text and not (tmp_path / "save.json").exists()
    assert isinstance(make_app(tmp_path).top, MenuScene), "told once"


@pytest.mark.parametrize("text", ["[" * 100_000, '{"lang": "en", "speed": Infinity}', "\udcff",
                                  '{"sound": false, "last_setup": ' + "[" * 5000 + "]" * 5000 + "}"],
                         ids=["nested", "infinity", "not utf-8", "deep inside"])
def test_damaged_settings_are_set_aside_and_the_app_starts_with_the_usual_ones(tmp_path, text):
    (tmp_path / "settings.json").write_bytes(text.encode("utf-8", "surrogateescape"))
    app = App(GAMES, home=tmp_path, mute=True)
    app.reset_to(MenuScene(app))
    app.frame(0.0)
    assert isinstance(app.top, MessageScene) and app.top.title == app.t("settings.damaged.title")
    moved = list(tmp_path.glob("settings.damaged-*.json"))
    assert len(moved) == 1 and moved[0].name in app.top.text
    assert app.settings.speed == "normal" and app.settings.sound is True
    tap_button(app, "ok")
    assert isinstance(app.top, MenuScene) and app.running
    again = App(GAMES, home=tmp_path, mute=True)
    assert again.settings_store.problem is None


def test_settings_saved_by_an_editor_with_a_byte_order_mark_are_read(tmp_path):
    (tmp_path / "settings.json").write_bytes(b"\xef\xbb\xbf" + json.dumps({"speed": "slow"}).encode())
    store = SettingsStore(tmp_path)
    assert store.load().speed == "slow" and store.problem is None


def test_a_remembered_setup_that_is_not_a_list_of_players_is_dropped(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps(
        {"speed": "fast", "last_setup": {"knights": 5, "queens": [{"colour": "red"}, "x"], "forest": []}}))
    settings = SettingsStore(tmp_path).load()
    assert settings.speed == "fast" and settings.last_setup == {}
    app = make_app(tmp_path)
    tap_button(app, "game:knights")
    assert isinstance(app.top, SetupScene) and len(app.top.seats) == 2


def test_a_remembered_setup_with_a_null_character_in_a_name_is_dropped_and_the_app_starts(tmp_path):
    """The fuzzing report: a null in a remembered name stopped every start ("A null character was
    found in the text").  That game's setup is dropped; the others are kept."""
    good = [{"name": "Anna", "colour": "red"}, {"name": "Ben", "colour": "blue"}]
    bad = [{"name": "An\u0000na", "colour": "red"}, {"name": "Ben", "colour": "blue"}]
    (tmp_path / "settings.json").write_text(json.dumps({"last_setup": {"knights": bad, "queens": good}}))
    assert SettingsStore(tmp_path).load().last_setup == {
        "queens": [{"name": "Anna", "colour": "red", "kind": "person", "level": "normal", "default_name": False},
                   {"name": "Ben", "colour": "blue", "kind": "person", "level": "normal", "default_name": False}]}
    app = make_app(tmp_path)
    tap_button(app, "game:knights")
    assert isinstance(app.top, SetupScene) and all("\x00" not in seat.name for seat in app.top.seats)
    for _ in range(3):
        app.frame(1 / 60)
    assert app.running and not app.errors


def test_a_remembered_setup_keeps_its_valid_players(tmp_path):
    seats = [{"name": "Anna", "colour": "red"}, {"name": "Robo", "colour": "green", "kind": "computer"}]
    settings = SettingsStore(tmp_path)
    (tmp_path / "settings.json").write_text(json.dumps({"last_setup": {"knights": seats}}))
    remembered = settings.load().last_setup["knights"]
    assert [(s["name"], s["colour"], s["kind"]) for s in remembered] == \
        [("Anna", "red", "person"), ("Robo", "green", "computer")]


def test_a_file_over_the_size_limit_is_refused_without_reading_it(tmp_path):
    path = put_save(tmp_path, b" ")
    with path.open("r+b") as handle:
        handle.truncate(MAX_BYTES + 1)           # sparse: nothing is written
    result = SaveStore(tmp_path).load("knights", GAMES)
    assert "bigger than 8 MB" in result.problem
    assert result.set_aside_as.stat().st_size == MAX_BYTES + 1


def test_a_folder_in_place_of_a_save_is_renamed_out_of_the_way_with_what_it_holds(tmp_path):
    folder = tmp_path / "saves" / "knights.json"
    folder.mkdir(parents=True)
    (folder / "inside.txt").write_text("kept")
    app = make_app(tmp_path)
    assert isinstance(app.top, MessageScene)
    moved = set_aside_saves(tmp_path)
    assert len(moved) == 1 and (moved[0] / "inside.txt").read_text() == "kept"
    tap_button(app, "ok")
    app.saves.save("knights", _seats(), GAMES["knights"].new_state(2, seed=1))
    app.saves.flush()       # the app saves in the background: the test reads the disk after it
    assert (tmp_path / "saves" / "knights.json").is_file(), "a new game can be saved in its place"


def test_a_file_in_place_of_the_saves_folder_is_set_aside_and_games_are_saved_again(tmp_path):
    (tmp_path / "saves").write_text("not a folder")
    store = SaveStore(tmp_path)
    store.save("knights", _seats(), GAMES["knights"].new_state(2, seed=1))
    assert (tmp_path / "saves" / "knights.json").is_file()
    assert [p.read_text() for p in tmp_path.glob("saves.damaged-*")] == ["not a folder"]


def _seats():
    from kidgames.core.seats import Seat
    return [Seat("Anna", "red"), Seat("Ben", "blue")]


@pytest.mark.parametrize("change, words", [
    (lambda rng: rng[1].__setitem__(0, -1), "0 to 4294967295"),
    (lambda rng: rng[1].__setitem__(5, 1e40), "0 to 4294967295"),
    (lambda rng: rng[1].__setitem__(5, 2 ** 32), "0 to 4294967295"),
    (lambda rng: rng[1].__setitem__(624, 0), "position"),
    (lambda rng: rng[1].__setitem__(624, 625), "position"),
    (lambda rng: rng[1].pop(), "625 numbers"),
    (lambda rng: rng.__setitem__(0, 2), "version"),
    (lambda rng: rng.__setitem__(0, True), "version"),
    (lambda rng: rng.__setitem__(2, "x"), "gauss"),
    (lambda rng: rng.__setitem__(1, [0] * 624 + [624]), "all zero"),
    (lambda rng: rng.pop(), "version, state, gauss"),
], ids=["minus one", "1e40", "2**32", "index 0", "index 625", "624 numbers", "version 2", "version true",
        "gauss text", "all zeros", "two parts"])
def test_a_damaged_random_generator_in_a_save_is_refused(tmp_path, change, words):
    data = json.loads(corpus("good-control.json"))
    change(data["state"]["rng"])
    put_save(tmp_path, json.dumps(data).encode())
    result = SaveStore(tmp_path).load("knights", GAMES)
    assert result.saved is None and "random generator" in result.problem and words in result.problem


# -- pipes: the risk is a hang, so they run in a subprocess with a time limit -----------------------
APP_START = r"""
import json, sys
import kidgames.ui.app as app_module

def run(self):
    for _ in range(10):
        self.frame(1 / 60)
    print(json.dumps({"top": type(self.top).__name__, "title": getattr(self.top, "title", ""),
                      "under": [type(s).__name__ for s in self.stack], "running": self.running}))

app_module.App.run = run
from kidgames.cli import main
sys.exit(main(["--lang", "en", "--mute", "--window"]))
"""


def start_app_in_a_subprocess(home: Path) -> dict:
    env = dict(os.environ, KIDGAMES_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("KIDGAMES_RAISE", None)
    done = subprocess.run([sys.executable, "-c", APP_START], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_pipes_in_place_of_the_save_and_the_settings_do_not_hang_the_app(tmp_path):
    (tmp_path / "saves").mkdir()
    os.mkfifo(tmp_path / "saves" / "knights.json")
    os.mkfifo(tmp_path / "settings.json")
    started = time.monotonic()
    shown = start_app_in_a_subprocess(tmp_path)
    assert time.monotonic() - started < 60
    assert shown["running"] and shown["under"][0] == "MenuScene"
    assert shown["top"] == "MessageScene"
    assert list(tmp_path.glob("saves/knights.damaged-*.json")) and list(tmp_path.glob("settings.damaged-*.json"))
    assert not (tmp_path / "saves" / "knights.json").exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_link_to_a_pipe_is_refused_without_opening_it(tmp_path):
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "knights.json").symlink_to(pipe)
    with pytest.raises(DamagedFile, match="not a regular file"):
        read_json(tmp_path / "saves" / "knights.json")   # a blocking open would hang this test
    result = SaveStore(tmp_path).load("knights", GAMES)
    assert result.set_aside_as.is_symlink() and pipe.exists(), "the link is set aside, the pipe left alone"


def test_a_damaged_save_at_start_is_told_before_the_offer_to_play_on(tmp_path):
    put_save(tmp_path, b"[" * 100_000)
    shown = start_app_in_a_subprocess(tmp_path)
    assert shown["top"] == "MessageScene" and shown["title"] == "The saved game is damaged"


# -- a save that passes its checks and still breaks the game scene --------------------------------------
def test_a_save_that_breaks_the_scene_when_drawn_is_set_aside_not_continued_forever(tmp_path, monkeypatch):
    monkeypatch.delenv("KIDGAMES_RAISE", raising=False)
    put_save(tmp_path, corpus("good-control.json"))

    def broken(self, surface):
        raise RuntimeError("this picture cannot be drawn")

    monkeypatch.setattr(KnightsScene, "draw", broken)
    app = make_app(tmp_path)
    tap_button(app, "game:knights")
    tap_button(app, "yes")
    assert isinstance(app.top, MessageScene) and app.top.title == app.t("save.damaged.title")
    assert isinstance(app.stack[0], MenuScene) and app.running
    assert len(set_aside_saves(tmp_path)) == 1
    assert "this picture cannot be drawn" in (tmp_path / "error.log").read_text()
    tap_button(app, "ok")
    assert "knights" not in app.top.saved, "Continue is not offered again"


def test_a_save_that_breaks_the_scene_while_opening_is_set_aside(tmp_path, monkeypatch):
    monkeypatch.delenv("KIDGAMES_RAISE", raising=False)
    put_save(tmp_path, corpus("good-control.json"))
    original = KnightsScene.__init__

    def broken(self, *args, **kwargs):
        original(self, *args, **kwargs)
        raise OverflowError("cannot convert float infinity to integer")

    monkeypatch.setattr(KnightsScene, "__init__", broken)
    app = make_app(tmp_path)
    tap_button(app, "game:knights")
    tap_button(app, "yes")
    assert isinstance(app.top, MessageScene) and app.top.title == app.t("save.damaged.title")
    assert len(set_aside_saves(tmp_path)) == 1 and app.running


def test_a_bug_after_the_first_move_of_a_continued_game_keeps_the_save(tmp_path, monkeypatch):
    monkeypatch.delenv("KIDGAMES_RAISE", raising=False)
    put_save(tmp_path, corpus("good-control.json"))
    app = make_app(tmp_path)
    tap_button(app, "game:knights")
    tap_button(app, "yes")
    scene = app.top
    from kidgames.core.protocol import Action
    scene.submit(Action("roll"))      # a person's throw, or (a computer's turn) refused: it moves itself
    assert run_until(app, lambda: scene.session.played, 10), "a first move was made in the continued game"

    def broken(surface):
        raise RuntimeError("a bug in drawing")

    scene.draw = broken
    app.dirty = True
    app.frame(1 / 60)
    assert isinstance(app.top, MessageScene) and app.top.title == app.t("error.title")
    assert not set_aside_saves(tmp_path) and app.saves.exists("knights")


# -- leftovers of writes that were killed --------------------------------------------------------------
def test_old_temporary_files_of_killed_writes_are_cleaned_at_start_young_ones_kept(tmp_path):
    saves = tmp_path / "saves"
    saves.mkdir()
    old = [saves / "knights.json.abc123.tmp", tmp_path / "settings.json.x1.tmp", tmp_path / "save.json.q.tmp"]
    young = saves / "knights.json.def456.tmp"
    unrelated = saves / "notes.tmp"
    for path in old + [young, unrelated]:
        path.write_text("{half a wri")
    hour_ago = time.time() - 3600
    for path in old + [unrelated]:
        os.utime(path, (hour_ago, hour_ago))
    app = make_app(tmp_path)
    assert isinstance(app.top, MenuScene)
    assert not any(path.exists() for path in old)
    assert young.exists(), "a second running app may be writing it right now"
    assert unrelated.exists(), "only our own temporary files are removed"
