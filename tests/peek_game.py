"""A tiny game with a secret per turn, for testing curtains (Knights has no secrets)."""
from kidgames.core.protocol import Action, Event, GameSpec, IllegalActionError


class PeekState:
    """Each player in turn peeks at a secret card (an event private to them) and passes."""

    def __init__(self, num_players: int = 3, turns_to_play: int = 6):
        self.num_players = num_players
        self.turns_to_play = turns_to_play
        self.current_player = 0
        self.turns = 0
        self.winners = []

    @property
    def is_over(self):
        return self.turns >= self.turns_to_play

    def legal_actions(self):
        return [] if self.is_over else [Action("peek")]

    def apply(self, action):
        if self.is_over or action.kind != "peek":
            raise IllegalActionError("peek only")
        p = self.current_player
        self.turns += 1
        self.current_player = (p + 1) % self.num_players
        if self.is_over:
            self.winners = [0]
        return [Event("peeked", player=p, card=self.turns, private_to=p)]

    def to_json(self):
        return {"turns": self.turns}


def peek_spec(players: int, scene: str = "") -> GameSpec:
    return GameSpec("peek", "Peek", players, players,
                    lambda n, seed=None, options=None: PeekState(n, 2 * n), lambda data: PeekState(players),
                    scene=scene, hidden_info=True)
