"""Boards as data: a YAML file of spaces read into a validated, neutral graph.

This module holds what every board game shares: reading a board file safely (an ordinary file of
limited size, plain YAML only), a :class:`BoardGraph` of spaces with kinds, positions and
properties joined by paths that can be walked both ways, and :class:`BoardReader`, the checks
every board needs, each failing with a sentence that names the file, the space and the problem
(unknown kind, a path naming no space, a space that cannot be reached, a dead end).

Each game hands the reader a :class:`Schema` of its space kinds (which keys each kind needs and
which of them name other spaces) and lays out its own file on top of these parts: Knights'
lanes live in ``kidgames/games/knights/board.py``, the forest's paths and tree slots in
``kidgames/games/forest/board.py``.  Errors are :class:`BoardError` with sentences, never a
traceback.
"""
from __future__ import annotations

import math
import os
import stat
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Generic, Iterable, Mapping, NoReturn, TypeVar

import yaml

from kidgames.core.kit import is_int
from kidgames.core.paths import SPRITES


class BoardError(ValueError):
    """A board file that cannot be played, with a message for the person who wrote it."""


@dataclass(frozen=True)
class KindSpec:
    """The keys a space kind needs (``required``) or may have (``optional``).

    ``refs`` are the keys whose value names another space; ``numbers`` must be whole numbers
    (a count of something); ``dice`` must be a throw of the die (1 to the schema's ``die_sides``);
    ``steps_back`` count spaces back along the space's own line (a game's reader checks those).
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

    ``check`` is the game's own test that a board can be played; it gets the otherwise valid board
    and returns a sentence naming the problem, or None.  It runs on every board, from a file or
    from a save.
    """

    kinds: Mapping[str, KindSpec]
    required_kinds: Mapping[str, int] = field(default_factory=dict)  # kind -> exact count (0: at least one)
    extra_top_level: frozenset[str] = frozenset()
    die_sides: int = 6
    check: Callable[[Any], str | None] | None = None


# Keys every space may carry, whatever its kind.
COMMON_FIELD_KEYS = frozenset({"id", "kind", "at", "label"})
COMMON_TOP_LEVEL_KEYS = frozenset({"title", "size", "start", "decorations", "background"})

# Limits far above any real board (the shipped ones are under 20 KB, 5 levels deep, about 100
# spaces) and far below what would make loading slow or a save file huge.
MAX_BOARD_BYTES = 256 * 1024
MAX_DEPTH = 20
MAX_FIELDS = 1000
MIN_SIZE, MAX_SIZE = 100, 20000
MIN_DECORATION_SIZE, MAX_DECORATION_SIZE = 10, 600
MAX_NAME_LENGTH = 40        # space ids, lane names, picture names, colours
MAX_TITLE_LENGTH = 80
MAX_LABEL_LENGTH = 12
MAX_NUMBER_DIGITS = 30
PLAIN_TAGS = frozenset(f"tag:yaml.org,2002:{name}" for name in ("str", "int", "float", "bool", "null",
                                                                 "seq", "map"))


@dataclass(frozen=True)
class Node:
    """One space: its id, kind, position on the drawing and the kind's own properties."""

    id: str
    kind: str
    at: tuple[float, float]
    props: Mapping[str, Any]
    label: str = ""

    def get(self, key: str, default: Any = None) -> Any:
        return self.props.get(key, default)


#: The kind of space of a board (a Knights board's are lane fields, :class:`Node`\ s with a lane).
N = TypeVar("N", bound=Node)


class BoardGraph(Generic[N]):
    """A validated board: spaces (``nodes[id]``) joined by paths walkable both ways.

    ``neighbours(id)`` lists every space one step away in either direction, in the order the
    board file first joined them (so walks are found in a repeatable order).
    """

    def __init__(self, title: str, start: str, size: tuple[int, int], nodes: dict[str, N],
                 edges: Iterable[tuple[str, str]], decorations: list[dict], source: Any,
                 name: str) -> None:
        self.title = title
        self.start = start
        self.size = size
        self.nodes = nodes
        self.decorations = decorations
        self.source = source
        self.name = name
        self._neighbours: dict[str, list[str]] = {node_id: [] for node_id in nodes}
        self.edges: list[tuple[str, str]] = []
        for a, b in edges:
            if b not in self._neighbours[a]:
                self._neighbours[a].append(b)
                self._neighbours[b].append(a)
                self.edges.append((a, b))

    def neighbours(self, node_id: str) -> list[str]:
        return list(self._neighbours[node_id])

    def kind(self, node_id: str) -> str:
        return self.nodes[node_id].kind

    def of_kind(self, kind: str) -> list[str]:
        return [n.id for n in self.nodes.values() if n.kind == kind]

    def to_json(self) -> Any:
        return self.source


def reachable(start: str, steps: Callable[[str], Iterable[str]]) -> set[str]:
    """Every space that ``steps`` (the spaces one move away) leads to from ``start``."""
    seen = {start}
    queue = deque([start])
    while queue:
        for nxt in steps(queue.popleft()):
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return seen


def shortest_walk(start: str, goal: str, steps: Callable[[str], Iterable[str]]) -> list[str]:
    """The spaces of a shortest walk from ``start`` to ``goal`` by ``steps``, ``goal`` last and
    ``start`` left out (a pawn walking home; just ``goal`` when no walk leads there)."""
    came: dict[str, str | None] = {start: None}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            break
        for nxt in steps(here):
            if nxt not in came:
                came[nxt] = here
                queue.append(nxt)
    path: list[str] = []
    node: str | None = goal
    while node is not None and node != start:
        path.append(node)
        node = came.get(node)
    return path[::-1]


# -- reading -------------------------------------------------------------------------------

def load_data(path: str | Path) -> Any:
    """The plain data of a board file, read with every safety check of :func:`read_board_text`."""
    path = Path(path)
    return parse_board_yaml(read_board_text(path), str(path))


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
        if node is not None and node.tag not in PLAIN_TAGS:
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



class BoardReader:
    """Every value of a board checked for type and range, with a sentence naming where it is.

    The same checks run on a file and on the board stored in a save, which may have been edited
    by hand or damaged; nothing unchecked is kept in the board or written back into a save.
    A game's reader builds on this one; ``word`` is what its board calls a space ("field" on a
    Knights map) and ``ref_meaning`` what a key naming another space means there.
    """

    word = "space"
    ref_meaning = "the space it names"

    def __init__(self, data: Any, schema: Schema, name: str) -> None:
        self.data = data
        self.schema = schema
        self.name = name
        self.size = (float(MAX_SIZE), float(MAX_SIZE))

    def fail(self, message: str) -> NoReturn:
        raise BoardError(f"{self.name}: {message}")

    # -- the top level ---------------------------------------------------------------------------
    def top_level(self, allowed: frozenset[str], required: Iterable[str], shape: str) -> dict:
        """The checked top-level mapping: only ``allowed`` keys, every ``required`` one, a title,
        a background name and the drawing's size.  ``shape`` says what the file should hold."""
        data = self.data
        if not isinstance(data, dict):
            self.fail(f"a board file must be a mapping with {shape} at its top level.")
        allowed = allowed | self.schema.extra_top_level
        for key in data:
            if key not in allowed:
                self.fail(f"unknown top-level key {key!r} (allowed: {', '.join(sorted(allowed))}).")
        for key in required:
            if key not in data:
                self.fail(f"the top-level key {key!r} is missing.")
        for key, longest in (("title", MAX_TITLE_LENGTH), ("background", MAX_NAME_LENGTH)):
            if key in data:
                self.text(data[key], f"'{key}'", longest)
        return data

    def board_size(self, default: tuple[int, int]) -> tuple[int, int]:
        size = self.data.get("size", list(default))
        if not (isinstance(size, list) and len(size) == 2
                and all(_is_number(v) and MIN_SIZE <= v <= MAX_SIZE for v in size)):
            self.fail(f"'size' must be two numbers [width, height], each from {MIN_SIZE} to {MAX_SIZE}, "
                      f"not {_show(size)}.")
        self.size = (float(size[0]), float(size[1]))
        return int(size[0]), int(size[1])

    def decorations(self) -> list[dict]:
        decorations = self.data.get("decorations")
        if decorations is None:  # "decorations:" with nothing after it
            decorations = []
        if not isinstance(decorations, list) or not all(isinstance(d, dict) for d in decorations):
            self.fail("'decorations' must be a list of {sprite: name, at: [x, y], size: n}.")
        for number, deco in enumerate(decorations, 1):
            self._decoration(number, deco)
        return decorations

    def start(self, nodes: Mapping[str, Node]) -> str:
        start = self.data["start"]
        if not isinstance(start, str) or start not in nodes:
            self.fail(f"'start' names {_show(start)}, which is not a {self.word} on this board.")
        return start

    def required_kinds(self, nodes: Mapping[str, Node]) -> None:
        for kind, count in self.schema.required_kinds.items():
            found = [n for n in nodes.values() if n.kind == kind]
            if count == 0 and not found:
                self.fail(f"the board has no {self.word} of kind {kind!r}, and the game needs one.")
            if count and len(found) != count:
                self.fail(f"the game needs exactly {count} {self.word}(s) of kind {kind!r}, "
                          f"the board has {len(found)}.")

    # -- values --------------------------------------------------------------------------------
    def text(self, value: Any, where: str, longest: int) -> None:
        if not isinstance(value, str) or len(value) > longest:
            self.fail(f"{where} must be a text of at most {longest} letters, not {_show(value)}.")

    def point(self, value: Any, where: str, what: str) -> tuple[float, float]:
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
        self.point(deco.get("at"), where, "its position")
        size = deco.get("size", MIN_DECORATION_SIZE)
        if not (_is_number(size) and MIN_DECORATION_SIZE <= size <= MAX_DECORATION_SIZE):
            self.fail(f"{where}: 'size' must be a number from {MIN_DECORATION_SIZE} to "
                      f"{MAX_DECORATION_SIZE}, not {_show(size)}.")
        if not (SPRITES / f"{sprite}.png").exists():
            self.fail(f"{where} names the picture {sprite!r}, which is not in {SPRITES.name}/.")

    # -- spaces --------------------------------------------------------------------------------
    def space_id(self, data: Any, where: str, example: str = "{id: m1, at: [x, y]}") -> str:
        """The id of one space's mapping; ``where`` says where it stands in the file."""
        if not isinstance(data, dict):
            self.fail(f"{where} must be a mapping like {example}, not {_show(data)}.")
        node_id = data.get("id")
        if node_id is None or node_id == "":
            self.fail(f"{where} has no 'id' (every {self.word} needs a name of its own).")
        if not isinstance(node_id, str) or len(node_id) > MAX_NAME_LENGTH:
            self.fail(f"{where}: 'id' must be a name of 1 to {MAX_NAME_LENGTH} letters, not {_show(node_id)}.")
        return node_id

    def space(self, data: dict, where: str, extra_keys: frozenset[str] = frozenset(),
              ) -> tuple[str, KindSpec, tuple[float, float], dict, str]:
        """One space checked against its kind: ``(kind, spec, position, props, label)``.

        ``extra_keys`` are keys the game's layout adds to every space (checked by the game)."""
        kind = data.get("kind", "path")
        spec = self.schema.kinds.get(kind) if isinstance(kind, str) else None
        if spec is None:
            self.fail(f"{where}: unknown kind {_show(kind)}. Known kinds: {', '.join(sorted(self.schema.kinds))}.")
        for key in data:
            if key not in COMMON_FIELD_KEYS | extra_keys | spec.required | spec.optional:
                allowed = sorted((spec.required | spec.optional) - COMMON_FIELD_KEYS)
                extra = (f" (a {kind} {self.word} takes: {', '.join(allowed)})" if allowed
                         else f" (a {kind} {self.word} takes none)")
                self.fail(f"{where}: unknown key {_show(key)}{extra}.")
        for key in sorted(spec.required):
            if key not in data:
                what = self.ref_meaning if key in spec.refs else "a number"
                self.fail(f"{where}: a {kind} {self.word} needs {key!r} ({what}), and it is missing.")
        for key, value in data.items():
            if key in COMMON_FIELD_KEYS or key in extra_keys:
                continue
            if key in spec.refs:
                if not isinstance(value, str):
                    self.fail(f"{where}: {key!r} must name a {self.word}, not {_show(value)}.")
            elif key in spec.dice:
                sides = self.schema.die_sides
                if not (is_int(value) and 1 <= value <= sides):
                    self.fail(f"{where}: {key!r} must be a whole number from 1 to {sides} (a throw of "
                              f"the die), not {_show(value)}.")
            elif key in spec.steps_back:
                self.steps_back(where, key, value)
            elif key in spec.numbers:
                if not (is_int(value) and 1 <= value <= MAX_FIELDS):
                    self.fail(f"{where}: {key!r} must be a whole number from 1 to {MAX_FIELDS}, "
                              f"not {_show(value)}.")
            elif not (isinstance(value, (str, bool)) or _is_number(value)) or (
                    isinstance(value, str) and len(value) > MAX_TITLE_LENGTH):
                self.fail(f"{where}: {key!r} must be a short text or a number, not {_show(value)}.")
        at = self.point(data.get("at"), where, f"the {self.word}'s position")
        label = data.get("label", "")
        self.text(label, f"{where}: 'label'", MAX_LABEL_LENGTH)
        props = {k: v for k, v in data.items() if k not in COMMON_FIELD_KEYS and k not in extra_keys}
        return kind, spec, at, props, label

    def steps_back(self, where: str, key: str, value: Any) -> None:
        """A count of spaces back along a line; only a game with lines of spaces has them."""
        self.fail(f"{where}: {key!r} counts {self.word}s back along a line, and this board has no lines.")

    def refs(self, nodes: Mapping[str, N], where: Callable[[N], str]) -> None:
        """Every key that names another space names one on this board."""
        for node in nodes.values():
            for key in self.schema.kinds[node.kind].refs:
                target = node.props.get(key)
                if key in node.props and target not in nodes:
                    self.fail(f"{where(node)}: {key!r} names {target!r}, which is not a {self.word} "
                              f"on this board.")

    # -- the graph -----------------------------------------------------------------------------
    def dangling(self, edges: Iterable[tuple[str, str, str]], nodes: Mapping[str, Node]) -> None:
        """Every path joins spaces of this board; ``edges`` are ``(a, b, where it was written)``."""
        for a, b, where in edges:
            for end in (a, b):
                if end not in nodes:
                    self.fail(f"{where}: the path names {_show(end)}, which is not a {self.word} on this board.")
            if a == b:
                self.fail(f"{where}: a path from {a!r} to itself leads nowhere.")

    def unreachable(self, graph: BoardGraph, where: Callable[[str], str] | None = None) -> None:
        """Every space can be reached from the start along the paths."""
        seen = reachable(graph.start, graph.neighbours)
        for node_id in graph.nodes:
            if node_id not in seen:
                place = where(node_id) if where else f"{self.word} {node_id!r}"
                self.fail(f"{place} cannot be reached from the start {graph.start!r}: no path leads to it.")

    def crowded(self, graph: BoardGraph, most: int, why: str) -> None:
        """No space has more than ``most`` paths leading from it; ``why`` says why the game needs
        that (the end of the sentence)."""
        for node_id in graph.nodes:
            ways = len(graph.neighbours(node_id))
            if ways > most:
                self.fail(f"{self.word} {node_id!r} has {ways} paths leading from it, and a {self.word} "
                          f"may have at most {most} ({why}).")

    def dead_ends(self, graph: BoardGraph, allowed: Iterable[str] = ()) -> None:
        """No space but the ``allowed`` ones is a dead end (a walk that reaches one could not go on
        without turning back)."""
        allowed = set(allowed)
        for node_id in graph.nodes:
            if node_id not in allowed and len(graph.neighbours(node_id)) < 2:
                count = len(graph.neighbours(node_id))
                joined = "no path" if count == 0 else "only one path"
                self.fail(f"{self.word} {node_id!r} is a dead end: {joined} leads to it, so a pawn "
                          f"walking there could not go on without turning back.")


def _is_number(value: Any) -> bool:
    """A finite int or float (not true/false, not infinity, not NaN)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return math.isfinite(value)


def _is_point(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(_is_number(v) for v in value)


def _is_name(value: Any) -> bool:
    return (isinstance(value, str) and 0 < len(value) <= MAX_NAME_LENGTH
            and all(c.isascii() and (c.isalnum() or c in "_-") for c in value))


def _show(value: Any) -> str:
    """A value as the person wrote it, cut short: a board may hold a line of a million letters."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."

