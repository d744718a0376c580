"""The registry of games: ``from kidgames.games import GAMES`` (no pygame is imported)."""
from kidgames.core.protocol import GameSpec
from kidgames.games.castle import SPEC as _CASTLE
from kidgames.games.knights import SPEC as _KNIGHTS
from kidgames.games.queens import SPEC as _QUEENS

# Fairy-Tale Forest (kidgames.games.forest) joins when its screen does: uniformly random play, as
# the protocol check plays it, needs 25,000–64,000 actions a game (the rules have no turn limit).
GAMES: dict[str, GameSpec] = {spec.id: spec for spec in (_KNIGHTS, _CASTLE, _QUEENS)}

__all__ = ["GAMES", "GameSpec"]
