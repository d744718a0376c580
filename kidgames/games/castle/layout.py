"""Where things lie on the Castle Builders table (canvas 1600×1000): the seat panels on the left,
each with its castle and spare pile, the piles and the buttons on the right, the witch's question
over the panels; and how long the cards take to move."""
from __future__ import annotations

import math

import pygame

from kidgames.ui.cards import CARD_RATIO, card_rows, card_size, width_to_fit
from kidgames.ui.widgets import MIN_TARGET

from .rules import COLOURS, DIAMOND, FAIRY, colour_of, piece_of

HINT_RECT = pygame.Rect(122, 12, 930, 100)
PROMPT_BUTTON = pygame.Rect(12, 12, 100, 100)     # the hint's picture: a tap says it again
SEATS_AREA = pygame.Rect(12, 124, 1040, 864)
DRAW_AT, DISCARD_AT, PILE_W = (1175, 250), (1465, 250), 130
REVEAL_AT, REVEAL_W = (1320, 548), 170
DRAW_BUTTON = pygame.Rect(1068, 694, 258, 140)
UNDO_BUTTON = pygame.Rect(1068, 540, 130, 130)    # the "back" arrow, while a step can be taken back
STOP_BUTTON = pygame.Rect(1336, 694, 252, 140)
BUY_BUTTON = pygame.Rect(1068, 848, 520, 136)
CHOICE_RECT = pygame.Rect(80, 200, 900, 620)
#: The witch's question which cards to give her: over the seats' panels, large enough for the cards
#: to keep a finger's size however many the witch may take.
LOSE_RECT = pygame.Rect(30, 124, 1010, 864)
FAIRY_BUTTON = pygame.Rect(120, 650, 400, 140)
WITCH_BUTTON = pygame.Rect(540, 650, 400, 140)
BANNER_RECT = pygame.Rect(140, 380, 1320, 220)
NAME_W = 170
FELT = (58, 112, 150)
# the areas these pieces paint, shadows included
CHOICE_AREA = CHOICE_RECT.inflate(12, 32).union(LOSE_RECT.inflate(12, 32))
# the witch waiting on the table
WITCH_REST_AREA = pygame.Rect((0, 0), card_size(REVEAL_W)).move_to(center=REVEAL_AT).inflate(12, 12)
WITCH_SIZE = 220          # the witch sweeping across the table
BADGE_R = 24              # the count on a stack of spare cards
#: A card a child taps (to buy it, to give it to the witch) is at least this tall on the canvas: 92
#: screen pixels on the smallest screen played on (1024x768 shows the canvas at 0.64).
TAP_CARD_H = 144
TAP_CARD_W = math.ceil(TAP_CARD_H / CARD_RATIO)
STACK_SHIFT = 12          # a stack's cards beneath show up and to the right by this much (art.stack)
PILE_GAP = 10
FLY_TIME, FLIP_TIME, SHOW_TIME, SWEEP_TIME = 0.55, 0.5, 0.45, 0.9     # seconds
#: A computer thinks as long as every computer before the first step of its turn, and this share of
#: it before each later one (the next card, a card for the witch): a turn of five cards stays brisk.
LATER_PAUSE = 0.3
#: ... and the third and later cards of a computer's turn fly in half their usual time.
BRISK = 0.5


def badge_centre(rect: pygame.Rect) -> tuple[int, int]:
    """The count on a stack of cards: in its lower left corner, the part of the card that stays in
    view in an overlapping row."""
    return rect.x + BADGE_R + 3, rect.bottom - BADGE_R - 8


def stack_area(rect: pygame.Rect) -> pygame.Rect:
    """What a stack of cards at ``rect`` paints: the glow, the cards below it (its count lies
    on its top card)."""
    return rect.inflate(16, 16).union(rect.move(12, -12))


def spare_items(spares: list[str], stacks_first: bool = False) -> list[tuple[str, int]]:
    """A spare pile as it lies: the castle cards by colour and piece, then the fairies and the
    diamonds in one stack each (at the end of the row, on top: always whole in view, with their
    count); ``stacks_first`` puts the diamonds and fairies first."""
    stacks = [(kind, spares.count(kind)) for kind in (DIAMOND, FAIRY) if kind in spares]
    castle = sorted((c for c in spares if colour_of(c)), key=lambda c: (COLOURS.index(colour_of(c)), piece_of(c)))
    cards = [(c, 1) for c in castle]
    return stacks + cards if stacks_first else cards + stacks[::-1]


def spare_places(area: pygame.Rect, count: int, stacks: int, widest: int) -> list[pygame.Rect]:
    """Where the ``count`` items of a spare pile lie in ``area``, the last ``stacks`` of them stacks
    (the diamonds, the fairies: with their cards beneath showing and a count).  Side by side, none over
    another, as large as fits up to ``widest``; when they no longer fit so with castle cards at least
    TAP_CARD_H tall, the stacks lie smaller at the right end (they are not for buying) and only the
    castle cards fan over each other, each keeping a part MIN_TARGET wide in view (a pile too long
    even for that, seven castle cards and two stacks in a panel of four seats, lies in overlapping
    rows of smaller cards: ``card_rows``, every item keeping a part MIN_TARGET square in view).
    Short of that, a stack never lies over a castle card or another stack."""
    if count <= 0:
        return []
    cards = count - stacks
    tallest = width_to_fit(area.h - STACK_SHIFT, widest)
    least = min(tallest, TAP_CARD_W)
    room = area.w - (count - 1) * PILE_GAP - stacks * STACK_SHIFT
    w = min(tallest, room // count)

    def top(h: int) -> int:
        return area.y + STACK_SHIFT + (area.h - STACK_SHIFT - h) // 2
    if w >= least:
        h = card_size(w)[1]
        rects, x = [], area.x
        for i in range(count):
            rects.append(pygame.Rect(x, top(h), w, h))
            x += w + PILE_GAP + (STACK_SHIFT if i >= cards else 0)
        return rects
    w, h = card_size(least)

    def fan_in(right: int) -> list[pygame.Rect] | None:
        """The castle cards fanned from the area's left to ``right``, each keeping MIN_TARGET in view
        (None: they do not fit so)."""
        step = (right - area.x - w) / (cards - 1) if cards > 1 else 0
        if cards > 1 and step < MIN_TARGET:
            return None
        return [pygame.Rect(round(area.x + i * min(step, w + PILE_GAP)), top(h), w, h) for i in range(cards)]
    # the stacks are not for buying (castle cards are): smaller, side by side at the right end, each
    # still MIN_TARGET wide
    sw, _ = card_size(min(least, MIN_TARGET))
    sh = card_size(sw)[1]
    row = [pygame.Rect(area.right - STACK_SHIFT - sw - (stacks - 1 - k) * (sw + STACK_SHIFT + PILE_GAP), top(sh), sw, sh)
           for k in range(stacks)]
    fan = fan_in(row[0].x - PILE_GAP if row else area.right)
    if fan is not None:
        return fan + row
    # a pile too long even for that: overlapping rows of smaller cards, as many as keep a finger's
    # part of each in view (card_rows; the stacks last, on top)
    return card_rows(area, count, widest)


def lose_rects(count: int) -> list[pygame.Rect]:
    """Where the cards to give the witch lie on her question's panel: as large as the rows fit, at
    least TAP_CARD_H tall (more rows, the panel over the seats' panels) while they fit."""
    area = pygame.Rect(LOSE_RECT.x + 24, LOSE_RECT.y + 150, LOSE_RECT.w - 48, LOSE_RECT.h - 170)
    gap = 14
    for w in (130, 118, TAP_CARD_W, 96, 84, 76):
        cols = max(1, (area.w + gap) // (w + gap))
        rows = -(-count // cols)
        h = card_size(w)[1]
        if rows * (h + gap) - gap <= area.h:
            break
    top = area.y + (area.h - (rows * (h + gap) - gap)) // 2
    rects = []
    for i in range(count):
        row, col = divmod(i, cols)
        left = area.centerx - (min(cols, count - row * cols) * (w + gap) - gap) // 2
        rects.append(pygame.Rect(left + col * (w + gap), top + row * (h + gap), w, h))
    return rects
