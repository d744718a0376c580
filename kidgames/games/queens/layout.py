"""Where things lie on the Sleeping Queens table (canvas 1600×1000): the seat panels on the left,
the sleeping queens' grid in the middle, the piles and the buttons on the right, the hand at the
bottom; and how long the cards take to move."""
from __future__ import annotations

import pygame

from kidgames.ui.cards import card_size

from .rules import NUM_SLOTS

SEATS_AREA = pygame.Rect(12, 12, 560, 676)
HINT_RECT = pygame.Rect(700, 12, 550, 100)
PROMPT_BUTTON = pygame.Rect(590, 12, 100, 100)    # the hint's picture: a tap says it again
GRID_LEFT, GRID_TOP, SLOT_W, GRID_GAP_X, GRID_GAP_Y = 600, 134, 112, 22, 18
DRAW_AT, DISCARD_AT, PILE_W = (1265, 250), (1460, 250), 130
EQUATION_RECT = pygame.Rect(1140, 440, 450, 150)
HAND_AREA = pygame.Rect(190, 690, 980, 300)
HAND_W = 160
PAIR_CARD_W = 80                   # a pair in the discard preview: two equal cards side by side
HAND_LABEL = pygame.Rect(12, 712, 170, 270)
ACTION_A = pygame.Rect(1190, 740, 398, 110)
UNDO_BUTTON = pygame.Rect(1190, 604, 126, 126)    # the "back" arrow, while a step can be taken back
ACTION_B = pygame.Rect(1190, 866, 398, 110)
REVEAL_AT = (860, 390)
BANNER_RECT = pygame.Rect(560, 300, 800, 170)
PANEL_NAME_W = 200                 # a panel's name, pawn and score; its queens lie to the right
PANEL_SIDE_W = 80                  # a panel's right edge: a computer's robot and level, the hand's backs
ROBOT_SIZE, ROBOT_AT = 34, (28, 32)     # the robot's size, its centre from the panel's top right
BACKS_W, BACKS_STEP = 20, 9        # the backs of a player's hand cards in their panel
MARK_R = 42                        # the jester's count in a panel
EQUATION_AREA = EQUATION_RECT.inflate(8, 16)     # the discard preview with its shadow
FELT = (46, 120, 88)
FLY_TIME, FLIP_TIME, DEAL_TIME, COUNT_STEP = 0.55, 0.45, 0.28, 0.38     # seconds


def slot_rect(slot: int) -> pygame.Rect:
    w, h = card_size(SLOT_W)
    col, row = slot % 4, slot // 4
    return pygame.Rect(GRID_LEFT + col * (w + GRID_GAP_X), GRID_TOP + row * (h + GRID_GAP_Y), w, h)


SLOT_AREAS = [slot_rect(slot).inflate(20, 20) for slot in range(NUM_SLOTS)]   # a slot and its glow
