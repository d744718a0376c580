"""The rules kit: what every rules engine needs and writes once here (design.md, "The game protocol").

* :class:`GameState` — the interface every engine's state implements, as a declared protocol
  (declared in :mod:`kidgames.core.protocol`, taken from here with the rest of the kit).
* :class:`ActionSchema` — each game declares its actions' fields once; the schema checks the shape
  of an action handed in (its kind, its fields, their types and ranges) and says what is wrong.
* :func:`read_save` and :class:`SaveReader` — one save reader: the header (game, version), typed
  fields with ranges, and every error turned into one sentence naming the game.  What several
  games save alike is read by one helper each: seats and winners, lists of cards from a known set
  (one per seat, each card of the game exactly once), options, throws, the random generator.
* :func:`game_options` and :func:`new_rng` — options checked against their declarations and the
  random generator seeded, the same way for every game.
* :func:`check_seat` — one seat check.

Pure Python: no pygame here.
"""
from __future__ import annotations

import functools
import os
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Container, Iterable, Mapping, NoReturn, Protocol, TypeVar

# GameState, declared in protocol.py beside the records it speaks of, is imported here too: an engine
# takes it with the rest of its kit.
from kidgames.core.protocol import Action, Event, GameState, IllegalActionError, Option, Refusal, StateDataError
from kidgames.core.protocol import rng_from_json

#: No game lasts this many turns; a bigger number in a save is damage.
MAX_TURN = 10 ** 7


def is_int(value: Any) -> bool:
    """A whole number (True and False are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool)


def brief(value: Any, limit: int = 40) -> str:
    """``repr(value)``, cut to ``limit`` characters: a sentence about damaged data stays short."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


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


#: The reason code of an action refused for its form (an unknown kind, a missing or wrongly typed
#: field), before any rule is asked: every engine declares it among its codes.
MALFORMED = "malformed"


@dataclass(frozen=True)
class ActionSchema:
    """A game's actions, declared once: kind -> field name -> :class:`Field` (or a plain type)."""

    game: str
    kinds: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    def fields(self, kind: str) -> dict[str, Field]:
        return {name: spec if isinstance(spec, Field) else Field(spec) for name, spec in self.kinds[kind].items()}

    def check(self, action: Any) -> None:
        """Raise IllegalActionError with a sentence when ``action`` is not of a shape this game
        knows (its code is :data:`MALFORMED`); whether it is legal now is the engine's business."""
        if not isinstance(action, Action):
            raise IllegalActionError(f"an action of {self.game} must be an Action, not {brief(action)}", code=MALFORMED)
        kind = action.kind
        if kind not in self.kinds:
            raise IllegalActionError(f"{self.game} has no action {kind!r}; it has {', '.join(self.kinds)}", code=MALFORMED)
        fields = self.fields(kind)
        given = action.fields
        unknown = sorted(set(given) - set(fields))
        if unknown:
            allowed = f"only {', '.join(map(repr, fields))}" if fields else "no field"
            raise IllegalActionError(f"the action {kind!r} of {self.game} carries {allowed}, "
                                     f"not {', '.join(map(repr, unknown))}", code=MALFORMED)
        missing = sorted(name for name, spec in fields.items() if name not in given and not spec.optional)
        if missing:
            raise IllegalActionError(f"the action {kind!r} needs {', '.join(map(repr, missing))}", code=MALFORMED)
        for name, value in given.items():
            if value is None and fields[name].optional:
                continue
            problem = fields[name].problem(kind, name, value)
            if problem:
                raise IllegalActionError(problem, code=MALFORMED)

    def problem(self, action: Any) -> IllegalActionError | None:
        """The error :meth:`check` would raise for ``action``, or None (for an engine's refusal query)."""
        try:
            self.check(action)
        except IllegalActionError as error:
            return error
        return None


def check_seat(seat: Any, num_players: int) -> int:
    """``seat`` as a seat number of a game of ``num_players``, or ValueError with a sentence."""
    if not is_int(seat) or not 0 <= seat < num_players:
        raise ValueError(f"seat {seat!r} is not one of the {num_players} seats")
    return seat


# -- new games ---------------------------------------------------------------------------------------------
def game_options(options: Mapping[str, Any] | None, declared: Iterable[Option]) -> dict[str, Any]:
    """Every declared option with its value checked (a missing one takes its default); ValueError
    with a sentence for a value of the wrong type or an option the game does not have."""
    by_name = {option.name: option for option in declared}
    given = dict(options or {})
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        raise ValueError(f"unknown option(s) {', '.join(map(repr, unknown))}; this game has "
                         f"{', '.join(map(repr, by_name)) or 'none'}")
    return {name: option.check(given[name]) if name in given else option.default
            for name, option in by_name.items()}


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


class SaveReader:
    """A save's fields, read with their types and ranges; every problem is a StateDataError whose
    sentence names the game ("the saved Knights game is damaged: …").  A game's reader is a few
    small functions calling these helpers, each check with its sentence (``need``, ``refuse``)."""

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

    # -- what several games save alike -------------------------------------------------------------
    def name(self, key: str, default: str, limit: int = 80) -> str:
        """A name to show (a board's), cut to ``limit`` characters; ``default`` when there is none."""
        value = self.data.get(key, default)
        return value[:limit] if isinstance(value, str) else default

    def refuse(self, sentence: str) -> NoReturn:
        """Refuse the save, saying why in one sentence."""
        raise self.damaged(sentence)

    def rng(self, key: str = "rng") -> random.Random:
        """The game's random generator (saved by ``rng_state_to_json``), checked word by word."""
        return rng_from_json(self.data[key])

    def options(self, declared: Iterable[Option], key: str = "options") -> dict[str, Any]:
        """The options a state keeps as they were given (none when the save has none): only
        declared names, each value of its option's kind."""
        value = self.data.get(key, {})
        self.need(isinstance(value, dict), f"the options {brief(value)} are not a table of options")
        by_name = {option.name: option for option in declared}
        for name, given in value.items():
            self.need(name in by_name, f"the options name {brief(name)}, which is not an option of {self.title}")
            try:
                by_name[name].check(given)
            except ValueError as exc:
                self.refuse(f"the options are wrong: {exc}")
        return dict(value)

    def seats(self, key: str, num_players: int, what: str, most: int | None = None) -> list[int]:
        """A list of different seats (the winners), with at most ``most`` of them."""
        value = self.data[key]
        self.need(isinstance(value, list) and (most is None or len(value) <= most)
                  and all(is_int(s) and 0 <= s < num_players for s in value) and len(set(value)) == len(value),
                  f"the {what} {brief(value)} are not " + ("one seat (or none)" if most == 1 else "different seats"))
        return list(value)

    def card_list(self, value: Any, where: str, allowed: Container[str]) -> list[str]:
        """``value`` as a list of card names, each one that may lie ``where`` (the hand of seat 1)."""
        self.need(isinstance(value, list), f"{where} should be a list of card names, not {brief(value)}")
        for card in value:
            self.need(isinstance(card, str) and card in allowed,
                      f"{brief(card)} in {where} cannot lie there (it is none of the card names allowed there)")
        return list(value)

    def cards(self, key: str, where: str, allowed: Container[str]) -> list[str]:
        """The saved list of cards under ``key`` (see :meth:`card_list`)."""
        return self.card_list(self.data[key], where, allowed)

    def per_seat_cards(self, key: str, num_players: int, what: str, where: Callable[[int], str],
                       allowed: Container[str]) -> list[list[str]]:
        """One list of cards per seat (the hands): ``where(seat)`` names each in a sentence."""
        return [self.card_list(cards, where(seat), allowed)
                for seat, cards in enumerate(self.per_seat(key, num_players, what))]

    def exactly_once(self, found: Iterable[str], expected: Iterable[str], what: str) -> None:
        """Refuse unless ``found`` holds the names of ``expected``, each as often (every card of
        the game once over the piles and hands): ``what`` says so, the sentence adds the difference."""
        have, want = Counter(found), Counter(expected)
        if have != want:
            self.refuse(f"{what} (too many: {_listed(have - want)}; missing: {_listed(want - have)})")

    def throw(self, key: str, sides: int, count: int, what: str, default: Any = ...) -> Any:
        """A saved throw, or None while there is none: one side of the die (``count`` 1) or a list
        of ``count`` of them (given back as a tuple)."""
        value = self.data[key] if default is ... else self.data.get(key, default)
        if value is None:
            return None
        if count == 1:
            self.need(is_int(value) and 1 <= value <= sides, f"the {what} {brief(value)} is not a side of the die (1 to {sides})")
            return value
        self.need(isinstance(value, list) and len(value) == count and all(is_int(d) and 1 <= d <= sides for d in value),
                  f"the {what} {brief(value)} are not {count} numbers from 1 to {sides}")
        return tuple(value)


def _listed(cards: Counter, most: int = 8) -> str:
    """Cards named in a short sentence: ``king, n3 (2 times)``, cut after ``most`` names."""
    names = sorted(cards)
    words = [name if cards[name] == 1 else f"{name} ({cards[name]} times)" for name in names[:most]]
    more = f" and {len(names) - most} more" if len(names) > most else ""
    return ", ".join(words) + more if words else "none"


def read_save(data: Any, game_id: str, title: str, version: int, restore: Callable[[SaveReader], S],
              also: tuple[type[BaseException], ...] = ()) -> S:
    """A state rebuilt by ``restore`` from a save's ``data``: the header is checked (the game and
    its save version), and every error on the way (a missing key, a wrong type, an overflow, or
    one of ``also``, such as a board's own error) becomes a StateDataError with a sentence."""
    if not isinstance(data, Mapping) or data.get("game") != game_id:
        raise StateDataError(f"this is not a saved game of {title}")
    if data.get("version") != version:
        raise StateDataError(f"this {title} save has version {brief(data.get('version'))}, expected {version}")
    saved = SaveReader(data, title)
    try:
        state = restore(saved)
        if isinstance(state, UndoSteps):
            _read_undo(state, data, functools.partial(read_save, game_id=game_id, title=title, version=version,
                                                      restore=restore, also=also), title)
        return state
    except StateDataError:
        raise
    except KeyError as exc:
        raise saved.damaged(f"{exc} is missing") from None
    except also as exc:
        raise saved.damaged(str(exc)) from None
    except (TypeError, ValueError, OverflowError, AttributeError, IndexError) as exc:
        raise saved.damaged(str(exc) or type(exc).__name__) from None


# -- checking an action ---------------------------------------------------------------------------------
class Checked:
    """What every engine shares about refusing an action: its ``_problem(action)`` is the one place
    a rule says no (the error, with its reason code, or None when the action is legal now);
    :meth:`refusal` tells why without applying anything, and ``apply`` calls :meth:`_check`.

    It also says whose turn it is as most games do: the current player's (a game where another
    seat may have to answer, Sleeping Queens, keeps its own ``turn_player``)."""

    current_player: int

    def _problem(self, action: Any) -> IllegalActionError | None:
        raise NotImplementedError

    def refusal(self, action: Any) -> Refusal | None:
        """Why the rules would refuse ``action`` now (see the game's ``REFUSALS``), or None when it
        is legal: the very check ``apply`` makes, without changing or copying anything."""
        problem = self._problem(action)
        return None if problem is None else problem.refusal

    def _check(self, action: Any) -> None:
        problem = self._problem(action)
        if problem is not None:
            raise problem

    @property
    def turn_player(self) -> int:
        """Whose turn it is: nobody answers out of turn, so the current player."""
        return self.current_player


# -- taking back a wrong tap (issue 23) -------------------------------------------------------------------
#: The most steps in a row the state keeps to take back (a witch's three cards and the answer before
#: them, and more): a longer row lets its oldest steps go, never the newest (the turn controller tells
#: a step kept from one that was not by the steps themselves, not by their count).
UNDO_DEPTH = 8


class UndoSteps:
    """Taking back the last steps of one seat, where nothing was revealed and nothing random
    happened (Board Game Arena's policy: never past a die roll, a drawn card or a look).

    Each engine says which of its actions may be taken back at all (``UNDOABLE``, action kinds,
    data) and which events reveal something to everybody (``REVEALING``, event kinds); a step of
    such a kind is taken back only if, besides, it drew nothing from the state's random generator,
    made no event private to a seat (a look, a drawn card) and did not end the game.  The state
    keeps the position before each such step and the seat who made it (``undo_steps``, saved with
    the state under ``"undo"``): the steps since the last one that cannot be taken back, the newest
    last; any other step forgets them.  Whose step may be taken back (a person's, never a
    computer's) is the turn controller's business: it knows the seats.

    An engine inherits this, names its own apply ``_apply`` and reads its saves with
    :func:`read_save` (which reads the saved steps back).  The engine's class calls its ``_apply``
    as its ``apply`` directly (set by :meth:`__init_subclass__`): a state used alone (a tool, a
    computer's look-ahead, seeded random games, the peer benchmark) pays not one call for the
    bookkeeping.  Switching :attr:`keep_undo` on gives that one state an ``apply`` of its own that
    keeps the steps (:meth:`apply_keeping_steps`)."""

    UNDOABLE: frozenset = frozenset()
    REVEALING: frozenset = frozenset()
    #: Keys of to_json that no step changes (a board): kept once, not in every saved step.
    UNDO_SHARED: tuple = ()
    #: The engine's ``state_from_json``, set on its class once the module has it.
    _undo_reader: Callable[[Any], Any] | None = None
    #: The position before each step that may be taken back, and who made it (in ``__dict__``
    #: only once there is one: a state that never kept a step has none).
    undo_steps: list[dict[str, Any]]

    if TYPE_CHECKING:
        # What this reads of the engine's state that inherits it (the rest of GameState).
        num_players: int
        current_player: int
        rng: random.Random

        @property
        def is_over(self) -> bool: ...

        def _apply(self, action: Action) -> list[Event]: ...

        def to_json(self) -> dict: ...

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "_apply" in cls.__dict__ and "apply" not in cls.__dict__:
            cls.apply = cls._apply      # type: ignore[method-assign]  # the engine's own, no wrapper

    def apply(self, action: Action) -> list[Event]:
        """Play one action (an engine's class has its own ``_apply`` here instead)."""
        return self._apply(action)

    @property
    def keep_undo(self) -> bool:
        """Whether this state keeps the positions to take back: the turn controller switches it
        on for a table with a person (a copy of the position per step costs time that seeded
        random games, benchmarks and computers among themselves need not spend); a save with
        steps switches it on again.  Off, the steps kept so far are forgotten."""
        return bool(self.__dict__.get("_keeping"))

    @keep_undo.setter
    def keep_undo(self, keep: bool) -> None:
        self.__dict__["_keeping"] = bool(keep)
        if keep and self.UNDOABLE:
            # this state's own apply (an engine whose every step is random, Knights, needs none)
            self.__dict__["apply"] = self.apply_keeping_steps
        else:
            self.__dict__.pop("apply", None)
            if not keep and self.__dict__.get("undo_steps"):
                self.undo_steps = []

    def apply_keeping_steps(self, action: Action) -> list[Event]:
        """The engine's apply, keeping the position before a step that may be taken back."""
        steps = self.__dict__.setdefault("undo_steps", [])
        kind = getattr(action, "kind", None)
        before = None
        if kind in self.UNDOABLE and not self.is_over:
            # the position before the step, its saved steps left out (they are the list itself)
            before = (self.current_player, self._undo_position(), self.rng.getstate())
        events = self._apply(action)
        if before is not None and self._nothing_revealed(events, before[2]):
            before[1].pop("undo", None)
            steps.append({"actor": before[0], "state": before[1]})
            del steps[:-UNDO_DEPTH]
        elif steps:
            steps.clear()
        return events

    def _nothing_revealed(self, events: list[Event], rng_before: Any) -> bool:
        return (not self.is_over and all(e.private_to is None and e.kind not in self.REVEALING for e in events)
                and self.rng.getstate() == rng_before)

    def _undo_position(self) -> dict:
        data = self.to_json()
        for key in self.UNDO_SHARED:
            data.pop(key, None)
        return data

    # -- what can be taken back ------------------------------------------------------------------
    def kept_steps(self) -> list[dict]:
        """The steps that may be taken back now, oldest first (empty while none may)."""
        return self.__dict__.get("undo_steps") or []

    @property
    def undo_actor(self) -> int | None:
        """The seat whose step :meth:`undo` takes back, or None."""
        steps = self.__dict__.get("undo_steps")
        return steps[-1]["actor"] if steps else None

    def undo(self) -> list[Event]:
        """Take back the last step: the state is exactly as before it (its save too); the steps
        before it by the same seat may be taken back in turn.  IllegalActionError when there is none."""
        steps = self.__dict__.get("undo_steps")
        if not steps:
            raise IllegalActionError("there is no step to take back")
        step = steps[-1]
        earlier = steps[:-1]
        restored = self._undo_restore(step["state"])
        own = {key: value for key, value in vars(self).items() if key in ("_keeping", "apply")}  # kept on
        vars(self).clear()
        vars(self).update(vars(restored))
        vars(self).update(own)
        self.undo_steps = earlier
        return [Event("undone", player=step["actor"])]

    def forget_undo(self) -> None:
        """No step can be taken back any more (a computer acted, a curtain was passed …)."""
        self.__dict__["undo_steps"] = []

    def _undo_restore(self, position: Mapping[str, Any]) -> Any:
        data = self.to_json()
        data.pop("undo", None)
        data.update(position)
        reader = type(self)._undo_reader
        if reader is None:
            raise IllegalActionError("this state cannot take a step back")
        return reader(data)

    def undo_json(self) -> dict:
        """The saved steps to add to to_json (nothing when there are none, so a save without
        steps is as before)."""
        steps = self.__dict__.get("undo_steps")
        return {"undo": [{"actor": s["actor"], "state": s["state"]} for s in steps]} if steps else {}


def _read_undo(state: Any, data: Mapping[str, Any], reader: Callable[[Any], Any], title: str) -> None:
    """The steps a save keeps for taking back: each checked as a whole saved game of its own."""
    steps = data.get("undo")
    if steps is None or not isinstance(state, UndoSteps):
        return
    if not isinstance(steps, list) or len(steps) > UNDO_DEPTH:
        raise StateDataError(f"the saved {title} game is damaged: the steps to take back are not a short list")
    base = {key: value for key, value in data.items() if key != "undo"}
    kept = []
    for step in steps:
        if not (isinstance(step, Mapping) and set(step) == {"actor", "state"} and isinstance(step["state"], Mapping)
                and is_int(step["actor"]) and 0 <= step["actor"] < state.num_players):
            raise StateDataError(f"the saved {title} game is damaged: a step to take back is not a seat and a position")
        reader({**base, **step["state"]})       # raises StateDataError with a sentence if damaged
        kept.append({"actor": step["actor"], "state": dict(step["state"])})
    state.undo_steps = kept
    state.keep_undo = True
