"""Spoken prompts, as clips (pure Python: which clips exist and which to play for a text).

A child who cannot read hears every prompt.  Nothing is synthesized at run time: each prompt of the
message catalogs is cut into clips once, by ``tools/make_voices.py``:

* a message without placeholders is one clip, named by its key;
* a message with placeholders is cut at them: its literal parts are the clips ``<key>.0``,
  ``<key>.1``, … (in the order of that language's text; a part that is only spaces or signs has none);
* the values a placeholder takes are clips of their own: a pawn colour (``colour.red``: a name typed
  by the family cannot be recorded in advance, so a player is spoken by their pawn's colour), a
  value a game declares (the name of a card), "and" (``results.and``), a number (``number.5``).

Which messages are prompts and which are values is declared: the app's own below (the curtains, the
results, taking a step back), each game's on its spec (kidgames/core/protocol.Words), gathered for
the registered games by :class:`Prompts`.  :meth:`Speaker.sequence` gives the clips that speak a text the
app shows, from its key, the values it was written with and who sits at the table.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from kidgames.core.protocol import Words, key_matches

#: The app's own prompts, the same in every game: every curtain, the winner, a step taken back, a
#: secret closing, the grown-up lock's two steps; a game declares its own (whose turn and what to tap, every question and its
#: answers, the reason a tap did nothing, its events) on its spec.
APP_WORDS = Words(
    spoken=("curtain.pass", "curtain.hint", "curtain.secret", "curtain.question", "results.win",
            "results.together", "results.nobody", "undo", "secret.close", "lock.hold", "lock.task",
            "setup.guide"),
    values=("colour", "results.and"),
)
#: Buttons of the curtains: the child taps them, the curtain's sentence is what is spoken.
NOT_SPOKEN = frozenset({"curtain.ready", "curtain.secret.button", "curtain.question.button"})
#: Numbers a prompt may say (points up to 50, a throw's 1-6, counts).
NUMBERS = range(0, 61)

_FIELD = re.compile(r"\{([a-z_]+)\}")


class Prompts:
    """Which messages are spoken, and which are values spoken inside them: the app's own
    (:data:`APP_WORDS`) and those of every game given, ``Prompts(spec.words for spec in games)``."""

    def __init__(self, games: Iterable[Words] = ()) -> None:
        declared = [APP_WORDS, *games]
        self.spoken = tuple(sorted({entry for words in declared for entry in words.spoken}))
        self.values = tuple(sorted({entry for words in declared for entry in words.values}))

    def is_spoken(self, key: str) -> bool:
        return key not in NOT_SPOKEN and any(key_matches(key, entry) for entry in self.spoken)

    def is_value(self, key: str) -> bool:
        return any(key_matches(key, entry) for entry in self.values)


def parts(text: str) -> list[tuple[str, str]]:
    """A text cut at its placeholders: ("text", literal) and ("field", name) in order."""
    out: list[tuple[str, str]] = []
    at = 0
    for match in _FIELD.finditer(text):
        if match.start() > at:
            out.append(("text", text[at:match.start()]))
        out.append(("field", match.group(1)))
        at = match.end()
    if at < len(text):
        out.append(("text", text[at:]))
    return out


def _sayable(literal: str) -> bool:
    """A literal part worth a clip: it holds a letter (not only spaces, commas, a colon)."""
    return any(c.isalpha() for c in literal)


def literal_clips(key: str, text: str) -> list[tuple[str, str]]:
    """The clips of one message's literal parts: (clip name, the words it says)."""
    pieces = parts(text)
    if not any(kind == "field" for kind, _ in pieces):
        return [(key, text.strip())] if _sayable(text) else []
    clips = []
    index = 0
    for kind, value in pieces:
        if kind == "text":
            if _sayable(value):
                clips.append((f"{key}.{index}", value.strip(" ,:;")))
            index += 1
    return clips


def all_clips(messages: Mapping[str, str], prompts: Prompts) -> dict[str, str]:
    """Every clip of one language: name -> the words it says (what tools/make_voices.py speaks)."""
    clips: dict[str, str] = {}
    for key, text in sorted(messages.items()):
        if prompts.is_spoken(key):
            clips.update(literal_clips(key, text))
        elif prompts.is_value(key) and _sayable(text):
            clips[key] = text.strip()
    for n in NUMBERS:
        clips[f"number.{n}"] = str(n)
    return clips


@dataclass
class Speaker:
    """What a language needs to turn shown texts into clips: its messages (to find the clip of a
    value such as a card's name), who sits at the table (a player's name -> their pawn colour) and
    which messages are spoken (:class:`Prompts`)."""

    messages: Mapping[str, str]
    names: dict[str, str] = field(default_factory=dict)
    prompts: Prompts = field(default_factory=Prompts)

    def __post_init__(self) -> None:
        self._value_clip = {text.strip(): key for key, text in self.messages.items() if self.prompts.is_value(key)}

    def value_clips(self, name: str, value: Any) -> list[str]:
        """The clips that say one placeholder's value (none when it cannot be said)."""
        if isinstance(value, bool):
            return []
        if isinstance(value, int):
            return [f"number.{value}"] if value in NUMBERS else []
        text = str(value).strip()
        if text.isdigit() and int(text) in NUMBERS:
            return [f"number.{int(text)}"]
        if text in self.names:
            return [f"colour.{self.names[text]}"]
        if text in self._value_clip:
            return [self._value_clip[text]]
        joined = self.messages.get("results.and", " and ")
        if name == "names" and joined.strip() and joined in text:
            clips: list[str] = []
            for k, one in enumerate(text.split(joined)):
                if k and _sayable(joined):
                    clips.append("results.and")
                clips += self.value_clips("name", one)
            return clips
        return []

    def sequence(self, key: str, values: Mapping[str, Any] | None = None) -> list[str]:
        """The clips that speak message ``key`` written with ``values``, in order; [] for a message
        that is not spoken."""
        if not self.prompts.is_spoken(key) or key not in self.messages:
            return []
        text = self.messages[key]
        pieces = parts(text)
        if not any(kind == "field" for kind, _ in pieces):
            return [key] if _sayable(text) else []
        clips = []
        index = 0
        for kind, value in pieces:
            if kind == "text":
                if _sayable(value):
                    clips.append(f"{key}.{index}")
                index += 1
            else:
                clips += self.value_clips(value, (values or {}).get(value))
        return clips
