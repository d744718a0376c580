"""The game protocol shared by every game (see design.md, "The game protocol").

Actions and events are small immutable records with a ``kind`` and plain fields, JSON in and
JSON out.  A game state applies actions and returns events; an illegal action raises
:class:`IllegalActionError` and leaves the state untouched.
"""
from __future__ import annotations

import math
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Protocol, Self, TypeVar, runtime_checkable


@dataclass(frozen=True)
class Refusal:
    """Why the rules refuse an action, as data: ``code`` is a short name of the reason (a game's
    scene maps it to words and a picture), ``fields`` what its message needs (a card, a sum)."""

    code: str
    fields: Mapping[str, Any] = field(default_factory=dict)


class IllegalActionError(ValueError):
    """An action that the rules do not allow in this position (the state is left unchanged).

    The message is for people who read code and logs; ``code`` and ``fields`` (see
    :class:`Refusal`) are for the scene that explains the refusal to a child."""

    def __init__(self, message: str = "", code: str = "illegal", **fields: Any) -> None:
        super().__init__(message)
        self.code = code
        self.fields = dict(fields)

    @property
    def refusal(self) -> Refusal:
        return Refusal(self.code, dict(self.fields))


class StateDataError(ValueError):
    """Plain data (a save file) that does not describe a valid state of the game."""


#: Values stored as they are (most fields of most records): no conversion, no recursion.
_PLAIN = frozenset({str, int, float, bool, type(None)})


def _freeze(value: Any) -> Any:
    if value.__class__ in _PLAIN:
        return value
    if isinstance(value, (list, tuple)):
        if all(v.__class__ in _PLAIN for v in value):
            return tuple(value)
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    return value


def _name(item: tuple[str, Any]) -> str:
    return item[0]


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


class Record:
    """An immutable record: ``Record("moved", player=0, path=("a", "b"))``.

    Fields are read as attributes (``ev.path``); lists are stored as tuples.  Two records are
    equal when their kind and fields are equal.
    """

    __slots__ = ("kind", "_fields")
    kind: str
    _fields: tuple[tuple[str, Any], ...]

    def __init__(self, kind: str, **fields: Any) -> None:
        object.__setattr__(self, "kind", kind)
        # Records are made for every action and event of every game: plain values skip _freeze,
        # and the names (unique) alone decide the order.
        items = [(k, v if v.__class__ in _PLAIN else _freeze(v)) for k, v in fields.items()]
        if len(items) > 1:
            items.sort(key=_name)
        object.__setattr__(self, "_fields", tuple(items))

    @classmethod
    def from_items(cls, kind: str, items: tuple[tuple[str, Any], ...]) -> Self:
        """The record ``cls(kind, **dict(items))`` made without the constructor's work, for the hot
        paths of rules engines: ``items`` must already be as a record keeps its fields, (name, value)
        pairs sorted by name, each value plain or a tuple of plain values.  Nothing is checked.

        >>> Event.from_items("drew", (("cards", ("n1",)), ("player", 0))) == Event("drew", player=0, cards=["n1"])
        True
        """
        record = _new_object(cls)
        _set_kind(record, kind)
        _set_fields(record, items)
        return record

    def __getattr__(self, name: str) -> Any:
        for key, value in object.__getattribute__(self, "_fields"):
            if key == name:
                return value
        raise AttributeError(f"{type(self).__name__} {self.kind!r} has no field {name!r}")

    def get(self, name: str, default: Any = None) -> Any:
        for key, value in self._fields:
            if key == name:
                return value
        return default

    @property
    def fields(self) -> dict[str, Any]:
        return dict(self._fields)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __copy__(self) -> Self:
        return self          # immutable: a copy may share it

    def __deepcopy__(self, memo: Any) -> Self:
        return self

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and (self.kind, self._fields) == (other.kind, other._fields)

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.kind, self._fields))

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self._fields)
        return f"{type(self).__name__}({self.kind!r}{', ' if inner else ''}{inner})"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **{k: _thaw(v) for k, v in self._fields}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        if not isinstance(data, Mapping) or not isinstance(data.get("kind"), str):
            raise StateDataError(f"a {cls.__name__.lower()} needs a 'kind', got {data!r}")
        fields = {k: v for k, v in data.items() if k != "kind"}
        return cls(data["kind"], **fields)


_new_object = object.__new__
_set_kind = Record.__dict__["kind"].__set__  # the slots' own setters: a record refuses setattr
_set_fields = Record.__dict__["_fields"].__set__


class Action(Record):
    """A decision of a player (or of chance with forced values), e.g. ``Action("roll", die=4)``."""


class Event(Record):
    """Something that happened.  ``private_to`` (a seat index) marks what only one seat may see."""

    @property
    def private_to(self) -> int | None:
        return self.get("private_to")


def rng_state_to_json(rng: random.Random) -> list:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(data: Any) -> random.Random:
    """A random generator from :func:`rng_state_to_json`, checked value by value (a damaged save
    must give a clear error, not an OverflowError deep in the generator)."""
    problem = _rng_problem(data)
    if problem:
        raise StateDataError(f"the saved random generator is damaged: {problem}")
    version, internal, gauss = data
    rng = random.Random()
    try:
        rng.setstate((version, tuple(internal), gauss))
    except (TypeError, ValueError, OverflowError) as exc:
        raise StateDataError(f"the saved random generator is damaged: {exc}") from None
    return rng


_RNG_VERSION, _RNG_WORDS, _RNG_WORD_MAX = 3, 624, 2 ** 32 - 1


def _rng_problem(data: Any) -> str | None:
    """What is wrong with a saved Mersenne Twister state ``[3, [624 words, index], gauss]``."""
    if not isinstance(data, (list, tuple)) or len(data) != 3:
        return "it is not [version, state, gauss]"
    version, internal, gauss = data
    if type(version) is not int or version != _RNG_VERSION:
        return f"version {version!r} is not {_RNG_VERSION}"
    if not isinstance(internal, (list, tuple)) or len(internal) != _RNG_WORDS + 1:
        return f"its state is not {_RNG_WORDS + 1} numbers"
    if any(type(word) is not int or not 0 <= word <= _RNG_WORD_MAX for word in internal[:-1]):
        return f"its state words are not all whole numbers from 0 to {_RNG_WORD_MAX}"
    if not any(internal[:-1]):
        return "its state words are all zero (it would throw the same number forever)"
    index = internal[-1]
    if type(index) is not int or not 1 <= index <= _RNG_WORDS:
        return f"its position {index!r} is not from 1 to {_RNG_WORDS}"
    if gauss is not None and (type(gauss) not in (int, float) or not math.isfinite(gauss)):
        return f"its gauss value {gauss!r} is not a finite number"
    return None


# -- the interface of a state ---------------------------------------------------------------------------
#: A game's own view of its table (the frozen dataclass its state's ``view`` returns: QueensView, …).
V_co = TypeVar("V_co", covariant=True)


@runtime_checkable
class GameState(Protocol[V_co]):
    """What every game's state offers (design.md, "The game protocol"); the turn controller, the
    computer players, the tests and the tools use only this.  Every member is required: each
    engine's module checks its state class against it (``_PROTOCOL: type[GameState[ItsView]] = …``,
    read by the type checker that .ci/run runs).  It is generic over the game's own view ``V_co``:
    what ``view`` returns, and what that game's scene draws (``GameScene[V]``, kidgames/ui/game.py).

    ``current_player`` is the seat deciding now, ``turn_player`` the seat whose turn it is (the
    same seat, unless another seat must answer: a Queens defence); ``scores`` is a number per seat
    for the results screen, or None where the game counts nothing (Knights)."""

    num_players: int
    current_player: int

    @property
    def turn_player(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def winners(self) -> list[int]: ...

    @property
    def scores(self) -> list[int] | None: ...

    def legal_actions(self) -> list[Action]: ...

    def observation(self, seat: int) -> dict: ...

    def apply(self, action: Action) -> list[Event]: ...

    def refusal(self, action: Action) -> Refusal | None:
        """Why ``apply`` would refuse ``action`` now (a reason code of the engine's ``REFUSALS``
        and the fields its message needs), or None when it is legal; changes nothing."""
        ...

    def to_json(self) -> dict: ...

    def view(self, sees: Callable[[int], bool]) -> V_co:
        """What the game's table shows, as plain immutable data (a frozen dataclass): everything
        public, and the private things only of the seats for which ``sees(seat)`` is true (the
        watching model of the session, kidgames/core/session.py)."""
        ...


class ComputerPlayer(Protocol):
    """A game's computer player, ``choose`` in its ``ai`` module: it decides from its seat's
    observation (plain data), the legal actions, its level ("easy", "normal", "hard"), the random
    generator the turn controller hands it and its memory (built only from what its seat saw by
    :class:`Remember`).  It never receives the state."""

    def __call__(self, observation: dict, actions: list[Action], level: str, rng: random.Random,
                 memory: dict, /) -> Action: ...


class Remember(Protocol):
    """``remember`` beside ``choose`` in a game's ``ai`` module (optional): it keeps in the
    computer's ``memory`` what it makes of one event its seat was allowed to see."""

    def __call__(self, memory: dict, event: Event, seat: int, level: str, rng: random.Random, /) -> None: ...


FLAG, CHOICE, BOARD = "flag", "choice", "board"


@dataclass(frozen=True)
class Option:
    """A game option, declared once on the game's spec.  The one declaration drives the command
    line (``--short``, ``--auto-defend``, ``--board FILE``), the setup screen's toggles and saving:
    a value always comes back with its type.

    ``kind`` is FLAG (on/off), CHOICE (one of ``choices``) or BOARD (a board file's path, or None
    for the game's own board); ``text`` is the message key of its label on the setup screen."""

    name: str
    kind: str
    default: Any = None
    text: str = ""
    help: str = ""
    choices: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in (FLAG, CHOICE, BOARD):
            raise ValueError(f"option {self.name!r}: unknown kind {self.kind!r}")
        if self.kind == CHOICE and self.default not in self.choices:
            raise ValueError(f"option {self.name!r}: the default must be one of its choices")

    @property
    def flag(self) -> str:
        """Its command-line switch: ``auto_defend`` -> ``--auto-defend``."""
        return "--" + self.name.replace("_", "-")

    def check(self, value: Any) -> Any:
        """The value with its type, or ValueError with a sentence (a setup choice, a saved value)."""
        if self.kind == FLAG:
            if not isinstance(value, bool):
                raise ValueError(f"option {self.name!r} is on or off (true or false), not {value!r}")
            return value
        if self.kind == CHOICE:
            if value not in self.choices:
                raise ValueError(f"option {self.name!r} is one of {', '.join(self.choices)}, not {value!r}")
            return value
        if value is None or (isinstance(value, str) and 0 < len(value) <= 4096 and "\0" not in value):
            return value
        raise ValueError(f"option {self.name!r} is the path of a board file, not {value!r}")


@dataclass(frozen=True)
class Words:
    """A game's own words, declared by the game (design.md, "The `Session`"): which of its
    messages are prompts that are spoken, which are values spoken inside other prompts (a card's
    name), the picture beside each prompt, and, for a game that brings its own texts and clips, where
    they are.  The shared code (kidgames/core/speech.py, kidgames/ui/prompts.py) reads the words of
    whatever games are registered and lists none of its own.

    Every entry of ``spoken``, ``values`` and ``pictures`` is a message key or the beginning of keys
    up to a dot: ``"game.hint"`` stands for ``game.hint`` and every ``game.hint.…``; of the
    ``pictures`` (entry -> sprite name) the longest entry that matches a prompt's key wins.
    ``catalog`` is a folder of ``<lang>.po`` files merged into the app's message catalogs, ``voices``
    a folder of ``<lang>/<clip>.ogg`` clips (None: the game's texts and clips are the app's own)."""

    spoken: tuple[str, ...] = ()
    values: tuple[str, ...] = ()
    pictures: Mapping[str, str] = field(default_factory=dict, hash=False)
    catalog: Path | None = None
    voices: Path | None = None


def key_matches(key: str, entry: str) -> bool:
    """Whether the message ``key`` is ``entry`` or one of the keys it begins (see :class:`Words`)."""
    return key == entry or key.startswith(entry + ".")


@dataclass(frozen=True)
class GameSpec:
    """What the registry knows of one game, as data.

    ``scene`` and ``ai`` are dotted paths ``module:name`` imported only when needed, so the
    registry and the rules never import pygame.  ``tile`` names the pictures of its menu tile (the
    big one first), ``rules`` its rules pages in pictures (sprite names joined by ``+``, message
    key), ``pawn`` how a seat's pawn is drawn (``"pawn"``, or ``"knight"`` with a helmet) and
    ``computer_levels`` whether a computer player has choices to make (then the setup screen
    offers easy, normal and hard) and ``words`` its prompts, their pictures and its own texts and
    clips (:class:`Words`).

    Who may look at the screen (design.md, "Who is watching"): ``private_decision(state)`` says
    whether the decision due now is made with the decider's private things in view (a hand of
    cards), so that on a shared screen it needs a curtain naming them (None: no decision ever is);
    ``auto_answer(state, options)`` an answer the turn controller gives for a person at once, where
    an option says so (auto-defend), or None; ``public_side(event)`` what everybody may see of an
    event private to a seat whose things are never drawn (a computer's look: that it looked, not
    what it saw), None for the default of kidgames/core/session.py (the event's kind, player and
    owner; every other field None)."""

    id: str
    title: str
    min_players: int
    max_players: int
    #: ``new_state(num_players, seed=None, options=None)``
    new_state: Callable[..., GameState[Any]]
    #: ``state_from_json(data)``: the state a save holds; StateDataError with a sentence if damaged
    state_from_json: Callable[[Any], GameState[Any]]
    scene: str = ""
    ai: str = ""
    #: ``"module:function"`` of the computer players' memory (``Remember``), fed every event its
    #: seat may see; "" for a game whose computers remember nothing
    remember: str = ""
    options: tuple[Option, ...] = ()
    tile: tuple[str, ...] = ("dice",)
    rules: tuple[tuple[str, str], ...] = ()
    pawn: str = "pawn"
    computer_levels: bool = False
    words: Words = Words()
    # Each takes the game's own state (so typed Any here: a function of a QueensState is not a
    # function of every GameState).
    private_decision: Callable[[Any], bool] | None = None
    auto_answer: Callable[[Any, Mapping[str, Any]], Action | None] | None = None
    public_side: Callable[[Event], Event] | None = None
    #: The game's own folder (its package's): the pictures and sounds only it uses may live in its
    #: ``sprites/`` and ``sounds/`` there; the shared folders at the top keep the shared art.
    folder: Path | None = None

    @classmethod
    def of(cls, engine, /, **presentation) -> "GameSpec":
        """A game's spec from its rules module (``GAME_ID``, ``TITLE``, ``MIN_PLAYERS``,
        ``MAX_PLAYERS``, ``new_state``, ``state_from_json`` and ``OPTIONS``, which every engine
        has) and the rest given by name: what the app shows of it (``scene``, ``ai``, ``remember``, ``tile``,
        ``rules`` pages, …) and the rules' own hooks where the game has them
        (``private_decision``, ``auto_answer``, ``public_side``)."""
        for name in ("scene", "ai", "remember"):        # ".ai:choose": in the game's own package
            if presentation.get(name, "").startswith("."):
                presentation[name] = engine.__package__ + presentation[name]
        return cls(id=engine.GAME_ID, title=engine.TITLE, min_players=engine.MIN_PLAYERS,
                   max_players=engine.MAX_PLAYERS, new_state=engine.new_state,
                   state_from_json=engine.state_from_json, options=tuple(engine.OPTIONS),
                   folder=Path(engine.__file__).parent, **presentation)

    @classmethod
    def later(cls, package: str, /, *, id: str, title: str, players: tuple[int, int],
              options: tuple[Option, ...] = (), **presentation: Any) -> "GameSpec":
        """A game's spec whose rules module (``<package>.rules``) is imported only when first used:
        the menu's first frame and the command line need only what is given here (the id, the
        title, how many players, the options), so a game's engine, its tables and its board files
        wait until a game of it is started or a save of it is read (issue 33: a quick start).

        ``new_state`` and ``state_from_json`` are the rules module's own; a hook of the rules
        (``private_decision``, ``auto_answer``, ``public_side``) is named as ``".rules:name"``, like
        ``scene`` and ``ai``.  The rules module reads these facts back from its package, so they are
        written once."""
        for name in ("scene", "ai", "remember", "private_decision", "auto_answer", "public_side"):
            value = presentation.get(name)
            if isinstance(value, str) and value.startswith("."):
                presentation[name] = package + value
        for name in ("private_decision", "auto_answer", "public_side"):
            if isinstance(presentation.get(name), str):
                presentation[name] = Deferred(presentation[name])
        engine = f"{package}.rules"
        return cls(id=id, title=title, min_players=players[0], max_players=players[1],
                   new_state=Deferred(f"{engine}:new_state"), state_from_json=Deferred(f"{engine}:state_from_json"),
                   options=tuple(options), folder=Path(str(sys.modules[package].__file__)).parent,
                   **presentation)

    def own(self, kind: str) -> Path | None:
        """The game's own folder of ``kind`` (``"sprites"`` or ``"sounds"``), None where it has none."""
        folder = None if self.folder is None else self.folder / kind
        return folder if folder is not None and folder.is_dir() else None

    def load_scene_class(self) -> Any:
        return _import_dotted(self.scene)

    def load_ai(self) -> ComputerPlayer:
        return _import_dotted(self.ai)

    def load_remember(self) -> "Remember | None":
        return _import_dotted(self.remember) if self.remember else None

    def option(self, name: str) -> Option | None:
        return next((o for o in self.options if o.name == name), None)

    def default_options(self) -> dict[str, Any]:
        return {o.name: o.default for o in self.options}

    def options_from_json(self, data: Any) -> dict[str, Any]:
        """Options as saved (or remembered): each declared one with its type; a missing or damaged
        value falls back to its default, an unknown name is dropped."""
        options = self.default_options()
        if isinstance(data, Mapping):
            for option in self.options:
                if option.name in data:
                    try:
                        options[option.name] = option.check(data[option.name])
                    except ValueError:
                        pass
        return options


class Deferred:
    """A function named ``"module:name"``, imported on its first call and called directly after
    (:meth:`GameSpec.later`: a game's rules wait until they are needed)."""

    __slots__ = ("path", "_function")

    def __init__(self, path: str) -> None:
        self.path = path
        self._function: Callable[..., Any] | None = None

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        function = self._function
        if function is None:
            function = self._function = _import_dotted(self.path)
        return function(*args, **kwargs)

    def __repr__(self) -> str:
        return f"Deferred({self.path!r})"


def _import_dotted(path: str) -> Any:
    import importlib

    module_name, _, attr = path.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attr)


def check_players(spec_title: str, num_players: int, lo: int, hi: int) -> None:
    if not isinstance(num_players, int) or not lo <= num_players <= hi:
        raise ValueError(f"{spec_title} is played by {lo} to {hi} players, not {num_players!r}")
