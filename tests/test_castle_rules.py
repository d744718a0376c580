"""Castle Builders: the examples of shared/rules/castle.md and one test per rule.

Positions are built through the public attributes of the engine contract (``draw_pile`` with its
top as the last card, ``discard``, ``colours``, ``castles``, ``spares``, ``current_player``,
``drawn_this_turn``).  The helpers move cards out of the shuffled deck rather than invent them, so
every position still holds the 54 cards once and can be saved and read back.
"""
from __future__ import annotations

import json
from collections import Counter

import pytest

from kidgames.core.protocol import Action, IllegalActionError, StateDataError
from kidgames.games import GAMES
from kidgames.games.castle.rules import DECK, castle_card, new_state, state_from_json

CASTLE = GAMES["castle"]
DRAW, STOP, PASS = Action("draw"), Action("stop"), Action("pass")
USE_FAIRY, ACCEPT_WITCH = Action("use_fairy"), Action("accept_witch")


# -- helpers ------------------------------------------------------------------------------------

def red(piece: int) -> str:
    return castle_card("red", piece)


def blue(piece: int) -> str:
    return castle_card("blue", piece)


def _take(state, card: str) -> None:
    """Take one ``card`` out of the draw pile (where a fresh deal keeps every card)."""
    state.draw_pile.remove(card)


def game(players: int = 2, seed: int = 1, auto_fairy: bool = False, **seats):
    """A new game with cards dealt by seat: ``game(castle0=[red(1)], spares1=["diamond"])``."""
    state = CASTLE.new_state(players, seed=seed, options={"auto_fairy": auto_fairy})
    for key, cards in seats.items():
        where, seat = key[:-1], int(key[-1])
        for card in cards:
            _take(state, card)
        if where == "castle":
            state.castles[seat] = list(cards)
            state.colours[seat] = cards[0].split(":")[1] if cards else None
        else:
            state.spares[seat] = list(cards)
    return state


def on_top(state, *cards: str) -> None:
    """Put ``cards`` on top of the draw pile so that they are drawn in the order given."""
    for card in cards:
        _take(state, card)
    state.draw_pile.extend(reversed(cards))


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def only(events, kind: str):
    found = [e for e in events if e.kind == kind]
    assert len(found) == 1, f"expected one {kind!r} event, got {events!r}"
    return found[0]


def all_cards(state) -> Counter:
    held = Counter(state.draw_pile) + Counter(state.discard)
    for seat in range(state.num_players):
        held += Counter(state.castles[seat]) + Counter(state.spares[seat])
    return held


def assert_turn_passed_to(state, seat: int) -> None:
    assert state.current_player == seat
    assert state.drawn_this_turn == 0
    assert state.pending is None
    assert STOP not in state.legal_actions()


# -- setup -------------------------------------------------------------------------------------

def test_all_54_cards_are_shuffled_face_down_and_seat_0_starts_without_a_castle():
    state = CASTLE.new_state(3, seed=5)
    assert len(DECK) == 54 and Counter(DECK)["diamond"] == 20
    assert Counter(DECK)["witch"] == 7 and Counter(DECK)["fairy"] == 3
    assert len({c for c in DECK if c.startswith("castle:")}) == 24
    assert Counter(state.draw_pile) == Counter(DECK)
    assert state.draw_pile != list(DECK), "the pile is shuffled"
    assert state.discard == [] and state.castles == [[], [], []] and state.spares == [[], [], []]
    assert state.colours == [None, None, None]
    assert state.current_player == 0 and state.drawn_this_turn == 0


def test_castle_builders_is_played_by_two_to_four():
    for players in (1, 5):
        with pytest.raises(ValueError, match="2 to 4"):
            CASTLE.new_state(players, seed=1)


def test_the_same_seed_deals_the_same_game_and_the_same_actions_play_it_the_same_way():
    a, b = CASTLE.new_state(2, seed=42), CASTLE.new_state(2, seed=42)
    assert a.draw_pile == b.draw_pile
    for _ in range(200):
        if a.is_over:
            break
        action = a.legal_actions()[-1]
        assert a.apply(action) == b.apply(action)
    assert a.to_json() == b.to_json()
    assert CASTLE.new_state(2, seed=43).draw_pile != a.to_json()["draw_pile"]


# -- drawing castle cards ------------------------------------------------------------------------

def test_the_first_castle_card_of_a_free_colour_starts_the_players_castle():
    state = game()
    on_top(state, red(4))
    events = state.apply(DRAW)
    assert kinds(events) == ["drew", "castle_started"]
    assert only(events, "castle_started").colour == "red"
    assert state.colours[0] == "red" and state.castles[0] == [red(4)]
    assert state.drawn_this_turn == 1


def test_the_same_colour_drawn_by_another_player_goes_to_their_spares():
    state = game(castle0=[red(1)])
    state.current_player = 1
    on_top(state, red(2))
    events = state.apply(DRAW)
    assert kinds(events) == ["drew", "to_spares"]
    assert state.spares[1] == [red(2)] and state.castles[1] == [] and state.colours[1] is None
    assert state.castles[0] == [red(1)]


def test_a_second_colour_for_the_same_player_goes_to_spares():
    state = game(castle0=[red(1)])
    on_top(state, blue(1))
    events = state.apply(DRAW)
    assert kinds(events) == ["drew", "to_spares"]
    assert state.spares[0] == [blue(1)] and state.colours[0] == "red"


def test_a_card_of_the_players_colour_is_added_to_the_castle_in_its_place():
    state = game(castle0=[red(2), red(5)])
    on_top(state, red(3))
    grew = only(state.apply(DRAW), "castle_grew")
    assert (grew.card, grew.piece, grew.size, grew.source) == (red(3), 3, 3, "table")
    assert state.castles[0] == [red(2), red(3), red(5)]


def test_diamonds_and_fairies_go_to_the_spare_pile():
    state = game()
    on_top(state, "diamond", "fairy")
    assert kinds(state.apply(DRAW)) == ["drew", "to_spares"]
    assert kinds(state.apply(DRAW)) == ["drew", "to_spares"]
    assert state.spares[0] == ["diamond", "fairy"]


def test_after_each_card_the_player_draws_again_or_stops_and_the_turn_passes_clockwise():
    state = game(players=3)
    on_top(state, "diamond")
    state.apply(DRAW)
    assert set(state.legal_actions()) == {DRAW, STOP}
    events = state.apply(STOP)
    assert kinds(events) == ["stopped", "turn"] and only(events, "turn").player == 1
    assert_turn_passed_to(state, 1)
    state.current_player = 2
    on_top(state, "diamond")
    state.apply(DRAW)
    state.apply(STOP)
    assert state.current_player == 0


def test_a_player_must_draw_at_least_one_card_before_stopping():
    state = game()
    assert STOP not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="at least one card"):
        state.apply(STOP)


# -- the witch -----------------------------------------------------------------------------------

def test_a_witch_with_a_fairy_in_hand_the_fairy_is_used_and_nothing_else_is_lost():
    state = game(castle0=[red(1), red(2)], spares0=["fairy", "diamond"])
    on_top(state, "witch")
    events = state.apply(DRAW)
    assert kinds(events) == ["drew", "witch"] and only(events, "witch").fairy is True
    assert state.pending == "witch" and state.legal_actions() == [USE_FAIRY, ACCEPT_WITCH]
    events = state.apply(USE_FAIRY)
    assert kinds(events) == ["fairy_saved", "turn"]
    assert state.discard == ["witch", "fairy"]
    assert state.castles[0] == [red(1), red(2)] and state.spares[0] == ["diamond"]
    assert_turn_passed_to(state, 1)


def test_auto_fairy_uses_the_fairy_at_once_for_a_person_not_for_a_computer():
    """Rules: "A setting auto-fairy makes the choice for young children (always use a fairy)".
    The engine always asks; the turn controller answers for a person when the option is on."""
    from kidgames.core.seats import COMPUTER, Seat
    from kidgames.core.turns import TurnController
    state = game(auto_fairy=True, castle0=[red(1)], spares0=["fairy"])
    on_top(state, "witch")
    assert kinds(new_state(2, seed=1, options={"auto_fairy": True}).apply(DRAW))[0] == "drew"
    seats = [Seat("Anna", "red"), Seat("Ben", "blue")]
    events = TurnController(CASTLE, state, seats, options={"auto_fairy": True}).submit(DRAW)
    assert kinds(events) == ["drew", "witch", "fairy_saved", "turn"]
    assert state.discard == ["witch", "fairy"] and state.castles[0] == [red(1)]
    assert_turn_passed_to(state, 1)
    # without the option the person is asked
    asked = game(castle0=[red(1)], spares0=["fairy"])
    on_top(asked, "witch")
    events = TurnController(CASTLE, asked, seats, options={"auto_fairy": False}).submit(DRAW)
    assert kinds(events) == ["drew", "witch"] and asked.pending == "witch"
    # a computer decides for itself: the controller does not answer for it
    robot = game(auto_fairy=True, castle0=[red(1)], spares0=["fairy"])
    on_top(robot, "witch")
    events = TurnController(CASTLE, robot, [Seat("Robo", "red", COMPUTER), seats[1]],
                            options={"auto_fairy": True}).submit(DRAW)
    assert kinds(events) == ["drew", "witch"] and set(robot.legal_actions()) == {USE_FAIRY, ACCEPT_WITCH}


def test_a_witch_without_a_fairy_takes_three_cards_of_the_players_choice():
    state = game(castle0=[red(1), red(2)], spares0=["diamond", "diamond", blue(3)])
    on_top(state, "witch")
    witch = only(state.apply(DRAW), "witch")
    assert (witch.fairy, witch.losable, witch.must_lose, witch.choice) == (False, 5, 3, "lose")
    assert state.pending == "lose" and state.losses_left == 3
    assert set(state.legal_actions()) == {Action("lose", card=c) for c in
                                          ("diamond", blue(3), red(1), red(2))}
    assert kinds(state.apply(Action("lose", card=blue(3)))) == ["lost"]
    assert kinds(state.apply(Action("lose", card="diamond"))) == ["lost"]
    assert state.current_player == 0 and state.losses_left == 1
    events = state.apply(Action("lose", card=red(2)))
    assert kinds(events) == ["lost", "turn"] and only(events, "lost").source == "castle"
    assert state.discard == ["witch", blue(3), "diamond", red(2)]
    assert state.castles[0] == [red(1)] and state.spares[0] == ["diamond"]
    assert_turn_passed_to(state, 1)


def test_a_player_who_holds_a_fairy_may_let_the_witch_take_cards_but_never_the_fairy():
    state = game(castle0=[red(1)], spares0=["fairy", "diamond", "diamond"])
    on_top(state, "witch")
    state.apply(DRAW)
    events = state.apply(ACCEPT_WITCH)
    assert sorted(e.card for e in events if e.kind == "lost") == sorted(["diamond", "diamond", red(1)])
    assert state.spares[0] == ["fairy"]
    assert_turn_passed_to(state, 1)


def test_fairies_are_never_offered_to_the_witch():
    state = game(castle0=[red(1), red(2)], spares0=["fairy", "diamond", "diamond", "fairy"])
    on_top(state, "witch")
    state.apply(DRAW)
    state.apply(ACCEPT_WITCH)
    assert Action("lose", card="fairy") not in state.legal_actions()
    with pytest.raises(IllegalActionError):
        state.apply(Action("lose", card="fairy"))


def test_a_witch_takes_both_cards_when_only_two_can_be_lost():
    state = game(castle0=[red(1)], spares0=["diamond"])
    on_top(state, "witch")
    events = state.apply(DRAW)
    assert kinds(events) == ["drew", "witch", "lost", "lost", "colour_freed", "turn"]
    assert sorted(state.discard) == sorted(["witch", "diamond", red(1)])
    assert state.castles[0] == [] and state.spares[0] == []
    assert_turn_passed_to(state, 1)


def test_a_witch_takes_exactly_three_losable_cards_without_asking():
    state = game(castle0=[red(1), red(2), red(3)])
    on_top(state, "witch")
    events = state.apply(DRAW)
    assert [e.kind for e in events].count("lost") == 3 and state.castles[0] == []
    assert_turn_passed_to(state, 1)


def test_a_witch_with_nothing_to_take_is_discarded_alone():
    state = game(spares0=[])
    on_top(state, "witch")
    events = state.apply(DRAW)
    assert kinds(events) == ["drew", "witch", "turn"]
    assert state.discard == ["witch"]
    assert_turn_passed_to(state, 1)


def test_the_turn_always_ends_at_a_witch_even_after_good_cards():
    state = game(spares0=["diamond"] * 4)
    on_top(state, red(1), "diamond", "witch")
    state.apply(DRAW)
    state.apply(DRAW)
    state.apply(DRAW)
    assert state.pending == "lose" and DRAW not in state.legal_actions() and STOP not in state.legal_actions()
    for _ in range(3):
        state.apply(Action("lose", card="diamond"))
    assert_turn_passed_to(state, 1)


def test_while_a_witch_waits_only_her_choices_are_legal():
    state = game(castle0=[red(1)], spares0=["fairy"])
    on_top(state, "witch")
    state.apply(DRAW)
    before = state.to_json()
    for action in (DRAW, STOP, Action("lose", card=red(1))):
        with pytest.raises(IllegalActionError, match="witch"):
            state.apply(action)
    assert state.to_json() == before


def test_a_castle_that_loses_its_last_card_frees_its_colour():
    state = game(castle0=[red(1)], spares0=["diamond", "diamond", "diamond"])
    on_top(state, "witch")
    state.apply(DRAW)
    events = state.apply(Action("lose", card=red(1)))
    assert only(events, "colour_freed").colour == "red"
    assert state.colours[0] is None
    state.apply(Action("lose", card="diamond"))
    state.apply(Action("lose", card="diamond"))
    on_top(state, red(5))   # seat 1 may build red now
    assert kinds(state.apply(DRAW)) == ["drew", "castle_started"]
    assert state.colours[1] == "red"


def test_after_losing_its_castle_a_player_starts_a_new_one_with_the_next_buildable_card():
    state = game(castle0=[red(1)])
    on_top(state, "witch")
    state.apply(DRAW)
    state.current_player = 0
    on_top(state, blue(6))
    assert kinds(state.apply(DRAW)) == ["drew", "castle_started"]
    assert state.colours[0] == "blue" and state.castles[0] == [blue(6)]


# -- buying --------------------------------------------------------------------------------------

def test_a_player_with_three_diamonds_buys_a_card_of_their_colour_and_the_diamonds_go_to_the_seller():
    state = game(castle0=[red(1)], spares0=["diamond"] * 4, spares1=[red(2), blue(1)])
    buy = Action("buy", seller=1, card=red(2))
    assert [a for a in state.legal_actions() if a.kind == "buy"] == [buy]
    events = state.apply(buy)
    assert kinds(events) == ["bought", "castle_grew", "turn"]
    grew = only(events, "castle_grew")
    assert (grew.source, grew.seller) == ("spares", 1)
    assert state.castles[0] == [red(1), red(2)]
    assert state.spares[0] == ["diamond"]
    assert sorted(state.spares[1]) == sorted([blue(1), "diamond", "diamond", "diamond"])
    assert_turn_passed_to(state, 1)


def test_buying_needs_three_diamonds():
    state = game(castle0=[red(1)], spares0=["diamond", "diamond"], spares1=[red(2)])
    assert [a for a in state.legal_actions() if a.kind == "buy"] == []
    with pytest.raises(IllegalActionError, match="3 diamonds"):
        state.apply(Action("buy", seller=1, card=red(2)))


def test_a_purchase_is_instead_of_drawing_so_no_buy_after_a_draw():
    state = game(castle0=[red(1)], spares0=["diamond"] * 3, spares1=[red(2)])
    on_top(state, "diamond")
    state.apply(DRAW)
    assert [a for a in state.legal_actions() if a.kind == "buy"] == []
    with pytest.raises(IllegalActionError, match="instead of drawing"):
        state.apply(Action("buy", seller=1, card=red(2)))


def test_one_purchase_per_turn_and_no_draw_after_it():
    state = game(players=3, castle0=[red(1)], spares0=["diamond"] * 6, spares1=[red(2)], spares2=[red(3)])
    state.apply(Action("buy", seller=1, card=red(2)))
    assert state.current_player == 1, "the purchase was the whole turn"
    state.current_player = 0
    state.drawn_this_turn = 0
    # Back at seat 0 only by hand: the next purchase is a new turn's.
    assert Action("buy", seller=2, card=red(3)) in state.legal_actions()


def test_a_card_the_buyer_cannot_build_with_is_not_offered():
    state = game(players=3, castle0=[red(1)], castle2=[blue(1)], spares0=["diamond"] * 3,
                 spares1=[blue(2), castle_card("yellow", 1), "diamond", "fairy"])
    assert [a for a in state.legal_actions() if a.kind == "buy"] == []
    for card in (blue(2), castle_card("yellow", 1), "diamond", "fairy"):
        with pytest.raises(IllegalActionError):
            state.apply(Action("buy", seller=1, card=card))


def test_a_player_without_a_castle_buys_only_a_colour_nobody_builds_and_it_starts_the_castle():
    state = game(castle1=[red(1)], spares0=["diamond"] * 3, spares1=[red(2), blue(4)])
    assert [a for a in state.legal_actions() if a.kind == "buy"] == [Action("buy", seller=1, card=blue(4))]
    events = state.apply(Action("buy", seller=1, card=blue(4)))
    assert only(events, "castle_started").colour == "blue"
    assert state.colours[0] == "blue" and state.castles[0] == [blue(4)]


def test_a_player_cannot_buy_from_their_own_spare_pile():
    state = game(spares0=["diamond"] * 3 + [red(1)])
    with pytest.raises(IllegalActionError):
        state.apply(Action("buy", seller=0, card=red(1)))


def test_buying_the_sixth_piece_wins():
    state = game(castle0=[red(p) for p in range(1, 6)], spares0=["diamond"] * 3, spares1=[red(6)])
    events = state.apply(Action("buy", seller=1, card=red(6)))
    assert kinds(events) == ["bought", "castle_grew", "game_over"]
    assert state.winners == [0] and state.is_over


# -- the piles -----------------------------------------------------------------------------------

def test_an_empty_draw_pile_is_refilled_by_shuffling_the_discard_pile():
    state = game(castle0=[red(1)], spares1=["diamond"])
    old_discard = list(reversed(state.draw_pile))
    state.discard, state.draw_pile = old_discard, []
    events = state.apply(DRAW)
    assert kinds(events)[:2] == ["reshuffled", "drew"]
    reshuffled, drew = events[0], events[1]
    assert reshuffled.count == 52 and list(reshuffled.cards) == sorted(old_discard)
    assert drew.left == 51 and len(state.draw_pile) == 51
    assert state.draw_pile + [drew.card] != old_discard, "the discard pile is shuffled"
    assert all_cards(state) == Counter(DECK)


def test_when_both_piles_are_empty_the_player_may_only_buy_or_pass():
    state = game(castle0=[red(1)], spares0=["diamond"] * 3, spares1=[red(2)])
    state.draw_pile, state.discard = [], []
    assert set(state.legal_actions()) == {Action("buy", seller=1, card=red(2)), PASS}
    with pytest.raises(IllegalActionError, match="no card to draw"):
        state.apply(DRAW)
    events = state.apply(PASS)
    assert kinds(events) == ["passed", "turn"]
    assert_turn_passed_to(state, 1)


def test_pass_is_not_allowed_while_a_card_can_be_drawn():
    state = game()
    assert PASS not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="pass"):
        state.apply(PASS)


# -- the end ---------------------------------------------------------------------------------------

def test_the_first_castle_with_all_six_pieces_wins_at_once():
    state = game(castle0=[red(p) for p in (1, 2, 3, 4, 6)])
    on_top(state, red(5))
    events = state.apply(DRAW)
    assert kinds(events) == ["drew", "castle_grew", "game_over"]
    assert only(events, "game_over").winners == (0,)
    assert state.winners == [0] and state.is_over and state.legal_actions() == []
    with pytest.raises(IllegalActionError, match="over"):
        state.apply(STOP)


# -- actions the rules refuse --------------------------------------------------------------------

@pytest.mark.parametrize("action", [
    Action("fly"), Action("draw", card="diamond"), Action("stop", now=True),
    Action("buy", seller="1", card=red(2)), Action("buy", seller=True, card=red(2)),
    Action("buy", seller=1.0, card=red(2)), Action("buy", seller=1, card=2), Action("buy", seller=1),
    Action("buy", seller=7, card=red(2)), Action("lose", card=red(1)), Action("use_fairy"),
    Action("accept_witch"), Action("lose"), "draw",
])
def test_an_illegal_action_is_refused_and_changes_nothing(action):
    state = game(castle0=[red(1)], spares0=["diamond"] * 3, spares1=[red(2)])
    before = state.to_json()
    with pytest.raises(IllegalActionError):
        state.apply(action)
    assert state.to_json() == before
    assert Action("buy", seller=1, card=red(2)) in state.legal_actions()


# -- what a player sees ---------------------------------------------------------------------------

def test_the_observation_shows_the_table_but_not_the_order_of_the_draw_pile():
    state = game(castle0=[red(1), red(2)], spares1=["diamond", blue(3)])
    seen = state.observation(1)
    assert json.loads(json.dumps(seen)) == seen
    assert seen["draw_pile_size"] == len(state.draw_pile)
    assert seen["castle_sizes"] == [2, 0] and seen["castles"][0] == [red(1), red(2)]
    assert seen["spares"][1] == ["diamond", blue(3)] and seen["diamonds"] == [0, 1]
    assert "draw_pile" not in seen
    other = game(castle0=[red(1), red(2)], spares1=["diamond", blue(3)])
    other.draw_pile.reverse()
    assert other.observation(1) == seen, "the order of the draw pile is not shown"
    with pytest.raises(ValueError):
        state.observation(2)


# -- saving ----------------------------------------------------------------------------------------

def test_a_game_saved_while_a_witch_waits_comes_back_the_same_and_goes_on_the_same():
    state = game(castle0=[red(1), red(2)], spares0=["diamond", "diamond", "fairy"])
    on_top(state, "witch")
    state.apply(DRAW)
    state.apply(ACCEPT_WITCH)
    state.apply(Action("lose", card="diamond"))
    saved = json.loads(json.dumps(state.to_json()))
    back = state_from_json(saved)
    assert back.to_json() == state.to_json()
    assert (back.pending, back.losses_left) == ("lose", 2)
    for _ in range(300):
        if state.is_over:
            break
        action = state.legal_actions()[0]
        assert state.apply(action) == back.apply(action)
    assert back.to_json() == state.to_json()


def _damaged(change):
    state = game(castle0=[red(1), red(3)], spares1=["diamond", blue(2)])
    on_top(state, "diamond")
    state.apply(DRAW)
    data = json.loads(json.dumps(state.to_json()))
    change(data)
    return data


@pytest.mark.parametrize("change, says", [
    (lambda d: d.update(game="knights"), "not a saved game of Castle Builders"),
    (lambda d: d.update(version=9), "version"),
    (lambda d: d.pop("spares"), "'spares' is missing"),
    (lambda d: d.update(num_players=5), "number of players"),
    (lambda d: d.update(num_players=True), "number of players"),
    (lambda d: d.update(auto_fairy="yes"), "auto_fairy"),     # saves from before the option moved
    (lambda d: d["draw_pile"].pop(), "54 cards"),
    (lambda d: d["discard"].append("diamond"), "54 cards"),
    (lambda d: d["draw_pile"].append("dragon"), "cannot lie there"),
    (lambda d: d["draw_pile"].append(7), "cannot lie there"),
    (lambda d: d["spares"][0].append(d["draw_pile"].pop(d["draw_pile"].index("witch"))), "cannot lie there"),
    (lambda d: d.update(colours=["red"]), "one entry per player"),
    (lambda d: d.update(colours=["red", "green"]), "colours"),
    (lambda d: d.update(colours=["red", "red"]), "same colour"),
    (lambda d: d.update(colours=[None, None]), "colour exactly when"),
    (lambda d: d["castles"][0].reverse(), "in order"),
    (lambda d: (d["castles"][0].append(d["spares"][1].pop())), "not red"),
    (lambda d: d.update(current_player=2), "current player"),
    (lambda d: d.update(drawn_this_turn=-1), "drawn this turn"),
    (lambda d: d.update(turn=0), "turn"),
    (lambda d: d.update(pending="dragon"), "waiting decision"),
    (lambda d: d.update(pending="witch"), "holds no fairy"),
    (lambda d: d.update(pending="lose", losses_left=3), "nothing to choose"),
    (lambda d: d.update(losses_left=2), "exactly when"),
    (lambda d: d.update(winners=[0]), "finished castle"),
    (lambda d: d.update(winners=[0, 1]), "winners"),
    (lambda d: d.update(rng=[3, [0] * 625, None]), "random generator"),
    (lambda d: d.update(castles=None), "castles"),
])
def test_damaged_save_data_is_refused_with_a_sentence(change, says):
    with pytest.raises(StateDataError, match=says):
        state_from_json(_damaged(change))


def test_an_undamaged_save_is_accepted():
    assert state_from_json(_damaged(lambda d: None)).castles[0] == [red(1), red(3)]


def test_options_refuse_a_non_flag_auto_fairy():
    with pytest.raises(ValueError, match="auto_fairy"):
        new_state(2, seed=1, options={"auto_fairy": "on"})
