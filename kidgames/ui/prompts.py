"""The prompt of a game in a picture: beside the words that ask a child to tap a thing, that thing,
so that a child who hears the prompt sees which thing is meant.

A prompt's picture follows from its message key (kidgames/core/i18n.Message) and the pictures the
game declares for its prompts (``spec.words.pictures``, kidgames/core/protocol.Words): the longest
entry that matches the key.  The picture is shown on the prompt button, which says the prompt again
when tapped (kidgames/ui/game.py)."""
from __future__ import annotations

from typing import Mapping

from kidgames.core.i18n import Message
from kidgames.core.protocol import key_matches

#: The picture of a prompt no game pictures (and of a text that is no prompt): the speaking head.
DEFAULT = "speaking"


def prompt_picture(text: str, pictures: Mapping[str, str]) -> str:
    """The picture of a prompt (a text from the catalogs) among a game's ``pictures``, or the
    speaking head."""
    if not isinstance(text, Message):
        return DEFAULT
    best = max((entry for entry in pictures if key_matches(text.key, entry)), key=len, default=None)
    return pictures[best] if best else DEFAULT
