"""Fairy-Tale Forest (game id ``forest``): look under the trees, then name the wanted one at the castle."""
from kidgames.core.protocol import BOARD, FLAG, GameSpec, Option

from .rules import MAX_PLAYERS, MIN_PLAYERS, TITLE, new_state, state_from_json

SPEC = GameSpec(
    id="forest",
    title=TITLE,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    new_state=new_state,
    state_from_json=state_from_json,
    scene="kidgames.games.forest.scene:ForestScene",
    ai="kidgames.games.forest.ai:choose",
    hidden_info=True,
    options=(
        Option("short", FLAG, False, text="option.short", help="7 trees and cards instead of 13"),
        Option("board", BOARD, None, text="option.board", help="play a modified board file"),
    ),
    tile=("tree", "castle", "dice"),
    rules=(
        ("dice+tree", "rules.forest.goal"), ("dice+dice", "rules.forest.walk"),
        ("castle+crown", "rules.forest.castle"), ("crown+check+home", "rules.forest.guess"),
        ("dice+home", "rules.forest.home"), ("swap+sparkles+shuffle", "rules.forest.magic"),
        ("trophy", "rules.forest.end"),
    ),
    computer_levels=True,
)
