"""The rules kit (kidgames/core/kit.py): one interface every engine implements, actions declared once
per game and checked by their declaration, one save reader, options and the random generator set up
the same way for every game.  Held against every registered game."""
import json
import random

import pytest

from kidgames.core.kit import ActionSchema, Field, GameState, game_options, read_save
from kidgames.core.protocol import FLAG, Action, IllegalActionError, Option, StateDataError
from kidgames.games import GAMES

GAME_IDS = sorted(GAMES)


def mid_game(game_id, seed=3, steps=12):
    spec = GAMES[game_id]
    state = spec.new_state(spec.min_players, seed=seed, options={"short": True} if game_id == "forest" else {})
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return spec, state


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_state_is_a_game_state_and_its_spec_comes_from_its_rules(game_id):
    spec, state = mid_game(game_id)
    assert isinstance(state, GameState)
    engine = __import__(f"kidgames.games.{game_id}.rules", fromlist=["rules"])
    assert (spec.id, spec.title, spec.options) == (engine.GAME_ID, engine.TITLE, engine.OPTIONS)
    assert getattr(state, "scores", None) is None or len(state.scores) == state.num_players


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_actions_of_a_shape_the_game_does_not_know_are_refused_with_a_sentence_and_change_nothing(game_id):
    spec, state = mid_game(game_id)
    engine = __import__(f"kidgames.games.{game_id}.rules", fromlist=["rules"])
    kinds = engine.ACTIONS.kinds
    some_kind = next(iter(kinds))
    with_field = next((k for k, fields in kinds.items() if fields), None)
    wrong = [("not an action", {"kind": some_kind}), ("unknown kind", Action("teleport")),
             ("unknown field", Action(some_kind, colour="green"))]
    if with_field:
        name = next(iter(kinds[with_field]))
        wrong.append(("a number that is true", Action(with_field, **{name: True})))
        wrong.append(("a list for anything", Action(with_field, **{name: [[1]]})))
        required = [n for n, f in kinds[with_field].items() if not getattr(f, "optional", False)]
        if required:
            wrong.append(("a field missing", Action(with_field)))
    before = json.dumps(state.to_json(), sort_keys=True)
    for what, action in wrong:
        with pytest.raises(IllegalActionError) as caught:
            state.apply(action)
        text = str(caught.value)
        assert text and "Traceback" not in text and "\n" not in text, (what, text)
        assert json.dumps(state.to_json(), sort_keys=True) == before, f"{what} changed the game"


def test_a_schema_says_what_is_wrong():
    schema = ActionSchema("Test", {"move": {"to": str, "steps": Field(int, check=lambda v: v > 0, about="positive")},
                                   "pass": {}})
    schema.check(Action("move", to="a", steps=2))
    cases = {Action("jump"): "has no action 'jump'", Action("pass", x=1): "carries no field",
             Action("move", to="a"): "needs 'steps'", Action("move", to="a", steps=True): "must be a int",
             Action("move", to="a", steps=-1): "must be positive", Action("move", to=3, steps=1): "must be a str"}
    for action, words in cases.items():
        with pytest.raises(IllegalActionError, match=words):
            schema.check(action)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_reads_its_save_through_the_one_reader(game_id):
    spec, state = mid_game(game_id)
    data = json.loads(json.dumps(state.to_json()))
    assert spec.state_from_json(data).to_json() == state.to_json()
    for damage, words in ((lambda d: d.update(game="other"), "not a saved game of"),
                          (lambda d: d.update(version=99), "version 99"),
                          (lambda d: d.pop("num_players"), "'num_players' is missing"),
                          (lambda d: d.update(num_players="two"), "number of players")):
        broken = json.loads(json.dumps(data))
        damage(broken)
        with pytest.raises(StateDataError, match=words):
            spec.state_from_json(broken)


def test_the_save_reader_turns_every_error_into_a_sentence():
    def restore(saved):
        return saved.number("n", "count", 0, 3) + saved["missing"]
    with pytest.raises(StateDataError, match="not a saved game of Test"):
        read_save([], "test", "Test", 1, restore)
    with pytest.raises(StateDataError, match="the saved Test game is damaged: the count 7 is not a whole number"):
        read_save({"game": "test", "version": 1, "n": 7}, "test", "Test", 1, restore)
    with pytest.raises(StateDataError, match="'missing' is missing"):
        read_save({"game": "test", "version": 1, "n": 2}, "test", "Test", 1, restore)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_refuses_an_option_it_does_not_declare(game_id):
    spec = GAMES[game_id]
    with pytest.raises(ValueError, match="option"):
        spec.new_state(spec.min_players, seed=1, options={"turbo": True})


def test_options_are_checked_against_their_declarations():
    declared = (Option("short", FLAG, False, text="x"),)
    assert game_options(None, declared) == {"short": False}
    assert game_options({"short": True}, declared) == {"short": True}
    with pytest.raises(ValueError, match="on or off"):
        game_options({"short": "yes"}, declared)
    with pytest.raises(ValueError, match="unknown option"):
        game_options({"long": True}, declared)


def test_the_controller_times_a_computers_thinking_on_its_injected_clock():
    """The turn controller is the session object: a computer decides once it has thought for the
    pause on the controller's clock (stepped here, as the app's frames step it), counted from when
    the table became still (or the first time it is asked); each decision thinks afresh.  Nothing
    sleeps."""
    from kidgames.core.clock import SteppedTime
    from kidgames.core.seats import COMPUTER, Seat
    from kidgames.core.turns import TurnController
    spec = GAMES["knights"]
    clock = SteppedTime()
    ctrl = TurnController(spec, spec.new_state(2, seed=1), [Seat("Robo", "red", COMPUTER), Seat("Dot", "blue", COMPUTER)],
                          seed=1, clock=clock)
    assert ctrl.computer_wait_left(1.0) == 0.0, "not asked yet: the scene must ask first"
    assert not ctrl.computer_ready(1.0)
    clock.step(0.6)
    assert not ctrl.computer_ready(1.0) and ctrl.computer_wait_left(1.0) == pytest.approx(0.4)
    clock.step(0.4)
    assert ctrl.computer_ready(1.0)
    ctrl.submit(ctrl.computer_action())
    clock.step(0.5)
    assert not ctrl.computer_ready(1.0, still_since=clock.now() - 0.25), "the next decision thinks afresh"
    assert ctrl.computer_wait_left(1.0) == pytest.approx(0.75)
    clock.step(0.75)
    assert ctrl.computer_ready(1.0)
    person = TurnController(spec, spec.new_state(2, seed=1), [Seat("Anna", "red"), Seat("Dot", "blue", COMPUTER)],
                            seed=1, clock=clock)
    clock.step(5.0)
    assert not person.computer_ready(1.0), "a person's decision is never the computer's"
