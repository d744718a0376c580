"""Fairy-Tale Forest on screen: a forest drawn from the board file, two dice to tap, the spaces a
throw reaches shining, pawns hopping along the paths, trees lifted for a secret look, the castle
where a tree is named, the magic of a double one.  The rules live in rules.py; this draws the
table's view (:class:`ForestView`, never the state) and turns taps into the actions it offers."""
from __future__ import annotations

import math
from functools import partial
from typing import Hashable

import pygame

from kidgames.core.board import shortest_walk
from kidgames.core.protocol import Action
from kidgames.ui.anim import arc, ease_in_out, ease_out_back
from kidgames.ui.board_pieces import draw_die, pawn_rect, side_by_side
from kidgames.ui.board_table import BOARD_RECT, SIDEBAR, BoardTableScene
from kidgames.ui.game import UNDO_SIZE
from kidgames.ui.pieces import BANNER, BUTTONS, IN_PANEL, MARKS, OVER_BUTTONS, OVER_PAWNS, THINGS, Die, Pawns
from kidgames.ui.table import Drawn
from kidgames.ui.targets import Target, pick
from kidgames.ui.widgets import INK, PAPER, PAWN_RGB, Button, rounded_panel

from . import magic
from .art import CARD_SIZE, HIT_R, SPACE_R, TREE_SIZE, draw_card, draw_tree, paint_board
from .board import ForestBoard
from .rules import GUESS, MOVE, ROLL, ForestView

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


class ForestScene(BoardTableScene[ForestView, ForestBoard]):
    roll_time, roll_pause = ROLL_TIME, 0.15

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.fit(BOARD_RECT, BOARD_MARGIN)
        # What a person is choosing now (never a rule: only which of the offered actions to send).
        self.choice: list[Action] | None = None       # two moves to one space: one die or both?
        self.magic_mode: str | None = None             # "swap" or "jump" after its magic button
        self.swap_first: str | None = None
        # The magic choices: where they stand (made once for the game, see magic_places) and
        # their picture stories (playing since story_from, showing story_step; -1: resting).
        self._magic_stable: list[pygame.Rect] | None = None
        self._magic_now: tuple[tuple, list[pygame.Rect]] | None = None
        self.story_from: float | None = None
        self.story_step = -1
        self._stories_for = 0          # the prompt's comebacks the stories have played for
        pawns = Pawns(self.seats, PAWN_SIZE, [], lambda p: p == self.shown_current and self.person_can_act(), below=10)
        dice = [Die((DICE_X[k], DICE_Y), DIE_SIZE, self.thrower_rim, spin=(540, -480)[k], hops=3 + k, height=50)
                for k in range(2)]
        for die, value in zip(dice, self.table_view().dice or (None, None)):    # dice waiting to be thrown: no number
            die.value = value
        rows = [self.player_row(i, rect, reserve=WON_RESERVE, levels=True, badge=partial(self.won_badge, i),
                                paint_badge=partial(self.draw_won, i))
                for i, rect in enumerate(self.row_rects(PLAYER_TOP, PLAYER_H, STACK_AREA.top, PLAYER_GAP, inset=14))]
        self.close_hint = Drawn(lambda: _around(self.close_hint_rect()), self.close_hint_rect,
                                self.draw_close_hint, OVER_PAWNS)
        self.lay_board((SIDEBAR_FILL, SIDEBAR_EDGE), 12, PROMPT_BUTTON, rows, (HINT_TEXT, HINT_AREA), dice, pawns,
                       (BANNER_SIZE, None), self.pieces(), [self.reach_rings, self.trees])
        self.changed()

    def pieces(self) -> list:
        """The forest's own pieces besides the trees and the shining spaces (see :meth:`trees`)."""
        view = self.table_view
        choice_area = lambda: self.choice_panel_rect().inflate(20, 20) if self.choice_look() else None  # noqa: E731
        return [Drawn(lambda: _around(self.open_look_rect()), lambda: self.lifted, self.draw_open_card, OVER_PAWNS),
                self.close_hint,
                Drawn(STACK_AREA, lambda: (view().stack_size, self.shuffle_t), self.draw_stack, IN_PANEL),
                Drawn(WANTED_AREA, lambda: (self.shown_wanted, self.flip), self.draw_wanted, IN_PANEL),
                Drawn(DICE_TARGET, self.may_throw, self.draw_dice_target, IN_PANEL),
                Drawn(choice_area, self.choice_look, self.draw_choice_panel, BUTTONS - 0.5),
                Drawn(choice_area, self.choice_look, self.draw_choice_dice, OVER_BUTTONS),
                *[Drawn(partial(self.story_area, name), partial(self.story_look, name),
                        partial(self.draw_story, name), OVER_BUTTONS) for name in magic.MAGICS],
                Drawn(self.flying_card_rect, self.flying_card_look, self.draw_flying_card, BANNER + 1)]

    # -- geometry -------------------------------------------------------------------------------------
    def slot_xy(self, slot: str) -> tuple[float, float]:
        return self.tree_xy.get(slot) or self.to_canvas(self.board.slots[slot].at)

    def moment(self) -> tuple:
        """The view, and what a person is choosing on it (the buttons of the moment show it)."""
        return (*super().moment(), self.person_can_act(), tuple(self.choice or ()), self.magic_mode)

    def refresh(self, view) -> None:
        """At rest the forest as the table is, nothing on its way (no tree lifted or gliding, no
        card flying, the wanted card face up); the buttons of the side panel, the magic choices,
        cancel and the "back" arrow, and "one die or both?", those of the moment showing."""
        shown_before = self.magic_shown()
        super().refresh(view)
        if self.resting:
            self.tree_xy: dict[str, tuple[float, float]] = {}    # trees on their way (a swap)
            self.lifted: tuple[str, float, str | None] | None = None   # (slot, height 0..1, motif or None)
            self.look_owner: int | None = None      # whose private look is open (None: public or none)
            self.flying_card: tuple[str, tuple[float, float]] | None = None
            self.shown_wanted = view.table.wanted
            self.shuffle_t = 0.0
            self.flip = 1.0
        # the magic choices: picture buttons whose pictures are their stories (see draw_story),
        # standing where magic_places says when they show
        for name in magic.MAGICS:
            self.buttons.append(Button(pygame.Rect(0, 0, magic.SIZES[-1], magic.SIZES[-1]),
                                       partial(self.pick_magic, name), name=f"magic:{name}",
                                       colour="paper", visible=False))
        cancel = pygame.Rect(BOARD_RECT.right - 130, BOARD_RECT.bottom - 130, 110, 110)
        # the "back" arrow: a move taken back (beside the cancel button, which never shows with it)
        self.buttons += [Button(cancel, self.reset_choice, icon="back", name="cancel"),
                         self.undo_button(pygame.Rect(cancel.x - UNDO_SIZE - 20, cancel.y, UNDO_SIZE, UNDO_SIZE))]
        size = PANEL_BUTTON
        for k in range(2):
            self.buttons.append(Button(pygame.Rect(BOARD_RECT.centerx - size - 20 + k * (size + 40),
                                                   BOARD_RECT.centery - size // 2, size, size),
                                       partial(self.pick_choice, k), name=f"choice:{k}"))
        self._show_buttons_of_the_moment(view.table, shown_before)

    def _show_buttons_of_the_moment(self, view: ForestView, shown_before: bool) -> None:
        """Show the buttons of what a person may choose now (derived from the view and the choice
        in progress, so a redraw shows the same); the magic choices' stories play as they appear."""
        can = self.person_can_act() and view.phase == MOVE
        magic_now = can and self.choice is None and self.magic_mode is None and bool(view.magic)
        if magic_now:
            places = dict(zip(magic.MAGICS, self.magic_places()))
        for b in self.buttons:
            if b.name.startswith("magic:"):
                name = b.name.split(":")[1]
                b.visible = magic_now and "magic_" + name in view.magic
                if magic_now:
                    b.rect = pygame.Rect(places[name])
            elif b.name == "cancel":
                b.visible = can and (self.magic_mode is not None or self.choice is not None)
            elif b.name.startswith("choice:"):
                b.visible = can and self.choice is not None
        if self.magic_shown() and not shown_before:
            self.play_stories()
        elif not self.magic_shown():
            self.story_from, self.story_step = None, -1

    # -- playing --------------------------------------------------------------------------------------
    def reset_choice(self) -> None:
        """Nothing half chosen (the cancel button's tap, and every decision sent), and the buttons
        show so."""
        self.choice = self.magic_mode = self.swap_first = None
        self.changed()

    before_decision = reset_choice

    def update(self, dt: float) -> bool:
        moved = super().update(dt)
        if not self.person_can_act() and (self.choice or self.magic_mode):
            self.reset_choice()
        return moved

    def tap(self, pos) -> None:
        """A tap on what :meth:`tap_targets` offers (in a jump, a tree stands for its space where
        no space is within reach)."""
        view = self.table_view()
        hit = pick(pos, self.tap_targets())
        if hit is None and self.magic_mode == "jump":
            slot = pick(pos, self.tree_targets())
            hit = ("space", self.board.slots[slot[1]].space) if slot else None
        if hit is None:
            return
        if hit == "dice":
            self.roll()
        elif view.phase == GUESS:
            self.submit(Action("guess", slot=hit[1]))
        elif self.magic_mode == "swap":
            self._tap_swap(hit[1])
        elif self.magic_mode == "jump":
            if hit[1] in view.jumps:
                self.submit(Action("magic_jump", node=hit[1]))
        else:
            self._tap_move(hit[1])

    def may_roll(self) -> bool:
        return self.table_view().phase == ROLL

    def _tap_move(self, dest: str) -> None:
        """A tap on a shining space: its move, or the question which of its two (the rules say
        when they end differently)."""
        options = self.table_view().way(dest)
        if len(options) == 1:
            self.submit(options[0])
        else:
            self.choice = list(options)
            self.changed()

    def pick_choice(self, k: int) -> None:
        if self.choice and self.person_can_act() and k < len(self.choice):
            self.submit(self.choice[k])

    def pick_magic(self, name: str) -> None:
        if not (self.person_can_act() and "magic_" + name in self.table_view().magic):
            return
        if name == "shuffle":
            self.submit(Action("magic_shuffle"))
        else:
            self.magic_mode, self.swap_first = name, None
        self.changed()

    def _tap_swap(self, slot: str) -> None:
        """A swap's first tree (a second tap lets it go again), then its second: the swap."""
        if self.swap_first is None or self.swap_first == slot:
            self.swap_first = None if self.swap_first == slot else slot
        else:
            self.submit(Action("magic_swap", a=self.swap_first, b=slot))

    def tap_targets(self) -> list[Target]:
        """What a tap on the board may choose now: the shining spaces of a move, the trees of a
        guess or a swap, the spaces of a jump, the dice of a roll."""
        if not self.person_can_act():
            return []
        view = self.table_view()
        if view.phase == ROLL:
            return [Target("dice", DICE_TARGET.center, DICE_TARGET)]
        if view.phase == GUESS or self.magic_mode == "swap":
            return self.tree_targets()
        if self.magic_mode == "jump":
            return [Target(("space", node), self.space_xy(node)) for node in view.jumps]
        if view.phase == MOVE and self.choice is None:
            # the hand of a prompt that comes back points at the first: a blue space (a look under
            # a tree helps), never the key space while another is offered (a guess may send home)
            ways = sorted((dest for dest, _ in view.ways),
                          key=lambda dest: (dest == self.board.key, self.board.tree_slot(dest) not in view.trees))
            return [Target(("space", dest), self.space_xy(dest)) for dest in ways]
        return []

    def tree_targets(self) -> list[Target]:
        return [Target(("tree", slot), self.tree_centre(slot)) for slot in self.table_view().trees]

    def tree_centre(self, slot: str) -> tuple[float, float]:
        x, y = self.slot_xy(slot)
        return x, y - TREE_SIZE * 0.3

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

        def show() -> None:
            self.lifted, self.look_owner = (slot, 1.0, motif), ev.private_to

        def hide() -> None:
            self.lifted = self.look_owner = None

        if self.secret_step(ev, show, hide):
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
        def flip(t: float) -> None:
            self.shown_wanted = ev.motif
            self.flip = abs(1 - 2 * t)
        self.anim.add(0.5, flip, start=self.sound("card"), end=lambda: setattr(self, "flip", 1.0))

    def _anim_trees_swapped(self, ev, rest) -> None:
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

    # -- where things paint ---------------------------------------------------------------------------
    def reach_rect(self, dest: str) -> pygame.Rect:
        x, y = self.space_xy(dest)
        r = SPACE_R + 18
        return pygame.Rect(math.floor(x - r), math.floor(y - r), 2 * r + 2, 2 * r + 2)

    def tree_rect(self, x: float, y: float, height: float) -> pygame.Rect:
        """A tree at (x, y) lifted ``height``: it, its shadow, the hole of a lifted tree and the ring
        of a pickable one."""
        rect = pygame.Rect(math.floor(x - HIT_R - 6), math.floor(y - TREE_SIZE * 0.3 - HIT_R - 6),
                           2 * HIT_R + 13, 0)
        rect.h = math.ceil(y + 30) - rect.y          # the ring down to the hole and the shadow
        w, h = self.app.assets.image("tree", TREE_SIZE).get_size()
        if height > 0:
            a = math.radians(height * 14)
            w, h = w * abs(math.cos(a)) + h * abs(math.sin(a)), w * abs(math.sin(a)) + h * abs(math.cos(a))
        lift = max(0.0, height) * (TREE_SIZE + 40)
        bottom = y + 12 - lift
        pic = pygame.Rect(math.floor(x - w / 2 - 3), math.floor(bottom - h - 3), math.ceil(w) + 7, math.ceil(h) + 7)
        return rect.union(pic)

    def open_look_rect(self) -> pygame.Rect | None:
        """The card of an open look (its motif), or None while none is open."""
        if not (self.lifted and self.lifted[2] and self.lifted[1] > 0.3):
            return None
        x, y = self.slot_xy(self.lifted[0])
        return pygame.Rect(0, 0, 110, 110).move_to(midbottom=(x, y + 24))

    def close_hint_rect(self) -> pygame.Rect | None:
        """Under an open private look: a finger and "Tap to close" (it stays until a tap when the
        settings say so, and a tap closes it earlier in any case)."""
        card = self.open_look_rect()
        if card is None or self.look_owner is None:
            return None
        rect = pygame.Rect((0, 0), CLOSE_HINT).move_to(midtop=(card.centerx, card.bottom + 10))
        if rect.bottom > BOARD_RECT.bottom - 8:       # no room below: above the card
            rect.midbottom = (card.centerx, card.top - 10)
        return rect.clamp(BOARD_RECT.inflate(-8, -8))

    def flying_card_look(self) -> Hashable:
        """The card flying to its finder (its motif and where it is), or None."""
        rect = self.flying_card_rect()
        return self.flying_card and rect is not None and (self.flying_card[0], rect.center)

    def flying_card_rect(self) -> pygame.Rect | None:
        if not self.flying_card:
            return None
        x, y = self.flying_card[1]
        return pygame.Rect(0, 0, int(CARD_SIZE[0] * FLYING_CARD) + 6,
                           int(CARD_SIZE[1] * FLYING_CARD) + 6).move_to(center=(round(x), round(y)))

    def choice_panel_rect(self) -> pygame.Rect:
        return self.laid_button("choice:0").rect.union(self.laid_button("choice:1").rect).inflate(60, 60)

    # -- what the screen says --------------------------------------------------------------------------
    def hint_step(self) -> str:
        view = self.table_view()
        if view.phase != MOVE:
            return view.phase       # roll or guess
        if self.choice:
            return "choose"
        return self.magic_mode or ("magic" if view.magic else "move")

    # -- drawing: the pieces (see kidgames/ui/table.py) -----------------------------------------------
    def reach_rings(self) -> list[Drawn]:
        """The spaces a throw reaches, shining while a person chooses where to go."""
        view = self.table_view()
        if not (self.person_can_act() and view.phase == MOVE and self.magic_mode is None):
            return []
        return [Drawn(self.reach_rect(dest), True, partial(self.draw_reach_ring, dest=dest),
                      MARKS, ("reach", dest)) for dest, _ in view.ways]

    def draw_reach_ring(self, surface, dest: str) -> None:
        x, y = self.space_xy(dest)
        pygame.draw.circle(surface, (255, 255, 255), (x, y), SPACE_R + 16, 7)
        pygame.draw.circle(surface, (255, 200, 30), (x, y), SPACE_R + 11, 4)

    def trees(self) -> list[Drawn]:
        """The trees, the farther ones first, each lifted, gliding or ringed as it is now."""
        pickable = self.person_can_act() and (self.table_view().phase == GUESS or self.magic_mode is not None)
        pieces = []
        for slot in sorted(self.table_view().trees, key=lambda s: self.slot_xy(s)[1]):
            x, y = self.slot_xy(slot)
            lifted = self.lifted if self.lifted and self.lifted[0] == slot else None
            height = lifted[1] if lifted else 0.0
            ring = ((255, 80, 60) if slot == self.swap_first else (255, 255, 255)) if pickable else None
            pieces.append(Drawn(self.tree_rect(x, y, height), (x, y, lifted, pickable, slot == self.swap_first),
                                partial(draw_tree, assets=self.app.assets, x=x, y=y, height=height, ring=ring),
                                THINGS, ("tree", slot)))
        return pieces

    def draw_open_card(self, surface) -> None:
        """The motif under a lifted tree, over the pawns: only ever set while its person may see
        it (a private look behind its curtain, or a right guess)."""
        card, lifted = self.open_look_rect(), self.lifted
        assert card is not None and lifted is not None and lifted[2] is not None    # painted only while open (its area)
        rounded_panel(surface, card, PAPER, radius=18, border=(200, 150, 60), border_width=5, shadow=4)
        pic = self.app.assets.image(lifted[2], 92)
        surface.blit(pic, pic.get_rect(center=card.center))

    def draw_close_hint(self, surface) -> None:
        close = self.close_hint_rect()
        assert close is not None        # painted only while a private look is open (its area)
        rounded_panel(surface, close, PAPER, radius=close.h // 2, border=(90, 140, 200), border_width=4, shadow=4)
        finger = self.app.assets.image("finger", close.h - 12)
        surface.blit(finger, finger.get_rect(midleft=(close.x + 10, close.centery)))
        label = self.app.assets.fit_text(self.t("secret.close"), 30, INK, close.w - close.h - 24, close.h - 10,
                                         title=True)
        surface.blit(label, label.get_rect(center=(close.centerx + close.h // 2, close.centery)))

    def won_badge(self, i: int) -> tuple[int, str] | None:
        """What player ``i``'s row shows of their cards won: how many, and the last one."""
        won = self.table_view().won[i]
        return (len(won), won[-1]) if won else None

    def draw_won(self, i: int, surface, rect: pygame.Rect, right: int, lit: bool) -> None:
        """A player's cards won: the last one face up on its little pile, and how many, in big digits."""
        won = self.table_view().won[i]
        x = right - WON_RESERVE + 24
        for k in range(min(len(won), 3) - 1, 0, -1):
            draw_card(surface, self.app.assets, (x + 4 * k, rect.centery - 4 * k), None, WON_SCALE)
        draw_card(surface, self.app.assets, (x, rect.centery), won[-1], WON_SCALE)
        count = self.app.assets.text(str(len(won)), 38, (255, 255, 255) if lit else INK, title=True)
        surface.blit(count, count.get_rect(midleft=(x + 32, rect.centery + 2)))

    def draw_stack(self, surface) -> None:
        """The face-down stack, wiggling while it is shuffled, with its count on its top card (below
        it, the prompt button would cover it)."""
        stack = self.table_view().stack_size
        for k in range(min(stack, 6)):
            dx = math.sin(self.shuffle_t * math.pi * 4 + k) * 40 * math.sin(math.pi * self.shuffle_t)
            draw_card(surface, self.app.assets, (STACK_X + dx - k * 2, CARDS_Y - k * 3), None, 1.0)
        if stack:
            count = self.app.assets.text(str(stack), 34, (255, 255, 255), title=True, outline=(60, 30, 90))
            top = min(stack, 6) - 1
            surface.blit(count, count.get_rect(center=(STACK_X - top * 2, CARDS_Y - top * 3 + CARD_SIZE[1] // 4)))

    def draw_wanted(self, surface) -> None:
        """The wanted secret, turned up."""
        if self.shown_wanted:
            draw_card(surface, self.app.assets, (WANTED_X, CARDS_Y), self.shown_wanted, 1.0, flip=self.flip, glow=True)

    def draw_dice_target(self, surface) -> None:
        if self.may_throw():
            pygame.draw.rect(surface, (255, 255, 255), DICE_TARGET.inflate(-10, -20), 5, border_radius=30)

    def draw_flying_card(self, surface) -> None:
        assert self.flying_card is not None     # painted only while a card flies (its area)
        draw_card(surface, self.app.assets, self.flying_card[1], self.flying_card[0], FLYING_CARD)

    def choice_look(self) -> tuple | None:
        """While the panel asking "one die or both?" is up: the moves, the throw and the thrower's colour."""
        first = self.button("choice:0")
        if not (first is not None and first.visible and self.choice):
            return None
        view = self.table_view()
        return (tuple((a.dice_used, len(a.path)) for a in self.choice), view.dice,
                self.seats[view.current_player].colour)

    def draw_choice_panel(self, surface) -> None:
        rounded_panel(surface, self.choice_panel_rect(), PAPER, radius=30, border=(200, 150, 60), border_width=5,
                      shadow=6)

    def draw_choice_dice(self, surface) -> None:
        """The pictures on the choice buttons: one die or both dice."""
        view = self.table_view()
        rim = PAWN_RGB[self.seats[view.current_player].colour]
        for k, action in enumerate(self.choice or ()):
            centre = self.laid_button(f"choice:{k}").rect.center
            if action.dice_used == 1:
                draw_die(surface, (centre[0], centre[1] - 8), 84, max(1, min(6, len(action.path))), rim)
            else:
                assert view.dice is not None        # a choice of dice follows a throw
                a, b = view.dice
                draw_die(surface, (centre[0] - 26, centre[1] - 20), 64, a, rim)
                draw_die(surface, (centre[0] + 26, centre[1] + 8), 64, b, rim)

    # -- the magic of a double one (kidgames/games/forest/magic.py) ---------------------------------------
    def magic_shown(self) -> bool:
        return any(b.visible for b in self.buttons if b.name.startswith("magic:"))

    def magic_places(self) -> list[pygame.Rect]:
        """Where the magic choices stand now (swap, jump, shuffle), covering nothing the child
        must see.  First the game's own spot, found once: clear of every space with two pawns on
        it and of every tree, so the choices stand in the same place at every double one; where
        more pawns crowd next to it, a spot clear of every space and of the pawns as they stand;
        on a board with no such room, one clear of what this throw offers (the spaces a walk or a
        jump may end on), the trees and the pawns."""
        pawns = [piece.area() for piece in self.pawns.pieces()]
        if self._magic_stable is None:
            room = [self.space_room(node, pawns=2) for node in self.board.nodes]
            self._magic_stable = magic.place(MAGIC_BOUNDS, room + self.tree_rects(), PROMPT_BUTTON.center) or []
        if self._magic_stable and magic.clear_of(self._magic_stable, pawns):
            return self._magic_stable
        view = self.table_view()
        key = (tuple(view.positions), view.ways, view.jumps)
        if self._magic_now is None or self._magic_now[0] != key:
            trees = self.tree_rects()
            every_space = [self.space_room(node) for node in self.board.nodes]
            offered = [self.space_room(node) for node in {dest for dest, _ in view.ways} | set(view.jumps)]
            places = (magic.place(MAGIC_BOUNDS, every_space + trees + pawns, PROMPT_BUTTON.center)
                      or magic.place(MAGIC_BOUNDS, offered + trees + pawns, PROMPT_BUTTON.center)
                      or self._magic_stable     # no room anywhere: the smallest buttons, in a corner
                      or [pygame.Rect(BOARD_RECT.right - 3 * 112, BOARD_RECT.bottom - 120, 96, 96).move(k * 112, 0)
                          for k in range(3)])
            self._magic_now = (key, places)
        return self._magic_now[1]

    def space_room(self, node: str, pawns: int = 0) -> pygame.Rect:
        """What a space paints, with its shining ring, and with ``pawns`` pawns standing on it."""
        rect = self.reach_rect(node)
        if self.board.kind(node) == "village":
            rect = rect.inflate(8, 8)           # the village is the biggest space
        x, y = self.space_xy(node)
        for _, px, py in side_by_side([(x, y)] * pawns, None, PAWN_SIZE):
            rect = rect.union(pawn_rect(px, py + self.pawns.below, 0, PAWN_SIZE))
        return rect

    def tree_rects(self) -> list[pygame.Rect]:
        """What each tree in the game paints where it stands (with the ring of a pickable one)."""
        return [self.tree_rect(*self.to_canvas(self.board.slots[slot].at), 0.0) for slot in self.table_view().trees]

    def play_stories(self) -> None:
        """The magic choices' stories play, one after another (when they appear, when the prompt
        comes back, at a tap on the prompt's picture)."""
        self.story_from = self.app.now()
        self._stories_for = len(self.nudge.comebacks)

    def story_area(self, name: str) -> pygame.Rect | None:
        button = self.button(f"magic:{name}")
        if button is None or not button.visible:
            return None
        return button.rect.move(0, 3 if button.pressed else 0)

    def story_look(self, name: str) -> tuple | None:
        area = self.story_area(name)
        if area is None:
            return None
        view = self.table_view()
        return (tuple(area), magic.story_t(self.story_step, magic.MAGICS.index(name)),
                self.seats[view.current_player].colour, view.wanted)

    def draw_story(self, name: str, surface) -> None:
        look = self.story_look(name)
        if look is None:
            return
        area, t, colour, wanted = look
        seat = self.seats[self.table_view().current_player]
        magic.draw_story(surface, self.app.assets, name, pygame.Rect(area), t, colour, seat.shape, wanted)

    def idle_animation(self) -> bool:
        """While the magic choices wait: their stories play in turn (only the playing one's
        button is redrawn, :data:`magic.STORY_FPS` times a second), then rest on their still
        pictures until the prompt comes back."""
        if self.magic_shown() and len(self.nudge.comebacks) > self._stories_for:
            self.play_stories()
        step = -1
        if self.story_from is not None and self.magic_shown():
            step = int((self.app.now() - self.story_from) * magic.STORY_FPS)
            if step >= len(magic.MAGICS) * magic.STORY_FRAMES:
                step, self.story_from = -1, None
        if step != self.story_step:
            before = {name: self.story_look(name) for name in magic.MAGICS}
            self.story_step = step
            for name in magic.MAGICS:
                area = self.story_area(name)
                if area is not None and self.story_look(name) != before[name]:
                    self.app.invalidate(area)
        return False

    def idle_wake_in(self) -> float | None:
        if self.story_from is None or not self.magic_shown():
            return None
        shown = self.app.now() - self.story_from
        return max(0.0, (int(shown * magic.STORY_FPS) + 1) / magic.STORY_FPS - shown)

    def prompt_button(self, rect: pygame.Rect) -> Button:
        """The prompt's picture says the prompt again, and during the magic choice plays the
        choices' stories again."""
        button = super().prompt_button(rect)
        again = button.on_tap

        def say_again() -> None:
            again()
            if self.magic_shown():
                self.play_stories()
        button.on_tap = say_again
        return button

    def nudge_target(self) -> pygame.Rect | None:
        """During the magic choice the hand points at the jump (else the swap): a walk of 1+1
        would give the magic up, while a jump or a swap chosen can still be left (the back arrow)
        and a jump brings a look under a tree."""
        for name in ("jump", "swap"):
            button = self.button(f"magic:{name}")
            if button is not None and button.visible:
                return pygame.Rect(button.rect)
        return super().nudge_target()

    # -- the painted forest (made once) ----------------------------------------------------------------
    def render_board(self) -> pygame.Surface:
        return paint_board(self.board, self.table_view().trees, self.app.screen.get_size(), BOARD_RECT, self.to_canvas,
                           self.app.assets)


def _around(card: pygame.Rect | None) -> pygame.Rect | None:
    """What a card on a paper panel paints: its border and its shadow, 4 lower."""
    return card.inflate(12, 12).move(0, 2) if card is not None else None
