"""Castle Builders — the rules engine (shared/rules/castle.md).

A push-your-luck card game: draw cards to build a castle of one colour, stop before a witch takes
three of your cards, or buy a piece from another player's spare pile with three diamonds.  The
first player whose castle holds all six pieces wins.  Pure Python: no pygame here.

Decisions this module adds where the rules file leaves the engine free (each one cited where it
is implemented):

* **A castle is kept in piece order.**  ``castles[p]`` lists the player's pieces sorted by piece
  number (1 = the base … 6 = the top tower), whatever order they came in, so the screen draws each
  piece in its place and a castle visibly grows.  Any piece of the player's colour may be added.
* **The witch's choice is shown by** ``pending``: ``None`` (an ordinary decision), ``"witch"`` (the
  player holds a fairy and chooses ``use_fairy`` or ``accept_witch``) or ``"lose"`` (the player
  chooses the cards the witch takes, one ``lose(card)`` at a time; ``losses_left`` says how many
  are still to go).  The witch itself lies on the discard pile from the moment it is drawn, so
  the 54 cards are always split over draw pile, discard, spares and castles.  With three or fewer
  losable cards there is nothing to choose: all of them go at once.
* **A purchase is the whole turn**: ``buy`` is offered only before the first draw and passes the
  turn, so a turn has at most one purchase and no draw after it (hence ``stop`` never follows a buy).
* **Both piles empty** (``pass``) cannot happen in a dealt game: witches only ever lie in the draw
  pile or on the discard pile, so at least seven cards are always there to draw.  The rule is
  kept, and tested, for positions built by hand.
* **The game ends with probability 1, not within a bound**: a witch can undo any progress, so no
  number of turns is guaranteed; tests/test_castle_random.py shows how long seeded games get.

Events (plain fields; every card that moves is named with where it comes from and goes to):

``drew(player, card, left)`` the top card of the draw pile is turned up on the table (``left``
cards remain); ``castle_started(player, card, colour, source, seller)`` and ``castle_grew(player,
card, piece, size, source, seller)`` the card goes into the player's castle from the table
(``source="table"``, ``seller=None``) or from the seller's spare pile (``source="spares"``);
``to_spares(player, card)`` from the table to the player's spare pile; ``witch(player, card,
fairy, losable, must_lose, choice)`` the witch goes from the table to the discard pile;
``fairy_saved(player, card)`` a fairy goes from the player's spares to the discard pile;
``lost(player, card, source)`` a card goes from the player's ``"spares"`` or ``"castle"`` to the
discard pile; ``colour_freed(player, colour)`` an emptied castle's colour is free again;
``bought(player, seller, card, diamonds)`` three diamonds go from the buyer's spares to the
seller's, the card leaves the seller's spares (a ``castle_*`` event follows); ``reshuffled(player,
count, cards)`` the discard pile becomes the draw pile (``cards`` sorted, so the new order stays
hidden); ``stopped(player)``, ``passed(player)``, ``turn(player)`` whose turn it is now;
``game_over(winners)``.

Refused actions (``IllegalActionError.code``, and :meth:`CastleState.refusal` without playing):
``malformed`` (not an action of this game), ``game_over``, ``answer_witch`` (the witch waits for
the fairy or not), ``feed_witch`` (the witch waits for cards; field ``left``), ``not_losable`` (a
card the witch cannot take; ``card``), ``no_cards`` (both piles empty), ``draw_first`` (stop before
a draw), ``can_draw`` (pass while a card can be drawn), ``no_witch`` (an answer with no witch),
``already_drawn`` (a purchase after a draw), ``too_few_diamonds`` (``price``, ``diamonds``) and
``not_for_sale`` (no such card to buy and build with; ``seller``, ``card``).
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Callable, Mapping

from kidgames.core.kit import (Checked, MALFORMED, ActionSchema, GameState, SaveReader, UndoSteps, brief, check_seat,
                               game_options, new_rng, read_save)
from kidgames.core.protocol import (Action, Event, IllegalActionError, check_players, rng_state_to_json)
# the game's id, title, players and options: written once, in the package (the menu's, before these rules)
from kidgames.games.castle import GAME_ID, MAX_PLAYERS, MIN_PLAYERS, OPTIONS, TITLE  # noqa: F401

SAVE_VERSION = 1

COLOURS = ("red", "blue", "yellow", "purple")
#: Each colour's emblem, so that colour-blind players can tell the castles apart.
EMBLEMS = MappingProxyType({"red": "heart", "blue": "star", "yellow": "sun", "purple": "moon"})
PIECES = 6
DIAMOND, WITCH, FAIRY = "diamond", "witch", "fairy"
DIAMONDS, WITCHES, FAIRIES = 20, 7, 3
PRICE = 3           # diamonds for one bought castle card
WITCH_TAKES = 3     # cards a witch takes when no fairy helps

#: ``castle:<colour>:<piece>`` -> (colour, piece)
CASTLE_CARDS = MappingProxyType({f"castle:{c}:{p}": (c, p) for c in COLOURS for p in range(1, PIECES + 1)})
#: The 54 cards of the game.
DECK = tuple(CASTLE_CARDS) + (DIAMOND,) * DIAMONDS + (WITCH,) * WITCHES + (FAIRY,) * FAIRIES
DECK_COUNTS = MappingProxyType(dict(Counter(DECK)))
#: What a spare pile may hold: spare castle cards, diamonds and fairies (a witch never stays).
SPARE_KINDS = frozenset(CASTLE_CARDS) | {DIAMOND, FAIRY}

NO_DECISION, WITCH_CHOICE, LOSE_CHOICE = None, "witch", "lose"

#: The actions and their fields.
ACTIONS = ActionSchema(TITLE, {
    "draw": {}, "stop": {}, "pass": {}, "use_fairy": {}, "accept_witch": {},
    "lose": {"card": str}, "buy": {"seller": int, "card": str},
})


#: Every reason code an action of this game is refused with (see the module's docstring).
REFUSALS = frozenset({MALFORMED, "game_over", "answer_witch", "feed_witch", "not_losable", "no_cards", "draw_first",
                      "can_draw", "no_witch", "already_drawn", "too_few_diamonds", "not_for_sale"})


def castle_card(colour: str, piece: int) -> str:
    """The id of a castle card: ``castle_card("blue", 3) == "castle:blue:3"``."""
    return f"castle:{colour}:{piece}"


def colour_of(card: str) -> str | None:
    """The colour of a castle card, None for a diamond, witch or fairy."""
    found = CASTLE_CARDS.get(card)
    return found[0] if found else None


def piece_of(card: str) -> int:
    return CASTLE_CARDS[card][1]


@dataclass(frozen=True)
class CastleView:
    """What the Castle Builders table shows (:meth:`CastleState.view`), as plain data.  Nothing in
    this game is any seat's secret: the only hidden thing is the draw pile's order, hidden from
    everybody alike, so the view is the public table for every watcher.

    ``colours``, ``castles`` (pieces in piece order) and ``spares`` per seat; ``draw_pile`` the
    number of cards in the draw pile (never their order) and ``discard`` the discard pile (top =
    last); ``pending`` and ``losses_left`` what the witch waits for (see the module's docstring);
    ``losable`` the cards the witch may take from the player whose decision it is while she waits
    for them (else empty); ``drawn_this_turn``, ``turn`` and ``winners`` as in the state.  Whose
    turn and decision it is are the session's common view (``turn_owner``, ``decider``)."""

    colours: tuple[str | None, ...]
    castles: tuple[tuple[str, ...], ...]
    spares: tuple[tuple[str, ...], ...]
    draw_pile: int
    discard: tuple[str, ...]
    pending: str | None
    losses_left: int
    losable: tuple[str, ...]
    drawn_this_turn: int
    turn: int
    winners: tuple[int, ...]


class CastleState(Checked, UndoSteps):
    """A game of Castle Builders in progress.

    Public attributes (the engine contract; tests may read and overwrite them): ``draw_pile`` (top
    = last), ``discard``, ``colours`` (per seat, None = no colour), ``castles`` (per seat, the
    pieces in piece order), ``spares``, ``current_player``, ``drawn_this_turn``; and this engine's
    ``pending`` and ``losses_left`` (the witch's choice), ``winners``, ``turn`` (1 for the first
    turn).  The auto-fairy option is not the engine's: a witch always asks a player who holds a
    fairy, and the turn controller answers for a person when the option says so (:func:`auto_answer`).
    """

    game_id = GAME_ID
    #: What may be taken back (see :class:`UndoSteps`): stopping (the turn passed by a wrong tap), a
    #: purchase, the answer to a witch (fairy or not) and each card picked for her, until something
    #: is drawn; never a draw (a card shown, the pile shuffled).
    UNDOABLE = frozenset({"stop", "buy", "use_fairy", "accept_witch", "lose"})

    def __init__(self, num_players: int, rng: random.Random) -> None:
        check_players(TITLE, num_players, MIN_PLAYERS, MAX_PLAYERS)
        self.num_players = num_players
        self.rng = rng
        self.draw_pile: list[str] = []
        self.discard: list[str] = []
        self.colours: list[str | None] = [None] * num_players
        self.castles: list[list[str]] = [[] for _ in range(num_players)]
        self.spares: list[list[str]] = [[] for _ in range(num_players)]
        self.current_player = 0
        self.drawn_this_turn = 0
        self.pending: str | None = NO_DECISION
        self.losses_left = 0
        self.winners: list[int] = []
        self.turn = 1

    # -- what a player holds ---------------------------------------------------------------------
    def diamonds(self, seat: int) -> int:
        return self.spares[seat].count(DIAMOND)

    def losable(self, seat: int) -> list[str]:
        """The cards a witch may take: diamonds, spare castle cards and the castle — never a fairy."""
        return [c for c in self.spares[seat] if c != FAIRY] + list(self.castles[seat])

    def can_build(self, seat: int, card: str) -> bool:
        """A castle card of the seat's colour, or, for a seat without a castle, of a colour nobody builds."""
        colour = colour_of(card)
        if colour is None:
            return False
        if self.colours[seat] is None:
            return colour not in self.colours
        return colour == self.colours[seat]

    # -- protocol --------------------------------------------------------------------------------
    def view(self, sees: Callable[[int], bool]) -> CastleView:
        """The table as every watcher sees it: Castle Builders has no seat's secrets, so ``sees``
        (the watching model) changes nothing; the draw pile is only its size.  Pure and cheap:
        tuples of the state's cards, nothing deep-copied."""
        losable = tuple(self.losable(self.current_player)) if self.pending == LOSE_CHOICE else ()
        return CastleView(tuple(self.colours), tuple(map(tuple, self.castles)), tuple(map(tuple, self.spares)),
                          len(self.draw_pile), tuple(self.discard), self.pending, self.losses_left, losable,
                          self.drawn_this_turn, self.turn, tuple(self.winners))

    @property
    def is_over(self) -> bool:
        return bool(self.winners)

    @property
    def scores(self) -> list[int]:
        """Pieces in each seat's castle (the results screen shows them beside the pawns)."""
        return [len(castle) for castle in self.castles]

    def legal_actions(self) -> list[Action]:
        """Draw (or stop once a card was drawn), buy before the first draw, or the witch's choices."""
        if self.is_over:
            return []
        p = self.current_player
        if self.pending == WITCH_CHOICE:
            return [Action("use_fairy"), Action("accept_witch")]
        if self.pending == LOSE_CHOICE:
            return [Action("lose", card=c) for c in sorted(set(self.losable(p)))]
        can_draw = bool(self.draw_pile or self.discard)
        actions = [Action("draw")] if can_draw else []
        if self.drawn_this_turn:
            return actions + [Action("stop")]
        actions += self._buy_actions(p)
        if not can_draw:
            actions.append(Action("pass"))
        return actions

    def _buy_actions(self, p: int) -> list[Action]:
        """Buying: 3 diamonds, a castle card from an opponent's spares that the buyer can build with."""
        if self.diamonds(p) < PRICE:
            return []
        return [Action("buy", seller=s, card=c)
                for s in range(self.num_players) if s != p
                for c in sorted(set(self.spares[s])) if self.can_build(p, c)]

    def observation(self, seat: int) -> dict:
        """What ``seat`` may know: everything but the draw pile's order (its size is given)."""
        check_seat(seat, self.num_players)
        return {
            "seat": seat, "num_players": self.num_players, "current_player": self.current_player,
            "draw_pile_size": len(self.draw_pile), "discard": list(self.discard),
            "colours": list(self.colours), "castles": [list(c) for c in self.castles],
            "castle_sizes": [len(c) for c in self.castles], "spares": [list(s) for s in self.spares],
            "diamonds": [self.diamonds(s) for s in range(self.num_players)],
            "drawn_this_turn": self.drawn_this_turn, "pending": self.pending,
            "losses_left": self.losses_left, "turn": self.turn,
            "winners": list(self.winners), "is_over": self.is_over,
        }

    def _apply(self, action: Action) -> list[Event]:
        """Apply one decision of the current player; an illegal one raises IllegalActionError and
        changes nothing (every check comes before the first change)."""
        self._check(action)
        p = self.current_player
        kind = action.kind
        if kind == "draw":
            return self._draw(p)
        if kind == "stop":
            return [Event("stopped", player=p)] + self._end_turn(p)
        if kind == "pass":
            return [Event("passed", player=p)] + self._end_turn(p)
        if kind == "buy":
            return self._buy(p, action.seller, action.card)
        if kind == "use_fairy":
            self.pending = NO_DECISION
            return self._use_fairy(p) + self._end_turn(p)
        if kind == "accept_witch":
            self.pending = NO_DECISION
            return self._witch_takes(p)
        return self._lose_chosen(p, action.card)

    def _problem(self, action: Any) -> IllegalActionError | None:
        """The error that refuses ``action`` (its code one of :data:`REFUSALS`), or None when it is
        one of :meth:`legal_actions` (checked directly: building the list for every action would
        double the cost of a game)."""
        if self.is_over:
            return IllegalActionError("the game is over: a castle is finished", "game_over")
        malformed = ACTIONS.problem(action)
        if malformed is not None:
            return malformed
        kind = action.kind
        p = self.current_player
        if self.pending == WITCH_CHOICE:
            if kind in ("use_fairy", "accept_witch"):
                return None
            return IllegalActionError("the witch came: first choose to use the fairy or to let the witch take "
                                      "her cards", "answer_witch")
        if self.pending == LOSE_CHOICE:
            if kind != "lose":
                return IllegalActionError(f"the witch came: first choose {self.losses_left} more card(s) for her "
                                          f"to take", "feed_witch", left=self.losses_left)
            if action.card in self.losable(p):
                return None
            return IllegalActionError(f"{action.card!r} is not a card the witch can take from this player",
                                      "not_losable", card=action.card)
        can_draw = bool(self.draw_pile or self.discard)
        if kind == "draw":
            return None if can_draw else IllegalActionError(
                "there is no card to draw: the draw pile and the discard pile are empty", "no_cards")
        if kind == "stop":
            return None if self.drawn_this_turn > 0 else IllegalActionError(
                "a player must draw at least one card before stopping", "draw_first")
        if kind == "pass":
            return None if not self.drawn_this_turn and not can_draw else IllegalActionError(
                "'pass' is only for a turn in which no card can be drawn (both piles empty)", "can_draw")
        if kind in ("use_fairy", "accept_witch", "lose"):
            return IllegalActionError(f"{kind!r} answers a witch, and no witch is waiting", "no_witch")
        seller, card = action.seller, action.card
        if self.drawn_this_turn:
            return IllegalActionError("buying is instead of drawing: this turn a card was already drawn",
                                      "already_drawn")
        if self.diamonds(p) < PRICE:
            return IllegalActionError(f"buying a card costs {PRICE} diamonds", "too_few_diamonds",
                                      price=PRICE, diamonds=self.diamonds(p))
        if seller != p and 0 <= seller < self.num_players and card in self.spares[seller] and self.can_build(p, card):
            return None
        return IllegalActionError(f"player {seller!r} has no card {card!r} on their spare pile that player {p} "
                                  f"could build with", "not_for_sale", seller=seller, card=card)

    # -- a turn ------------------------------------------------------------------------------------
    def _draw(self, p: int) -> list[Event]:
        """Draw: the top card is shown, then a castle card is built or put on the spare pile."""
        events = []
        if not self.draw_pile:
            events.append(self._reshuffle(p))
        card = self.draw_pile.pop()
        self.drawn_this_turn += 1
        events.append(Event("drew", player=p, card=card, left=len(self.draw_pile)))
        if card == WITCH:
            return events + self._witch(p, card)
        if self.can_build(p, card):
            events += self._build(p, card, source="table", seller=None)
        else:
            self.spares[p].append(card)
            events.append(Event("to_spares", player=p, card=card))
        return events + self._check_won(p)

    def _reshuffle(self, p: int) -> Event:
        """The draw pile is empty and a card must be drawn: the discard pile is shuffled into it."""
        cards = list(self.discard)
        self.discard = []
        self.rng.shuffle(cards)
        self.draw_pile = cards
        return Event("reshuffled", player=p, count=len(cards), cards=sorted(cards))

    def _build(self, p: int, card: str, source: str, seller: int | None) -> list[Event]:
        """The first buildable card starts the castle (its colour becomes the player's); later
        cards of that colour are added, each in its place (pieces in order)."""
        colour = colour_of(card)
        castle = self.castles[p]
        castle.append(card)
        castle.sort(key=piece_of)
        if self.colours[p] is None:
            self.colours[p] = colour
            return [Event("castle_started", player=p, card=card, colour=colour, source=source, seller=seller)]
        return [Event("castle_grew", player=p, card=card, piece=piece_of(card), size=len(castle),
                      source=source, seller=seller)]

    def _check_won(self, p: int) -> list[Event]:
        """The first player whose castle holds all six pieces wins, at once."""
        if len(self.castles[p]) == PIECES:
            self.winners = [p]
            self.pending = NO_DECISION
            return [Event("game_over", winners=[p])]
        return []

    def _end_turn(self, p: int) -> list[Event]:
        self.drawn_this_turn = 0
        self.losses_left = 0
        self.current_player = (p + 1) % self.num_players
        self.turn += 1
        return [Event("turn", player=self.current_player)]

    def _buy(self, p: int, seller: int, card: str) -> list[Event]:
        """Buy instead of drawing: 3 diamonds to the seller's spare pile, the card into the castle;
        the purchase is the whole turn."""
        for _ in range(PRICE):
            self.spares[p].remove(DIAMOND)
        self.spares[seller].extend([DIAMOND] * PRICE)
        self.spares[seller].remove(card)
        events = [Event("bought", player=p, seller=seller, card=card, diamonds=PRICE)]
        events += self._build(p, card, source="spares", seller=seller)
        won = self._check_won(p)
        return events + (won or self._end_turn(p))

    # -- the witch ---------------------------------------------------------------------------------
    def _witch(self, p: int, card: str) -> list[Event]:
        """A witch ends the turn.  A fairy may stop her (the player is asked); otherwise she takes 3
        cards of the player's choice, or all losable cards if there are fewer than 3."""
        self.discard.append(card)
        has_fairy = FAIRY in self.spares[p]
        losable = len(self.losable(p))
        must_lose = min(WITCH_TAKES, losable)
        choice = WITCH_CHOICE if has_fairy else (LOSE_CHOICE if losable > WITCH_TAKES else None)
        events = [Event("witch", player=p, card=card, fairy=has_fairy, losable=losable,
                        must_lose=must_lose, choice=choice)]
        if has_fairy:
            self.pending = WITCH_CHOICE
            return events
        return events + self._witch_takes(p)

    def _use_fairy(self, p: int) -> list[Event]:
        """The fairy stops the witch: fairy and witch are discarded, nothing else is lost."""
        self.spares[p].remove(FAIRY)
        self.discard.append(FAIRY)
        return [Event("fairy_saved", player=p, card=FAIRY)]

    def _witch_takes(self, p: int) -> list[Event]:
        """No fairy: with 3 or fewer losable cards all of them go, else the player chooses 3."""
        losable = self.losable(p)
        if len(losable) > WITCH_TAKES:
            self.pending = LOSE_CHOICE
            self.losses_left = WITCH_TAKES
            return []
        events = []
        for card in losable:
            events += self._lose(p, card)
        return events + self._end_turn(p)

    def _lose_chosen(self, p: int, card: str) -> list[Event]:
        events = self._lose(p, card)
        self.losses_left -= 1
        if self.losses_left and self.losable(p):
            return events
        self.pending = NO_DECISION
        return events + self._end_turn(p)

    def _lose(self, p: int, card: str) -> list[Event]:
        """One card to the discard pile; a castle losing its last card frees its colour."""
        if card in self.spares[p]:
            self.spares[p].remove(card)
            source = "spares"
        else:
            self.castles[p].remove(card)
            source = "castle"
        self.discard.append(card)
        events = [Event("lost", player=p, card=card, source=source)]
        if source == "castle" and not self.castles[p]:
            colour, self.colours[p] = self.colours[p], None
            events.append(Event("colour_freed", player=p, colour=colour))
        return events

    # -- saving ------------------------------------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "game": GAME_ID, "version": SAVE_VERSION, "num_players": self.num_players,
            "draw_pile": list(self.draw_pile), "discard": list(self.discard),
            "colours": list(self.colours), "castles": [list(c) for c in self.castles],
            "spares": [list(s) for s in self.spares], "current_player": self.current_player,
            "drawn_this_turn": self.drawn_this_turn, "pending": self.pending,
            "losses_left": self.losses_left, "winners": list(self.winners), "turn": self.turn,
            "rng": rng_state_to_json(self.rng), **self.undo_json(),
        }

    def __repr__(self) -> str:
        return (f"CastleState(turn={self.turn}, current={self.current_player}, "
                f"castles={self.castles}, pending={self.pending!r})")


def auto_answer(state: CastleState, options: Mapping[str, Any]) -> Action | None:
    """With auto-fairy on, the answer to a witch when the player holds a fairy: use it (rules:
    "A setting auto-fairy makes the choice for young children"); None when nothing is asked."""
    if options.get("auto_fairy") and state.pending == WITCH_CHOICE and not state.is_over:
        return Action("use_fairy")
    return None


def new_state(num_players: int, seed: int | None = None, options: Mapping[str, Any] | None = None) -> CastleState:
    """A new game: the 54 cards shuffled face down as the draw pile, seat 0 starts.  The options
    are checked; ``auto_fairy`` is answered by the turn controller (:func:`auto_answer`)."""
    game_options(options, OPTIONS)
    state = CastleState(num_players, new_rng(seed))
    pile = list(DECK)
    state.rng.shuffle(pile)
    state.draw_pile = pile
    return state


def state_from_json(data: Mapping[str, Any]) -> CastleState:
    """Rebuild a state from :meth:`CastleState.to_json`; damaged data raises StateDataError with a
    sentence.  Every value is checked (types, ranges, the 54 cards exactly once, each castle one
    colour in piece order), since a save is read back into a game children go on playing."""
    return read_save(data, GAME_ID, TITLE, SAVE_VERSION, _restore)


CastleState._undo_reader = staticmethod(state_from_json)
_PROTOCOL: type[GameState[CastleView]] = CastleState    # the type checker (.ci/run) holds it to the protocol


def _restore(saved: SaveReader) -> CastleState:
    n = saved.players(MIN_PLAYERS, MAX_PLAYERS)
    if "auto_fairy" in saved.data:          # saves before the option moved to the controller
        saved.flag("auto_fairy", "option auto_fairy")
    state = CastleState(n, saved.rng())
    state.draw_pile = saved.cards("draw_pile", "the draw pile", DECK_COUNTS)
    state.discard = saved.cards("discard", "the discard pile", DECK_COUNTS)
    state.colours = saved.per_seat("colours", n, "colours (one entry per player)")
    state.castles = saved.per_seat_cards("castles", n, "castles (one entry per player)", "the castle of player {}".format,
                                         CASTLE_CARDS)
    state.spares = saved.per_seat_cards("spares", n, "spare piles (one entry per player)",
                                        "the spare pile of player {}".format, SPARE_KINDS)
    state.current_player = saved.seat("current_player", n, "current player")
    state.drawn_this_turn = saved.number("drawn_this_turn", "number of cards drawn this turn", 0, len(DECK))
    state.losses_left = saved.number("losses_left", "number of cards the witch still takes", 0, WITCH_TAKES)
    state.turn = saved.turn(lo=1)
    state.pending = saved["pending"]
    state.winners = saved.seats("winners", n, "winners", most=1)
    _check_cards(saved, state)
    _check_castles(saved, state)
    _check_decision(saved, state)
    return state


def _check_cards(saved: SaveReader, state: CastleState) -> None:
    """The 54 cards, each once over the piles, the castles and the spare piles."""
    held = state.draw_pile + state.discard
    for seat in range(state.num_players):
        held += state.castles[seat] + state.spares[seat]
    saved.exactly_once(held, DECK, "the 54 cards are not each there once")


def _check_castles(saved: SaveReader, state: CastleState) -> None:
    """Each castle one colour (its player's, different from the others') in piece order; the
    winners the players with a finished castle."""
    building = [c for c in state.colours if c is not None]
    saved.need(all(c in COLOURS for c in building),
               f"the colours {brief(state.colours, 80)} are not each one of {', '.join(COLOURS)} or none")
    saved.need(len(set(building)) == len(building), f"two players build the same colour ({state.colours!r})")
    for seat, (colour, castle) in enumerate(zip(state.colours, state.castles)):
        saved.need((colour is None) == (not castle),
                   f"player {seat} has a colour exactly when they have a castle (colour {colour!r}, castle {castle!r})")
        saved.need(all(colour_of(card) == colour for card in castle),
                   f"the castle of player {seat} holds a card that is not {colour}")
        pieces = [piece_of(c) for c in castle]
        saved.need(pieces == sorted(pieces), f"the castle of player {seat} does not hold its pieces in order")
    complete = [seat for seat, castle in enumerate(state.castles) if len(castle) == PIECES]
    saved.need(complete == state.winners,
               f"the winners {state.winners!r} are not the players with a finished castle {complete!r}")


def _check_decision(saved: SaveReader, state: CastleState) -> None:
    """What the witch waits for, if anything, is what the rules would wait for now."""
    p, pending = state.current_player, state.pending
    saved.need(pending in (NO_DECISION, WITCH_CHOICE, LOSE_CHOICE),
               f"the waiting decision {brief(pending)} is not none, 'witch' or 'lose'")
    saved.need(not (state.winners and pending), "a finished game waits for no witch")
    witch_drawn = bool(state.discard) and state.discard[-1] == WITCH and bool(state.drawn_this_turn)
    saved.need(pending != WITCH_CHOICE or (witch_drawn and FAIRY in state.spares[p]),
               "a witch waits for a choice, but the player drew no witch or holds no fairy")
    saved.need((pending == LOSE_CHOICE) == (state.losses_left > 0),
               "cards the witch still takes are saved exactly when the player chooses them")
    saved.need(pending != LOSE_CHOICE or (len(state.losable(p)) > state.losses_left and bool(state.drawn_this_turn)),
               "the witch waits for chosen cards, but there is nothing to choose")
