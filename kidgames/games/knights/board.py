"""Knights' boards: lines of fields (*lanes*) with junctions, built on the neutral board graph.

A Knights board file looks like this::

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

A lane is walked one way (``two_way`` lanes out and back, ``return_to`` the lane a knight coming
back takes on); the neutral graph of ``kidgames.core.board`` sees only which fields touch.  What
the fields *mean* is in ``rules.py``.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kidgames.core.board import (BoardError, BoardGraph, BoardReader, KindSpec, MAX_FIELDS,
                                 MAX_NAME_LENGTH, Node, Schema, _is_name, _show, load_data, reachable)
from kidgames.core.kit import is_int

__all__ = ["KnightsBoard", "BoardError", "FieldNode", "KindSpec", "Lane", "LaneSchema", "board_from_data",
           "load_board"]

LANE_KEYS = frozenset({"fields", "from", "to", "enter", "two_way", "return_to", "colour"})
TOP_LEVEL_KEYS = frozenset({"title", "size", "start", "lanes", "decorations", "background"})
ENTER_VALUES = ("exact", "odd", "even")


@dataclass(frozen=True)
class LaneSchema(Schema):
    """A Knights schema: ``lane_colours`` are the colours a lane may be drawn in (None: any short name)."""

    lane_colours: frozenset[str] | None = None


@dataclass(frozen=True)
class FieldNode(Node):
    """A field of a lane: the lane it lies in and its place there."""

    lane: str = ""
    index: int = 0


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


class KnightsBoard(BoardGraph[FieldNode]):
    """A validated Knights board.  ``board.nodes[id]``, ``board.lanes[name]``, and the walking helpers."""

    def __init__(self, title: str, start: str, size: tuple[int, int], nodes: dict[str, FieldNode],
                 lanes: dict[str, Lane], decorations: list[dict], source: dict, name: str) -> None:
        super().__init__(title, start, size, nodes, _lane_edges(lanes), decorations, source, name)
        self.lanes = lanes
        self._branches: dict[str, list[Lane]] = {}
        for lane in lanes.values():
            if lane.from_ is not None:
                self._branches.setdefault(lane.from_, []).append(lane)

    # -- lanes -----------------------------------------------------------------------------
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


def _lane_edges(lanes: dict[str, Lane]) -> list[tuple[str, str]]:
    """Which fields touch: neighbours in a lane, a junction and a lane's first field, a lane's
    last field and its ``to``."""
    edges = []
    for lane in lanes.values():
        chain = ([lane.from_] if lane.from_ else []) + list(lane.fields) + ([lane.to] if lane.to else [])
        edges += [(a, b) for a, b in zip(chain, chain[1:]) if a != b]
    return edges


def load_board(path: str | Path, schema: LaneSchema) -> KnightsBoard:
    """Read and validate a Knights board file; a problem raises :class:`BoardError` naming the file."""
    path = Path(path)
    return board_from_data(load_data(path), schema, name=str(path))


def board_from_data(data: Any, schema: LaneSchema, name: str = "board") -> KnightsBoard:
    """Validate plain data (as read from YAML or from a save file) into a :class:`KnightsBoard`."""
    return _LaneReader(data, schema, name).build()


class _LaneReader(BoardReader):
    """The neutral checks plus lanes, junctions and the Knights reachability (lanes, jumps)."""

    word = "field"
    ref_meaning = "the field it sends a knight to"
    schema: LaneSchema

    def build(self) -> KnightsBoard:
        data = self.top_level(TOP_LEVEL_KEYS, ("start", "lanes"), "'start' and 'lanes'")
        lanes_data = data["lanes"]
        if not isinstance(lanes_data, dict) or not lanes_data:
            self.fail("'lanes' must be a mapping of lane names to lanes, with at least one lane.")
        size = self.board_size((1600, 1000))

        nodes: dict[str, FieldNode] = {}
        lanes: dict[str, Lane] = {}
        for lane_name, lane_data in lanes_data.items():
            if not isinstance(lane_name, str) or not 0 < len(lane_name) <= MAX_NAME_LENGTH:
                self.fail(f"the lane name {_show(lane_name)} must be a word of 1 to {MAX_NAME_LENGTH} letters.")
            lanes[lane_name] = self._lane(lane_name, lane_data, nodes)
            if len(nodes) > MAX_FIELDS:
                self.fail(f"the board has more than {MAX_FIELDS} fields; that is far more than a game needs.")

        self._check_refs(nodes, lanes)
        start = self.start(nodes)
        self.required_kinds(nodes)
        decorations = self.decorations()
        board = KnightsBoard(data.get("title", ""), start, size, nodes, lanes, decorations, data, self.name)
        self._check_junctions(board)
        self._check_reachable(board)
        if self.schema.check is not None:
            problem = self.schema.check(board)
            if problem:
                self.fail(problem)
        return board

    def _lane(self, lane_name: str, lane_data: Any, nodes: dict[str, FieldNode]) -> Lane:
        where = f"lane {lane_name!r}"
        if not isinstance(lane_data, dict):
            self.fail(f"{where} must be a mapping with a 'fields' list.")
        for key in lane_data:
            if key not in LANE_KEYS:
                self.fail(f"{where}: unknown key {_show(key)} (allowed: {', '.join(sorted(LANE_KEYS))}).")
        fields = lane_data.get("fields")
        if not isinstance(fields, list) or not fields:
            self.fail(f"{where}: 'fields' must be a non-empty list of fields.")
        enter = lane_data.get("enter")
        if enter is not None and enter not in ENTER_VALUES:
            self.fail(f"{where}: 'enter' must be one of {', '.join(ENTER_VALUES)}, not {_show(enter)}.")
        for key in ("from", "to", "return_to"):
            value = lane_data.get(key)
            if value is not None and not isinstance(value, str):
                what = "a lane" if key == "return_to" else "a field"
                self.fail(f"{where}: {key!r} must name {what}, not {_show(value)}.")
        two_way = lane_data.get("two_way", False)
        if not isinstance(two_way, bool):
            self.fail(f"{where}: 'two_way' must be true or false (without quotes), not {_show(two_way)}.")
        colour = lane_data.get("colour")
        allowed = self.schema.lane_colours
        if colour is not None and not (_is_name(colour) and (allowed is None or colour in allowed)):
            known = f" ({', '.join(sorted(allowed))})" if allowed is not None else ""
            self.fail(f"{where}: 'colour' must be one of the lane colours{known}, not {_show(colour)}.")
        ids = []
        for index, field_data in enumerate(fields):
            node = self._field(lane_name, index, len(fields), field_data)
            if node.id in nodes:
                self.fail(f"field {node.id!r} is defined twice (in lane {nodes[node.id].lane!r} "
                          f"and in lane {lane_name!r}).")
            nodes[node.id] = node
            ids.append(node.id)
        return Lane(lane_name, tuple(ids), lane_data.get("from"), lane_data.get("to"), enter,
                    two_way, lane_data.get("return_to"), colour)

    def _field(self, lane_name: str, index: int, lane_length: int, data: Any) -> FieldNode:
        node_id = self.space_id(data, f"lane {lane_name!r}, field number {index + 1}")
        self._lane_length = lane_length
        kind, _spec, at, props, label = self.space(data, f"field {node_id!r} (lane {lane_name!r})")
        return FieldNode(node_id, kind, at, props, label, lane=lane_name, index=index)

    def steps_back(self, where: str, key: str, value: Any) -> None:
        lane_length = self._lane_length
        most = max(1, lane_length - 1)
        if not (is_int(value) and 1 <= value <= most):
            self.fail(f"{where}: {key!r} must be a whole number from 1 to {most} (fields back "
                      f"along its lane of {lane_length}), not {_show(value)}.")

    # -- the graph -----------------------------------------------------------------------------
    def _check_refs(self, nodes: dict[str, FieldNode], lanes: dict[str, Lane]) -> None:
        for lane in lanes.values():
            for key, value in (("from", lane.from_), ("to", lane.to)):
                if value is not None and value not in nodes:
                    self.fail(f"lane {lane.name!r}: {key!r} names {value!r}, which is not a field on this board.")
            if lane.return_to is not None and lane.return_to not in lanes:
                self.fail(f"lane {lane.name!r}: 'return_to' names {lane.return_to!r}, which is not a lane.")
            if lane.two_way and lane.from_ is None:
                self.fail(f"lane {lane.name!r}: a two-way lane needs 'from', the field it leads back to.")
        self.refs(nodes, lambda node: f"field {node.id!r} (lane {node.lane!r})")

    def _check_junctions(self, board: KnightsBoard) -> None:
        for node_id in board.nodes:
            branches = board.branches(node_id)
            if len(branches) > 1:
                missing = [lane.name for lane in branches if lane.enter is None]
                if missing:
                    self.fail(f"field {node_id!r} is a junction of lanes {', '.join(l.name for l in branches)}; "
                              f"lane {missing[0]!r} needs 'enter' (exact, odd or even) to say which move takes it.")

    def _check_reachable(self, board: KnightsBoard) -> None:
        def steps(current: str) -> list[str]:
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
            return nexts

        seen = reachable(board.start, steps)
        for node_id, node in board.nodes.items():
            if node_id not in seen:
                self.fail(f"field {node_id!r} (lane {node.lane!r}) cannot be reached from the start "
                          f"{board.start!r}: no lane leads to it and no field sends a knight there.")
