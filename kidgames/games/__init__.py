"""The registry of games: ``from kidgames.games import GAMES`` (no pygame is imported).

Every package in this folder whose ``__init__`` defines ``SPEC`` (a :class:`GameSpec`) is a game:
adding a game is adding its package (docs/adding-a-game.md), nothing here changes.  The menu shows
the games in the order of :data:`MENU_FIRST`, then any others by id."""
from __future__ import annotations

import importlib
import pkgutil

from kidgames.core.protocol import GameSpec

#: The games the menu shows first, in this order.
MENU_FIRST = ("knights", "forest", "castle", "queens")


def discover() -> dict[str, GameSpec]:
    """Every game package in this folder, by game id, in menu order."""
    found: dict[str, GameSpec] = {}
    for module in pkgutil.iter_modules(__path__):
        if not module.ispkg:
            continue
        spec = getattr(importlib.import_module(f"{__name__}.{module.name}"), "SPEC", None)
        if isinstance(spec, GameSpec):
            found[spec.id] = spec
    order = {game_id: i for i, game_id in enumerate(MENU_FIRST)}
    return dict(sorted(found.items(), key=lambda item: (order.get(item[0], len(order)), item[0])))


GAMES: dict[str, GameSpec] = discover()

__all__ = ["GAMES", "GameSpec", "discover"]
