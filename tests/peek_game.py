"""A tiny game with secrets, for testing curtains, hidden information and computer players
(Knights has no secrets).

Each seat is dealt a face-down animal card, all different.  On your turn you either *peek* at your
own card (only you see it; everyone sees that you looked) or *guess* the next seat's card; the next
seat must then answer yes or no (a question: they decide although it is your turn), and a yes
scores you a point.  Who has the most points after ``turns_to_play`` turns wins.
"""
import random
from dataclasses import dataclass

from kidgames.core.protocol import Action, Event, GameSpec, IllegalActionError, StateDataError

DECK = ("cat", "dog", "fox", "owl", "pig", "hen", "cow", "elk")


@dataclass(frozen=True)
class PeekView:
    """The peek table: whose turn, the guess asked, the turns played, the scores, who has looked,
    and each seat's own card only where that seat may be seen and has looked."""

    turn_player: int
    current_player: int
    guess: str | None
    turns: int
    scores: tuple[int, ...]
    peeked: tuple[bool, ...]
    cards: tuple[str | None, ...]


class PeekState:
    def __init__(self, num_players: int = 3, turns_to_play: int = 6, seed=None):
        self.num_players = num_players
        self.turns_to_play = turns_to_play
        self.cards = random.Random(seed).sample(DECK, num_players)    # hidden from everyone
        self.peeked = [False] * num_players
        self.scores = [0] * num_players
        self.turn_player = 0
        self.current_player = 0
        self.guess = None            # the animal guessed, while the next seat must answer
        self.turns = 0
        self.winners = []

    @property
    def is_over(self):
        return self.turns >= self.turns_to_play

    def _next(self, seat):
        return (seat + 1) % self.num_players

    def legal_actions(self):
        if self.is_over:
            return []
        if self.guess is not None:
            return [Action("answer", yes=True), Action("answer", yes=False)]
        return [Action("peek")] + [Action("guess", card=c) for c in DECK]

    def observation(self, seat):
        """Everything public, and the seat's own card once it has peeked; never another's card."""
        return {"seat": seat, "turn_player": self.turn_player, "current_player": self.current_player,
                "turns": self.turns, "turns_to_play": self.turns_to_play, "scores": list(self.scores),
                "peeked": list(self.peeked), "guess": self.guess,
                "my_card": self.cards[seat] if self.peeked[seat] else None}

    def view(self, sees):
        return PeekView(self.turn_player, self.current_player, self.guess, self.turns, tuple(self.scores),
                        tuple(self.peeked), tuple(card if looked and sees(seat) else None
                                                  for seat, (card, looked) in enumerate(zip(self.cards, self.peeked))))

    def apply(self, action):
        if action not in self.legal_actions():
            raise IllegalActionError(f"{action!r} is not allowed now")
        p = self.current_player
        if action.kind == "peek":
            self.peeked[p] = True
            events = [Event("looked", player=p), Event("peeked", player=p, card=self.cards[p], private_to=p)]
        elif action.kind == "guess":
            self.guess = action.card
            self.current_player = self._next(p)
            return [Event("guessed", player=p, target=self.current_player, card=action.card)]
        else:
            if action.yes:
                self.scores[self.turn_player] += 1
            self.guess = None
            events = [Event("answered", player=p, yes=action.yes)]
        self.turns += 1
        self.turn_player = self.current_player = self._next(self.turn_player)
        if self.is_over:
            best = max(self.scores)
            self.winners = [i for i, s in enumerate(self.scores) if s == best]
            events.append(Event("game_over", winners=list(self.winners)))
        return events

    def to_json(self):
        return {"num_players": self.num_players, "turns_to_play": self.turns_to_play,
                "cards": list(self.cards), "peeked": list(self.peeked), "scores": list(self.scores),
                "turn_player": self.turn_player, "current_player": self.current_player,
                "guess": self.guess, "turns": self.turns, "winners": list(self.winners)}


def state_from_json(data):
    try:
        state = PeekState(data["num_players"], data["turns_to_play"])
        for key in ("cards", "peeked", "scores", "turn_player", "current_player", "guess", "turns", "winners"):
            setattr(state, key, data[key])
    except (KeyError, TypeError) as exc:
        raise StateDataError(f"not a peek game: {exc!r}") from None
    return state


def every_decision(state) -> bool:
    return True


def answers_only(state) -> bool:
    return state.guess is not None


def peek_spec(players: int, scene: str = "", ai: str = "peek_ai:choose", private_turns: bool = True,
              private_answers: bool = True, remember: str = "peek_ai:remember") -> GameSpec:
    """The peek game's spec.  With ``private_turns`` every decision is made as if with a hand of
    cards in view (a curtain names each person before it); with only ``private_answers`` the
    answers to a guess are; with neither, only the looks are private."""
    rule = every_decision if private_turns else answers_only if private_answers else None
    return GameSpec("peek", "Peek", players, players,
                    lambda n, seed=None, options=None: PeekState(n, 2 * n, seed), state_from_json,
                    scene=scene, ai=ai, remember=remember, private_decision=rule)
