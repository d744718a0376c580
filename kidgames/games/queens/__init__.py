"""Sleeping Queens (game id ``queens``): rules engine and computer players; the scene comes later."""
from kidgames.core.protocol import FLAG, GameSpec, Option

from .rules import MAX_PLAYERS, MIN_PLAYERS, TITLE, new_state, state_from_json

SPEC = GameSpec(
    id="queens",
    title=TITLE,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    new_state=new_state,
    state_from_json=state_from_json,
    scene="",                   # no scene yet: the menu does not list a game without one
    ai="kidgames.games.queens.ai:choose",
    hidden_info=True,
    # Answering attacks is the controller's business; the engine always offers defend and allow.
    options=(Option("auto_defend", FLAG, False, text="option.auto_defend",
                    help="answer attacks for young children (defend whenever possible)"),),
    tile=("queen", "sleeping", "crown", "dragon", "knight"),
    rules=(),
    computer_levels=True,
)
