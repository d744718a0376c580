"""Race to the Tree (game id ``race``): the smallest complete game, the worked example of
docs/adding-a-game.md.  Registered only in the tests; everything it needs is in this folder: its
rules, track, computer player, scene, and its own words (``locale/``: its texts in the five
languages; ``voices/``: the clips that speak its prompts)."""
from pathlib import Path

from kidgames.core.protocol import GameSpec, Words

from . import rules

HERE = Path(__file__).resolve().parent

SPEC = GameSpec.of(
    rules,
    scene=".scene:RaceScene",
    ai=".ai:choose",
    tile=("tree", "dice"),
    rules=(("dice+tree+flower+snail", "rules.race.goal"),),   # the rules pages: pictures and a message key
    words=Words(
        spoken=("race.hint",),                                 # whose turn: "Anna, tap the die!"
        pictures={"race.hint.roll": "dice", "race.hint.computer": "robot"},
        catalog=HERE / "locale",
        voices=HERE / "voices",
    ),
)
