"""The turn controller: one way to run every game (design.md, "Shared machinery").

It asks the right seat for a decision (a person's tap or a computer player's choice), applies it
to the rules engine, keeps the event log of what each seat saw, saves after every action and knows
which curtain must cover the screen.  Pure Python: the scenes drive it and animate what it returns.

A computer player never receives the state: it gets its seat's observation (plain JSON data), the
legal actions, its level, the controller's random generator and its memory, which is built only
from the events its seat was allowed to see (design.md, "Computer players").
"""
from __future__ import annotations

import json
import marshal
import random
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from kidgames.core.kit import UndoSteps
from kidgames.core.protocol import (Action, ComputerPlayer, Event, GameSpec, GameState, IllegalActionError, Remember,
                                    StateDataError, rng_from_json, rng_state_to_json)
from kidgames.core.clock import RealTime
from kidgames.core.seats import Seat

#: The events kept (and saved) with a game: enough for any look back, small enough that a long
#: game's save, written after every action, stays small.
LOG_LIMIT = 2000

HANDOVER, QUESTION = "handover", "question"
#: A clock's times are large numbers: a difference of them may miss a pause by a rounding error.
TIME_EPSILON = 1e-6


@dataclass(frozen=True)
class Curtain:
    """What must cover the screen before the next decision: ``kind`` is HANDOVER (a person's turn
    whose decision shows their private things) or QUESTION (a person who is not the turn's owner
    must answer with their private things in view); ``seat`` is the person it names."""

    kind: str
    seat: int


class Watching:
    """Who is watching the screen (design.md, "Who is watching"), kept in this one place.

    By default everybody watches.  A *private moment* belongs to one person: it begins when that
    person taps a curtain naming them (:meth:`begin`) and ends when their private decision is made
    or their secret closes (:meth:`end`).  A person's private things may be drawn only inside
    their own private moment, or at any time when they are the only person at the table (nobody
    else is looking).  A computer's private things are never drawn."""

    def __init__(self, persons) -> None:
        self.persons = tuple(persons)
        self.private: int | None = None

    @property
    def shared(self) -> bool:
        """Two or more people share the screen (else no curtain is ever needed)."""
        return len(self.persons) >= 2

    def begin(self, seat: int | None) -> None:
        if seat not in self.persons:
            raise ValueError(f"seat {seat!r} is not a person at the table")
        self.private = seat

    def end(self) -> None:
        self.private = None

    def may_see(self, seat: int | None) -> bool:
        """Whether ``seat``'s private things may be on screen now."""
        if seat not in self.persons:
            return False
        return self.private == seat or not self.shared


def plain(data: Any) -> Any:
    """A deep copy of JSON data, so that nothing handed to a computer player is a live object of
    the state (a player could otherwise read or change what its seat may not see)."""
    return json.loads(json.dumps(data))


def load_computer(spec: GameSpec) -> tuple[ComputerPlayer | None, Remember | None]:
    """The game's computer player (``spec.ai``) and its memory (``spec.remember``), as it declares them."""
    if not spec.ai:
        return None, None
    return spec.load_ai(), spec.load_remember()


class TurnController:
    def __init__(self, spec: GameSpec, state: GameState, seats: list[Seat],
                 save: Callable[["TurnController"], None] | None = None,
                 computer: ComputerPlayer | None = None, seed: int | None = None,
                 remember: Remember | None = None, options: Mapping[str, Any] | None = None,
                 clock: Any = None) -> None:
        if len(seats) != state.num_players:
            raise ValueError("the number of seats does not match the game")
        self.spec = spec
        self.state = state
        self.seats = list(seats)
        self.options = dict(options or {})
        self._save = save
        # The session's time (kidgames/core/clock.py: the real clock, or one a test steps): a
        # computer "thinks" for a while on a still table before it decides.
        self.clock = clock if clock is not None else RealTime()
        self._decisions = 0                               # decisions applied, to tell one from the next
        self._thinking: tuple[int, float] | None = None   # (decision, when its computer began to think)
        if computer is None:
            computer, remember = load_computer(spec)
        self._computer = computer
        self._remember = remember
        # Derived from the game's seed rather than equal to it, so the computers' choices do not
        # mirror the dice of the state's own generator.
        self.rng = random.Random(None if seed is None else f"computers:{seed}")
        self.memories: dict[int, dict] = {i: {} for i, s in enumerate(self.seats) if s.is_computer}
        # Every event of the game (bounded, saved); each seat's log is the part it was allowed to see.
        self._history: list[Event] = []
        # The events applied since this controller was made (a resumed game starts with none).
        self.log: list[Event] = []
        # Who is watching: everybody, or one person in their private moment.  A game opened
        # again starts with everybody watching (the private moment is never saved).
        self.watching = Watching(self.persons())
        # For each step the state may take back (its ``undo_steps``), what this controller was
        # before it: its generator, the computers' memories and the length of the event log.
        # A state that can take steps back is an UndoSteps (kidgames/core/kit.py); others cannot.
        self._undo_marks: list[dict] = []
        self._steps: UndoSteps | None = state if isinstance(state, UndoSteps) else None
        if self.persons() and self._steps is not None:
            self._steps.keep_undo = True    # a person may take back a step: the state keeps what it needs
        self._dropped: list = []      # the oldest events the last action pushed out of the log

    def set_save(self, save: Callable[["TurnController"], None] | None) -> None:
        """Where the game is saved after every applied action (the sink gets this controller)."""
        self._save = save

    # -- whose decision ----------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return bool(self.state.is_over)

    @property
    def current(self) -> int | None:
        return None if self.is_over else self.state.current_player

    @property
    def current_seat(self) -> Seat | None:
        return None if self.current is None else self.seats[self.current]

    @property
    def turn_owner(self) -> int | None:
        """Whose turn it is (the decider may be another seat, e.g. the victim asked to defend)."""
        return None if self.is_over else self.state.turn_player

    def is_computer_turn(self) -> bool:
        seat = self.current_seat
        return seat is not None and seat.is_computer

    def persons(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_computer]

    @property
    def decisions(self) -> int:
        """How many decisions (and steps taken back) were applied: it changes with every one."""
        return self._decisions

    def scores(self) -> list[int] | None:
        """The state's scores, where the game counts something (for the results)."""
        return self.state.scores

    # -- curtains and who is watching ------------------------------------------------------------
    @property
    def private(self) -> int | None:
        """The person in their private moment now, or None: everybody watches."""
        return self.watching.private

    def private_decision(self) -> bool:
        """Whether the decision due now is made with the decider's private things in view."""
        rule = self.spec.private_decision
        return self.current is not None and rule is not None and bool(rule(self.state))

    def curtain(self) -> Curtain | None:
        """The curtain that must cover the screen before the next decision, or None: a person
        whose decision shows their private things, on a shared screen, outside their own private
        moment.  A decision that shows nothing private (and any decision of a computer, or of the
        only person at the table) needs none."""
        decider = self.current
        if (decider is None or self.seats[decider].is_computer or not self.watching.shared
                or not self.private_decision() or self.watching.private == decider):
            return None
        return Curtain(HANDOVER if decider == self.turn_owner else QUESTION, decider)

    def curtain_passed(self) -> None:
        """The person the curtain named tapped it: their private moment begins."""
        self.watching.begin(self.current)

    def secret_seen(self, seat: int) -> None:
        """The person a secret curtain named tapped it: their private moment begins."""
        self.watching.begin(seat)

    def secret_closed(self) -> None:
        """The secret closed again: everybody watches."""
        self.watching.end()

    def overlay_opened(self) -> None:
        """A question, the rules or the settings opened over the table: an overlay is public
        (design.md, "Who is watching", 5), so a private moment ends; the person's curtain comes
        again before their private things show again."""
        self.watching.end()

    def may_show(self, event: Event) -> bool:
        """Whether the screen may draw ``event`` now: it is public, or private to the person in
        their private moment (or to the only person).  A computer's secret is never drawn."""
        return event.private_to is None or self.watching.may_see(event.private_to)

    # -- deciding ----------------------------------------------------------------------------------
    def computer_ready(self, pause: float, still_since: float | None = None) -> bool:
        """Whether the computer whose decision it is has thought for ``pause`` seconds of the clock.
        Its thinking begins when the table became still (``still_since``, a time of the clock; the
        scene knows it), else the first time it is asked."""
        if not self.is_computer_turn():
            return False
        now = self.clock.now()
        if self._thinking is None or self._thinking[0] != self._decisions:
            self._thinking = (self._decisions, now if still_since is None else min(now, still_since))
        return now - self._thinking[1] >= pause - TIME_EPSILON

    def computer_wait_left(self, pause: float) -> float:
        """Seconds until :meth:`computer_ready` says yes (0 before its thinking has begun: the
        scene must ask first)."""
        if self._thinking is None or self._thinking[0] != self._decisions:
            return 0.0
        return max(0.0, pause - (self.clock.now() - self._thinking[1]))

    def computer_action(self) -> Action:
        seat = self.current
        if seat is None or not self.seats[seat].is_computer or self._computer is None:
            raise ValueError("it is not a computer player's turn")
        observation = plain(self.state.observation(seat))
        # The legal actions are immutable records (their fields frozen to tuples): handed as they
        # are, nothing of the state comes with them (a JSON copy of each was most of a Queens
        # computer's move on a tablet, some 40 actions a decision).
        actions = list(self.state.legal_actions())
        return self._computer(observation, actions, self.seats[seat].level, self.rng, self.memories[seat])

    def submit(self, action: Action) -> list[Event]:
        """Apply a decision; an illegal one raises (and changes nothing); the game is then saved."""
        mark = self._undo_mark()
        steps = list(self._state_steps())
        events = list(self.state.apply(action))
        self._decisions += 1
        # The decision is made: the private moment is over before anything of it is drawn.
        self.watching.end()
        answers = self._auto_answers()
        if answers:
            # an answer the game gave for a person is not theirs to take back, nor what came before it
            self._forget_undo()
        elif _kept_one_more(steps, self._state_steps()):
            # the state keeps only its last steps (kit.UNDO_DEPTH): the oldest mark goes with its step
            self._undo_marks.append(mark)
            del self._undo_marks[:-len(self._state_steps())]
        else:
            self._undo_marks.clear()
        events += answers
        self._record(events)
        mark["dropped"] = self._dropped
        if self._save is not None:
            self._save(self)
        return events

    # -- taking back a wrong tap (issue 23) ---------------------------------------------------------
    def _state_steps(self) -> list:
        return self._steps.kept_steps() if self._steps is not None else []

    def _undo_mark(self) -> dict:
        return {"rng": rng_state_to_json(self.rng), "memories": plain(self.memories),
                "log": len(self._history), "dropped": []}

    def _forget_undo(self) -> None:
        if self._steps is not None:
            self._steps.forget_undo()
        self._undo_marks.clear()

    def can_undo(self) -> bool:
        """Whether a person may take back the last step now: the rules say it can be taken back
        (nothing was revealed, nothing random happened since), it was a person's step (a computer's
        is never taken back), and nobody else is in a private moment (their things are on screen)."""
        steps = self._state_steps()
        if not steps or self.is_over or len(steps) != len(self._undo_marks):
            return False
        actor = self._steps.undo_actor if self._steps is not None else None
        if actor is None or self.seats[actor].is_computer:
            return False
        return self.watching.private in (None, actor)

    @property
    def undo_actor(self) -> int | None:
        """The person whose step :meth:`undo` takes back (None when there is none)."""
        return self._steps.undo_actor if self._steps is not None and self.can_undo() else None

    def undo(self) -> list[Event]:
        """Take back the last step: the state, this controller (its generator, every computer's
        memory, the event log) and so the save are exactly as before it.  Everybody watches
        afterwards: a person's private things show again only behind their curtain.
        IllegalActionError when nothing can be taken back now."""
        state = self.state
        if not isinstance(state, UndoSteps) or not self.can_undo():
            raise IllegalActionError("there is no step of a person to take back now")
        assert self._steps is not None     # can_undo says so
        events = list(self._steps.undo())
        mark = self._undo_marks.pop()
        self.rng = rng_from_json(mark["rng"])
        self.memories = {int(seat): plain(memory) for seat, memory in mark["memories"].items()}
        added = len(self._history) - mark["log"] + len(mark["dropped"])
        self._history = [Event.from_json(e) for e in mark["dropped"]] + self._history[:len(self._history) - added]
        del self.log[max(0, len(self.log) - added):]
        self._decisions += 1
        self.watching.end()
        if self._save is not None:
            self._save(self)
        return events

    def _auto_answers(self) -> list[Event]:
        """The answers the game gives for a person at once (auto-defend), applied in turn."""
        rule = self.spec.auto_answer
        events: list[Event] = []
        for _ in range(8):          # an answer ends what it answers; a few at most in a row
            seat = self.current     # None once the game is over
            if rule is None or seat is None or self.seats[seat].is_computer:
                break
            answer = rule(self.state, self.options)
            if answer is None:
                break
            events += self.state.apply(answer)
        return events

    def _record(self, events: list[Event]) -> None:
        """Keep ``events`` in the logs and feed each computer's memory what its seat may see."""
        self.log.extend(events)
        self._history.extend(events)
        self._dropped = [e.to_json() for e in self._history[:-LOG_LIMIT]] if len(self._history) > LOG_LIMIT else []
        for log in (self.log, self._history):
            if len(log) > LOG_LIMIT:
                del log[:-LOG_LIMIT]
        for seat, memory in self.memories.items():
            if self._remember is not None:
                level = self.seats[seat].level
                for event in events:
                    if event.private_to is None or event.private_to == seat:
                        self._remember(memory, event, seat, level, self.rng)
            # Kept as JSON data at all times, so a resumed game remembers exactly what an
            # unbroken one does (a tuple would come back from the save as a list).
            self.memories[seat] = plain(memory)

    # -- saving ------------------------------------------------------------------------------------
    def snapshot(self) -> Callable[[], dict]:
        """What :meth:`to_json` gives now, to be made later (by the save writer's thread, after the
        move's frame is shown): the events are immutable records, so the log is kept as a shallow
        copy and turned into JSON only then; everything else is copied now (marshal: C code)."""
        history = list(self._history)
        rest = marshal.loads(marshal.dumps(self._to_json(log=False)))

        def later() -> dict:
            data = {"rng": rest["rng"], "memories": rest["memories"], "log": [e.to_json() for e in history]}
            if "undo" in rest:
                data["undo"] = rest["undo"]
            return data
        return later

    def to_json(self) -> dict:
        return self._to_json(log=True)

    def _to_json(self, log: bool) -> dict:
        """The saved data; without the ``log`` (and with the memories not yet copied) for
        :meth:`snapshot`, which copies them itself."""
        data: dict[str, Any] = {"rng": rng_state_to_json(self.rng),
                                "memories": {str(seat): plain(memory) if log else memory
                                             for seat, memory in self.memories.items()}}
        if log:
            data["log"] = [e.to_json() for e in self._history]
        if self._undo_marks:
            data["undo"] = [{"rng": m["rng"], "memories": {str(k): v for k, v in m["memories"].items()},
                             "log": m["log"], "dropped": m["dropped"]} for m in self._undo_marks]
        return data

    @classmethod
    def from_json(cls, spec: Any, state: Any, seats: list[Seat], data: Any,
                  save: Callable[[Any], None] | None = None, computer: ComputerPlayer | None = None,
                  remember: Remember | None = None, options: Mapping[str, Any] | None = None,
                  clock: Any = None) -> "TurnController":
        """A controller as saved with its game; damaged data raises StateDataError with a sentence.
        Everybody watches a game opened again: no private moment is saved."""
        ctrl = cls(spec, state, seats, save=save, computer=computer, remember=remember, options=options, clock=clock)
        if not isinstance(data, Mapping):
            raise StateDataError("the saved computer players and event log are not a mapping")
        ctrl.rng = rng_from_json(data.get("rng"))
        ctrl.memories = _memories_from_json(data.get("memories"), ctrl.memories.keys())
        ctrl._history = _log_from_json(data.get("log"), len(seats))
        ctrl._undo_marks = _marks_from_json(data.get("undo"), ctrl.memories.keys(), len(seats))
        if len(ctrl._undo_marks) != len(ctrl._state_steps()):
            ctrl._forget_undo()       # a save of another version: nothing to take back
        for key in ("viewer", "holder"):
            # Saves of earlier versions name who held the screen; it is checked, then forgotten.
            seat = data.get(key)
            if seat is not None and (type(seat) is not int or not 0 <= seat < len(seats)
                                     or seats[seat].is_computer):
                raise StateDataError(f"the saved screen {key} {seat!r} is not a person at the table")
        return ctrl


def _memories_from_json(data: Any, computer_seats) -> dict[int, dict]:
    expected = {str(seat) for seat in computer_seats}
    if not isinstance(data, Mapping) or set(data) != expected:
        raise StateDataError("the saved memories do not match the computer players at the table")
    memories = {}
    for key, memory in data.items():
        if not isinstance(memory, dict):
            raise StateDataError(f"the saved memory of seat {key} is not a mapping")
        try:
            memories[int(key)] = plain(memory)
        except (TypeError, ValueError, RecursionError) as exc:
            raise StateDataError(f"the saved memory of seat {key} is damaged: {exc}") from None
    return memories


def _kept_one_more(before: list, after: list) -> bool:
    """Whether the state kept the step just applied: its steps are those it kept before (the oldest
    of them perhaps let go, as a state keeps only its last few) and one new one, the last.  Told by
    the steps themselves, not by their count, which stays the same once the state keeps no more."""
    if not after or any(after[-1] is step for step in before):
        return False
    earlier = after[:-1]
    kept = before[len(before) - len(earlier):] if earlier else []
    return len(kept) == len(earlier) and all(a is b for a, b in zip(earlier, kept))


def _marks_from_json(data: Any, computer_seats, num_seats: int) -> list[dict]:
    """What the controller was before each step that may be taken back, as saved."""
    if data is None:
        return []
    if not isinstance(data, list):
        raise StateDataError("the saved steps to take back are not a list")
    marks = []
    for item in data:
        if not isinstance(item, Mapping) or set(item) != {"rng", "memories", "log", "dropped"}:
            raise StateDataError("a saved step to take back is damaged")
        rng_from_json(item["rng"])
        log = item["log"]
        if type(log) is not int or not 0 <= log <= LOG_LIMIT:
            raise StateDataError(f"a saved step to take back has a log length of {log!r}")
        memories = _memories_from_json(item["memories"], computer_seats)
        _log_from_json(item["dropped"], num_seats)
        marks.append({"rng": item["rng"], "memories": memories, "log": log, "dropped": plain(item["dropped"])})
    return marks


def _log_from_json(data: Any, num_seats: int) -> list[Event]:
    if not isinstance(data, list):
        raise StateDataError("the saved event log is not a list")
    events = [Event.from_json(item) for item in data[-LOG_LIMIT:]]
    for event in events:
        owner = event.private_to
        if owner is not None and (type(owner) is not int or not 0 <= owner < num_seats):
            raise StateDataError(f"a saved event is private to {owner!r}, who is not at the table")
    return events
