"""A guided first game (issue 35, part 2; kidgames/ui/guide.py): the first game of a game on this
computer says and shows its goal, brings the hand after ~4 s, rings what a tap may choose, praises a
person's good move (never a computer's, never a secret), says why a tap did nothing and points at what
works; remembered per game, with a switch on the setup screen.  And the issue's measurement: a first
game played by tapping only where the hand points finishes, the hand never pointing at a tap the rules
refuse."""
from __future__ import annotations

from typing import Any, Sequence

import pygame
import pytest

from kidgames.core.demo import demo_of
from kidgames.core.guide import Guide, guide_of
from kidgames.core.i18n import LANGUAGES
from kidgames.core.protocol import Event
from kidgames.core.seats import COMPUTER, Seat
from kidgames.core.settings import Settings, SettingsStore
from kidgames.games import GAMES
from kidgames.ui import guide as ui_guide
from kidgames.ui.curtain import CurtainScene
from kidgames.ui.game import TAKES_BACK, GameScene, start_game_scene
from kidgames.ui.shared_buttons import SHARED_BUTTONS
from kidgames.ui.guide import GUIDED_AFTER
from kidgames.ui.nudge import NUDGE_AFTER
from kidgames.ui.results import ResultsScene
from kidgames.ui.widgets import MIN_TARGET
from tests.state_guard import guard_game
from tests.ui_driver import FRAME, make_app, run_until, tap, tap_button

GAME_IDS = ["knights", "forest", "castle", "queens"]
#: Options of a short first game, where the game has them.
SHORT = {"forest": {"short": True}}


class Recorder:
    """A praise for tests: it names every decision of the person at ``seat`` that has an event of
    theirs, and keeps every event it was handed."""

    def __init__(self, game: str) -> None:
        self.key = f"{game}.demo.you"
        self.handed: list[Event] = []

    def __call__(self, events: Sequence[Event], seat: int) -> Any:
        self.handed += events
        if any(event.get("player") == seat for event in events):
            return self.key, {}
        return None


def test_guide(game: str) -> tuple[Guide, Recorder]:
    demo = demo_of(GAMES[game])
    assert demo is not None
    recorder = Recorder(game)
    return Guide(goal=demo.steps[0].say, goal_picture=demo.steps[0].picture, praise=recorder), recorder


test_guide.__test__ = False     # type: ignore[attr-defined]     # a helper, not a test


@pytest.fixture
def own_guides(monkeypatch):
    """Each game guided by a guide of this test (its praise recorded), whatever the game declares."""
    made: dict[str, Recorder] = {}

    def guide_for(spec):
        guide, recorder = test_guide(spec.id)
        made[spec.id] = recorder
        return guide
    monkeypatch.setattr(ui_guide, "guide_of", guide_for)
    monkeypatch.setattr("kidgames.ui.setup.has_guide", lambda spec: True)
    return made


@pytest.fixture
def any_guides(monkeypatch):
    """The games' own guides where they declare one, else a guide of this test."""
    def guide_for(spec):
        return guide_of(GAMES[spec.id]) or test_guide(spec.id)[0]     # (a guarded spec: its own package)
    monkeypatch.setattr(ui_guide, "guide_of", guide_for)
    monkeypatch.setattr("kidgames.ui.setup.has_guide", lambda spec: True)


def guided_app(home, **kw):
    return make_app(home, guided=True, **kw)


def people(n: int = 2, computer: bool = False) -> list[Seat]:
    seats = [Seat(name, colour) for name, colour in (("Anna", "red"), ("Ben", "blue"), ("Cleo", "green"))[:n]]
    if computer:
        seats.append(Seat("Robo", "yellow", COMPUTER, "normal"))
    return seats


def until_person_waits(app, scene, seconds: float = 60) -> None:
    """Frames until a person must act on the table (curtains lifted by their button)."""
    for _ in range(int(seconds / FRAME)):
        top = app.top
        if isinstance(top, CurtainScene):
            tap_button(app, "ready")
            continue
        if top is scene and scene.nudge.waiting():
            return
        app.frame(FRAME)
    raise AssertionError("no person came to act")


def wait(app, seconds: float) -> None:
    end = app.now() + seconds
    while app.now() < end - 1e-9:
        app.frame(min(max(app.next_wake(), FRAME), end - app.now(), 0.1))


def said_keys(app) -> list[str]:
    return [key for key, _ in app.voice.said]


# -- remembered per game, and the switch ---------------------------------------------------------------
def test_settings_remember_each_game_and_ignore_damaged_values():
    assert Settings().is_guided("queens"), "a game never played is guided"
    settings = Settings.from_json({"guided": {"queens": False, "forest": True, "castle": "no", 3: False}})
    assert not settings.is_guided("queens") and settings.is_guided("forest") and settings.is_guided("castle")
    assert settings.guided == {"queens": False, "forest": True}
    assert Settings.from_json({"guided": ["queens"]}).guided == {}
    assert Settings.from_json(Settings.from_json({"guided": {"knights": False}}).to_json()).guided == {"knights": False}


def test_a_fresh_home_guides_a_first_game_and_a_finished_guided_game_is_learned(tmp_path, own_guides):
    app = guided_app(tmp_path)
    scene = start_game_scene(app, "knights", people(), seed=3)
    assert scene.guiding is not None, "the first game of a fresh home is guided"
    assert SettingsStore(tmp_path).load().is_guided("knights"), "a game started is not learned"
    app.nav.show_menu()
    # a guided game that reached its results: the game is learned (saved), the next one unguided
    scene = start_game_scene(app, "queens", people(), seed=3)
    scene.show_results()
    assert not SettingsStore(tmp_path).load().is_guided("queens")
    assert SettingsStore(tmp_path).load().is_guided("knights")
    again = start_game_scene(app, "queens", people(), seed=4)
    assert again.guiding is None, "a learned game is played unguided"


def test_the_setup_switch_turns_it_off_and_on_again_spoken_and_big_enough(tmp_path, own_guides):
    app = guided_app(tmp_path)
    app.settings.voices = True
    tap_button(app, "game:forest")
    switch = app.top.button("guide")
    assert switch is not None and min(switch.rect.size) >= MIN_TARGET and switch.badge == "check"
    tap_button(app, "guide")
    assert said_keys(app)[-1] == "setup.guide.off"
    assert app.top.button("guide").badge == "cross"
    assert not SettingsStore(tmp_path).load().is_guided("forest"), "remembered at once"
    assert SettingsStore(tmp_path).load().is_guided("castle"), "per game"
    tap_button(app, "back")
    tap_button(app, "game:forest")
    assert app.top.button("guide").badge == "cross", "the switch shows what is remembered"
    tap_button(app, "guide")
    assert said_keys(app)[-1] == "setup.guide.on" and app.top.button("guide").badge == "check"
    assert SettingsStore(tmp_path).load().is_guided("forest")
    tap_button(app, "start")
    scene = next(s for s in app.stack if isinstance(s, GameScene))
    assert scene.guiding is not None


def test_a_game_switched_off_is_played_unguided(tmp_path, own_guides):
    app = guided_app(tmp_path)
    tap_button(app, "game:castle")
    tap_button(app, "guide")
    tap_button(app, "start")
    scene = next(s for s in app.stack if isinstance(s, GameScene))
    assert scene.guiding is None and scene.nudge.after == NUDGE_AFTER


def test_make_app_and_tools_play_unguided_unless_asked(tmp_path, own_guides):
    app = make_app(tmp_path)
    scene = start_game_scene(app, "knights", people(), seed=3)
    assert scene.guiding is None and scene.nudge.after == NUDGE_AFTER
    assert SettingsStore(tmp_path).load().is_guided("knights"), "the saved settings keep their own"


# -- in a guided game ------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAME_IDS)
def test_the_goal_is_said_and_shown_at_the_start(tmp_path, own_guides, game):
    app = guided_app(tmp_path)
    scene = start_game_scene(app, game, people(), seed=5, options=SHORT.get(game))
    app.frame(FRAME)
    until_person_waits(app, scene)
    goal = demo_of(GAMES[game]).steps[0].say
    assert goal in said_keys(app), "the goal is said"
    assert scene.guiding.caption is not None and scene.guiding.caption[0].key == goal
    assert scene.guiding.caption[1] == demo_of(GAMES[game]).steps[0].picture
    # shown: the window's pixels in the caption's place change when it goes (it was drawn there)
    area = scene.guiding.area
    window = pygame.display.get_surface()
    box = pygame.Rect(app.to_window(area.topleft), (0, 0))
    box.size = (round(area.w * window.get_width() / app.screen.get_width()),
                round(area.h * window.get_height() / app.screen.get_height()))
    shown = pygame.image.tobytes(window.subsurface(box), "RGB")
    scene.guiding.hide()
    app.frame(FRAME)
    assert pygame.image.tobytes(window.subsurface(box), "RGB") != shown, "the goal was not on the screen"


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_hand_points_after_about_four_seconds(tmp_path, own_guides, game):
    app = guided_app(tmp_path)
    scene = start_game_scene(app, game, people(), seed=5, options=SHORT.get(game))
    until_person_waits(app, scene)
    wait(app, GUIDED_AFTER - 0.5)
    assert not scene.nudge.showing
    wait(app, 1.0)
    assert scene.nudge.showing, "no hand after ~4 s"
    hand = scene.nudge.hand_rect()
    assert hand is not None and hand.colliderect(scene.nudge_target().inflate(2, 2))


@pytest.mark.parametrize("game", GAME_IDS)
def test_what_a_tap_may_choose_shines(tmp_path, own_guides, game):
    app = guided_app(tmp_path)
    scene = start_game_scene(app, game, people(), seed=5, options=SHORT.get(game))
    until_person_waits(app, scene)
    app.frame(FRAME)
    targets = [t for t in scene.tap_targets() if t.rect is None or t.rect.w > 0]
    assert scene.guiding.rings and len(scene.guiding.rings) >= len(targets)
    hand = scene.nudge_target()
    assert any(ring.contains(hand) or ring.collidepoint(hand.center) for ring in scene.guiding.rings), \
        "what the hand would point at shines"
    plain = make_app(tmp_path / "plain")
    other = start_game_scene(plain, game, people(), seed=5, options=SHORT.get(game))
    until_person_waits(plain, other)
    assert other.guiding is None


def test_a_good_move_of_a_person_is_praised_and_a_computers_never(tmp_path, own_guides):
    app = guided_app(tmp_path)
    scene = start_game_scene(app, "knights", [Seat("Anna", "red"), Seat("Robo", "blue", COMPUTER, "normal")], seed=5)
    until_person_waits(app, scene)
    praise = own_guides["knights"].key
    before = said_keys(app).count(praise)
    tap(app, scene.tap_targets()[0].rect.center)
    assert run_until(app, lambda: scene.guiding.caption is not None and scene.guiding.caption[0].key == praise, 20)
    assert said_keys(app).count(praise) == before + 1, "the praise is said"
    praised = sum(1 for kind, _ in scene.guiding.told if kind == "praise")
    # the computer's whole turn: no praise
    assert run_until(app, lambda: scene.session.view().decider == 0 and scene.nudge.waiting(), 40)
    assert sum(1 for kind, _ in scene.guiding.told if kind == "praise") == praised
    assert said_keys(app).count(praise) == before + 1


def test_a_praise_is_never_handed_a_private_event(tmp_path, own_guides):
    """Forest: looks under trees are private; two people play a while, every decision praised."""
    app = guided_app(tmp_path)
    scene = start_game_scene(app, "forest", people(), seed=2, options={"short": True})
    looks = play_by_the_hand(app, scene, decisions=40)
    handed = own_guides["forest"].handed
    assert handed, "nothing was praised"
    assert all(event.private_to is None for event in handed)
    assert looks["private"], "no private event happened in this game (seed)"


@pytest.mark.parametrize("game", ["queens", "knights"])
def test_a_refused_tap_says_why_and_the_hand_points_at_what_works(tmp_path, own_guides, game):
    app = guided_app(tmp_path)
    scene = start_game_scene(app, game, people(), seed=5)
    until_person_waits(app, scene)
    said = len(app.voice.said)
    nowhere = (700, 560) if game == "knights" else (600, 470)
    tap(app, nowhere)
    app.frame(FRAME)
    assert len(app.voice.said) > said, "nothing was said"
    assert scene.nudge.showing and scene.guiding.pointed, "the hand did not point at once"
    target = scene.guiding.pointed[-1]
    assert target == scene.nudge_target()
    assert any(t.rect is not None and t.rect.colliderect(target) or target.collidepoint(t.centre)
               for t in scene.tap_targets()) or any(b.rect == target for b in scene.buttons)


# -- the measurement: a first game played by tapping only where the hand points ---------------------------
def play_by_the_hand(app, scene, decisions: int | None = None, frames: int = 400_000) -> dict:
    """Tap only where the hand points (on the table and on every curtain), until the results (or
    ``decisions`` taps on the table); every table tap must be one the rules and the scene take."""
    seen = {"taps": 0, "private": False, "buttons": 0}
    original = scene.session.submit

    def submit(action):
        outcome = original(action)
        assert outcome.refusal is None, f"the hand pointed at a refused tap: {action} {outcome.refusal}"
        seen["private"] = seen["private"] or any(e.private_to is not None for e in outcome.events)
        return outcome
    scene.session.submit = submit
    for _ in range(frames):
        view = scene.session.view()
        assert scene.visible_secrets() <= ({view.private} if view.private is not None else set()), \
            "a secret drawn outside its person's private moment"
        top = app.top
        if isinstance(top, ResultsScene):
            return seen
        if decisions is not None and seen["taps"] >= decisions:
            return seen
        if isinstance(top, CurtainScene) and top.hand is not None and top.hand.showing:
            tap(app, top.hand.target.center)
            continue
        if top is scene and scene.nudge.showing:
            offered = [b for b in scene.buttons if b.visible and b.enabled and b.name not in SHARED_BUTTONS]
            pointed_at = [b for b in offered if b.rect == scene.nudge.target]
            assert not any(b.costs for b in pointed_at) or all(b.costs for b in offered), \
                "the hand pointed at a choice that costs while a harmless one was offered"
            assert not any(b.name in TAKES_BACK for b in pointed_at), "the hand pointed back"
            seen["buttons"] += bool(pointed_at)
            told = len(scene.guiding.told)
            pointed = len(scene.guiding.pointed)
            tap(app, scene.nudge.target.center)
            seen["taps"] += 1
            assert not any(kind == "why" for kind, _ in scene.guiding.told[told:]), "the hand's tap was refused"
            assert len(scene.guiding.pointed) == pointed, "the hand's tap did nothing"
            assert getattr(scene, "refusal", None) is None, f"refused: {scene.refusal}"
            continue
        app.frame(min(max(app.next_wake(), FRAME), 0.25))
    raise AssertionError(f"the game did not end ({seen['taps']} taps)")


@pytest.mark.parametrize("game", GAME_IDS)
@pytest.mark.parametrize("computer", [False, True])
def test_a_first_game_played_only_where_the_hand_points_finishes(tmp_path, any_guides, game, computer):
    app = guided_app(tmp_path)
    breaches = guard_game(app, game)        # the guide, like the whole UI, reads views only
    scene = start_game_scene(app, game, people(2, computer), seed=7, options=SHORT.get(game))
    assert scene.guiding is not None
    play_by_the_hand(app, scene)
    assert not breaches
    assert scene.session.view().is_over
    assert not SettingsStore(tmp_path).load().is_guided(game), "the finished guided game is learned"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_games_own_goal_is_said_from_its_clip_and_shown_in_every_language(tmp_path, lang):
    for game in GAME_IDS:
        guide = guide_of(GAMES[game])
        if guide is None:
            pytest.skip(f"{game} declares no guide")
        app = guided_app(tmp_path / game, lang=lang)
        scene = start_game_scene(app, game, people(), seed=5, options=SHORT.get(game))
        app.frame(FRAME)
        until_person_waits(app, scene)
        said = [clips for key, clips in app.voice.said if key == guide.goal]
        assert said and said[0], f"{game} ({lang}): the goal was not said from a clip"
        assert scene.guiding.caption is not None and scene.guiding.caption[0].key == guide.goal
        assert str(scene.guiding.caption[0]) == app.t(guide.goal)
        app.saves.flush()
