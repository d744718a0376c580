"""What a scene may use of the app: :class:`SceneContext`, the one type of ``Scene.app``.

A scene gets the app as this narrow, typed context, not as the whole :class:`~kidgames.ui.app.App`:
mypy proves that no scene reaches the frame loop, the window or the app's own bookkeeping.  The
context is put together from small parts, each one job the scenes ask of the app:

- :class:`Language`: the app's language (texts, the games' words, seats' names in it);
- :class:`Clock`: the app's time (real, or stepped by a test's frames: kidgames/core/clock.py);
- :class:`Picture`: pictures, sounds and the canvas, asking for a redraw, the pointer;
- :class:`Speech`: the spoken prompts (kidgames/ui/voice.py);
- :class:`Preferences`: the settings and their changes from the settings screen;
- :class:`SavedGames`: the saves, and what is wrong with saving;
- :class:`Stack`: the scenes on screen (kidgames/ui/stack.py);
- :class:`Ways`: the ways between scenes, ``nav`` (kidgames/ui/navigation.py: the menu, a setup,
  a game, its results, the rules, the settings, the questions above them), so that no scene
  module imports another; and closing the app.

:class:`~kidgames.ui.app.App` provides all of them (mypy checks it wherever it is given to a scene).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Protocol

if TYPE_CHECKING:
    import pygame

    from kidgames.core.i18n import Catalog
    from kidgames.core.saving import SaveStore
    from kidgames.core.seats import Seat
    from kidgames.core.settings import Settings, SettingsStore
    from kidgames.ui.anim import AnimQueue
    from kidgames.ui.assets import Assets
    from kidgames.ui.input import PointerInput
    from kidgames.ui.navigation import Navigation
    from kidgames.ui.scene import Scene
    from kidgames.ui.voice import Voice


class TimeSource(Protocol):
    """The app's clock (kidgames/core/clock.py: RealTime, SteppedTime)."""

    def now(self) -> float: ...

    def step(self, dt: float) -> None: ...


class Language(Protocol):
    """The app's language."""

    @property
    def catalog(self) -> Catalog: ...

    @property
    def games(self) -> Mapping[str, Any]: ...

    def t(self, key: str, **values: Any) -> str: ...

    def in_language(self, seats: list[Seat]) -> list[Seat]: ...


class Clock(Protocol):
    """The app's time: read it with :meth:`now`; ``time`` is given to a game's turn controller."""

    @property
    def time(self) -> TimeSource: ...

    def now(self) -> float: ...


class Picture(Protocol):
    """Pictures, sounds and the canvas the scenes draw on; asking for a redraw."""

    @property
    def assets(self) -> Assets: ...

    @property
    def screen(self) -> pygame.Surface: ...

    @property
    def pictures(self) -> dict: ...

    #: Set True: everything is redrawn after this frame.
    dirty: bool

    def invalidate(self, rect: pygame.Rect) -> None: ...

    def new_anim(self) -> AnimQueue: ...

    #: The pointer: the menu asks how many fingers are down.
    @property
    def input(self) -> PointerInput: ...


class Speech(Protocol):
    """The spoken prompts."""

    @property
    def voice(self) -> Voice: ...

    @property
    def in_background(self) -> bool: ...

    def forget_spoken(self, scene: Scene, slot: str) -> None: ...


class Preferences(Protocol):
    """The settings, and their changes (the settings screen, the setup's remembered choices)."""

    @property
    def settings(self) -> Settings: ...

    @property
    def settings_store(self) -> SettingsStore: ...

    @property
    def run_only(self) -> dict[str, Any]: ...

    def save_settings(self) -> None: ...

    def set_sound(self, on: bool) -> None: ...

    def set_voices(self, on: bool) -> None: ...

    def set_speed(self, speed: str) -> None: ...

    def set_language(self, lang: str, remember: bool = True) -> None: ...

    def set_fullscreen(self, on: bool) -> None: ...


class SavedGames(Protocol):
    """The saves, and what is wrong with saving."""

    @property
    def saves(self) -> SaveStore: ...

    def saving_reason(self, why: str | None = None, english: str | None = None, where: Any = None) -> str: ...

    def take_home_warnings(self) -> list[tuple[str, str]]: ...


class Stack(Protocol):
    """The scenes on screen, the top one taking the input."""

    @property
    def stack(self) -> list[Scene]: ...

    @property
    def top(self) -> Scene | None: ...

    def push(self, scene: Scene) -> None: ...

    def pop(self) -> None: ...

    def reset_to(self, *scenes: Scene) -> None: ...

    def hold_games_in_stack(self) -> None: ...


class Ways(Protocol):
    """The ways between scenes (``nav``), and closing the app."""

    @property
    def nav(self) -> Navigation: ...

    def quit(self) -> None: ...


class SceneContext(Language, Clock, Picture, Speech, Preferences, SavedGames, Stack, Ways, Protocol):
    """Everything a scene may use of the app (``Scene.app``)."""
