"""Undo for a wrong tap (issue 23): a person takes back their last steps where nothing was revealed
and nothing random happened (Board Game Arena's policy: never past a die roll, a drawn card or a look
under a tree); a computer's steps are never taken back.  Each engine says what may be taken back
(``UNDOABLE``, kidgames/core/kit.UndoSteps), the state keeps and saves the positions before those
steps, and the turn controller restores itself (its generator, the computers' memories, the event
log) with them, so the state, the save and every computer's memory are exactly as before the step."""
import json
import random

import pytest

from kidgames.core.kit import UndoSteps
from kidgames.core.protocol import Action, IllegalActionError, StateDataError
from kidgames.core.seats import Seat
from kidgames.core.turns import TurnController
from kidgames.games import GAMES

FOREST, CASTLE, KNIGHTS, QUEENS = (GAMES[g] for g in ("forest", "castle", "knights", "queens"))


@pytest.fixture(autouse=True)
def keeping(monkeypatch):
    """Every state of every engine keeps its steps as one at a table with a person does (the turn
    controller switches it on for its own state)."""
    for spec in GAMES.values():
        monkeypatch.setattr(type(spec.new_state(spec.min_players, seed=0)), "apply", UndoSteps.apply_keeping_steps)


def js(data) -> str:
    return json.dumps(data, sort_keys=True)


def people(n: int, computers=()) -> list[Seat]:
    colours = ["red", "blue", "green", "yellow", "purple"]
    return [Seat(f"P{i}", colours[i], "computer" if i in computers else "person") for i in range(n)]


def saved(ctrl: TurnController) -> str:
    """The save as the app writes it: the state and the controller."""
    return js({"state": ctrl.state.to_json(), "controller": ctrl.to_json()})


# -- the engines: what may be taken back ------------------------------------------------------------------
def forest_quiet_move(state):
    return next(a for a in state.legal_actions()
                if a.kind == "move" and state.board.tree_slot(a.dest) is None and a.dest != state.board.key)


def forest_at_move(seed=3, dice=(2, 3)):
    state = FOREST.new_state(2, seed=seed)
    state.apply(Action("roll", dice=dice))
    return state


def test_forest_a_move_chosen_after_the_throw_is_taken_back_to_the_same_throw():
    state = forest_at_move()
    before = js(state.to_json())
    moves = [a for a in state.legal_actions() if a.kind == "move"]
    quiet = next(a for a in moves if state.board.tree_slot(a.dest) is None and a.dest != state.board.key)
    events = state.apply(quiet)
    assert state.current_player == 1 and state.dice is None and state.kept_steps() and state.undo_actor == 0
    assert "undo" in state.to_json(), "the steps to take back are saved with the state"
    assert [e.kind for e in state.undo()] == ["undone"]
    assert js(state.to_json()) == before and not state.kept_steps()
    assert state.legal_actions() == moves, "the same throw, the same choices"
    assert [e.kind for e in events][0] == "moved"


def test_forest_never_past_the_throw_a_look_under_a_tree_or_a_shuffle():
    for dice in [(a, b) for a in range(1, 7) for b in range(1, 7)]:
        state = FOREST.new_state(2, seed=3)
        state.apply(Action("roll", dice=dice))
        assert not state.kept_steps(), "a throw is random: never taken back"
        look = next((a for a in state.legal_actions()
                     if a.kind == "move" and state.board.tree_slot(a.dest) in state.tree_at), None)
        if look is not None:
            break
    events = state.apply(look)
    assert any(e.private_to == 0 for e in events) and not state.kept_steps(), "a look is never taken back"
    with pytest.raises(IllegalActionError):
        state.undo()
    state = FOREST.new_state(2, seed=4)
    state.apply(Action("roll", dice=(1, 1)))
    state.apply(Action("magic_shuffle"))
    assert not state.kept_steps(), "a shuffle of the stack is random"


def test_forest_a_swap_of_two_trees_is_taken_back_and_nobody_sees_under_them():
    state = FOREST.new_state(3, seed=8)
    state.apply(Action("roll", dice=(1, 1)))
    before = js(state.to_json())
    a, b = list(state.tree_at)[:2]
    events = state.apply(Action("magic_swap", a=a, b=b))
    assert all(e.private_to is None and "motif" not in e.fields for e in events)
    undone = state.undo()
    assert js(state.to_json()) == before
    assert all("motif" not in e.fields for e in undone), "taking back says nothing of the motifs"


def castle_spares(cards):
    """Seat 0 holds ``cards`` on its spare pile and a witch lies on top of the draw pile (the 54
    cards each once, as a save must have them)."""
    state = CASTLE.new_state(2, seed=1)
    pile = list(state.draw_pile)
    for card in cards:
        pile.remove(card)
    pile.remove("witch")
    state.draw_pile = pile + ["witch"]
    state.spares[0] = list(cards)
    return state


def test_castle_stop_buy_and_the_witchs_cards_are_taken_back_one_by_one_but_never_a_draw():
    state = CASTLE.new_state(2, seed=1)
    state.apply(Action("draw"))
    assert not state.kept_steps(), "a drawn card is shown: never taken back"
    if state.pending is None and not state.is_over and state.current_player == 0:
        before = js(state.to_json())
        state.apply(Action("stop"))
        assert state.current_player == 1 and state.kept_steps()
        state.undo()
        assert js(state.to_json()) == before and state.current_player == 0
    # the witch: three cards picked, each taken back in turn, then the answer to her
    state = castle_spares(["diamond", "diamond", "castle:red:2", "castle:blue:3", "fairy"])
    state.apply(Action("draw"))
    assert state.pending == "witch_choice" or state.pending
    positions = [js(state.to_json())]
    state.apply(Action("accept_witch"))
    positions.append(js(state.to_json()))
    for card in ("diamond", "castle:red:2"):
        state.apply(Action("lose", card=card))
        positions.append(js(state.to_json()))
    state.apply(Action("lose", card="castle:blue:3"))
    assert state.current_player == 1 and state.kept_steps(), "the last pick ended the turn, and is taken back too"
    while positions:
        state.undo()
        assert js(state.to_json()) == positions.pop()
    assert not state.kept_steps() and state.pending, "back at the witch's question, not before the draw"


def queens_hand(state, seat, cards):
    """Seat ``seat`` holds ``cards`` (taken from wherever they are; its old cards go there)."""
    old = list(state.hands[seat])
    for card in cards:
        if card in old:
            old.remove(card)
            continue
        for place in [state.draw_pile, state.discard] + [h for i, h in enumerate(state.hands) if i != seat]:
            if card in place:
                place[place.index(card)] = old.pop()
                break
    state.hands[seat] = list(cards)


def queens_awake(state, seat):
    """The queen of slot 0 is awake before ``seat``."""
    queen = state.slots[0]
    state.awake[seat] = [queen]
    state.slots[0] = None
    return queen


def test_queens_a_knights_or_a_potions_target_is_taken_back_before_the_victim_answers():
    state = QUEENS.new_state(2, seed=1)
    queens_hand(state, 0, ["knight", "potion", "n2", "n3", "n4"])
    queen = queens_awake(state, 1)
    before = js(state.to_json())
    state.apply(Action("knight", target=1, queen=queen))
    assert state.current_player == 1 and state.pending and state.kept_steps() and state.undo_actor == 0
    state.undo()
    assert js(state.to_json()) == before and state.current_player == 0 and "knight" in state.hands[0]
    state.apply(Action("potion", target=1, queen=queen, slot=0))
    assert state.kept_steps()
    state.apply(Action("allow"))
    assert not state.kept_steps(), "the answer draws a card: nothing before it is taken back"


def test_queens_a_king_a_jester_and_a_discard_are_never_taken_back():
    state = QUEENS.new_state(3, seed=2)
    queens_hand(state, 0, ["king", "jester", "n2", "n3", "n4"])
    slot = next(i for i, q in enumerate(state.slots) if q is not None)
    state.apply(Action("king", slot=slot))
    assert not state.kept_steps(), "a king turns a queen face up"
    state = QUEENS.new_state(3, seed=2)
    state.apply(Action("discard", cards=(state.hands[0][0],)))
    assert not state.kept_steps(), "a discard draws a card"


def test_knights_takes_nothing_back_every_decision_is_a_throw():
    state = KNIGHTS.new_state(2, seed=1)
    assert KNIGHTS.new_state(2).UNDOABLE == frozenset()
    for _ in range(20):
        state.apply(state.legal_actions()[0])
        assert not state.kept_steps()


@pytest.mark.parametrize("game", ["forest", "castle", "queens"])
def test_seeded_games_every_step_taken_back_is_exactly_the_position_before_it_and_saves_the_same(game):
    spec = GAMES[game]
    undone = 0
    for seed in range(6):
        state = spec.new_state(2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        for _ in range(300):
            if state.is_over:
                break
            before = js(state.to_json())
            action = rng.choice(state.legal_actions())
            state.apply(action)
            if state.kept_steps():
                again = spec.state_from_json(json.loads(js(state.to_json())))
                assert js(again.to_json()) == js(state.to_json()), "a save keeps the steps to take back"
                state.undo()
                undone += 1
                assert js(state.to_json()) == before
                state.apply(action)
    assert undone > 20


def test_a_damaged_step_to_take_back_in_a_save_is_a_sentence_not_a_crash():
    state = forest_at_move()
    move = next(a for a in state.legal_actions() if a.kind == "move" and state.board.tree_slot(a.dest) is None)
    state.apply(move)
    data = state.to_json()
    data["undo"][0]["state"]["positions"] = ["nowhere", "nowhere"]
    with pytest.raises(StateDataError, match="Fairy-Tale Forest"):
        FOREST.state_from_json(data)
    data["undo"] = "lots"
    with pytest.raises(StateDataError, match="take back"):
        FOREST.state_from_json(data)


# -- the controller: a person's step, the save and every computer's memory --------------------------------
def queens_with_a_computer_victim(seed=4):
    state = QUEENS.new_state(3, seed=seed)
    queens_hand(state, 0, ["knight", "potion", "n2", "n3", "n4"])
    return state, queens_awake(state, 1)


def test_a_persons_step_taken_back_leaves_the_state_the_save_and_every_computers_memory_as_before():
    state, queen = queens_with_a_computer_victim()
    ctrl = TurnController(QUEENS, state, people(3, computers=(1, 2)), seed=9)
    # a few turns first, so that the computers remember something
    before = saved(ctrl)
    memories = js(ctrl.memories)
    assert not ctrl.can_undo()
    ctrl.submit(Action("knight", target=1, queen=queen))
    assert ctrl.can_undo() and ctrl.undo_actor == 0
    events = ctrl.undo()
    assert [e.kind for e in events] == ["undone"]
    assert saved(ctrl) == before and js(ctrl.memories) == memories
    assert not ctrl.can_undo()


def test_after_many_seeded_steps_every_undo_gives_back_the_save_exactly():
    for seed in range(4):
        spec = GAMES[("forest", "castle", "queens")[seed % 3]]
        state = spec.new_state(3, seed=seed)
        ctrl = TurnController(spec, state, people(3, computers=(2,)), seed=seed)
        rng = random.Random(seed)
        taken = 0
        for _ in range(400):
            if ctrl.is_over:
                break
            action = ctrl.computer_action() if ctrl.is_computer_turn() else rng.choice(ctrl.state.legal_actions())
            before = saved(ctrl)
            ctrl.submit(action)
            if ctrl.can_undo():
                assert ctrl.undo_actor != 2
                data = json.loads(saved(ctrl))
                resumed = TurnController.from_json(spec, spec.state_from_json(data["state"]),
                                                   people(3, computers=(2,)), data["controller"])
                assert resumed.can_undo(), "a resumed game can still take the step back"
                resumed.undo()
                assert saved(resumed) == before
                ctrl.undo()
                taken += 1
                assert saved(ctrl) == before
                ctrl.submit(action)
        assert taken > 3 or seed % 3 == 2


def test_a_computers_step_is_never_taken_back():
    state = CASTLE.new_state(2, seed=1)
    ctrl = TurnController(CASTLE, state, people(2, computers=(0,)), seed=1)
    for _ in range(60):
        if ctrl.is_over or not ctrl.is_computer_turn():
            break
        ctrl.submit(ctrl.computer_action())
        if ctrl.state.kept_steps():
            assert ctrl.state.undo_actor == 0 and not ctrl.can_undo()
            with pytest.raises(IllegalActionError):
                ctrl.undo()


def test_an_answer_the_game_gives_for_a_person_is_not_theirs_to_take_back():
    state = castle_spares(["fairy", "diamond"])
    ctrl = TurnController(CASTLE, state, people(2), options={"auto_fairy": True})
    events = ctrl.submit(Action("draw"))
    assert "fairy_saved" in [e.kind for e in events] and not ctrl.can_undo()


def test_taking_back_ends_every_private_moment_so_a_hand_shows_again_only_behind_its_curtain():
    state, queen = queens_with_a_computer_victim()
    ctrl = TurnController(QUEENS, state, people(3, computers=(2,)), seed=3)
    curtain = ctrl.curtain()
    assert curtain is not None and curtain.seat == 0
    ctrl.curtain_passed()
    ctrl.submit(Action("knight", target=1, queen=queen))
    assert ctrl.curtain().seat == 1, "the victim's question curtain"
    assert ctrl.can_undo()
    ctrl.curtain_passed()          # the victim's private moment: their hand is on screen
    assert not ctrl.can_undo(), "nobody takes back a step while another person's hand is shown"
    ctrl.watching.end()
    ctrl.undo()
    assert ctrl.private is None and ctrl.curtain().seat == 0, "the attacker's hand comes back behind a curtain"


def test_only_a_table_with_a_person_keeps_steps_so_computers_among_themselves_and_replays_pay_nothing(monkeypatch):
    monkeypatch.undo()      # the engines as they are, not keeping every state's steps (the fixture)
    state = forest_at_move()
    state.apply(forest_quiet_move(state))
    assert not state.kept_steps() and "undo" not in state.to_json(), "a bare engine (a seeded replay) keeps nothing"
    robots = TurnController(FOREST, FOREST.new_state(2, seed=3), people(2, computers=(0, 1)), seed=1)
    assert not robots.state.keep_undo
    ctrl = TurnController(FOREST, FOREST.new_state(2, seed=3), people(2, computers=(1,)), seed=1)
    assert ctrl.state.keep_undo
    ctrl.submit(Action("roll", dice=(2, 3)))
    ctrl.submit(forest_quiet_move(ctrl.state))
    assert ctrl.can_undo()
    data = json.loads(saved(ctrl))
    again = FOREST.state_from_json(data["state"])
    assert again.keep_undo and again.kept_steps(), "a save with steps keeps them"


@pytest.mark.parametrize("game", ["forest", "castle", "knights", "queens"])
def test_an_engine_used_alone_runs_no_undo_bookkeeping_at_all(game, monkeypatch):
    """A tool, a computer's look-ahead or the peer benchmark pays nothing for undo: not a copy of
    the position, not a call (issue 33)."""
    monkeypatch.undo()      # the engines as they are (not the fixture's keeping)

    def refused(*args):
        raise AssertionError("the undo bookkeeping ran for an engine used alone")
    for name in ("apply", "apply_keeping_steps", "_undo_position", "_nothing_revealed"):
        monkeypatch.setattr(UndoSteps, name, refused)
    spec = GAMES[game]
    for seed in range(4):
        state = spec.new_state(2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        assert not state.keep_undo and not state.kept_steps() and "undo" not in state.to_json()


# -- many takeable steps in a row (issue 31) -----------------------------------------------------------
def castle_back_and_forth():
    """Two builders, red (seat 0) and blue (seat 1), each with a base and three pieces of the
    other's castle on its spare pile, seat 0 with a fairy, three diamonds to lose and six to pay
    with, seat 1 with three diamonds; a witch lies on top of the draw pile.  Seat 0 draws the
    witch: the answer to her (the fairy kept) and her three cards are four steps that may be taken
    back, then each buys a piece from the other in turn, the diamonds
    going back and forth: ten takeable steps in a row, none revealing anything."""
    state = CASTLE.new_state(2, seed=1)
    castles = [["castle:red:1"], ["castle:blue:1"]]
    spares = [["fairy"] + ["diamond"] * 9 + ["castle:blue:2", "castle:blue:3", "castle:blue:4"],
              ["diamond"] * 3 + ["castle:red:2", "castle:red:3", "castle:red:4"]]
    pile = list(state.draw_pile)
    for card in [c for held in castles + spares for c in held] + ["witch"]:     # the 54 cards each once
        pile.remove(card)
    state.draw_pile = pile + ["witch"]
    state.colours, state.castles, state.spares = ["red", "blue"], castles, spares
    return state


def castle_steps(state):
    """The ten takeable steps of :func:`castle_back_and_forth` after its witch is drawn, as actions
    made one after another (each the next legal step of its seat)."""
    yield Action("accept_witch")
    for _ in range(3):
        yield Action("lose", card="diamond")
    for piece in (2, 3, 4):
        yield Action("buy", seller=0, card=f"castle:blue:{piece}")     # seat 1's turn
        yield Action("buy", seller=1, card=f"castle:red:{piece}")      # seat 0's turn


def test_castle_a_persons_ninth_and_tenth_takeable_steps_in_a_row_are_taken_back_too():
    """README: while a person's last step revealed nothing and nothing random happened since, the
    arrow shows.  However few steps the state keeps, the last one is always among them."""
    state = castle_back_and_forth()
    ctrl = TurnController(CASTLE, state, people(2), seed=1)
    ctrl.submit(Action("draw"))
    assert ctrl.state.pending and not ctrl.can_undo(), "the witch is drawn: that is never taken back"
    def game(ctrl):
        """The save but the steps kept for taking back (the oldest of them let go as new ones come)."""
        data = {"state": ctrl.state.to_json(), "controller": ctrl.to_json()}
        for part in data.values():
            part.pop("undo", None)
        return js(data)
    saves = []
    for n, action in enumerate(castle_steps(ctrl.state), start=1):
        actor = ctrl.current
        saves.append(game(ctrl))
        ctrl.submit(action)
        assert ctrl.can_undo() and ctrl.undo_actor == actor, f"step {n} in a row can be taken back"
    assert n == 10 and not ctrl.is_over and ctrl.state.diamonds(0) == 6
    # the tenth, the ninth, and on as far back as the state keeps steps: each exactly as before it
    taken = 0
    while ctrl.can_undo():
        ctrl.undo()
        taken += 1
        assert game(ctrl) == saves[-taken]
    assert taken >= 2, "the ninth and tenth steps were taken back"
    # and after the back arrow, the same steps again are takeable as before
    for action in list(castle_steps(ctrl.state))[10 - taken:]:
        ctrl.submit(action)
        assert ctrl.can_undo()
