"""The settings of one run of the app: those saved in the home, and those the command line set for
this run only (a language, a speed, the screen, the kiosk), which the saved settings keep their own
value of until the family chooses that setting on the settings screen.  --mute never touches them."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from kidgames.core.settings import Settings, SettingsStore


class RunSettings:
    """``settings`` and ``run_only`` are changed in place, never replaced (the app shares them)."""

    def __init__(self, store: SettingsStore, settings: Settings | None = None) -> None:
        self.store = store
        self.settings = settings if settings is not None else store.load()
        #: setting name -> the saved value, for each setting set for this run only
        self.run_only: dict[str, Any] = {}

    def for_this_run(self, name: str, value: Any) -> None:
        """Set one setting for this run only; the value saved before stays the saved one."""
        self.run_only.setdefault(name, getattr(self.settings, name))
        setattr(self.settings, name, value)

    def choose(self, name: str, value: Any) -> None:
        """The family chose ``value``: it is saved from now on, whatever the command line said."""
        self.run_only.pop(name, None)
        setattr(self.settings, name, value)

    def saved(self) -> Settings:
        """The settings as they are saved: what this run uses, except what the command line set
        for this run only."""
        return replace(self.settings, **self.run_only)

    def save(self) -> None:
        self.store.save(self.saved())
