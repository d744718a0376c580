""""Show me!": a game's demo played slowly on its real table (issue 35; the data: kidgames/core/demo.py).

:func:`show_demo` opens the game's own scene over the scene that asked (the setup screen, the rules
help) with a session whose seats are all computers, every one of them making the demo's next move
(:class:`kidgames.core.demo.Script`), through the real rules engine.  Each step of the demo is told
before it happens: its sentence is shown in a caption with its picture and said from its clip, and a
hand points at what is about to be tapped (where, the game's demo says: ``Demo.point``); then the move
is made and animated as in a game, and after a rest the next step comes.  One tap anywhere ends the
demo, and so does its last step: the scene that asked is back.

Nothing is saved and no game is held: a demo is nobody's game.  Its table is the one everybody
watches (all its seats are computers: nothing private is ever drawn).
"""
from __future__ import annotations

from typing import Any

import pygame

from kidgames.core.demo import Demo, DemoError, Script, demo_of
from kidgames.core.seats import COMPUTER, Seat
from kidgames.core.session import Session
from kidgames.core.turns import TurnController
from kidgames.ui.context import SceneContext
from kidgames.ui.game import GameScene
from kidgames.ui.nudge import HAND_FPS, PointingHand
from kidgames.ui.widgets import INK, PAPER, rounded_panel

# Seconds at normal speed (the speed setting divides them):
TELL = 2.6        # the sentence and the pointing hand before a step's first move
AIM = 1.4         # the hand at each further move of a step before it is made
REST = 1.6        # after a step's moves have played out, before the next step
ALONE = 4.2       # a step that only tells (no move)
VOICE_WAIT = 12.0  # the longest a step waits for its sentence to be said to the end (from its start)
THINK = 0.3       # a computer's pause before a demo move (the hand has shown it already)

HAND_ROOM = 60     # room the hand wants below a thing, beyond its bob, to point up from there
PICTURE = 110     # the caption's picture, canvas pixels
EDGE = (200, 160, 80)


def show_demo(app: SceneContext, spec) -> Any:
    """Open ``spec``'s demo over the scene on top; the demo scene, or None when the game has none."""
    demo = demo_of(spec)
    if demo is None:
        return None
    seats = [Seat(app.t(f"colour.{colour}"), colour, COMPUTER, demo.level, default_name=True)
             for colour in demo.colours]
    script = Script(demo)
    options = spec.options_from_json(dict(demo.options))
    state = spec.new_state(len(seats), seed=demo.seed, options=options)
    controller = TurnController(spec, state, seats, computer=script, seed=demo.seed, options=options,
                                clock=app.time)
    session: Session[Any] = Session(spec, seats, options, controller, sink=None)
    scene = demo_scene_class(spec.load_scene_class())(app, session, demo, script)
    app.push(scene)
    return scene


_CLASSES: dict[type, type] = {}


def demo_scene_class(base: type) -> type:
    """The game's scene class with the demo's pacing, caption and hand (made once per game)."""
    if base not in _CLASSES:
        _CLASSES[base] = type(f"ShowMe{base.__name__}", (ShowMe, base), {})
    return _CLASSES[base]


class ShowMe(GameScene):
    """Mixed in before a game's scene class (see :func:`demo_scene_class`: the class made is
    ``ShowMe`` then the game's scene, so ``super()`` here is the game's own scene)."""

    @property
    def claims(self) -> str | None:     # type: ignore[override]
        """None: a demo is nobody's game (nothing is held or saved)."""
        return None

    phase = "start"                 # (set before the game's scene lays itself out)
    index = -1

    def __init__(self, app, session, demo: Demo, script: Script) -> None:
        super().__init__(app, session)
        self.demo = demo
        self.script = script
        self.index = -1                 # the step told now
        self.phase = "start"
        self.phase_since = 0.0
        self.moves_done = 0             # of the step told now
        self.caption: str | None = None
        self.caption_picture = ""
        self.hand = PointingHand(app, lasts=None, margin=HAND_ROOM)   # bobs until the move is made
        self.shown: list[int] = []      # the steps whose caption was on a drawn frame, in order (tests)
        self.told_at = 0.0              # when the step told now began to be said (app clock)
        self.pointed: list[tuple[int, pygame.Rect]] = []   # (step, where the hand pointed), for tests
        self.ended = False
        self.area = pygame.Rect(demo.caption)

    def in_progress(self) -> bool:
        return False

    # -- the steps ---------------------------------------------------------------------------------
    @property
    def speed(self) -> float:
        return self.app.settings.speed_factor

    def since(self) -> float:
        return (self.app.now() - self.phase_since) * self.speed

    def set_phase(self, phase: str) -> None:
        showed = self.showing_choice()
        self.phase = phase
        self.phase_since = self.app.now()
        if showed != self.showing_choice():
            self.layout()              # the buttons of the decision come and go with the hand
            self.app.dirty = True

    def showing_choice(self) -> bool:
        """Whether the table shows the coming decision as it would to a person (its buttons, its
        shining places): while the hand points at what the computer is about to tap."""
        return self.phase in ("tell", "aim") and self.index >= 0 and bool(self.current_step().moves)

    def person_can_act(self) -> bool:
        if self.showing_choice():
            return not self.anim.busy and not self.session.view().is_over
        return False

    def current_step(self):
        return self.demo.steps[self.index]

    def begin_step(self, index: int) -> None:
        self.set_phase("between")
        self.index = index
        step = self.current_step()
        self.moves_done = 0
        self.caption = self.t(step.say)
        self.caption_picture = step.picture
        self.app.forget_spoken(self, "demo")        # said even when the step before said the same
        self.told_at = self.app.now()
        self.app.invalidate(self.area.inflate(16, 16))
        self.point_at(step.moves[0] if step.moves else step.point)
        self.set_phase("tell")

    def point_at(self, thing: Any) -> None:
        self.hide_hand()
        where = None
        if thing is not None and self.demo.point is not None:
            where = self.demo.point(self, thing)
        if where is not None:
            self.pointed.append((self.index, pygame.Rect(where)))
            self.hand.point(where, self.app.now())

    def voice_done(self) -> bool:
        """The step's sentence has been said (the moves are made while it is said; the next step
        waits for its end)."""
        return not self.app.voice.speaking or (self.app.now() - self.told_at) * self.speed >= VOICE_WAIT

    def advance(self) -> None:
        if self.ended:
            return
        if self.phase == "start":
            self.begin_step(0)
            return
        step = self.current_step()
        if self.phase == "tell":
            if step.moves and self.since() >= TELL:
                self.hide_hand()
                self.set_phase("act")
            elif not step.moves and self.since() >= ALONE and self.voice_done():
                self.next_step()
        elif self.phase == "after":
            if not self.anim.busy:
                if self.moves_done < len(step.moves):
                    self.point_at(step.moves[self.moves_done])
                    self.set_phase("aim")
                else:
                    self.set_phase("rest")
        elif self.phase == "aim":
            if self.since() >= AIM:
                self.hide_hand()
                self.set_phase("act")
        elif self.phase == "rest":
            if self.since() >= REST and self.voice_done():
                self.next_step()

    def next_step(self) -> None:
        if self.index + 1 < len(self.demo.steps):
            self.begin_step(self.index + 1)
        else:
            self.finish()

    def finish(self) -> None:
        """The demo ends (its last step, or a tap): the scene that asked for it is back."""
        if self.ended:
            return
        self.ended = True
        self.hide_hand()
        self.app.voice.stop()
        if self.app.top is self:
            self.app.pop()
        elif self in self.app.stack:
            self.app.stack.remove(self)

    # -- the game's machinery, paced by the demo ----------------------------------------------------
    def _update(self, dt: float) -> bool:
        if self.ended:
            return False
        if self.phase == "act":
            super()._update(dt)          # the computer makes the move when due
        else:
            self.time += dt
            self.anim.speed = self.speed
            self.anim.update(dt)
        self.advance()
        self.move_hand()
        return True

    def applied(self, outcome, before=None):
        events = super().applied(outcome, before)
        if outcome.refusal is not None:
            raise DemoError(f"the rules refused the demo's move at step {self.index}: {outcome.refusal}")
        self.script.done()
        self.moves_done += 1
        self.set_phase("after")
        return events

    def computer_pause(self) -> float:
        return THINK / self.speed

    def wake_in(self) -> float | None:
        return None if self.ended else 1 / HAND_FPS

    def show_results(self) -> None:
        """A demo that ends its game shows no results: its last step says so, then it ends."""

    def spoken_prompts(self) -> dict:
        return {"demo": self.caption}

    def hint_text(self) -> str:
        return ""

    # -- a tap ends it ---------------------------------------------------------------------------------
    def handle(self, pointer) -> None:
        if pointer.kind == "tap":
            self.finish()

    def key(self, event) -> None:
        self.finish()

    def back(self) -> None:
        self.finish()

    # -- the caption and the hand ------------------------------------------------------------------------
    def hide_hand(self) -> None:
        self.hand.hide_hand()

    def move_hand(self) -> None:
        self.hand.move_hand(self.app.now())

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        clip = surface.get_clip()
        if self.caption is not None and clip.colliderect(self.area.inflate(16, 16)):
            self.paint_caption(surface)
            if not self.shown or self.shown[-1] != self.index:
                self.shown.append(self.index)
        self.hand.paint(surface)

    def paint_caption(self, surface: pygame.Surface) -> None:
        assert self.caption is not None, "a caption is painted while there is one"
        area = self.area
        assets = self.app.assets
        rounded_panel(surface, area, PAPER, radius=28, border=EDGE)
        size = min(PICTURE, area.h - 30)
        picture = assets.image(self.caption_picture, size)
        surface.blit(picture, picture.get_rect(midleft=(area.left + 20, area.centery - 6)))
        left = area.left + 36 + size
        text = assets.fit_text(self.caption, 40, INK, area.right - left - 24, area.h - 26)
        surface.blit(text, text.get_rect(center=((left + area.right - 16) // 2, area.centery - 7)))
        # where the demo is: a dot a step, the steps told so far filled
        count = len(self.demo.steps)
        gap = min(26, (area.w - 80) // max(1, count))
        x0 = area.centerx - gap * (count - 1) // 2
        for k in range(count):
            centre = (x0 + k * gap, area.bottom - 11)
            pygame.draw.circle(surface, EDGE if k <= self.index else (235, 222, 196), centre, 6)
