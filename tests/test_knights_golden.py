"""Golden playthroughs: seeded Knights games whose every event is kept in tests/golden/.  A change of
the rules engine that changes a game shows up here as a diff; if the change is meant, regenerate
with ``KIDGAMES_REGOLD=1 python -m pytest tests/test_knights_golden.py`` and read the diff."""
import json
import os
from pathlib import Path

import pytest

from kidgames.games import GAMES

GOLDEN = Path(__file__).resolve().parent / "golden"
CASES = [(2, 7), (4, 21), (6, 1000)]


def playthrough(players: int, seed: int) -> list[str]:
    state = GAMES["knights"].new_state(players, seed=seed)
    lines = []
    while not state.is_over:
        action = state.legal_actions()[0]
        events = state.apply(action)
        lines.append(json.dumps({"turn": state.turn, "events": [e.to_json() for e in events]},
                                ensure_ascii=False, sort_keys=True))
    return lines


@pytest.mark.parametrize("players,seed", CASES)
def test_a_seeded_game_plays_exactly_as_recorded(players, seed):
    path = GOLDEN / f"knights-{players}p-seed{seed}.jsonl"
    lines = playthrough(players, seed)
    if os.environ.get("KIDGAMES_REGOLD"):
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    recorded = path.read_text(encoding="utf-8").splitlines()
    for number, (got, want) in enumerate(zip(lines, recorded), 1):
        assert got == want, f"{path.name}, throw {number} differs:\n  now:      {got}\n  recorded: {want}"
    assert len(lines) == len(recorded), f"{path.name}: {len(lines)} throws now, {len(recorded)} recorded"
