"""A fifth game is small (docs/adding-a-game.md): Race to the Tree, in tests/race_game/, is a rules
module, a data file and a small scene, registered only here.  It plays through the same protocol,
saves, menu, turn controller and screen as the four games."""
import json
import random

import pytest

import kidgames.ui.game as game_module
from kidgames.core.protocol import Action, GameState, IllegalActionError, StateDataError
from kidgames.core.seats import Seat
from kidgames.games import GAMES
from kidgames.ui.game import start_game_scene
from kidgames.ui.results import ResultsScene
from race_game import SPEC
from race_game.rules import load_track
from race_game.scene import DIE_TARGET
from ui_driver import later, make_app, run, run_until, tap
from ui_driver import state_of


def test_the_race_is_a_game_of_the_protocol():
    for seed in range(20):
        state = SPEC.new_state(3, seed=seed)
        assert isinstance(state, GameState)
        rng = random.Random(seed)
        for _ in range(500):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
            again = SPEC.state_from_json(json.loads(json.dumps(state.to_json())))
            assert again.to_json() == state.to_json()
        assert state.is_over and len(state.winners) == 1
    with pytest.raises(IllegalActionError, match="carries only 'die'"):
        SPEC.new_state(2, seed=1).apply(Action("roll", dice=3))
    with pytest.raises(StateDataError, match="not a saved game of Race to the Tree"):
        SPEC.state_from_json({"game": "queens"})


def test_a_track_that_sends_a_pawn_nowhere_is_refused_with_a_sentence(tmp_path):
    broken = tmp_path / "race.yaml"
    broken.write_text("spaces:\n  - {at: [0, 0]}\n  - {at: [1, 1], jump: 9}\n  - {at: [2, 2]}\n")
    with pytest.raises(ValueError, match="space 1 sends a pawn to 9"):
        load_track(broken)


def test_the_race_is_on_the_menu_and_plays_to_its_end_by_taps(tmp_path, monkeypatch):
    monkeypatch.setattr(game_module, "COMPUTER_PAUSE", 0.1)
    app = make_app(tmp_path)
    app.games = {**GAMES, "race": SPEC}        # registered here only: the app knows it like any game
    scene = start_game_scene(app, "race", [Seat("Anna", "red"), Seat("Robo", "green", "computer")], seed=4)
    for _ in range(200):
        if state_of(scene).is_over:
            break
        assert run_until(app, lambda: scene.person_can_act() or state_of(scene).is_over, 20)
        if scene.person_can_act():
            later(app, 0.5)
            tap(app, DIE_TARGET.center)
    assert state_of(scene).is_over
    assert run_until(app, lambda: isinstance(app.top, ResultsScene), 20)
    run(app, 0.5)
    assert not app.errors


def test_the_race_refuses_with_its_declared_codes():
    """Refusals as data: each of the race's codes from a built position, and refusal None exactly
    for the legal actions over seeded random races (see test_refusals.py)."""
    from race_game import rules as race
    from test_refusals import random_positions_refuse_exactly_the_illegal, refused

    refused(race.new_state(2, seed=1), Action("jump"), "malformed")
    over = race.new_state(2, seed=1)
    over.winners = [1]
    refused(over, Action("roll"), "game_over")
    assert race.REFUSALS == {"malformed", "game_over"}
    assert all(f"``{code}``" in race.__doc__ for code in race.REFUSALS)
    random_positions_refuse_exactly_the_illegal("race", race, {}, 100)
