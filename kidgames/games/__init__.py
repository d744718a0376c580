"""The registry of games: ``from kidgames.games import GAMES`` (no pygame is imported)."""
from kidgames.core.protocol import GameSpec
from kidgames.games.castle import SPEC as _CASTLE
from kidgames.games.forest import SPEC as _FOREST
from kidgames.games.knights import SPEC as _KNIGHTS
from kidgames.games.queens import SPEC as _QUEENS

GAMES: dict[str, GameSpec] = {spec.id: spec for spec in (_KNIGHTS, _FOREST, _CASTLE, _QUEENS)}

__all__ = ["GAMES", "GameSpec"]
