"""Castle Builders (game id ``castle``): draw cards to build a castle, beware of the witches;
rules engine, computer players and the screen."""
from pathlib import Path

from kidgames.core.protocol import FLAG, GameSpec, Option, Words

# What the menu and the command line know of the game before its rules are imported
# (rules.py reads them from here).
GAME_ID = "castle"
TITLE = "Castle Builders"
MIN_PLAYERS, MAX_PLAYERS = 2, 4
#: The game's options (the app's setup and command line take them from here).
OPTIONS = (Option("auto_fairy", FLAG, False, text="option.auto_fairy",
                  help="use a fairy against a witch for young children"),)

SPEC = GameSpec.later(
    __name__, id=GAME_ID, title=TITLE, players=(MIN_PLAYERS, MAX_PLAYERS), options=OPTIONS,
    scene=".scene:CastleScene",
    ai=".ai:choose", remember=".ai:remember",   # the computer player: its choice, its memory
    # auto-fairy: the controller uses a person's fairy against a witch
    auto_answer=".rules:auto_answer",
    tile=("castle", "witch", "fairy", "diamond"),
    rules=(
        ("castle", "rules.castle.goal"), ("castle+diamond+fairy", "rules.castle.draw"),
        ("witch", "rules.castle.witch"), ("fairy+witch", "rules.castle.fairy"),
        ("diamond+diamond+diamond", "rules.castle.buy"), ("castle+sparkles", "rules.castle.free"),
    ),
    computer_levels=True,
    words=Words(
        spoken=("castle.hint", "castle.say", "castle.question", "castle.why", "castle.use_fairy",
                "castle.accept_witch", "castle.demo", "castle.guide"),
        pictures={"castle.hint.computer": "robot", "castle.hint.draw": "plus", "castle.hint.again": "plus",
                  "castle.hint.buy": "diamond", "castle.hint.pass": "play", "castle.hint.witch": "fairy",
                  "castle.hint.lose": "witch", "castle.why.stop": "plus",
                  # the guided first game (guide.py)
                  "castle.guide": "castle", "castle.guide.finished": "trophy", "castle.guide.bought": "diamond",
                  "castle.guide.saved": "fairy", "castle.guide.diamond": "diamond", "castle.guide.fairy": "fairy"},
        catalog=Path(__file__).parent / "locale",     # the "Show me!" (demo.py) and guide (guide.py) sentences
    ),
)
