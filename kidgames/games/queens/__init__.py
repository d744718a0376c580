"""Sleeping Queens (game id ``queens``): rules engine, computer players and the screen."""
from pathlib import Path

from kidgames.core.protocol import FLAG, GameSpec, Option, Words

# What the menu and the command line know of the game before its rules are imported
# (rules.py reads them from here).
GAME_ID = "queens"
TITLE = "Sleeping Queens"
MIN_PLAYERS, MAX_PLAYERS = 2, 5
#: The game's options (the app's setup and command line take them from here; answering attacks is
#: the turn controller's business, the engine always offers defend and allow).
OPTIONS = (Option("auto_defend", FLAG, False, text="option.auto_defend",
                  help="answer attacks for young children (defend whenever possible)"),)

SPEC = GameSpec.later(
    __name__, id=GAME_ID, title=TITLE, players=(MIN_PLAYERS, MAX_PLAYERS), options=OPTIONS,
    scene=".scene:QueensScene",
    ai=".ai:choose", remember=".ai:remember",   # the computer player: its choice, its memory
    # a turn and an answer to an attack are decided with the hand in view; answering an attack
    # for a person (auto-defend) is the controller's business: the engine offers defend and allow
    private_decision=".rules:private_decision",
    auto_answer=".rules:auto_answer",
    tile=("queen", "sleeping", "crown", "dragon", "knight"),
    rules=(
        ("sleeping+queen", "rules.queens.goal"), ("card_king+queen_cat", "rules.queens.king"),
        ("knight+dragon", "rules.queens.knight"), ("card_potion+card_wand", "rules.queens.potion"),
        ("card_jester", "rules.queens.jester"), ("sparkles", "rules.queens.discard"),
        ("queen_rose", "rules.queens.rose"), ("queen_cat+queen_dog", "rules.queens.cat_dog"),
    ),
    computer_levels=True,
    words=Words(
        spoken=("queens.hint", "queens.attack", "queens.question", "queens.say", "queens.refuse", "queens.why",
                "queens.defend", "queens.no_discard", "queens.allow", "queens.demo", "queens.guide"),
        values=("queens.queen",),       # a queen's name, said inside "the knight of Red wants the Cat Queen"
        pictures={"queens.hint.computer": "robot", "queens.hint.wait": "person", "queens.hint.pick": "finger",
                  "queens.hint.king": "sleeping", "queens.hint.knight": "knight", "queens.hint.potion": "card_potion",
                  "queens.hint.jester": "card_jester", "queens.hint.discard": "sparkles",
                  "queens.hint.wake": "sleeping", "queens.attack.knight": "dragon", "queens.attack.potion": "card_wand",
                  "queens.refuse": "finger", "queens.why.no_dragon": "dragon", "queens.why.no_wand": "card_wand",
                  "queens.no_discard": "cross",
                  # the guided first game (guide.py): each queen woken or brought is pictured
                  "queens.guide": "sleeping", "queens.guide.slept": "card_potion", "queens.guide.dragon": "dragon",
                  "queens.guide.wand": "card_wand", "queens.guide.again": "card_jester",
                  "queens.guide.pair": "sparkles", "queens.guide.sum": "sparkles",
                  **{f"queens.guide.{done}.{queen}": f"queen_{queen}" for done in ("woke", "took") for queen in (
                      "heart", "cat", "dog", "pancake", "ladybug", "moon", "peacock", "sunflower", "cake", "rainbow",
                      "rose", "starfish")}},
        catalog=Path(__file__).parent / "locale",     # the "Show me!" (demo.py) and guide (guide.py) sentences
    ),
)
