"""Race to the Tree (game id ``race``): the smallest complete game, the worked example of
docs/adding-a-game.md.  Registered only in the tests."""
from kidgames.core.protocol import GameSpec

from . import rules

SPEC = GameSpec.of(
    rules,
    scene="race_game.scene:RaceScene",
    ai="race_game.ai:choose",
    tile=("tree", "dice"),
    rules=(),        # the rules pages in pictures: (sprites, message key) pairs
)
