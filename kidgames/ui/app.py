"""The app: one window, one logical canvas scaled to any window or to fullscreen, a scene stack and
a frame loop that redraws only when something changes."""
from __future__ import annotations

import os
import time
import traceback
from typing import Any, Mapping

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
if os.environ.get("DISPLAY") and not os.environ.get("SDL_VIDEODRIVER", "").startswith("wayland"):
    # On X11, SDL's plain shared-memory window surface: a 2D canvas needs no OpenGL, and without a
    # graphics card the OpenGL path (software Mesa) costs ~10 ms of CPU and ~100 MB per window.
    # Measured under Xvfb: a full flip 11 ms -> 1.2 ms, a die-sized update 10 ms -> 0.1 ms of CPU.
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
import pygame  # noqa: E402

from kidgames.core.i18n import Catalog  # noqa: E402
from kidgames.core.paths import user_dir  # noqa: E402
from kidgames.core.saving import SaveStore  # noqa: E402
from kidgames.core.settings import Settings, SettingsStore  # noqa: E402
from kidgames.ui.anim import AnimQueue  # noqa: E402
from kidgames.ui.assets import Assets  # noqa: E402
from kidgames.ui.input import PointerInput  # noqa: E402

CANVAS = (1600, 1000)
IDLE_FPS = 30
ANIM_FPS = 60
SCENE_GUARD = 0.25     # seconds after a scene change in which new presses are ignored


class App:
    def __init__(self, games: Mapping[str, Any], *, settings: Settings | None = None,
                 home=None, mute: bool = False, fullscreen: bool | None = None,
                 speed: str | None = None, window_size: tuple[int, int] | None = None) -> None:
        self.games = games
        self.home = home if home is not None else user_dir()
        self.settings_store = SettingsStore(self.home)
        self.settings = settings if settings is not None else self.settings_store.load()
        if speed:
            self.settings.speed = speed
        if fullscreen is not None:
            self.settings.fullscreen = fullscreen
        self.saves = SaveStore(self.home)
        self.muted = mute
        pygame.init()
        self._window_size = window_size
        self.window = self._open_window()
        # Scenes draw on one logical canvas; present() scales it into the window, letterboxed.
        self.screen = pygame.Surface(CANVAS).convert()
        self._scaled: pygame.Surface | None = None
        self._presented_size: tuple[int, int] | None = None
        self.invalid: list[pygame.Rect] = []      # canvas areas to redraw alone (small idle motions)
        self._view = pygame.Rect((0, 0), CANVAS)
        self._update_view()
        self.catalog = Catalog(self.settings.lang)
        self.assets = Assets(self.settings.lang, sound=self.settings.sound and not mute)
        try:
            pygame.display.set_icon(self.assets.image("castle", 64))
        except pygame.error:
            pass
        pygame.display.set_caption(self.t("app.title"))
        self.stack: list = []
        self.input = PointerInput(self.to_canvas)
        self.clock = pygame.time.Clock()
        self.running = True
        self.dirty = True
        self.guard_until = 0.0
        self.frames_drawn = 0
        self.errors: list[str] = []
        self._drain_startup_events()

    # -- window --------------------------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        """A resizable window that fits the desktop, or the whole screen.  The scaling is our own
        (not ``pygame.SCALED``), so it works the same with or without a graphics accelerator."""
        try:
            if self.settings.fullscreen:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            return pygame.display.set_mode(self._windowed_size(), pygame.RESIZABLE)
        except pygame.error:
            return pygame.display.set_mode(CANVAS)

    def _windowed_size(self) -> tuple[int, int]:
        if self._window_size:
            return self._window_size
        if os.environ.get("SDL_VIDEODRIVER") == "dummy":
            return CANVAS
        try:
            desk_w, desk_h = pygame.display.get_desktop_sizes()[0]
        except (pygame.error, IndexError):
            return CANVAS
        if desk_w >= CANVAS[0] + 40 and desk_h >= CANVAS[1] + 80:
            return CANVAS   # room for the canvas as it is: no scaling on every frame
        scale = min(1.0, desk_w * 0.94 / CANVAS[0], desk_h * 0.88 / CANVAS[1])
        return max(320, round(CANVAS[0] * scale)), max(200, round(CANVAS[1] * scale))

    def set_fullscreen(self, on: bool) -> None:
        self.settings.fullscreen = on
        self.window = self._open_window()
        self._presented_size = None
        self._update_view()
        self.save_settings()
        self.dirty = True

    def to_canvas(self, pos) -> tuple[int, int]:
        """A window position (mouse or finger) in canvas coordinates."""
        view = self._view
        if view.size == CANVAS:
            return int(pos[0]) - view.x, int(pos[1]) - view.y
        return (round((pos[0] - view.x) * CANVAS[0] / view.w),
                round((pos[1] - view.y) * CANVAS[1] / view.h))

    def to_window(self, pos) -> tuple[int, int]:
        """A canvas position in window coordinates (the inverse of :meth:`to_canvas`)."""
        view = self._view
        return (round(view.x + pos[0] * view.w / CANVAS[0]), round(view.y + pos[1] * view.h / CANVAS[1]))

    def _update_view(self) -> None:
        ww, wh = self.window.get_size()
        scale = min(ww / CANVAS[0], wh / CANVAS[1])
        w, h = max(1, round(CANVAS[0] * scale)), max(1, round(CANVAS[1] * scale))
        self._view = pygame.Rect((ww - w) // 2, (wh - h) // 2, w, h)

    def _drain_startup_events(self) -> None:
        pygame.event.get()

    # -- settings and language ---------------------------------------------------------------------
    def t(self, key: str, **values) -> str:
        return self.catalog.t(key, **values)

    def set_language(self, lang: str) -> None:
        self.settings.lang = lang
        self.catalog = Catalog(lang)
        self.assets.set_language(lang)
        pygame.display.set_caption(self.t("app.title"))
        self.save_settings()
        for scene in self.stack:
            scene.layout()
        self.dirty = True

    def set_sound(self, on: bool) -> None:
        self.settings.sound = on
        self.assets.sounds.enabled = on and not self.muted
        self.save_settings()

    def set_speed(self, speed: str) -> None:
        self.settings.speed = speed
        self.save_settings()

    def save_settings(self) -> None:
        self.settings_store.save(self.settings)

    def new_anim(self) -> AnimQueue:
        return AnimQueue(speed=self.settings.speed_factor)

    # -- scene stack -----------------------------------------------------------------------------
    @property
    def top(self):
        return self.stack[-1] if self.stack else None

    def _changed(self) -> None:
        self.input.reset()
        self.guard_until = time.monotonic() + SCENE_GUARD
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

    def pop_to(self, scene_type) -> None:
        while len(self.stack) > 1 and not isinstance(self.top, scene_type):
            self.stack.pop().leave()
        self.top.resume()
        self._changed()

    # -- the loop ----------------------------------------------------------------------------------
    def run(self) -> None:
        while self.running:
            animating = self.frame()
            self.clock.tick(ANIM_FPS if animating else IDLE_FPS)

    def frame(self, dt: float | None = None) -> bool:
        """Handle waiting events, advance time by ``dt`` (measured if None) and redraw if needed."""
        if dt is None:
            dt = min(0.1, self.clock.get_time() / 1000.0) if self.frames_drawn else 0.0
        try:
            for event in pygame.event.get():
                self.dispatch(event)
            now = time.monotonic()
            for pointer in self.input.poll_long_press(now):
                self.top.handle(pointer)
            animating = False
            for scene in list(self.stack):
                if scene in self.stack and scene.update(dt):
                    animating = True
            if animating or self.dirty:
                self.draw()
            elif self.invalid:
                self.draw_partial()
            self.invalid.clear()
            return animating
        except Exception as exc:  # a bug must never throw a family out of its game
            self.recover(exc)
            return False

    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWEXPOSED, pygame.WINDOWSIZECHANGED,
                          pygame.WINDOWRESTORED, pygame.WINDOWMAXIMIZED):
            self.window = pygame.display.get_surface()
            self._presented_size = None
            self._update_view()
            self.dirty = True
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_F11:
                self.set_fullscreen(not self.settings.fullscreen)
            elif self.top is not None:
                self.top.key(event)
            return
        if event.type == pygame.TEXTINPUT and self.top is not None:
            self.top.text_input(event.text)
            return
        now = time.monotonic()
        for pointer in self.input.feed(event, now):
            if pointer.kind == "down" and now < self.guard_until:
                self.input.reset()   # a second tap of a double tap lands on the new scene: ignore it
                continue
            if self.top is not None:
                self.top.handle(pointer)
                self.dirty = True

    def invalidate(self, rect: pygame.Rect) -> None:
        """Ask for one canvas area to be redrawn by the top scene alone (see Scene.draw_region)."""
        self.invalid.append(pygame.Rect(rect))

    def draw(self) -> None:
        first = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if not self.stack[i].overlay or self.stack[i].covers_below():
                first = i
                break
        for scene in self.stack[first:]:
            scene.draw(self.screen)
        self.present()

    def draw_partial(self) -> None:
        area = self.invalid[0].unionall(self.invalid[1:])
        self.screen.set_clip(area)
        try:
            self.top.draw_region(self.screen, area)
        finally:
            self.screen.set_clip(None)
        self.present(area)

    def present(self, area: pygame.Rect | None = None) -> None:
        """Show the canvas (or one ``area`` of it) in the window: as it is when the sizes match,
        else scaled and letterboxed."""
        window = pygame.display.get_surface() or self.window
        self.window = window
        if window.get_size() != self._presented_size:
            self._update_view()
            self._presented_size = window.get_size()
            window.fill((24, 20, 30))
            self._scaled = pygame.Surface(self._view.size).convert() if self._view.size != CANVAS else None
            area = None
        view = self._view
        if area is None:
            if self._scaled is None:
                window.blit(self.screen, view.topleft)
            else:
                pygame.transform.smoothscale(self.screen, view.size, self._scaled)
                window.blit(self._scaled, view.topleft)
            pygame.display.flip()
            self.dirty = False
        else:
            area = area.clip(self.screen.get_rect())
            if self._scaled is None:
                target = area.move(view.topleft)
                window.blit(self.screen, target, area)
            else:
                x0, y0 = self.to_window(area.topleft)
                x1, y1 = self.to_window(area.bottomright)
                target = pygame.Rect(x0, y0, max(1, x1 - x0), max(1, y1 - y0))
                window.blit(pygame.transform.smoothscale(self.screen.subsurface(area), target.size), target)
            pygame.display.update(target)
        self.frames_drawn += 1

    def recover(self, exc: BaseException) -> None:
        """Write what went wrong to error.log and go back to the menu with a kind message."""
        text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        self.errors.append(text)
        try:
            self.home.mkdir(parents=True, exist_ok=True)
            with (self.home / "error.log").open("a", encoding="utf-8") as handle:
                handle.write(time.strftime("%Y-%m-%d %H:%M:%S ") + text + "\n")
        except OSError:
            pass
        if os.environ.get("KIDGAMES_RAISE"):
            raise exc
        from kidgames.ui.dialog import MessageScene
        from kidgames.ui.menu import MenuScene
        try:
            self.reset_to(MenuScene(self), MessageScene(self, self.t("error.title"), self.t("error.text")))
        except Exception:
            self.running = False

    def quit(self) -> None:
        self.running = False
