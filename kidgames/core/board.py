"""Boards as data: a YAML file of *lanes* (lines of fields) loaded into a validated graph.

A board file looks like this::

    title: Knights and the Golden Treasure
    size: [1600, 1000]          # the drawing area, in board units
    start: start                # where every pawn begins
    lanes:
      main:
        fields:
          - {id: start, kind: start, at: [80, 900]}
          - {id: m1, at: [150, 900]}            # kind defaults to "path"
      wide:
        from: witch           # the field before the first one (a junction)
        enter: exact          # which move takes this lane at the junction: exact, odd or even
        to: golden_hill       # the field after the last one
        fields: [...]

Each game hands the loader a schema of its field kinds (which keys each kind needs and which of
them name other fields), so a board designer who writes ``to: yelow`` is told which field, which
key and which file.  Errors are :class:`BoardError` with sentences, never a traceback.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping

import yaml

from kidgames.core.paths import SPRITES


class BoardError(ValueError):
    """A board file that cannot be played, with a message for the person who wrote it."""


@dataclass(frozen=True)
class KindSpec:
    """The keys a field kind needs (``required``) or may have (``optional``).

    ``refs`` are the keys whose value names another field; ``numbers`` must be whole numbers
    (a die value, a count of fields).
    """

    required: frozenset[str] = frozenset()
    optional: frozenset[str] = frozenset()
    refs: frozenset[str] = frozenset()
    numbers: frozenset[str] = frozenset()

    @classmethod
    def of(cls, required: Iterable[str] = (), optional: Iterable[str] = (),
           refs: Iterable[str] = (), numbers: Iterable[str] = ()) -> "KindSpec":
        return cls(frozenset(required), frozenset(optional), frozenset(refs), frozenset(numbers))


@dataclass(frozen=True)
class Schema:
    """What a game accepts on its boards."""

    kinds: Mapping[str, KindSpec]
    required_kinds: Mapping[str, int] = field(default_factory=dict)  # kind -> exact count (0: at least one)
    extra_top_level: frozenset[str] = frozenset()


# Keys every field may carry, whatever its kind.
COMMON_FIELD_KEYS = frozenset({"id", "kind", "at", "label"})
LANE_KEYS = frozenset({"fields", "from", "to", "enter", "two_way", "return_to", "colour"})
TOP_LEVEL_KEYS = frozenset({"title", "size", "start", "lanes", "decorations", "background"})
ENTER_VALUES = ("exact", "odd", "even")


@dataclass(frozen=True)
class Node:
    id: str
    kind: str
    lane: str
    index: int
    at: tuple[float, float]
    props: Mapping[str, Any]
    label: str = ""

    def get(self, key: str, default: Any = None) -> Any:
        return self.props.get(key, default)


@dataclass(frozen=True)
class Lane:
    name: str
    fields: tuple[str, ...]
    from_: str | None = None
    to: str | None = None
    enter: str | None = None
    two_way: bool = False
    return_to: str | None = None
    colour: str | None = None


class Board:
    """A validated board.  ``board.nodes[id]``, ``board.lanes[name]``, and the walking helpers."""

    def __init__(self, title: str, start: str, size: tuple[int, int], nodes: dict[str, Node],
                 lanes: dict[str, Lane], decorations: list[dict], source: dict, name: str) -> None:
        self.title = title
        self.start = start
        self.size = size
        self.nodes = nodes
        self.lanes = lanes
        self.decorations = decorations
        self.source = source
        self.name = name
        self._branches: dict[str, list[Lane]] = {}
        for lane in lanes.values():
            if lane.from_ is not None:
                self._branches.setdefault(lane.from_, []).append(lane)

    # -- graph -----------------------------------------------------------------------------
    def lane_of(self, node_id: str) -> Lane:
        return self.lanes[self.nodes[node_id].lane]

    def branches(self, node_id: str) -> list[Lane]:
        """The lanes that start right after this field (it is a junction when there are several)."""
        return list(self._branches.get(node_id, ()))

    def next_in_lane(self, node_id: str) -> str | None:
        """The field after this one along its own lane (the lane's ``to`` after its last field)."""
        node = self.nodes[node_id]
        lane = self.lanes[node.lane]
        if node.index + 1 < len(lane.fields):
            return lane.fields[node.index + 1]
        return lane.to

    def prev_in_lane(self, node_id: str) -> str | None:
        node = self.nodes[node_id]
        lane = self.lanes[node.lane]
        if node.index > 0:
            return lane.fields[node.index - 1]
        return lane.from_

    def forward(self, node_id: str) -> list[str]:
        """Every field one step ahead: along the lane, or into each branch at a junction."""
        out = [lane.fields[0] for lane in self.branches(node_id)]
        nxt = self.next_in_lane(node_id)
        if nxt is not None and not self.branches(node_id):
            out.insert(0, nxt)
        return out

    def of_kind(self, kind: str) -> list[str]:
        return [n.id for n in self.nodes.values() if n.kind == kind]

    def to_json(self) -> dict:
        return self.source


# -- loading -------------------------------------------------------------------------------

def load_board(path: str | Path, schema: Schema) -> Board:
    """Read and validate a board file; a problem raises :class:`BoardError` naming the file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BoardError(f"{path}: there is no such board file.") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise BoardError(f"{path}: the board file cannot be read ({exc}).") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        where = ""
        mark = getattr(exc, "problem_mark", None)
        if mark is not None:
            where = f" at line {mark.line + 1}, column {mark.column + 1}"
        problem = getattr(exc, "problem", None) or str(exc)
        raise BoardError(f"{path}: this is not valid YAML{where}: {problem}.") from None
    return board_from_data(data, schema, name=str(path))


def board_from_data(data: Any, schema: Schema, name: str = "board") -> Board:
    """Validate plain data (as read from YAML or from a save file) into a :class:`Board`."""
    return _Validator(data, schema, name).build()


class _Validator:
    def __init__(self, data: Any, schema: Schema, name: str) -> None:
        self.data = data
        self.schema = schema
        self.name = name

    def fail(self, message: str) -> None:
        raise BoardError(f"{self.name}: {message}")

    def build(self) -> Board:
        data = self.data
        if not isinstance(data, dict):
            self.fail("a board file must be a mapping with 'start' and 'lanes' at its top level.")
        allowed_top = TOP_LEVEL_KEYS | self.schema.extra_top_level
        for key in data:
            if key not in allowed_top:
                self.fail(f"unknown top-level key {key!r} (allowed: {', '.join(sorted(allowed_top))}).")
        for key in ("start", "lanes"):
            if key not in data:
                self.fail(f"the top-level key {key!r} is missing.")
        lanes_data = data["lanes"]
        if not isinstance(lanes_data, dict) or not lanes_data:
            self.fail("'lanes' must be a mapping of lane names to lanes, with at least one lane.")
        size = data.get("size", [1600, 1000])
        if not (isinstance(size, list) and len(size) == 2 and all(_is_number(v) and v > 0 for v in size)):
            self.fail(f"'size' must be two positive numbers [width, height], not {size!r}.")

        nodes: dict[str, Node] = {}
        lanes: dict[str, Lane] = {}
        for lane_name, lane_data in lanes_data.items():
            lanes[str(lane_name)] = self._lane(str(lane_name), lane_data, nodes)

        self._check_refs(nodes, lanes)
        start = data["start"]
        if start not in nodes:
            self.fail(f"'start' names {start!r}, which is not a field on this board.")
        for kind, count in self.schema.required_kinds.items():
            found = [n for n in nodes.values() if n.kind == kind]
            if count == 0 and not found:
                self.fail(f"the board has no field of kind {kind!r}, and the game needs one.")
            if count and len(found) != count:
                self.fail(f"the game needs exactly {count} field(s) of kind {kind!r}, the board has {len(found)}.")
        decorations = data.get("decorations") or []
        if not isinstance(decorations, list) or not all(
                isinstance(d, dict) and isinstance(d.get("sprite"), str) and _is_point(d.get("at"))
                and set(d) <= {"sprite", "at", "size"} and _is_number(d.get("size", 1)) and d.get("size", 1) > 0
                for d in decorations):
            self.fail("'decorations' must be a list of {sprite: name, at: [x, y], size: n}.")
        for number, deco in enumerate(decorations, 1):
            if not (SPRITES / f"{deco['sprite']}.png").exists():
                self.fail(f"decoration number {number} names the picture {deco['sprite']!r}, "
                          f"which is not in {SPRITES.name}/.")
        board = Board(str(data.get("title", "")), start, (int(size[0]), int(size[1])), nodes, lanes,
                      decorations, data, self.name)
        self._check_junctions(board)
        self._check_reachable(board)
        return board

    def _lane(self, lane_name: str, lane_data: Any, nodes: dict[str, Node]) -> Lane:
        where = f"lane {lane_name!r}"
        if not isinstance(lane_data, dict):
            self.fail(f"{where} must be a mapping with a 'fields' list.")
        for key in lane_data:
            if key not in LANE_KEYS:
                self.fail(f"{where}: unknown key {key!r} (allowed: {', '.join(sorted(LANE_KEYS))}).")
        fields = lane_data.get("fields")
        if not isinstance(fields, list) or not fields:
            self.fail(f"{where}: 'fields' must be a non-empty list of fields.")
        enter = lane_data.get("enter")
        if enter is not None and enter not in ENTER_VALUES:
            self.fail(f"{where}: 'enter' must be one of {', '.join(ENTER_VALUES)}, not {enter!r}.")
        ids = []
        for index, field_data in enumerate(fields):
            node = self._field(lane_name, index, field_data)
            if node.id in nodes:
                self.fail(f"field {node.id!r} is defined twice (in lane {nodes[node.id].lane!r} "
                          f"and in lane {lane_name!r}).")
            nodes[node.id] = node
            ids.append(node.id)
        return Lane(lane_name, tuple(ids), lane_data.get("from"), lane_data.get("to"), enter,
                    bool(lane_data.get("two_way", False)), lane_data.get("return_to"),
                    lane_data.get("colour"))

    def _field(self, lane_name: str, index: int, data: Any) -> Node:
        where = f"lane {lane_name!r}, field number {index + 1}"
        if not isinstance(data, dict):
            self.fail(f"{where} must be a mapping like {{id: m1, at: [x, y]}}, not {data!r}.")
        node_id = data.get("id")
        if not isinstance(node_id, str) or not node_id:
            self.fail(f"{where} has no 'id' (every field needs a name of its own).")
        where = f"field {node_id!r} (lane {lane_name!r})"
        kind = data.get("kind", "path")
        spec = self.schema.kinds.get(kind)
        if spec is None:
            self.fail(f"{where}: unknown kind {kind!r}. Known kinds: {', '.join(sorted(self.schema.kinds))}.")
        for key in data:
            if key not in COMMON_FIELD_KEYS | spec.required | spec.optional:
                allowed = sorted((spec.required | spec.optional) - COMMON_FIELD_KEYS)
                extra = f" (a {kind} field takes: {', '.join(allowed)})" if allowed else f" (a {kind} field takes none)"
                self.fail(f"{where}: unknown key {key!r}{extra}.")
        for key in sorted(spec.required):
            if key not in data:
                what = "the field it sends a knight to" if key in spec.refs else "a number"
                self.fail(f"{where}: a {kind} field needs {key!r} ({what}), and it is missing.")
        for key in spec.numbers:
            if key in data and not (isinstance(data[key], int) and not isinstance(data[key], bool)
                                    and data[key] > 0):
                self.fail(f"{where}: {key!r} must be a whole number above 0, not {data[key]!r}.")
        at = data.get("at")
        if not _is_point(at):
            self.fail(f"{where}: 'at' must be the field's position [x, y], not {at!r}.")
        props = {k: v for k, v in data.items() if k not in COMMON_FIELD_KEYS}
        return Node(node_id, kind, lane_name, index, (float(at[0]), float(at[1])), props,
                    str(data.get("label", "")))

    def _check_refs(self, nodes: dict[str, Node], lanes: dict[str, Lane]) -> None:
        for lane in lanes.values():
            for key, value in (("from", lane.from_), ("to", lane.to)):
                if value is not None and value not in nodes:
                    self.fail(f"lane {lane.name!r}: {key!r} names {value!r}, which is not a field on this board.")
            if lane.return_to is not None and lane.return_to not in lanes:
                self.fail(f"lane {lane.name!r}: 'return_to' names {lane.return_to!r}, which is not a lane.")
            if lane.two_way and lane.from_ is None:
                self.fail(f"lane {lane.name!r}: a two-way lane needs 'from', the field it leads back to.")
        for node in nodes.values():
            spec = self.schema.kinds[node.kind]
            for key in spec.refs:
                target = node.props.get(key)
                if key in node.props and target not in nodes:
                    self.fail(f"field {node.id!r} (lane {node.lane!r}): {key!r} names {target!r}, "
                              f"which is not a field on this board.")

    def _check_junctions(self, board: Board) -> None:
        for node_id in board.nodes:
            branches = board.branches(node_id)
            if len(branches) > 1:
                missing = [lane.name for lane in branches if lane.enter is None]
                if missing:
                    self.fail(f"field {node_id!r} is a junction of lanes {', '.join(l.name for l in branches)}; "
                              f"lane {missing[0]!r} needs 'enter' (exact, odd or even) to say which move takes it.")

    def _check_reachable(self, board: Board) -> None:
        seen = {board.start}
        queue = deque([board.start])
        while queue:
            current = queue.popleft()
            node = board.nodes[current]
            lane = board.lanes[node.lane]
            nexts = list(board.forward(current))
            nexts += [lane_b.fields[0] for lane_b in board.branches(current)]
            if lane.two_way:
                prev = board.prev_in_lane(current)
                if prev is not None:
                    nexts.append(prev)
                if lane.return_to:
                    nexts.append(board.lanes[lane.return_to].fields[0])
            spec = self.schema.kinds[node.kind]
            nexts += [node.props[k] for k in spec.refs if k in node.props]
            for nxt in nexts:
                if nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        for node_id, node in board.nodes.items():
            if node_id not in seen:
                self.fail(f"field {node_id!r} (lane {node.lane!r}) cannot be reached from the start "
                          f"{board.start!r}: no lane leads to it and no field sends a knight there.")


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _is_point(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(_is_number(v) for v in value)
