"""The game in progress, saved after every action, offered again when the app starts.

A damaged save file is set aside (renamed, never deleted) and reported with a message; it never
stops the app.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from kidgames.core.seats import Seat, seats_valid
from kidgames.core.storage import set_aside, write_json_atomic

FORMAT = 1


@dataclass
class SavedGame:
    game_id: str
    seats: list[Seat]
    state: Any
    options: dict


@dataclass
class LoadResult:
    saved: SavedGame | None = None
    problem: str | None = None       # why a damaged save was set aside
    set_aside_as: Path | None = None


class SaveStore:
    def __init__(self, folder: Path) -> None:
        self.path = Path(folder) / "save.json"

    def save(self, game_id: str, seats: list[Seat], state: Any, options: Mapping[str, Any] | None = None) -> None:
        data = {"format": FORMAT, "game": game_id, "saved_at": time.time(),
                "seats": [s.to_json() for s in seats], "options": dict(options or {}),
                "state": state.to_json()}
        try:
            write_json_atomic(self.path, data)
        except OSError:
            pass  # a full or read-only disk must not stop the game in front of the children

    def clear(self) -> None:
        try:
            self.path.unlink()
        except OSError:
            pass

    def exists(self) -> bool:
        return self.path.exists()

    def load(self, games: Mapping[str, Any]) -> LoadResult:
        """Read the save; a damaged one is set aside with the reason in ``problem``."""
        if not self.path.exists():
            return LoadResult()
        try:
            with self.path.open(encoding="utf-8") as handle:
                data = json.load(handle)
            saved = self._parse(data, games)
            return LoadResult(saved=saved)
        except (OSError, ValueError, KeyError, TypeError) as exc:
            reason = str(exc) or type(exc).__name__
            try:
                moved = set_aside(self.path)
            except OSError:
                moved = None
            return LoadResult(problem=reason, set_aside_as=moved)

    @staticmethod
    def _parse(data: Any, games: Mapping[str, Any]) -> SavedGame:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("the save file is not a kidgames save of a known format")
        game_id = data.get("game")
        if game_id not in games:
            raise ValueError(f"the save file is of an unknown game {game_id!r}")
        spec = games[game_id]
        seats = [Seat.from_json(s) for s in data.get("seats") or []]
        if not spec.min_players <= len(seats) <= spec.max_players or not seats_valid(seats):
            raise ValueError("the players in the save file do not fit the game")
        state = spec.state_from_json(data["state"])
        if getattr(state, "num_players", len(seats)) != len(seats):
            raise ValueError("the save file has a different number of players than its game")
        if state.is_over:
            raise ValueError("the saved game is already over")
        options = data.get("options") if isinstance(data.get("options"), dict) else {}
        return SavedGame(game_id, seats, state, options)
