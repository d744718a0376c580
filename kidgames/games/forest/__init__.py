"""Fairy-Tale Forest (game id ``forest``): look under the trees, then name the wanted one at the castle."""
from pathlib import Path

from kidgames.core.protocol import BOARD, FLAG, GameSpec, Option, Words

# What the menu and the command line know of the game before its rules are imported
# (rules.py reads them from here).
GAME_ID = "forest"
TITLE = "Fairy-Tale Forest"
MIN_PLAYERS, MAX_PLAYERS = 2, 6
#: The game's options (the app's setup and command line take them from here).
OPTIONS = (Option("short", FLAG, False, text="option.short", help="7 trees and cards instead of 13"),
           Option("board", BOARD, None, text="option.board", help="play a modified board file"))

SPEC = GameSpec.later(
    __name__, id=GAME_ID, title=TITLE, players=(MIN_PLAYERS, MAX_PLAYERS), options=OPTIONS,
    scene=".scene:ForestScene",
    ai=".ai:choose", remember=".ai:remember",   # the computer player: its choice, its memory
    public_side=".rules:public_side",      # a computer's look: which tree, never its motif
    tile=("tree", "castle", "dice"),
    rules=(
        ("dice+tree", "rules.forest.goal"), ("dice+dice", "rules.forest.walk"),
        ("castle+crown", "rules.forest.castle"), ("crown+check+home", "rules.forest.guess"),
        ("dice+home", "rules.forest.home"), ("swap+sparkles+shuffle", "rules.forest.magic"),
        ("trophy", "rules.forest.end"),
    ),
    computer_levels=True,
    words=Words(
        spoken=("forest.hint", "forest.right", "forest.wrong", "forest.home", "forest.jumped", "forest.swapped",
                "forest.shuffled", "forest.end", "results.forest",
                "forest.demo", "forest.guide"),
        pictures={"forest.hint.roll": "dice", "forest.hint.move": "finger", "forest.hint.magic": "sparkles",
                  "forest.hint.guess": "tree", "forest.hint.swap": "swap", "forest.hint.jump": "tree",
                  "forest.hint.choose": "dice", "forest.hint.computer": "robot",
                  # the guided first game (guide.py): each treasure found is pictured
                  "forest.guide": "tree", "forest.guide.key": "castle", "forest.guide.magic": "sparkles",
                  **{f"forest.guide.found.{motif}": motif for motif in (
                      "spindle", "brick_house", "boots", "belt", "beans", "lollipop", "spinning_wheel", "mirror",
                      "red_hood", "golden_ball", "rapunzel_hair", "glass_slipper", "crown")}},
        catalog=Path(__file__).parent / "locale",     # the "Show me!" (demo.py) and guide (guide.py) sentences
    ),
)
