"""Every registered game's own save, as the app writes it in the middle of a game with people and a
computer: continued from the menu it is the same game (state, the computer's memory and the
controller), and hostile versions of it (seeded mutations anywhere in the file: values of other
types, huge and negative numbers, missing and extra keys, shuffled lists, cut text) are each either
refused with a sentence and set aside byte for byte, or accepted and then playable and openable on
screen.  Never an exception, never a lost file."""
from __future__ import annotations

import copy
import json
import random

import pytest

from kidgames.core.saving import SaveStore
from kidgames.core.seats import Seat
from kidgames.games import GAMES
from kidgames.ui.game import GameScene, start_game_scene
from kidgames.ui.menu import MenuScene
from ui_driver import FRAME, make_app, tap_button
from ui_driver import controller_of, state_of

MUTATIONS = 250
OPENED_ON_SCREEN = 8
ODD_VALUES = [None, True, False, -1, 0, 1, 7, 10 ** 30, -(10 ** 30), 1e308, 0.5, "", "x", "m1", "KEY",
              "king", "diamond", "red", [], {}, [[[[]]]], {"a": {"b": {}}}, [0] * 50, "é" * 300]


def seats_for(spec):
    people = [Seat("Anna", "red"), Seat("Ben", "blue")]
    return people + [Seat("Robo", "green", "computer", level="hard")] if spec.max_players >= 3 else people


def play_a_while(scene, rng, actions=24):
    """Decisions straight to the controller (people: at random; the computer: its own choice)."""
    ctrl = controller_of(scene)
    for _ in range(actions):
        if ctrl.is_over:
            break
        action = ctrl.computer_action() if ctrl.is_computer_turn() else rng.choice(ctrl.state.legal_actions())
        ctrl.submit(action)


def a_saved_game(home, game_id, seed=4):
    app = make_app(home)
    spec = app.games[game_id]
    options = {"short": True} if game_id == "forest" else None
    for attempt in range(20):
        scene = start_game_scene(app, game_id, seats_for(spec), seed=seed + attempt, options=options)
        play_a_while(scene, random.Random(seed + attempt))
        if not controller_of(scene).is_over:
            app.saves.flush()     # the app saves in the background: the test reads the disk after it
            return app, scene
    raise AssertionError(f"{game_id}: every trial game ended at once")


def paths(data, here=()):
    yield here
    if isinstance(data, dict):
        for key, value in data.items():
            yield from paths(value, here + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from paths(value, here + (i,))


def mutate(data, rng):
    """One hostile change somewhere in a copy of the save."""
    data = copy.deepcopy(data)
    where = rng.choice([p for p in paths(data) if p])
    parent = data
    for step in where[:-1]:
        parent = parent[step]
    last = where[-1]
    what = rng.randrange(6)
    if what == 0:
        del parent[last]
    elif what == 1:
        parent[last] = rng.choice(ODD_VALUES)
    elif what == 2:
        values = [v for p in paths(data) if p for v in [value_at(data, p)] if not isinstance(v, (dict, list))]
        parent[last] = rng.choice(values)
    elif what == 3 and isinstance(parent[last], list) and len(parent[last]) > 1:
        rng.shuffle(parent[last])
    elif what == 4 and isinstance(parent[last], list) and parent[last]:
        parent[last].append(copy.deepcopy(rng.choice(parent[last])))
    elif isinstance(parent, dict):
        parent[f"extra{rng.randrange(9)}"] = rng.choice(ODD_VALUES)
    else:
        parent[last] = rng.choice(ODD_VALUES)
    return data


def value_at(data, path):
    for step in path:
        data = data[step]
    return data


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_saved_game_continues_from_its_tile_as_it_was(tmp_path, game_id):
    app, scene = a_saved_game(tmp_path, game_id)
    saved_state = state_of(scene).to_json()
    saved_controller = json.loads(json.dumps(controller_of(scene).to_json()))
    again = make_app(tmp_path)
    assert isinstance(again.top, MenuScene) and game_id in again.top.saved
    tap_button(again, f"game:{game_id}")
    tap_button(again, "yes")
    resumed = next(s for s in again.stack if isinstance(s, GameScene))
    assert resumed.spec.id == game_id
    assert state_of(resumed).to_json() == saved_state, "the same position"
    assert json.loads(json.dumps(controller_of(resumed).to_json())) == saved_controller, \
        "the same computer memory, generator and log"
    play_a_while(resumed, random.Random(1), actions=10)
    for _ in range(30):
        again.frame(FRAME)
    assert not again.errors


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_hostile_versions_of_a_real_save_are_refused_with_a_sentence_or_play_on(tmp_path, game_id):
    app, scene = a_saved_game(tmp_path / "maker", game_id)
    path = tmp_path / "maker" / "saves" / f"{game_id}.json"
    good = json.loads(path.read_text(encoding="utf-8"))
    rng = random.Random(game_id)
    accepted, refused = [], 0
    home = tmp_path / "home"
    for k in range(MUTATIONS):
        if k % 25 == 24:
            text = json.dumps(good)
            raw = text[:rng.randrange(1, len(text))].encode()          # a write cut short
        else:
            raw = json.dumps(mutate(good, rng)).encode()
        target = home / "saves" / f"{game_id}.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        for old in target.parent.iterdir():
            old.unlink()
        target.write_bytes(raw)
        result = SaveStore(home).load(game_id, GAMES)
        if result.saved is None:
            refused += 1
            assert result.problem and "Traceback" not in result.problem, raw[:200]
            assert result.set_aside_as.read_bytes() == raw, "set aside, never changed or deleted"
            continue
        # accepted: the game must be playable on from there
        state = result.saved.state
        play_rng = random.Random(k)
        for _ in range(40):
            if state.is_over:
                break
            actions = state.legal_actions()
            assert actions, f"{game_id}: an accepted save offers no action: {raw[:300]!r}"
            state.apply(play_rng.choice(actions))
        if len(accepted) < OPENED_ON_SCREEN:
            accepted.append(raw)
    assert refused > MUTATIONS // 4, "most hostile changes are noticed"
    # a few accepted ones opened on screen from the menu, each for some frames
    for raw in accepted:
        fresh = tmp_path / f"screen{len(raw)}"
        target = fresh / "saves" / f"{game_id}.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(raw)
        screen = make_app(fresh)
        if isinstance(screen.top, MenuScene) and game_id in screen.top.saved:
            tap_button(screen, f"game:{game_id}")
            tap_button(screen, "yes")
            for _ in range(60):
                screen.frame(FRAME)
        assert screen.running and not screen.errors, f"{game_id}: {screen.errors}"
