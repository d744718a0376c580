"""Every registered game through the public protocol only (design.md, "The game protocol"): seeded
random games to their end, with the state's JSON round trip, every seat's observation, and a refused
action with an unknown field checked along the way.  Games are taken from the registry, so a new
game is checked the day it is registered.

Random play is uniformly random over ``legal_actions()``.  Fairy-Tale Forest is played with its
``short`` option here: a random pawn finds the castle's key space about once in 110 turns and guesses
right once in 13 (forest.md has no turn limit), so a full random game takes 25,000-64,000 actions;
``bench/forest_stats.py`` plays 2,000 of those to their end."""
import json
import random

import pytest

from kidgames.games import GAMES

#: Options that keep random games short enough for the suite (every rule still applies).
QUICK_OPTIONS = {"forest": {"short": True}}
GAMES_PER_ID = 6
MAX_ACTIONS = 40_000
CHECK_AT = (0, 25, 400)


def round_trip(spec, state):
    data = json.loads(json.dumps(state.to_json()))
    return spec.state_from_json(data)


def check_position(spec, state, players, where):
    copy = round_trip(spec, state)
    assert copy.to_json() == state.to_json(), f"state_from_json(to_json()) differs {where}"
    assert [a.to_json() for a in copy.legal_actions()] == [a.to_json() for a in state.legal_actions()], \
        f"the copy offers other actions {where}"
    for seat in range(players):
        json.dumps(state.observation(seat))
    for seat in (-1, players, True, "0", None, 1.0):
        with pytest.raises(ValueError, match="is not one of the"):
            state.observation(seat)
    probe = round_trip(spec, state)
    action = probe.legal_actions()[0]
    before = probe.to_json()
    with pytest.raises(ValueError):
        probe.apply(type(action)(action.kind, **{**action.fields, "no_such_field": 1}))
    assert probe.to_json() == before, f"a refused action changed the state {where}"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_seeded_random_games_play_to_their_end_through_the_protocol(game_id):
    spec = GAMES[game_id]
    options = QUICK_OPTIONS.get(game_id)
    span = spec.max_players - spec.min_players + 1
    for g in range(GAMES_PER_ID):
        players = spec.min_players + g % span
        state = spec.new_state(players, seed=g, options=options) if options else spec.new_state(players, seed=g)
        rng = random.Random(g)
        steps = 0
        while not state.is_over and steps < MAX_ACTIONS:
            if steps in CHECK_AT:
                check_position(spec, state, players, f"({game_id}, seed {g}, action {steps})")
            actions = state.legal_actions()
            assert actions, f"{game_id}: no legal action in a running game (seed {g}, action {steps})"
            state.apply(rng.choice(actions))
            steps += 1
        assert state.is_over, f"{game_id}: not over after {MAX_ACTIONS} actions (seed {g})"
        assert state.winners, f"{game_id}: over without winners (seed {g})"
        assert state.legal_actions() == [], f"{game_id}: actions offered after the end (seed {g})"
        assert round_trip(spec, state).to_json() == state.to_json()
