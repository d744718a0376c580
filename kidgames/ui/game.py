"""What every game scene shares: its session (kidgames/core/session.py: the game, its views and
events), the animation queue, the picture following the view, taps, and its parts, each one job:
the shared buttons (home, rules, sound, the prompt's picture: kidgames/ui/shared_buttons.py),
taking back a step (kidgames/ui/taking_back.py), the curtains and the secrets behind them
(kidgames/ui/curtains.py) and what the game does by itself, and when: the computer's moves, the
curtains going up, the way to the results (kidgames/ui/pacing.py).  A scene never holds the state:
it draws ``self.session.view()`` and animates the events the session returns (docs/session.md)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Generic, TypeVar

import pygame

from kidgames.core.protocol import Event, Refusal
from kidgames.core.seats import Seat
from kidgames.core.session import Outcome, Session, View
from kidgames.ui.curtains import Curtains
from kidgames.ui.guide import Guiding, guide_scene
from kidgames.ui.input import DOUBLE_TAP
from kidgames.ui.nudge import PromptNudge
from kidgames.ui.pacing import IdleMotion, Pacing
from kidgames.ui.prompts import prompt_picture
from kidgames.ui.scene import Scene
from kidgames.ui.shared_buttons import SHARED_BUTTONS, SharedButtons
from kidgames.ui.table import Table
from kidgames.ui.taking_back import TakingBack

if TYPE_CHECKING:
    from kidgames.ui.context import SceneContext
    from kidgames.ui.pieces import Banner

COMPUTER_PAUSE = 1.1     # seconds a computer player "thinks" before it acts (at normal speed)
# Seconds the table stays in view after a move, before a curtain covers it (at normal speed): the
# family follows where a computer's move ended before the next person takes the screen.
FOLLOW_PAUSE = 0.8
SKIP_GUARD = DOUBLE_TAP  # the second tap of a double tap never skips the move the first one made
# A secret stays on screen at least this long (real seconds), whatever the taps: the second tap of
# the double tap that opened its curtain must not hide it before its person has seen it.
SECRET_GUARD = 0.8
#: Buttons that take a step back (the arrow, letting go of a half-made choice): the hand never points
#: at them while anything else is offered (a child following the hand would go round in a circle).
TAKES_BACK = ("undo", "cancel")


def start_game_scene(app: SceneContext, game_id: str, seats: list[Seat], state: Any = None,
                     options: dict | None = None, seed: int | None = None, from_save: bool = False,
                     controller: dict | None = None):
    """Open a game (a new one, or a saved ``state`` with its saved ``controller`` data) above the menu.

    ``seed`` seeds the new game and its computer players.  A new game replaces that game's save at
    once.  With ``from_save`` the scene remembers that its game came from the save, so that a save
    which breaks the scene is set aside (see :func:`broken_save`) instead of breaking it again on
    every Continue.

    A game open in another copy of the app (on the same home) is not opened: that copy is playing
    and saving it, so this one says so (naming the game), leaves the save alone and returns None."""
    spec = app.games[game_id]
    seats = app.in_language(seats)      # no name of nothing drawable (only emoji) at the table
    if not app.saves.claim(game_id):
        app.nav.tell_open_elsewhere(game_id)
        return None
    try:
        # the one session of the game, made once (its saved self when it comes from a save); it
        # saves itself through the app's save store
        if state is None:
            session = Session.new(spec, seats, options, seed=seed, clock=app.time, sink=app.saves)
        else:
            session = Session.from_save(spec, seats, state, options, controller, clock=app.time, sink=app.saves,
                                         seed=seed)
        scene = spec.load_scene_class()(app, session)
        scene.from_save = game_id if from_save else None
        guide_scene(scene)      # a game's first game on this computer is guided (kidgames/ui/guide.py)
    except Exception as exc:
        app.hold_games_in_stack()      # the game claimed above, which never opened, is let go
        if from_save:
            raise SaveBrokeScene(game_id, exc) from exc
        raise
    app.reset_to(app.nav.menu_scene(), scene)
    session.save()
    keep_out_of_full_collections(game_id)
    return scene


#: The games whose rules and screen this process has kept out of full collections.
_KEPT: set[str] = set()


def keep_out_of_full_collections(game_id: str) -> None:
    """A game's rules, tables and screen are imported when it is first opened, no longer before the
    menu's first frame (issue 33): what they made lives as long as the app (Sleeping Queens'
    tables are 43,000 objects), so where the app froze what it made before its loop
    (kidgames/cli.py keep_out_of_full_collections), this is frozen too, once per game: Python's full
    collections do not walk it (one took 26-30 ms with those tables, a stalled frame)."""
    import gc
    if game_id not in _KEPT and gc.get_freeze_count():
        _KEPT.add(game_id)
        gc.freeze()


class SaveBrokeScene(Exception):
    """A saved game that passed its checks and still could not be opened on screen."""

    def __init__(self, game_id: str, cause: BaseException) -> None:
        super().__init__(f"the saved game of {game_id} could not be opened: {cause}")
        self.game_id = game_id


def broken_save(app: SceneContext, exc: BaseException) -> str | None:
    """The id of the save to blame for ``exc``: the one being opened, or the one whose game scene
    fails before anybody has moved in it (a save that broke its scene would break it again)."""
    if isinstance(exc, SaveBrokeScene):
        return exc.game_id
    for scene in reversed(app.stack):
        if isinstance(scene, GameScene) and scene.from_save and not scene.session.played:
            return scene.from_save
    return None


#: The game's own view of its table, as its rules engine's ``view`` returns it (QueensView, …).
V = TypeVar("V")


class GameScene(Scene, Generic[V]):
    """A game's scene over its session; ``V`` is the game's own view that it draws
    (``GameScene[QueensView]``): :meth:`table_view` returns it, typed.  It holds its parts, each
    one job: the shared buttons (``shared_buttons``), taking back (``undo``), the curtains and
    secrets (``curtains``), what the game does by itself and when (``pacing``), the prompt that
    comes back (``nudge``) and, in a guided first game, its guide (``guiding``)."""

    from_save: str | None = None    # the game id whose save this game was opened from
    table: Table | None = None      # what the game shows, as pieces (kidgames/ui/table.py)
    banner_piece: Banner | None = None      # the game's banner on its table (kidgames/ui/pieces.py), if any
    guiding: Guiding | None = None          # the guide of a guided first game (kidgames/ui/guide.py)
    idle: IdleMotion | None = None          # a small motion while a person thinks (kidgames/ui/pacing.py)

    #: The scene's animation of each event kind: its ``_anim_<kind>(event, rest)`` methods, its
    #: own and those it inherits, gathered once when the class is made (see :meth:`animate`).
    animations: dict[str, Callable[..., None]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        handlers: dict[str, Callable[..., None]] = {}
        for klass in reversed(cls.__mro__):
            for name, member in vars(klass).items():
                if name.startswith("_anim_") and callable(member):
                    handlers[name[len("_anim_"):]] = member
        cls.animations = handlers

    def __init__(self, app, session: Session[V]) -> None:
        super().__init__(app)
        self.session = session        # the scene's only partner: views in, decisions out
        self.spec = session.spec
        self.seats: list[Seat] = list(session.seats)
        self.options = session.options
        self.anim = app.new_anim()
        self.pointer = None           # the tap being handled (see Pointer.repeats)
        self.time = 0.0
        self.shared_buttons = SharedButtons(self)   # home, rules, sound and the prompt's picture
        self.undo = TakingBack(self)                # the "back" arrow and what it says
        self.curtains = Curtains(self)              # the curtains, and the secrets behind them
        self.pacing = Pacing(self)                  # what the game does by itself, and when
        self.nudge = PromptNudge(self)  # the prompt that comes back to a person who waits
        self._moment: Any = None                   # the moment the picture last followed (see moment)
        self._rest_step = False                    # True while a rest step plays (see rest_step)

    def view(self) -> View[V]:
        """What may be on screen now (see :class:`kidgames.core.session.View`)."""
        return self.session.view()

    def table_view(self) -> V:
        """The game's own view of its table (its rules engine's ``view``)."""
        return self.session.view().table

    @property
    def claims(self) -> str:
        """The game this scene holds against other copies of the app (App._changed)."""
        return self.spec.id

    def in_progress(self) -> bool:
        """Whether this scene's game is still being played (not over: a save to continue)."""
        return not self.session.is_over

    def back(self) -> None:
        self.shared_buttons.ask_leave()

    # -- the picture follows the view: one verb (issue 36) --------------------------------------------
    def refresh(self, view: View[V]) -> None:
        """The one verb: the picture agrees with ``view``.  While it rests (:attr:`resting`) what
        lies on the table is set from the view, nothing on its way; always the buttons of the
        moment are laid out, the "back" arrow showing exactly while a step can be taken back (see
        ``undo.shown``).  Each kind of table says how; only :meth:`_follow_view` calls it."""

    def moment(self) -> tuple:
        """What decides the picture besides the animation: when it changes the picture follows the
        view (see :meth:`_follow_view`).  By default the view itself and whether the arrow shows;
        a table says what else (whose decision it is, what a person has chosen)."""
        return self.session.view(), self.undo.shown()

    @property
    def resting(self) -> bool:
        """Whether the picture is at rest: nothing queued to move, or a rest step playing (see
        :meth:`rest_step`).  Only then does :meth:`refresh` set the table from the view."""
        return self._rest_step or not self.anim.busy

    def rest_step(self, then: Callable[[], None] | None = None) -> None:
        """Queue the moment the picture comes to rest (the end of a batch of events, a turn
        passing): everything on the table is set from the view then, nothing left on its way;
        ``then`` follows in the same step."""
        def rest() -> None:
            self._rest_step = True
            try:
                self.changed()
            finally:
                self._rest_step = False
            if then is not None:
                then()
        self.anim.call(rest)

    def changed(self) -> None:
        """What the picture shows changed (a move played, a step taken back, a person's choice, the
        sound, a new language): the picture follows the view now."""
        self._moment = None
        self._follow_view()

    def _follow_view(self) -> None:
        """The one place the picture follows the view (:meth:`refresh`): when told
        (:meth:`changed`), and whenever the moment changed (asked every frame and at every tap);
        what that changed is redrawn, only there."""
        moment = self.moment()
        if moment == self._moment:
            return
        self._moment = moment
        self.refresh(self.session.view())
        for rect in self.dirty_rects() or ():
            self.app.invalidate(rect)

    def layout(self) -> None:
        """The scenes' hook (entering, resuming, a new language): a game's picture follows its view."""
        self.changed()

    def after_input(self) -> None:
        """A tap this frame may have changed the moment without a word to this scene (the curtain
        over it lifted: the session's private moment began after the curtain re-laid the table for
        everybody): the picture follows before this frame is drawn, so no stale arrow or button
        shows for a frame."""
        self._follow_view()

    # -- playing ---------------------------------------------------------------------------------------
    def submit(self, action) -> list[Event]:
        """A person's decision (a tap), straight to the session; its events are animated, and a
        refused one (a stray tap) changes nothing and goes to :meth:`refused`."""
        before = self.before_decision()
        seat = self.session.view().decider
        events = self.applied(self.session.submit(action), before)
        if self.guiding is not None:
            self.guiding.praise(seat, events)
        return events

    def before_decision(self) -> Any:
        """What a scene keeps of the picture just before a decision is applied (see
        :meth:`applied`); nothing by default.  Asked just before every decision is sent (a
        person's, or a computer's whose thinking is over), and as a step is taken back: what a
        person was choosing on the table is over then."""
        return None

    def applied(self, outcome: Outcome, before: Any = None) -> list[Event]:
        """A decision the session applied (a person's or a computer's): its events animated, or
        the rules' refusal handed to :meth:`refused` ([] then).  ``before`` is what
        :meth:`before_decision` gave just before it was applied."""
        if outcome.refusal is not None:
            self.refused(outcome.refusal)
            if self.guiding is not None:
                self.guiding.refused(outcome.refusal)
            return []
        events = list(outcome.events)
        self.undo.words = None
        self.animate(events)
        if self.anim.busy and self.session.view().curtain is not None:
            self.anim.wait(FOLLOW_PAUSE)
        return events

    def refused(self, refusal: Refusal) -> None:
        """The rules refused a tap (its reason as data): a game's scene may say why (nothing by default)."""

    def animate(self, events: list[Event]) -> None:
        """Turn events into animation steps: each event goes to the scene's
        ``_anim_<kind>(event, rest)`` where it has one, ``rest`` being the events after it (one
        handler signature for every game)."""
        handlers = self.animations
        for i, event in enumerate(events):
            handler = handlers.get(event.kind)
            if handler is not None:
                handler(self, event, events[i + 1:])

    def sound(self, name: str):
        """An animation step's sound: quiet while a tap skips the animation ahead."""
        return lambda: None if self.anim.skipping else self.app.assets.play(name)

    # -- overlays are public -------------------------------------------------------------------------
    def pause(self) -> None:
        """Something opens over the table.  A question ("Back to the menu?"), the rules or the
        settings are public (design.md, "Who is watching", 5): opened inside a private moment, they
        end it, and the private things are face down before the overlay's first frame (see
        ``Curtains.overlay_opened``)."""
        super().pause()
        self.curtains.overlay_opened()

    def resume(self) -> None:
        super().resume()
        self.curtains.overlay_closed()

    # -- the table ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """The pieces on the table that lie in the surface's clip (a game without a table draws
        itself), and the hand pointing at the thing to tap when the prompt comes back."""
        if self.table is not None:
            self.table.paint(surface)
        if self.guiding is not None:
            self.guiding.paint(surface)
        self.nudge.paint(surface)

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
        return {"undo": self.undo.words, "banner": banner[0] if banner else None,
                "guide": self.guiding.spoken() if self.guiding is not None else None, "hint": hint or None}

    def hint_text(self) -> str:
        """Whose turn it is and what to tap (a game's scene says; nothing by default)."""
        return ""

    def prompt_picture(self, hint: str) -> str:
        """The picture of what ``hint`` asks, as the game declares (``spec.words.pictures``)."""
        return prompt_picture(hint, self.spec.words.pictures)

    def say_again(self) -> None:
        """A tap on the prompt's picture (``SharedButtons.prompt``): the prompt is said again."""
        self.app.voice.again()

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

    def person_can_act(self) -> bool:
        if self.anim.busy:
            return False
        view = self.session.view()
        return not view.is_over and not view.computer_turn

    def handle(self, pointer) -> None:
        """A pointer on the table: the buttons first; a tap while things move hides a secret on
        screen or skips ahead; else a tap on the game while a person may act.  In a guided game the
        guide says why a tap did nothing, and points at what works."""
        guiding = self.guiding
        mark = guiding.before_tap(pointer) if guiding is not None else None
        if pointer.kind == "down":
            self.nudge.restart()      # somebody is there: the prompt waits anew
        self._follow_view()
        if self.handle_buttons(pointer):
            pass
        elif pointer.kind == "tap" and self.anim.busy:
            if self.anim.holding is not None:
                # a secret on screen: its person's tap hides it (not the tap that opened it)
                self.anim.release(min_shown=SECRET_GUARD)
            elif not pointer.repeats(SKIP_GUARD):
                self.pacing.skip_ahead()
        elif pointer.kind == "tap" and self.person_can_act():
            self.pointer = pointer
            self.tap(pointer.pos)
        if guiding is not None:
            guiding.after_tap(mark)        # a tap that did nothing: why, and the hand at what works

    def tap(self, pos) -> None:
        """A tap on the game itself while a person may act."""

    def update(self, dt: float) -> bool:
        self._follow_view()
        changed = self._update(dt)
        self._follow_view()        # a computer's decision this frame: its picture at once
        return changed

    def _update(self, dt: float) -> bool:
        self.time += dt
        self.nudge.update()
        if self.guiding is not None:
            self.guiding.update(dt)
        self.anim.speed = self.app.settings.speed_factor
        if self.anim.update(dt):
            return True
        return self.pacing.update(dt)

    def wake_in(self) -> float | None:
        # A lifted curtain changes the moment while the loop sleeps: wake it to follow (seen in a
        # real window: the defence buttons came only seconds after the question curtain).
        if self.moment() != self._moment:
            return 0.0
        guide = self.guiding.wake_in() if self.guiding is not None else None
        due = [wake for wake in (self.nudge.wake_in(), self.pacing.wake_in(), guide) if wake is not None]
        return min(due) if due else None

    def computer_pause(self) -> float:
        """How long a computer thinks before it acts, at the animation speed of the settings (longer
        while the person before it may still take back their step: ``undo.grace``)."""
        return (COMPUTER_PAUSE + self.undo.grace()) / self.app.settings.speed_factor

    def tap_targets(self) -> list:
        """What a tap on the table may choose now (kidgames/ui/targets.Target), for the hand of a
        prompt that comes back (and for tests)."""
        return []

    def nudge_target(self) -> pygame.Rect | None:
        """The thing to tap that the prompt asks for: the button showing the prompt's picture (the
        die of "tap the dice", the plus of "draw a card"), else the first thing on the table a tap
        may choose, else the first button of the moment (a magic to choose, an answer), else the
        prompt button.  A waiting child taps what the hand points at: it never points at a choice
        that loses something (``Button.costs``) while one that loses nothing is offered."""
        picture = self.prompt_picture(self.hint_text())
        offered = [b for b in self.buttons if b.visible and b.enabled and b.name not in SHARED_BUTTONS]
        offered = [b for b in offered if b.name not in TAKES_BACK] or offered
        offered = [b for b in offered if not b.costs] or offered
        for button in offered:
            if button.icon == picture:
                return pygame.Rect(button.rect)
        for target in self.tap_targets():
            if target.rect is not None and target.rect.w > 0:
                return pygame.Rect(target.rect)
            return pygame.Rect(round(target.centre[0]) - 30, round(target.centre[1]) - 30, 60, 60)
        if offered:
            return pygame.Rect(offered[0].rect)
        say = self.button("say")
        return pygame.Rect(say.rect) if say is not None else None

    def show_results(self) -> None:
        if self.guiding is not None:
            self.guiding.results()
        view = self.session.view()
        self.app.nav.show_results(self.spec, self.seats, view.winners, view.scores, self.options)
