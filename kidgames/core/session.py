"""A game in progress: the one partner of a game scene (design.md, "The Session").

A :class:`Session` holds the game's spec, its seats and options, the state, the turn controller
(kidgames/core/turns.py) and its model of who is watching, and a save sink.  A scene gets the
session, never the state: it reads :meth:`Session.view` (plain, immutable data: the common part
and the game's own table view, with private things only for a seat that may be seen now), sends a
person's tap with :meth:`Session.submit`, lets a computer move with :meth:`Session.step`, and
animates the events these return — each as the watchers may see it.  The session saves itself
after every applied action and every step taken back, here in core: neither a person's save nor
a computer's move passes through the UI.

What a game must provide (see docs/session.md): its state's ``view(sees)`` (a frozen dataclass
of what its table shows; ``sees(seat)`` says whether that seat's private things may be drawn now),
and, where its events may be private, ``public_side(event)`` on its rules module (the event as
everybody may see it, for a computer's secret).

Pure Python: no pygame here.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Callable, Generic, Mapping, Protocol, Sequence, TypeVar

from kidgames.core.protocol import Action, Event, GameSpec, IllegalActionError, Refusal
from kidgames.core.seats import Seat
from kidgames.core.turns import Curtain, TurnController


class SaveSink(Protocol):
    """Where a session writes its game (``app.saves``, a :class:`kidgames.core.saving.SaveStore`)."""

    def save(self, game_id: str, seats: list[Seat], state: Any, options: Mapping[str, Any] | None = None,
             controller: Mapping[str, Any] | Callable[[], Mapping[str, Any]] | None = None) -> None: ...

    def clear(self, game_id: str) -> None: ...


def saveable_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """The options as JSON values, so each comes back with its type (``False`` stays off); a
    board option is the board file's path."""
    saveable: dict[str, Any] = {}
    for name, value in options.items():
        if isinstance(value, os.PathLike):
            value = os.fspath(value)
        if value is None or isinstance(value, (bool, int, float, str)):
            saveable[name] = value
    return saveable


#: The game's own view of its table (``state.view(sees)``: QueensView, ForestView, …).
V = TypeVar("V")


@dataclass(frozen=True)
class View(Generic[V]):
    """What may be on screen now, as plain data (:meth:`Session.view`).

    ``decider`` is the seat whose decision it is (None once the game is over), ``turn_owner``
    whose turn it is (the decider may be another seat, answering), ``private`` the person in
    their private moment (None: everybody watches), ``curtain`` the curtain due before the next
    decision, ``can_undo``/``undo_actor`` whether a person may take back their last step and
    whose it is, ``computer_turn`` whether a computer decides now.  ``legal`` holds the legal
    actions only where they reveal nothing secret (the decider is a person who may be seen now,
    or the decision shows nothing private), else None.  ``table`` is the game's own view
    (``state.view(sees)``), of the type ``V`` its state declares (``GameState[V]``)."""

    num_players: int
    decider: int | None
    turn_owner: int | None
    is_over: bool
    winners: tuple[int, ...]
    scores: tuple[int, ...] | None
    private: int | None
    curtain: Curtain | None
    can_undo: bool
    undo_actor: int | None
    computer_turn: bool
    legal: tuple[Action, ...] | None
    table: V


@dataclass(frozen=True)
class Outcome:
    """What a decision did: the ``events`` to animate (each as the watchers may see it), or the
    ``refusal`` of the rules (nothing changed)."""

    events: tuple[Event, ...] = ()
    refusal: Refusal | None = None


def hidden_side(event: Event) -> Event:
    """The public side of a private event of a game that names none: its kind, its player and
    whose it is; every other field is there, as None (a card drawn: that it was, not which)."""
    return Event(event.kind, **{name: value if name in ("player", "private_to") else None
                                for name, value in event.fields.items()})


class Session(Generic[V]):
    """One game in progress (see the module's docstring).  Made by :meth:`new` or
    :meth:`from_save`; the state is private: no attribute or method hands it out.  ``V`` is the
    game's own view (``View.table``); the game is chosen by its spec at run time, so a session is
    made as ``Session[Any]`` and its scene (``GameScene[V]``) names the view it draws."""

    def __init__(self, spec: GameSpec, seats: Sequence[Seat], options: Mapping[str, Any],
                 controller: TurnController, sink: SaveSink | None = None) -> None:
        self.spec = spec
        self.seats: tuple[Seat, ...] = tuple(seats)
        self.options: dict[str, Any] = dict(options)
        self._controller = controller
        self._sink = sink
        self._view: View[V] | None = None
        self._view_key: tuple | None = None
        controller.set_save(self._saved)

    @classmethod
    def new(cls, spec: GameSpec, seats: Sequence[Seat], options: Mapping[str, Any] | None = None,
            seed: int | None = None, clock: Any = None, sink: SaveSink | None = None) -> "Session[Any]":
        """A new game: every declared option with its type (a missing one takes its default), the
        state seeded by ``seed`` (and the computer players by it too)."""
        options = spec.options_from_json(options or {})
        state = spec.new_state(len(seats), seed=seed, options=options)
        controller = TurnController(spec, state, list(seats), seed=seed, options=options, clock=clock)
        return cls(spec, seats, options, controller, sink)

    @classmethod
    def from_save(cls, spec: GameSpec, seats: Sequence[Seat], state: Any, options: Mapping[str, Any] | None = None,
                  controller: Mapping[str, Any] | None = None, clock: Any = None,
                  sink: SaveSink | None = None, seed: int | None = None) -> "Session[Any]":
        """A game opened again from its save: its ``state`` (read by the save store), its options
        and its turn controller's saved data (None: a save of an earlier version, whose computer
        players start afresh, from ``seed``).  Damaged controller data raises StateDataError with
        a sentence."""
        options = spec.options_from_json(options or {})
        if controller is not None:
            ctrl = TurnController.from_json(spec, state, list(seats), controller, options=options, clock=clock)
        else:
            ctrl = TurnController(spec, state, list(seats), seed=seed, options=options, clock=clock)
        return cls(spec, seats, options, ctrl, sink)

    # -- what may be on screen -------------------------------------------------------------------
    def view(self) -> View[V]:
        """What may be drawn now (kept until a decision, a step back or who is watching changes)."""
        ctrl = self._controller
        key = (ctrl.decisions, ctrl.watching.private)
        if self._view is not None and key == self._view_key:
            return self._view
        state = ctrl.state
        over = ctrl.is_over
        decider = ctrl.current
        sees = ctrl.watching.may_see
        secret = ctrl.private_decision() and not sees(decider)
        scores = ctrl.scores()
        view: View[V] = View(
            num_players=len(self.seats), decider=decider, turn_owner=ctrl.turn_owner, is_over=over,
            winners=tuple(state.winners), scores=None if scores is None else tuple(scores),
            private=ctrl.private, curtain=ctrl.curtain(), can_undo=ctrl.can_undo(),
            undo_actor=ctrl.undo_actor, computer_turn=ctrl.is_computer_turn(),
            legal=None if over or secret else tuple(state.legal_actions()), table=state.view(sees))
        self._view, self._view_key = view, key
        return view

    def may_see(self, seat: int | None) -> bool:
        """Whether ``seat``'s private things may be on screen now (the watching model)."""
        return self._controller.watching.may_see(seat)

    def may_show(self, event: Event) -> bool:
        """Whether ``event`` may be drawn now: it is public, or private to the person in their
        private moment (or to the only person).  A computer's secret never is."""
        return self._controller.may_show(event)

    def is_person(self, seat: int | None) -> bool:
        """Whether ``seat`` is a person at the table (whose secrets are drawn behind a curtain)."""
        return seat in self._controller.watching.persons

    @property
    def shared(self) -> bool:
        """Two or more people share the screen (else no curtain is ever needed)."""
        return self._controller.watching.shared

    @property
    def persons(self) -> tuple[int, ...]:
        """The seats of the people at the table (the others are computers)."""
        return self._controller.watching.persons

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (its save is cleared: nothing is left to continue)."""
        return self._controller.is_over

    @property
    def played(self) -> bool:
        """Whether anything was applied since the game was opened."""
        return bool(self._controller.log)

    # -- deciding ----------------------------------------------------------------------------------
    def submit(self, action: Action) -> Outcome:
        """A person's decision (a tap): applied, saved, and its events returned; the rules'
        refusal comes back as data (nothing changed).  A computer's decision is not a tap's to
        make: it is refused with the code ``"not_a_person"``."""
        ctrl = self._controller
        if ctrl.is_computer_turn():
            return Outcome(refusal=Refusal("not_a_person", {"seat": ctrl.current}))
        try:
            events = ctrl.submit(action)
        except IllegalActionError as exc:
            return Outcome(refusal=exc.refusal)
        return Outcome(self._as_seen(events))

    def due(self, pause: float, still_since: float | None = None) -> bool:
        """Whether a computer decides now and has thought for ``pause`` seconds of the clock (its
        thinking begins at ``still_since``, when the table became still, else at the first ask)."""
        return self._controller.computer_ready(pause, still_since)

    def step(self, pause: float, still_since: float | None = None) -> Outcome | None:
        """Let the computer whose decision it is decide and apply once it has thought for
        ``pause`` seconds of the clock (its thinking begins at ``still_since``, when the table
        became still, else now); its events, or None when no computer moves now."""
        ctrl = self._controller
        if not ctrl.computer_ready(pause, still_since):
            return None
        try:
            events = ctrl.submit(ctrl.computer_action())
        except IllegalActionError as exc:
            return Outcome(refusal=exc.refusal)
        return Outcome(self._as_seen(events))

    def wait_left(self, pause: float) -> float:
        """Seconds until :meth:`step` moves the computer (0 before its thinking has begun)."""
        return self._controller.computer_wait_left(pause)

    def undo(self) -> Outcome:
        """Take back a person's last step (the game saved as before it); a refusal when none can be."""
        try:
            events = self._controller.undo()
        except IllegalActionError as exc:
            return Outcome(refusal=exc.refusal)
        return Outcome(self._as_seen(events))

    def _as_seen(self, events: list[Event]) -> tuple[Event, ...]:
        """The events as the watchers may ever see them: a secret of a seat whose things are never
        drawn (a computer's) only as its public side."""
        persons = self._controller.watching.persons
        public = self.spec.public_side or hidden_side
        return tuple(e if e.private_to is None or e.private_to in persons else public(e) for e in events)

    # -- curtains, private moments, overlays -------------------------------------------------------
    def curtain_passed(self) -> None:
        """The person the due curtain named tapped it: their private moment begins."""
        self._controller.curtain_passed()

    def secret_seen(self, seat: int) -> None:
        """The person a secret curtain named tapped it: their private moment begins."""
        self._controller.secret_seen(seat)

    def secret_closed(self) -> None:
        """The secret closed again: everybody watches."""
        self._controller.secret_closed()

    def overlay_opened(self) -> None:
        """A question, the rules or the settings opened over the table: an overlay is public, so a
        private moment ends (design.md, "Who is watching", 5)."""
        self._controller.overlay_opened()

    # -- saving ------------------------------------------------------------------------------------
    def save(self) -> None:
        """Write the game through the sink (a finished game's save is cleared); the session does
        it by itself after every applied action and every step taken back."""
        self._saved(self._controller)

    def _saved(self, controller: TurnController) -> None:
        sink = self._sink
        if sink is None:
            return
        if controller.is_over:
            sink.clear(self.spec.id)
        else:
            sink.save(self.spec.id, list(self.seats), controller.state, saveable_options(self.options),
                      controller=controller.snapshot())
