"""What the board games' tables share as scenes (Knights and the Golden Treasure, Fairy-Tale Forest).

A board painted once on the left; on the right the side panel with the buttons, a row for each
player (lit while it is their turn, with the game's own badge), the hint beside its prompt button
and the dice; the pawns hopping along the board's paths, side by side on a shared space; a banner
over the board.  :meth:`BoardTableScene.lay_board` puts these shared pieces (kidgames/ui/pieces.py)
on the scene's table beside the game's own; the scene throws the dice, lets them tumble, and hands
the turn on, the same in every board game.

A board game's table view (its rules engine's ``view``) gives what these shared parts draw: see
:class:`BoardView`."""
from __future__ import annotations

from typing import Any, Callable, Generic, Mapping, Protocol, Sequence, TypeVar

import pygame

from kidgames.core.protocol import Action
from kidgames.ui.board_pieces import fit_board, tumble_faces
from kidgames.ui.game import GameScene
from kidgames.ui.pieces import (Backdrop, Banner, Die, Hint, PaperBanner, Pawns, PlayerRow, SidePanel, button_pieces,
                                roll_dice)
from kidgames.ui.table import Piece, Table
from kidgames.ui.targets import Target
from kidgames.ui.widgets import PAWN_RGB, Button

# The canvas (1600×1000) of a board game: the board on the left, the side panel on the right.
BOARD_RECT = pygame.Rect(0, 0, 1240, 1000)
SIDEBAR = pygame.Rect(1240, 0, 360, 1000)

class Board(Protocol):
    """The board file as a board table draws it: its ``size`` and its ``nodes`` (each ``at`` a point).
    A game's own board (ForestBoard, KnightsBoard) has more, and its scene knows it: see
    :class:`BoardTableScene`."""

    @property
    def size(self) -> tuple[float, float]: ...

    @property
    def nodes(self) -> Mapping[str, Any]: ...


#: A game's own board type (ForestBoard, KnightsBoard).
B = TypeVar("B", bound=Board)
B_co = TypeVar("B_co", bound=Board, covariant=True)


class BoardView(Protocol[B_co]):
    """What a board game's table view gives the shared board table: the ``board`` (never changed
    by a game), each pawn's space (``positions``), whose throw it is (``current_player``), the
    throws so far (``turn``) and this turn's dice still on the table (``dice``: None when the dice
    wait to be thrown)."""

    @property
    def board(self) -> B_co: ...

    @property
    def current_player(self) -> int: ...

    @property
    def positions(self) -> Sequence[str]: ...

    @property
    def turn(self) -> int: ...

    @property
    def dice(self) -> Sequence[int] | None: ...


#: A board game's own view (ForestView, KnightsView): a :class:`BoardView` and more.
BV = TypeVar("BV", bound=BoardView[Any])


class BoardTablePart(Protocol):
    """A board game's own part of the shared board table: what it draws and what a tap on it does
    beyond the shared board, pawns, dice, rows and hint.  The shared scene
    (:class:`BoardTableScene`) holds one, made from the scene, and asks it only this;
    :class:`BoardPart` gives a game whose only decision is the throw all but its board."""

    def render_board(self) -> pygame.Surface:
        """The board, painted once."""
        ...

    def copy_table(self, table: Any) -> None:
        """At rest: what the game's own pieces show set from the table view, nothing on its way."""

    def buttons(self, laid: list[Button]) -> list[Button]:
        """The buttons of the moment: the side panel's ``laid`` ones and the game's own."""
        ...

    def choosing(self) -> tuple:
        """What a person is choosing on the board now (the buttons of the moment show it)."""
        ...

    def hint_step(self) -> str:
        """What a person whose turn it is does now, as a word of the game's hint texts."""
        ...

    def may_roll(self) -> bool:
        """Whether the dice wait to be thrown (a game whose turns have more than a throw says when)."""
        ...

    def forget_choice(self) -> None:
        """A decision is sent: what a person was choosing on the board is over."""

    def tap(self, pos) -> None:
        """A tap on the table while a person may act."""

    def tap_targets(self) -> list[Target]:
        """What a tap may choose now."""
        ...


class BoardPart:
    """The part of a board game whose only decision is the throw: no buttons of its own, the
    hint's step "roll", a tap on the first die throws (a game paints its board: render_board)."""

    def __init__(self, scene: BoardTableScene) -> None:
        self.scene = scene

    def render_board(self) -> pygame.Surface:
        raise NotImplementedError

    def copy_table(self, table: Any) -> None:
        pass

    def buttons(self, laid: list[Button]) -> list[Button]:
        return laid

    def choosing(self) -> tuple:
        return ()

    def hint_step(self) -> str:
        return "roll"

    def may_roll(self) -> bool:
        return True

    def forget_choice(self) -> None:
        pass

    def tap(self, pos) -> None:
        pass

    def tap_targets(self) -> list[Target]:
        """The first die, while its player may throw."""
        scene = self.scene
        if not scene.dice or not scene.may_throw():
            return []
        die = scene.dice[0]
        rect = pygame.Rect(0, 0, die.size, die.size)
        rect.center = die.centre
        return [Target("dice", die.centre, rect)]


class BoardTableScene(GameScene[BV], Generic[BV, B]):
    """The shared scene of a board game, generic over its view ``BV`` and its board ``B``
    (``BoardTableScene[ForestView, ForestBoard]``): ``self.board`` is the game's own board."""

    roll_time, roll_pause = 0.9, 0.2     # a throw tumbles this long, and the board waits this long after it
    table: Table                         # laid by lay_board (from the game's __init__)
    banner_piece: Banner                 # laid by lay_board

    def __init__(self, app, session, part: Callable[[Any], BoardTablePart] = BoardPart) -> None:
        super().__init__(app, session)
        self.board: B = self.table_view().board     # the board file: the same for the whole game
        self.shown_current: int = self._deciding()    # whose row is lit and whose dice wait
        self.part: BoardTablePart = part(self)

    # -- the board -----------------------------------------------------------------------------------
    def fit(self, area: pygame.Rect, margin: int) -> None:
        """Fit the board into ``area`` less ``margin`` all round (see :meth:`to_canvas`)."""
        self.scale, self.offset = fit_board(self.board.size, area, margin)

    def to_canvas(self, at) -> tuple[float, float]:
        """A point of the board file on the canvas."""
        return self.offset[0] + at[0] * self.scale, self.offset[1] + at[1] * self.scale

    def space_xy(self, node_id: str) -> tuple[float, float]:
        return self.to_canvas(self.board.nodes[node_id].at)

    def lay_board(self, colours: tuple, buttons_y: int, prompt: pygame.Rect, rows: list[PlayerRow],
                  hint: tuple[pygame.Rect, pygame.Rect], dice: list[Die], pawns: Pawns,
                  banner: tuple[tuple[int, int], int | None], pieces: Sequence[Piece] = (),
                  sources: Sequence = ()) -> None:
        """The table of a board game: the board painted once (the part's ``render_board``), the side
        panel in its ``colours`` (fill, edge) with the top buttons ``buttons_y`` down and the
        prompt button at ``prompt``, the player ``rows``, the hint (its text's rect, the area it
        may paint), the ``dice``, the ``pawns``, the banner (its size and fade steps; it shows at
        :meth:`banner_rect`) and the game's own ``pieces`` and ``sources``."""
        self.buttons_at, self.prompt_rect = (SIDEBAR.x + 20, buttons_y), prompt
        self.dice, self.pawns, self.rows = dice, pawns, rows
        self.banner_size, steps = banner
        self.banner_piece = Banner(PaperBanner(self.app.assets, self.banner_size), self.banner_rect, steps=steps)
        self.table = Table([Backdrop(self.app.screen.get_size(), self.part.render_board), SidePanel(SIDEBAR, *colours),
                            *rows, Hint(self.app.assets, hint[0], self.hint_text, area=hint[1]), *dice, *pieces,
                            self.banner_piece],
                           sources=[*sources, pawns.pieces, button_pieces(self)])

    def row_rects(self, top: int, height: int, bottom: int, gap: int = 8, inset: int = 16) -> list[pygame.Rect]:
        """The players' rows in the side panel from ``top`` down, ``height`` high (lower where so
        many rows would reach below ``bottom``), ``gap`` apart and ``inset`` from its sides."""
        n = len(self.seats)
        row_h = min(height, (bottom - top - gap * (n - 1)) // n)
        return [pygame.Rect(SIDEBAR.x + inset, top + i * (row_h + gap), SIDEBAR.w - 2 * inset, row_h) for i in range(n)]

    def player_row(self, i: int, rect: pygame.Rect, **badge) -> PlayerRow:
        """Player ``i``'s row in the side panel, lit while it is their turn (``badge``: see PlayerRow)."""
        return PlayerRow(self.app.assets, self.seats[i], rect,
                         lambda: i == self.shown_current and not self.session.view().is_over, **badge)

    def thrower_rim(self) -> tuple[int, int, int]:
        """The dice's rim: the colour of the player whose dice they are."""
        return PAWN_RGB[self.seats[self.shown_current].colour]

    def banner_rect(self, banner: Banner) -> pygame.Rect:
        """Where the banner shows: across the board at :meth:`banner_height`, sliding up as it fades in."""
        rect = pygame.Rect((0, 0), self.banner_size)
        rect.center = (BOARD_RECT.centerx, round(BOARD_RECT.h * self.banner_height() + (1 - banner.alpha) * 30))
        return rect

    def banner_height(self) -> float:
        """How far down the board the banner shows (0..1): in the middle."""
        return 0.45

    def moment(self) -> tuple:
        return (*super().moment(), *self.part.choosing())

    def refresh(self, view) -> None:
        """At rest the pawns stand where the view has them, no banner is up and the game's own
        pieces show the table (and, with nothing queued at all while the game goes on, as after a
        step taken back, the row of whose decision it is lit and the dice showing this turn's
        throw, or waiting with no number); the buttons of the side panel and the game's own."""
        if self.resting:
            self.pawns.stand_at([self.space_xy(pos) for pos in view.table.positions])
            self.banner_piece.clear()
            if not self.anim.busy and not view.is_over:
                self.shown_current = self._deciding()
                throw: Sequence[int | None] = view.table.dice or [None] * len(self.dice)
                for die, value in zip(self.dice, throw):
                    die.value = value
            self.part.copy_table(view.table)
        self.buttons = self.part.buttons(self.side_buttons())

    def before_decision(self) -> None:
        self.part.forget_choice()

    def _deciding(self) -> int:
        """The seat whose decision it is (the view's ``decider``; once the game is over, whose throw
        it was)."""
        view = self.session.view()
        return view.decider if view.decider is not None else view.table.current_player

    def side_buttons(self) -> list:
        """The buttons of the side panel: home, rules, sound, and the prompt's picture."""
        return self.shared_buttons.top(*self.buttons_at) + [self.shared_buttons.prompt(self.prompt_rect)]

    def pawn_ring(self, p: int) -> bool:
        """The pawn whose turn it is stands in a white ring while its player may throw."""
        return p == self.shown_current and not self.anim.busy and not self.session.view().is_over

    def hint_text(self) -> str:
        """Whose turn it is and what they do: the game's text ``<game>.hint.<step>`` (the step
        ``computer`` while a computer plays), nothing while things move or once it is over."""
        if self.session.view().is_over or self.anim.busy:
            return ""
        seat = self.seats[self.shown_current]
        return self.t(f"{self.spec.id}.hint.{'computer' if seat.is_computer else self.part.hint_step()}",
                      name=seat.name)

    # -- playing -------------------------------------------------------------------------------------
    def may_throw(self) -> bool:
        """Whether a person may throw the dice now."""
        return self.person_can_act() and self.part.may_roll()

    def tap(self, pos) -> None:
        self.part.tap(pos)

    def tap_targets(self) -> list[Target]:
        """What a tap may choose now (the game's part says: the first die, while its player may throw)."""
        return self.part.tap_targets()

    def nudge_target(self) -> pygame.Rect | None:
        """While the dice wait to be thrown, the prompt that comes back points at the first die."""
        if self.dice and self.may_throw():
            rect = self.tap_targets()[0].rect
            if rect is not None:
                return pygame.Rect(rect)
        return super().nudge_target()

    def roll(self) -> None:
        if self.may_throw():
            self.submit(Action("roll"))

    def key(self, event) -> None:
        """Space or Enter throws the dice, or skips the move playing."""
        if event.key in (pygame.K_SPACE, pygame.K_RETURN):
            if self.anim.busy:
                self.anim.skip()
            else:
                self.roll()
        else:
            super().key(event)

    # -- events to animation -------------------------------------------------------------------------
    def walk(self, p: int, start, path, hop_time: float, height: float,
             forks: Mapping[Any, Callable[[], None]] | None = None) -> None:
        """Pawn ``p`` hops from space ``start`` along ``path``, with a step's sound on each space;
        ``forks`` queue what happens before it leaves the spaces they name (a fork's banner)."""
        previous = start
        for node in path:
            if forks and previous in forks:
                forks[previous]()
            self.pawns.hop(self.anim, p, self.space_xy(previous), self.space_xy(node), hop_time, height,
                           end=self.sound("step"))
            previous = node

    def _anim_rolled(self, ev, rest) -> None:
        """The dice tumble (each through faces of its own, the same on every redraw of a turn)."""
        values = list(ev.dice) if ev.get("dice") else [ev.value]
        n = len(self.dice)
        turn = self.table_view().turn
        faces = [tumble_faces(turn * n + k) for k in range(n)]
        roll_dice(self.anim, self.dice, values, faces, self.roll_time, start=self.sound("dice"))
        self.anim.wait(self.roll_pause)

    def _anim_turn(self, ev, rest) -> None:
        def change() -> None:
            self.shown_current = ev.player
            for die in self.dice:      # the next player's dice wait, with no number on them
                die.value = None
            if not self.anim.skipping:
                self.app.assets.play("turn")
        self.rest_step(then=change)
