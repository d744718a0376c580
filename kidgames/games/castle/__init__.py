"""Castle Builders (game id ``castle``): draw cards to build a castle, beware of the witches;
rules engine, computer players and the screen."""
from kidgames.core.protocol import FLAG, GameSpec, Option

from .rules import MAX_PLAYERS, MIN_PLAYERS, TITLE, new_state, state_from_json

SPEC = GameSpec(
    id="castle",
    title=TITLE,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    new_state=new_state,
    state_from_json=state_from_json,
    scene="kidgames.games.castle.scene:CastleScene",
    ai="kidgames.games.castle.ai:choose",
    hidden_info=False,  # only the draw pile's order is hidden, from everyone alike
    options=(Option("auto_fairy", FLAG, False, text="option.auto_fairy",
                    help="use a fairy against a witch for young children"),),
    tile=("castle", "witch", "fairy", "diamond"),
    rules=(
        ("castle", "rules.castle.goal"), ("castle+diamond+fairy", "rules.castle.draw"),
        ("witch", "rules.castle.witch"), ("fairy+witch", "rules.castle.fairy"),
        ("diamond+diamond+diamond", "rules.castle.buy"), ("castle+sparkles", "rules.castle.free"),
    ),
    computer_levels=True,
)
