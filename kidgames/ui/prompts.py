"""The prompt of a game in a picture: beside the words "Anna, tap the dice!" a die, beside "tap a
sleeping queen" a sleeping queen, so that a child who hears the prompt sees which thing is meant.

A prompt's picture follows from its message key (kidgames/core/i18n.Message): the most specific
entry of :data:`PICTURES` that the key starts with.  The picture is shown on the prompt button,
which says the prompt again when tapped (kidgames/ui/game.py)."""
from __future__ import annotations

from typing import Any

#: Message key (or its beginning) -> sprite name.  The longest matching beginning wins.
PICTURES = {
    "knights.hint.roll": "dice", "knights.hint.computer": "robot",
    "forest.hint.roll": "dice", "forest.hint.move": "finger", "forest.hint.magic": "sparkles",
    "forest.hint.guess": "tree", "forest.hint.swap": "swap", "forest.hint.jump": "tree",
    "forest.hint.choose": "dice", "forest.hint.computer": "robot",
    "queens.hint.computer": "robot", "queens.hint.wait": "person", "queens.hint.pick": "finger",
    "queens.hint.king": "sleeping", "queens.hint.knight": "knight", "queens.hint.potion": "card_potion",
    "queens.hint.jester": "card_jester", "queens.hint.discard": "sparkles", "queens.hint.wake": "sleeping",
    "queens.attack.knight": "dragon", "queens.attack.potion": "card_wand",
    "queens.refuse": "finger", "queens.why.no_dragon": "dragon", "queens.why.no_wand": "card_wand",
    "queens.no_discard": "cross",
    "castle.hint.computer": "robot", "castle.hint.draw": "plus", "castle.hint.again": "plus",
    "castle.hint.buy": "diamond", "castle.hint.pass": "play", "castle.hint.witch": "witch",
    "castle.hint.lose": "witch", "castle.why.stop": "plus",
}
DEFAULT = "speaking"


def prompt_picture(text: Any) -> str:
    """The picture of a prompt (a text from the catalogs), or the speaking head."""
    key = getattr(text, "key", None)
    if not key:
        return DEFAULT
    best = max((k for k in PICTURES if key == k or key.startswith(k + ".")), key=len, default=None)
    return PICTURES[best] if best else DEFAULT
