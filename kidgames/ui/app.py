"""The app: one logical canvas, shown in a window of any size or full screen (kidgames/ui/window.py),
put together from its parts, each one job: the settings of this run (kidgames/ui/run_settings.py),
the scene stack (kidgames/ui/stack.py), the frame loop that redraws only when something changes
(kidgames/ui/loop.py) and the ways between scenes (kidgames/ui/navigation.py: ``app.nav``).  Scenes
see the app as a narrow, typed context (kidgames/ui/context.py): the members below under "what scenes
use", and ``nav``."""
from __future__ import annotations

import os
import random
import time
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
from kidgames.core.saving import SaveStore  # noqa: E402
from kidgames.core.seats import COLOURS, Seat  # noqa: E402
from kidgames.core.settings import Settings, SettingsStore  # noqa: E402
from kidgames.core.storage import append_text  # noqa: E402
from kidgames.ui.anim import AnimQueue  # noqa: E402
from kidgames.ui.assets import Assets, window_icon  # noqa: E402
from kidgames.core.clock import RealTime  # noqa: E402
from kidgames.ui.input import PointerInput  # noqa: E402
from kidgames.ui.loop import FrameLoop  # noqa: E402
from kidgames.ui.navigation import Navigation  # noqa: E402
from kidgames.ui.run_settings import RunSettings  # noqa: E402
from kidgames.ui.scene import Scene  # noqa: E402
from kidgames.ui.stack import SceneStack  # noqa: E402
from kidgames.ui.voice import Voice  # noqa: E402
from kidgames.ui.window import (CANVAS, NoScreen, Window, check_screen, desktop_size,  # noqa: E402
                                opens_full_screen, windowed_size)

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
        self.muted = mute               # --mute: no sound effects, no voices, whatever the settings say
        self.errors: list[str] = []     # what went wrong, as error.log has it
        # Warnings about the home, said once at start (report_problems): none, or no home at all.
        self._home_warnings: list[tuple[str, dict]] = []
        self.home = self._find_home(home)
        prefs = self.prefs = self._load_settings(settings, lang, speed, fullscreen, kiosk)
        self.settings, self.settings_store, self.run_only = prefs.settings, prefs.store, prefs.run_only
        self.saves = self._open_saves()
        self._window_size = window_size
        self.display, self.screen = self._open_window()
        self.catalog, self.assets, self.voice = self._load_words_and_sounds()
        self.scenes = SceneStack(on_change=self._scenes_changed)
        self.stack = self.scenes.scenes     # the scenes, bottom first
        self.input = PointerInput(self.to_canvas)
        self.running = True         # False: the loop ends (the app closes) after this frame
        self.dirty = True           # True: everything is redrawn in this frame
        self.guard_until = 0.0      # presses before this moment (a scene just opened) are ignored
        self.frames_drawn = 0
        self.loop = FrameLoop(self)
        # The ways between scenes, which see the app as their SceneContext (mypy checks here that
        # App is one); the grown-up lock's sums are the app's own random numbers, never a game's.
        self.nav = Navigation(self, random.Random())
        self._drain_startup_events()

    # -- starting: the steps of __init__ -------------------------------------------------------------
    def _find_home(self, home):
        """The folder of the saves and settings: ``home``, the user's, or a temporary one (said)."""
        if home is None:
            try:
                home = user_dir()
            except NoHome:
                home = temporary_home()
                self._home_warnings.append(("home.temporary", {"folder": str(home)}))
        return home

    def _load_settings(self, settings: Settings | None, lang: str | None, speed: str | None,
                       fullscreen: bool | None, kiosk: bool) -> RunSettings:
        """The saved settings (or ``settings``), with what the command line set for this run only."""
        prefs = RunSettings(SettingsStore(self.home), settings)
        if lang:
            prefs.for_this_run("lang", lang)
        if speed:
            prefs.for_this_run("speed", speed)
        if fullscreen is not None:
            prefs.for_this_run("fullscreen", fullscreen)
        if kiosk:
            prefs.for_this_run("kiosk", True)
        return prefs

    def _open_saves(self) -> SaveStore:
        """Saves are written off the frame that applied the move (in order; the last is never lost
        on exit: App.close, SaveStore.close)."""
        saves = SaveStore(self.home, background=True)
        if saves.check_home() is not None:
            self._home_warnings.append(("home.broken", {"reason": None}))
        return saves

    def _open_window(self) -> tuple[Window, pygame.Surface]:
        """Start pygame and open the window (full screen on a small screen unless the family chose),
        with its icon, and the logical canvas the scenes draw on, which the window shows letterboxed."""
        # The display and the fonts only: pygame.init() also opens the audio device (a thread
        # mixing silence from then on, competing with the start on a tablet) and the joysticks.
        # The sounds open the device at the first sound (kidgames/ui/assets.py Sounds).  Like
        # pygame.init(), a display that cannot start is found out below, not here.
        for init in (pygame.display.init, pygame.font.init):
            try:
                init()
            except pygame.error:
                pass
        try:
            check_screen()
        except NoScreen:
            pygame.quit()
            raise
        fullscreen = self.settings.fullscreen
        if fullscreen is None:
            # never chosen: full screen on a small screen, for this run (the saved setting stays
            # unchosen until the family chooses on the settings screen or with F11)
            fullscreen = opens_full_screen(self.desktop_size())
            self.prefs.for_this_run("fullscreen", fullscreen)
        try:
            pygame.display.set_icon(window_icon(self._games.values(), "castle", 64))
        except pygame.error:
            pass
        display = Window(CANVAS)
        display.open(fullscreen, self._windowed_size())
        window = display.surface
        assert window is not None, "the window was just opened"
        return display, pygame.Surface(CANVAS, 0, window)   # in the window's format, as convert() made it

    def _load_words_and_sounds(self) -> tuple[Catalog, Assets, Voice]:
        """The texts, pictures, sounds and voices in the app's language; the window's title."""
        settings = self.settings
        catalog = Catalog(settings.lang, self.game_words)
        assets = Assets(settings.lang, sound=settings.sound and not self.muted, games=self._games.values())
        # spoken prompts: their own setting; --mute silences them with the sound effects
        voice = Voice(settings.lang, self.home, lambda: self.settings.voices and not self.muted,
                      assets.sounds, self.game_words)
        pygame.display.set_caption(catalog.t("app.title"))
        return catalog, assets, voice

    def _drain_startup_events(self) -> None:
        pygame.event.get()

    # -- the window ----------------------------------------------------------------------------------
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

    # -- running: the frame loop's (kidgames/ui/loop.py); the command line, tools and tests run frames
    def run(self) -> None:
        self.loop.run()
        self.close()

    def frame(self, dt: float | None = None) -> bool:
        return self.loop.frame(dt)

    def next_wake(self) -> float:
        return self.loop.next_wake()

    def draw(self) -> None:
        self.loop.draw()

    def close(self) -> None:
        """The app ends: every save on its way is written, every game let go.  The wait for the
        writes is bounded (saving.CLOSE_WAIT): a disk that does not answer never keeps the app
        from closing; error.log then says that the last moves are not on the disk."""
        if not self.saves.close():
            self.log_error(f"the app closed before the last saves were written into {self.saves.folder} "
                           "(the disk did not answer in time)")

    def recover(self, exc: BaseException) -> None:
        """Write what went wrong to error.log and go back to the menu with a kind message."""
        text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        self.errors.append(text)
        self.log_error(text)
        if os.environ.get("KIDGAMES_RAISE"):
            raise exc
        self.nav.back_to_menu_after(exc)

    def log_error(self, text: str) -> None:
        """Add ``text`` to error.log in the home, with the time."""
        try:
            self.home.mkdir(parents=True, exist_ok=True)
            append_text(self.home / "error.log", time.strftime("%Y-%m-%d %H:%M:%S ") + text + "\n")
        except OSError:
            pass        # never through a link planted in its place, never into a pipe

    def _scenes_changed(self) -> None:
        """A scene opened or closed: hold the games in the stack, and guard the new scene against
        the rest of an earlier press (the second tap of a double tap)."""
        self.hold_games_in_stack()
        self.input.reset()
        self.guard_until = self.now() + SCENE_GUARD
        self.dirty = True

    # == what scenes use (kidgames/ui/context.py) ====================================================
    # -- words ----------------------------------------------------------------------------------------
    def t(self, key: str, **values) -> str:
        return self.catalog.t(key, **values)

    def in_language(self, seats: list[Seat]) -> list[Seat]:
        """The seats with every default name (a computer's, an untouched one) in the app's language,
        and a name of which no font can draw a letter (only emoji, from the command line or an old
        save) given back its pawn colour's name: the rest of a name is shown, never a box
        (Assets.drawable), and a name of nothing would be an empty panel."""
        names = {colour: self.t(f"colour.{colour}") for colour in COLOURS}    # in the app's language
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

    # -- clock ----------------------------------------------------------------------------------------
    def now(self) -> float:
        """Seconds on the app's clock (see kidgames/core/clock.py)."""
        return self.time.now()

    # -- picture --------------------------------------------------------------------------------------
    def invalidate(self, rect: pygame.Rect) -> None:
        """Ask for one canvas area to be redrawn and shown (a small motion of an idle scene)."""
        self.loop.invalidate(rect)

    def new_anim(self) -> AnimQueue:
        return AnimQueue(speed=self.settings.speed_factor)

    @cached_property
    def pictures(self) -> dict:
        """Pictures painted once and kept while the app runs (the menus' landscape per size)."""
        return {}

    # -- speech ---------------------------------------------------------------------------------------
    @property
    def in_background(self) -> bool:
        """The family is elsewhere: the window lost the focus or is minimised (a prompt is not
        said again to nobody)."""
        return self.loop.in_background

    def forget_spoken(self, scene: Scene, slot: str) -> None:
        self.loop.forget_spoken(scene, slot)

    # -- preferences ----------------------------------------------------------------------------------
    def save_settings(self) -> None:
        self.prefs.save()

    def set_language(self, lang: str, remember: bool = True) -> None:
        """Speak ``lang`` from now on; ``remember`` (the settings screen) saves it, otherwise it
        is for this run only (the command line's --lang)."""
        if remember:
            self.prefs.choose("lang", lang)
        else:
            self.prefs.for_this_run("lang", lang)
        self.catalog = Catalog(lang, self.game_words)
        self.assets.set_language(lang)
        self.voice.set_language(lang)
        pygame.display.set_caption(self.t("app.title"))
        if remember:
            self.save_settings()
        for scene in self.stack:
            scene.layout()
        self.dirty = True

    def set_fullscreen(self, on: bool) -> None:
        self.prefs.choose("fullscreen", on)
        self.display.open(on, self._windowed_size())
        self.save_settings()
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
        self.prefs.choose("speed", speed)
        self.save_settings()

    # -- saved games ----------------------------------------------------------------------------------
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

    # -- the scene stack (kidgames/ui/stack.py) --------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.scenes.top

    def push(self, scene: Scene) -> None:
        self.scenes.push(scene)

    def pop(self) -> None:
        self.scenes.pop()

    def reset_to(self, *scenes: Scene) -> None:
        self.scenes.reset_to(*scenes)

    def hold_games_in_stack(self) -> None:
        """A game is held (locked against other copies of the app) while its scene is in the stack."""
        self.saves.hold_only(self.scenes.claims())

    # -- the ways between scenes: ``nav`` (kidgames/ui/navigation.py); closing --------------------------
    def quit(self) -> None:
        self.running = False

