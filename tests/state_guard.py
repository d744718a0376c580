"""A game state that the UI cannot read: every attribute read or write of it from a module under
``kidgames.ui`` or from the game's own scene, art or layout modules raises (and is recorded, in
case a caller catches it).  The session, the turn controller, the save store and the rules engine
itself (kidgames/core, the game's rules.py) read it as before.

A test guards a game by one line (``guard_game(app, "knights")``) before it opens the game: the
app's spec of that game then makes (and reads back from a save) guarded states.
"""
from __future__ import annotations

import dataclasses
import sys
from typing import Any


class StateReadByUI(AssertionError):
    """A module of the UI read the game state."""


def _forbidden(module: str, game_id: str) -> bool:
    return (module == "kidgames.ui" or module.startswith("kidgames.ui.")
            or module in {f"kidgames.games.{game_id}.{part}" for part in ("scene", "art", "layout")})


class GuardedState:
    """``state`` behind a guard that names the module of every caller that may not read it."""

    def __init__(self, state: Any, game_id: str, breaches: list) -> None:
        object.__setattr__(self, "_guarded", (state, game_id, breaches))

    def _check(self, name: str) -> Any:
        state, game_id, breaches = object.__getattribute__(self, "_guarded")
        caller = sys._getframe(2).f_globals.get("__name__", "")
        if _forbidden(caller, game_id):
            breaches.append((caller, name))
            raise StateReadByUI(f"{caller} reads the state's {name!r}")
        return state

    def __getattribute__(self, name: str) -> Any:
        if name == "__class__":      # isinstance (the controller asks whether the state keeps steps)
            return type(object.__getattribute__(self, "_guarded")[0])
        return getattr(GuardedState._check(self, name), name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(GuardedState._check(self, name), name, value)


def guard_game(app, game_id: str) -> list:
    """Make the app's game ``game_id`` play on guarded states; returns the list that records every
    read of the UI (empty while the UI reads views only)."""
    breaches: list = []
    spec = app.games[game_id]

    def new_state(*args, **kwargs):
        return GuardedState(spec.new_state(*args, **kwargs), game_id, breaches)

    def state_from_json(data):
        return GuardedState(spec.state_from_json(data), game_id, breaches)
    app.games = dict(app.games)
    app.games[game_id] = dataclasses.replace(spec, new_state=new_state, state_from_json=state_from_json)
    return breaches
