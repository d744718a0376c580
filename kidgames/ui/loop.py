"""The frame loop: each frame advances the app's clock, updates the scenes, hands the window's
events to the app and the scene on top, and shows what changed (everything, or only the areas that
moved); between frames of an idle app it sleeps until something is due (kidgames/ui/waiting.py).
The clock is injected (kidgames/core/clock.py): real time, or stepped by a test's frames."""
from __future__ import annotations

import time
import weakref
from typing import TYPE_CHECKING, Any

import pygame

from kidgames.ui.input import LONG_PRESS
from kidgames.ui.waiting import EventWaiter

if TYPE_CHECKING:
    from kidgames.ui.app import App
    from kidgames.ui.scene import Scene

ANIM_FPS = 60
MAX_SLEEP = 5.0        # seconds the idle loop sleeps at most between two looks at the scenes
PARTIAL_LIMIT = 0.45   # above this share of the canvas, a full redraw is cheaper than pieces


class FrameLoop:
    """Runs ``app``'s frames: its scenes (``app.scenes``), drawn on its canvas (``app.screen``) and
    shown in its window (``app.display``)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.clock = pygame.time.Clock()
        self.waiter = EventWaiter()
        self.invalid: list[pygame.Rect] = []      # canvas areas to redraw alone (small idle motions)
        self.animating = False         # the last frame's scenes were moving by themselves
        self._looked_after_input = False  # the last frame handled input: update once more at once
        self._last_frame_at: float | None = None
        self._window_closing = False   # this frame's events hold the window's close
        self.unfocused = self.minimised = False   # the window is in the background (see in_background)
        self._said: weakref.WeakKeyDictionary[Scene, dict[str, Any]] = weakref.WeakKeyDictionary()

    # -- running -------------------------------------------------------------------------------------
    def run(self) -> None:
        """Frames at full rate while something moves, else sleep until something is due."""
        while self.app.running:
            if self.frame():
                self.clock.tick(ANIM_FPS)
            else:
                self.app.assets.sounds.rest(time.monotonic())
                self.waiter.wait(self.next_wake())

    def next_wake(self) -> float:
        """Seconds until a scene's timer (a computer's turn, an idle hop) or a long press is due."""
        if self._looked_after_input:
            return 0.0
        app = self.app
        due = [MAX_SLEEP]
        for scene in app.stack:
            wake = scene.wake_in()
            if wake is not None:
                due.append(wake)
        held = app.input.held_for(app.now())
        if held is not None:
            due.append(LONG_PRESS - held)
        quiet = app.assets.sounds.rest_in(time.monotonic())     # the real mixer keeps real time
        speech = app.voice.wake_in()
        if speech is not None:
            due.append(speech)
        if quiet is not None:
            due.append(quiet)
        return max(0.0, min(due))

    @property
    def in_background(self) -> bool:
        """The family is elsewhere: the window lost the focus or is minimised."""
        return self.unfocused or self.minimised

    # -- one frame -----------------------------------------------------------------------------------
    def frame(self, dt: float | None = None) -> bool:
        """Advance time by ``dt`` (measured if None), handle waiting events and show what changed.

        Returns True while a scene moves by itself (the loop then runs at full frame rate).
        The window always ends a frame showing exactly what a full redraw would show: every scene
        that moved reports where; in the frame after the last movement every scene shown reports
        what its last update changed (a table of pieces knows; any other scene is redrawn whole);
        an idle scene draws nothing."""
        app = self.app
        if dt is not None:
            app.time.step(dt)          # a test's frame: stepped time passes by its dt
        now = app.now()
        if dt is None:
            elapsed = now - self._last_frame_at if self._last_frame_at is not None else 0.0
            dt = min(elapsed, 0.1 if self.animating else 2 * MAX_SLEEP)
        self._last_frame_at = now
        # A move's save starts writing once this frame is shown, not while it is being made.
        app.saves.hold_writes(True)
        try:
            moved = [scene for scene in list(app.stack) if scene in app.stack and scene.update(dt)]
            app.voice.update()
            self.handle_events(now)
            if self._looked_after_input:       # what a tap changed is drawn in this frame, not the next
                for scene in list(app.stack):
                    if scene in app.stack:
                        scene.after_input()
            app.nav.tell_saving()
            self.speak_prompts()
            animating = bool(moved)
            settled = self.animating and not animating
            self.animating = animating
            self.show_changes(moved, settled)
            return animating
        except Exception as exc:  # a bug must never throw a family out of its game
            app.recover(exc)
            return False
        finally:
            app.saves.hold_writes(False)

    def handle_events(self, now: float) -> None:
        """The window's waiting events, then the long presses that came due."""
        events = pygame.event.get()
        # After input the scenes get one more update before the loop sleeps: what a tap changed
        # (a curtain lifted, a scene opened) may need an update() to be laid out and shown.
        self._looked_after_input = bool(events)
        # SDL follows a window's close with a QUIT in the same batch where it was not asked not to
        self._window_closing = any(event.type == pygame.WINDOWCLOSE for event in events)
        for event in events:
            self.dispatch(event)
        for pointer in self.app.input.poll_long_press(now):
            top = self.app.top
            assert top is not None, "a press is held on a scene"
            top.handle(pointer)
            self.app.dirty = True

    def show_changes(self, moved: list[Scene], settled: bool) -> None:
        """Redraw what changed: everything when asked to, else the areas the scenes report."""
        if self.app.dirty:
            self.draw()
        else:
            shown = self.app.scenes.shown()
            rects: list[pygame.Rect] | None = list(self.invalid)
            for scene in shown if settled else moved:
                if scene in shown:
                    scene_rects = scene.dirty_rects()
                    if scene_rects is None:
                        rects = None
                        break
                    assert rects is not None
                    rects += scene_rects
            if rects is None:
                self.draw()
            elif rects:
                self.draw_rects(rects)
        self.invalid.clear()

    def dispatch(self, event: pygame.event.Event) -> None:
        """One event of the window: its own (close, focus, size) for the app, the rest for the
        scene on top."""
        app = self.app
        if event.type == pygame.WINDOWCLOSE:
            if not app.settings.kiosk:  # a kiosk's window does not close (Shift+Ctrl+Escape does)
                app.nav.ask_quit()         # the window's ✕ asks as the app's own ✕ does
            return
        if event.type == pygame.QUIT:
            if not self._window_closing:
                app.running = False     # the system ends the app (logout, SIGTERM): no question
            return
        if event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED):
            self.unfocused = event.type == pygame.WINDOWFOCUSLOST
            if self.unfocused:
                app.input.forget_fingers()
            return
        if event.type == pygame.WINDOWMINIMIZED:
            self.minimised = True
            return
        if event.type in (pygame.WINDOWRESTORED, pygame.WINDOWMAXIMIZED, pygame.WINDOWSHOWN):
            self.minimised = False
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWEXPOSED, pygame.WINDOWSIZECHANGED,
                          pygame.WINDOWRESTORED, pygame.WINDOWMAXIMIZED):
            app.display.resized()
            app.dirty = True
            return
        top = app.top
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_F11:
                app.set_fullscreen(not app.settings.fullscreen)
            elif event.key == pygame.K_ESCAPE and getattr(event, "mod", 0) & pygame.KMOD_SHIFT \
                    and getattr(event, "mod", 0) & pygame.KMOD_CTRL:
                app.nav.with_grownup(app.nav.ask_quit)    # a grown-up's way out, the kiosk's only one
            elif top is not None:
                top.key(event)
            app.dirty = True
            return
        if event.type == pygame.TEXTINPUT and top is not None:
            top.text_input(event.text)
            app.dirty = True
            return
        now = app.now()
        for pointer in app.input.feed(event, now):
            if pointer.kind == "down" and (now < app.guard_until
                                           or not app.screen.get_rect().collidepoint(pointer.pos)):
                # The second tap of a double tap landing on a new scene, or a tap on the letterbox
                # bars beside the picture: ignored, with the rest of that press.
                app.input.reset()
                continue
            top = app.top
            if top is not None:
                top.handle(pointer)
                app.dirty = True

    # -- spoken prompts ------------------------------------------------------------------------------
    def speak_prompts(self) -> None:
        """Speak what the scene on top asks of the family, where it changed since that scene last
        spoke (a banner, then the hint; a curtain's sentences; the winner)."""
        top = self.app.top
        if top is None:
            return
        slots = top.spoken_prompts()
        said = self._said.setdefault(top, {})
        new = []
        for slot, text in slots.items():
            # a prompt that goes away and comes back the same (a computer thinking before each of
            # its moves) is not said twice
            if text and text != said.get(slot):
                said[slot] = text
                new += list(text) if isinstance(text, tuple) else [text]
        if new:
            self.app.voice.say(*new)

    def forget_spoken(self, scene: Scene, slot: str) -> None:
        """``scene``'s ``slot`` is said again even if its text is the same as last time (a step
        taken back twice in a row is said twice)."""
        self._said.get(scene, {}).pop(slot, None)

    # -- drawing -------------------------------------------------------------------------------------
    def invalidate(self, rect: pygame.Rect) -> None:
        """Ask for one canvas area to be redrawn and shown (a small motion of an idle scene)."""
        self.invalid.append(pygame.Rect(rect))

    def draw(self) -> None:
        """Redraw the whole canvas and show it."""
        screen = self.app.screen
        for scene in self.app.scenes.shown():
            scene.draw(screen)
        self.present()

    def draw_rects(self, rects: list[pygame.Rect]) -> None:
        """Redraw and show only these canvas areas (each scene draws clipped to them, or one scene
        alone on screen redraws many small areas its own way: see Scene.draw_areas)."""
        screen = self.app.screen
        bounds = screen.get_rect()
        shown = self.app.scenes.shown()
        if len(shown) == 1 and len(rects) > 16:
            areas = [r for r in (pygame.Rect(r).clip(bounds) for r in rects) if r.w > 0 and r.h > 0]
            if sum(r.w * r.h for r in areas) <= PARTIAL_LIMIT * bounds.w * bounds.h \
                    and shown[0].draw_areas(screen, areas):
                self.present(areas)
                return
        merged: list[pygame.Rect] = []
        for rect in rects:
            rect = pygame.Rect(rect).clip(bounds)
            if rect.w <= 0 or rect.h <= 0:
                continue
            for other in list(merged):
                if other.colliderect(rect.inflate(16, 16)):
                    merged.remove(other)
                    rect = rect.union(other)
            merged.append(rect)
        if not merged:
            return
        if sum(r.w * r.h for r in merged) > PARTIAL_LIMIT * bounds.w * bounds.h:
            self.draw()
            return
        for rect in merged:
            screen.set_clip(rect)
            try:
                for scene in shown:
                    scene.draw(screen)
            finally:
                screen.set_clip(None)
        self.present(merged)

    def present(self, areas: list[pygame.Rect] | None = None) -> None:
        """Show the canvas (or only ``areas`` of it) in the window."""
        app = self.app
        if app.display.present(app.screen, areas):
            app.dirty = False
        app.frames_drawn += 1
