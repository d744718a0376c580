"""The user's settings (language, sound, animation speed, fullscreen, the last player setup)."""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from kidgames.core.i18n import LANGUAGES, system_language
from kidgames.core.storage import set_aside, write_json_atomic

SPEEDS = ("slow", "normal", "fast")
SPEED_FACTORS = {"slow": 0.6, "normal": 1.0, "fast": 2.0}


@dataclass
class Settings:
    lang: str = field(default_factory=system_language)
    sound: bool = True
    speed: str = "normal"
    fullscreen: bool = False
    last_setup: dict[str, Any] = field(default_factory=dict)   # game id -> list of seat dicts

    @property
    def speed_factor(self) -> float:
        return SPEED_FACTORS.get(self.speed, 1.0)

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> "Settings":
        """Take what is valid from saved data; anything odd falls back to its default."""
        settings = cls()
        if not isinstance(data, dict):
            return settings
        if data.get("lang") in LANGUAGES:
            settings.lang = data["lang"]
        if isinstance(data.get("sound"), bool):
            settings.sound = data["sound"]
        if data.get("speed") in SPEEDS:
            settings.speed = data["speed"]
        if isinstance(data.get("fullscreen"), bool):
            settings.fullscreen = data["fullscreen"]
        if isinstance(data.get("last_setup"), dict):
            settings.last_setup = data["last_setup"]
        return settings


class SettingsStore:
    def __init__(self, folder: Path) -> None:
        self.path = Path(folder) / "settings.json"

    def load(self) -> Settings:
        try:
            with self.path.open(encoding="utf-8") as handle:
                return Settings.from_json(json.load(handle))
        except FileNotFoundError:
            return Settings()
        except (OSError, ValueError):
            try:
                set_aside(self.path)
            except OSError:
                pass
            return Settings()

    def save(self, settings: Settings) -> None:
        try:
            write_json_atomic(self.path, settings.to_json())
        except OSError:
            pass  # a read-only home must not stop the game; the settings simply are not kept
