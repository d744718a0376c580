"""The session is the game scene's only partner (issue 24): the UI is given views, never the state;
a computer's move is decided and applied in core; the session saves itself."""
import sys

import pytest

import kidgames.ui.game as game_module
from kidgames.core.protocol import Action, Refusal
from kidgames.core.seats import Seat
from kidgames.core.session import Session, View
from kidgames.core.turns import TurnController
from kidgames.games import GAMES
from kidgames.games.knights.rules import KnightsState
from kidgames.ui.game import start_game_scene
from kidgames.ui.results import ResultsScene
from state_guard import GuardedState, StateReadByUI, guard_game
from ui_driver import make_app, run, state_of, tap

DIE = (1420, 800)
SEATS = [Seat("Anna", "red"), Seat("Ben", "blue"), Seat("Robo", "green", "computer")]


def _is_ui(module: str) -> bool:
    """A module of the UI: kidgames/ui, or a game's scene, art or layout."""
    parts = module.split(".")
    return module.startswith("kidgames.ui") or (
        len(parts) == 4 and parts[:2] == ["kidgames", "games"] and parts[3] in ("scene", "art", "layout"))


def stack_at(depth: int = 2) -> list[tuple[str, str, int]]:
    """(module, function, frame id) of every frame from the caller's caller outward."""
    frames, frame = [], sys._getframe(depth)
    while frame is not None:
        frames.append((frame.f_globals.get("__name__", ""), frame.f_code.co_name, id(frame)))
        frame = frame.f_back
    return frames


def inside_ui(frames) -> list[tuple[str, str, int]]:
    """The frames between the call and the innermost frame of the UI (core only), and that UI frame."""
    for i, (module, _, _) in enumerate(frames):
        if _is_ui(module):
            return frames[:i + 1]
    return frames


def play_whole_game(app, scene, max_frames=40000) -> None:
    """Taps on the die whenever a person may throw, a tap on the board to skip ahead, until the results."""
    frames = 0
    while not isinstance(app.top, ResultsScene):
        assert frames < max_frames, "the game did not end"
        if app.top is scene and scene.person_can_act():
            tap(app, DIE)
        else:
            tap(app, (600, 500))
        run(app, 0.05)
        frames += 4


def test_the_knights_scene_and_the_shared_ui_are_given_views_only(tmp_path, monkeypatch):
    monkeypatch.setattr(game_module, "SKIP_GUARD", 0.0)
    app = make_app(tmp_path)
    breaches = guard_game(app, "knights")
    scene = start_game_scene(app, "knights", SEATS, seed=11)
    assert isinstance(state_of(scene), GuardedState)
    play_whole_game(app, scene)
    app.saves.flush()
    assert breaches == []
    assert state_of(scene).is_over and app.top.winners == list(state_of(scene).winners)


def test_the_guard_catches_a_read_from_the_ui():
    """The guard itself: code of a UI module that reads the state raises (and is recorded)."""
    breaches = []
    raw = GAMES["knights"].new_state(2, seed=1)
    state = GuardedState(raw, "knights", breaches)
    read = compile("state.positions", "scene.py", "eval")
    with pytest.raises(StateReadByUI):
        eval(read, {"__name__": "kidgames.games.knights.scene", "state": state})
    assert eval(read, {"__name__": "kidgames.core.session", "state": state}) is raw.positions
    assert breaches == [("kidgames.games.knights.scene", "positions")]


def test_no_public_attribute_of_a_session_is_the_state_or_holds_it():
    session = Session.new(GAMES["knights"], SEATS, seed=3)
    state = session._controller.state        # the test's own look behind the session
    public = {name: getattr(session, name) for name in dir(session) if not name.startswith("_")}
    for name, value in public.items():
        assert value is not state and not isinstance(value, (KnightsState, TurnController)), name
    view = session.view()
    assert isinstance(view, View)
    for value in (*vars(view).values(), *vars(view.table).values()):
        assert value is not state and not isinstance(value, (KnightsState, TurnController, list, dict))
    with pytest.raises(AttributeError):
        view.table.positions = ()            # frozen: a scene cannot write to it either


def test_a_refused_tap_comes_back_as_data_and_changes_nothing():
    session = Session.new(GAMES["knights"], SEATS[:2], seed=3)
    outcome = session.submit(Action("roll", die=9))
    assert outcome.events == () and isinstance(outcome.refusal, Refusal)
    assert session.view().table.turn == 0


@pytest.fixture
def recorded(monkeypatch):
    """Every apply of a Knights state and every save written, with the stack at that moment."""
    applies, saves, choices = [], [], []
    apply = KnightsState.apply

    def recording_apply(self, action):
        applies.append((self.current_player, stack_at()))
        return apply(self, action)
    monkeypatch.setattr(KnightsState, "apply", recording_apply)
    import kidgames.games.knights.ai as ai
    choose = ai.choose

    def recording_choose(*args):
        choices.append(stack_at())
        return choose(*args)
    monkeypatch.setattr(ai, "choose", recording_choose)
    monkeypatch.setattr(game_module, "SKIP_GUARD", 0.0)
    return applies, saves, choices


def test_a_computers_move_is_decided_applied_and_saved_in_core(tmp_path, recorded, monkeypatch):
    applies, saves, choices = recorded
    app = make_app(tmp_path)
    save = app.saves.save

    def recording_save(*args, **kwargs):
        saves.append(stack_at())
        return save(*args, **kwargs)
    monkeypatch.setattr(app.saves, "save", recording_save)
    scene = start_game_scene(app, "knights", SEATS, seed=5)
    saves.clear()                          # the save of the new game, made as it opens
    for _ in range(40):
        if scene.person_can_act():
            tap(app, DIE)
        run(app, 0.3)
    computer = [(seat, frames) for seat, frames in applies if seat == 2]
    assert computer and len(choices) == len(computer)
    for (_, frames), chose in zip(computer, choices):
        core = inside_ui(frames)
        # between the scene's pacing part (its computer's move) and the rules, only core: the session
        # stepped, and the very same call of it chose the move and applied it
        assert core[-1][:2] == ("kidgames.ui.pacing", "_computer_moves"), core
        assert not any(_is_ui(module) for module, _, _ in core[:-1])
        step = [frame for frame in core if frame[:2] == ("kidgames.core.session", "step")]
        assert len(step) == 1 and step[0] in inside_ui(chose)
    # every save after a move was written by the session, with no UI frame between it and the move
    assert len(saves) == len(applies)
    for frames in saves:
        core = inside_ui(frames)
        assert ("kidgames.core.session", "_saved") in [frame[:2] for frame in core]
        assert not any(_is_ui(module) for module, _, _ in core[:-1])
        assert core[-1][:2] in (("kidgames.ui.pacing", "_computer_moves"), ("kidgames.ui.game", "submit"))


def test_a_persons_tap_reaches_apply_through_one_scene_method_and_the_session(tmp_path, recorded):
    applies, _, _ = recorded
    app = make_app(tmp_path)
    scene = start_game_scene(app, "knights", SEATS, seed=5)
    run(app, 0.1)
    assert scene.person_can_act()
    tap(app, DIE)
    (seat, frames), = applies
    assert seat == 0
    core = inside_ui(frames)
    assert [frame[:2] for frame in core if frame[0] == "kidgames.core.session"] == [
        ("kidgames.core.session", "submit")]
    assert not any(_is_ui(module) for module, _, _ in core[:-1])
    # the one scene method that hands the action on, called by the die's own method
    ui = [frame[:2] for frame in frames if _is_ui(frame[0])]
    assert ui[:2] == [("kidgames.ui.game", "submit"), ("kidgames.ui.board_table", "roll")]
