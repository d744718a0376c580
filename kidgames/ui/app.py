"""The app: one logical canvas, shown in a window of any size or full screen (kidgames/ui/window.py),
the settings and language, a scene stack and a frame loop that redraws only when something changes."""
from __future__ import annotations

import os
import random
import time
import weakref
import traceback
from dataclasses import replace
from functools import cached_property
from typing import Any, Mapping

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
if os.environ.get("DISPLAY") and not os.environ.get("SDL_VIDEODRIVER", "").startswith("wayland"):
    # On X11, SDL's plain shared-memory window surface: a 2D canvas needs no OpenGL, and without a
    # graphics card the OpenGL path (software Mesa) costs ~10 ms of CPU and ~100 MB per window.
    # Measured under Xvfb: a full flip 11 ms -> 1.2 ms, a die-sized update 10 ms -> 0.1 ms of CPU.
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
# On Windows the app draws at the screen's own pixels (per monitor) instead of being enlarged, and
# blurred, by the system's display scaling, with taps landing where they are drawn; SDL reads this
# when the display opens.  A family's own setting of it wins.
os.environ.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
# The window's own close button (WINDOWCLOSE) asks "Close the games?" like the app's button: SDL is
# asked not to follow it with a QUIT of its own.  A QUIT alone (the system ending the session, a
# SIGTERM) still closes the app at once.
os.environ.setdefault("SDL_QUIT_ON_LAST_WINDOW_CLOSE", "0")
import pygame  # noqa: E402

from kidgames.core.i18n import Catalog  # noqa: E402
from kidgames.core.paths import NoHome, temporary_home, user_dir  # noqa: E402
from kidgames.core.protocol import GameSpec, GameState  # noqa: E402
from kidgames.core.saving import FAILED, LOST, UNGUARDED, WORKS, SaveStore  # noqa: E402
from kidgames.core.seats import COLOURS, Seat  # noqa: E402
from kidgames.core.settings import Settings, SettingsStore  # noqa: E402
from kidgames.core.storage import append_text  # noqa: E402
from kidgames.ui.anim import AnimQueue  # noqa: E402
from kidgames.ui.assets import Assets  # noqa: E402
from kidgames.ui.context import SceneContext  # noqa: E402
from kidgames.core.clock import RealTime  # noqa: E402
from kidgames.ui.input import LONG_PRESS, PointerInput  # noqa: E402
from kidgames.ui.voice import Voice  # noqa: E402
from kidgames.ui.waiting import EventWaiter  # noqa: E402
from kidgames.ui.window import (CANVAS, NoScreen, Window, check_screen, desktop_size,  # noqa: E402
                                opens_full_screen, windowed_size)

ANIM_FPS = 60
MAX_SLEEP = 5.0        # seconds the idle loop sleeps at most between two looks at the scenes
PARTIAL_LIMIT = 0.45   # above this share of the canvas, a full redraw is cheaper than pieces
SCENE_GUARD = 0.25     # seconds after a scene change in which new presses are ignored


class App:
    def __init__(self, games: Mapping[str, Any], *, settings: Settings | None = None,
                 home=None, mute: bool = False, fullscreen: bool | None = None,
                 speed: str | None = None, window_size: tuple[int, int] | None = None,
                 lang: str | None = None, time_source=None, kiosk: bool = False) -> None:
        self._games = games
        self.game_words = tuple(spec.words for spec in games.values())
        # The app's clock: real time, or stepped by the frames of a test (kidgames/core/clock.py).
        self.time = time_source if time_source is not None else RealTime()
        # Warnings about the home, said once at start (report_problems): none, or no home at all.
        self._home_warnings: list[tuple[str, dict]] = []
        if home is None:
            try:
                home = user_dir()
            except NoHome:
                home = temporary_home()
                self._home_warnings.append(("home.temporary", {"folder": str(home)}))
        self.home = home
        self.settings_store = SettingsStore(self.home)
        self.settings = settings if settings is not None else self.settings_store.load()
        # A language, speed or screen given on the command line is for this run only: the saved
        # settings keep their own (setting name -> the saved value) until the family changes that
        # setting on the settings screen.  --mute never touches the settings either.
        self.run_only: dict[str, Any] = {}
        if lang:
            self._for_this_run("lang", lang)
        if speed:
            self._for_this_run("speed", speed)
        if fullscreen is not None:
            self._for_this_run("fullscreen", fullscreen)
        if kiosk:
            self._for_this_run("kiosk", True)
        # The grown-up lock's sums: the app's own random numbers, never a game's seeded ones.
        self.lock_rng = random.Random()
        # Saves are written off the frame that applied the move (in order; the last is never lost
        # on exit: App.close, SaveStore.close).
        self.saves = SaveStore(self.home, background=True)
        problem = self.saves.check_home()
        if problem is not None:
            self._home_warnings.append(("home.broken", {"reason": None}))
        self.muted = mute
        pygame.init()
        try:
            check_screen()
        except NoScreen:
            pygame.quit()
            raise
        self._window_size = window_size
        fullscreen = self.settings.fullscreen
        if fullscreen is None:
            # never chosen: full screen on a small screen, for this run (the saved setting stays
            # unchosen until the family chooses on the settings screen or with F11)
            fullscreen = opens_full_screen(self.desktop_size())
            self._for_this_run("fullscreen", fullscreen)
        # Scenes draw on one logical canvas; the window shows it, letterboxed.
        self.display = Window(CANVAS)
        self.display.open(fullscreen, self._windowed_size())
        window = self.display.surface
        assert window is not None, "the window was just opened"
        self.screen = pygame.Surface(CANVAS, 0, window)   # in the window's format, as convert() made it
        self.invalid: list[pygame.Rect] = []      # canvas areas to redraw alone (small idle motions)
        self.catalog = Catalog(self.settings.lang, self.game_words)
        self.assets = Assets(self.settings.lang, sound=self.settings.sound and not mute, games=games.values())
        self._said: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()   # scene -> its slots spoken
        # spoken prompts: their own setting; --mute silences them with the sound effects
        self.voice = Voice(self.settings.lang, self.home, lambda: self.settings.voices and not self.muted,
                           self.assets.sounds, self.game_words)
        try:
            pygame.display.set_icon(self.assets.image("castle", 64))
        except pygame.error:
            pass
        pygame.display.set_caption(self.t("app.title"))
        self.stack: list = []
        self.input = PointerInput(self.to_canvas)
        self.clock = pygame.time.Clock()
        self.waiter = EventWaiter()
        self.running = True
        self.dirty = True
        self._animating = False        # the last frame's scenes were moving by themselves
        self._looked_after_input = False  # the last frame handled input: update once more at once
        self._last_frame_at: float | None = None
        self.guard_until = 0.0
        self._window_closing = False   # this frame's events hold the window's close
        self.unfocused = self.minimised = False   # the window is in the background (see in_background)
        self.frames_drawn = 0
        self.errors: list[str] = []
        self._drain_startup_events()

    # -- window --------------------------------------------------------------------------------
    @property
    def window(self) -> pygame.Surface:
        """The window's surface (the canvas, presented)."""
        assert self.display.surface is not None
        return self.display.surface

    def _windowed_size(self) -> tuple[int, int]:
        if self._window_size:
            return self._window_size
        desk = self.desktop_size()
        return CANVAS if desk is None else windowed_size(desk)

    def desktop_size(self) -> tuple[int, int] | None:
        """The screen's size (None: no real screen, as under the tests' dummy driver)."""
        return desktop_size(self._window_size)

    def set_fullscreen(self, on: bool) -> None:
        self.run_only.pop("fullscreen", None)     # chosen now: saved, whatever the command line said
        self.settings.fullscreen = on
        self.display.open(on, self._windowed_size())
        self.save_settings()
        self.dirty = True

    def to_canvas(self, pos) -> tuple[int, int]:
        """A window position (mouse or finger) in canvas coordinates."""
        return self.display.presenter.to_canvas(pos)

    def to_window(self, pos) -> tuple[int, int]:
        """A canvas position in window coordinates (the inverse of :meth:`to_canvas`)."""
        return self.display.presenter.to_window(pos)

    @property
    def view(self) -> pygame.Rect:
        """Where the canvas shows in the window."""
        return self.display.presenter.view

    def _drain_startup_events(self) -> None:
        pygame.event.get()

    # -- settings and language ---------------------------------------------------------------------
    def t(self, key: str, **values) -> str:
        return self.catalog.t(key, **values)

    def colour_names(self) -> dict[str, str]:
        """Every pawn colour's name in the language the app speaks now (colour -> name)."""
        return {colour: self.t(f"colour.{colour}") for colour in COLOURS}

    def in_language(self, seats: list[Seat]) -> list[Seat]:
        """The seats with every default name (a computer's, an untouched one) in the app's language,
        and a name of which no font can draw a letter (only emoji, from the command line or an old
        save) given back its pawn colour's name: the rest of a name is shown, never a box
        (Assets.drawable), and a name of nothing would be an empty panel."""
        names = self.colour_names()
        return [(seat if self.assets.drawable(seat.name) else
                 replace(seat, name=names[seat.colour], default_name=True)).in_language(names) for seat in seats]

    @property
    def games(self) -> Mapping[str, Any]:
        """The registered games (id -> spec)."""
        return self._games

    @games.setter
    def games(self, games: Mapping[str, Any]) -> None:
        """Register ``games`` (a test registers one of its own): their words, the prompts, pictures,
        texts and clips each declares (kidgames/core/protocol.Words), are the app's from now on."""
        self._games = games
        self.game_words = tuple(spec.words for spec in games.values())
        self.catalog = Catalog(self.settings.lang, self.game_words)
        self.voice.use_words(self.settings.lang, self.game_words)

    def set_language(self, lang: str, remember: bool = True) -> None:
        """Speak ``lang`` from now on; ``remember`` (the settings screen) saves it, otherwise it
        is for this run only (the command line's --lang)."""
        if remember:
            self.run_only.pop("lang", None)
        else:
            self._for_this_run("lang", lang)
        self.settings.lang = lang
        self.catalog = Catalog(lang, self.game_words)
        self.assets.set_language(lang)
        if hasattr(self, "voice"):
            self.voice.set_language(lang)
        pygame.display.set_caption(self.t("app.title"))
        if remember:
            self.save_settings()
        for scene in self.stack:
            scene.layout()
        self.dirty = True

    def set_sound(self, on: bool) -> None:
        self.settings.sound = on
        self.assets.sounds.enabled = on and not self.muted
        self.save_settings()

    def set_voices(self, on: bool) -> None:
        """Spoken prompts on or off (the settings screen; saved)."""
        self.settings.voices = on
        if not on:
            self.voice.stop()
        self.save_settings()

    def set_speed(self, speed: str) -> None:
        self.run_only.pop("speed", None)          # chosen now: saved, whatever the command line said
        self.settings.speed = speed
        self.save_settings()

    def _for_this_run(self, name: str, value) -> None:
        """Set one setting for this run only; the value saved before stays the saved one."""
        self.run_only.setdefault(name, getattr(self.settings, name))
        setattr(self.settings, name, value)

    def saved_settings(self):
        """The settings as they are saved: what this run uses, except what the command line set
        for this run only."""
        return replace(self.settings, **self.run_only)

    def save_settings(self) -> None:
        self.settings_store.save(self.saved_settings())

    def new_anim(self) -> AnimQueue:
        return AnimQueue(speed=self.settings.speed_factor)

    # -- scene stack -----------------------------------------------------------------------------
    @property
    def top(self):
        return self.stack[-1] if self.stack else None

    def hold_games_in_stack(self) -> None:
        """A game is held (locked against other copies of the app) while its scene is in the stack."""
        self.saves.hold_only(scene.claims for scene in self.stack if scene.claims)

    def _changed(self) -> None:
        self.hold_games_in_stack()
        self.input.reset()
        self.guard_until = self.now() + SCENE_GUARD
        self.dirty = True

    def push(self, scene) -> None:
        if self.top is not None:
            self.top.pause()
        self.stack.append(scene)
        scene.enter()
        self._changed()

    def pop(self) -> None:
        if len(self.stack) <= 1:
            return
        self.stack.pop().leave()
        self.top.resume()
        self._changed()

    def replace(self, scene) -> None:
        if self.stack:
            self.stack.pop().leave()
        self.stack.append(scene)
        scene.enter()
        self._changed()

    def reset_to(self, *scenes) -> None:
        while self.stack:
            self.stack.pop().leave()
        for scene in scenes:
            self.stack.append(scene)
            scene.enter()
        self._changed()

    # -- the loop ----------------------------------------------------------------------------------
    def run(self) -> None:
        while self.running:
            if self.frame():
                self.clock.tick(ANIM_FPS)
            else:
                self.assets.sounds.rest(time.monotonic())
                self.waiter.wait(self.next_wake())
        self.close()

    def close(self) -> None:
        """The app ends: every save on its way is written, every game let go.  The wait for the
        writes is bounded (saving.CLOSE_WAIT): a disk that does not answer never keeps the app
        from closing; error.log then says that the last moves are not on the disk."""
        if not self.saves.close():
            self.log_error(f"the app closed before the last saves were written into {self.saves.folder} "
                           "(the disk did not answer in time)")

    def next_wake(self) -> float:
        """Seconds until a scene's timer (a computer's turn, an idle hop) or a long press is due."""
        if self._looked_after_input:
            return 0.0
        due = [MAX_SLEEP]
        for scene in self.stack:
            wake = scene.wake_in()
            if wake is not None:
                due.append(wake)
        held = self.input.held_for(self.now())
        if held is not None:
            due.append(LONG_PRESS - held)
        quiet = self.assets.sounds.rest_in(time.monotonic())     # the real mixer keeps real time
        speech = self.voice.wake_in()
        if speech is not None:
            due.append(speech)
        if quiet is not None:
            due.append(quiet)
        return max(0.0, min(due))

    def frame(self, dt: float | None = None) -> bool:
        """Advance time by ``dt`` (measured if None), handle waiting events and show what changed.

        Returns True while a scene moves by itself (the loop then runs at full frame rate).
        The window always ends a frame showing exactly what a full redraw would show: every scene
        that moved reports where; in the frame after the last movement every scene shown reports
        what its last update changed (a table of pieces knows; any other scene is redrawn whole);
        an idle scene draws nothing."""
        if dt is not None:
            self.time.step(dt)          # a test's frame: stepped time passes by its dt
        now = self.now()
        if dt is None:
            elapsed = now - self._last_frame_at if self._last_frame_at is not None else 0.0
            dt = min(elapsed, 0.1 if self._animating else 2 * MAX_SLEEP)
        self._last_frame_at = now
        # A move's save starts writing once this frame is shown, not while it is being made.
        self.saves.hold_writes(True)
        try:
            moved = [scene for scene in list(self.stack) if scene in self.stack and scene.update(dt)]
            self.voice.update()
            events = pygame.event.get()
            # After input the scenes get one more update before the loop sleeps: what a tap changed
            # (a curtain lifted, a scene opened) may need an update() to be laid out and shown.
            self._looked_after_input = bool(events)
            # SDL follows a window's close with a QUIT in the same batch where it was not asked not to
            self._window_closing = any(event.type == pygame.WINDOWCLOSE for event in events)
            for event in events:
                self.dispatch(event)
            for pointer in self.input.poll_long_press(now):
                self.top.handle(pointer)
                self.dirty = True
            self.tell_saving()
            self.speak_prompts()
            animating = bool(moved)
            settled = self._animating and not animating
            self._animating = animating
            if self.dirty:
                self.draw()
            else:
                shown = self._shown_scenes()
                rects: list[pygame.Rect] | None = list(self.invalid)
                for scene in shown if settled else moved:
                    if scene in shown:
                        scene_rects = scene.dirty_rects()
                        if scene_rects is None:
                            rects = None
                            break
                        rects += scene_rects
                if rects is None:
                    self.draw()
                elif rects:
                    self.draw_rects(rects)
            self.invalid.clear()
            return animating
        except Exception as exc:  # a bug must never throw a family out of its game
            self.recover(exc)
            return False
        finally:
            self.saves.hold_writes(False)

    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.WINDOWCLOSE:
            if not self.settings.kiosk:  # a kiosk's window does not close (Shift+Ctrl+Escape does)
                self.ask_quit()         # the window's ✕ asks as the app's own ✕ does
            return
        if event.type == pygame.QUIT:
            if not self._window_closing:
                self.running = False    # the system ends the app (logout, SIGTERM): no question
            return
        if event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED):
            self.unfocused = event.type == pygame.WINDOWFOCUSLOST
            if self.unfocused:
                self.input.forget_fingers()
            return
        if event.type == pygame.WINDOWMINIMIZED:
            self.minimised = True
            return
        if event.type in (pygame.WINDOWRESTORED, pygame.WINDOWMAXIMIZED, pygame.WINDOWSHOWN):
            self.minimised = False
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWEXPOSED, pygame.WINDOWSIZECHANGED,
                          pygame.WINDOWRESTORED, pygame.WINDOWMAXIMIZED):
            self.display.resized()
            self.dirty = True
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_F11:
                self.set_fullscreen(not self.settings.fullscreen)
            elif event.key == pygame.K_ESCAPE and getattr(event, "mod", 0) & pygame.KMOD_SHIFT \
                    and getattr(event, "mod", 0) & pygame.KMOD_CTRL:
                self.with_grownup(self.ask_quit)    # a grown-up's way out, the kiosk's only one
            elif self.top is not None:
                self.top.key(event)
            self.dirty = True
            return
        if event.type == pygame.TEXTINPUT and self.top is not None:
            self.top.text_input(event.text)
            self.dirty = True
            return
        now = self.now()
        for pointer in self.input.feed(event, now):
            if pointer.kind == "down" and (now < self.guard_until
                                           or not self.screen.get_rect().collidepoint(pointer.pos)):
                # The second tap of a double tap landing on a new scene, or a tap on the letterbox
                # bars beside the picture: ignored, with the rest of that press.
                self.input.reset()
                continue
            if self.top is not None:
                self.top.handle(pointer)
                self.dirty = True

    def tell_saving(self) -> None:
        """Tell the family at once when saving stops working (the game goes on below the message,
        which a tap closes), and when it works again; when a game open here was opened in another
        copy as well (it goes on there: back to the menu, saying so); and when a game open here
        cannot be locked against another copy."""
        news = self.saves.take_news()
        if not news:
            return
        from kidgames.ui.dialog import MessageScene, SavingMessage
        from kidgames.ui.menu import game_title
        for lost in (n for n in news if n.kind == LOST):
            if any(scene.claims == lost.game_id for scene in self.stack):
                spec = self.games[lost.game_id]
                self.show_menu()
                self.push(MessageScene(self, self.t("save.elsewhere.title"),
                                       self.t("save.lost.text", game=game_title(self, spec)), icon="cross"))
        saving = [n for n in news if n.kind in (FAILED, WORKS)]
        if saving:
            last = saving[-1]
            shown = self.top
            if isinstance(shown, SavingMessage):
                self.pop()            # the earlier message is out of date
            if last.kind == FAILED:
                self.push(SavingMessage(self, self.t("save.failed.title"),
                                        self.t("save.failed.text", reason=self.saving_reason(last.why, last.reason)),
                                        icon="cross"))
            else:
                self.push(SavingMessage(self, self.t("save.works.title"), self.t("save.works.text"), icon="check"))
        for unguarded in (n for n in news if n.kind == UNGUARDED):
            if any(scene.claims == unguarded.game_id for scene in self.stack):
                spec = self.games[unguarded.game_id]
                reason = self.saving_reason(unguarded.why, unguarded.reason, unguarded.where)
                self.push(MessageScene(self, self.t("save.unguarded.title"),
                                       self.t("save.unguarded.text", game=game_title(self, spec), reason=reason),
                                       icon="cross"))

    def saving_reason(self, why: str | None = None, english: str | None = None, where=None) -> str:
        """Why saving fails, in the app's language, with the folder (or ``where``, what the reason
        is about): ``why`` is the kind of failure (saving.REASONS), the last one's when None."""
        if why is None:
            why, english = self.saves.trouble_kind, self.saves.trouble
        key = f"save.reason.{why}"
        if why != "other" and self.catalog.has(key):
            return f"{self.t(key)} ({where or self.saves.folder})"
        return english or self.t("save.reason.other")

    def take_home_warnings(self) -> list[tuple[str, str]]:
        """What is wrong with the home (title, text), once: the start-up's report says it."""
        taken, self._home_warnings = self._home_warnings, []
        return [(self.t(f"{key}.title"), self.t(f"{key}.text", **{name: self.saving_reason() if name == "reason" else value
                                                                  for name, value in values.items()}))
                for key, values in taken]

    def speak_prompts(self) -> None:
        """Speak what the scene on top asks of the family, where it changed since that scene last
        spoke (a banner, then the hint; a curtain's sentences; the winner)."""
        top = self.top
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
            self.voice.say(*new)

    @property
    def in_background(self) -> bool:
        """The family is elsewhere: the window lost the focus or is minimised (a prompt is not
        said again to nobody)."""
        return self.unfocused or self.minimised
    def forget_spoken(self, scene, slot: str) -> None:
        """``scene``'s ``slot`` is said again even if its text is the same as last time (a step
        taken back twice in a row is said twice)."""
        self._said.get(scene, {}).pop(slot, None)

    def now(self) -> float:
        """Seconds on the app's clock (see kidgames/core/clock.py)."""
        return self.time.now()

    def invalidate(self, rect: pygame.Rect) -> None:
        """Ask for one canvas area to be redrawn and shown (a small motion of an idle scene)."""
        self.invalid.append(pygame.Rect(rect))

    def _shown_scenes(self) -> list:
        """The scenes a full redraw paints: the top one and those showing through it."""
        first = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if not self.stack[i].overlay or self.stack[i].covers_below():
                first = i
                break
        return self.stack[first:]

    def draw(self) -> None:
        for scene in self._shown_scenes():
            scene.draw(self.screen)
        self.present()

    def draw_rects(self, rects: list[pygame.Rect]) -> None:
        """Redraw and show only these canvas areas (each scene draws clipped to them, or one scene
        alone on screen redraws many small areas its own way: see Scene.draw_areas)."""
        bounds = self.screen.get_rect()
        shown = self._shown_scenes()
        if len(shown) == 1 and len(rects) > 16:
            areas = [r for r in (pygame.Rect(r).clip(bounds) for r in rects) if r.w > 0 and r.h > 0]
            if sum(r.w * r.h for r in areas) <= PARTIAL_LIMIT * bounds.w * bounds.h \
                    and shown[0].draw_areas(self.screen, areas):
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
            self.screen.set_clip(rect)
            try:
                for scene in shown:
                    scene.draw(self.screen)
            finally:
                self.screen.set_clip(None)
        self.present(merged)

    def present(self, areas: list[pygame.Rect] | None = None) -> None:
        """Show the canvas (or only ``areas`` of it) in the window."""
        if self.display.present(self.screen, areas):
            self.dirty = False
        self.frames_drawn += 1

    def log_error(self, text: str) -> None:
        """Add ``text`` to error.log in the home, with the time."""
        try:
            self.home.mkdir(parents=True, exist_ok=True)
            append_text(self.home / "error.log", time.strftime("%Y-%m-%d %H:%M:%S ") + text + "\n")
        except OSError:
            pass        # never through a link planted in its place, never into a pipe

    def error_text(self) -> str:
        """The error screen's sentence, chosen by what is true: a game in progress whose last move
        is on the disk (Continue on the menu plays on), a game in progress whose last moves are
        not, or no game in progress (the menu, a setup, a finished game's results)."""
        playing = []
        for scene in self.stack:
            try:
                if scene.claims and scene.in_progress():
                    playing.append(scene.claims)
            except Exception:        # noqa: BLE001 - the broken game itself: still in progress
                playing.append(scene.claims)
        if not playing:
            return self.t("error.text.nogame")
        kept = all(self.saves.is_saved(game_id) and self.saves.exists(game_id) for game_id in playing)
        return self.t("error.text" if kept else "error.text.unsaved")

    def recover(self, exc: BaseException) -> None:
        """Write what went wrong to error.log and go back to the menu with a kind message."""
        text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        self.errors.append(text)
        self.log_error(text)
        if os.environ.get("KIDGAMES_RAISE"):
            raise exc
        from kidgames.ui.dialog import MessageScene
        from kidgames.ui.game import broken_save
        from kidgames.ui.menu import MenuScene, damaged_saves_message
        try:
            # A saved game that breaks its scene before anyone moved would break it on every
            # Continue: it is set aside (kept, renamed) and the family is told so.
            game_id = broken_save(self, exc)
            if game_id is not None:
                message = damaged_saves_message(self, [self.saves.set_aside(game_id, str(exc))])
            else:
                message = MessageScene(self, self.t("error.title"), self.error_text())
            self.reset_to(MenuScene(self), message)
        except Exception:
            self.running = False

    def quit(self) -> None:
        self.running = False

    def with_grownup(self, action) -> None:
        """Do ``action`` (close the app, open the settings) once a grown-up has done the lock's sum
        (kidgames/ui/grownup.py), or at once with the lock turned off in the settings."""
        from kidgames.ui.grownup import GrownupTask
        if not self.settings.grownup_lock:
            action()
            return
        if any(isinstance(scene, GrownupTask) for scene in self.stack):
            return
        self.push(GrownupTask(self, action, self.lock_rng))

    def ask_quit(self) -> None:
        """"Close the games?": the menu's ✕ and the window's own ✕ ask alike, above whatever is on
        screen (a game behind it is paused, its secrets face down: a question is public).  The
        question is asked once: a second close while it is open adds nothing."""
        from kidgames.ui.dialog import QuitQuestion
        if any(isinstance(scene, QuitQuestion) for scene in self.stack):
            return
        saves = self.saves
        text = self.t("menu.quit.text") if saves.all_saved() and saves.trouble is None else \
            self.t("menu.quit.unsaved", reason=self.saving_reason())
        self.push(QuitQuestion(self, self.t("menu.quit.title"), text, self.t("menu.quit.yes"),
                               self.t("menu.quit.no"), on_yes=self.quit, icon="cross", yes_icon="cross",
                               no_icon="play", go_on="no"))

    @cached_property
    def pictures(self) -> dict:
        """Pictures painted once and kept while the app runs (the menus' landscape per size)."""
        return {}

    # -- the ways between scenes ---------------------------------------------------------------------
    # Scenes reach one another only through these, so no scene module imports another: each is
    # imported here, when it is first needed.
    def menu_scene(self):
        from kidgames.ui.menu import MenuScene
        return MenuScene(self)

    def show_menu(self) -> None:
        """Back to the menu, everything above it closed."""
        self.reset_to(self.menu_scene())

    def show_setup(self, spec) -> None:
        from kidgames.ui.setup import SetupScene
        self.push(SetupScene(self, spec))

    def start_game(self, game_id: str, seats, **kwargs):
        """A new game (or a saved ``state=``) above the menu; see ``start_game_scene``."""
        from kidgames.ui.game import start_game_scene
        return start_game_scene(self, game_id, seats, **kwargs)

    def continue_game(self, game_id: str) -> None:
        from kidgames.ui.menu import continue_game
        continue_game(self, game_id)

    def open_elsewhere(self, game_id: str) -> bool:
        """Whether another copy of the app has ``game_id`` open, said at once if so: before any
        question about its save ("Play on?", "Start a new game?"), which that copy is playing."""
        if not self.saves.held_elsewhere(game_id):
            return False
        self.tell_open_elsewhere(game_id)
        return True

    def tell_open_elsewhere(self, game_id: str) -> None:
        """Say that ``game_id`` is open in another window (another copy of the app holds it)."""
        from kidgames.ui.dialog import MessageScene
        from kidgames.ui.menu import game_title
        spec = self.games[game_id]
        self.push(MessageScene(self, self.t("save.elsewhere.title"),
                               self.t("save.elsewhere.text", game=game_title(self, spec)),
                               icon=spec.tile[0] if spec.tile else "play"))

    def ask_before_replacing(self, game_id: str, start_new) -> None:
        """Start a new game at once, or first ask whether to replace that game's save."""
        from kidgames.ui.menu import ask_before_replacing
        ask_before_replacing(self, game_id, start_new)

    def show_results(self, spec, seats, winners, scores, options) -> None:
        """The results of a finished game: its ``winners`` and ``scores`` (None: the game counts nothing)."""
        from kidgames.ui.results import ResultsScene
        self.push(ResultsScene(self, spec, seats, list(winners), options,
                               scores=None if scores is None else list(scores)))

    def show_rules(self, game_id: str) -> None:
        from kidgames.ui.rules_scene import RulesScene
        self.push(RulesScene(self, game_id))

    def show_settings(self) -> None:
        from kidgames.ui.settings_scene import SettingsScene
        self.push(SettingsScene(self))



def _as_context(app: App) -> SceneContext:
    return app
