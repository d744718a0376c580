"""Refusals as data (issue 24): every rules engine (the example game in the tests: test_adding_a_game.py) refuses an action with a reason code declared in
its ``REFUSALS`` (and the fields a message needs), ``state.refusal(action)`` says the same without
playing it or changing anything, and it is None exactly for the actions ``legal_actions`` offers.

Each declared code is raised by a position built for it; over seeded random games every action seen
legal anywhere is asked about in every position; no game scene plays an action on a copy of the state."""
import ast
import json
import random
from pathlib import Path

import pytest

from kidgames.core.protocol import Action, IllegalActionError
from kidgames.games.castle import rules as castle
from kidgames.games.forest import rules as forest
from kidgames.games.knights import rules as knights
from kidgames.games.queens import rules as queens

ENGINES = {"forest": forest, "castle": castle, "knights": knights, "queens": queens}
GAMES_DIR = Path(__file__).resolve().parent.parent / "kidgames" / "games"


def snapshot(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True, default=str)


def refused(state, action, code: str, **fields) -> None:
    """``action`` is refused with ``code`` (and these fields) by refusal() and by apply(), and
    neither changes the state."""
    before = snapshot(state)
    why = state.refusal(action)
    assert why is not None and why.code == code, f"{action}: {why}"
    for name, value in fields.items():
        assert why.fields[name] == value, f"{action}: {why}"
    assert snapshot(state) == before
    with pytest.raises(IllegalActionError) as raised:
        state.apply(action)
    assert raised.value.code == code and raised.value.refusal == why
    assert snapshot(state) == before


# -- every code from a built position -----------------------------------------------------------------
def forest_cases():
    def fresh(**attrs):
        state = forest.new_state(3, seed=5)
        for name, value in attrs.items():
            setattr(state, name, value)
        return state

    s = fresh()
    slot = next(iter(s.tree_at))
    key = s.board.key
    yield "malformed", fresh(), Action("fly"), {}
    yield "game_over", fresh(wanted=None, stack=[]), Action("roll"), {}
    yield "already_rolled", fresh(dice=(2, 3)), Action("roll"), {}
    yield "roll_first", fresh(), Action("magic_shuffle"), {}
    yield "name_a_tree", fresh(positions=[key, s.board.village, s.board.village], dice=(2, 3)), Action("roll"), {}
    yield "not_on_key", fresh(), Action("guess", slot=slot), {}
    yield "not_a_tree", fresh(positions=[key, s.board.village, s.board.village], dice=(2, 3)), \
        Action("guess", slot="nowhere"), {"slot": "nowhere"}
    yield "out_of_reach", fresh(dice=(2, 3)), Action("move", dest=s.board.village, path=(), dice_used=2), \
        {"dest": s.board.village, "dice_used": 2}
    moved = fresh(dice=(2, 3))
    move = next(a for a in moved.legal_actions() if a.kind == "move")
    yield "not_a_walk", moved, Action("move", dest=move.dest, path=(), dice_used=move.dice_used), {"dest": move.dest}
    yield "not_a_double_one", fresh(dice=(2, 3)), Action("magic_shuffle"), {}
    yield "not_two_trees", fresh(dice=(1, 1)), Action("magic_swap", a=slot, b=slot), {"a": slot, "b": slot}
    yield "not_a_target", fresh(dice=(1, 1)), Action("magic_jump", node=s.board.village), {"node": s.board.village}
    yield "empty_stack", fresh(dice=(1, 1), stack=[]), Action("magic_shuffle"), {}


def castle_cases():
    def fresh(**attrs):
        state = castle.new_state(3, seed=2)
        for name, value in attrs.items():
            setattr(state, name, value)
        return state

    yield "malformed", fresh(), Action("draw", card="x"), {}
    yield "game_over", fresh(winners=[1]), Action("draw"), {}
    yield "answer_witch", fresh(pending="witch"), Action("draw"), {}
    yield "feed_witch", fresh(pending="lose", losses_left=2), Action("stop"), {"left": 2}
    yield "not_losable", fresh(pending="lose", losses_left=1, spares=[["diamond"], [], []]), \
        Action("lose", card="fairy"), {"card": "fairy"}
    yield "no_cards", fresh(draw_pile=[], discard=[]), Action("draw"), {}
    yield "draw_first", fresh(), Action("stop"), {}
    yield "can_draw", fresh(), Action("pass"), {}
    yield "no_witch", fresh(), Action("use_fairy"), {}
    yield "already_drawn", fresh(drawn_this_turn=1), Action("buy", seller=1, card="castle:red:1"), {}
    yield "too_few_diamonds", fresh(spares=[["diamond"], ["castle:red:1"], []]), \
        Action("buy", seller=1, card="castle:red:1"), {"price": castle.PRICE, "diamonds": 1}
    yield "not_for_sale", fresh(spares=[["diamond"] * 3, [], []]), Action("buy", seller=1, card="castle:red:1"), \
        {"seller": 1, "card": "castle:red:1"}


def knights_cases():
    state = knights.new_state(2, seed=1)
    yield "malformed", state, Action("roll", die=7), {}
    over = knights.new_state(2, seed=1)
    over.winners = [0]
    yield "game_over", over, Action("roll"), {}


def queens_cases():
    def fresh(hand=("king", "knight", "potion", "n2", "n3"), awake=((), ("rose",), ()), **attrs):
        state = queens.new_state(3, seed=4)
        state.hands[0] = list(hand)
        state.awake = [list(a) for a in awake]
        state.slots = [None, *state.slots[1:]]
        for name, value in attrs.items():
            setattr(state, name, value)
        return state

    knight = {"kind": "knight", "attacker": 0, "target": 1, "queen": "rose"}
    yield "malformed", fresh(), Action("king"), {}
    yield "game_over", fresh(winners=[2]), Action("jester"), {}
    yield "must_wake", fresh(pending={"kind": "wake", "reason": "jester", "seat": 0}), Action("jester"), {}
    yield "must_answer", fresh(pending=knight, current_player=1), Action("king", slot=3), {"attack": "knight"}
    victim = fresh(pending=knight, current_player=1)
    victim.hands[1] = ["n1", "n2", "n3", "n4", "wand"]
    yield "no_counter", victim, Action("defend"), {"counter": "dragon", "attack": "knight"}
    yield "nothing_pending", fresh(), Action("allow"), {}
    yield "not_in_hand", fresh(hand=("n1", "n2", "n3", "n4", "n5")), Action("king", slot=3), {"card": "king"}
    yield "not_in_hand", fresh(), Action("discard", cards=("n3", "n3")), {"card": "n3", "count": 2}
    yield "no_target", fresh(awake=((), (), ())), Action("knight", target=1, queen="rose"), {"card": "knight"}
    yield "own_queen", fresh(awake=(("cat",), ("rose",), ())), Action("knight", target=0, queen="cat"), \
        {"target": 0, "queen": "cat"}
    yield "no_such_seat", fresh(), Action("knight", target=4, queen="rose"), {"target": 4}
    yield "not_a_target", fresh(), Action("knight", target=1, queen="heart"), {"target": 1, "queen": "heart"}
    yield "protected", fresh(awake=(("dog",), ("cat", "rose"), ())), Action("knight", target=1, queen="cat"), \
        {"queen": "cat", "rival": "dog"}
    yield "no_such_slot", fresh(), Action("king", slot=12), {"slot": 12}
    yield "slot_empty", fresh(), Action("king", slot=0), {"slot": 0}
    yield "slot_taken", fresh(), Action("potion", target=1, queen="rose", slot=5), {"slot": 5}
    yield "no_cards", fresh(), Action("discard", cards=()), {}
    yield "not_a_card", fresh(), Action("discard", cards=("n2", "n99")), {"card": "n99"}
    yield "not_alone", fresh(), Action("discard", cards=("king", "n2")), {"cards": ("king", "n2")}
    yield "not_a_sum_yet", fresh(hand=("king", "king", "n2", "n3", "n5")), Action("discard", cards=("n2", "n3")), {}
    yield "no_pair_no_sum", fresh(hand=("king", "king", "n2", "n4", "n7")), Action("discard", cards=("n2", "n4")), {}


CASES = {"forest": forest_cases, "castle": castle_cases, "knights": knights_cases, "queens": queens_cases}


@pytest.mark.parametrize("game", sorted(CASES))
def test_every_declared_code_is_raised_by_a_built_position(game):
    seen = set()
    for code, state, action, fields in CASES[game]():
        assert code in ENGINES[game].REFUSALS, f"{game}: {code} is not declared"
        refused(state, action, code, **fields)
        seen.add(code)
    assert seen == set(ENGINES[game].REFUSALS), f"{game}: codes without a position: {set(ENGINES[game].REFUSALS) - seen}"


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_the_codes_are_declared_in_the_rules_docstring(game):
    engine = ENGINES[game]
    for code in engine.REFUSALS:
        assert f"``{code}``" in engine.__doc__, f"{game}: {code} is not in the module's docstring"


def test_queens_play_refusal_and_equation():
    state = queens.new_state(3, seed=4)
    state.hands[0] = ["king", "knight", "potion", "n2", "n3"]
    state.awake = [[], [], []]
    assert state.play_refusal("king") is None
    assert state.play_refusal("knight").code == "no_target"
    assert state.play_refusal("potion").code == "no_target"        # no queen of another player awake
    state.awake[1] = ["rose"]
    assert state.play_refusal("knight") is None
    assert state.play_refusal("potion").code == "no_target"        # no empty place to sleep in
    state.slots[0] = None
    assert state.play_refusal("potion") is None
    assert state.play_refusal("jester").code == "not_in_hand"
    assert queens.equation(("n5", "n2", "n7")) == ((2, 5), 7)
    assert queens.equation(["n4", "n4"]) == ((4,), 4)
    assert queens.equation(("n2", "n4", "n7")) is None and queens.equation(("king", "n1")) is None


def test_forest_sends_home_is_what_the_move_does():
    state = forest.new_state(3, seed=3)
    state.dice = (2, 3)
    move = next(a for a in state.legal_actions() if a.kind == "move" and a.dice_used == 2
                and a.dest != state.board.village)
    state.positions[1] = state.positions[2] = move.dest
    assert state.sends_home(move.dest, 2) == [1, 2]
    assert state.sends_home(move.dest, 1) == []
    assert state.sends_home(state.board.village, 2) == []
    events = state.apply(move)
    assert [e for e in events if e.kind == "sent_home"][0].players == (1, 2)


def test_knights_waiting_is_what_the_waiting_event_says():
    state = knights.new_state(2, seed=1)
    seen = 0
    rng = random.Random(9)
    while not state.is_over and seen < 40:
        events = state.apply(Action("roll", die=rng.randint(1, 6)))
        waiting = [e for e in events if e.kind == "waiting"]
        mover = events[0].player
        if waiting:
            seen += 1
            assert state.waiting(mover) == (waiting[0].node, waiting[0].field, waiting[0].need)
        elif events[-2].kind != "stuck":
            assert state.waiting(mover) is None
    assert seen


# -- refusal is None exactly for the legal actions, over seeded random positions ---------------------
RANDOM_GAMES = {"forest": ({"short": True}, 400), "castle": ({}, 300), "knights": ({}, 200),
                "queens": ({}, 300)}


def crafted(game: str, state) -> list[Action]:
    """A few actions no position offers, asked in every position besides the pool."""
    extra = [Action("fly"), Action("roll", die=9)]
    if game == "queens":
        extra += [Action("discard", cards=("n1", "n2")), Action("discard", cards=("king", "king")),
                  Action("knight", target=0, queen="cat"), Action("potion", target=1, queen="heart", slot=0),
                  Action("defend"), Action("wake", slot=11)]
    if game == "castle":
        extra += [Action("buy", seller=0, card="diamond"), Action("lose", card="witch"), Action("pass")]
    if game == "forest":
        extra += [Action("magic_jump", node=state.board.key), Action("guess", slot="x")]
    return extra


@pytest.mark.parametrize("game", sorted(RANDOM_GAMES))
def test_refusal_is_none_exactly_for_the_legal_actions(game):
    random_positions_refuse_exactly_the_illegal(game, ENGINES[game], *RANDOM_GAMES[game])


def random_positions_refuse_exactly_the_illegal(game: str, engine, options: dict, steps: int) -> None:
    """Seeded random games of ``engine``: in every position, every action seen legal anywhere (and a
    few crafted ones) is refused exactly when legal_actions does not offer it, with a declared code,
    the state unchanged, and apply refuses it with the same refusal."""
    for seed in range(3):
        rng = random.Random(seed)
        state = engine.new_state(3, seed=seed, options=options)
        pool: dict[Action, None] = {}
        for _ in range(steps):
            if state.is_over:
                break
            legal = state.legal_actions()
            pool.update(dict.fromkeys(legal))
            before = snapshot(state)
            asked = list(pool)[-300:] + crafted(game, state)
            for action in asked:
                why = state.refusal(action)
                if game == "forest" and action.kind == "move" and any(
                        a.kind == "move" and (a.dest, a.dice_used) == (action.dest, action.dice_used) for a in legal):
                    # legal_actions offers one walk to each end; any other walk of the throw there is
                    # legal as well (ForestBoard.is_route)
                    assert why is None or why.code == "not_a_walk", f"{game} seed {seed}: {action} -> {why}"
                    continue
                assert (why is None) == (action in legal), f"{game} seed {seed}: {action} -> {why}"
                assert why is None or why.code in engine.REFUSALS, f"{game}: undeclared code {why.code}"
            assert snapshot(state) == before, f"{game}: refusal changed the state"
            illegal = [a for a in asked if a not in legal]
            if illegal:
                action = rng.choice(illegal)
                with pytest.raises(IllegalActionError) as raised:
                    state.apply(action)
                assert raised.value.refusal == state.refusal(action)
                assert snapshot(state) == before
            state.apply(rng.choice(legal))


# -- no scene replays the rules on a copy -----------------------------------------------------------------
SCENES = sorted(GAMES_DIR.glob("*/scene.py"))


@pytest.mark.parametrize("path", SCENES, ids=lambda p: p.parent.name)
def test_no_scene_copies_a_state_or_plays_an_action_itself(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [alias.name for alias in node.names] + [getattr(node, "module", None) or ""]
            assert "copy" not in names and "deepcopy" not in names, f"{path.parent.name}: imports copy"
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            assert node.func.attr not in ("apply", "deepcopy"), \
                f"{path.parent.name}/scene.py:{node.lineno} calls .{node.func.attr}()"
    assert len(SCENES) == 4
