"""Fairy-Tale Forest's part of the shared board table (kidgames/ui/board_table.py,
:class:`BoardTablePart`): the painted forest, the forest's own pieces (drawing.py), the buttons of
the moment (the magic choices, choices.py; cancel; "one die or both?") and what a tap on the board
does: a shining space, a tree, a magic's target.  It reads the session's views through its scene
and never the state; the scene animates the events."""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from kidgames.core.board import shortest_walk
from kidgames.core.protocol import Action
from kidgames.ui.taking_back import UNDO_SIZE
from kidgames.ui.pieces import BANNER, BUTTONS, IN_PANEL, OVER_BUTTONS, OVER_PAWNS
from kidgames.ui.table import Drawn
from kidgames.ui.targets import Target, pick
from kidgames.ui.widgets import Button

from . import magic
from .art import TREE_SIZE, paint_board
from .choices import MagicChoices
from .drawing import ForestDrawing, around
from .layout import BOARD_RECT, DICE_TARGET, PANEL_BUTTON, STACK_AREA, WANTED_AREA
from .rules import GUESS, MOVE, ROLL, ForestView

if TYPE_CHECKING:
    from .scene import ForestScene


class ForestTable:
    """The game's part of its board table."""

    def __init__(self, scene: ForestScene) -> None:
        self.scene = scene
        self.drawing = ForestDrawing(scene)
        self.magic = MagicChoices(scene)
        # What a person is choosing now (never a rule: only which of the offered actions to send).
        self.choice: list[Action] | None = None       # two moves to one space: one die or both?
        self.magic_mode: str | None = None             # "swap" or "jump" after its magic button
        self.swap_first: str | None = None
        # Who has looked under a tree since the wanted card came up (public: everybody sees a tree
        # lift): the hand of a prompt then points at the key space first, where a guess wins cards.
        self.looked: set[int] = set()
        self.missed: set[str] = set()      # the trees guessed wrong for the wanted card (public)
        self._to_key: dict[str, int] = {}   # spaces to the key space, from each space (the hand's order)

    def copy_table(self, table: ForestView) -> None:
        """At rest the forest as the table is, nothing on its way: no tree lifted or gliding, no
        card flying, the wanted card face up."""
        scene = self.scene
        scene.tree_xy = {}
        scene.lifted = None
        scene.look_owner = None
        scene.flying_card = None
        scene.shown_wanted = table.wanted
        scene.shuffle_t = 0.0
        scene.flip = 1.0

    def buttons(self, laid: list[Button]) -> list[Button]:
        """The side panel's ``laid`` buttons, the magic choices, cancel and the "back" arrow, and
        "one die or both?": those of the moment showing."""
        shown_before = self.magic.magic_shown()
        buttons = list(laid)
        # the magic choices: picture buttons whose pictures are their stories (see draw_story),
        # standing where magic_places says when they show
        for name in magic.MAGICS:
            buttons.append(Button(pygame.Rect(0, 0, magic.SIZES[-1], magic.SIZES[-1]),
                                  partial(self.pick_magic, name), name=f"magic:{name}",
                                  colour="paper", visible=False))
        cancel = pygame.Rect(BOARD_RECT.right - 130, BOARD_RECT.bottom - 130, 110, 110)
        # the "back" arrow: a move taken back (beside the cancel button, which never shows with it)
        buttons += [Button(cancel, self.reset_choice, icon="back", name="cancel"),
                    self.scene.undo.button(pygame.Rect(cancel.x - UNDO_SIZE - 20, cancel.y, UNDO_SIZE, UNDO_SIZE))]
        size = PANEL_BUTTON
        for k in range(2):
            buttons.append(Button(pygame.Rect(BOARD_RECT.centerx - size - 20 + k * (size + 40),
                                              BOARD_RECT.centery - size // 2, size, size),
                                  partial(self.pick_choice, k), name=f"choice:{k}"))
        self._show_buttons_of_the_moment(buttons, shown_before)
        return buttons

    def _show_buttons_of_the_moment(self, buttons: list[Button], shown_before: bool) -> None:
        """Show the buttons of what a person may choose now (derived from the view and the choice
        in progress, so a redraw shows the same); the magic choices' stories play as they appear."""
        view = self.scene.table_view()
        can = self.scene.person_can_act() and view.phase == MOVE
        magic_now = can and self.choice is None and self.magic_mode is None and bool(view.magic)
        if magic_now:
            places = dict(zip(magic.MAGICS, self.magic.magic_places()))
        for b in buttons:
            if b.name.startswith("magic:"):
                name = b.name.split(":")[1]
                b.visible = magic_now and "magic_" + name in view.magic
                if magic_now:
                    b.rect = pygame.Rect(places[name])
            elif b.name == "cancel":
                b.visible = can and (self.magic_mode is not None or self.choice is not None)
            elif b.name.startswith("choice:"):
                b.visible = can and self.choice is not None
        shown = self.magic.magic_shown(buttons)
        if shown and not shown_before:
            self.magic.play_stories()
        elif not shown:
            self.magic.story_from, self.magic.story_step = None, -1

    def choosing(self) -> tuple:
        """What a person is choosing on the board (the buttons of the moment show it)."""
        return self.scene.person_can_act(), tuple(self.choice or ()), self.magic_mode

    # -- playing --------------------------------------------------------------------------------------
    def reset_choice(self) -> None:
        """Nothing half chosen (the cancel button's tap, and every decision sent), and the buttons
        show so."""
        chosen = self.choice is not None or self.magic_mode is not None or self.swap_first is not None
        self.choice = self.magic_mode = self.swap_first = None
        if chosen:          # a computer's decision (nothing chosen on the board) changes no button
            self.scene.changed()

    forget_choice = reset_choice       # every decision sent: nothing half chosen

    def tap(self, pos) -> None:
        """A tap on what :meth:`tap_targets` offers (in a jump, a tree stands for its space where
        no space is within reach)."""
        view = self.scene.table_view()
        hit = pick(pos, self.tap_targets())
        if hit is None and self.magic_mode == "jump":
            slot = pick(pos, self.tree_targets())
            hit = ("space", self.scene.board.slots[slot[1]].space) if slot else None
        if hit is None:
            return
        if hit == "dice":
            self.scene.roll()
        elif view.phase == GUESS:
            self.scene.submit(Action("guess", slot=hit[1]))
        elif self.magic_mode == "swap":
            self._tap_swap(hit[1])
        elif self.magic_mode == "jump":
            if hit[1] in view.jumps:
                self.scene.submit(Action("magic_jump", node=hit[1]))
        else:
            self._tap_move(hit[1])

    def may_roll(self) -> bool:
        return self.scene.table_view().phase == ROLL

    def _tap_move(self, dest: str) -> None:
        """A tap on a shining space: its move, or the question which of its two (the rules say
        when they end differently)."""
        options = self.scene.table_view().way(dest)
        if len(options) == 1:
            self.scene.submit(options[0])
        else:
            self.choice = list(options)
            self.scene.changed()

    def pick_choice(self, k: int) -> None:
        if self.choice and self.scene.person_can_act() and k < len(self.choice):
            self.scene.submit(self.choice[k])

    def pick_magic(self, name: str) -> None:
        if not (self.scene.person_can_act() and "magic_" + name in self.scene.table_view().magic):
            return
        if name == "shuffle":
            self.scene.submit(Action("magic_shuffle"))
        else:
            self.magic_mode, self.swap_first = name, None
        self.scene.changed()

    def _tap_swap(self, slot: str) -> None:
        """A swap's first tree (a second tap lets it go again), then its second: the swap."""
        if self.swap_first is None or self.swap_first == slot:
            self.swap_first = None if self.swap_first == slot else slot
        else:
            self.scene.submit(Action("magic_swap", a=self.swap_first, b=slot))

    def tap_targets(self) -> list[Target]:
        """What a tap on the board may choose now: the shining spaces of a move, the trees of a
        guess or a swap, the spaces of a jump, the dice of a roll."""
        if not self.scene.person_can_act():
            return []
        view = self.scene.table_view()
        if view.phase == ROLL:
            return [Target("dice", DICE_TARGET.center, DICE_TARGET)]
        if view.phase == GUESS or self.magic_mode == "swap":
            return self.tree_targets()
        if self.magic_mode == "jump":
            return [Target(("space", node), self.scene.space_xy(node)) for node in view.jumps]
        if view.phase == MOVE and self.choice is None:
            # the hand of a prompt that comes back points at the first: a blue space (a look under
            # a tree helps), never the key space while another is offered (a guess may send home)
            # until the player has looked under a tree since the wanted card came up; nearer the
            # castle first (a child following the hand comes to the castle, as the game needs)
            board = self.scene.board
            looked = view.current_player in self.looked

            def rank(dest: str) -> tuple[int, int]:
                if dest == board.key:
                    return (0 if looked else 3), 0
                near = self._to_key.get(dest)
                if near is None:        # the board never changes: each space's way to the key once
                    near = self._to_key[dest] = len(shortest_walk(dest, board.key, board.neighbours))
                return (1 if board.tree_slot(dest) in view.trees and not looked else 2), near
            ways = sorted((dest for dest, _ in view.ways), key=rank)
            return [Target(("space", dest), self.scene.space_xy(dest)) for dest in ways]
        return []

    def tree_targets(self) -> list[Target]:
        """The trees; first those not yet guessed wrong for the wanted card (the hand points there)."""
        trees = sorted(self.scene.table_view().trees, key=lambda slot: slot in self.missed)
        return [Target(("tree", slot), self.tree_centre(slot)) for slot in trees]

    def tree_centre(self, slot: str) -> tuple[float, float]:
        x, y = self.slot_xy(slot)
        return x, y - TREE_SIZE * 0.3

    # -- geometry -------------------------------------------------------------------------------------
    def slot_xy(self, slot: str) -> tuple[float, float]:
        return self.scene.tree_xy.get(slot) or self.scene.to_canvas(self.scene.board.slots[slot].at)

    # -- what the screen says --------------------------------------------------------------------------
    def hint_step(self) -> str:
        view = self.scene.table_view()
        if view.phase != MOVE:
            return view.phase       # roll or guess
        if self.choice:
            return "choose"
        return self.magic_mode or ("magic" if view.magic else "move")

    # -- the painted forest (made once) ----------------------------------------------------------------
    def render_board(self) -> pygame.Surface:
        scene = self.scene
        return paint_board(scene.board, scene.table_view().trees, scene.app.screen.get_size(), BOARD_RECT,
                           scene.to_canvas, scene.app.assets)

    def pieces(self) -> list:
        """The forest's own pieces besides the trees and the shining spaces (see ForestDrawing.trees)."""
        scene, drawing, choices = self.scene, self.drawing, self.magic
        view = scene.table_view
        choice_area = lambda: (drawing.choice_panel_rect().inflate(20, 20)  # noqa: E731
                               if drawing.choice_look() else None)
        return [Drawn(lambda: around(drawing.open_look_rect()), lambda: scene.lifted, drawing.draw_open_card,
                      OVER_PAWNS),
                scene.close_hint,
                Drawn(STACK_AREA, lambda: (view().stack_size, scene.shuffle_t), drawing.draw_stack, IN_PANEL),
                Drawn(WANTED_AREA, lambda: (scene.shown_wanted, scene.flip), drawing.draw_wanted, IN_PANEL),
                Drawn(DICE_TARGET, scene.may_throw, drawing.draw_dice_target, IN_PANEL),
                Drawn(choice_area, drawing.choice_look, drawing.draw_choice_panel, BUTTONS - 0.5),
                Drawn(choice_area, drawing.choice_look, drawing.draw_choice_dice, OVER_BUTTONS),
                *[Drawn(partial(choices.story_area, name), partial(choices.story_look, name),
                        partial(choices.draw_story, name), OVER_BUTTONS) for name in magic.MAGICS],
                Drawn(drawing.flying_card_rect, drawing.flying_card_look, drawing.draw_flying_card, BANNER + 1)]
