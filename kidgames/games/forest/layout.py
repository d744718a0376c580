"""Where things lie on the Fairy-Tale Forest table (canvas 1600×1000: the forest on the left;
players, cards and dice on the right) and how long things take."""
from __future__ import annotations

import pygame

from kidgames.ui.board_table import BOARD_RECT, SIDEBAR

# -- layout (canvas 1600×1000: the forest on the left; players, cards and dice on the right) ---------
SIDEBAR_FILL, SIDEBAR_EDGE = (226, 240, 206), (120, 160, 90)
BOARD_MARGIN = 24
PLAYER_TOP, PLAYER_H, PLAYER_GAP = 126, 66, 6
WON_RESERVE, WON_SCALE = 96, 0.42               # a player's cards won, in their row
CARDS_Y = 636                                   # the stack and the wanted card
STACK_X, WANTED_X = 1330, 1490                 # card centres
HINT_Y = 768
DICE_Y, DIE_SIZE = 892, 112
DICE_X = (1350, 1490)
DICE_TARGET = pygame.Rect(SIDEBAR.x + 10, DICE_Y - 70, SIDEBAR.w - 20, 170)
# What the side panel's changing pieces paint
STACK_AREA = pygame.Rect(STACK_X - 48 - 40 - 14, CARDS_Y - 62 - 18, 96 + 80 + 20, 124 + 18 + 52)
WANTED_AREA = pygame.Rect(WANTED_X - 60, CARDS_Y - 74, 120, 148)
HINT_AREA = pygame.Rect(SIDEBAR.x + 4, HINT_Y - 50, SIDEBAR.w - 8, 100)
PROMPT_BUTTON = pygame.Rect(SIDEBAR.x + 10, HINT_Y - 50, 100, 100)    # the hint's picture: a tap says it again
HINT_TEXT = pygame.Rect(PROMPT_BUTTON.right + 8, HINT_Y - 48, SIDEBAR.right - PROMPT_BUTTON.right - 16, 96)
PAWN_SIZE = 50
HOP_TIME, HOME_HOP, FLY_TIME, ROLL_TIME = 0.24, 0.09, 0.8, 0.8
HOP_HEIGHT, FLYING_CARD = 22, 0.7               # a card won flies at this scale
BANNER_SIZE = (820, 160)
CLOSE_HINT = (270, 66)                          # "tap to close" under an open private look
PANEL_BUTTON = 150                              # the picture buttons of "one die or both?"
MAGIC_BOUNDS = BOARD_RECT.inflate(-16, -16)     # where the magic choices may stand (magic.py)
