"""Fairy-Tale Forest on screen: a forest drawn from the board file, two dice to tap, the spaces a
throw reaches shining, pawns hopping along the paths, trees lifted for a secret look, the castle
where a tree is named, the magic of a double one.  The rules live in rules.py; this draws the
table's view (:class:`ForestView`, never the state) and turns taps into the actions it offers.

The scene is the shared board table (kidgames/ui/board_table.py) with the game's part, table.py
(:class:`ForestTable`: the painted forest, its pieces, the buttons of the moment and the taps); the
scene itself turns the session's events into animation, moving the picture's own state (trees
lifted or gliding, a card flying, the wanted card) that is set from the view at rest."""
from __future__ import annotations

import math

import pygame

from kidgames.core.board import shortest_walk
from kidgames.ui.anim import arc, ease_in_out, ease_out_back
from kidgames.ui.board_table import BoardTableScene
from kidgames.ui.pieces import OVER_PAWNS, Die, Pawns
from kidgames.ui.table import Drawn
from functools import partial

from .board import ForestBoard
from .drawing import around
from .layout import (BANNER_SIZE, BOARD_MARGIN, BOARD_RECT, CARDS_Y, DICE_X, DICE_Y, DIE_SIZE, FLY_TIME, HINT_AREA,
                     HINT_TEXT, HOME_HOP, HOP_HEIGHT, HOP_TIME, PAWN_SIZE, PLAYER_GAP, PLAYER_H, PLAYER_TOP,
                     PROMPT_BUTTON, ROLL_TIME, SIDEBAR_EDGE, SIDEBAR_FILL, STACK_AREA, WANTED_X, WON_RESERVE)
from .rules import ForestView
from .table import ForestTable


class ForestScene(BoardTableScene[ForestView, ForestBoard]):
    roll_time, roll_pause = ROLL_TIME, 0.15
    part: ForestTable           # the game's part of the table (table.py)
    # the picture's own state, moved by the animation and set from the view at rest (ForestTable.copy_table)
    tree_xy: dict[str, tuple[float, float]]          # trees on their way (a swap)
    lifted: tuple[str, float, str | None] | None     # (slot, height 0..1, motif or None)
    look_owner: int | None                           # whose private look is open (None: public or none)
    flying_card: tuple[str, tuple[float, float]] | None
    shown_wanted: str | None
    shuffle_t: float
    flip: float

    def __init__(self, app, session) -> None:
        super().__init__(app, session, ForestTable)
        self.idle = self.part.magic      # the magic choices move a little while a person thinks
        self.fit(BOARD_RECT, BOARD_MARGIN)
        pawns = Pawns(self.seats, PAWN_SIZE, [], lambda p: p == self.shown_current and self.person_can_act(), below=10)
        dice = [Die((DICE_X[k], DICE_Y), DIE_SIZE, self.thrower_rim, spin=(540, -480)[k], hops=3 + k, height=50)
                for k in range(2)]
        for die, value in zip(dice, self.table_view().dice or (None, None)):    # dice waiting to be thrown: no number
            die.value = value
        drawing = self.part.drawing
        rows = [self.player_row(i, rect, reserve=WON_RESERVE, levels=True, badge=partial(drawing.won_badge, i),
                                paint_badge=partial(drawing.draw_won, i))
                for i, rect in enumerate(self.row_rects(PLAYER_TOP, PLAYER_H, STACK_AREA.top, PLAYER_GAP, inset=14))]
        self.close_hint = Drawn(lambda: around(drawing.close_hint_rect()), drawing.close_hint_rect,
                                drawing.draw_close_hint, OVER_PAWNS)
        self.lay_board((SIDEBAR_FILL, SIDEBAR_EDGE), 12, PROMPT_BUTTON, rows, (HINT_TEXT, HINT_AREA), dice, pawns,
                       (BANNER_SIZE, None), self.part.pieces(), [drawing.reach_rings, drawing.trees])
        self.changed()

    def update(self, dt: float) -> bool:
        moved = super().update(dt)
        if not self.person_can_act() and (self.part.choice or self.part.magic_mode):
            self.part.reset_choice()
        return moved

    # -- events to animation ---------------------------------------------------------------------------
    def _anim_moved(self, ev, rest) -> None:
        self.walk(ev.player, ev.get("from"), ev.path, HOP_TIME, HOP_HEIGHT)

    def _anim_sent_home(self, ev, rest) -> None:
        home = shortest_walk(ev.node, self.board.village, self.board.neighbours)
        for q in ev.players:
            if ev.reason == "landed":
                self._say("home", q, "home", 0.9, sound="fall")
            self.walk(q, ev.node, home, HOME_HOP, HOP_HEIGHT)

    def _anim_jumped(self, ev, rest) -> None:
        a, b = self.space_xy(ev.get("from")), self.space_xy(ev.node)
        height = 80 + min(240, math.dist(a, b) * 0.35)
        self._say("jumped", ev.player, "sparkles", 0.6, sound="magic")
        self.pawns.hop(self.anim, ev.player, a, b, FLY_TIME, height)

    def _anim_peeked(self, ev, rest) -> None:
        """A look under a tree (or at the tree wrongly named): its person sees the motif behind the
        secret curtain; everybody else (and a computer's look always) sees the tree lift with its
        back to the room."""
        slot, motif = ev.slot, ev.motif
        self.part.looked.add(ev.player)

        def show() -> None:
            self.lifted, self.look_owner = (slot, 1.0, motif), ev.private_to

        def hide() -> None:
            self.lifted = self.look_owner = None

        if self.curtains.secret_step(ev, show, hide):
            return
        self.anim.add(0.45, lambda t: self._lift(slot, t), start=self.sound("magic"), easing=ease_out_back)
        self.anim.wait(0.9)
        self.anim.add(0.35, lambda t: self._lift(slot, 1 - t), end=hide)

    _anim_guessed_wrong = _anim_peeked

    def _lift(self, slot: str, height: float, motif: str | None = None) -> None:
        self.lifted = (slot, max(0.0, height), motif)

    def visible_secrets(self) -> set[int]:
        """The seat whose private look is open on screen now (a right guess is public)."""
        return {self.look_owner} if self.lifted and self.lifted[2] and self.look_owner is not None else set()

    def _anim_guess_missed(self, ev, rest) -> None:
        self.part.missed.add(ev.slot)
        self._say("wrong", ev.player, "cross", 0.9, sound="stuck")

    def _anim_guessed_right(self, ev, rest) -> None:
        """The tree lifts for everybody, the wanted card flies to its finder's row, and the pawn
        hops off the key space."""
        p, slot, motif = ev.player, ev.slot, ev.motif
        self.anim.add(0.5, lambda t: self._lift(slot, t, motif), start=self.sound("fanfare"), easing=ease_out_back)
        self._say("right", p, motif, 1.0)
        x, y = self.rows[p].rect.midright

        def fly(t: float) -> None:
            self.shown_wanted = None
            self.flying_card = (motif, arc((WANTED_X, CARDS_Y), (x - 60, y), t, 120))

        self.anim.add(0.8, fly, easing=ease_in_out, start=self.sound("coin"),
                      end=lambda: setattr(self, "flying_card", None))
        self.anim.add(0.3, lambda t: self._lift(slot, 1 - t, motif), end=lambda: setattr(self, "lifted", None))
        self.pawns.hop(self.anim, p, self.space_xy(self.board.key), self.space_xy(ev.to), 0.5, 50)

    def _anim_new_wanted(self, ev, rest) -> None:
        self.part.looked.clear()
        self.part.missed.clear()
        def flip(t: float) -> None:
            self.shown_wanted = ev.motif
            self.flip = abs(1 - 2 * t)
        self.anim.add(0.5, flip, start=self.sound("card"), end=lambda: setattr(self, "flip", 1.0))

    def _anim_trees_swapped(self, ev, rest) -> None:
        self.part.missed.clear()
        a, b = self.to_canvas(self.board.slots[ev.a].at), self.to_canvas(self.board.slots[ev.b].at)
        self._say("swapped", ev.player, "swap", 0.5, sound="magic")

        def glide(t: float) -> None:
            self.tree_xy[ev.a], self.tree_xy[ev.b] = arc(b, a, t, 60), arc(a, b, t, 60)

        # The trees (motifs included) changed places on the table at once: each glides from where
        # it stood to its new slot, so the picture catches up.
        self.anim.add(1.2, glide, easing=ease_in_out, start=self.sound("whoosh"), end=self.tree_xy.clear)

    def _anim_stack_shuffled(self, ev, rest) -> None:
        self._say("shuffled", ev.player, "shuffle", 0.4, sound="card")
        self.anim.add(1.0, lambda t: setattr(self, "shuffle_t", t), start=lambda: setattr(self, "shown_wanted", None),
                      end=lambda: setattr(self, "shuffle_t", 0.0))

    def _anim_game_over(self, ev, rest) -> None:
        self.rest_step()
        self._say("end", None, "trophy", 0.8, sound="fanfare")

    def _say(self, key: str, seat: int | None, sprite: str, stay: float, sound: str | None = None) -> None:
        """The banner says ``forest.<key>`` (about ``seat``, by name) for ``stay`` seconds."""
        text = self.t(f"forest.{key}") if seat is None else self.t(f"forest.{key}", name=self.seats[seat].name)
        self.banner_piece.say(self.anim, text, sprite, stay, sound=self.sound(sound) if sound else None)

    def say_again(self) -> None:
        """The prompt's picture says the prompt again, and during the magic choice plays the
        choices' stories again."""
        super().say_again()
        if self.part.magic.magic_shown():
            self.part.magic.play_stories()

    def nudge_target(self) -> pygame.Rect | None:
        """During the magic choice the hand points at the jump (else the swap): a walk of 1+1
        would give the magic up, while a jump or a swap chosen can still be left (the back arrow)
        and a jump brings a look under a tree."""
        for name in ("jump", "swap"):
            button = self.button(f"magic:{name}")
            if button is not None and button.visible:
                return pygame.Rect(button.rect)
        return super().nudge_target()
