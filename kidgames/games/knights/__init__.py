"""Knights and the Golden Treasure (game id ``knights``)."""
from pathlib import Path

from kidgames.core.protocol import GameSpec, Words

from . import rules

SPEC = GameSpec.of(
    rules,
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
                "knights.castle", "results.knights", "knights.demo"),
        pictures={"knights.hint.roll": "dice", "knights.hint.computer": "robot"},
        catalog=Path(__file__).parent / "locale",     # the "Show me!" sentences (demo.py)
    ),
)
