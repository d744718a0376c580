"""Castle Builders (game id ``castle``): draw cards to build a castle, beware of the witches."""
from kidgames.core.protocol import FLAG, GameSpec, Option

from .rules import MAX_PLAYERS, MIN_PLAYERS, TITLE, new_state, state_from_json

SPEC = GameSpec(
    id="castle",
    title=TITLE,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    new_state=new_state,
    state_from_json=state_from_json,
    scene="",           # the screen comes later; a spec without a scene is not offered in the menu
    ai="kidgames.games.castle.ai:choose",
    hidden_info=False,  # only the draw pile's order is hidden, from everyone alike
    options=(Option("auto_fairy", FLAG, False, text="option.auto_fairy",
                    help="use a fairy against a witch for young children"),),
    tile=("castle", "witch", "fairy", "diamond"),
    rules=(),
    computer_levels=True,
)
