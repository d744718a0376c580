"""The turn controller: one way to run every game (design.md, "Shared machinery").

It asks the right seat for a decision (a person's tap or a computer player's choice), applies it
to the rules engine, keeps the event log, saves after every action and knows when a hand-over
curtain is needed.  Pure Python: the scenes drive it and animate what it returns.
"""
from __future__ import annotations

import random
from typing import Any, Callable

from kidgames.core.protocol import Action, Event
from kidgames.core.seats import Seat

ComputerPlayer = Callable[[Any, int, random.Random, int], Action]


class TurnController:
    def __init__(self, spec: Any, state: Any, seats: list[Seat],
                 save: Callable[[Any], None] | None = None,
                 computer: ComputerPlayer | None = None, seed: int | None = None) -> None:
        if len(seats) != getattr(state, "num_players", len(seats)):
            raise ValueError("the number of seats does not match the game")
        self.spec = spec
        self.state = state
        self.seats = list(seats)
        self._save = save
        self._computer = computer
        self.rng = random.Random(seed)
        self.log: list[Event] = []
        # The person who may look at the screen now (the last one who saw private things).
        self.viewer: int | None = None

    @property
    def is_over(self) -> bool:
        return bool(self.state.is_over)

    @property
    def current(self) -> int | None:
        return None if self.is_over else self.state.current_player

    @property
    def current_seat(self) -> Seat | None:
        return None if self.current is None else self.seats[self.current]

    def is_computer_turn(self) -> bool:
        seat = self.current_seat
        return seat is not None and seat.is_computer

    def persons(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_computer]

    def needs_curtain(self) -> bool:
        """A person is about to decide and another person may have seen private things."""
        if not getattr(self.spec, "hidden_info", False) or self.is_over:
            return False
        seat = self.current
        if seat is None or self.seats[seat].is_computer or len(self.persons()) < 2:
            return False
        return self.viewer != seat

    def curtain_passed(self) -> None:
        """The named person tapped the curtain: the screen is theirs now."""
        self.viewer = self.current

    def computer_action(self) -> Action:
        seat = self.current
        if seat is None or not self.seats[seat].is_computer or self._computer is None:
            raise ValueError("it is not a computer player's turn")
        return self._computer(self.state, seat, self.rng, self.seats[seat].level)

    def submit(self, action: Action) -> list[Event]:
        """Apply a decision; an illegal one raises (and changes nothing); the game is then saved."""
        events = self.state.apply(action)
        self.log.extend(events)
        for event in events:
            owner = event.private_to
            if owner is not None and not self.seats[owner].is_computer:
                self.viewer = owner
        if self._save is not None:
            self._save(self.state)
        return events
