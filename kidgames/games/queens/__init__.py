"""Sleeping Queens (game id ``queens``): rules engine, computer players and the screen."""
from kidgames.core.protocol import FLAG, GameSpec, Option

from .rules import MAX_PLAYERS, MIN_PLAYERS, TITLE, auto_answer, new_state, private_decision, state_from_json

SPEC = GameSpec(
    id="queens",
    title=TITLE,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    new_state=new_state,
    state_from_json=state_from_json,
    scene="kidgames.games.queens.scene:QueensScene",
    ai="kidgames.games.queens.ai:choose",
    hidden_info=True,
    private_decision=private_decision,
    # Answering attacks is the controller's business; the engine always offers defend and allow.
    auto_answer=auto_answer,
    options=(Option("auto_defend", FLAG, False, text="option.auto_defend",
                    help="answer attacks for young children (defend whenever possible)"),),
    tile=("queen", "sleeping", "crown", "dragon", "knight"),
    rules=(
        ("sleeping+queen", "rules.queens.goal"), ("card_king+queen_cat", "rules.queens.king"),
        ("knight+dragon", "rules.queens.knight"), ("card_potion+card_wand", "rules.queens.potion"),
        ("card_jester", "rules.queens.jester"), ("sparkles", "rules.queens.discard"),
        ("queen_rose", "rules.queens.rose"), ("queen_cat+queen_dog", "rules.queens.cat_dog"),
    ),
    computer_levels=True,
)
