"""The pieces the four games put on their tables (see kidgames/ui/table.py): what more than one
game shows, each piece holding its own state, knowing the area it paints and the look that decides
its pixels.

- :class:`Backdrop` — what lies under everything: a painted board, or the felt of a card table.
- :class:`Banner` — what just happened, in a picture and words; its text, picture and fade live in
  the piece, and its steps (fade in and out, show and hide) are queued on the scene's animation
  queue.  A board game paints it on faded paper (:class:`PaperBanner`), a card table on a panel
  with a shadow (:class:`PanelBanner`).
- :class:`Die` and :func:`roll_dice` — a big die to tap, and the tumble of a throw (Knights, Forest).
- :class:`Pawns` — every player's pawn on a board, hopping and flying along its path, pawns that
  share a space side by side (Knights, Forest).
- :func:`button_pieces` — the scene's buttons of the moment.
- :class:`Hint` — what the game asks now, in words (its picture is on the prompt button).
- :class:`SidePanel` and :class:`PlayerRow` — a board game's side panel and its players' rows.
- :class:`SeatPanel`, :class:`Pile` and :func:`flying_cards` — a card table's seat panels, its
  draw and discard piles, and the cards in the air.

A game's own pieces (Forest's trees, Queens' sleeping queens, a castle) are
:class:`~kidgames.ui.table.Drawn` pieces made by the game's scene.
"""
from __future__ import annotations

import math
from typing import Callable, Hashable, Protocol

import pygame

from kidgames.ui.anim import ease_in_out
from kidgames.ui.board_pieces import draw_die, draw_pawn_at, draw_player_panel, pawn_rect, side_by_side
from kidgames.ui.cards import CardArt, CardLook, CardSprite, draw_pile, pile_bounds
from kidgames.ui.table import Piece
from kidgames.ui.widgets import INK, PAPER, PAWN_RGB, Button, rounded_panel

#: The layers of a table, lowest first (a game may put its own pieces between them).
BOARD, MARKS, THINGS, PAWNS, OVER_PAWNS, PANEL, IN_PANEL, BUTTONS, OVER_BUTTONS, FLYING, BANNER = range(11)


class Backdrop(Piece):
    """What lies under everything, never changing: a picture made once (``make`` is called at
    the first paint: a painted board) or a plain ``colour`` (the felt of a card table)."""

    layer = -1

    def __init__(self, size: tuple[int, int], make: Callable[[], pygame.Surface] | None = None,
                 colour=None) -> None:
        self.size, self.make, self.colour = size, make, colour
        self.picture: pygame.Surface | None = None

    def area(self) -> pygame.Rect:
        return pygame.Rect((0, 0), self.size)

    def look(self) -> str:
        return "the backdrop"

    def paint(self, surface: pygame.Surface) -> None:
        if self.make is None:
            surface.fill(self.colour)
            return
        if self.picture is None:
            self.picture = self.make()
        clip = surface.get_clip()
        surface.blit(self.picture, clip.topleft, clip)


# -- banners -------------------------------------------------------------------------------------
class BannerPainter(Protocol):
    """How a banner is painted (:class:`PaperBanner`, :class:`PanelBanner`)."""

    def reach(self, rect: pygame.Rect) -> pygame.Rect:
        """The area a banner at ``rect`` paints, its shadow included."""

    def look(self, banner: Banner) -> Hashable:
        """Whatever else decides the banner's pixels (a castle's colour), or None."""

    def paint(self, surface: pygame.Surface, banner: Banner, rect: pygame.Rect) -> None: ...

    def prepare(self, text: str, soon: bool = False) -> None:
        """``text`` is about to be shown (``soon``: in the next frame): render what can be rendered
        ahead of its frame."""

    def render_ahead(self, every: bool = False) -> None:
        """Render one (or ``every``) text :meth:`prepare` queued, in a frame that draws little."""


class Banner(Piece):
    """What just happened, in a picture and words over the table.

    The banner's ``text``, ``picture``, ``alpha`` (0..1, faded in steps of 1/``steps`` when
    given: a large area is then redrawn a few times a fade, not every frame) and ``extra`` (what a
    game's painter shows besides, e.g. a castle's colour) live here.  ``place`` is its rectangle,
    or a function of the banner giving it (a banner that slides as it fades); ``painter`` paints
    it there (``paint(surface, banner, rect)``, ``reach(rect)`` the area with its shadow and
    ``look(banner)`` anything else that decides its pixels)."""

    layer = BANNER

    def __init__(self, painter: BannerPainter, place: pygame.Rect | Callable[[Banner], pygame.Rect],
                 steps: int | None = None) -> None:
        self.painter, self.place, self.steps = painter, place, steps
        self.text: str | None = None
        self.picture: str | None = None
        self.alpha = 0.0
        self.extra: Hashable = None

    # -- its state ------------------------------------------------------------------------------
    @property
    def shown(self) -> tuple[str, str | None, float] | None:
        """What it says now, (text, picture, alpha), or None (for the voice and the tests)."""
        return None if self.text is None else (self.text, self.picture, self.alpha)

    def set(self, text: str, picture: str | None, alpha: float = 1.0, extra: Hashable = None) -> None:
        alpha = max(0.0, min(1.0, alpha))
        if self.steps:
            alpha = round(alpha * self.steps) / self.steps
        self.text, self.picture, self.alpha, self.extra = text, picture, alpha, extra

    def clear(self) -> None:
        self.text = self.picture = self.extra = None
        self.alpha = 0.0

    def rect(self) -> pygame.Rect:
        return self.place(self) if callable(self.place) else self.place

    # -- as a piece -----------------------------------------------------------------------------
    def area(self) -> pygame.Rect | None:
        if self.text is None or self.alpha <= 0.01:
            return None
        return self.painter.reach(self.rect())

    def look(self) -> Hashable:
        if self.area() is None:
            return None
        return self.text, self.picture, self.alpha, self.extra, self.rect().topleft, self.painter.look(self)

    def paint(self, surface: pygame.Surface) -> None:
        self.painter.paint(surface, self, self.rect())

    # -- its steps on an animation queue ------------------------------------------------------
    def fade_in(self, anim, text: str, picture: str, duration: float = 0.2, start=None) -> None:
        anim.add(duration, lambda t: self.set(text, picture, t), start=start)

    def fade_out(self, anim, duration: float = 0.2) -> None:
        """Fade out whatever it says when the step begins, then clear it."""
        anim.add(duration, lambda t: self.set(self.text, self.picture, 1 - t) if self.text is not None else None,
                 end=self.clear)

    def say(self, anim, text: str, picture: str, stay: float, sound=None, fade: float = 0.2) -> None:
        """Fade in (with ``sound``, an animation step's sound), stay ``stay`` seconds, fade out."""
        self.fade_in(anim, text, picture, fade, start=sound)
        anim.wait(stay)
        self.fade_out(anim, fade)

    def keep(self, anim, seconds: float) -> None:
        """What it says now stays up, whole, for ``seconds`` before anything else on the queue (a
        tap skipped the animation ahead: the voice is saying it, so it must be read too)."""
        if self.text is None:
            return
        text, picture, extra = self.text, self.picture, self.extra
        anim.add(seconds, start=lambda: self.set(text, picture, 1.0, extra), end=self.clear, at=0)
        self.set(text, picture, 1.0, extra)

    def show(self, anim, text: str, picture: str | None, seconds: float, extra: Hashable = None) -> None:
        """Up at once, then ``seconds`` of it (it stays until :meth:`hide`): as the steps queued
        before it end (up in the next frame when they are all instant: its words are rendered now)."""
        self.painter.prepare(text, soon=all(not step.hold and not step.duration for step in anim.steps))
        anim.call(lambda: self.set(text, picture, 1.0, extra))
        anim.wait(seconds)

    def hide(self, anim) -> None:
        anim.call(self.clear)


class PaperBanner:
    """A board game's banner: a paper panel with a picture and a sentence, painted once per text
    and faded by alpha."""

    def __init__(self, assets, size: tuple[int, int]) -> None:
        self.assets, self.size = assets, size
        self._panel: tuple | None = None     # ((text, picture), painted panel)

    def reach(self, rect: pygame.Rect) -> pygame.Rect:
        return rect

    def look(self, banner: Banner) -> None:
        return None

    def prepare(self, text: str, soon: bool = False) -> None:
        """Nothing to render ahead: the panel is painted at the first frame of its text."""

    def render_ahead(self, every: bool = False) -> None:
        """Nothing was queued (see :meth:`prepare`)."""

    def paint(self, surface: pygame.Surface, banner: Banner, rect: pygame.Rect) -> None:
        if self._panel is None or self._panel[0] != (banner.text, banner.picture):
            w, h = self.size
            panel = pygame.Surface(self.size, pygame.SRCALPHA)
            rounded_panel(panel, pygame.Rect(0, 0, w, h - 6), (*PAPER,), radius=30, border=(200, 150, 60),
                          border_width=6, shadow=0)
            pic = self.assets.image(banner.picture, 130)
            panel.blit(pic, pic.get_rect(center=(90, (h - 6) // 2)))
            label = self.assets.fit_text(banner.text, 38, INK, w - 210, h - 30, title=True)
            panel.blit(label, label.get_rect(midleft=(175, (h - 6) // 2)))
            self._panel = ((banner.text, banner.picture), panel)
        panel = self._panel[1]
        panel.set_alpha(int(255 * banner.alpha))
        surface.blit(panel, rect.topleft)


class PanelBanner:
    """A card table's banner: a paper panel with a shadow, a picture on its left (``picture``
    gives it for the banner, centred ``picture_x`` from the left) and the words beside it
    (``label`` renders a text, from ``text_x``).  Its texts are rendered ahead, in a frame that
    draws little (:meth:`prepare` queues one, :meth:`render_ahead` renders); one that comes up in
    the next frame is rendered at once (that frame draws much: an action's first, where the turn
    may pass too)."""

    def __init__(self, art: CardArt, label: Callable[[str], pygame.Surface],
                 picture: Callable[[Banner], pygame.Surface], picture_x: int, text_x: int,
                 reach: tuple[int, int], look: Callable[[Banner], Hashable] = lambda banner: None) -> None:
        self.art, self.label, self.picture = art, label, picture
        self.picture_x, self.text_x, self.margins, self._look = picture_x, text_x, reach, look
        self.to_prepare: list[str] = []

    def reach(self, rect: pygame.Rect) -> pygame.Rect:
        return rect.inflate(*self.margins)

    def look(self, banner: Banner) -> Hashable:
        return self._look(banner)

    def paint(self, surface: pygame.Surface, banner: Banner, rect: pygame.Rect) -> None:
        self.art.panel(surface, rect, PAPER, radius=30, border=(200, 150, 60), border_width=6, shadow=8)
        pic = self.picture(banner)
        surface.blit(pic, pic.get_rect(center=(rect.x + self.picture_x, rect.centery)))
        if banner.text is not None:      # painted only while it says something (see Banner.area)
            label = self.label(banner.text)
            surface.blit(label, label.get_rect(midleft=(rect.x + self.text_x, rect.centery)))

    def prepare(self, text: str, soon: bool = False) -> None:
        if soon:
            self.label(text)
        else:
            self.to_prepare.append(text)

    def render_ahead(self, every: bool = False) -> None:
        """Render one (or ``every``) text queued for later."""
        while self.to_prepare:
            self.label(self.to_prepare.pop(0))
            if not every:
                break


# -- dice ----------------------------------------------------------------------------------------
class Die(Piece):
    """A big die at ``centre``, rimmed in the thrower's colour (``rim()``): its number (None:
    waiting to be thrown), its turn, hop and swell.  ``area`` is where it paints (None: worked out
    from its hop); ``spin``, ``hops`` and ``height`` shape its tumble."""

    layer = IN_PANEL

    def __init__(self, centre, size: int, rim: Callable[[], tuple], area: pygame.Rect | None = None,
                 spin: float = 540, hops: int = 3, height: float = 60) -> None:
        self.centre, self.size, self.rim, self._area = centre, size, rim, area
        self.spin, self.hops, self.height = spin, hops, height
        self.value: int | None = None
        self.angle = self.jump = 0.0
        self.pulse = 1.0

    def area(self) -> pygame.Rect:
        if self._area is not None:
            return self._area
        r, jump = self.size * 3 // 4, math.ceil(self.jump)
        return pygame.Rect(self.centre[0] - r, self.centre[1] - r - jump, 2 * r, 2 * r + jump)

    def look(self) -> tuple:
        return self.value, self.angle, self.jump, self.pulse, self.rim()

    def paint(self, surface: pygame.Surface) -> None:
        draw_die(surface, self.centre, self.size, self.value, self.rim(), angle=self.angle, jump=self.jump,
                 pulse=self.pulse)

    def tumble(self, t: float, faces: list[int], value: int) -> None:
        """The die ``t`` (0..1) into a throw of ``value``, showing ``faces`` on its way."""
        self.pulse = 1.0
        self.value = faces[min(len(faces) - 1, int(t * len(faces)))] if t < 0.92 else value
        self.angle = (1 - t) * self.spin
        self.jump = abs(math.sin(t * math.pi * self.hops)) * self.height * (1 - t)

    def land(self, value: int | None) -> None:
        """The die comes to rest showing ``value``, still and flat on the table."""
        self.value, self.angle, self.jump = value, 0.0, 0.0


def roll_dice(anim, dice: list[Die], values, faces: list[list[int]], duration: float, start=None) -> None:
    """Queue the throw of ``dice``: each tumbles through its ``faces`` and settles on its value."""
    def update(t: float) -> None:
        for die, value, shown in zip(dice, values, faces):
            die.tumble(t, shown, value)

    def done() -> None:
        for die, value in zip(dice, values):
            die.land(value)
    anim.add(duration, update, start=start, end=done)


# -- pawns ---------------------------------------------------------------------------------------
class Pawns:
    """Every player's pawn on a board: where each stands (``xy``, canvas points), how high it
    hops (``lift``), how it shakes (``shake``) and which one moves (``moving``, drawn on top);
    pawns sharing a space stand side by side.  Each pawn is drawn ``below`` pixels under its point
    (on its space), in the white ring while ``ring(seat)`` says so.  :meth:`pieces` is the
    table's source of pawns."""

    def __init__(self, seats, size: int, xy: list, ring: Callable[[int], bool], below: int = 0,
                 helmet: bool = False, layer: float = PAWNS) -> None:
        self.seats, self.size, self.ring, self.below, self.helmet = seats, size, ring, below, helmet
        self.layer = layer
        self.stand_at(xy)

    def stand_at(self, xy: list) -> None:
        """Every pawn standing at ``xy``, none moving: the picture between moves."""
        self.xy = list(xy)
        self.lift = [0.0] * len(self.seats)
        self.shake = [0.0] * len(self.seats)
        self.moving: int | None = None

    def places(self) -> list[tuple[int, float, float]]:
        """Where each pawn stands, in drawing order (side by side on a shared space)."""
        return side_by_side(self.xy, self.moving, self.size)

    def pieces(self) -> list[Pawn]:
        return [Pawn(self, p, x, y) for p, x, y in self.places()]

    def hop(self, anim, p: int, a, b, duration: float, height: float, start=None, end=None,
            easing=ease_in_out) -> None:
        """Queue pawn ``p``'s jump from ``a`` to ``b`` in an arc ``height`` high (a hop to the
        next space, or a long flight); it is the moving pawn from then on."""
        def begin() -> None:
            self.moving = p
            if start is not None:
                start()

        def update(t: float) -> None:
            self.xy[p] = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            self.lift[p] = math.sin(math.pi * t) * height
        anim.add(duration, update, start=begin, end=end, easing=easing)


class Pawn(Piece):
    """One player's pawn where :class:`Pawns` places it."""

    def __init__(self, pawns: Pawns, seat: int, x: float, y: float) -> None:
        self.pawns, self.seat, self.x, self.y = pawns, seat, x, y
        self.key, self.layer = ("pawn", seat), pawns.layer

    def area(self) -> pygame.Rect:
        return pawn_rect(self.x, self.y + self.pawns.below, self.pawns.lift[self.seat], self.pawns.size)

    def look(self) -> tuple:
        pawns, p = self.pawns, self.seat
        return self.x, self.y, pawns.lift[p], pawns.shake[p], pawns.ring(p)

    def paint(self, surface: pygame.Surface) -> None:
        pawns, p = self.pawns, self.seat
        draw_pawn_at(surface, pawns.seats[p], self.x, self.y + pawns.below, pawns.size, lift=pawns.lift[p],
                     ring=pawns.ring(p), shake=pawns.shake[p], helmet=pawns.helmet)


# -- buttons and the hint ------------------------------------------------------------------------
def button_look(button: Button) -> tuple:
    """What decides a button's pixels."""
    b = button
    return tuple(b.rect), b.text, b.icon, b.colour, b.text_size, b.enabled, b.visible, b.selected, b.pressed, b.badge


class ButtonPiece(Piece):
    """A button: it paints its rect, its shadow and its pressed offset."""

    layer = BUTTONS

    def __init__(self, button: Button, assets, key: Hashable) -> None:
        self.button, self.assets, self.key = button, assets, key

    def area(self) -> pygame.Rect:
        return self.button.rect.inflate(24, 24)

    def look(self) -> tuple:
        return button_look(self.button)

    def paint(self, surface: pygame.Surface) -> None:
        self.button.draw(surface, self.assets)


def button_pieces(scene) -> Callable[[], list[ButtonPiece]]:
    """A table's source of the scene's buttons of the moment (``scene.buttons``)."""
    return lambda: [ButtonPiece(b, scene.app.assets, ("button", b.name or i)) for i, b in enumerate(scene.buttons)]


class Hint(Piece):
    """What the game asks now (``text()``), in words in ``rect`` — on a paper panel at a card
    table (``art`` given), else on the side panel.  Its picture is on the prompt button beside it."""

    layer = IN_PANEL

    def __init__(self, assets, rect: pygame.Rect, text: Callable[[], str], size: int = 30,
                 art: CardArt | None = None, area: pygame.Rect | None = None) -> None:
        self.assets, self.rect, self.text, self.size, self.art = assets, rect, text, size, art
        self._area = area or (rect.inflate(8, 16) if art is not None else rect)

    def area(self) -> pygame.Rect:
        return self._area

    def look(self) -> str:
        return self.text()

    def paint(self, surface: pygame.Surface) -> None:
        text = self.text()
        if not text:
            return
        if self.art is None:
            label = self.assets.fit_text(text, self.size, INK, self.rect.w, self.rect.h)
            surface.blit(label, label.get_rect(center=self.rect.center))
            return
        self.art.panel(surface, self.rect, PAPER, radius=24, border=(200, 160, 80), shadow=4)
        area = self.rect.inflate(-30, -12)
        label = self.assets.fit_text(text, self.size, INK, area.w, area.h, title=True)
        surface.blit(label, label.get_rect(center=area.center))


# -- a board game's side panel -------------------------------------------------------------------
class SidePanel(Piece):
    """The side panel of a board game: a plain colour with an edge on its left."""

    layer = PANEL

    def __init__(self, rect: pygame.Rect, fill, edge) -> None:
        self.rect, self.fill, self.edge = rect, fill, edge

    def area(self) -> pygame.Rect:
        return pygame.Rect(self.rect.x - 4, self.rect.y, self.rect.w + 4, self.rect.h)

    def look(self) -> str:
        return "the side panel"

    def paint(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, self.fill, self.rect)
        pygame.draw.line(surface, self.edge, self.rect.topleft, self.rect.bottomleft, 6)


class SeatPlace(Piece):
    """A player's place at a table, lit while ``lit()``: a row in a board game's side panel or a
    panel at a card table.  Its look is whether it is lit and its ``mark()`` (what else changes
    it); it paints up to ``reach`` pixels beyond its rect (a shadow, a rim)."""

    reach = (0, 0)

    def __init__(self, seat, rect: pygame.Rect, lit: Callable[[], bool], mark: Callable[[], Hashable]) -> None:
        self.seat, self.rect, self.lit, self.mark = seat, rect, lit, mark

    def area(self) -> pygame.Rect:
        return self.rect.inflate(*self.reach)

    def look(self) -> tuple:
        return self.lit(), self.mark()


class PlayerRow(SeatPlace):
    """One player's row in a board game's side panel: pawn, name, robot, in their colour while
    lit.  A game's own badge on its right: ``badge()`` is what decides it (None: no badge),
    drawn by ``paint_badge(surface, rect, right, lit)`` leftwards from ``right`` in the ``reserve``
    kept for it."""

    layer = IN_PANEL
    reach = (20, 20)

    def __init__(self, assets, seat, rect: pygame.Rect, lit: Callable[[], bool],
                 badge: Callable[[], Hashable] = lambda: None, paint_badge=None, reserve: int = 0,
                 helmet: bool = False, levels: bool = False) -> None:
        super().__init__(seat, rect, lit, badge)
        self.assets, self.paint_badge, self.reserve = assets, paint_badge, reserve
        self.helmet, self.levels = helmet, levels

    def paint(self, surface: pygame.Surface) -> None:
        lit, badge = self.lit(), self.mark()
        right = draw_player_panel(surface, self.assets, self.rect, self.seat, lit, helmet=self.helmet,
                                  reserve=self.reserve if badge is not None else 0, levels=self.levels)
        if badge is not None:
            self.paint_badge(surface, self.rect, right, lit)


# -- a card table --------------------------------------------------------------------------------
class SeatPanel(SeatPlace):
    """A player's panel at a card table: in their colour (``fill(rgb)``) while lit, a gold rim
    for a winner (``winner()``, its mark), and inside what never changes there
    (``paint_inside(surface, rect, lit)``: pawn, name, robot).  What changes in a panel (cards,
    counts) are pieces of their own."""

    layer = PANEL
    #: Its shadow, 4 pixels below it (the rims lie inside the panel, and so does what it paints
    #: inside): no more, so that the turn passing between two panels repaints those two, not
    #: a strip of a third one's pieces too.
    reach = (0, 8)

    def __init__(self, art: CardArt, seat, rect: pygame.Rect, lit: Callable[[], bool],
                 winner: Callable[[], bool], paint_inside, fill=lambda rgb: rgb) -> None:
        super().__init__(seat, rect, lit, winner)
        self.art, self.paint_inside, self.fill = art, paint_inside, fill

    def paint(self, surface: pygame.Surface) -> None:
        lit = self.lit()
        surface.blit(self.plate(lit, lit or bool(self.mark())), self.rect.topleft)
        self.paint_inside(surface, self.rect, lit)

    def plate(self, lit: bool, gold: bool) -> pygame.Surface:
        """The panel itself, in the seat's colour while ``lit``, rimmed in gold when ``gold``: made
        at its first use and kept (CardArt.plate)."""
        return self.art.plate(self.rect.size, self.fill(PAWN_RGB[self.seat.colour]) if lit else PAPER, radius=20,
                              border=(255, 210, 40) if gold else (200, 180, 140), border_width=7 if gold else 3,
                              shadow=4)

    def ahead(self) -> list[Callable[[], object]]:
        """Making its plates, lit and not: the frame in which the turn passes to a seat for the
        first time then only blits them (each is a panel-sized picture: ~1 ms on this machine,
        three times that on a tablet's share of a core)."""
        return [lambda: self.plate(True, True), lambda: self.plate(False, False)]


class Pile(Piece):
    """A pile of cards at a card table with its count in a badge: ``count()`` cards, the top one
    ``top()`` face up (None: face down)."""

    layer = THINGS

    def __init__(self, art: CardArt, assets, centre, width: int, count: Callable[[], int],
                 top: Callable[[], CardLook | None] = lambda: None) -> None:
        self.art, self.assets, self.centre, self.width, self.count, self.top = art, assets, centre, width, count, top
        self._area = pile_bounds(centre, width)

    def area(self) -> pygame.Rect:
        return self._area

    def look(self) -> tuple:
        return self.count(), self.top()

    def paint(self, surface: pygame.Surface) -> None:
        draw_pile(surface, self.art, self.centre, self.width, self.count(), self.top(), assets=self.assets)


class FlyingCard(Piece):
    """A card in the air (a :class:`~kidgames.ui.cards.CardSprite`), flying and flipping."""

    layer = FLYING

    def __init__(self, sprite: CardSprite, art: CardArt, key: Hashable) -> None:
        self.sprite, self.art, self.key = sprite, art, key

    def area(self) -> pygame.Rect:
        return self.sprite.rect().inflate(6, 6)

    def look(self) -> tuple:
        look, squeeze = self.sprite.showing()
        x, y = self.sprite.centre
        return look, round(squeeze, 3), self.sprite.current_width, round(x), round(y)

    def paint(self, surface: pygame.Surface) -> None:
        self.sprite.draw(surface, self.art)


def flying_cards(sprites: list[CardSprite], art: CardArt) -> Callable[[], list[FlyingCard]]:
    """A table's source of the cards in ``sprites`` (the list :func:`kidgames.ui.cards.fly` fills)."""
    return lambda: [FlyingCard(sprite, art, ("fly", i)) for i, sprite in enumerate(sprites)]

