"""Knights and the Golden Treasure (game id ``knights``)."""
from pathlib import Path

from kidgames.core.protocol import BOARD, GameSpec, Option, Words

# What the menu and the command line know of the game before its rules are imported
# (rules.py reads them from here).
GAME_ID = "knights"
TITLE = "Knights and the Golden Treasure"
MIN_PLAYERS, MAX_PLAYERS = 2, 6
#: The game's options (the app's setup and command line take them from here).
OPTIONS = (Option("board", BOARD, None, text="option.board", help="play a modified board file"),)

SPEC = GameSpec.later(
    __name__, id=GAME_ID, title=TITLE, players=(MIN_PLAYERS, MAX_PLAYERS), options=OPTIONS,
    scene=".scene:KnightsScene",
    ai=".ai:choose",
    tile=("castle", "knight", "dragon", "chest", "witch"),
    rules=(
        ("knight+dice", "rules.knights.goal"), ("castle+chest", "rules.knights.castle"),
        ("sword", "rules.knights.sword"), ("dragon", "rules.knights.dragon"),
        ("witch", "rules.knights.witch"), ("black_horse+white_horse+brown_horse", "rules.knights.horses"),
        ("princess+pool", "rules.knights.pool"), ("fish", "rules.knights.fish"),
        ("apple", "rules.knights.apple"), ("firebird", "rules.knights.firebird"),
        ("frog_king+well", "rules.knights.frog_king"), ("hell+devil", "rules.knights.hell"),
        ("raven+dove", "rules.knights.birds"), ("sorcerer+black_piglet+pink_piglet", "rules.knights.sorcerer"),
        ("golden_hill+giant+club", "rules.knights.giant"), ("golden_gate", "rules.knights.gate"),
        ("crown+snake", "rules.knights.snake"), ("star+dragon_breath", "rules.knights.breath"),
        ("claws", "rules.knights.claws"), ("gate_red_1+sorcerer_1", "rules.knights.red_gate"),
    ),
    pawn="knight",
    computer_levels=False,      # the computer only throws the die
    words=Words(
        spoken=("knights.hint", "knights.effect", "knights.waiting", "knights.stuck", "knights.branch",
                "knights.castle", "results.knights", "knights.demo", "knights.guide"),
        pictures={"knights.hint.roll": "dice", "knights.hint.computer": "robot",
                  # the guided first game (guide.py): the field that helped
                  "knights.guide": "castle", "knights.guide.treasure": "chest", "knights.guide.bank": "pool",
                  "knights.guide.free.pool": "pool",
                  **{f"knights.guide.{field}": field for field in (
                      "sword", "witch", "white_horse", "dove", "pink_piglet", "princess", "fish", "apple", "firebird",
                      "frog_king")},
                  **{f"knights.guide.free.{field}": field for field in ("dragon", "claws")}},
        catalog=Path(__file__).parent / "locale",     # the "Show me!" (demo.py) and guide (guide.py) sentences
    ),
)
