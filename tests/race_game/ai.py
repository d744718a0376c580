"""The computer racer: the game has one decision, the throw."""


def choose(observation, actions, level, rng, memory):
    return actions[0]
