"""The command line (design.md, "What a user can do from the command line"; "Game options"): game
options come from the games' declarations, computer seats take a level, bad arguments get a
sentence and exit code 2."""
import pytest

import kidgames.cli as cli
from kidgames.core.protocol import BOARD, CHOICE, FLAG, GameSpec, Option
from kidgames.core.saving import SaveStore
from kidgames.games import GAMES
from peek_game import PeekState, state_from_json


def new_options_game(num_players, seed=None, options=None):
    board = (options or {}).get("board")
    if board is not None and not board.endswith(".yaml"):
        raise ValueError(f"{board}: a board file is a .yaml file")
    return PeekState(num_players, 4, seed)


OPTIONS_GAME = GameSpec(
    "options", "Options Game", 2, 3, new_options_game, state_from_json, ai="peek_ai:choose",
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
    cli.main(["knights", "--players", "Anna,cpu:hard,cpu:easy,cpu,Computer:Normal"], TWO_GAMES)
    seats = started[0][1]
    assert [s.level for s in seats[1:]] == ["hard", "easy", "normal", "normal"]
    assert all(s.is_computer and s.default_name for s in seats[1:]) and not seats[0].is_computer


def test_an_unknown_computer_level_names_the_levels(capsys):
    err = usage_error(capsys, ["knights", "--players", "Anna,cpu:genius"])
    assert "cpu:genius" in err and "easy, normal or hard" in err


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
    frozen = []
    monkeypatch.setattr(App, "run", lambda self: frozen.append(gc.get_freeze_count()))
    try:
        assert cli.main(["--window", "--mute"], GAMES) == 0
    finally:
        gc.unfreeze()
    assert frozen and frozen[0] > 40_000, "the app's long-lived objects are frozen before it runs"
