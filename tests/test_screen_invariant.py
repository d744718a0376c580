"""What the window shows is the game: whenever the app is idle, the window equals a full redraw,
pixel for pixel — through whole games and on every kind of scene, in a window of the canvas's size
and in a scaled one.  This is the guard for every partial redraw (a hopping die, a moving knight).

The window is read as it is (``pygame.display.get_surface()``), never redrawn before looking."""
import pygame
import pytest

from kidgames.core.seats import Seat
from kidgames.games import GAMES
from kidgames.games.knights.scene import KnightsScene
from kidgames.games.knights.table import DIE_CENTRE, NUDGE_EVERY
from kidgames.ui.curtain import CurtainScene
from kidgames.ui.game import start_game_scene
from kidgames.ui.results import ResultsScene
from ui_driver import FRAME, later, make_app, tap, tap_button
from test_ui_flows import PEEK
from ui_driver import lock_answer, state_of
from kidgames.ui.grownup import HINT_SECONDS


def window_bytes(app) -> bytes:
    return pygame.image.tobytes(pygame.display.get_surface(), "RGB")


def differing_area(app, before: bytes) -> pygame.Rect | None:
    """Force a full redraw and return where the window differed from what it showed (or None)."""
    shown = pygame.image.frombytes(before, pygame.display.get_surface().get_size(), "RGB")
    app.draw()
    full = pygame.display.get_surface()
    if pygame.image.tobytes(full, "RGB") == before:
        return None
    mask = pygame.mask.from_threshold(shown, (0, 0, 0), (1, 1, 1, 255), full)
    mask.invert()   # set where the pixels differ
    rects = mask.get_bounding_rects()
    return rects[0].unionall(rects[1:]) if rects else pygame.Rect(0, 0, 1, 1)


class Watcher:
    """Runs frames like the app's loop and, at idle moments, compares the window with a full
    redraw: always on the first idle frame after a movement, and every ``every``-th idle frame."""

    def __init__(self, app, every: int = 15) -> None:
        self.app = app
        self.every = every
        self.was_animating = True
        self.idle_frames = 0
        self.checks = 0

    def frame(self) -> bool:
        animating = self.app.frame(FRAME)
        if not animating:
            self.idle_frames += 1
            if self.was_animating or self.idle_frames % self.every == 0:
                self.check()
        self.was_animating = animating
        return animating

    def check(self) -> None:
        before = window_bytes(self.app)
        area = differing_area(self.app, before)
        self.checks += 1
        top = type(self.app.top).__name__
        assert area is None, f"the idle window differs from a full redraw in {area} on {top}"

    def run(self, seconds: float) -> None:
        for _ in range(int(seconds / FRAME)):
            self.frame()

    def run_until(self, condition, seconds: float = 30.0) -> bool:
        for _ in range(int(seconds / FRAME)):
            if condition():
                return True
            self.frame()
        return condition()


def test_the_watcher_sees_a_stale_window(tmp_path):
    """The check can fail: a picture changed without a redraw is found."""
    app = make_app(tmp_path)
    scene = start_game_scene(app, "knights", [Seat("Max", "red"), Seat("Ben", "blue")], seed=1)
    watcher = Watcher(app)
    watcher.run(0.5)
    scene.shown_current = 1          # the scene now says Ben, but nothing redrew
    with pytest.raises(AssertionError, match="differs from a full redraw"):
        watcher.check()


def test_after_a_throw_the_idle_window_shows_the_next_player(tmp_path):
    """The reported case: Max throws, then nobody touches anything for 16 s.  Ben must be
    highlighted and asked to throw, and the window must be what a full redraw shows."""
    app = make_app(tmp_path, speed="normal")
    scene = start_game_scene(app, "knights", [Seat("Max", "red"), Seat("Ben", "blue")], seed=1)
    watcher = Watcher(app, every=10)
    watcher.run(0.5)
    tap(app, DIE_CENTRE)
    watcher.run(16)
    assert state_of(scene).current_player == 1 and scene.shown_current == 1
    assert scene.hint_text() == app.t("knights.hint.roll", name="Ben")
    watcher.check()
    assert watcher.checks > 20


@pytest.mark.parametrize("window,seed", [(None, 141), ((1280, 800), 54)], ids=["canvas", "tablet"])
def test_a_whole_knights_game_with_people_and_a_computer_keeps_the_window_true(tmp_path, window, seed):
    app = make_app(tmp_path, window_size=window)
    seats = [Seat("Anna", "red"), Seat("Ben", "blue"), Seat("Robo", "green", "computer")]
    scene = start_game_scene(app, "knights", seats, seed=seed)   # seeds of short games (22, 24 throws)
    watcher = Watcher(app, every=20)
    turns = 0
    while not state_of(scene).is_over and turns < 400:
        assert watcher.run_until(lambda: scene.person_can_act() or state_of(scene).is_over, seconds=60)
        if state_of(scene).is_over:
            break
        if turns < 4:
            watcher.run(NUDGE_EVERY + 0.4)     # a child thinks: the die hops once, idle around it
        tap(app, DIE_CENTRE)
        turns += 1
    assert state_of(scene).is_over
    assert watcher.run_until(lambda: isinstance(app.top, ResultsScene), seconds=30)
    watcher.run(13)                                # the confetti falls and settles
    watcher.check()
    assert watcher.checks > 3 * turns


def test_every_scene_type_keeps_the_window_true(tmp_path):
    """Menu, setup, keyboard, rules, settings, dialogs and curtains, driven by taps."""
    app = make_app(tmp_path)
    app.games = dict(GAMES, peek=PEEK)
    watcher = Watcher(app, every=5)

    def tap_and_watch(name=None, pos=None):
        if name is not None:
            tap_button(app, name)
        else:
            tap(app, pos)
        watcher.run(0.6)
        watcher.check()

    watcher.run(0.5)
    tap_and_watch("settings")                      # a short tap on the lock: its words come and go
    watcher.run(HINT_SECONDS + 0.5)
    # the grown-up lock: the ring fills while held (checked mid-hold), then the sum
    x, y = app.to_window(app.top.button("settings").rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    for _ in range(4):
        watcher.run(0.4)
        watcher.check()
    watcher.run(0.6)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1))
    watcher.run(0.5)
    watcher.check()
    for number in lock_answer(app.top):
        tap_and_watch(number)
    for button in list(app.top.buttons):
        if button.name.startswith(("lang", "speed", "sound")):
            tap_and_watch(pos=button.rect.center)
    tap_and_watch("lang:en")
    tap_and_watch(pos=(5, 5))                      # a tap beside every button
    app.top.back()
    watcher.run(0.5)
    tap_and_watch("game:knights")
    tap_and_watch("name:0")
    for key in ("key:B", "key:O", "erase"):
        tap_and_watch(key)
    tap_and_watch("ok")
    tap_and_watch("rules")
    for _ in range(3):
        nxt = app.top.button("next")
        if nxt is None or not nxt.visible:
            break
        tap_and_watch("next")
    app.top.back()
    watcher.run(0.5)
    tap_and_watch("start")
    assert isinstance(app.top, KnightsScene)
    tap_and_watch("home")                           # the leave dialog over the board
    tap_and_watch("no")
    start_game_scene(app, "peek", [Seat("Anna", "red"), Seat("Ben", "blue")])
    watcher.run(0.5)
    assert isinstance(app.top, CurtainScene)
    watcher.check()
    tap_and_watch("ready")
    tap_and_watch(pos=(800, 500))                  # Anna peeks: Ben's curtain comes
    assert isinstance(app.top, CurtainScene) and app.top.seat.name == "Ben"
    watcher.check()


def test_secret_and_question_curtains_and_the_options_keep_the_window_true(tmp_path):
    """The secret curtain, the secret on screen until its time hides it; a menu of eight games; a
    setup with options and stars."""
    from test_curtains import open_game
    from test_menu_grid import specs
    from test_setup_options import options_spec
    from kidgames.ui.menu import MenuScene
    app, scene = open_game(tmp_path, [Seat("Anna", "red"), Seat("Ben", "blue")], secret_seconds=3)
    watcher = Watcher(app, every=5)
    tap_button(app, "peek")
    watcher.run(0.5)
    assert isinstance(app.top, CurtainScene) and app.top.kind == "secret"
    watcher.check()
    tap_button(app, "ready")
    watcher.run(1.0)
    assert scene.shown is not None
    watcher.run(2.5)                               # the secret hides by itself
    assert scene.shown is None
    watcher.check()
    later(app, 0.5)
    tap_button(app, "guess")
    watcher.run(0.5)
    app.games = dict(specs(8), opts=options_spec())
    app.reset_to(MenuScene(app))
    watcher.run(0.5)
    watcher.check()
    tap_button(app, "game:opts")
    watcher.run(0.5)
    for name in ("option:short", "option:fairy", "level:1", "add"):
        later(app, 0.5)
        tap_button(app, name)
        watcher.run(0.5)
        watcher.check()


def test_a_whole_queens_game_keeps_the_window_true(tmp_path, monkeypatch):
    """Cards flying and flipping, curtains, the defence question, the results: every idle window
    equals a full redraw."""
    import kidgames.ui.game as game_module
    from test_queens_ui import PEOPLE_AND_ROBO, play_whole_game
    monkeypatch.setattr(game_module, "COMPUTER_PAUSE", 0.05)
    app = make_app(tmp_path)
    scene = start_game_scene(app, "queens", PEOPLE_AND_ROBO, seed=11)
    watcher = Watcher(app, every=20)

    def pick(legal):
        for kind in ("king", "wake", "knight", "potion", "jester", "allow"):
            options = [a for a in legal if a.kind == kind]
            if options:
                return options[0]
        return legal[-1]
    curtains, actions = play_whole_game(app, scene, pick, watcher=watcher)
    assert state_of(scene).is_over and actions > 5
    assert watcher.run_until(lambda: isinstance(app.top, ResultsScene), seconds=60)
    watcher.check()
    assert watcher.checks > actions


def test_the_idle_window_equals_a_full_redraw_through_a_whole_forest_game(tmp_path, monkeypatch):
    import random as random_module

    import kidgames.ui.game as game_module
    from test_forest_ui import Family, forest_app, start
    monkeypatch.setattr(game_module, "COMPUTER_PAUSE", 0.3)
    app = forest_app(tmp_path)
    scene = start(app, seed=8)
    watcher = Watcher(app, every=10)
    Family(app, scene, random_module.Random(2), frame=watcher.frame).play()
    assert state_of(scene).is_over
    watcher.run_until(lambda: isinstance(app.top, ResultsScene), 5)
    assert watcher.checks > 50


def test_a_whole_castle_game_keeps_the_window_true(tmp_path, monkeypatch):
    """Cards flipping and flying, the witch sweeping in, the fairy question, the cards given to
    the witch, the finished castle, the results: every idle window equals a full redraw."""
    import kidgames.ui.game as game_module
    from test_castle_ui import PEOPLE_AND_ROBO, Table, careful
    monkeypatch.setattr(game_module, "COMPUTER_PAUSE", 0.05)
    app = make_app(tmp_path)
    scene = start_game_scene(app, "castle", PEOPLE_AND_ROBO, seed=4)
    watcher = Watcher(app, every=20)
    table = Table(app, scene, frame=watcher.frame)
    actions = table.play(careful)
    assert state_of(scene).is_over and actions > 5
    assert watcher.run_until(lambda: isinstance(app.top, ResultsScene), seconds=60)
    watcher.check()
    assert watcher.checks > actions


@pytest.mark.parametrize("window", [None, (1280, 800)], ids=["canvas", "tablet"])
def test_every_frame_of_the_confetti_equals_a_full_redraw(tmp_path, window):
    """The results screen redraws only where the confetti, the trophy and the winners move: after
    every frame, not only when idle, the window is what a full redraw shows."""
    app = make_app(tmp_path, window_size=window)
    seats = [Seat("Anna", "red"), Seat("Ben", "blue"), Seat("Cleo", "green")]
    app.push(ResultsScene(app, GAMES["knights"], seats, [0, 2], {}, scores=[3, 1, 3]))
    partial = []
    original = app.loop.draw_rects
    app.loop.draw_rects = lambda rects: (partial.append(len(rects)), original(rects))
    for frame in range(90):
        app.frame(FRAME)
        if frame % 3 == 0:
            before = window_bytes(app)
            assert differing_area(app, before) is None, f"frame {frame}"
    assert partial and max(partial) > 16, "the confetti was drawn in small areas"
