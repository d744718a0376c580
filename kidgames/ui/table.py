"""A table of pieces: what a game scene puts on the screen, each piece knowing where it paints and
what it looks like, so that the frame works out what changed from the pieces themselves.

A :class:`Piece` has a ``layer`` (higher ones are painted over lower ones), an :meth:`~Piece.area`
(the canvas rectangle it paints, shadows and glows included; None while it paints nothing), a
:meth:`~Piece.look` (a value that decides its pixels: two equal looks paint the same) and
:meth:`~Piece.paint`.  A scene arranges its pieces on a :class:`Table` once and then only changes
them (animation steps change a piece's attributes); it keeps no list of moving parts: after every
frame the table compares each piece's look and area with what it painted last, and the areas that
differ — where a piece was and where it is now — are the only ones redrawn.  Pieces that come and
go with the state (the buttons of the moment, the cards in flight, the spaces a throw reaches) are
made afresh by a *source* (a function given to :class:`Table`) and known from one frame to the next by
their ``key``.  The shared pieces of the four games are in kidgames/ui/pieces.py.

pygame-ce's ``pygame.sprite.LayeredDirty`` was the first candidate, and is not used: its sprites
are finished images, marked dirty by hand, and it repaints them over a background surface on the
display.  Here the canvas is presented in scaled tiles (kidgames/ui/present.py), a piece may be
drawn differently at each size and alpha (texts, fading banners, tumbling dice) and is painted
straight onto the canvas clipped to the changed areas; a look compared by value marks a piece dirty
without anyone remembering to, which is what the scenes needed (a forgotten dirty flag was a stale
screen).
"""
from __future__ import annotations

from typing import Any, Callable, Hashable, Iterable

import pygame



class Piece:
    """Something on the table.  Subclasses give :meth:`area`, :meth:`look` and :meth:`paint`;
    a piece made afresh for every frame by a source names itself with a ``key``."""

    layer: float = 0
    key: Hashable | None = None      # None: the piece object itself

    def area(self) -> pygame.Rect | None:
        raise NotImplementedError

    def look(self) -> Hashable:
        raise NotImplementedError

    def paint(self, surface: pygame.Surface) -> None:
        raise NotImplementedError


class Drawn(Piece):
    """A piece told by three functions of the scene's state (a panel only one game has):
    ``area`` (a Rect, or a function giving it or None), ``look`` (a function, or a constant for a
    piece that never changes) and ``paint(surface)``."""

    def __init__(self, area: pygame.Rect | Callable[[], pygame.Rect | None], look: Any,
                 paint: Callable[[pygame.Surface], None], layer: float = 0, key: Hashable | None = None) -> None:
        self._area, self._look, self._paint = area, look, paint
        self.layer, self.key = layer, key

    def area(self) -> pygame.Rect | None:
        return self._area() if callable(self._area) else self._area

    def look(self) -> Hashable:
        return self._look() if callable(self._look) else self._look

    def paint(self, surface: pygame.Surface) -> None:
        self._paint(surface)

    @classmethod
    def each(cls, count: int, area: Callable[[int], pygame.Rect | None], look: Callable[[int], Any],
             paint: Callable[[pygame.Surface, int], None], layer: float = 0) -> list[Drawn]:
        """One piece for each of ``count`` things (a seat's panel part, a slot), told by functions
        of its number."""
        def nth(i: int) -> Drawn:
            return cls(lambda: area(i), lambda: look(i), lambda surface: paint(surface, i), layer)
        return [nth(i) for i in range(count)]


class Table:
    """The pieces of one scene, painted in layer order (pieces of one layer in the order they
    were added, a source's in the order it gives them); what changed is found by comparing each
    piece's look and area with what it painted last."""

    def __init__(self, pieces: Iterable[Piece] = (), sources: Iterable[Callable[[], Iterable[Piece]]] = ()) -> None:
        self.pieces: list[Piece] = []
        self.sources: list[Callable[[], Iterable[Piece]]] = list(sources)
        self._painted: dict[Hashable, tuple[Any, pygame.Rect | None]] = {}
        for piece in pieces:
            self.add(piece)

    def add(self, piece: Piece) -> Piece:
        self.pieces.append(piece)
        return piece

    def remove(self, piece: Piece) -> None:
        """Take a piece off the table; its old area is redrawn at the next frame."""
        if piece in self.pieces:
            self.pieces.remove(piece)

    def on_table(self) -> list[Piece]:
        """Every piece now: the placed ones and what the sources give."""
        pieces = list(self.pieces)
        for source in self.sources:
            pieces += source()
        return pieces

    def in_order(self) -> list[Piece]:
        return sorted(self.on_table(), key=lambda piece: piece.layer)

    def paint(self, surface: pygame.Surface) -> None:
        """Paint every piece that lies in the surface's clip, lowest layer first, and remember
        what each looked like."""
        clip = surface.get_clip()
        painted = {}
        for piece in self.in_order():
            area = piece.area()
            if area is not None and clip.colliderect(area):
                piece.paint(surface)
            painted[_key(piece)] = (piece.look(), area)
        self._painted = painted

    def changed_areas(self) -> list[pygame.Rect]:
        """The areas to redraw since the last paint: a piece whose look or area changed, both where
        it was and where it is now; a piece gone from the table, where it was."""
        rects = []
        now_on = set()
        for piece in self.on_table():
            key = _key(piece)
            now_on.add(key)
            now = (piece.look(), piece.area())
            was = self._painted.get(key)
            if was != now:
                rects += [r for r in ((was[1] if was else None), now[1]) if r is not None]
        rects += [area for key, (_, area) in self._painted.items() if key not in now_on and area is not None]
        return rects


def _key(piece: Piece) -> Hashable:
    return piece.key if piece.key is not None else id(piece)
