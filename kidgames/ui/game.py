"""What every game scene shares: the turn controller, the animation queue, computer pacing,
curtains (hand-over, secret, question), the save sink, the top buttons (menu, rules, sound) and the way
to the results."""
from __future__ import annotations

import os
from typing import Any, Callable

import pygame

from kidgames.core.protocol import Event, IllegalActionError
from kidgames.core.seats import Seat
from kidgames.core.turns import TurnController
from kidgames.ui.curtain import QUESTION, SECRET, CurtainScene
from kidgames.ui.dialog import ConfirmScene
from kidgames.ui.input import DOUBLE_TAP
from kidgames.ui.prompts import prompt_picture
from kidgames.ui.scene import Scene
from kidgames.ui.table import Table
from kidgames.ui.widgets import Button

COMPUTER_PAUSE = 1.1     # seconds a computer player "thinks" before it acts (at normal speed)
# Seconds the table stays in view after a move, before a curtain covers it (at normal speed): the
# family follows where a computer's move ended before the next person takes the screen.
FOLLOW_PAUSE = 0.8
SKIP_GUARD = DOUBLE_TAP  # the second tap of a double tap never skips the move the first one made
# A secret stays on screen at least this long (real seconds), whatever the taps: the second tap of
# the double tap that opened its curtain must not hide it before its person has seen it.
SECRET_GUARD = 0.8
# While a person's last step can be taken back, a computer thinks this much longer (at normal speed)
# before its move makes that impossible: time for a child to see the arrow and tap it.
UNDO_GRACE = 1.5
UNDO_SIZE = 110          # the "back" arrow's button, in canvas pixels


def start_game_scene(app, game_id: str, seats: list[Seat], state: Any = None,
                     options: dict | None = None, seed: int | None = None, from_save: bool = False,
                     controller: dict | None = None):
    """Open a game (a new one, or a saved ``state`` with its saved ``controller`` data) above the menu.

    ``seed`` seeds the new game and its computer players.  A new game replaces that game's save at
    once.  With ``from_save`` the scene remembers that its game came from the save, so that a save
    which breaks the scene is set aside (see :func:`broken_save`) instead of breaking it again on
    every Continue."""
    spec = app.games[game_id]
    options = spec.options_from_json(options or {})   # every declared option, with its type
    try:
        if state is None:
            state = spec.new_state(len(seats), seed=seed, options=options)
        # the one session object of the game, made once (its saved self when it comes from a save)
        if controller is not None:
            session = TurnController.from_json(spec, state, seats, controller, options=options, clock=app.time)
        else:
            session = TurnController(spec, state, seats, seed=seed, options=options, clock=app.time)
        scene = spec.load_scene_class()(app, spec, seats, state, options, session)
        scene.from_save = game_id if from_save else None
    except Exception as exc:
        if from_save:
            raise SaveBrokeScene(game_id, exc) from exc
        raise
    app.reset_to(app.menu_scene(), scene)
    scene.save_game(session)
    return scene


class SaveBrokeScene(Exception):
    """A saved game that passed its checks and still could not be opened on screen."""

    def __init__(self, game_id: str, cause: BaseException) -> None:
        super().__init__(f"the saved game of {game_id} could not be opened: {cause}")
        self.game_id = game_id


def broken_save(app, exc: BaseException) -> str | None:
    """The id of the save to blame for ``exc``: the one being opened, or the one whose game scene
    fails before anybody has moved in it (a save that broke its scene would break it again)."""
    if isinstance(exc, SaveBrokeScene):
        return exc.game_id
    for scene in reversed(app.stack):
        if isinstance(scene, GameScene) and scene.from_save and not scene.controller.log:
            return scene.from_save
    return None


class GameScene(Scene):
    from_save: str | None = None    # the game id whose save this game was opened from
    table: Table | None = None      # what the game shows, as pieces (kidgames/ui/table.py)
    banner_piece = None             # the game's banner on its table (kidgames/ui/pieces.py), if any

    def __init__(self, app, spec, seats: list[Seat], state: Any, options: dict,
                 controller: TurnController | None = None) -> None:
        super().__init__(app)
        self.spec = spec
        self.seats = list(seats)
        self.options = options
        if controller is None:
            controller = TurnController(spec, state, self.seats, options=options, clock=app.time)
        controller.set_save(self.save_game)     # it saves after every action, through this sink
        self.controller = controller
        self.anim = app.new_anim()
        self.last_action_at = 0.0
        self.results_shown = False
        self.pointer = None           # the tap being handled (see Pointer.repeats)
        self.time = 0.0
        self.undo_words = None        # what the voice says when a step was taken back

    @property
    def state(self):
        return self.controller.state

    # -- saving --------------------------------------------------------------------------------------
    def save_game(self, controller: TurnController) -> None:
        """The save sink of the turn controller, called after every applied action: the game and
        its controller are written (a finished game's save is cleared)."""
        if controller.state.is_over:
            self.app.saves.clear(self.spec.id)
        else:
            self.app.saves.save(self.spec.id, self.seats, controller.state, self._saveable_options(),
                                controller=controller.to_json())

    def _saveable_options(self) -> dict:
        """The options as JSON values, so each comes back with its type (``False`` stays off); a
        board option is the board file's path."""
        saveable = {}
        for name, value in self.options.items():
            if isinstance(value, os.PathLike):
                value = os.fspath(value)
            if value is None or isinstance(value, (bool, int, float, str)):
                saveable[name] = value
        return saveable

    # -- buttons shared by every game ---------------------------------------------------------------
    def top_buttons(self, x: int, y: int, size: int = 100, gap: int = 10) -> list[Button]:
        sound_on = self.app.settings.sound
        return [
            Button(pygame.Rect(x, y, size, size), self.ask_leave, icon="home", name="home"),
            Button(pygame.Rect(x + size + gap, y, size, size), self.show_rules, icon="question", name="rules"),
            Button(pygame.Rect(x + 2 * (size + gap), y, size, size), self.toggle_sound,
                   icon="speaker_on" if sound_on else "speaker_off", name="sound"),
        ]

    def ask_leave(self) -> None:
        self.app.push(ConfirmScene(self.app, self.t("game.leave.title"), self.t("game.leave.text"),
                                   self.t("game.leave.yes"), self.t("game.leave.no"),
                                   on_yes=self.app.show_menu,
                                   icon="home", yes_icon="home", no_icon="play"))

    def back(self) -> None:
        self.ask_leave()

    def show_rules(self) -> None:
        self.app.show_rules(self.spec.id)

    def toggle_sound(self) -> None:
        self.app.set_sound(not self.app.settings.sound)
        self.layout()

    # -- playing ---------------------------------------------------------------------------------------
    def submit(self, action) -> list[Event]:
        """Send a decision to the rules; an illegal one (a stray tap) is ignored."""
        try:
            events = self.controller.submit(action)
        except IllegalActionError:
            return []
        self.undo_words = None
        self.last_action_at = self.app.now()
        self.animate(events)
        if self.anim.busy and self.controller.curtain() is not None:
            self.anim.wait(FOLLOW_PAUSE)
        return events

    def animate(self, events: list[Event]) -> None:
        """Turn events into animation steps: each event goes to the scene's
        ``_anim_<kind>(event, rest)`` where it has one, ``rest`` being the events after it (one
        handler signature for every game)."""
        for i, event in enumerate(events):
            handler = getattr(self, f"_anim_{event.kind}", None)
            if handler:
                handler(event, events[i + 1:])

    def sound(self, name: str):
        """An animation step's sound: quiet while a tap skips the animation ahead."""
        return lambda: None if self.anim.skipping else self.app.assets.play(name)

    def secret_step(self, event: Event, show: Callable[[], None], hide: Callable[[], None]) -> bool:
        """Queue the private moment of ``event`` (a look under a tree): a secret curtain naming its
        person if somebody else may be looking, then ``show`` until that person taps or the time
        set in the settings passes, then ``hide`` — and the private moment ends with it, before
        anything public is drawn.  A stray tap's skip stops at both (they are hold steps).  Returns
        False, queueing nothing, when the secret must never be drawn (a computer's): the game then
        animates only its public side."""
        ctrl = self.controller
        owner = event.private_to
        if owner not in ctrl.watching.persons:
            return False
        if ctrl.watching.shared:
            def curtain() -> None:
                def opened() -> None:
                    ctrl.secret_seen(owner)
                    self.anim.release()
                hint = "curtain.secret.hint.tap" if self.app.settings.secret_seconds is None else None
                self.app.push(CurtainScene(self.app, self.seats[owner], opened, SECRET, pawn=self.spec.pawn,
                                           hint=hint))
            self.anim.hold(None, start=curtain)

        def close() -> None:
            hide()
            ctrl.secret_closed()
        self.anim.hold(self.app.settings.secret_seconds, start=show, end=close)
        return True

    # -- the table ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The pieces on the table that lie in the surface's clip (a game without a table draws
        itself)."""
        self.table.paint(surface)

    def dirty_rects(self) -> list[pygame.Rect] | None:
        """The areas whose look changed since the last draw, from the pieces themselves."""
        return self.table.changed_areas() if self.table is not None else None

    @property
    def banner(self) -> tuple | None:
        """What the banner says now, (text, picture, alpha), or None."""
        return self.banner_piece.shown if self.banner_piece is not None else None

    def spoken_prompts(self) -> dict:
        """A banner the moment it shows (what just happened), and the hint (whose turn, what to
        tap, why a tap did nothing): each spoken when it changes.  The prompt button shows the
        hint's picture."""
        banner = self.banner
        hint = self.hint_text()
        button = self.button("say")
        if button is not None:
            button.icon = self.prompt_picture(hint)
        return {"undo": self.undo_words, "banner": banner[0] if banner else None, "hint": hint or None}

    def hint_text(self) -> str:
        """Whose turn it is and what to tap (a game's scene says; nothing by default)."""
        return ""

    def prompt_picture(self, hint: str) -> str:
        """The picture of what ``hint`` asks."""
        return prompt_picture(hint)

    def prompt_button(self, rect: pygame.Rect) -> Button:
        """The prompt's picture, with a speaking head: a tap says the prompt again."""
        return Button(rect, self.app.voice.again, icon=self.prompt_picture(self.hint_text()), badge="speaking", name="say",
                      colour="paper", cooldown=0.0)

    def enter(self) -> None:
        super().enter()
        # a name typed by the family is spoken as the colour of that person's pawn
        self.app.voice.set_names({seat.name: seat.colour for seat in self.seats})

    def visible_secrets(self) -> set[int]:
        """The seats whose private things this scene draws right now (a face-up hand, an open
        look).  For tests, which hold every frame to who may be watching; the app never asks."""
        return set()

    def question_text(self, seat: int) -> str:
        """The question on a question curtain for ``seat`` (a game names its question: "Ben wants
        to steal your Cat Queen. Use a Dragon?")."""
        return self.t("curtain.question", name=self.seats[seat].name)

    def curtain_scene(self, curtain) -> CurtainScene:
        """The curtain scene for the controller's ``curtain`` (hand-over or question)."""
        seat = self.seats[curtain.seat]
        text = self.question_text(curtain.seat) if curtain.kind == QUESTION else None
        undo = self.take_back if self.controller.can_undo() else None
        return CurtainScene(self.app, seat, self.controller.curtain_passed, curtain.kind, text=text,
                            pawn=self.spec.pawn, undo=undo)

    def person_can_act(self) -> bool:
        return (not self.anim.busy and not self.controller.is_over
                and not self.controller.is_computer_turn())

    def handle(self, pointer) -> None:
        if self.handle_buttons(pointer):
            return
        if pointer.kind == "tap" and self.anim.busy:
            if self.anim.holding is not None:
                # a secret on screen: its person's tap hides it (not the tap that opened it)
                if self.anim.release(min_shown=SECRET_GUARD):
                    self.last_action_at = self.app.now()
            elif not pointer.repeats(SKIP_GUARD):
                self.anim.skip()
            return
        if pointer.kind == "tap" and self.person_can_act():
            self.pointer = pointer
            self.tap(pointer.pos)

    def tap(self, pos) -> None:
        """A tap on the game itself while a person may act."""

    # -- taking back a wrong tap (issue 23) ----------------------------------------------------------
    def undo_button(self, rect: pygame.Rect) -> Button:
        """The big "back" arrow: shown only while a person's last step can be taken back."""
        button = Button(rect, self.take_back, icon="undo", colour="gold", name="undo")
        button.visible = self.undo_shown()
        return button

    def undo_shown(self) -> bool:
        """Whether the arrow shows: a step can be taken back and nothing moves on the table."""
        return not self.anim.busy and self.controller.can_undo()

    def sync_undo(self) -> None:
        """The arrow shows exactly while a step can be taken back (its area redrawn when that changes)."""
        button = self.button("undo")
        shown = self.undo_shown()
        if button is not None and button.visible != shown:
            button.visible = shown
            self.app.invalidate(button.rect.inflate(24, 24))

    def take_back(self) -> None:
        """The arrow was tapped: the person's last step is taken back, the table shows the state
        as it was before it, and the voice says so.  Everybody watches then: a hand shows again
        only behind its person's curtain."""
        ctrl = self.controller
        if self.anim.busy or not ctrl.can_undo():
            return
        actor = ctrl.undo_actor
        ctrl.undo()
        self.last_action_at = self.app.now()
        self.after_undo()
        # said at once; where a curtain comes first (a hand to show again) its own words say whose
        # turn it is, and a sentence said after it would be about the past
        self.undo_words = self.t("undo.done", name=self.seats[actor].name) if ctrl.curtain() is None else None
        self.app.forget_spoken(self, "undo")
        self.layout()
        self.app.dirty = True

    def after_undo(self) -> None:
        """The view equals the state again after a step was taken back (each kind of table says how)."""

    def update(self, dt: float) -> bool:
        changed = self._update(dt)
        self.sync_undo()
        return changed

    def _update(self, dt: float) -> bool:
        self.time += dt
        self.anim.speed = self.app.settings.speed_factor
        if self.anim.update(dt):
            return True
        if self.anim.busy:
            return False     # a secret or its curtain waits for its person's tap (or its time)
        ctrl = self.controller
        if ctrl.is_over:
            if not self.results_shown:
                self.results_shown = True
                self.show_results()
            return False
        if self.app.top is not self:
            return False
        curtain = ctrl.curtain()
        if curtain is not None:
            self.app.push(self.curtain_scene(curtain))
            return False
        if ctrl.is_computer_turn():
            # The computer "thinks" on a still picture, timed by the controller from the start of
            # the frame in which the table became still: nothing is redrawn until it acts.
            if ctrl.computer_ready(self.computer_pause(), still_since=self.app.now() - dt):
                self.submit(ctrl.computer_action())
                return self.anim.busy
            return False
        return self.idle_animation()

    def wake_in(self) -> float | None:
        if self.anim.busy:
            return self.anim.wake_in()
        if self.controller.is_over or self.app.top is not self:
            return None
        if self.controller.curtain() is not None:
            return 0.0       # the curtain goes up at once (the table waited FOLLOW_PAUSE already)
        if self.controller.is_computer_turn():
            return self.controller.computer_wait_left(self.computer_pause())
        return self.idle_wake_in()

    def computer_pause(self) -> float:
        """How long a computer thinks before it acts, at the animation speed of the settings (longer
        while the person before it may still take back their step)."""
        grace = UNDO_GRACE if self.controller.can_undo() else 0.0
        return (COMPUTER_PAUSE + grace) / self.app.settings.speed_factor

    def idle_animation(self) -> bool:
        """While a person thinks: a small motion (keep it cheap: invalidate only its area and
        return False, or return True to redraw the scene's dirty rects)."""
        return False

    def idle_wake_in(self) -> float | None:
        """Seconds until :meth:`idle_animation` has its next picture to show."""
        return None

    def show_results(self) -> None:
        self.app.show_results(self.spec, self.seats, self.state, self.options)
