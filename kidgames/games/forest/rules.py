"""Fairy-Tale Forest — the rules engine (shared/rules/forest.md).

Pawns walk from the village square through the forest, look secretly under the trees beside the
blue spaces, and name the tree that hides the wanted secret on the castle's key space.  The board
comes from ``boards/forest.yaml`` (see ``board.py``).  Pure Python: no pygame here.

A turn goes through three steps, each read from the public attributes alone, so that a test can
build any position by setting them: with no ``dice`` the current player rolls; with dice the
player moves (or, on a double one, may use magic instead); a pawn standing on the key space names
a tree before anything else happens.

Refused actions (``IllegalActionError.code``, and :meth:`ForestState.refusal` without playing):
``malformed`` (not an action of this game), ``game_over``, ``already_rolled`` (a second throw),
``roll_first`` (a move or magic before the throw), ``name_a_tree`` (the pawn on the key space must
guess first), ``not_on_key`` (a guess from elsewhere), ``not_a_tree`` (a guess at a slot without a
tree; field ``slot``), ``out_of_reach`` (the throw cannot end there; ``dest``, ``dice_used``),
``not_a_walk`` (that path is no walk of the throw; ``dest``, ``dice_used``), ``not_a_double_one``
(magic without a double one), ``not_two_trees`` (a swap; ``a``, ``b``), ``not_a_target`` (a jump to
a space that is not a blue space with a tree; ``node``), ``empty_stack`` (a shuffle of no stack).
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Callable, Mapping

from kidgames.core.kit import (Checked, MALFORMED, ActionSchema, Field, GameState, SaveReader, UndoSteps, brief, check_seat, dice,
                               game_options_with_board, new_rng, read_save)
from kidgames.core.protocol import (Action, Event, IllegalActionError, check_players, rng_state_to_json)
# the game's id, title, players and options: written once, in the package (the menu's, before these rules)
from kidgames.games.forest import GAME_ID, MAX_PLAYERS, MIN_PLAYERS, OPTIONS, TITLE  # noqa: F401

from .board import ForestBoard, forest_board_from_data, load_forest_board

DIE_SIDES = 6
SAVE_VERSION = 1
MOTIFS = ("spindle", "brick_house", "boots", "belt", "beans", "lollipop", "spinning_wheel", "mirror",
          "red_hood", "golden_ball", "rapunzel_hair", "glass_slipper", "crown")
ROLL, MOVE, GUESS, OVER = "roll", "move", "guess", "over"

#: The actions and the fields each carries, nothing more.
ACTIONS = ActionSchema(TITLE, {
    "roll": {"dice": dice(DIE_SIDES, 2)},
    "move": {"dest": str, "path": Field(tuple, check=lambda path: all(isinstance(n, str) for n in path),
                                        about="a path of spaces"), "dice_used": int},
    "magic_swap": {"a": str, "b": str}, "magic_jump": {"node": str}, "magic_shuffle": {}, "guess": {"slot": str},
})
MAGIC = ("magic_swap", "magic_jump", "magic_shuffle")
#: Every reason code an action of this game is refused with (see the module's docstring).
REFUSALS = frozenset({MALFORMED, "game_over", "already_rolled", "roll_first", "name_a_tree", "not_on_key",
                      "not_a_tree", "out_of_reach", "not_a_walk", "not_a_double_one", "not_two_trees",
                      "not_a_target", "empty_stack"})
#: The one action of the roll step (actions are immutable, so one serves every game).
ROLL_ACTION = Action("roll")


@dataclass(frozen=True)
class ForestView:
    """What the Forest table shows (:meth:`ForestState.view`): plain data, the same for every
    watcher, since nothing of the table is one seat's secret.  The motifs under the trees are in no
    view: a look is shown by its event, in its person's private moment; a right guess by its event.

    ``board`` (never changed by a game), each pawn's space (``positions``), whose turn it is
    (``current_player``), the turns so far (``turn``), this turn's throw (``dice``, None while the
    dice wait), the face-up card (``wanted``, None once every card is won), the cards each seat has
    won (``won``), the cards left face down (``stack_size``), the step of the turn (``phase``: roll,
    move, guess or over) and the tree slots with a tree (``trees``).

    What a tap may do now, as the rules say it: ``ways`` lists each space the throw reaches (in the
    order of the legal moves) with the moves a tap there offers, fewest dice first: one move, or the
    two a person must choose between because they do not end the same (only the full throw sends a
    pawn home); ``magic`` the kinds of magic a double one offers now and ``jumps`` the spaces a
    magic jump may go to."""

    board: ForestBoard
    positions: tuple[str, ...]
    current_player: int
    turn: int
    dice: tuple[int, int] | None
    wanted: str | None
    won: tuple[tuple[str, ...], ...]
    stack_size: int
    phase: str
    trees: tuple[str, ...]
    ways: tuple[tuple[str, tuple[Action, ...]], ...]
    magic: tuple[str, ...]
    jumps: tuple[str, ...]

    def way(self, dest: str) -> tuple[Action, ...]:
        """The moves a tap on ``dest`` offers (nothing when the throw does not reach it)."""
        for space, moves in self.ways:
            if space == dest:
                return moves
        return ()


def public_side(event: Event) -> Event:
    """A look under a tree (or a wrong guess) as everybody sees it: which tree, not its motif."""
    if "motif" in event.fields:
        return Event(event.kind, **{**event.fields, "motif": None})
    return event


class ForestState(Checked, UndoSteps):
    """A game of Fairy-Tale Forest in progress.

    Public attributes (the engine contract): ``positions`` (space id per seat), ``tree_at`` (tree
    slot -> motif), ``stack`` (face-down cards, top = last), ``wanted`` (the face-up card, None when
    every card is won), ``won`` (cards per seat), ``dice`` (the throw of this turn or None),
    ``current_player``; ``board`` is the :class:`ForestBoard`.
    """

    game_id = GAME_ID
    #: A move chosen after the throw (a wrong space tapped) and a swap of two trees on a double one
    #: may be taken back; never the throw, a look under a tree (a move or jump ending beside one),
    #: a guess at the castle or a shuffle of the stack (see :class:`UndoSteps`).
    UNDOABLE = frozenset({"move", "magic_swap"})
    REVEALING = frozenset({"looked", "guess_missed", "guessed_right", "new_wanted"})
    UNDO_SHARED = ("board",)

    def __init__(self, board: ForestBoard, num_players: int, rng: random.Random, short: bool = False) -> None:
        check_players(TITLE, num_players, MIN_PLAYERS, MAX_PLAYERS)
        # the short game plays on its own view of the board: a blue space without its tree is
        # an ordinary space there (ForestBoard.short_board)
        self.board = board.short_board() if short else board
        self.num_players = num_players
        self.rng = rng
        self.short = short
        self.tree_at: dict[str, str] = {}
        self.stack: list[str] = []
        self.wanted: str | None = None
        self.positions: list[str] = [board.village] * num_players
        self.won: list[list[str]] = [[] for _ in range(num_players)]
        self.dice: tuple[int, int] | None = None
        self.current_player = 0
        self.turn = 0
        # What legal_actions last offered and the position it was offered in: apply takes one of
        # those very objects without checking it again (see _offered_key).
        self._offered: tuple[tuple[Action, ...], tuple] | None = None
        self._guesses_for: tuple[tuple, tuple[Action, ...]] | None = None
        self._magic_for: tuple[tuple, tuple[Action, ...]] | None = None
        self._taps_for: tuple[tuple, tuple] | None = None
        # Events are immutable: the few that recur, turn after turn, are made once per game.
        self._turn_events = tuple(Event("turn", player=seat) for seat in range(num_players))
        self._rolled_events: dict[tuple[int, int, int], Event] = {}

    def deal(self) -> None:
        """Setup: trees shuffled onto the slots, cards shuffled into a stack, the top one turned up."""
        slots = list(self.board.short_slots) if self.short else list(self.board.slots)
        motifs = self.rng.sample(MOTIFS, len(slots))
        self.tree_at = dict(zip(slots, motifs))
        cards = list(motifs)
        self.rng.shuffle(cards)
        self.wanted = cards.pop()
        self.stack = cards

    # -- protocol ------------------------------------------------------------------------------
    def view(self, sees: Callable[[int], bool]) -> ForestView:
        """What the table shows (see :class:`ForestView`).  ``sees`` (whether a seat's private
        things may be drawn now) changes nothing here: no seat's secret is on the table, a look
        lives in its event and in its seat's memory."""
        phase = self.phase
        ways, magic, jumps = self._taps() if phase == MOVE else ((), (), ())
        return ForestView(self.board, tuple(self.positions), self.current_player, self.turn,
                          None if self.dice is None else (self.dice[0], self.dice[1]), self.wanted,
                          tuple(tuple(cards) for cards in self.won), len(self.stack), phase,
                          tuple(self.tree_at), ways, magic, jumps)

    def _taps(self) -> tuple[tuple[tuple[str, tuple[Action, ...]], ...], tuple[str, ...], tuple[str, ...]]:
        """The view's ``ways``, ``magic`` and ``jumps`` of the move step, worked out once per
        position (a scene asks for the view frame after frame)."""
        key = (self._offered_key(), tuple(self.positions))
        if self._taps_for is not None and self._taps_for[0] == key:
            return self._taps_for[1]
        to: dict[str, list[Action]] = {}
        magic: tuple[str, ...] = ()
        jumps: tuple[str, ...] = ()
        for action in self._legal(MOVE):
            if action.kind == "move":
                to.setdefault(action.dest, []).append(action)
            elif action.kind == "magic_jump":
                jumps += (action.node,)
            if action.kind in MAGIC and action.kind not in magic:
                magic += (action.kind,)
        taps = (tuple((dest, self._way(moves)) for dest, moves in to.items()), magic, jumps)
        self._taps_for = (key, taps)
        return taps

    def _way(self, moves: list[Action]) -> tuple[Action, ...]:
        """The moves to one space a tap there offers, fewest dice first: all of them when they end
        differently (a pawn sent home by the full throw alone), else only the first."""
        moves = sorted(moves, key=lambda a: a.dice_used)
        sent = [self.sends_home(a.dest, a.dice_used) for a in moves]
        return tuple(moves) if any(seats != sent[0] for seats in sent[1:]) else (moves[0],)

    @property
    def is_over(self) -> bool:
        """Rule 8: the game ends as soon as the last card has been won."""
        return self.wanted is None

    @property
    def winners(self) -> list[int]:
        """Most cards wins; equal highest counts share the win."""
        if not self.is_over:
            return []
        best = max(len(cards) for cards in self.won)
        return [seat for seat, cards in enumerate(self.won) if len(cards) == best]

    @property
    def scores(self) -> list[int]:
        """Cards won by each seat (the results screen shows them beside the pawns)."""
        return [len(cards) for cards in self.won]

    @property
    def phase(self) -> str:
        if self.is_over:
            return OVER
        if self.positions[self.current_player] == self.board.key:
            return GUESS
        return ROLL if self.dice is None else MOVE

    def legal_actions(self) -> list[Action]:
        offered = self._legal(self.phase)
        self._offered = (offered, self._offered_key())
        return list(offered)

    def _legal(self, phase: str) -> tuple[Action, ...]:
        if phase == OVER:
            return ()
        if phase == ROLL:
            return (ROLL_ACTION,)
        if phase == GUESS:
            return self._guesses()
        assert self.dice is not None        # the move phase: the dice are thrown
        a, b = self.dice
        offered = self.board.turn_moves(self.positions[self.current_player], a, b).actions
        if self.dice == (1, 1):
            offered += self._magic()
        return offered

    def _offered_key(self) -> tuple:
        """Everything the legal actions depend on.  The actions legal_actions offered are taken
        unchecked only while this is unchanged (a test may set the public attributes at will)."""
        return (self.current_player, self.positions[self.current_player], self.dice, self.wanted,
                len(self.stack), tuple(self.tree_at))

    def _guesses(self) -> tuple[Action, ...]:
        slots = tuple(self.tree_at)
        if self._guesses_for is None or self._guesses_for[0] != slots:
            self._guesses_for = (slots, tuple(Action("guess", slot=slot) for slot in slots))
        return self._guesses_for[1]

    def observation(self, seat: int) -> dict:
        """What ``seat`` may know: everything on the table but the motifs under the trees and the
        order of the stack.  Its own looks are not here: the seat's memory holds them."""
        check_seat(seat, self.num_players)
        board = self.board
        return {
            "seat": seat, "num_players": self.num_players, "phase": self.phase,
            "positions": list(self.positions), "won": [list(c) for c in self.won],
            "wanted": self.wanted, "dice": list(self.dice) if self.dice else None,
            "current_player": self.current_player, "trees": list(self.tree_at),
            "stack_size": len(self.stack), "turn": self.turn, "winners": self.winners,
            "board": {
                "village": board.village, "key": board.key, "horseshoe": board.horseshoe,
                "slots": {slot: board.slots[slot].space for slot in self.tree_at},
                "neighbours": {node: board.neighbours(node) for node in board.nodes},
            },
        }

    def _apply(self, action: Action) -> list[Event]:
        """Apply one decision; an illegal one raises :class:`IllegalActionError` and changes nothing.

        An action object that legal_actions has just offered, in the position it was offered in,
        is legal: it is applied without checking it again.  Any other is checked in full."""
        offered = self._offered
        if not (offered is not None and _holds(offered[0], action) and offered[1] == self._offered_key()):
            self._check(action)
        self._offered = None
        kind = action.kind
        if kind == "roll":
            return self._roll(action.get("dice"))
        if kind == "move":
            return self._move(action.dest, action.path, action.dice_used)
        if kind == "guess":
            return self._guess(action.slot)
        if kind == "magic_swap":
            return self._swap(action.a, action.b)
        if kind == "magic_jump":
            return self._jump(action.node)
        return self._shuffle()

    # -- checking an action --------------------------------------------------------------------
    def _problem(self, action: Any) -> IllegalActionError | None:
        """The error that refuses ``action`` (its code one of :data:`REFUSALS`), or None."""
        malformed = ACTIONS.problem(action)
        if malformed is not None:
            return malformed
        kind = action.kind
        phase = self.phase
        if phase == OVER:
            return IllegalActionError("the game is over: every card has been won", "game_over")
        if kind == "roll":
            if phase == MOVE:
                return IllegalActionError("the dice have been rolled this turn already", "already_rolled")
            if phase != ROLL:
                return IllegalActionError("the pawn on the key space must name a tree first", "name_a_tree")
            return None
        if kind == "guess":
            if phase != GUESS:
                return IllegalActionError("only a pawn on the key space names a tree", "not_on_key")
            if action.slot not in self.tree_at:
                return IllegalActionError(f"{action.slot!r} is not a tree slot with a tree", "not_a_tree",
                                          slot=action.slot)
            return None
        if phase == ROLL:
            return IllegalActionError("roll the dice first", "roll_first")
        if phase != MOVE:
            return IllegalActionError("the pawn on the key space must name a tree first", "name_a_tree")
        if kind == "move":
            dest, path, used = action.dest, action.path, action.dice_used
            assert self.dice is not None        # the move phase: the dice are thrown
            a, b = self.dice
            start = self.positions[self.current_player]
            if (dest, used) not in self.board.turn_moves(start, a, b).ends:
                return IllegalActionError(f"with {self.dice} the pawn cannot end on {dest!r} using {used} dice",
                                          "out_of_reach", dest=dest, dice_used=used)
            if not self.board.is_route(start, a, b, dest, used, path):
                return IllegalActionError(f"{list(path)} is not a walk to {dest!r} with these dice", "not_a_walk",
                                          dest=dest, dice_used=used)
            return None
        if self.dice != (1, 1):
            return IllegalActionError("magic is only for a double one", "not_a_double_one")
        if kind == "magic_swap":
            a, b = action.a, action.b
            if not (a in self.tree_at and b in self.tree_at and a != b):
                return IllegalActionError(f"a swap names two different tree slots with trees, not {a!r} and {b!r}",
                                          "not_two_trees", a=a, b=b)
        elif kind == "magic_jump":
            node = action.node
            if node not in self._jump_targets():
                return IllegalActionError(f"magic jumps to a blue space with a tree, not {node!r}", "not_a_target",
                                          node=node)
        elif not self.stack:
            return IllegalActionError("there is no stack left to shuffle", "empty_stack")
        return None

    # -- moving --------------------------------------------------------------------------------
    def walks(self, start: str, steps: int) -> tuple[tuple[str, ...], ...]:
        """Every walk of exactly ``steps`` from ``start`` (see :meth:`ForestBoard.walks`)."""
        return self.board.walks(start, steps)

    def sends_home(self, dest: str, dice_used: int) -> list[int]:
        """The seats whose pawns a move of the current player ending on ``dest`` with ``dice_used``
        dice sends back to the village (rule 5: only the full throw does, never on the village
        itself): what a tap on a space would do, asked without playing it."""
        if dice_used != 2 or dest == self.board.village:
            return []
        p = self.current_player
        return [q for q in range(self.num_players) if q != p and self.positions[q] == dest]

    def _move(self, dest: str, path: tuple[str, ...], used: int) -> list[Event]:
        p = self.current_player
        others = self.sends_home(dest, used)
        start = self.positions[p]
        self.positions[p] = dest
        events = [Event("moved", player=p, path=path, dest=dest, dice_used=used, **{"from": start})]
        if others:
            for q in others:
                self.positions[q] = self.board.village
            events.append(Event("sent_home", players=others, node=dest, by=p, reason="landed"))
        if dest == self.board.key:
            events.append(Event("at_key", player=p))
            return events
        events += self._look(p, dest)
        return events + self._end_turn()

    def _look(self, p: int, node: str) -> list[Event]:
        """Rule 6: a turn that ends on a blue space lets the player look secretly under its tree."""
        slot = self.board.tree_slot(node)
        if slot is None or slot not in self.tree_at:
            return []
        return [Event("looked", player=p, slot=slot, node=node),
                Event("peeked", player=p, slot=slot, motif=self.tree_at[slot], private_to=p)]

    def _end_turn(self) -> list[Event]:
        self.dice = None
        self.turn += 1
        self.current_player = (self.current_player + 1) % self.num_players
        return [self._turn_events[self.current_player]]

    def _roll(self, dice: tuple[int, int] | None) -> list[Event]:
        if dice is None:
            dice = (self.rng.randint(1, DIE_SIDES), self.rng.randint(1, DIE_SIDES))
        self.dice = dice = (dice[0], dice[1])
        key = (self.current_player, *dice)
        event = self._rolled_events.get(key)
        if event is None:
            event = self._rolled_events[key] = Event("rolled", player=self.current_player, dice=dice)
        return [event]

    # -- the castle ----------------------------------------------------------------------------
    def _guess(self, slot: str) -> list[Event]:
        """Rule 7: right -> the tree is shown, the card won, the pawn to the horseshoe space;
        wrong -> the guesser alone sees the motif and the pawn goes back to the village."""
        p = self.current_player
        motif = self.tree_at[slot]
        if motif == self.wanted:
            self.won[p].append(motif)
            self.positions[p] = self.board.horseshoe
            events = [Event("guessed_right", player=p, slot=slot, motif=motif, to=self.board.horseshoe)]
            if self.stack:
                self.wanted = self.stack.pop()
                events.append(Event("new_wanted", motif=self.wanted))
            else:
                self.wanted = None
                self.dice = None
                return events + [Event("game_over", winners=self.winners,
                                       cards=[len(c) for c in self.won])]
            return events + self._end_turn()
        self.positions[p] = self.board.village
        events = [Event("guess_missed", player=p, slot=slot),
                  Event("guessed_wrong", player=p, slot=slot, motif=motif, private_to=p),
                  Event("sent_home", players=[p], node=self.board.key, by=p, reason="wrong_guess")]
        return events + self._end_turn()

    # -- magic on a double one -----------------------------------------------------------------
    def _jump_targets(self) -> list[str]:
        return [self.board.slots[slot].space for slot in self.tree_at]

    def _magic(self) -> tuple[Action, ...]:
        key = (tuple(self.tree_at), bool(self.stack))
        if self._magic_for is None or self._magic_for[0] != key:
            actions = [Action("magic_swap", a=a, b=b) for a, b in combinations(self.tree_at, 2)]
            actions += [Action("magic_jump", node=node) for node in self._jump_targets()]
            if self.stack:
                actions.append(Action("magic_shuffle"))
            self._magic_for = (key, tuple(actions))
        return self._magic_for[1]

    def _swap(self, a: str, b: str) -> list[Event]:
        """Swap the trees on two slots; nobody sees under them."""
        self.tree_at[a], self.tree_at[b] = self.tree_at[b], self.tree_at[a]
        return [Event("trees_swapped", player=self.current_player, a=a, b=b)] + self._end_turn()

    def _jump(self, node: str) -> list[Event]:
        """Jump to a blue space and look under its tree.  Decision: a jump uses no dice, so it
        sends nobody home."""
        p = self.current_player
        start = self.positions[p]
        self.positions[p] = node
        events = [Event("jumped", player=p, node=node, **{"from": start})]
        return events + self._look(p, node) + self._end_turn()

    def _shuffle(self) -> list[Event]:
        """Shuffle the stack together with the face-up card and turn up a new wanted secret."""
        assert self.wanted is not None          # a game not over has a face-up card
        cards = self.stack + [self.wanted]
        self.rng.shuffle(cards)
        self.wanted = cards.pop()
        self.stack = cards
        return [Event("stack_shuffled", player=self.current_player),
                Event("new_wanted", motif=self.wanted)] + self._end_turn()

    # -- saving --------------------------------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "game": GAME_ID, "version": SAVE_VERSION, "board": self.board.source,
            "board_name": self.board.name, "short": self.short, "num_players": self.num_players,
            "positions": list(self.positions), "tree_at": dict(self.tree_at), "stack": list(self.stack),
            "wanted": self.wanted, "won": [list(c) for c in self.won],
            "dice": list(self.dice) if self.dice else None, "current_player": self.current_player,
            "turn": self.turn, "rng": rng_state_to_json(self.rng), **self.undo_json(),
        }

    def __repr__(self) -> str:
        return (f"ForestState(turn={self.turn}, current={self.current_player}, positions={self.positions}, "
                f"dice={self.dice})")


def new_state(num_players: int, seed: int | None = None, options: Mapping[str, Any] | None = None) -> ForestState:
    """A new game.  Options: ``short`` (7 trees and cards instead of 13), ``board`` (a board file)."""
    checked, board = game_options_with_board(options, OPTIONS, load_forest_board, ForestBoard)
    state = ForestState(board, num_players, new_rng(seed), checked["short"])
    state.deal()
    return state


def state_from_json(data: Mapping[str, Any]) -> ForestState:
    """Rebuild a state from :meth:`ForestState.to_json`; damaged data raises :class:`StateDataError`
    with a sentence.  Every value is checked: the motifs lie once each under the trees, the cards
    lie once each in the stack, face up or won, and every pawn stands on a space of the board."""
    return read_save(data, GAME_ID, TITLE, SAVE_VERSION, _restore)


ForestState._undo_reader = staticmethod(state_from_json)
_PROTOCOL: type[GameState[ForestView]] = ForestState    # the type checker (.ci/run) holds it to the protocol


def _restore(saved: SaveReader) -> ForestState:
    n = saved.players(MIN_PLAYERS, MAX_PLAYERS)
    short = saved.flag("short", "option 'short'")
    board = forest_board_from_data(saved["board"], name=saved.name("board_name", "saved board"))
    state = ForestState(board, n, saved.rng(), short)
    positions, current = _read_pawns(saved, board, n)
    tree_at = _read_trees(saved, list(board.short_slots) if short else list(board.slots), short)
    stack, wanted, won = _read_cards(saved, n, list(tree_at.values()))
    dice = saved.throw("dice", DIE_SIDES, 2, "dice")
    saved.need(positions[current] != board.key or dice is not None or wanted is None,
               "a pawn on the key space has no throw")
    state.turn = saved.turn()
    state.positions, state.current_player, state.tree_at = positions, current, tree_at
    state.stack, state.wanted, state.won, state.dice = stack, wanted, won, dice
    return state


def _read_pawns(saved: SaveReader, board: ForestBoard, n: int) -> tuple[list[str], int]:
    """Each seat's pawn on a space of the board, none but the current player's on the key space;
    and the current player."""
    positions = saved.per_seat("positions", n, "pawns")
    for pos in positions:
        saved.need(isinstance(pos, str) and pos in board.nodes, f"a pawn stands on {brief(pos)}, which is not a space")
    current = saved.seat("current_player", n, "current player")
    for seat, pos in enumerate(positions):
        saved.need(pos != board.key or seat == current,
                   f"the pawn of seat {seat} stands on the key space, where only the current player can be")
    return positions, current


def _read_trees(saved: SaveReader, slots: list[str], short: bool) -> dict[str, str]:
    """The motif under the tree on each tree slot of the game: different motifs, each once."""
    tree_at = saved["tree_at"]
    saved.need(isinstance(tree_at, dict) and Counter(list(tree_at)) == Counter(slots),
               f"the trees do not stand on the {len(slots)} tree slots of the {'short' if short else 'full'} game")
    motifs = list(tree_at.values())
    saved.need(all(m in MOTIFS for m in motifs) and len(set(motifs)) == len(motifs),
               "the motifs under the trees are not different motifs of the game, each once")
    return {slot: tree_at[slot] for slot in slots}


def _read_cards(saved: SaveReader, n: int, motifs: list[str]) -> tuple[list[str], str | None, list[list[str]]]:
    """The stack, the face-up card and each seat's won cards: the motifs under the trees, each once."""
    stack = saved.cards("stack", "the stack", MOTIFS)
    wanted = saved["wanted"]
    saved.need(wanted is None or (isinstance(wanted, str) and wanted in MOTIFS),
               f"the wanted card {brief(wanted)} is not a card")
    won = saved.per_seat_cards("won", n, "won cards", "the cards won by seat {}".format, MOTIFS)
    cards = stack + ([wanted] if wanted is not None else []) + [m for c in won for m in c]
    saved.exactly_once(cards, motifs, "the cards in the stack, face up and won are not the motifs under the trees, "
                                      "each once")
    saved.need(wanted is not None or not stack, "the stack has cards but none is face up")
    return stack, wanted, won


def _holds(actions: tuple[Action, ...], action: Any) -> bool:
    """Whether ``action`` is one of these very objects (not merely an equal one)."""
    for offered in actions:
        if offered is action:
            return True
    return False
