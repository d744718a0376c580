"""The shared machinery: records, the turn controller and its curtains, saving, settings, the CLI."""
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from kidgames.core.paths import BOARDS
from kidgames.core.protocol import Action, Event
from kidgames.core.saving import SaveStore
from kidgames.core.seats import Seat
from kidgames.core.settings import Settings, SettingsStore
from kidgames.core.turns import TurnController
from kidgames.games import GAMES
from peek_game import PeekState, peek_spec

ROOT = Path(__file__).resolve().parent.parent


# -- records -----------------------------------------------------------------------------------------
def test_actions_and_events_are_immutable_records_with_a_kind():
    ev = Event("moved", player=0, path=["a", "b"])
    assert ev.kind == "moved" and ev.path == ("a", "b")
    with pytest.raises(AttributeError):
        ev.player = 1
    assert Event.from_json(json.loads(json.dumps(ev.to_json()))) == ev
    assert Action("roll", die=3) != Action("roll", die=4)
    assert Event("x", private_to=2).private_to == 2 and Event("x").private_to is None


# -- curtains, with a tiny game that has secrets (tests/peek_game.py) -----------------------------------
PEEK = peek_spec(3)


def test_a_curtain_comes_between_two_people_who_see_secrets():
    ctrl = TurnController(PEEK, PeekState(), [Seat("A", "red"), Seat("B", "blue"), Seat("C", "green")])
    assert ctrl.curtain() is not None, "the first person is named before seeing anything"
    ctrl.curtain_passed()
    assert ctrl.curtain() is None
    ctrl.submit(Action("peek"))
    assert ctrl.current == 1 and ctrl.curtain() is not None, "B must not see A's secret card"
    ctrl.curtain_passed()
    assert ctrl.curtain() is None
    ctrl.submit(Action("peek"))
    assert ctrl.current == 2 and ctrl.curtain() is not None


def test_no_curtain_for_one_person_against_computers():
    seats = [Seat("A", "red"), Seat("B", "blue", "computer"), Seat("C", "green", "computer")]
    ctrl = TurnController(PEEK, PeekState(), seats, computer=lambda obs, actions, level, rng, memory: actions[0])
    for _ in range(3):
        assert ctrl.curtain() is None
        ctrl.submit(ctrl.computer_action() if ctrl.is_computer_turn() else Action("peek"))


def test_no_curtain_in_a_game_without_secrets():
    spec = GAMES["knights"]
    state = spec.new_state(2, seed=1)
    ctrl = TurnController(spec, state, [Seat("A", "red"), Seat("B", "blue")])
    assert ctrl.curtain() is None
    ctrl.submit(Action("roll"))
    assert ctrl.curtain() is None


def test_the_controller_saves_after_every_action_and_refuses_illegal_ones():
    saved = []
    spec = GAMES["knights"]
    state = spec.new_state(2, seed=3)
    ctrl = TurnController(spec, state, [Seat("A", "red"), Seat("B", "blue")], save=saved.append)
    ctrl.submit(Action("roll"))
    ctrl.submit(Action("roll"))
    assert len(saved) == 2
    before = state.to_json()
    with pytest.raises(ValueError):
        ctrl.submit(Action("jump"))
    assert state.to_json() == before and len(saved) == 2


# -- saving -------------------------------------------------------------------------------------------
def test_a_saved_game_comes_back_and_plays_on_identically(tmp_path):
    spec = GAMES["knights"]
    state = spec.new_state(3, seed=9)
    for _ in range(10):
        state.apply(Action("roll"))
    seats = [Seat("A", "red"), Seat("B", "blue", "computer"), Seat("C", "green")]
    store = SaveStore(tmp_path)
    store.save("knights", seats, state)
    result = store.load("knights", GAMES)
    assert result.problem is None and result.saved.seats == seats
    again = result.saved.state
    for _ in range(20):
        assert state.apply(Action("roll")) == again.apply(Action("roll"))


@pytest.mark.parametrize("content", ["", "[]", "{not json", json.dumps({"format": 1, "game": "chess"}),
                                     json.dumps({"format": 1, "game": "knights", "seats": [], "state": {}})])
def test_a_damaged_save_is_set_aside_never_deleted(tmp_path, content):
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "knights.json").write_text(content)
    result = SaveStore(tmp_path).load("knights", GAMES)
    assert result.saved is None and result.problem
    assert result.set_aside_as.exists() and result.set_aside_as.read_text() == content
    assert not (tmp_path / "saves" / "knights.json").exists()


def test_saving_is_atomic_no_temporary_file_is_left(tmp_path):
    spec = GAMES["knights"]
    store = SaveStore(tmp_path)
    store.save("knights", [Seat("A", "red"), Seat("B", "blue")], spec.new_state(2, seed=1))
    assert [p.name for p in (tmp_path / "saves").iterdir()] == ["knights.json"]


def test_settings_survive_a_restart_and_a_damaged_file(tmp_path):
    store = SettingsStore(tmp_path)
    store.save(Settings(lang="ko", sound=False, speed="fast", fullscreen=True))
    loaded = store.load()
    assert (loaded.lang, loaded.sound, loaded.speed, loaded.fullscreen) == ("ko", False, "fast", True)
    (tmp_path / "settings.json").write_text("{{{")
    assert store.load().speed == "normal"
    loaded = Settings.from_json({"lang": "xx", "speed": 5, "sound": "yes"})
    assert loaded.speed == "normal" and loaded.sound is True


# -- the command line -----------------------------------------------------------------------------------
def run_cli(*args, home):
    env = {"KIDGAMES_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True,
                          env=env, timeout=60)


def test_cli_help_and_list(tmp_path):
    out = run_cli("--help", home=tmp_path)
    assert out.returncode == 0 and "--players" in out.stdout and "--board" in out.stdout
    out = run_cli("--list", home=tmp_path)
    assert out.returncode == 0 and "knights" in out.stdout


@pytest.mark.parametrize("args", [["chess"], ["--bogus"], ["knights", "--players", "Solo"],
                                  ["knights", "--players", "a,b,c,d,e,f,g"], ["knights", "--seed", "x"],
                                  ["--players", "a,b"], ["knights", "--lang", "xx"], ["knights", "--speed", "warp"],
                                  ["knights", "--players", "a,,b"]])
def test_cli_bad_arguments_get_a_usage_message_and_exit_code_2(tmp_path, args):
    out = run_cli(*args, home=tmp_path)
    assert out.returncode == 2, out
    assert "usage:" in out.stderr and "error:" in out.stderr and "Traceback" not in out.stderr


def test_cli_broken_board_names_the_file_the_field_and_the_problem(tmp_path):
    import yaml
    data = yaml.safe_load((BOARDS / "knights.yaml").read_text())
    for field in data["lanes"]["main"]["fields"]:
        if field["id"] == "sword":
            field["to"] = "nowhere"
    broken = tmp_path / "broken.yaml"
    broken.write_text(yaml.safe_dump(data))
    out = run_cli("knights", "--players", "a,b", "--board", str(broken), home=tmp_path)
    assert out.returncode == 2
    assert "broken.yaml" in out.stderr and "'sword'" in out.stderr and "nowhere" in out.stderr
    assert "Traceback" not in out.stderr


def test_cli_players_become_seats():
    from kidgames.cli import parse_players
    seats = parse_players("Anna,cpu,Ben", GAMES["knights"])
    assert [s.kind for s in seats] == ["person", "computer", "person"]
    assert [s.name for s in seats][0::2] == ["Anna", "Ben"]
    assert len({s.colour for s in seats}) == 3


def test_the_registry_and_the_rules_import_no_pygame():
    code = ("import sys; from kidgames.games import GAMES; s = GAMES['knights'].new_state(2, seed=1); "
            "[s.apply(a) for a in [s.legal_actions()[0]] * 5]; import kidgames.games.knights.ai; "
            "print(sorted(m for m in sys.modules if m.startswith('pygame')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.stdout.strip() == "[]", out


def test_a_computer_player_chooses_a_legal_action():
    spec = GAMES["knights"]
    state = spec.new_state(2, seed=4)
    choose = spec.load_ai()
    for _ in range(30):
        if state.is_over:
            break
        action = choose(state.observation(state.current_player), state.legal_actions(), "normal",
                        random.Random(1), {})
        assert action in state.legal_actions()
        state.apply(action)
