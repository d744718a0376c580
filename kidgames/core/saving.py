"""The games in progress, one save per game (``saves/<game id>.json`` in the user's folder), saved
after every action and offered again on the menu.

A damaged save file is set aside once (renamed, never deleted) and reported with a message; it never
stops the app, and the next start does not meet it again.
"""
from __future__ import annotations

import math
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from kidgames.core.seats import Seat, seats_valid
from kidgames.core.storage import DamagedFile, clean_leftovers, read_json, set_aside, write_json_atomic
from kidgames.core.turns import TurnController

FORMAT = 1
GAME_ID = re.compile(r"[a-z][a-z0-9_]{0,31}")
LEGACY_NAME = "save.json"      # the one save of every game before there was one per game
FOLDER_NAME = "saves"


@dataclass
class SavedGame:
    game_id: str
    seats: list[Seat]
    state: Any
    options: dict
    saved_at: float = 0.0
    #: The turn controller's data (computer players' memories and random generator, the event
    #: log), checked; None for a save from before it was kept (the game goes on with a fresh one).
    controller: dict | None = None


@dataclass
class LoadResult:
    saved: SavedGame | None = None
    problem: str | None = None       # why a damaged save was set aside
    set_aside_as: Path | None = None
    game_id: str | None = None


def most_recent(saved: Mapping[str, SavedGame]) -> SavedGame | None:
    """The game saved last (the one a family most likely wants to go on with)."""
    return max(saved.values(), key=lambda s: s.saved_at, default=None)


class SaveStore:
    def __init__(self, folder: Path) -> None:
        self.home = Path(folder)
        self.folder = self.home / FOLDER_NAME
        self._prepared = False
        self.unreported: list[LoadResult] = []    # saves set aside that nobody has been told of yet
        # The menu lists the saves each time it shows; a save file unchanged since (same size and
        # time) is not read and validated again (~10 ms a game).
        self._listed: dict[str, tuple[tuple, SavedGame]] = {}

    def file_for(self, game_id: str) -> Path:
        if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
            raise ValueError(f"{game_id!r} is not a game id")
        return self.folder / f"{game_id}.json"

    # -- writing -----------------------------------------------------------------------------------
    def save(self, game_id: str, seats: list[Seat], state: Any, options: Mapping[str, Any] | None = None,
             controller: Mapping[str, Any] | None = None) -> None:
        self._prepare()
        data = {"format": FORMAT, "game": game_id, "saved_at": time.time(),
                "seats": [s.to_json() for s in seats], "options": dict(options or {}),
                "state": state.to_json()}
        if controller is not None:
            data["controller"] = dict(controller)
        try:
            write_json_atomic(self.file_for(game_id), data)
        except (OSError, ValueError):
            pass  # a full or read-only disk must not stop the game in front of the children

    def clear(self, game_id: str) -> None:
        """Forget a finished game's save."""
        self._prepare()
        try:
            self.file_for(game_id).unlink()
        except OSError:
            pass

    def set_aside(self, game_id: str, reason: str, report: bool = True) -> LoadResult:
        """Put a save that turned out to be unplayable out of the way (it is kept, renamed); with
        ``report`` it waits in :attr:`unreported` until the menu tells the family."""
        path = self.file_for(game_id)
        try:
            moved = set_aside(path) if os.path.lexists(path) else None
        except OSError:
            moved = None
        result = LoadResult(problem=reason, set_aside_as=moved, game_id=game_id)
        if report:
            self.unreported.append(result)
        return result

    def take_unreported(self) -> list[LoadResult]:
        """The saves set aside since the last call (each is reported once)."""
        taken, self.unreported = self.unreported, []
        return taken

    # -- reading -----------------------------------------------------------------------------------
    def exists(self, game_id: str) -> bool:
        self._prepare()
        return os.path.lexists(self.file_for(game_id))

    def load(self, game_id: str, games: Mapping[str, Any]) -> LoadResult:
        """Read one game's save; a damaged one is set aside with the reason in ``problem``."""
        self._prepare()
        path = self.file_for(game_id)
        try:
            data = read_json(path)
            if data is None and not os.path.lexists(path):
                return LoadResult(game_id=game_id)
            # A file that says only ``null`` is there, and damaged like any other (_parse says so).
            saved = self._parse(data, games)
            if saved.game_id != game_id:
                raise ValueError(f"the save of {game_id} holds a game of {saved.game_id}")
            return LoadResult(saved=saved, game_id=game_id)
        except (ValueError, KeyError, TypeError, OverflowError, RecursionError, MemoryError) as exc:
            return self.set_aside(game_id, str(exc) or type(exc).__name__)

    def saved_games(self, games: Mapping[str, Any]) -> dict[str, SavedGame]:
        """Every registered game's save that can be continued; damaged ones are set aside (and
        wait in :attr:`unreported`), so the next call does not meet them again."""
        self._prepare()
        saved = {}
        for game_id in games:
            if not GAME_ID.fullmatch(game_id) or not self.exists(game_id):
                continue
            try:
                info = os.lstat(self.file_for(game_id))
                stamp = (info.st_mode, info.st_size, info.st_mtime_ns, info.st_ino)
            except OSError:
                stamp = None
            cached = self._listed.get(game_id)
            if stamp is not None and cached is not None and cached[0] == stamp:
                saved[game_id] = cached[1]
                continue
            loaded = self.load(game_id, games)
            if loaded.saved is not None:
                saved[game_id] = loaded.saved
                if stamp is not None:
                    self._listed[game_id] = (stamp, loaded.saved)
        return saved

    @staticmethod
    def _parse(data: Any, games: Mapping[str, Any]) -> SavedGame:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("the save file is not a kidgames save of a known format")
        game_id = data.get("game")
        if not isinstance(game_id, str) or game_id not in games:
            raise ValueError(f"the save file is of an unknown game {game_id!r}")
        spec = games[game_id]
        seats_data = data.get("seats")
        if not isinstance(seats_data, list):
            raise ValueError("the players in the save file are not a list")
        seats = [Seat.from_json(s) for s in seats_data]
        if not spec.min_players <= len(seats) <= spec.max_players or not seats_valid(seats):
            raise ValueError("the players in the save file do not fit the game")
        state = spec.state_from_json(data.get("state"))
        if getattr(state, "num_players", len(seats)) != len(seats):
            raise ValueError("the save file has a different number of players than its game")
        if state.is_over:
            raise ValueError("the saved game is already over")
        saved_at = data.get("saved_at")
        if not isinstance(saved_at, (int, float)) or isinstance(saved_at, bool) or not math.isfinite(saved_at):
            saved_at = 0.0
        controller = data.get("controller")
        if controller is not None:
            # Checked now, so that a damaged part is set aside with the rest of the save's damage
            # instead of failing when the game opens.
            TurnController.from_json(spec, state, seats, controller)
        return SavedGame(game_id, seats, state, options_from_json(data.get("options"), spec), float(saved_at),
                         controller)

    # -- once per start ----------------------------------------------------------------------------
    def _prepare(self) -> None:
        """Tidy the folder once: old temporary files of killed writes go, a file in the place of
        the saves folder is set aside, and the single save of older versions moves to its game."""
        if self._prepared:
            return
        self._prepared = True
        clean_leftovers(self.home, LEGACY_NAME)
        if os.path.lexists(self.folder) and not self.folder.is_dir():
            try:
                set_aside(self.folder)
            except OSError:
                pass
        clean_leftovers(self.folder, "*.json")
        self._migrate()

    def _migrate(self) -> None:
        legacy = self.home / LEGACY_NAME
        if not os.path.lexists(legacy):
            return
        try:
            data = read_json(legacy)
            game_id = data.get("game") if isinstance(data, dict) else None
            if not isinstance(game_id, str) or not GAME_ID.fullmatch(game_id):
                raise DamagedFile("the save file does not say which game it is")
            target = self.file_for(game_id)
            if os.path.lexists(target):
                raise DamagedFile(f"a newer save of {game_id} is already there")
            self.folder.mkdir(parents=True, exist_ok=True)
            os.replace(legacy, target)
        except (ValueError, OSError) as exc:
            try:
                moved = set_aside(legacy) if os.path.lexists(legacy) else None
            except OSError:
                moved = None
            self.unreported.append(LoadResult(problem=str(exc), set_aside_as=moved))


def options_from_json(data: Any, spec: Any) -> dict:
    """A game's options as saved (JSON values), each declared one with its type (see
    :meth:`GameSpec.options_from_json`); older saves wrote every option as text ("False")."""
    if not isinstance(data, dict):
        data = {}
    data = {name: (value == "True" if value in ("True", "False") else value) for name, value in data.items()}
    return spec.options_from_json(data)
