"""Knights and the Golden Treasure (game id ``knights``)."""
from kidgames.core.protocol import GameSpec

from .rules import MAX_PLAYERS, MIN_PLAYERS, TITLE, new_state, state_from_json

SPEC = GameSpec(
    id="knights",
    title=TITLE,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    new_state=new_state,
    state_from_json=state_from_json,
    scene="kidgames.games.knights.scene:KnightsScene",
    ai="kidgames.games.knights.ai:choose",
    options={"board": None},
)
