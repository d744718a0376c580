"""The Fairy-Tale Forest board: spaces joined by paths, blue spaces with their tree slots.

A forest board file (``boards/forest.yaml``) looks like this::

    title: Fairy-Tale Forest
    size: [1240, 1000]
    start: V                                  # the village square
    spaces:
      - {id: V, kind: village, at: [90, 920]}
      - {id: m1, at: [174, 911]}              # kind defaults to "path"
      - {id: m7, kind: blue, at: [329, 578]}
    paths:                                    # chains of spaces, walkable both ways
      main: [V, m1, m2, ...]
      castle: [HS, k1, k2, KEY, k3, k4, HS]
    trees:                                    # one slot beside each blue space
      - {id: t_m7, space: m7, at: [288, 599]}
    short: [t_m7, ...]                        # the 7 slots of the short game

The requirements are those of shared/rules/forest.md, "The board"; a board that breaks one is
refused with a sentence naming the file, the space and the problem.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from kidgames.core.board import (COMMON_TOP_LEVEL_KEYS, MAX_FIELDS, BoardError, BoardGraph,
                                 BoardReader, KindSpec, Node, Schema, _is_name, _show, load_data,
                                 reachable)
from kidgames.core.paths import BOARDS
from kidgames.core.protocol import Action

__all__ = ["BoardError", "ForestBoard", "TreeSlot", "TurnMoves", "SCHEMA", "TREES", "SHORT_TREES",
           "DEFAULT_BOARD", "load_forest_board", "forest_board_from_data"]

DEFAULT_BOARD = BOARDS / "forest.yaml"
VILLAGE, PATH, BLUE, HORSESHOE, KEY = "village", "path", "blue", "horseshoe", "key"
TREES = 13
SHORT_TREES = 7

SCHEMA = Schema(
    kinds={kind: KindSpec.of() for kind in (VILLAGE, PATH, BLUE, HORSESHOE, KEY)},
    required_kinds={VILLAGE: 1, HORSESHOE: 1, KEY: 1, BLUE: TREES},
)
TOP_LEVEL_KEYS = COMMON_TOP_LEVEL_KEYS | {"spaces", "paths", "trees", "short"}
TREE_KEYS = frozenset({"id", "space", "at"})


@dataclass(frozen=True)
class TreeSlot:
    """Where a tree stands: its id, the blue space it belongs to and its place on the drawing."""

    id: str
    space: str
    at: tuple[float, float]


class ForestBoard(BoardGraph):
    """A validated forest board.

    The engine contract's accessors: ``nodes`` (every space id), ``kind(node)``,
    ``neighbours(node)``, ``tree_slot(node)`` and the ids ``village``, ``key``, ``horseshoe``.
    ``slots`` maps each tree slot's id to its :class:`TreeSlot`; ``short_slots`` are the 7 of
    the short game.
    """

    def __init__(self, title: str, start: str, size: tuple[int, int], nodes: dict, edges: list,
                 slots: dict[str, TreeSlot], short_slots: tuple[str, ...], decorations: list[dict],
                 source: dict, name: str) -> None:
        super().__init__(title, start, size, nodes, edges, decorations, source, name)
        self.village = start
        self.key = self.of_kind(KEY)[0]
        self.horseshoe = self.of_kind(HORSESHOE)[0]
        self.slots = slots
        self.short_slots = short_slots
        self._slot_of = {slot.space: slot.id for slot in slots.values()}
        self._distances: dict[str, dict[str, int]] = {}
        self._walks: dict[tuple[str, int], tuple[tuple[str, ...], ...]] = {}
        self._turns: dict[tuple[str, int, int], TurnMoves] = {}
        self._move_actions: dict[tuple[str, int, tuple[str, ...]], Action] = {}

    def tree_slot(self, node_id: str) -> str | None:
        """The tree slot beside a blue space, else None."""
        return self._slot_of.get(node_id)

    def walks(self, start: str, steps: int) -> tuple[tuple[str, ...], ...]:
        """Every walk of exactly ``steps`` from ``start``: each step to a neighbour, never straight
        back to the space just left, never into the village square (rules 3, and its decision).
        In the order of a search that tries the neighbours in turn; each walk is one of ``steps - 1``
        made one step longer.  Kept per board: a game asks for the same few hundred again and again."""
        known = self._walks.get((start, steps))
        if known is not None:
            return known
        if steps <= 0:
            found: list[tuple[str, ...]] = [()] if steps == 0 else []
        else:
            village, neighbours = self.village, self._neighbours
            found = []
            for walk in self.walks(start, steps - 1):
                if walk:
                    here, back = walk[-1], (walk[-2] if len(walk) > 1 else start)
                else:
                    here, back = start, None
                for nxt in neighbours[here]:
                    if nxt != back and nxt != village:
                        found.append(walk + (nxt,))
        known = self._walks[(start, steps)] = tuple(found)
        return known

    def turn_moves(self, start: str, a: int, b: int) -> "TurnMoves":
        """Every end of a turn from ``start`` with the dice ``a`` and ``b`` (rules 3 and 4): both
        dice as one walk, or one die then the other in either order; the first walk may stop
        early on a blue space or the key space; a die that has no walk is lost.

        They depend on the board, the space and the dice alone (pawns are passed, no walk enters
        the village), so each is worked out once per board: a game asks for the same few hundred
        again and again.  The order is that of the walks: the sum first, then ``a`` before ``b``."""
        known = self._turns.get((start, a, b))
        if known is None:
            known = self._turns[(start, a, b)] = TurnMoves(self, start, a, b)
        return known

    def turn_routes(self, start: str, a: int, b: int) -> Iterator[tuple[str, int, tuple[str, ...], tuple[str, ...]]]:
        """Every route of a turn in the order of :meth:`turn_moves`, as ``(end space, dice used,
        first walk, second walk)`` (the second empty when one walk is the whole route); a route
        may come more than once."""
        stoppers = (BLUE, KEY)
        for route in self.walks(start, a + b):
            yield route[-1], 2, route, ()
        for first, second in ((a, b), (b, a)) if a != b else ((a, b),):
            first_walks = self.walks(start, first)
            if not first_walks:
                for route in self.walks(start, second):
                    yield route[-1], 1, route, ()
                continue
            for route in first_walks:
                middle = route[-1]
                if self.kind(middle) in stoppers:
                    yield middle, 1, route, ()
                second_walks = self.walks(middle, second)
                if not second_walks:
                    yield middle, 1, route, ()
                for more in second_walks:
                    yield more[-1], 2, route, more

    def move_action(self, dest: str, used: int, path: tuple[str, ...]) -> Action:
        """The ``move`` action along ``path``, made once per board (dice 3-5 and 5-3 share most)."""
        key = (dest, used, path)
        action = self._move_actions.get(key)
        if action is None:
            action = self._move_actions[key] = Action("move", dest=dest, path=path, dice_used=used)
        return action

    def distances_from(self, node_id: str) -> dict[str, int]:
        """Steps from ``node_id`` to every space (shortest, ignoring the rule against turning back)."""
        if node_id not in self._distances:
            found = {node_id: 0}
            frontier = [node_id]
            while frontier:
                nxt = []
                for here in frontier:
                    for there in self.neighbours(here):
                        if there not in found:
                            found[there] = found[here] + 1
                            nxt.append(there)
                frontier = nxt
            self._distances[node_id] = found
        return self._distances[node_id]


class TurnMoves:
    """The moves of one turn from a space with a throw (see :meth:`ForestBoard.turn_moves`).

    ``actions`` holds one ``move`` action per end, ``(space, dice used)``, with the first route
    found as its path; ``routes`` maps each end to every route there (each a tuple of the spaces
    stepped on), worked out only when asked for (to check a move made by hand).  Shared by every
    state on the board, so never changed."""

    __slots__ = ("_board", "_turn", "actions", "_routes")

    def __init__(self, board: ForestBoard, start: str, a: int, b: int) -> None:
        self._board = board
        self._turn = (start, a, b)
        self._routes: dict[tuple[str, int], tuple[tuple[str, ...], ...]] | None = None
        first: dict[tuple[str, int], tuple[str, ...]] = {}
        for dest, used, walk, more in board.turn_routes(start, a, b):
            if (dest, used) not in first:
                first[(dest, used)] = walk + more
        if not first:
            # Only on an odd home-made board: no die can be walked, the pawn stays.
            first[(start, 0)] = ()
        self.actions = tuple(board.move_action(dest, used, path) for (dest, used), path in first.items())

    @property
    def routes(self) -> dict[tuple[str, int], tuple[tuple[str, ...], ...]]:
        if self._routes is None:
            start = self._turn[0]
            found: dict[tuple[str, int], dict[tuple[str, ...], None]] = {}
            for dest, used, walk, more in self._board.turn_routes(*self._turn):
                found.setdefault((dest, used), {})[walk + more] = None
            if not found:
                found[(start, 0)] = {(): None}
            self._routes = {end: tuple(routes) for end, routes in found.items()}
        return self._routes


def load_forest_board(path: str | Path = DEFAULT_BOARD) -> ForestBoard:
    """Read and validate a forest board file; a problem raises :class:`BoardError` naming the file."""
    path = Path(path)
    return forest_board_from_data(load_data(path), name=str(path))


def forest_board_from_data(data: Any, name: str = "board") -> ForestBoard:
    """Validate plain data (from a board file or a save) into a :class:`ForestBoard`."""
    return _ForestReader(data, SCHEMA, name).build()


class _ForestReader(BoardReader):
    def build(self) -> ForestBoard:
        data = self.top_level(TOP_LEVEL_KEYS, ("start", "spaces", "paths", "trees", "short"),
                              "'start', 'spaces', 'paths', 'trees' and 'short'")
        size = self.board_size((1240, 1000))
        nodes = self._spaces(data["spaces"])
        edges = self._paths(data["paths"], nodes)
        start = self.start(nodes)
        self.required_kinds(nodes)
        if nodes[start].kind != VILLAGE:
            self.fail(f"'start' names {start!r}, a {nodes[start].kind} space; the pawns start on "
                      f"the village square.")
        slots = self._trees(data["trees"], nodes)
        short = self._short(data["short"], slots)
        decorations = self.decorations()
        board = ForestBoard(data.get("title", ""), start, size, nodes, edges, slots, short,
                            decorations, data, self.name)
        self.unreachable(board)
        village_ways = len(board.neighbours(start))
        if village_ways != 1:
            self.fail(f"the village square {start!r} must be a dead end at the start of the main "
                      f"path (one path leading out of it); {village_ways} paths lead out of it.")
        self.dead_ends(board, allowed=[start])
        self._castle_ring(board)
        return board

    def _spaces(self, spaces: Any) -> dict:
        if not isinstance(spaces, list) or not spaces:
            self.fail("'spaces' must be a list of spaces like {id: m1, at: [x, y]}.")
        if len(spaces) > MAX_FIELDS:
            self.fail(f"the board has more than {MAX_FIELDS} spaces; that is far more than a game needs.")
        nodes: dict = {}
        for number, entry in enumerate(spaces, 1):
            node_id = self.space_id(entry, f"space number {number}")
            if node_id in nodes:
                self.fail(f"space {node_id!r} is defined twice.")
            kind, _spec, at, props, label = self.space(entry, f"space {node_id!r}")
            nodes[node_id] = Node(node_id, kind, at, props, label)
        return nodes

    def _paths(self, paths: Any, nodes: dict) -> list[tuple[str, str]]:
        if not isinstance(paths, dict) or not paths:
            self.fail("'paths' must be a mapping of path names to lists of spaces, like "
                      "main: [V, m1, m2].")
        edges, written = [], []
        for name, chain in paths.items():
            where = f"path {_show(name)}"
            if not _is_name(name):
                self.fail(f"the path name {_show(name)} must be a word of letters, digits, _ and -.")
            if not isinstance(chain, list) or len(chain) < 2 or not all(isinstance(n, str) for n in chain):
                self.fail(f"{where} must be a list of at least two space ids, not {_show(chain)}.")
            for a, b in zip(chain, chain[1:]):
                written.append((a, b, where))
                edges.append((a, b))
        self.dangling(written, nodes)
        return edges

    def _trees(self, trees: Any, nodes: dict) -> dict[str, TreeSlot]:
        if not isinstance(trees, list):
            self.fail("'trees' must be a list of tree slots like {id: t_m7, space: m7, at: [x, y]}.")
        slots: dict[str, TreeSlot] = {}
        owner: dict[str, str] = {}
        for number, entry in enumerate(trees, 1):
            slot_id = self.space_id(entry, f"tree slot number {number}", "{id: t_m7, space: m7, at: [x, y]}")
            where = f"tree slot {slot_id!r}"
            if slot_id in slots:
                self.fail(f"{where} is defined twice.")
            if slot_id in nodes:
                self.fail(f"{where} has the id of a space; give the slot a name of its own.")
            for key in entry:
                if key not in TREE_KEYS:
                    self.fail(f"{where}: unknown key {_show(key)} (a tree slot takes id, space and at).")
            space = entry.get("space")
            if not isinstance(space, str) or space not in nodes:
                self.fail(f"{where}: 'space' must name the blue space it stands beside, not {_show(space)}.")
            if nodes[space].kind != BLUE:
                self.fail(f"{where} stands beside {space!r}, a {nodes[space].kind} space; a tree "
                          f"stands only beside a blue space.")
            if space in owner:
                self.fail(f"blue space {space!r} has two tree slots, {owner[space]!r} and {slot_id!r}; "
                          f"each blue space has exactly one.")
            at = self.point(entry.get("at"), where, "the tree's position")
            owner[space] = slot_id
            slots[slot_id] = TreeSlot(slot_id, space, at)
        for node in nodes.values():
            if node.kind == BLUE and node.id not in owner:
                self.fail(f"blue space {node.id!r} has no tree slot of its own; add one under 'trees', "
                          f"like {{id: t_{node.id}, space: {node.id}, at: [x, y]}}.")
        return slots

    def _short(self, short: Any, slots: dict[str, TreeSlot]) -> tuple[str, ...]:
        if not isinstance(short, list) or len(short) != SHORT_TREES:
            self.fail(f"'short' must list the {SHORT_TREES} tree slots of the short game, not {_show(short)}.")
        for slot in short:
            if not isinstance(slot, str) or slot not in slots:
                self.fail(f"'short' names {_show(slot)}, which is not a tree slot on this board.")
        if len(set(short)) != len(short):
            self.fail(f"'short' names a tree slot twice; the short game needs {SHORT_TREES} different ones.")
        return tuple(short)

    def _castle_ring(self, board: ForestBoard) -> None:
        """The castle is a ring through the horseshoe and key spaces, entered only from the
        horseshoe space, so a pawn can walk past the key space and round again."""
        key, horseshoe = board.key, board.horseshoe
        for way in board.neighbours(key):
            back = reachable(way, lambda n: [m for m in board.neighbours(n) if m != key])
            if horseshoe not in back:
                self.fail(f"the key space {key!r} must lie on the castle ring: from its neighbour "
                          f"{way!r} no path leads back to the horseshoe space {horseshoe!r} without "
                          f"crossing the key space.")
        inside = reachable(key, lambda n: [m for m in board.neighbours(n) if m != horseshoe])
        if board.village in inside:
            self.fail(f"the key space {key!r} can be reached without passing the horseshoe space "
                      f"{horseshoe!r}; the castle ring must be entered from the horseshoe space only.")
