"""The user's settings (language, sound, animation speed, fullscreen, the grown-up lock, the kiosk,
the last player setup)."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from kidgames.core.i18n import LANGUAGES, system_language
from kidgames.core.seats import Seat
from kidgames.core.storage import Unreachable, clean_leftovers, read_json, set_aside, write_json_atomic

SPEEDS = ("slow", "normal", "fast")
SPEED_FACTORS = {"slow": 0.6, "normal": 1.0, "fast": 2.0}
#: How long a secret stays open for its one person (seconds; None: until that person taps).
SECRET_TIMES: tuple[int | None, ...] = (3, 5, 10, None)
MAX_SEATS = 8        # more than any game seats: a longer remembered setup is not ours


@dataclass
class Settings:
    lang: str = field(default_factory=system_language)
    sound: bool = True
    voices: bool = True          # spoken prompts (separate from the sound effects)
    speed: str = "normal"
    fullscreen: bool | None = None   # None: never chosen (full screen on a small screen, see ui/app.py)
    secret_seconds: int | None = 5
    # Closing the app and opening the settings ask a grown-up first (a 2 s hold with one finger,
    # then a sum a young child cannot do: kidgames/ui/grownup.py); the settings turn it off.
    grownup_lock: bool = True
    kiosk: bool = False          # no way to close the app but the grown-up's Shift+Ctrl+Escape
    last_setup: dict[str, Any] = field(default_factory=dict)   # game id -> list of seat dicts
    last_options: dict[str, Any] = field(default_factory=dict)  # game id -> {option: JSON value}
    # A guided first game (issue 35): game id -> whether its next game is guided.  A game not named
    # here has never been played to its end on this computer: its first game is guided.
    guided: dict[str, bool] = field(default_factory=dict)

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
        if isinstance(data.get("voices"), bool):
            settings.voices = data["voices"]
        if data.get("speed") in SPEEDS:
            settings.speed = data["speed"]
        if isinstance(data.get("fullscreen"), bool):
            settings.fullscreen = data["fullscreen"]
        if isinstance(data.get("grownup_lock"), bool):
            settings.grownup_lock = data["grownup_lock"]
        if isinstance(data.get("kiosk"), bool):
            settings.kiosk = data["kiosk"]
        secret = data.get("secret_seconds", settings.secret_seconds)
        if secret in SECRET_TIMES and not isinstance(secret, (bool, float)):
            settings.secret_seconds = secret
        settings.last_setup = last_setup_from_json(data.get("last_setup"))
        settings.last_options = last_options_from_json(data.get("last_options"))
        settings.guided = guided_from_json(data.get("guided"))
        return settings

    def is_guided(self, game_id: str) -> bool:
        """Whether the next game of ``game_id`` is guided (its first one is, until a guided game
        of it reached its results or the setup screen's switch turned it off)."""
        return self.guided.get(game_id, True)


def last_setup_from_json(data: Any) -> dict[str, list[dict]]:
    """The remembered player setups: each game id with a list of valid seats; anything else is
    dropped (a setup screen must never meet a number where it expects players)."""
    setups: dict[str, list[dict]] = {}
    if not isinstance(data, dict):
        return setups
    for game_id, seats in data.items():
        if not isinstance(game_id, str) or not isinstance(seats, list) or not 0 < len(seats) <= MAX_SEATS:
            continue
        try:
            setups[game_id] = [Seat.from_json(seat).to_json() for seat in seats]
        except ValueError:
            continue
    return setups


def last_options_from_json(data: Any) -> dict[str, dict]:
    """The remembered options: game id -> {name: plain JSON value}; each game's spec checks the
    values and their types when it reads them back (``GameSpec.options_from_json``)."""
    if not isinstance(data, dict):
        return {}
    return {game_id: {name: value for name, value in options.items()
                      if isinstance(name, str) and (value is None or isinstance(value, (bool, int, str)))}
            for game_id, options in data.items() if isinstance(game_id, str) and isinstance(options, dict)}


def guided_from_json(data: Any) -> dict[str, bool]:
    """The remembered guided-game switches: game id -> True or False; anything else is dropped (the
    game's first game is guided again)."""
    if not isinstance(data, dict):
        return {}
    return {game_id: on for game_id, on in data.items() if isinstance(game_id, str) and isinstance(on, bool)}


class SettingsStore:
    def __init__(self, folder: Path) -> None:
        self.path = Path(folder) / "settings.json"
        self.problem: str | None = None          # why damaged settings were set aside (once)
        self.set_aside_as: Path | None = None

    def load(self) -> Settings:
        """The saved settings; damaged ones are set aside (kept, renamed) and the defaults used."""
        clean_leftovers(self.path.parent, self.path.name)
        try:
            return Settings.from_json(read_json(self.path))
        except Unreachable:
            # The home itself cannot be used (a file, a device, too long): no settings file is
            # damaged or put aside; the app says once what is wrong with the home.
            return Settings()
        except ValueError as exc:
            self.problem = str(exc)
            try:
                self.set_aside_as = set_aside(self.path)
            except OSError:
                self.set_aside_as = None
            return Settings()

    def save(self, settings: Settings) -> None:
        try:
            write_json_atomic(self.path, settings.to_json())
        except (OSError, ValueError):
            pass  # a read-only home must not stop the game (said once at start: SaveStore.check_home)


def saved_language(folder: Path) -> str:
    """The language of the settings saved in ``folder`` (the system's when none is saved), read
    without touching anything: a damaged file is left for the app, which sets it aside and says so."""
    try:
        data = read_json(Path(folder) / "settings.json")
    except ValueError:
        data = None
    return Settings.from_json(data).lang
