"""The rules kit: what every rules engine needs and writes once here (design.md, "The game protocol").

* :class:`GameState` — the interface every engine's state implements, as a declared protocol.
* :class:`ActionSchema` — each game declares its actions' fields once; the schema checks the shape
  of an action handed in (its kind, its fields, their types and ranges) and says what is wrong.
* :func:`read_save` and :class:`SavedGame` — one save reader: the header (game, version), typed
  fields with ranges, and every error turned into one sentence naming the game.
* :func:`game_options` and :func:`new_rng` — options checked against their declarations and the
  random generator seeded, the same way for every game.
* :func:`check_seat` — one seat check.

Pure Python: no pygame here.
"""
from __future__ import annotations

import os
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Protocol, TypeVar, runtime_checkable

from kidgames.core.protocol import Action, Event, IllegalActionError, Option, StateDataError

#: No game lasts this many turns; a bigger number in a save is damage.
MAX_TURN = 10 ** 7


def is_int(value: Any) -> bool:
    """A whole number (True and False are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool)


def brief(value: Any, limit: int = 40) -> str:
    """``repr(value)``, cut to ``limit`` characters: a sentence about damaged data stays short."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


# -- the interface of a state ---------------------------------------------------------------------------
@runtime_checkable
class GameState(Protocol):
    """What every game's state offers (design.md, "The game protocol"); the turn controller, the
    computer players, the tests and the tools use only this.  Optional: ``turn_player`` (whose turn
    it is, when another seat may have to answer; without it the current player has the turn) and
    ``scores`` (a number per seat for the results screen, where the game counts something)."""

    num_players: int
    current_player: int

    @property
    def is_over(self) -> bool: ...

    @property
    def winners(self) -> list[int]: ...

    def legal_actions(self) -> list[Action]: ...

    def observation(self, seat: int) -> dict: ...

    def apply(self, action: Action) -> list[Event]: ...

    def to_json(self) -> dict: ...


def turn_player(state: GameState) -> int:
    """Whose turn it is (the decider may be another seat answering)."""
    return getattr(state, "turn_player", state.current_player)


# -- actions ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Field:
    """One field of an action: its type (an int is never a bool), whether it may be left out,
    and an extra check of its value with the words saying what it must be."""

    type: type
    optional: bool = False
    check: Callable[[Any], bool] | None = None
    about: str = ""

    def problem(self, kind: str, name: str, value: Any) -> str | None:
        if not isinstance(value, self.type) or (self.type is int and isinstance(value, bool)):
            return f"the field {name!r} of {kind!r} must be a {self.type.__name__}, not {brief(value)}"
        if self.check is not None and not self.check(value):
            return f"the field {name!r} of {kind!r} must be {self.about}, not {brief(value)}"
        return None


def dice(sides: int, count: int) -> Field:
    """Forced dice: ``count`` numbers from 1 to ``sides``, as a tuple (or one number alone)."""
    if count == 1:
        return Field(int, optional=True, check=lambda v: 1 <= v <= sides, about=f"a side of the die, 1 to {sides}")
    return Field(tuple, optional=True,
                 check=lambda v: len(v) == count and all(is_int(d) and 1 <= d <= sides for d in v),
                 about=f"{count} numbers from 1 to {sides}")


def cards_field() -> Field:
    """Cards named by id: a tuple of text."""
    return Field(tuple, check=lambda v: all(isinstance(c, str) for c in v), about="card ids (text)")


@dataclass(frozen=True)
class ActionSchema:
    """A game's actions, declared once: kind -> field name -> :class:`Field` (or a plain type)."""

    game: str
    kinds: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    def fields(self, kind: str) -> dict[str, Field]:
        return {name: spec if isinstance(spec, Field) else Field(spec) for name, spec in self.kinds[kind].items()}

    def check(self, action: Any) -> None:
        """Raise IllegalActionError with a sentence when ``action`` is not of a shape this game
        knows; whether it is legal now is the engine's business."""
        if not isinstance(action, Action):
            raise IllegalActionError(f"an action of {self.game} must be an Action, not {brief(action)}")
        kind = action.kind
        if kind not in self.kinds:
            raise IllegalActionError(f"{self.game} has no action {kind!r}; it has {', '.join(self.kinds)}")
        fields = self.fields(kind)
        given = action.fields
        unknown = sorted(set(given) - set(fields))
        if unknown:
            allowed = f"only {', '.join(map(repr, fields))}" if fields else "no field"
            raise IllegalActionError(f"the action {kind!r} of {self.game} carries {allowed}, "
                                     f"not {', '.join(map(repr, unknown))}")
        missing = sorted(name for name, spec in fields.items() if name not in given and not spec.optional)
        if missing:
            raise IllegalActionError(f"the action {kind!r} needs {', '.join(map(repr, missing))}")
        for name, value in given.items():
            if value is None and fields[name].optional:
                continue
            problem = fields[name].problem(kind, name, value)
            if problem:
                raise IllegalActionError(problem)


def check_seat(seat: Any, num_players: int) -> int:
    """``seat`` as a seat number of a game of ``num_players``, or ValueError with a sentence."""
    if not is_int(seat) or not 0 <= seat < num_players:
        raise ValueError(f"seat {seat!r} is not one of the {num_players} seats")
    return seat


# -- new games ---------------------------------------------------------------------------------------------
def game_options(options: Mapping[str, Any] | None, declared: Iterable[Option]) -> dict[str, Any]:
    """Every declared option with its value checked (a missing one takes its default); ValueError
    with a sentence for a value of the wrong type or an option the game does not have."""
    declared = {option.name: option for option in declared}
    given = dict(options or {})
    unknown = sorted(set(given) - set(declared))
    if unknown:
        raise ValueError(f"unknown option(s) {', '.join(map(repr, unknown))}; this game has "
                         f"{', '.join(map(repr, declared)) or 'none'}")
    return {name: option.check(given[name]) if name in given else option.default
            for name, option in declared.items()}


def game_options_with_board(options: Mapping[str, Any] | None, declared: Iterable[Option], load: Callable[..., Any],
                            board_type: type) -> tuple[dict[str, Any], Any]:
    """The options of a game played on a board file, and its board: the game's own (no ``board``
    option), the file the option names (read by ``load``), or a board already read (tests, tools)."""
    given = dict(options or {})
    board = given.pop("board", None)
    checked = game_options(given, [option for option in declared if option.name != "board"])
    if board is None:
        board = load()
    elif isinstance(board, (str, os.PathLike)):
        board = load(board)
    elif not isinstance(board, board_type):
        raise ValueError(f"the 'board' option must be a board file, not {brief(board)}")
    return checked, board


def new_rng(seed: Any = None) -> random.Random:
    """The game's own random generator (design.md: randomness belongs to the state)."""
    return random.Random(seed)


# -- saves -------------------------------------------------------------------------------------------------
S = TypeVar("S")


class SavedGame:
    """A save's fields, read with their types and ranges; every problem is a StateDataError whose
    sentence names the game ("the saved Knights game is damaged: …")."""

    def __init__(self, data: Mapping[str, Any], title: str) -> None:
        self.data = data
        self.title = title

    def damaged(self, sentence: str) -> StateDataError:
        return StateDataError(f"the saved {self.title} game is damaged: {sentence}")

    def need(self, ok: bool, sentence: str) -> None:
        if not ok:
            raise self.damaged(sentence)

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def number(self, key: str, what: str, lo: int, hi: int, default: Any = ...) -> int:
        value = self.data[key] if default is ... else self.data.get(key, default)
        self.need(is_int(value) and lo <= value <= hi, f"the {what} {brief(value)} is not a whole number from {lo} to {hi}")
        return value

    def flag(self, key: str, what: str) -> bool:
        value = self.data[key]
        self.need(isinstance(value, bool), f"the {what} {brief(value)} is neither true nor false")
        return value

    def seat(self, key: str, num_players: int, what: str) -> int:
        value = self.data[key]
        self.need(is_int(value) and 0 <= value < num_players, f"the {what} {brief(value)} is not a seat")
        return value

    def players(self, lo: int, hi: int) -> int:
        value = self.data["num_players"]
        self.need(is_int(value) and lo <= value <= hi, f"the number of players {brief(value)} is not from {lo} to {hi}")
        return value

    def per_seat(self, key: str, num_players: int, what: str) -> list:
        value = self.data[key]
        self.need(isinstance(value, list) and len(value) == num_players, f"the {what} are not one per player")
        return list(value)

    def turn(self, key: str = "turn", lo: int = 0, default: Any = ...) -> int:
        return self.number(key, "turn", lo, MAX_TURN - 1 + lo, default)


def read_save(data: Any, game_id: str, title: str, version: int, restore: Callable[[SavedGame], S],
              also: tuple[type[BaseException], ...] = ()) -> S:
    """A state rebuilt by ``restore`` from a save's ``data``: the header is checked (the game and
    its save version), and every error on the way (a missing key, a wrong type, an overflow, or
    one of ``also``, such as a board's own error) becomes a StateDataError with a sentence."""
    if not isinstance(data, Mapping) or data.get("game") != game_id:
        raise StateDataError(f"this is not a saved game of {title}")
    if data.get("version") != version:
        raise StateDataError(f"this {title} save has version {brief(data.get('version'))}, expected {version}")
    saved = SavedGame(data, title)
    try:
        return restore(saved)
    except StateDataError:
        raise
    except KeyError as exc:
        raise saved.damaged(f"{exc} is missing") from None
    except also as exc:
        raise saved.damaged(str(exc)) from None
    except (TypeError, ValueError, OverflowError, AttributeError, IndexError) as exc:
        raise saved.damaged(str(exc) or type(exc).__name__) from None
