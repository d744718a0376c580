"""A fifth game is small (docs/adding-a-game.md): Race to the Tree, in tests/race_game/, is a rules
module, a data file and a small scene, registered only here.  It plays through the same protocol,
saves, menu, turn controller and screen as the four games."""
import json
import random
from pathlib import Path

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


def test_a_games_own_pictures_and_sounds_live_in_its_own_folder(tmp_path):
    """A fifth game with new art brings it in its own folder (``sprites/`` and ``sounds/`` beside
    its rules): the app looks there first, then in the shared folders, and the shared folders and
    the shared sprite tool are not touched.  The Queens' cards live so already."""
    import dataclasses
    import wave

    import pygame

    from kidgames.core.clock import SteppedTime
    from kidgames.core.paths import SOUNDS, SPRITES
    from kidgames.ui.app import App

    assert SPEC.folder == Path(__file__).parent / "race_game", "a game's folder is its package's"
    folder = tmp_path / "race"
    (folder / "sprites").mkdir(parents=True)
    (folder / "sounds").mkdir()
    flag = pygame.Surface((32, 32), pygame.SRCALPHA)
    flag.fill((10, 200, 30, 255))
    pygame.image.save(flag, str(folder / "sprites" / "race_flag.png"))
    with wave.open(str(folder / "sounds" / "race_bell.wav"), "wb") as bell:
        bell.setnchannels(1), bell.setsampwidth(2), bell.setframerate(22050)
        bell.writeframes(b"\x00\x10" * 2205)
    race = dataclasses.replace(SPEC, folder=folder)
    assert race.own("sprites") == folder / "sprites" and race.own("sounds") == folder / "sounds"
    assert not (SPRITES / "race_flag.png").exists() and not (SOUNDS / "race_bell.wav").exists()

    app = App({**GAMES, "race": race}, home=tmp_path / "home", mute=True, time_source=SteppedTime())
    picture = app.assets.image("race_flag", 64)
    assert picture.get_at((32, 32))[:3] == (10, 200, 30), "the game's own picture, not the stand-in"
    assert app.assets.picture_path("race_flag") == folder / "sprites" / "race_flag.png"
    if app.assets.sounds.available:
        assert "race_bell" in app.assets.sounds._sounds, "the game's own sound is loaded with the shared ones"
        assert "click" in app.assets.sounds._sounds

    # The Queens' card pictures are that game's own; the shared pictures are found as before.
    queens = GAMES["queens"].own("sprites")
    assert queens == Path(__file__).parent.parent / "kidgames" / "games" / "queens" / "sprites"
    assert app.assets.picture_path("card_king") == queens / "card_king.png" and not (SPRITES / "card_king.png").exists()
    assert (queens / "CREDITS.md").is_file() and (queens / "LICENSE-OFL.txt").is_file()
    assert app.assets.picture_path("knight") == SPRITES / "knight.png"
    # "First" never changes a picture: no game's own picture has the name of a shared one or of another game's.
    seen = {p.stem for p in SPRITES.glob("*.png")}
    for spec in GAMES.values():
        own = {p.stem for p in spec.own("sprites").glob("*.png")} if spec.own("sprites") else set()
        assert not own & seen, (spec.id, sorted(own & seen))
        seen |= own
    app.close()
