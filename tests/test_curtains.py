"""Curtains on a shared screen (design.md, "Hot-seat and hidden information"), driven by posted taps:
hand-over, secret and question curtains name the right person, a double tap never opens a secret
and hides it at once, a stray tap's skip stops at a secret, the secret hides again after the time
set, and a game of one person against computers shows no curtain and never a computer's secret."""

import pygame
import pytest

from kidgames.core.protocol import Action
from kidgames.core.seats import Seat
from kidgames.ui.anim import AnimQueue
from kidgames.ui.curtain import HANDOVER, QUESTION, SECRET, CurtainScene
from kidgames.ui.game import GameScene, start_game_scene
from peek_game import peek_spec
from ui_driver import FRAME, later, make_app, run, run_until, tap, tap_button
from ui_driver import controller_of, state_of, without_lock

ANNA, BEN = Seat("Anna", "red"), Seat("Ben", "blue")
ROBO = Seat("Robo", "green", "computer")
CARD_COLOURS = {"cat": (250, 160, 40), "dog": (140, 90, 40), "fox": (230, 90, 20), "owl": (120, 120, 160),
                "pig": (250, 170, 190), "hen": (250, 240, 200), "cow": (30, 30, 30), "elk": (90, 60, 30)}
SECRET_AT = pygame.Rect(650, 350, 300, 300)


class PeekScene(GameScene):
    """The peek game drawn plainly: a Peek and a Guess button on your turn, Yes and No for the
    asked seat, and the secret card as a coloured square while it is shown."""

    shown: str | None = None
    DELAY = 0.0      # a moving picture before the secret (for a stray tap to skip)

    def layout(self):
        self.buttons = self.shared_buttons.top(20, 20)
        asked = self.table_view().guess is not None
        for i, (name, action) in enumerate((("peek", Action("peek")), ("guess", Action("guess", card="cat")))):
            self.buttons.append(self.action_button(pygame.Rect(300 + 520 * i, 760, 480, 140), name, action,
                                                   visible=not asked))
        for i, yes in enumerate((True, False)):
            self.buttons.append(self.action_button(pygame.Rect(300 + 520 * i, 760, 480, 140),
                                                   "yes" if yes else "no", Action("answer", yes=yes),
                                                   visible=asked))

    def action_button(self, rect, name, action, visible):
        from kidgames.ui.widgets import Button

        def act():
            if self.person_can_act():
                self.submit(action)
                self.layout()
        return Button(rect, act, name, name=name, visible=visible)

    def animate(self, events):
        if self.DELAY:
            self.anim.wait(self.DELAY)
        for event in events:
            if event.kind == "peeked":
                self.curtains.secret_step(event, show=lambda card=event.card: self.show(card), hide=lambda: self.show(None))
        self.anim.call(self.layout)

    def show(self, card):
        self.shown = card
        self.seen_cards.append(card)

    @property
    def seen_cards(self):
        return self.__dict__.setdefault("_seen", [])

    def question_text(self, seat):
        table = self.table_view()
        return f"{self.seats[table.turn_player].name} asks: is your card the {table.guess}?"

    def draw(self, surface):
        surface.fill((40, 120, 40))
        if self.shown:
            pygame.draw.rect(surface, CARD_COLOURS[self.shown], SECRET_AT)
        self.draw_buttons(surface)


def open_game(tmp_path, seats, hidden_info=False, delay=0.0, secret_seconds=5):
    """A peek game on screen.  With ``hidden_info`` every decision shows private things (like a
    hand of cards); without (like the forest: turns are public) there are no hand-over curtains,
    only secret curtains and the question curtain of an answer about one's own card."""
    spec = peek_spec(len(seats), scene="test_curtains:PeekScene", private_turns=hidden_info)
    app = make_app(tmp_path)
    app.games = {"peek": spec}
    app.settings.secret_seconds = secret_seconds
    scene = start_game_scene(app, "peek", seats, seed=3)
    scene.DELAY = delay
    run(app, 0.1)
    return app, scene


def curtain(app) -> CurtainScene:
    assert isinstance(app.top, CurtainScene), f"a curtain is expected, not {type(app.top).__name__}"
    return app.top


def double_tap(app, pos, gap_frames=3) -> None:
    """Two quick taps as a finger makes them: the app's guard against a tap landing on a new scene
    is left as it is (``tap`` in ui_driver switches it off)."""
    x, y = app.to_window(pos)
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1, touch=False))
        app.frame(FRAME)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1, touch=False))
        for _ in range(gap_frames):
            app.frame(FRAME)


def secret_on_screen(app) -> bool:
    return pygame.display.get_surface() is not None and app.screen.get_at(SECRET_AT.center)[:3] != (40, 120, 40)


# -- the three kinds -----------------------------------------------------------------------------------
def test_a_hand_over_curtain_names_the_next_person_with_their_pawn(tmp_path):
    app, scene = open_game(tmp_path, [ANNA, BEN], hidden_info=True)
    assert curtain(app).kind == HANDOVER and curtain(app).seat.name == "Anna"
    assert curtain(app).title() == "Anna, it is your turn!"
    tap(app, (800, 300))
    assert curtain(app).seat.name == "Anna", "only the button lifts the curtain"
    tap_button(app, "ready")
    assert app.top is scene
    tap_button(app, "guess")
    assert run_until(app, lambda: isinstance(app.top, CurtainScene))
    # Ben must answer in Anna's turn: a question, the question itself on the curtain
    assert curtain(app).kind == QUESTION and curtain(app).seat.name == "Ben"


def test_a_question_curtain_carries_the_question_and_the_answers_come_behind_it(tmp_path):
    app, scene = open_game(tmp_path, [ANNA, BEN])
    assert app.top is scene, "no secret on screen yet: no curtain"
    tap_button(app, "guess")
    assert run_until(app, lambda: isinstance(app.top, CurtainScene))
    assert curtain(app).kind == QUESTION and curtain(app).seat.name == "Ben"
    assert curtain(app).title() == "Anna asks: is your card the cat?"
    assert curtain(app).button("yes") is None
    tap_button(app, "ready")
    assert app.top is scene and scene.button("yes").visible and scene.button("no").visible
    later(app, 0.5)           # "no" is where "guess" was: a quicker tap is the guess's double tap
    tap_button(app, "no")
    assert state_of(scene).guess is None and state_of(scene).turn_player == 1
    run(app, 0.2)
    assert app.top is scene, "Ben's own turn is public in this game: no curtain"


def test_no_question_curtain_when_the_answer_shows_nothing_private(tmp_path):
    app, scene = open_game(tmp_path, [ANNA, BEN])
    controller_of(scene).spec = peek_spec(2, private_turns=False, private_answers=False)
    tap_button(app, "guess")
    run(app, 0.3)
    assert app.top is scene and scene.button("yes").visible, "asked openly, as in Castle Builders"


def test_a_secret_curtain_names_its_person_and_the_secret_shows_only_after_their_tap(tmp_path):
    app, scene = open_game(tmp_path, [ANNA, BEN])
    tap_button(app, "peek")
    run(app, 0.1)
    assert curtain(app).kind == SECRET and curtain(app).seat.name == "Anna"
    assert curtain(app).title() == "Only Anna looks now"
    assert scene.seen_cards == [], "nothing secret is drawn behind the curtain"
    tap_button(app, "ready")
    run(app, 0.1)
    assert app.top is scene and scene.shown == state_of(scene).cards[0]
    assert secret_on_screen(app)


# -- taps that must not skip a secret --------------------------------------------------------------------
def test_a_double_tap_on_the_curtain_opens_the_secret_and_leaves_it_open(tmp_path):
    app, scene = open_game(tmp_path, [ANNA, BEN])
    tap_button(app, "peek")
    run(app, 0.1)
    later(app, 0.3)           # the curtain has been seen a moment: the first tap counts
    double_tap(app, curtain(app).button("ready").rect.center)
    run(app, 0.1)
    assert app.top is scene and scene.shown == state_of(scene).cards[0], "the second tap did not hide it"
    assert secret_on_screen(app)


def test_a_late_second_tap_past_the_scene_guard_does_not_hide_the_secret_either(tmp_path):
    app, scene = open_game(tmp_path, [ANNA, BEN])
    tap_button(app, "peek")
    run(app, 0.1)
    tap_button(app, "ready")                       # the guard of the new scene is switched off
    tap(app, (800, 500))
    assert scene.shown == state_of(scene).cards[0]
    run(app, 1.0)
    tap(app, (800, 500))                           # now it is Anna's own tap: the secret hides
    run(app, 0.1)
    assert scene.shown is None and not secret_on_screen(app)


def test_a_stray_tap_skips_the_animation_but_stops_at_the_secret_curtain(tmp_path):
    app, scene = open_game(tmp_path, [ANNA, BEN], delay=3.0)
    tap_button(app, "peek")
    run(app, 0.6)
    later(app, 0.5)           # not the peek's own double tap
    tap(app, (800, 500))                           # skip ahead
    run(app, 0.1)
    assert curtain(app).kind == SECRET and curtain(app).seat.name == "Anna"
    assert scene.seen_cards == []


# -- the time set in the settings ------------------------------------------------------------------------
def test_the_secret_hides_again_after_the_time_set(tmp_path):
    app, scene = open_game(tmp_path, [ANNA, BEN], secret_seconds=3)
    tap_button(app, "peek")
    run(app, 0.1)
    tap_button(app, "ready")
    run(app, 2.7)
    assert scene.shown == state_of(scene).cards[0] and secret_on_screen(app)
    run(app, 0.5)
    assert scene.shown is None and not secret_on_screen(app)
    assert scene.person_can_act(), "the game goes on: Ben's turn"


def test_until_tapped_the_secret_stays(tmp_path):
    app, scene = open_game(tmp_path, [ANNA, BEN], secret_seconds=None)
    tap_button(app, "peek")
    run(app, 0.1)
    tap_button(app, "ready")
    run(app, 20)
    assert scene.shown == state_of(scene).cards[0]
    assert scene.wake_in() is None, "nothing to wake up for while it waits for a tap"
    tap(app, (800, 500))
    assert scene.shown is None


def test_the_secret_time_is_a_remembered_setting(tmp_path):
    app = make_app(tmp_path)
    without_lock(app)
    tap_button(app, "settings")
    tap_button(app, "secret:10")
    assert app.top.button("secret:10").selected and not app.top.button("secret:5").selected
    assert make_app(tmp_path).settings.secret_seconds == 10
    for button in app.top.buttons:
        assert button.rect.w >= 72 and button.rect.h >= 72, button.name


@pytest.mark.parametrize("value", [7, "5", True, 5.0, -1, [5]])
def test_a_damaged_secret_time_falls_back_to_five_seconds(value):
    from kidgames.core.settings import Settings
    assert Settings.from_json({"secret_seconds": value}).secret_seconds == 5
    assert Settings.from_json({"secret_seconds": None}).secret_seconds is None


# -- one person against computers ------------------------------------------------------------------------
def test_one_person_against_a_computer_sees_no_curtain_and_never_the_computers_secret(tmp_path):
    app, scene = open_game(tmp_path, [ANNA, ROBO], hidden_info=True)
    shown_tops = set()
    for _ in range(400):
        app.frame(FRAME)
        shown_tops.add(type(app.top).__name__)
        if scene.person_can_act():
            tap_button(app, "peek" if scene.button("peek").visible else "yes")
        if state_of(scene).is_over:
            break
    assert "CurtainScene" not in shown_tops
    assert scene.seen_cards and set(c for c in scene.seen_cards if c) == {state_of(scene).cards[0]}, \
        "Anna saw her own card, never Robo's"


# -- the queue ------------------------------------------------------------------------------------------
def test_skip_finishes_the_steps_before_a_hold_and_stops_there():
    seen = []
    queue = AnimQueue()
    queue.add(1.0, end=lambda: seen.append("hop"))
    queue.hold(2.0, start=lambda: seen.append("show"), end=lambda: seen.append("hide"))
    queue.add(1.0, end=lambda: seen.append("after"))
    queue.skip()
    assert seen == ["hop", "show"] and queue.holding is not None
    queue.skip()
    assert seen == ["hop", "show"], "a second skip does not pass the secret either"
    assert not queue.release(min_shown=0.5), "too soon after it opened"
    assert queue.update(0.6) is False, "a waiting secret changes nothing on screen"
    assert queue.release(min_shown=0.5)
    queue.skip()
    assert seen == ["hop", "show", "hide", "after"] and not queue.busy


def test_a_hold_counts_real_seconds_at_every_speed():
    queue = AnimQueue(speed=2.0)
    queue.hold(3.0)
    queue.update(0.0)
    assert queue.wake_in() == 3.0
    queue.update(2.0)
    assert queue.busy and queue.wake_in() == pytest.approx(1.0)
    assert queue.update(1.0) is True and not queue.busy
