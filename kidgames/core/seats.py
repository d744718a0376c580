"""Who sits at the table: a name, a pawn colour with its shape, and person or computer."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from kidgames.core.i18n import LANGUAGES, load_messages
from kidgames.core.kit import brief

#: Pawn colours, each with a shape of its own so colour-blind players can tell pawns apart.
COLOURS = ("red", "blue", "green", "yellow", "purple", "orange")
SHAPES = {"red": "circle", "blue": "square", "green": "triangle", "yellow": "star",
          "purple": "diamond", "orange": "hexagon"}
PERSON, COMPUTER = "person", "computer"
#: A computer player's levels: three from the one that thinks least to the one that plays its best
#: (shown as one, two or three stars), then "fair", which keeps the game close (shown as a heart).
LEVELS = ("easy", "normal", "hard", "fair")
STARRED = LEVELS[:3]
NORMAL, FAIR = "normal", "fair"


def colour_names() -> frozenset[str]:
    """Every pawn colour's name in every language the app speaks ("Blue", "Modrá", "파랑", …)."""
    catalogs = [load_messages(lang) for lang in LANGUAGES]      # each file read once per call
    return frozenset(messages[f"colour.{colour}"] for messages in catalogs for colour in COLOURS
                     if f"colour.{colour}" in messages)


#: A name read back from a file: 1 to this many characters (the app writes at most 16).
MAX_NAME_LENGTH = 24
#: Longer names (from a file written by hand) are cut to what the app itself writes.
SHOWN_NAME_LENGTH = 16


def checked_name(name: Any) -> str:
    """A player's name read from a save or the remembered setup, stripped of spaces at its ends:
    text of 1 to :data:`MAX_NAME_LENGTH` characters, each one printable (no control character such
    as a null, a tab or a line break, which no font can draw).  Anything else raises ValueError with
    a sentence; the name is cut to :data:`SHOWN_NAME_LENGTH` characters, as the app writes it."""
    if not isinstance(name, str):
        raise ValueError(f"a player's name must be text, not {brief(name)}")
    stripped = name.strip()
    if not 1 <= len(stripped) <= MAX_NAME_LENGTH:
        raise ValueError(f"a player's name must have 1 to {MAX_NAME_LENGTH} characters, not "
                         f"{len(stripped)}")
    bad = next((c for c in stripped if not c.isprintable()), None)
    if bad is not None:
        raise ValueError(f"a player's name {brief(stripped)} holds the character U+{ord(bad):04X}, "
                         f"which is not a printable letter or sign")
    return stripped[:SHOWN_NAME_LENGTH]


@dataclass(frozen=True)
class Seat:
    """``default_name``: the name is the pawn colour's name, given by the app, not typed by anyone,
    so it follows the language and the colour (a typed name never changes)."""
    name: str
    colour: str
    kind: str = PERSON
    level: str = NORMAL
    default_name: bool = False

    @property
    def shape(self) -> str:
        return SHAPES[self.colour]

    @property
    def is_computer(self) -> bool:
        return self.kind == COMPUTER

    def in_language(self, names: Mapping[str, str]) -> "Seat":
        """This seat with its colour's name from ``names`` (colour -> name) if its name is a default one."""
        if self.default_name and names.get(self.colour) and names[self.colour] != self.name:
            return replace(self, name=names[self.colour])
        return self

    def to_json(self) -> dict:
        # written out, not dataclasses.asdict (which deep-copies field by field): every save
        # writes each seat, within the frame of the move
        return {"name": self.name, "colour": self.colour, "kind": self.kind, "level": self.level,
                "default_name": self.default_name}

    @classmethod
    def from_json(cls, data: Any) -> "Seat":
        if not isinstance(data, dict):
            raise ValueError(f"a seat must be a mapping, not {data!r}")
        name = checked_name(data.get("name"))
        colour = data.get("colour")
        if colour not in COLOURS:
            raise ValueError(f"unknown pawn colour {colour!r}")
        kind = data.get("kind", PERSON)
        if kind not in (PERSON, COMPUTER):
            raise ValueError(f"a seat is a person or a computer, not {kind!r}")
        level = data.get("level", NORMAL)
        if isinstance(level, int) and not isinstance(level, bool) and 0 <= level < len(STARRED):
            level = STARRED[level]         # saves from before the levels had names
        if level not in LEVELS:
            level = NORMAL
        default_name = data.get("default_name")
        if not isinstance(default_name, bool):
            # saves and remembered setups from before the flag: a colour's name in any language was
            # given by the app (typed names were rarely a colour's)
            default_name = name in colour_names()
        return cls(name, colour, kind, level, default_name)


def seats_valid(seats: list[Seat]) -> bool:
    return len({s.colour for s in seats}) == len(seats)
