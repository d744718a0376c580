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

import math
import os
import stat
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

import yaml

from kidgames.core.paths import SPRITES


class BoardError(ValueError):
    """A board file that cannot be played, with a message for the person who wrote it."""


@dataclass(frozen=True)
class KindSpec:
    """The keys a field kind needs (``required``) or may have (``optional``).

    ``refs`` are the keys whose value names another field; ``numbers`` must be whole numbers
    (a count of something); ``dice`` must be a throw of the die (1 to the schema's ``die_sides``);
    ``steps_back`` count fields back along the field's own lane.
    """

    required: frozenset[str] = frozenset()
    optional: frozenset[str] = frozenset()
    refs: frozenset[str] = frozenset()
    numbers: frozenset[str] = frozenset()
    dice: frozenset[str] = frozenset()
    steps_back: frozenset[str] = frozenset()

    @classmethod
    def of(cls, required: Iterable[str] = (), optional: Iterable[str] = (),
           refs: Iterable[str] = (), numbers: Iterable[str] = (), dice: Iterable[str] = (),
           steps_back: Iterable[str] = ()) -> "KindSpec":
        return cls(frozenset(required), frozenset(optional), frozenset(refs), frozenset(numbers),
                   frozenset(dice), frozenset(steps_back))


@dataclass(frozen=True)
class Schema:
    """What a game accepts on its boards.

    ``lane_colours`` are the colours a lane may be drawn in (None: any short name).  ``check`` is
    the game's own test that a board can be played; it gets the otherwise valid board and returns
    a sentence naming the problem, or None.  It runs on every board, from a file or from a save.
    """

    kinds: Mapping[str, KindSpec]
    required_kinds: Mapping[str, int] = field(default_factory=dict)  # kind -> exact count (0: at least one)
    extra_top_level: frozenset[str] = frozenset()
    die_sides: int = 6
    lane_colours: frozenset[str] | None = None
    check: Callable[["Board"], str | None] | None = None


# Keys every field may carry, whatever its kind.
COMMON_FIELD_KEYS = frozenset({"id", "kind", "at", "label"})
LANE_KEYS = frozenset({"fields", "from", "to", "enter", "two_way", "return_to", "colour"})
TOP_LEVEL_KEYS = frozenset({"title", "size", "start", "lanes", "decorations", "background"})
ENTER_VALUES = ("exact", "odd", "even")

# Limits far above any real board (the shipped one is 15 KB, 5 levels deep, about 100 fields) and
# far below what would make loading slow or a save file huge.
MAX_BOARD_BYTES = 256 * 1024
MAX_DEPTH = 20
MAX_FIELDS = 1000
MIN_SIZE, MAX_SIZE = 100, 20000
MIN_DECORATION_SIZE, MAX_DECORATION_SIZE = 10, 600
MAX_NAME_LENGTH = 40        # field ids, lane names, picture names, colours
MAX_TITLE_LENGTH = 80
MAX_LABEL_LENGTH = 12
MAX_NUMBER_DIGITS = 30
PLAIN_TAGS = frozenset(f"tag:yaml.org,2002:{name}" for name in ("str", "int", "float", "bool", "null",
                                                                 "seq", "map"))


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
    text = read_board_text(path)
    return board_from_data(parse_board_yaml(text, str(path)), schema, name=str(path))


def read_board_text(path: Path) -> str:
    """The text of a board file: an ordinary file of at most ``MAX_BOARD_BYTES``, in UTF-8.

    The file is looked at before it is opened, so a device (``/dev/zero``) or a pipe, which
    would never end or never answer, is refused without reading from it.
    """
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise BoardError(f"{path}: there is no such board file.") from None
    except (OSError, ValueError) as exc:
        raise BoardError(f"{path}: the board file cannot be read ({_reason(exc)}).") from None
    _check_ordinary(path, info)
    try:
        # O_NONBLOCK: should the file be swapped for a pipe after the look, opening does not wait.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        with os.fdopen(fd, "rb") as stream:
            _check_ordinary(path, os.fstat(stream.fileno()))
            raw = stream.read(MAX_BOARD_BYTES + 1)
    except OSError as exc:
        raise BoardError(f"{path}: the board file cannot be read ({_reason(exc)}).") from None
    if len(raw) > MAX_BOARD_BYTES:
        _too_big(path, len(raw))
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BoardError(f"{path}: the board file is not text in UTF-8 (byte {exc.start + 1} is "
                         f"not); save it as UTF-8 text.") from None


def _check_ordinary(path: Path, info: os.stat_result) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise BoardError(f"{path}: this is a folder, not a board file.")
    if not stat.S_ISREG(info.st_mode):
        raise BoardError(f"{path}: this is not an ordinary file (it is a device or a pipe); "
                         f"a board must be a .yaml text file.")
    if info.st_size > MAX_BOARD_BYTES:
        _too_big(path, info.st_size)


def _too_big(path: Path, size: int) -> None:
    raise BoardError(f"{path}: the board file is {size // 1024} KB; a board file may be at most "
                     f"{MAX_BOARD_BYTES // 1024} KB.")


def _reason(exc: Exception) -> str:
    return getattr(exc, "strerror", None) or str(exc)


class _Refused(yaml.YAMLError):
    """Valid YAML that a board file may not use, with the place where it was found."""

    def __init__(self, sentence: str, mark: Any) -> None:
        super().__init__(sentence)
        self.sentence = sentence
        self.mark = mark


class _BoardLoader(yaml.SafeLoader):
    """Plain YAML only: mappings, lists, text, numbers, true/false and null.

    Anchors and aliases are refused where the parser meets them, before anything is copied (a
    few lines of aliases can stand for billions of values); explicit tags (``!!set``,
    ``!!timestamp``, ``!!binary``, ``!!python/...``) are refused; nesting stops at ``MAX_DEPTH``
    before the recursive composer gets deep.  A plain value that YAML would turn into a date
    (``2001-12-14``) stays text, so no date object reaches a game.
    """

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self._depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            raise _Refused(f"an alias (*{event.anchor}) repeats another part of the file, and a "
                           f"board file may not use aliases; write the part out in full", event.start_mark)
        if event.anchor is not None:
            raise _Refused(f"an anchor (&{event.anchor}) marks a part of the file for repeating, and a "
                           f"board file may not use anchors; write each part out in full", event.start_mark)
        if event.tag not in (None, "!") and event.tag not in PLAIN_TAGS:
            raise _Refused(f"the tag {event.tag.replace('tag:yaml.org,2002:', '!!')} is not allowed in a "
                           f"board file (only plain text, numbers, true/false, lists and mappings)",
                           event.start_mark)
        nested = isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent))
        if nested and self._depth >= MAX_DEPTH:
            raise _Refused(f"lists and mappings are nested more than {MAX_DEPTH} deep here; a board "
                           f"needs far fewer levels", event.start_mark)
        self._depth += nested
        try:
            node = super().compose_node(parent, index)
        finally:
            self._depth -= nested
        if node.tag not in PLAIN_TAGS:
            node.tag = "tag:yaml.org,2002:str"
        return node

    def construct_mapping(self, node: Any, deep: bool = False) -> Any:
        seen = set()
        for key_node, _value in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise _Refused("a key must be a single word or number, not a list or a mapping",
                               key_node.start_mark)
            key = self.construct_object(key_node)
            if key in seen:
                raise _Refused(f"the key {key!r} appears twice in the same mapping (YAML would "
                               f"quietly keep only the last one)", key_node.start_mark)
            seen.add(key)
        return super().construct_mapping(node, deep)

    def construct_yaml_int(self, node: Any) -> Any:
        # Python refuses to read ints of thousands of digits with a ValueError, not a YAMLError.
        if len(node.value) > MAX_NUMBER_DIGITS:
            raise _Refused(f"the number {node.value[:12]}… is {len(node.value)} characters long; "
                           f"a board needs no number that long", node.start_mark)
        return super().construct_yaml_int(node)


_BoardLoader.add_constructor("tag:yaml.org,2002:int", _BoardLoader.construct_yaml_int)


def parse_board_yaml(text: str, name: str) -> Any:
    """The plain data of a board file's text; refused YAML raises :class:`BoardError`."""
    try:
        loader = _BoardLoader(text)
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1
        raise BoardError(f"{name}: this is not valid YAML at line {line}: the character #x{exc.character:04x} "
                         f"cannot be in a text file.") from None
    try:
        return loader.get_single_data()
    except _Refused as exc:
        raise BoardError(f"{name}, line {exc.mark.line + 1}, column {exc.mark.column + 1}: "
                         f"{exc.sentence}.") from None
    except yaml.YAMLError as exc:
        where = ""
        mark = getattr(exc, "problem_mark", None)
        if mark is not None:
            where = f" at line {mark.line + 1}, column {mark.column + 1}"
        problem = getattr(exc, "problem", None) or str(exc)
        raise BoardError(f"{name}: this is not valid YAML{where}: {problem}.") from None
    finally:
        loader.dispose()


def board_from_data(data: Any, schema: Schema, name: str = "board") -> Board:
    """Validate plain data (as read from YAML or from a save file) into a :class:`Board`."""
    return _Validator(data, schema, name).build()


class _Validator:
    """Every value of a board checked for type and range, with a sentence naming where it is.

    The same checks run on a file and on the board stored in a save, which may have been edited
    by hand or damaged; nothing unchecked is kept in the board or written back into a save.
    """

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
        for key, longest in (("title", MAX_TITLE_LENGTH), ("background", MAX_NAME_LENGTH)):
            if key in data:
                self._text(data[key], f"'{key}'", longest)
        lanes_data = data["lanes"]
        if not isinstance(lanes_data, dict) or not lanes_data:
            self.fail("'lanes' must be a mapping of lane names to lanes, with at least one lane.")
        size = data.get("size", [1600, 1000])
        if not (isinstance(size, list) and len(size) == 2
                and all(_is_number(v) and MIN_SIZE <= v <= MAX_SIZE for v in size)):
            self.fail(f"'size' must be two numbers [width, height], each from {MIN_SIZE} to {MAX_SIZE}, "
                      f"not {_show(size)}.")
        self.size = (float(size[0]), float(size[1]))

        nodes: dict[str, Node] = {}
        lanes: dict[str, Lane] = {}
        for lane_name, lane_data in lanes_data.items():
            if not isinstance(lane_name, str) or not 0 < len(lane_name) <= MAX_NAME_LENGTH:
                self.fail(f"the lane name {_show(lane_name)} must be a word of 1 to {MAX_NAME_LENGTH} letters.")
            lanes[lane_name] = self._lane(lane_name, lane_data, nodes)
            if len(nodes) > MAX_FIELDS:
                self.fail(f"the board has more than {MAX_FIELDS} fields; that is far more than a game needs.")

        self._check_refs(nodes, lanes)
        start = data["start"]
        if not isinstance(start, str) or start not in nodes:
            self.fail(f"'start' names {_show(start)}, which is not a field on this board.")
        for kind, count in self.schema.required_kinds.items():
            found = [n for n in nodes.values() if n.kind == kind]
            if count == 0 and not found:
                self.fail(f"the board has no field of kind {kind!r}, and the game needs one.")
            if count and len(found) != count:
                self.fail(f"the game needs exactly {count} field(s) of kind {kind!r}, the board has {len(found)}.")
        decorations = data.get("decorations")
        if decorations is None:  # "decorations:" with nothing after it
            decorations = []
        if not isinstance(decorations, list) or not all(isinstance(d, dict) for d in decorations):
            self.fail("'decorations' must be a list of {sprite: name, at: [x, y], size: n}.")
        for number, deco in enumerate(decorations, 1):
            self._decoration(number, deco)
        board = Board(data.get("title", ""), start, (int(size[0]), int(size[1])), nodes, lanes,
                      decorations, data, self.name)
        self._check_junctions(board)
        self._check_reachable(board)
        if self.schema.check is not None:
            problem = self.schema.check(board)
            if problem:
                self.fail(problem)
        return board

    # -- values --------------------------------------------------------------------------------
    def _text(self, value: Any, where: str, longest: int) -> None:
        if not isinstance(value, str) or len(value) > longest:
            self.fail(f"{where} must be a text of at most {longest} letters, not {_show(value)}.")

    def _point(self, value: Any, where: str, what: str) -> tuple[float, float]:
        width, height = self.size
        if not (_is_point(value) and 0 <= value[0] <= width and 0 <= value[1] <= height):
            self.fail(f"{where}: 'at' must be {what} [x, y] inside the board (x from 0 to {width:g}, "
                      f"y from 0 to {height:g}), not {_show(value)}.")
        return float(value[0]), float(value[1])

    def _decoration(self, number: int, deco: dict) -> None:
        where = f"decoration number {number}"
        for key in deco:
            if key not in ("sprite", "at", "size"):
                self.fail(f"{where}: unknown key {_show(key)} (a decoration takes sprite, at and size).")
        sprite = deco.get("sprite")
        if not _is_name(sprite):
            self.fail(f"{where}: 'sprite' must be the name of a picture (letters, digits, _ and -), "
                      f"not {_show(sprite)}.")
        self._point(deco.get("at"), where, "its position")
        size = deco.get("size", MIN_DECORATION_SIZE)
        if not (_is_number(size) and MIN_DECORATION_SIZE <= size <= MAX_DECORATION_SIZE):
            self.fail(f"{where}: 'size' must be a number from {MIN_DECORATION_SIZE} to "
                      f"{MAX_DECORATION_SIZE}, not {_show(size)}.")
        if not (SPRITES / f"{sprite}.png").exists():
            self.fail(f"{where} names the picture {sprite!r}, which is not in {SPRITES.name}/.")

    def _lane(self, lane_name: str, lane_data: Any, nodes: dict[str, Node]) -> Lane:
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

    def _field(self, lane_name: str, index: int, lane_length: int, data: Any) -> Node:
        where = f"lane {lane_name!r}, field number {index + 1}"
        if not isinstance(data, dict):
            self.fail(f"{where} must be a mapping like {{id: m1, at: [x, y]}}, not {_show(data)}.")
        node_id = data.get("id")
        if node_id is None or node_id == "":
            self.fail(f"{where} has no 'id' (every field needs a name of its own).")
        if not isinstance(node_id, str) or len(node_id) > MAX_NAME_LENGTH:
            self.fail(f"{where}: 'id' must be a name of 1 to {MAX_NAME_LENGTH} letters, not {_show(node_id)}.")
        where = f"field {node_id!r} (lane {lane_name!r})"
        kind = data.get("kind", "path")
        spec = self.schema.kinds.get(kind) if isinstance(kind, str) else None
        if spec is None:
            self.fail(f"{where}: unknown kind {_show(kind)}. Known kinds: {', '.join(sorted(self.schema.kinds))}.")
        for key in data:
            if key not in COMMON_FIELD_KEYS | spec.required | spec.optional:
                allowed = sorted((spec.required | spec.optional) - COMMON_FIELD_KEYS)
                extra = f" (a {kind} field takes: {', '.join(allowed)})" if allowed else f" (a {kind} field takes none)"
                self.fail(f"{where}: unknown key {_show(key)}{extra}.")
        for key in sorted(spec.required):
            if key not in data:
                what = "the field it sends a knight to" if key in spec.refs else "a number"
                self.fail(f"{where}: a {kind} field needs {key!r} ({what}), and it is missing.")
        for key, value in data.items():
            if key in COMMON_FIELD_KEYS:
                continue
            if key in spec.refs:
                if not isinstance(value, str):
                    self.fail(f"{where}: {key!r} must name a field, not {_show(value)}.")
            elif key in spec.dice:
                sides = self.schema.die_sides
                if not (_is_whole(value) and 1 <= value <= sides):
                    self.fail(f"{where}: {key!r} must be a whole number from 1 to {sides} (a throw of "
                              f"the die), not {_show(value)}.")
            elif key in spec.steps_back:
                most = max(1, lane_length - 1)
                if not (_is_whole(value) and 1 <= value <= most):
                    self.fail(f"{where}: {key!r} must be a whole number from 1 to {most} (fields back "
                              f"along its lane of {lane_length}), not {_show(value)}.")
            elif key in spec.numbers:
                if not (_is_whole(value) and 1 <= value <= MAX_FIELDS):
                    self.fail(f"{where}: {key!r} must be a whole number from 1 to {MAX_FIELDS}, "
                              f"not {_show(value)}.")
            elif not (isinstance(value, (str, bool)) or _is_number(value)) or (
                    isinstance(value, str) and len(value) > MAX_TITLE_LENGTH):
                self.fail(f"{where}: {key!r} must be a short text or a number, not {_show(value)}.")
        at = self._point(data.get("at"), where, "the field's position")
        label = data.get("label", "")
        self._text(label, f"{where}: 'label'", MAX_LABEL_LENGTH)
        props = {k: v for k, v in data.items() if k not in COMMON_FIELD_KEYS}
        return Node(node_id, kind, lane_name, index, at, props, label)

    # -- the graph -----------------------------------------------------------------------------
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
    """A finite int or float (not true/false, not infinity, not NaN)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return math.isfinite(value)


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_point(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(_is_number(v) for v in value)


def _is_name(value: Any) -> bool:
    return (isinstance(value, str) and 0 < len(value) <= MAX_NAME_LENGTH
            and all(c.isascii() and (c.isalnum() or c in "_-") for c in value))


def _show(value: Any) -> str:
    """A value as the person wrote it, cut short: a board may hold a line of a million letters."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
