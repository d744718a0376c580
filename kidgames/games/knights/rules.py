"""Knights and the Golden Treasure — the rules engine (shared/rules/knights.md).

Knights travel from the arrow field to the castle by the throw of one die.  The board and every
special field (what it does and where it sends a knight) come from ``boards/knights.yaml``; this
module holds what the fields *mean*.  Pure Python: no pygame here.

Refused actions (``IllegalActionError.code``, and :meth:`KnightsState.refusal` without playing):
``malformed`` (not a throw of the die, or a die that is not 1 to 6) and ``game_over``.  A throw
is never refused for where a knight stands: a waiting field answers it with a ``stuck`` event
(:meth:`KnightsState.waiting` says what it waits for).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping

from kidgames.games.knights.board import KnightsBoard, KindSpec, LaneSchema, board_from_data, load_board
from kidgames.core.paths import BOARDS
from kidgames.core.kit import (Checked, MALFORMED, ActionSchema, GameState, SaveReader, UndoSteps, check_seat, dice,
                               game_options_with_board, new_rng, read_save)
from kidgames.core.protocol import (Action, Event, IllegalActionError, StateDataError, check_players, rng_state_to_json)
# the game's id, title, players and options: written once, in the package (the menu's, before these rules)
from kidgames.games.knights import GAME_ID, MAX_PLAYERS, MIN_PLAYERS, OPTIONS, TITLE  # noqa: F401

DIE_SIDES = 6
OUT, BACK = "out", "back"
DEFAULT_BOARD = BOARDS / "knights.yaml"
SAVE_VERSION = 1
#: The one action: a throw of the die, its value forced for tests and replays.
ACTIONS = ActionSchema("Knights", {"roll": {"die": dice(DIE_SIDES, 1)}})
#: Every reason code an action of this game is refused with (see the module's docstring).
REFUSALS = frozenset({MALFORMED, "game_over"})

_to = KindSpec.of(required=["to"], refs=["to"])
_plain = KindSpec.of()
_wait = KindSpec.of(required=["release"], dice=["release"])

#: The colours a lane may be drawn in (the scene has a paint for each).
LANE_COLOURS = frozenset({"road", "green", "blue", "hell", "orange", "gold"})


def playability_problem(board: KnightsBoard) -> str | None:
    """A sentence naming a field from which a knight can never reach the castle, or None.

    Every position a knight can reach from the start (field, direction, landed exactly on the
    witch) is tried with all six throws, moved by the engine itself on a scratch game, so the
    check knows every rule the engine plays: a lane that leads nowhere, a waiting field that no
    throw leaves, a ring of fields that always sends a knight round again.  A throw the engine
    could not play on this board is reported here, when the board is loaded, not in a game.
    """
    problem = _pool_problem(board)
    if problem:
        return problem
    scratch = KnightsState(board, MIN_PLAYERS, random.Random(0))
    start = (board.start, OUT, False)
    order = [start]
    moves: dict[tuple, set] = {}
    seen = {start}
    for here in order:
        if board.nodes[here[0]].kind == "castle":
            moves[here] = set()
            continue
        after = set()
        for die in range(1, DIE_SIDES + 1):
            scratch.positions[0], scratch.direction[0], scratch.next_wide[0] = here
            try:
                scratch._move(0, die)
            except Exception:  # noqa: BLE001 -- any failure here would otherwise crash a game later
                return (f"{_where(board, here)}: the rules cannot move a knight on from here with a "
                        f"throw of {die}; check where its lane and the special fields around it lead.")
            there = (scratch.positions[0], scratch.direction[0], scratch.next_wide[0])
            after.add(there)
            if there not in seen:
                seen.add(there)
                order.append(there)
        moves[here] = after
    leads_home = {here for here in order if board.nodes[here[0]].kind == "castle"}
    came_from: dict[tuple, list[tuple]] = {}
    for here, after in moves.items():
        for there in after:
            came_from.setdefault(there, []).append(here)
    queue = list(leads_home)
    while queue:
        for before in came_from.get(queue.pop(), ()):
            if before not in leads_home:
                leads_home.add(before)
                queue.append(before)
    lost = [here for here in order if here not in leads_home]
    if not lost:
        return None
    castle = board.of_kind("castle")[0]
    stuck = next((here for here in lost if moves[here] <= {here}), None)
    if stuck is not None:
        return (f"{_where(board, stuck)}: a knight there can never move on (no throw takes him "
                f"anywhere), so he can never reach the castle {castle!r}.")
    trapped = _in_a_closed_ring(lost, moves)
    return (f"{_where(board, trapped)}: a knight who gets there can never reach the castle "
            f"{castle!r}; every throw sends him round fields that never lead to it.")


def _in_a_closed_ring(lost: list[tuple], moves: dict[tuple, set]) -> tuple:
    """A position inside a ring that no throw leaves (a sink of the lost positions' graph), the
    most telling place to name: the fields before it only lead into it.

    The position a depth-first search of the reversed graph finishes last lies in such a ring.
    """
    came_from: dict[tuple, list[tuple]] = {}
    for here in lost:
        for there in moves[here]:
            came_from.setdefault(there, []).append(here)
    finished, last = set(), lost[0]
    for root in lost:
        if root in finished:
            continue
        finished.add(root)
        stack = [(root, iter(came_from.get(root, ())))]
        while stack:
            here, rest = stack[-1]
            before = next(rest, None)
            if before is None:
                stack.pop()
                last = here
            elif before not in finished:
                finished.add(before)
                stack.append((before, iter(came_from.get(before, ()))))
    return last


def _where(board: KnightsBoard, position: tuple) -> str:
    node_id, direction, _wide = position
    back = ", coming back" if direction == BACK else ""
    return f"field {node_id!r} (lane {board.nodes[node_id].lane!r}{back})"


def _pool_problem(board: KnightsBoard) -> str | None:
    """A knight released from the pool goes to the first field beyond it (rule 5): there must be one."""
    for pool in board.of_kind("pool"):
        current, walked = pool, 0
        while board.nodes[current].kind == "pool":
            following = board.next_in_lane(current)
            walked += 1
            if following is None or walked > len(board.nodes):
                return (f"field {pool!r} (lane {board.nodes[pool].lane!r}): a knight released from the "
                        f"pool goes to the first field beyond it, and this pool has none.")
            current = following
    return None

#: The field kinds a knights board may use, and the keys each one needs.
SCHEMA = LaneSchema(
    kinds={
        "start": _plain, "path": _plain, "yellow": _plain, "witch": _plain, "hell": _plain,
        "golden_hill": _plain, "crown": _plain, "star": _plain, "castle": _plain, "well": _plain,
        "apple": _plain,
        "sword": _to, "black_horse": _to, "white_horse": _to, "brown_horse": _to, "princess": _to,
        "fish": _to, "raven": _to, "dove": _to, "sorcerer": _to, "black_piglet": _to,
        "pink_piglet": _to, "giant": _to, "club": _to, "golden_gate": _to, "snake": _to,
        "dragon_breath": _to, "gate_red": _to,
        "dragon": _wait, "pool": _wait, "claws": _wait,
        "bank": KindSpec.of(required=["jump", "to"], refs=["to"], dice=["jump"]),
        "firebird": KindSpec.of(required=["to", "back_to"], refs=["to", "back_to"]),
        "frog_king": KindSpec.of(required=["roll", "to", "back_to"], refs=["to", "back_to"], dice=["roll"]),
        # Rule 7 lets a devil count past the start of its lane ("to Hell if fewer remain").
        "devil": KindSpec.of(required=["back"], steps_back=["back"]),
    },
    required_kinds={"start": 1, "witch": 0, "golden_hill": 1, "castle": 1},
    die_sides=DIE_SIDES,
    lane_colours=LANE_COLOURS,
    check=playability_problem,
)

#: Fields that send the knight to their ``to`` field whenever a move ends on them.
SENDING_KINDS = frozenset({
    "sword", "black_horse", "white_horse", "brown_horse", "raven", "dove", "sorcerer",
    "black_piglet", "pink_piglet", "giant", "club", "golden_gate", "snake", "dragon_breath", "gate_red",
})


def load_knights_board(path: str | Path = DEFAULT_BOARD) -> KnightsBoard:
    """Load and validate a knights board file; raises :class:`BoardError` with a clear message.

    Nothing is kept between calls (no module-level cache): a caller that starts many games on one
    board loads it once and passes the :class:`KnightsBoard` in ``options["board"]``."""
    return load_board(Path(path), SCHEMA)


@dataclass(frozen=True)
class KnightsView:
    """What the Knights table shows (everything in Knights is public): the ``board`` (the board
    file, never changed by a game), each knight's field and way (``positions``, ``direction``),
    whose throw it is (``current_player``), the throws so far (``turn``), the last throw
    (``last_roll``), the fields that hold knights (``waiting``) and the dice still lying from this turn (``dice``: none, a throw ends the turn)."""

    board: KnightsBoard
    positions: tuple[str, ...]
    direction: tuple[str, ...]
    next_wide: tuple[bool, ...]
    current_player: int
    turn: int
    last_roll: int | None
    #: for each knight, the field that holds it until a throw, as (field, its kind, the throw
    #: needed) from :meth:`KnightsState.waiting`, or None
    waiting: tuple[tuple[str, str, int] | None, ...]
    dice: tuple[int, ...] | None = None


def _holds(node: Any, going_out: bool) -> bool:
    """Whether the field holds a knight until the throw its board entry names (``release``): the
    dragon and the claws always, the pool on the way out."""
    return node.kind in ("dragon", "claws") or (node.kind == "pool" and going_out)


class KnightsState(Checked, UndoSteps):
    """A game of Knights in progress.

    Public attributes (the engine contract): ``positions`` (node id per seat), ``direction``
    (``"out"``/``"back"`` per seat, for the blue path), ``next_wide`` (landed exactly on the witch:
    the next throw takes the wide road), ``current_player``, ``winners``, ``board``.
    """

    game_id = GAME_ID
    #: Nothing may be taken back: every decision of Knights is a throw of the die (see UndoSteps).
    UNDOABLE = frozenset()

    def __init__(self, board: KnightsBoard, num_players: int, rng: random.Random) -> None:
        check_players(TITLE, num_players, MIN_PLAYERS, MAX_PLAYERS)
        self.board = board
        self.num_players = num_players
        self.rng = rng
        self.positions: list[str] = [board.start] * num_players
        self.direction: list[str] = [OUT] * num_players
        self.next_wide: list[bool] = [False] * num_players
        self.current_player = 0
        self.winners: list[int] = []
        self.turn = 0
        self.last_roll: int | None = None

    # -- protocol ------------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return bool(self.winners)

    @property
    def scores(self) -> None:
        """Knights counts nothing: the results show who reached the treasure first."""
        return None

    def legal_actions(self) -> list[Action]:
        """One decision only: throw the die (the move is then forced by the rules)."""
        return [] if self.is_over else [Action("roll")]

    def observation(self, seat: int) -> dict:
        """What ``seat`` may know: in Knights everything on the table is public."""
        check_seat(seat, self.num_players)
        return {
            "seat": seat, "positions": list(self.positions), "direction": list(self.direction),
            "next_wide": list(self.next_wide), "current_player": self.current_player,
            "winners": list(self.winners), "turn": self.turn, "last_roll": self.last_roll,
        }

    def view(self, sees: Callable[[int], bool]) -> KnightsView:
        """The table as everybody sees it (Knights has no secrets, so ``sees`` changes nothing)."""
        return KnightsView(self.board, tuple(self.positions), tuple(self.direction), tuple(self.next_wide),
                           self.current_player, self.turn, self.last_roll,
                           tuple(self.waiting(seat) for seat in range(self.num_players)))

    def _problem(self, action: Any) -> IllegalActionError | None:
        if self.is_over:
            return IllegalActionError("the game is over: the treasure has been found", "game_over")
        return ACTIONS.problem(action)

    def _apply(self, action: Action) -> list[Event]:
        """Throw the die (``Action("roll")``, or ``Action("roll", die=4)`` to force the throw)."""
        self._check(action)
        die = action.get("die")
        if die is None:
            die = self.rng.randint(1, DIE_SIDES)
        player = self.current_player
        self.last_roll = die
        self.turn += 1
        events = [Event("rolled", player=player, value=die)]
        events += self._move(player, die)
        if events[-1].kind != "stuck":
            events += self._waiting(player)
        if self.board.nodes[self.positions[player]].kind == "castle":
            self.winners = [player]
            events.append(Event("game_over", winners=[player]))
        else:
            self.current_player = (player + 1) % self.num_players
            events.append(Event("turn", player=self.current_player))
        return events

    # -- moving ----------------------------------------------------------------------------------
    def _move(self, p: int, die: int) -> list[Event]:
        board = self.board
        here = board.nodes[self.positions[p]]
        going_out = self.direction[p] == OUT
        if _holds(here, going_out):
            if die != here.props["release"]:
                return [Event("stuck", player=p, node=here.id, reason=here.kind, need=here.props["release"])]
            if here.kind == "pool":
                beyond = self._beyond_pool(here.id)
                path = self._lane_run(here.id, beyond)
                return self._arrive(p, path, [], effects=False)
            return self._walk_and_arrive(p, die, free_start=True)
        if here.kind == "frog_king" and die == here.props["roll"]:
            target = here.props["to"] if going_out else here.props["back_to"]
            return self._send(p, here, target)
        if here.kind == "bank" and going_out and die == here.props["jump"]:
            return self._send(p, here, here.props["to"])
        return self._walk_and_arrive(p, die, free_start=False)

    def waiting(self, seat: int) -> tuple[str, str, int] | None:
        """Where ``seat``'s knight waits and for what (Decision 2): ``(field id, its kind, the throw
        it needs)`` on a field that holds him (dragon, claws, the pool on the way out: only that
        throw frees him) or at the Frog King (that throw sends him on), else None."""
        node = self.board.nodes[self.positions[seat]]
        if _holds(node, self.direction[seat] == OUT):
            return node.id, node.kind, node.props["release"]
        if node.kind == "frog_king":
            return node.id, node.kind, node.props["roll"]
        return None

    def _waiting(self, p: int) -> list[Event]:
        """A knight whose move ends on a waiting field hears what throw he needs (Decision 2)."""
        waits = self.waiting(p)
        if waits is None:
            return []
        node, field, need = waits
        return [Event("waiting", player=p, node=node, field=field, need=need)]

    def _walk_and_arrive(self, p: int, die: int, free_start: bool) -> list[Event]:
        start = self.positions[p]
        path, direction, branches = self._walk(p, start, die, free_start)
        if path is None:
            return [Event("stuck", player=p, node=start, reason="overshoot", need=None)]
        self.direction[p] = direction
        return self._arrive(p, path, branches, effects=True)

    def _walk(self, p: int, start: str, die: int, free_start: bool):
        """The fields a throw of ``die`` crosses from ``start``, the direction at its end, and the
        junctions passed as ``[junction, lane taken, why]`` (why: exact, odd, even or return).

        Returns ``(None, …)`` when the throw would overshoot the castle (the knight stays)."""
        board = self.board
        direction = self.direction[p]
        path: list[str] = []
        branches: list[list[str]] = []
        current = start
        for step in range(die):
            nxt, direction, why = self._step(p, current, direction, die, first=step == 0)
            if nxt is None:
                return None, direction, branches
            if why:
                branches.append([current, board.nodes[nxt].lane, why])
            path.append(nxt)
            current = nxt
            node = board.nodes[nxt]
            remaining = die - step - 1
            if remaining == 0:
                break
            if node.kind == "well":
                break  # a forced stop: the knight turns back here
            if direction == OUT and node.kind == "pool":
                break  # a move into the pool stops in it
            if direction == OUT and node.kind == "dragon" and not free_start:
                after = board.next_in_lane(nxt)
                if after is None or board.nodes[after].kind != "dragon":
                    break  # the last dragon field: the dragon stops him
        return path, direction, branches

    def _step(self, p: int, current: str, direction: str, die: int, first: bool):
        """One field on: ``(next field, direction, why a junction chose this way or None)``."""
        board = self.board
        lane = board.lane_of(current)
        if direction == BACK:
            if lane.two_way:
                return board.prev_in_lane(current), BACK, None
            # Coming back along a two-way lane and reaching its junction: on along its return lane.
            for branch in board.branches(current):
                if branch.two_way and branch.return_to:
                    return board.lanes[branch.return_to].fields[0], OUT, "return"
            return board.next_in_lane(current), OUT, None
        branches = board.branches(current)
        if branches:
            wanted = "odd" if die % 2 else "even"
            if first and self.next_wide[p]:
                wanted = "exact"
            chosen = next((b for b in branches if b.enter == wanted), None)
            if chosen is None:
                chosen = next((b for b in branches if b.enter == ("odd" if die % 2 else "even")), branches[0])
            return chosen.fields[0], OUT, chosen.enter or "only"
        return board.next_in_lane(current), OUT, None

    def _arrive(self, p: int, path: list[str], branches: list, effects: bool) -> list[Event]:
        start = self.positions[p]
        self.positions[p] = path[-1]
        self.next_wide[p] = False
        events = [Event("moved", player=p, path=path, branches=branches, **{"from": start})]
        if effects:
            events += self._field_acts(p, path[-1])
        self._settle_direction(p)
        return events

    def _field_acts(self, p: int, node_id: str) -> list[Event]:
        """What the field where a move ends does (Decision 2: the field sent to does not act)."""
        board = self.board
        node = board.nodes[node_id]
        kind = node.kind
        out = self.direction[p] == OUT
        if kind in SENDING_KINDS:
            return self._send(p, node, node.props["to"])
        if kind == "princess" and out:
            return self._send(p, node, node.props["to"])
        if kind == "fish" and not out:
            return self._send(p, node, node.props["to"])
        if kind == "firebird":
            return self._send(p, node, node.props["to"] if out else node.props["back_to"])
        if kind == "apple":
            other = self._next_of_kind(node_id, "apple", forward=out)
            return self._send(p, node, other) if other else []
        if kind == "devil":
            lane = board.lanes[node.lane]
            return self._send(p, node, lane.fields[max(0, node.index - node.props["back"])])
        if kind == "well":
            self.direction[p] = BACK
            return [Event("effect", player=p, node=node_id, field=kind, to=None)]
        if any(b.enter == "exact" for b in board.branches(node_id)):   # the witch
            self.next_wide[p] = True
            return [Event("effect", player=p, node=node_id, field=kind, to=None)]
        return []

    def _send(self, p: int, node: Any, target: str) -> list[Event]:
        self.positions[p] = target
        self.next_wide[p] = False
        events = [Event("effect", player=p, node=node.id, field=node.kind, to=target)]
        if self.board.nodes[target].kind == "well":
            self.direction[p] = BACK
        self._settle_direction(p)
        return events

    def _settle_direction(self, p: int) -> None:
        """Off the two-way lane a knight always travels out."""
        if not self.board.lane_of(self.positions[p]).two_way:
            self.direction[p] = OUT

    def _next_of_kind(self, node_id: str, kind: str, forward: bool) -> str | None:
        node = self.board.nodes[node_id]
        fields = self.board.lanes[node.lane].fields
        indices = range(node.index + 1, len(fields)) if forward else range(node.index - 1, -1, -1)
        return next((fields[i] for i in indices if self.board.nodes[fields[i]].kind == kind), None)

    def _beyond_pool(self, node_id: str) -> str:
        nxt = node_id
        while self.board.nodes[nxt].kind == "pool":
            following = self.board.next_in_lane(nxt)
            if following is None:
                return nxt
            nxt = following
        return nxt

    def _lane_run(self, start: str, end: str) -> list[str]:
        run, current = [], start
        while current != end:
            following = self.board.next_in_lane(current)
            assert following is not None        # ``end`` lies ahead on the same lane
            current = following
            run.append(current)
        return run

    # -- saving ------------------------------------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "game": GAME_ID, "version": SAVE_VERSION, "board": self.board.source,
            "board_name": self.board.name, "num_players": self.num_players,
            "positions": list(self.positions), "direction": list(self.direction),
            "next_wide": list(self.next_wide), "current_player": self.current_player,
            "winners": list(self.winners), "turn": self.turn, "last_roll": self.last_roll,
            "rng": rng_state_to_json(self.rng), **self.undo_json(),
        }

    def __repr__(self) -> str:
        return f"KnightsState(turn={self.turn}, current={self.current_player}, positions={self.positions})"


def new_state(num_players: int, seed: int | None = None, options: Mapping[str, Any] | None = None) -> KnightsState:
    """A new game.  ``options={"board": path}`` plays another board file."""
    board = game_options_with_board(options, OPTIONS, load_knights_board, KnightsBoard)[1]
    return KnightsState(board, num_players, new_rng(seed))


def state_from_json(data: Mapping[str, Any]) -> KnightsState:
    """Rebuild a state from :meth:`KnightsState.to_json`; damaged data raises :class:`StateDataError`.

    Every value is checked for its range as well as its type: a save is read back into a game that
    children go on playing, and an odd number must be refused here, not crash the screen later."""
    return read_save(data, GAME_ID, "Knights", SAVE_VERSION, _restore)


KnightsState._undo_reader = staticmethod(state_from_json)
_PROTOCOL: type[GameState[KnightsView]] = KnightsState   # the type checker (.ci/run) holds it to the protocol


def _restore(saved: SaveReader) -> KnightsState:
    n = saved.players(MIN_PLAYERS, MAX_PLAYERS)
    board = board_from_data(saved["board"], SCHEMA, name=saved.name("board_name", "saved board"))
    state = KnightsState(board, n, saved.rng())
    positions, direction, next_wide = saved["positions"], saved["direction"], saved["next_wide"]
    saved.need(all(isinstance(v, list) and len(v) == n for v in (positions, direction, next_wide)),
               "the knights do not match the number of players")
    for pos in positions:
        saved.need(isinstance(pos, str), f"a knight's place {pos!r} is not a field name")
        saved.need(pos in board.nodes, f"a knight stands on {pos!r}, which is not on the board")
    saved.need(all(d in (OUT, BACK) for d in direction), "a direction is neither 'out' nor 'back'")
    saved.need(all(isinstance(w, bool) for w in next_wide), "a 'next_wide' is neither true nor false")
    current = saved.seat("current_player", n, "current player")
    winners = saved.seats("winners", n, "winners")
    turn = saved.turn(default=0)
    last_roll = saved.throw("last_roll", DIE_SIDES, 1, "last throw", default=None)
    _check_reachable(board, positions, direction, next_wide, winners)
    state.positions = list(positions)
    state.direction = list(direction)
    state.next_wide = list(next_wide)
    state.current_player = current
    state.winners = list(winners)
    state.turn = turn
    state.last_roll = last_roll
    return state


def _check_reachable(board: KnightsBoard, positions: list[str], direction: list[str], next_wide: list[bool],
                     winners: list[int]) -> None:
    """Refuse knights the rules can never put where the save says (rule 10 and the engine's own
    bookkeeping): the first knight in the castle wins and the game ends, so a knight stands in the
    castle exactly when he is the one winner; a knight travels back only on a two-way lane (off it
    he always travels out); only a knight standing on the witch's field can have landed there."""
    in_castle = [seat for seat, pos in enumerate(positions) if board.nodes[pos].kind == "castle"]
    if in_castle and not winners:
        raise StateDataError(f"the saved Knights game is damaged: the knight of seat {in_castle[0]} stands "
                             f"in the castle, but nobody has won (the first knight in the castle wins and "
                             f"the game ends)")
    if winners and (len(winners) != 1 or in_castle != winners):
        raise StateDataError(f"the saved Knights game is damaged: the winners {winners} are not the one "
                             f"knight in the castle")
    for seat, pos in enumerate(positions):
        if direction[seat] == BACK and not board.lane_of(pos).two_way:
            raise StateDataError(f"the saved Knights game is damaged: the knight of seat {seat} is coming "
                                 f"back on {pos!r}, off the lane where knights go out and back")
        if next_wide[seat] and board.nodes[pos].kind != "witch" \
                and not any(lane.enter == "exact" for lane in board.branches(pos)):
            raise StateDataError(f"the saved Knights game is damaged: the knight of seat {seat} is said to "
                                 f"have landed on the witch's field, but stands on {pos!r}")

