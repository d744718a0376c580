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
refused with a sentence naming the file, the space and the problem.  So is a board the game cannot
serve: more than :data:`MAX_SPACES` spaces, or more than :data:`MAX_WAYS` paths from one space.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Iterator

from kidgames.core.board import (COMMON_TOP_LEVEL_KEYS, BoardError, BoardGraph, BoardReader, KindSpec,
                                 Node, Schema, _is_name, _show, load_data, reachable)
from kidgames.core.paths import BOARDS
from kidgames.core.protocol import Action

__all__ = ["BoardError", "ForestBoard", "TreeSlot", "TurnMoves", "SCHEMA", "TREES", "SHORT_TREES",
           "DEFAULT_BOARD", "load_forest_board", "forest_board_from_data"]

DEFAULT_BOARD = BOARDS / "forest.yaml"
VILLAGE, PATH, BLUE, HORSESHOE, KEY = "village", "path", "blue", "horseshoe", "key"
#: Where a first walk may stop early, the other die lost (rule 4).
STOPPERS = frozenset({BLUE, KEY})
TREES = 13
SHORT_TREES = 7
#: What a forest board may hold, far above the shipped board (59 spaces, at most 3 paths from one
#: space) and within what the game can serve: a space drawn as a disc shows about six paths leaving
#: it apart, and 300 spaces on the screen are already discs smaller than a child's fingertip.
#: Every walk is worked out from these, so they also bound the work and the memory of a turn.
MAX_SPACES = 300
MAX_WAYS = 6
#: Path links a board file may write (each step of a chain is one): as many as the most spaces with
#: the most paths each can have (the shipped board writes 61).
MAX_LINKS = MAX_SPACES * MAX_WAYS // 2
#: The turns (space and throw) whose moves a board keeps: every one of the shipped board's 2,124,
#: and a bound on what a big board keeps over a long game.
TURNS_KEPT = 8192

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


class ForestBoard(BoardGraph[Node]):
    """A validated forest board.

    The engine contract's accessors: ``nodes`` (every space id), ``kind(node)``,
    ``neighbours(node)``, ``tree_slot(node)`` and the ids ``village``, ``key``, ``horseshoe``.
    ``slots`` maps each tree slot's id to its :class:`TreeSlot`; ``short_slots`` are the 7 of
    the short game.
    """

    #: The board of the short game, once made (see :meth:`short_board`).
    _short_board: ForestBoard | None = None

    def __init__(self, title: str, start: str, size: tuple[int, int], nodes: dict[str, Node], edges: list,
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
        # The ends of walks as sets of spaces, one bit a space (see _ends and _gains).
        self._bit = {node_id: 1 << i for i, node_id in enumerate(nodes)}
        self._shift = len(nodes)
        self._ends_of: dict[tuple[str, str | None, int], int] = {}
        self._gains_of: dict[tuple[str, str | None, int, int], int] = {}

    def tree_slot(self, node_id: str) -> str | None:
        """The tree slot beside a blue space, else None."""
        return self._slot_of.get(node_id)

    def short_board(self) -> "ForestBoard":
        """The board of the short game (made once): only the 7 short slots hold trees, and a blue
        space without its tree is an ordinary space — drawn as one, no early stop there, nothing to
        look at (a blue space that promised a look and gave none misled the children)."""
        short = self._short_board
        if short is None:
            keep = set(self.short_slots)
            treeless = {slot.space for slot in self.slots.values() if slot.id not in keep}
            nodes = {node_id: replace(node, kind=PATH) if node_id in treeless else node
                     for node_id, node in self.nodes.items()}
            slots = {slot_id: slot for slot_id, slot in self.slots.items() if slot_id in keep}
            short = ForestBoard(self.title, self.start, self.size, nodes, self.edges, slots, self.short_slots,
                                self.decorations, self.source, self.name)
            short._short_board = short
            self._short_board = short
        return short

    def walks(self, start: str, steps: int) -> tuple[tuple[str, ...], ...]:
        """Every walk of exactly ``steps`` from ``start``: each step to a neighbour, never straight
        back to the space just left, never into the village square (rules 3, and its decision).
        In the order of a search that tries the neighbours in turn; each walk is one of ``steps - 1``
        made one step longer.

        Their number grows as the branching to the power of ``steps``: the engine never lists
        them (see :meth:`turn_ends`); this is for tests and tools on boards like the shipped one."""
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
        again and again (a board keeps at most :data:`TURNS_KEPT`, the oldest going first).  The
        order is that of the walks: the sum first, then ``a`` before ``b``."""
        key = (start, a, b)
        known = self._turns.get(key)
        if known is None:
            if len(self._turns) >= TURNS_KEPT:
                del self._turns[next(iter(self._turns))]
            known = self._turns[key] = TurnMoves(self, start, a, b)
        return known

    # -- the ends of a turn, without listing the walks ---------------------------------------------
    # A walk never steps straight back to the space it just left, so where it can go on depends
    # only on where it stands and where it came from: the spaces where walks of k more steps can
    # end are worked out once for each such pair (a set of spaces as bits), from those of k - 1.
    # The walks of a turn are then searched in the very order of the full list of walks (the
    # neighbours in turn, depth first), skipping every part of the search that can only reach
    # ends found already: each end is found with its first route, as when every walk was listed,
    # and the search stays as small as the number of ends times the length of a walk.

    def _ends(self, here: str, back: str | None, steps: int) -> int:
        """The spaces (bits) where a walk of ``steps`` can end, standing on ``here`` after a step
        from ``back`` (None: the walk starts here and may go any way)."""
        key = (here, back, steps)
        found = self._ends_of.get(key)
        if found is None:
            if steps == 0:
                found = self._bit[here]
            else:
                found = 0
                village = self.village
                for nxt in self._neighbours[here]:
                    if nxt != back and nxt != village:
                        found |= self._ends(nxt, here, steps - 1)
            self._ends_of[key] = found
        return found

    def _after_first(self, middle: str, second: int) -> int:
        """The ends (as key bits, see :meth:`turn_ends`) a turn can reach when its first walk ends
        on ``middle`` and the other die shows ``second``."""
        more = self._ends(middle, None, second)
        stop = self.kind(middle) in STOPPERS or not more
        return more | (self._bit[middle] << self._shift if stop else 0)

    def _gains(self, here: str, back: str | None, steps: int, second: int) -> int:
        """The ends (key bits) of every turn whose first walk still has ``steps`` to go from
        ``here`` (come from ``back``), the other die showing ``second``."""
        key = (here, back, steps, second)
        found = self._gains_of.get(key)
        if found is None:
            if steps == 0:
                found = self._after_first(here, second)
            else:
                found = 0
                village = self.village
                for nxt in self._neighbours[here]:
                    if nxt != back and nxt != village:
                        found |= self._gains(nxt, here, steps - 1, second)
            self._gains_of[key] = found
        return found

    def turn_ends(self, start: str, a: int, b: int) -> dict[tuple[str, int], tuple[str, ...]]:
        """Every end of the turn, ``(space, dice used)``, with one route there (every space stepped
        on): the route the full list of routes (:meth:`turn_routes`) names first, the ends in the
        order that list first names them.  Worked out without listing the walks: on any board the
        game accepts this takes a few milliseconds, however many walks there are."""
        bit, shift, village, neighbours = self._bit, self._shift, self.village, self._neighbours
        ends, gains = self._ends, self._gains
        found: dict[tuple[str, int], tuple[str, ...]] = {}
        have = 0   # the ends found, as key bits: a space's bit for 2 dice, shifted for 1

        def add(dest: str, used: int, route: tuple[str, ...]) -> None:
            nonlocal have
            key_bit = bit[dest] << shift if used == 1 else bit[dest]
            if not have & key_bit:
                have |= key_bit
                found[(dest, used)] = route

        def search(here: str, back: str | None, steps: int, walk: tuple[str, ...], reach, at_end) -> None:
            """The walks of ``steps`` more from ``here`` in the order of the full list, each handed
            to ``at_end``; a step whose ``reach`` (key bits) holds nothing new is not taken."""
            if steps == 0:
                at_end(walk)
                return
            for nxt in neighbours[here]:
                if nxt != back and nxt != village and reach(nxt, here, steps - 1) & ~have:
                    search(nxt, here, steps - 1, walk + (nxt,), reach, at_end)

        def both(here: str, back: str | None, steps: int) -> int:
            return ends(here, back, steps)

        def one(here: str, back: str | None, steps: int) -> int:
            return ends(here, back, steps) << shift

        # Both dice added, as one walk.
        search(start, None, a + b, (), both, lambda walk: add(walk[-1], 2, walk))
        for first, second in ((a, b), (b, a)) if a != b else ((a, b),):
            if not ends(start, None, first):
                # The first die has no walk: it is lost, and the other die is walked alone.
                search(start, None, second, (), one, lambda walk: add(walk[-1], 1, walk))
                continue

            def after(walk: tuple[str, ...], second: int = second) -> None:
                middle = walk[-1]
                more = ends(middle, None, second)
                if self.kind(middle) in STOPPERS or not more:
                    add(middle, 1, walk)          # stopping early, or the other die is lost
                if more:
                    search(middle, None, second, walk, both, lambda route: add(route[-1], 2, route))

            search(start, None, first, (), lambda h, bk, k, second=second: gains(h, bk, k, second), after)
        if not found:
            # Only on an odd home-made board: no die can be walked, the pawn stays.
            found[(start, 0)] = ()
        return found

    def is_walk(self, start: str, path: tuple[str, ...]) -> bool:
        """Whether ``path`` is a walk from ``start`` (rules 3: each step to a neighbour, never
        straight back, never into the village square)."""
        here, back, village = start, None, self.village
        for nxt in path:
            if nxt == back or nxt == village or nxt not in self._neighbours[here]:
                return False
            here, back = nxt, here
        return True

    def is_route(self, start: str, a: int, b: int, dest: str, used: int, path: tuple[str, ...]) -> bool:
        """Whether ``path`` is one of the routes of the turn from ``start`` with ``a`` and ``b`` to
        the end ``(dest, used)`` (one of :meth:`turn_routes`), checked step by step."""
        if used == 0:
            return not path and dest == start and (start, 0) in self.turn_moves(start, a, b).ends
        if not path or path[-1] != dest:
            return False
        if used == 2 and len(path) == a + b and self.is_walk(start, path):
            return True
        for first, second in ((a, b), (b, a)) if a != b else ((a, b),):
            if not self._ends(start, None, first):
                if used == 1 and len(path) == second and self.is_walk(start, path):
                    return True
                continue
            if used == 1:
                if len(path) == first and self.is_walk(start, path) and (
                        self.kind(dest) in STOPPERS or not self._ends(dest, None, second)):
                    return True
            elif len(path) == first + second and self.is_walk(start, path[:first]) \
                    and self.is_walk(path[first - 1], path[first:]):
                return True
        return False

    def turn_routes(self, start: str, a: int, b: int) -> Iterator[tuple[str, int, tuple[str, ...], tuple[str, ...]]]:
        """Every route of a turn in the order of :meth:`turn_moves`, as ``(end space, dice used,
        first walk, second walk)`` (the second empty when one walk is the whole route); a route
        may come more than once.  It lists every walk (see :meth:`walks`): for tests and tools."""
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
                if self.kind(middle) in STOPPERS:
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
            if len(self._move_actions) >= TURNS_KEPT * 16:
                self._move_actions.clear()      # only a big board over a long game: made anew
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
    found as its path (:meth:`ForestBoard.turn_ends`); ``ends`` is the set of those ends.
    ``routes`` maps each end to every route there (each a tuple of the spaces stepped on), listed
    walk by walk only when asked for (tests; the engine checks a route with
    :meth:`ForestBoard.is_route`).  Shared by every state on the board, so never changed."""

    __slots__ = ("_board", "_turn", "actions", "ends", "_routes")

    def __init__(self, board: ForestBoard, start: str, a: int, b: int) -> None:
        self._board = board
        self._turn = (start, a, b)
        self._routes: dict[tuple[str, int], tuple[tuple[str, ...], ...]] | None = None
        first = board.turn_ends(start, a, b)
        self.ends = frozenset(first)
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
        self.crowded(board, MAX_WAYS, "more cannot be drawn apart around one space, and the "
                                      "throws from it would offer more ways than a player can follow")
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
        if len(spaces) > MAX_SPACES:
            self.fail(f"the board has {len(spaces)} spaces, and a forest board may have at most "
                      f"{MAX_SPACES}; the game cannot show or play more.")
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
        links = sum(max(len(chain) - 1, 0) for chain in paths.values() if isinstance(chain, list))
        if links > MAX_LINKS:
            self.fail(f"'paths' join spaces {links} times, and a forest board may join them at most "
                      f"{MAX_LINKS} times ({MAX_SPACES} spaces with at most {MAX_WAYS} paths each).")
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
