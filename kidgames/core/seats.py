"""Who sits at the table: a name, a pawn colour with its shape, and person or computer."""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

#: Pawn colours, each with a shape of its own so colour-blind players can tell pawns apart.
COLOURS = ("red", "blue", "green", "yellow", "purple", "orange")
SHAPES = {"red": "circle", "blue": "square", "green": "triangle", "yellow": "star",
          "purple": "diamond", "orange": "hexagon"}
PERSON, COMPUTER = "person", "computer"


@dataclass(frozen=True)
class Seat:
    name: str
    colour: str
    kind: str = PERSON
    level: int = 1

    @property
    def shape(self) -> str:
        return SHAPES[self.colour]

    @property
    def is_computer(self) -> bool:
        return self.kind == COMPUTER

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> "Seat":
        if not isinstance(data, dict):
            raise ValueError(f"a seat must be a mapping, not {data!r}")
        name = str(data.get("name", "")).strip()[:16] or "?"
        colour = data.get("colour")
        if colour not in COLOURS:
            raise ValueError(f"unknown pawn colour {colour!r}")
        kind = data.get("kind", PERSON)
        if kind not in (PERSON, COMPUTER):
            raise ValueError(f"a seat is a person or a computer, not {kind!r}")
        level = data.get("level", 1)
        return cls(name, colour, kind, level if isinstance(level, int) else 1)


def seats_valid(seats: list[Seat]) -> bool:
    return len({s.colour for s in seats}) == len(seats)
