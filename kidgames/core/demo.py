"""A game's "Show me!" demo (issue 35): a short, paced round on the real table, as data the game declares.

A game that can show itself has a module ``demo`` in its own package (``kidgames/games/<id>/demo.py``)
with ``DEMO``, a :class:`Demo`: a seeded opening (the seed, the seats' colours, the options) and the
steps to narrate.  Each :class:`Step` has the message key of its sentence (spoken from its clip and
shown with its picture) and the decisions made in it, each a :class:`Move`: an action's kind and the
fields that single it out among the legal actions (a forced throw adds its dice).  The demo is
replayed through the real rules engine by a scripted computer player (:class:`Script`), so it
cannot drift from the rules: a move the rules no longer offer stops it with :class:`DemoError`,
which the tests catch.  No shared file names a game: :func:`demo_of` finds a game's demo in its
own package, and a game without one shows no "Show me!" button.

Every seat of a demo is a computer: a demo is watched by everybody, and no family hand is ever in it.

Pure Python: no pygame here.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from kidgames.core.protocol import Action, Deferred, Event, GameSpec, IllegalActionError

#: A demo's message keys begin with ``<game>.demo.`` (each game declares them spoken, with their pictures).
KEY_PART = "demo"


class DemoError(ValueError):
    """A demo the rules no longer follow (a move with no legal action to match), or a broken declaration."""


@dataclass(frozen=True)
class Move:
    """One decision of a demo: the legal action of kind ``kind`` whose fields agree with ``fields``
    (the first such, in the engine's order); a field the legal action does not carry (a forced throw's
    dice) is added to it."""

    kind: str
    fields: Mapping[str, Any] = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class Step:
    """One narrated step: ``say`` (a message key, spoken and shown with ``picture``, a sprite name),
    the ``moves`` made in it (none: a step that only tells and points), and ``point``, what the hand
    points at when the step makes no move (a name the game's ``point`` understands), or None."""

    say: str
    picture: str
    moves: tuple[Move, ...] = ()
    point: Any = None


@dataclass(frozen=True)
class Demo:
    """A game's demo: the seeded opening (``seed``; the seats' pawn ``colours``, all computers of
    ``level``; ``options``) and its narrated ``steps``.  ``caption`` is where its sentence is shown
    on the game's canvas (x, y, w, h), clear of what the demo taps."""

    seed: int
    colours: tuple[str, ...]
    steps: tuple[Step, ...]
    options: Mapping[str, Any] = field(default_factory=dict, hash=False)
    level: str = "normal"
    caption: tuple[int, int, int, int] = (330, 12, 940, 150)
    #: ``point(scene, thing)``: where on the game's canvas the hand points for ``thing`` (a :class:`Move`
    #: about to be made, or a step's ``point``), as (x, y, w, h); None: nowhere.  The game's own code,
    #: reading its own scene (the UI calls it; the demo's data stays pure).
    point: Callable[[Any, Any], Any] | None = field(default=None, compare=False)

    @property
    def moves(self) -> list[tuple[int, Move]]:
        """Every move of the demo in order, with the index of its step."""
        return [(i, move) for i, step in enumerate(self.steps) for move in step.moves]

    def keys(self) -> list[str]:
        return [step.say for step in self.steps]


def move(kind: str, **fields: Any) -> Move:
    return Move(kind, fields)


def step(say: str, picture: str, *moves: Move, point: Any = None) -> Step:
    return Step(say, picture, tuple(moves), point)


def demo_of(spec: GameSpec) -> Demo | None:
    """The demo the game declares in its own package (``<package>.demo:DEMO``), or None."""
    return declared(spec, "demo", "DEMO", Demo, DemoError)


def declared(spec: GameSpec, module: str, name: str, kind: type, error: type[Exception]) -> Any:
    """What the game declares as ``name`` (a ``kind``) in the module ``module`` of its own package, or
    None when the game has no such module; ``error`` when the module does not declare it."""
    if not declares(spec, module):
        return None
    package = _package(spec)
    value = getattr(importlib.import_module(f"{package}.{module}"), name, None)
    if not isinstance(value, kind):
        raise error(f"{package}.{module} has no {name} (a {kind.__name__})")
    return value


def declares(spec: GameSpec, module: str) -> bool:
    """Whether the game's own package has the module ``module`` (found without importing it)."""
    return bool(_package(spec)) and spec.folder is not None and (spec.folder / f"{module}.py").is_file()


def _package(spec: GameSpec) -> str:
    """The game's package: where its rules module lives (named by a rules engine imported later)."""
    made = spec.new_state
    module = made.path.partition(":")[0] if isinstance(made, Deferred) else made.__module__
    return module.rpartition(".")[0]


def has_demo(spec: GameSpec) -> bool:
    """Whether the game declares a demo (its setup screen and rules help then offer "Show me!")."""
    try:
        return demo_of(spec) is not None
    except (DemoError, ImportError):
        return False


def chosen(move: Move, legal: list[Action]) -> Action:
    """The legal action ``move`` names (see :class:`Move`); DemoError when there is none."""
    wanted = Action(move.kind, **dict(move.fields)).fields
    for action in legal:
        if action.kind != move.kind:
            continue
        have = action.fields
        if all(have[name] == value for name, value in wanted.items() if name in have):
            extra = {name: value for name, value in wanted.items() if name not in have}
            return Action(action.kind, **{**have, **extra}) if extra else action
    kinds = sorted({a.kind for a in legal})
    raise DemoError(f"the demo's move {move.kind} {dict(move.fields)} is not among the legal actions "
                    f"(kinds: {', '.join(kinds) or 'none'})")


class Script:
    """The demo's computer player: every seat makes the demo's next move (a ``ComputerPlayer``).
    :meth:`done` is called when a decision it chose was applied."""

    def __init__(self, demo: Demo) -> None:
        self.demo = demo
        self.moves = demo.moves
        self.next = 0

    def __call__(self, observation: dict, actions: list[Action], level: str, rng: Any, memory: dict, /) -> Action:
        if self.next >= len(self.moves):
            raise DemoError("the demo has no move left")
        return chosen(self.moves[self.next][1], actions)

    def done(self) -> None:
        self.next += 1

    @property
    def finished(self) -> bool:
        return self.next >= len(self.moves)


def replay(spec: GameSpec, demo: Demo) -> list[list[Event]]:
    """The demo played through the rules engine alone: the events of each step (for tests and
    tools); DemoError when a move is not legal where it comes."""
    state = spec.new_state(len(demo.colours), seed=demo.seed, options=spec.options_from_json(dict(demo.options)))
    events: list[list[Event]] = [[] for _ in demo.steps]
    for index, one in demo.moves:
        if state.is_over:
            raise DemoError(f"the game is over before step {index} ({demo.steps[index].say})")
        action = chosen(one, state.legal_actions())
        try:
            events[index] += state.apply(action)
        except IllegalActionError as exc:
            raise DemoError(f"step {index} ({demo.steps[index].say}): {exc}") from exc
    return events


# -- where the hand points on a board game's table (duck-typed: the UI's board scenes; no pygame here) --
def die_area(scene) -> tuple[int, int, int, int]:
    """The dice of a board game's table (kidgames/ui/board_table.py), all of them, as (x, y, w, h)."""
    left = min(die.centre[0] - die.size / 2 for die in scene.dice)
    top = min(die.centre[1] - die.size / 2 for die in scene.dice)
    right = max(die.centre[0] + die.size / 2 for die in scene.dice)
    bottom = max(die.centre[1] + die.size / 2 for die in scene.dice)
    return (round(left), round(top), round(right - left), round(bottom - top))


def space_area(scene, node: str, size: int = 60) -> tuple[int, int, int, int]:
    """A space of a board game's board, as (x, y, w, h) around its centre."""
    x, y = scene.space_xy(node)
    return (round(x - size / 2), round(y - size / 2), size, size)
