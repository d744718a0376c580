"""Race to the Tree — the rules engine (pure Python, no pygame).

Each player in turn throws one die and moves that many spaces along the track; a space may send
the pawn on (``jump``) or back (``slide``) to another space.  The first pawn on the last space, the
tree, wins; a throw that goes beyond it stops there.  The track comes from ``race.yaml``.

Refused actions (``IllegalActionError.code``, and ``RaceState.refusal`` without playing):
``malformed`` (not a throw of one die) and ``game_over``."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping

import yaml

from kidgames.core.kit import Checked, MALFORMED, ActionSchema, GameState, SaveReader, dice, new_rng, read_save, game_options
from kidgames.core.protocol import Action, Event, IllegalActionError, check_players, rng_from_json, rng_state_to_json

GAME_ID = "race"
TITLE = "Race to the Tree"
MIN_PLAYERS, MAX_PLAYERS = 2, 4
SAVE_VERSION = 1
ACTIONS = ActionSchema(TITLE, {"roll": {"die": dice(6, 1)}})
OPTIONS = ()
#: Every reason code an action of this game is refused with (see the module's docstring).
REFUSALS = frozenset({MALFORMED, "game_over"})
TRACK = Path(__file__).with_name("race.yaml")


def load_track(path: Path = TRACK) -> list[dict]:
    """The spaces of the track: where each is drawn and where it sends a pawn (checked)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    spaces = data.get("spaces") if isinstance(data, dict) else None
    if not isinstance(spaces, list) or len(spaces) < 2:
        raise ValueError(f"{path.name}: a track needs a list of at least two spaces")
    for i, space in enumerate(spaces):
        at = space.get("at") if isinstance(space, dict) else None
        if not (isinstance(at, list) and len(at) == 2 and all(isinstance(v, (int, float)) for v in at)):
            raise ValueError(f"{path.name}: space {i} has no place 'at: [x, y]' on the drawing")
        for kind in ("jump", "slide"):
            to = space.get(kind, 0)
            if not isinstance(to, int) or not 0 <= to < len(spaces) - 1:
                raise ValueError(f"{path.name}: space {i} sends a pawn to {to!r}, which is not a space before the tree")
    return spaces


@dataclass(frozen=True)
class RaceBoard:
    """The track as the board table draws it: the size of its drawing and its spaces (never changed)."""

    size: tuple[float, float]
    nodes: Mapping[str, Any]


@dataclass(frozen=True)
class RaceView:
    """What the race's table shows (everything is public): the track (each space's place and what
    it sends a pawn to do), each pawn's space, whose throw it is, the throws so far and the die
    still on the table (None: it waits to be thrown)."""

    board: RaceBoard
    track: tuple[tuple[tuple[float, float], str | None], ...]
    positions: tuple[int, ...]
    current_player: int
    turn: int
    dice: tuple[int, ...] | None = None


#: The track's own units (race.yaml) are the pixels of a 1240×1000 board.
BOARD_SIZE = (1240.0, 1000.0)


class RaceState(Checked):
    def __init__(self, num_players: int, rng) -> None:
        check_players(TITLE, num_players, MIN_PLAYERS, MAX_PLAYERS)
        self.num_players = num_players
        self.rng = rng
        self.track = load_track()
        self.positions = [0] * num_players
        self.current_player = 0
        self.turn = 0                # throws so far
        self.winners: list[int] = []

    @property
    def is_over(self) -> bool:
        return bool(self.winners)

    @property
    def scores(self) -> list[int]:
        return list(self.positions)

    def legal_actions(self) -> list[Action]:
        return [] if self.is_over else [Action("roll")]

    def observation(self, seat: int) -> dict:
        return {"seat": seat, "positions": list(self.positions), "current_player": self.current_player}

    def view(self, sees: Callable[[int], bool]) -> RaceView:
        track = tuple((tuple(space["at"]), next((k for k in ("jump", "slide") if k in space), None))
                      for space in self.track)
        return RaceView(RaceBoard(BOARD_SIZE, {}), track, tuple(self.positions), self.current_player, self.turn)

    def _problem(self, action: Any) -> IllegalActionError | None:
        if self.is_over:
            return IllegalActionError("the race is over", "game_over")
        return ACTIONS.problem(action)

    def apply(self, action: Action) -> list[Event]:
        self._check(action)
        p = self.current_player
        value = action.get("die") or self.rng.randint(1, 6)
        self.turn += 1
        start, end = self.positions[p], min(self.positions[p] + value, len(self.track) - 1)
        events = [Event("rolled", player=p, value=value),
                  Event("moved", player=p, path=list(range(start + 1, end + 1)))]
        space = self.track[end]
        for kind in ("jump", "slide"):
            if kind in space:
                end = space[kind]
                events.append(Event(kind, player=p, to=end))
        self.positions[p] = end
        if end == len(self.track) - 1:
            self.winners = [p]
            return events + [Event("game_over", winners=[p])]
        self.current_player = (p + 1) % self.num_players
        return events + [Event("turn", player=self.current_player)]

    def to_json(self) -> dict:
        return {"game": GAME_ID, "version": SAVE_VERSION, "num_players": self.num_players,
                "positions": list(self.positions), "current_player": self.current_player,
                "turn": self.turn, "winners": list(self.winners), "rng": rng_state_to_json(self.rng)}


_PROTOCOL: type[GameState[RaceView]] = RaceState      # the type checker names a member the state lacks


def new_state(num_players: int, seed: Any = None, options: Mapping[str, Any] | None = None) -> RaceState:
    game_options(options, OPTIONS)
    return RaceState(num_players, new_rng(seed))


def state_from_json(data: Any) -> RaceState:
    return read_save(data, GAME_ID, TITLE, SAVE_VERSION, _restore)


def _restore(saved: SaveReader) -> RaceState:
    n = saved.players(MIN_PLAYERS, MAX_PLAYERS)
    state = RaceState(n, rng_from_json(saved["rng"]))
    last = len(state.track) - 1
    positions = saved.per_seat("positions", n, "pawns")
    saved.need(all(isinstance(p, int) and 0 <= p <= last for p in positions), "a pawn is off the track")
    state.positions = positions
    state.current_player = saved.seat("current_player", n, "current player")
    state.turn = saved.turn()
    winners = saved["winners"]
    saved.need(winners == [i for i, p in enumerate(positions) if p == last][:1], "the winner is not the pawn at the tree")
    state.winners = list(winners)
    return state
