"""The command line (design.md, "What a user can do from the command line"; "Game options"): game
options come from the games' declarations, computer seats take a level, bad arguments get a
sentence and exit code 2."""
import pytest

import kidgames.cli as cli
from kidgames.core.protocol import BOARD, CHOICE, FLAG, GameSpec, Option
from kidgames.core.saving import SaveStore
from kidgames.games import GAMES
from peek_game import PeekState, state_from_json
from ui_driver import controller_of, state_of


def new_options_game(num_players, seed=None, options=None):
    board = (options or {}).get("board")
    if board is not None and not board.endswith(".yaml"):
        raise ValueError(f"{board}: a board file is a .yaml file")
    return PeekState(num_players, 4, seed)


OPTIONS_GAME = GameSpec(
    "options", "Options Game", 2, 3, new_options_game, state_from_json, ai="peek_ai:choose",
    remember="peek_ai:remember",
    scene="test_ui_flows:PeekScene",
    options=(Option("short", FLAG, False, text="option.short", help="a short game"),
             Option("auto_defend", FLAG, True, text="option.auto_defend", help="defend at once"),
             Option("size", CHOICE, "small", text="option.size", choices=("small", "big")),
             Option("board", BOARD, None, text="option.board")))
TWO_GAMES = {"knights": GAMES["knights"], "options": OPTIONS_GAME}


@pytest.fixture
def started(monkeypatch):
    """What the app would have been started with (seats and options), without opening a window."""
    calls = []
    monkeypatch.setattr(cli, "run_app", lambda games, args, seats, options: calls.append((args, seats, options)) or 0)
    return calls


def usage_error(capsys, argv, games=TWO_GAMES) -> str:
    with pytest.raises(SystemExit) as stop:
        cli.main(argv, games)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "usage:" in err and "Traceback" not in err
    return err


def test_every_option_type_goes_from_the_command_line_into_the_game_and_its_save(started, tmp_path):
    board = tmp_path / "mine.yaml"
    assert cli.main(["options", "--players", "Anna,cpu:hard", "--short", "--no-auto-defend", "--size", "big",
                     "--board", str(board)], TWO_GAMES) == 0
    _, seats, options = started[0]
    assert options == {"short": True, "auto_defend": False, "size": "big", "board": str(board)}
    store = SaveStore(tmp_path)
    store.save("options", seats, OPTIONS_GAME.new_state(2, options=options), options)
    saved = store.load("options", TWO_GAMES).saved
    assert saved.options == options and saved.options["short"] is True and saved.options["auto_defend"] is False
    assert [(s.name, s.kind, s.level) for s in saved.seats] == [("Anna", "person", "normal"),
                                                                ("Blue", "computer", "hard")]


def test_options_not_written_keep_their_defaults_when_the_game_starts(started):
    cli.main(["options", "--players", "Anna,Ben"], TWO_GAMES)
    assert started[0][2] == {}
    assert OPTIONS_GAME.options_from_json(started[0][2]) == {"short": False, "auto_defend": True,
                                                             "size": "small", "board": None}


def test_computer_levels_on_the_command_line(started):
    cli.main(["knights", "--players", "Anna,cpu:hard,cpu:easy,cpu,Computer:Normal,cpu:fair"], TWO_GAMES)
    seats = started[0][1]
    assert [s.level for s in seats[1:]] == ["hard", "easy", "normal", "normal", "fair"]
    assert all(s.is_computer and s.default_name for s in seats[1:]) and not seats[0].is_computer


def test_an_unknown_computer_level_names_the_levels(capsys):
    err = usage_error(capsys, ["knights", "--players", "Anna,cpu:genius"])
    assert "cpu:genius" in err and "easy, normal, hard or fair" in err


@pytest.mark.parametrize("name", ["An\x00na", "Ben\tX", "Cleo\x1b[31m", "Dot\u200b"])
def test_a_name_with_a_character_no_font_draws_is_a_usage_error(capsys, name):
    err = usage_error(capsys, ["knights", "--players", f"{name},cpu"])
    assert "printable" in err


def test_an_option_the_game_does_not_have_is_a_usage_error_with_a_sentence(capsys):
    err = usage_error(capsys, ["knights", "--players", "Anna,Ben", "--short"])
    assert "--short is not an option of Knights" in err


def test_a_choice_outside_its_choices_is_a_usage_error(capsys):
    assert "invalid choice: 'huge'" in usage_error(capsys, ["options", "--players", "a,b", "--size", "huge"])


def test_game_options_without_a_game_are_a_usage_error(capsys):
    assert "need a GAME" in usage_error(capsys, ["--short"])


def test_a_board_file_the_game_refuses_is_reported_as_a_sentence(capsys, started):
    assert cli.main(["options", "--players", "a,b", "--board", "notes.txt"], TWO_GAMES) == 2
    assert capsys.readouterr().err.strip() == "kidgames: error: notes.txt: a board file is a .yaml file"
    assert not started


def test_help_lists_every_games_options(capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(["--help"], TWO_GAMES)
    assert stop.value.code == 0
    out = capsys.readouterr().out
    for flag in ("--short", "--auto-defend", "--no-auto-defend", "--size", "--board", "cpu:hard"):
        assert flag in out
    assert "--no-short" not in out, "an option that is off by default needs no switch to turn it off"


def test_help_names_every_computer_level(capsys):
    from kidgames.core.seats import LEVELS
    with pytest.raises(SystemExit):
        cli.main(["--help"], TWO_GAMES)
    out = " ".join(capsys.readouterr().out.split())      # argparse wraps the help text
    for level in LEVELS:
        assert f"cpu:{level}" in out, level


def test_a_game_without_a_screen_is_refused_with_a_sentence(capsys):
    from dataclasses import replace

    from kidgames.cli import main
    from kidgames.games import GAMES
    games = dict(GAMES, later=replace(GAMES["knights"], id="later", title="A Later Game", scene=""))
    with pytest.raises(SystemExit) as stop:
        main(["later", "--players", "Anna,cpu"], games=games)
    assert stop.value.code == 2
    assert "A Later Game cannot be played on screen yet" in capsys.readouterr().err
    assert main(["--list"], games=games) == 0
    assert "its screen comes later" in capsys.readouterr().out


def test_what_lives_as_long_as_the_app_is_kept_out_of_full_garbage_collections(monkeypatch, tmp_path):
    """Full collections walking the modules, the rule tables, fonts and pictures stalled a frame
    (26-30 ms): the app freezes what it made before it runs."""
    import gc
    from kidgames.ui.app import App
    monkeypatch.setenv("KIDGAMES_HOME", str(tmp_path))
    gc.unfreeze()            # whatever earlier tests froze: this start's own figures
    frames, running = [], []
    frame = App.frame
    monkeypatch.setattr(App, "frame", lambda self, dt=None: (frames.append((gc.get_freeze_count(), gc.isenabled())),
                                                             frame(self, dt))[1])
    monkeypatch.setattr(App, "run", lambda self: running.append((gc.get_freeze_count(), gc.isenabled())))
    try:
        assert cli.main(["--window", "--mute"], GAMES) == 0
    finally:
        gc.unfreeze()
    assert gc.isenabled(), "the command line gives the collector back as it found it"
    assert running and running[0][0] > 40_000, "the app's long-lived objects are frozen before it runs"
    assert running[0][1], "the collector, off while the app started, runs while it plays"
    # the first frame comes first: no collection of the start's garbage before the family sees it
    assert frames and frames[0] == (0, False)


def test_the_command_line_leaves_the_garbage_collector_as_it_found_it():
    import gc
    assert gc.isenabled()
    assert cli.main(["--list"], GAMES) == 0
    assert gc.isenabled()
    gc.disable()
    try:
        assert cli.main(["--list"], GAMES) == 0
        assert not gc.isenabled(), "a caller that had paused the collector finds it paused"
    finally:
        gc.enable()


# -- the app as the command line starts it (its loop replaced by a script of taps) ----------------------
@pytest.fixture
def command_line(tmp_path, monkeypatch):
    """``start(argv, drive)``: run ``cli.main(argv + ["--mute"])`` with $KIDGAMES_HOME in tmp_path, an
    English system, and the app's loop replaced by ``drive(app)``; returns what ``drive`` returned."""
    from kidgames.ui.app import App
    monkeypatch.setenv("KIDGAMES_HOME", str(tmp_path))
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    monkeypatch.setattr(cli, "keep_out_of_full_collections", lambda: None)

    def start(argv, drive=lambda app: app):
        seen = []

        def run(app):
            app.guard_until = 0.0
            app.frame(0.0)
            seen.append(drive(app))

        monkeypatch.setattr(App, "run", run)
        assert cli.main(argv + ["--mute"], GAMES) == 0
        assert seen, "the app ran"
        return seen[0]
    return start


def a_saved_forest_game(home):
    """A Forest game of Cleo and Dan, one move in, saved in ``home`` as the app saves it."""
    from kidgames.core.seats import Seat
    from kidgames.ui.game import start_game_scene
    from ui_driver import make_app
    app = make_app(home)
    scene = start_game_scene(app, "forest", [Seat("Cleo", "red"), Seat("Dan", "blue")], seed=5,
                             options={"short": True})
    controller_of(scene).submit(state_of(scene).legal_actions()[0])
    app.saves.flush()       # the app saves in the background: the test reads the disk after it
    return (home / "saves" / "forest.json").read_bytes(), state_of(scene).to_json()


FOREST_ARGS = ["forest", "--players", "Anna,Ben,cpu:hard", "--seed", "3", "--short", "--window"]


def test_a_game_named_on_the_command_line_over_its_save_asks_first_and_play_on_continues_it(
        tmp_path, command_line):
    """The tester's report: a Forest game started from the command line over a saved one replaced
    it at once.  Now the saved game is asked about first, as its tile asks, and kept until then."""
    from kidgames.ui.dialog import ConfirmScene
    from ui_driver import tap_button
    saved_bytes, saved_state = a_saved_forest_game(tmp_path)

    def drive(app):
        question = app.top
        assert isinstance(question, ConfirmScene), f"asked first, not {type(question).__name__}"
        assert question.title == app.t("save.continue.title") and "Cleo, Dan" in question.text
        assert question.button("yes").text == app.t("save.continue.yes")
        assert question.button("no").text == app.t("save.continue.new")
        assert (tmp_path / "saves" / "forest.json").read_bytes() == saved_bytes, "kept while asking"
        tap_button(app, "yes")                                   # play on
        return app.top
    scene = command_line(FOREST_ARGS, drive)
    assert scene.spec.id == "forest" and [s.name for s in scene.seats] == ["Cleo", "Dan"]
    assert state_of(scene).to_json() == saved_state, "the saved game goes on where it was"


def test_new_game_in_that_question_starts_the_command_lines_game(tmp_path, command_line):
    from ui_driver import tap_button
    a_saved_forest_game(tmp_path)

    def drive(app):
        tap_button(app, "no")                                    # the new game
        return app.top
    scene = command_line(FOREST_ARGS, drive)
    assert [(s.name, s.kind, s.level) for s in scene.seats] == [
        ("Anna", "person", "normal"), ("Ben", "person", "normal"), ("Green", "computer", "hard")]
    spec = GAMES["forest"]
    assert scene.options["short"] is True
    expected = spec.new_state(3, seed=3, options=spec.options_from_json({"short": True}))
    assert state_of(scene).to_json() == expected.to_json(), "its seed and options"
    saved = SaveStore(tmp_path).load("forest", GAMES).saved
    assert [s.name for s in saved.seats] == ["Anna", "Ben", "Green"], "now the new game is the saved one"


def test_escape_on_that_question_keeps_the_save_and_shows_the_menu(tmp_path, command_line):
    import pygame
    from kidgames.ui.menu import MenuScene
    saved_bytes, _ = a_saved_forest_game(tmp_path)

    def drive(app):
        app.top.key(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
        return app.top
    assert isinstance(command_line(FOREST_ARGS, drive), MenuScene)
    assert (tmp_path / "saves" / "forest.json").read_bytes() == saved_bytes


def test_without_a_save_the_command_lines_game_starts_at_once(tmp_path, command_line):
    scene = command_line(FOREST_ARGS, lambda app: app.top)
    assert scene.spec.id == "forest" and [s.name for s in scene.seats][:2] == ["Anna", "Ben"]


# -- the language of default names ----------------------------------------------------------------------
def save_settings(home, **values):
    from kidgames.core.settings import Settings, SettingsStore
    SettingsStore(home).save(Settings(**values))


def test_computer_names_are_in_the_saved_language_when_no_lang_is_given(tmp_path, command_line):
    """The tester's report: with Czech saved in the settings, computers were still "Green", "Blue"."""
    save_settings(tmp_path, lang="cs")
    scene = command_line(["knights", "--players", "Anna,cpu,cpu:easy", "--window"], lambda app: app.top)
    assert [s.name for s in scene.seats] == ["Anna", "Modrá", "Zelená"]
    assert scene.app.settings.lang == "cs"


def test_parse_players_names_computers_in_the_saved_language(tmp_path, monkeypatch, started):
    monkeypatch.setenv("KIDGAMES_HOME", str(tmp_path))
    save_settings(tmp_path, lang="de")
    cli.main(["knights", "--players", "Anna,cpu"], TWO_GAMES)
    assert started[-1][1][1].name == "Blau"
    cli.main(["knights", "--players", "Anna,cpu", "--lang", "ru"], TWO_GAMES)
    assert started[-1][1][1].name == "Синий", "--lang wins over the saved language"


def test_lang_on_the_command_line_names_computers_in_that_language(tmp_path, command_line):
    save_settings(tmp_path, lang="cs")
    scene = command_line(["forest", "--players", "Anna,cpu,cpu:hard", "--lang", "ru", "--window"],
                         lambda app: app.top)
    assert [s.name for s in scene.seats] == ["Anna", "Синий", "Зелёный"]


def test_the_setup_from_the_command_line_names_its_seats_in_the_saved_language(tmp_path, command_line):
    from kidgames.ui.setup import SetupScene
    save_settings(tmp_path, lang="de")
    setup = command_line(["knights", "--window"], lambda app: app.top)
    assert isinstance(setup, SetupScene) and [s.name for s in setup.seats] == ["Rot", "Blau"]


# -- command-line settings are for that run only ----------------------------------------------------------
def saved_settings_file(home) -> dict:
    import json
    return json.loads((home / "settings.json").read_text(encoding="utf-8"))


def test_lang_speed_fullscreen_and_mute_on_the_command_line_are_for_that_run_only(tmp_path, command_line):
    """The tester's report: a one-off --lang de became the saved language of later starts."""
    from ui_driver import tap_button, without_lock
    save_settings(tmp_path, lang="cs", speed="normal", fullscreen=False, sound=True)

    def drive(app):
        assert (app.settings.lang, app.settings.speed, app.settings.fullscreen) == ("de", "fast", True)
        assert app.t("settings.title") == "Einstellungen" and app.muted
        without_lock(app)
        tap_button(app, "settings")
        tap_button(app, "secret:3")          # a change on the settings screen saves the settings...
        tap_button(app, "done")
        return app
    command_line(["--lang", "de", "--speed", "fast", "--fullscreen"], drive)
    saved = saved_settings_file(tmp_path)
    assert saved["secret_seconds"] == 3, "...with what was changed there"
    assert (saved["lang"], saved["speed"], saved["fullscreen"], saved["sound"]) == ("cs", "normal", False, True), \
        "and the saved language, speed, screen and sound as they were"
    later = command_line(["--window"], lambda app: app)
    assert later.settings.lang == "cs" and later.settings.speed == "normal"


def test_the_settings_screen_still_changes_the_saved_settings_in_a_run_with_lang(tmp_path, command_line):
    from ui_driver import tap_button, without_lock
    save_settings(tmp_path, lang="cs", speed="normal")

    def drive(app):
        without_lock(app)
        tap_button(app, "settings")
        tap_button(app, "lang:ko")
        tap_button(app, "speed:slow")
        return app
    app = command_line(["--lang", "de", "--speed", "fast", "--window"], drive)
    assert app.settings.lang == "ko"
    saved = saved_settings_file(tmp_path)
    assert (saved["lang"], saved["speed"]) == ("ko", "slow")


def test_a_game_started_from_the_command_line_does_not_save_its_lang(tmp_path, command_line):
    """Starting a game from the setup saves the remembered players: the run's language stays out."""
    from ui_driver import tap_button
    save_settings(tmp_path, lang="en")

    def drive(app):
        tap_button(app, "start")
        return app.top
    command_line(["knights", "--lang", "ru", "--window"], drive)
    saved = saved_settings_file(tmp_path)
    assert saved["lang"] == "en" and "knights" in saved["last_setup"]
