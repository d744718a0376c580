"""Where things lie on the Castle Builders table (canvas 1600×1000): the seat panels on the left,
each with its castle and spare pile, the piles and the buttons on the right, the witch's question
over the panels; and how long the cards take to move."""
from __future__ import annotations

import pygame

from kidgames.ui.cards import card_size

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
FAIRY_BUTTON = pygame.Rect(120, 650, 400, 140)
WITCH_BUTTON = pygame.Rect(540, 650, 400, 140)
BANNER_RECT = pygame.Rect(140, 380, 1320, 220)
NAME_W = 170
FELT = (58, 112, 150)
# the areas these pieces paint, shadows included
CHOICE_AREA = CHOICE_RECT.inflate(12, 32)
# the witch waiting on the table
WITCH_REST_AREA = pygame.Rect((0, 0), card_size(REVEAL_W)).move_to(center=REVEAL_AT).inflate(12, 12)
WITCH_SIZE = 220          # the witch sweeping across the table
BADGE_R = 24              # the count on a stack of spare cards
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


def lose_rects(count: int) -> list[pygame.Rect]:
    """Where the cards to give the witch lie on her question's panel: as large as the rows fit."""
    area = pygame.Rect(CHOICE_RECT.x + 24, CHOICE_RECT.y + 150, CHOICE_RECT.w - 48, CHOICE_RECT.h - 170)
    for w in (130, 112, 96, 84, 76):
        cols = max(1, (area.w + 14) // (w + 14))
        rows = -(-count // cols)
        h = card_size(w)[1]
        if rows * (h + 14) - 14 <= area.h:
            break
    top = area.y + (area.h - (rows * (h + 14) - 14)) // 2
    rects = []
    for i in range(count):
        row, col = divmod(i, cols)
        left = area.centerx - (min(cols, count - row * cols) * (w + 14) - 14) // 2
        rects.append(pygame.Rect(left + col * (w + 14), top + row * (h + 14), w, h))
    return rects
