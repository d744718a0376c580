"""The words of the guided first game (issue 35, part 2): each game's goal, said and pictured, and the
praise that names what a child just did, checked on seeded games played through the real rules engines
(what the praise names is what the table shows happened: a queen in front of the child, a castle
piece, a treasure card won, a knight carried on); never a secret, never another seat's luck, never a
move that cost the child; every sentence a message of the game's own catalog in every language,
declared spoken and pictured, with its clips."""
from __future__ import annotations

import copy
import random
from collections import Counter

import pytest

from kidgames.core.guide import guide_of, praise_for
from kidgames.core.i18n import LANGUAGES, Catalog
from kidgames.core.paths import SPRITES, VOICES
from kidgames.core.protocol import Action, Event, key_matches
from kidgames.core.speech import Prompts, Speaker, all_clips
from kidgames.games import GAMES
from kidgames.games.forest.rules import MOTIFS
from kidgames.games.knights.rules import load_knights_board
from kidgames.games.queens.rules import QUEENS

GUIDES = {game: guide_of(spec) for game, spec in GAMES.items()}
WORDS = [spec.words for spec in GAMES.values()]
PROMPTS = Prompts(WORDS)
ENGLISH = Catalog("en", WORDS)
BOARD = load_knights_board()


def guide(game: str):
    found = GUIDES[game]
    assert found is not None
    return found


def praised(game: str, events, seat: int) -> str | None:
    said = praise_for(guide(game), events, seat)
    if said is None:
        return None
    key, fields = said
    assert fields == {}, "every sentence is whole: a queen's or a treasure's name is said inside it"
    return key


def guide_keys(game: str) -> list[str]:
    return sorted(key for key in ENGLISH.messages() if key.startswith(f"{game}.guide."))


# -- seeded games through the rules engines ----------------------------------------------------------
def choose(state, rng: random.Random) -> Action:
    """A random legal action; in the Forest, the castle's key space when it can be reached and there
    the right tree, each one time in two (random walks and guesses among 13 trees seldom end a game)."""
    legal = state.legal_actions()
    if hasattr(state, "tree_at"):
        key = [a for a in legal if (a.kind == "move" and a.dest == state.board.key)
               or (a.kind == "guess" and state.tree_at.get(a.slot) == state.wanted)]
        if key and rng.random() < 0.5:
            return key[0]
    return rng.choice(legal)


def decisions(game: str, seed: int, players: int = 2):
    """A seeded game of random legal actions: (the seat that decided, its action, its events, the
    state's public data before and after) for each decision, to the end."""
    state = GAMES[game].new_state(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(3000):
        if state.is_over:
            return
        before = copy.deepcopy(state.to_json())
        decider = state.current_player
        action = choose(state, rng)
        events = state.apply(action)
        yield decider, action, events, before, state.to_json()
    raise AssertionError(f"{game} seed {seed} does not end")


def queens_expected(decider, action, before, after, seat):
    """What Sleeping Queens' rules say the child at ``seat`` just did well, from the table alone."""
    gained = [q for q in after["awake"][seat] if q not in before["awake"][seat]]
    if gained:
        queen = gained[0]
        if queen not in before["slots"]:
            return f"queens.guide.took.{queen}"         # from another player: the knight brought her
        if queen == "rose" and not after["winners"]:
            return "queens.guide.woke.rose"             # and one more to wake
        return f"queens.guide.woke.{queen}" + (".last" if queen == "rose" else "")
    attack = before["pending"]
    if attack and attack["kind"] == "potion" and attack["attacker"] == seat and action.kind == "allow":
        return "queens.guide.slept"
    if decider != seat:
        return None
    if action.kind == "defend":
        return {"knight": "queens.guide.dragon", "potion": "queens.guide.wand"}[attack["kind"]]
    if action.kind == "jester" and after["pending"] is None and after["turn_player"] == seat and not after["winners"]:
        return "queens.guide.again"                     # a picture card: another turn
    if action.kind == "discard" and len(action.cards) >= 2:
        return "queens.guide.pair" if len(action.cards) == 2 else "queens.guide.sum"
    return None


def castle_expected(decider, action, before, after, seat):
    if after["winners"] == [seat]:
        return "castle.guide.finished"
    if decider != seat:
        return None
    if action.kind == "buy":
        return "castle.guide.bought"
    if len(after["castles"][seat]) > len(before["castles"][seat]):
        return "castle.guide.started" if not before["castles"][seat] else "castle.guide.grew"
    if action.kind == "use_fairy":
        return "castle.guide.saved"
    new = Counter(after["spares"][seat]) - Counter(before["spares"][seat])
    for card in ("diamond", "fairy"):
        if new[card]:
            return f"castle.guide.{card}"
    return None


def forest_expected(decider, action, before, after, seat, board):
    if decider != seat:
        return None
    won = [m for m in after["won"][seat] if m not in before["won"][seat]]
    if won:
        return f"forest.guide.found.{won[0]}"
    if action.kind == "move" and action.dest == board.key:
        return "forest.guide.key"
    if action.kind in ("move", "magic_jump"):
        space = action.dest if action.kind == "move" else action.node
        if board.tree_slot(space) in before["tree_at"]:
            return "forest.guide.looked"                # a tree to look under
    if action.kind in ("magic_swap", "magic_shuffle"):
        return "forest.guide.magic"
    return None


SEEDS = range(12)


@pytest.mark.parametrize("game", ["queens", "castle", "forest"])
def test_praise_names_what_the_child_did_in_seeded_games(game):
    """Each decision of every seeded game, praised for seat 0 (and for the seat that decided): the
    sentence of what the table shows that seat gained, or nothing."""
    seen: Counter = Counter()
    for seed in SEEDS:
        players = 2 + seed % 2
        state = GAMES[game].new_state(players, seed=seed)
        board = getattr(state, "board", None)
        for decider, action, events, before, after in decisions(game, seed, players):
            for seat in {0, decider}:
                if game == "queens":
                    expected = queens_expected(decider, action, before, after, seat)
                elif game == "castle":
                    expected = castle_expected(decider, action, before, after, seat)
                else:
                    expected = forest_expected(decider, action, before, after, seat, board)
                got = praised(game, events, seat)
                assert got == expected, (seed, seat, decider, action, events)
                seen[got] += 1
    del seen[None]
    families = {key.rsplit(".", 1)[0] if key.count(".") > 2 else key for key in seen}
    wanted = {"queens": {"queens.guide.woke", "queens.guide.took", "queens.guide.slept", "queens.guide.dragon",
                         "queens.guide.again", "queens.guide.pair", "queens.guide.sum"},
              "castle": {"castle.guide.started", "castle.guide.grew", "castle.guide.finished", "castle.guide.diamond",
                         "castle.guide.fairy", "castle.guide.bought", "castle.guide.saved"},
              "forest": {"forest.guide.found", "forest.guide.key", "forest.guide.looked"}}[game]
    assert wanted <= families, f"never praised in {len(SEEDS)} games: {wanted - families}"


def test_a_queens_king_that_wakes_the_rose_queen_is_praised_by_her_name():
    state = GAMES["queens"].new_state(2, seed=3)
    state.hands[0] = ["king", "n1", "n2", "n3", "n4"]
    state.slots[4] = "rose"
    state.slots[7] = "cat"
    events = state.apply(Action("king", slot=4))
    assert praised("queens", events, 0) == "queens.guide.woke.rose"
    assert ENGLISH.t("queens.guide.woke.rose").startswith("You woke the Rose Queen!")
    assert praised("queens", events, 1) is None, "another seat's luck is not praised for the child"
    events = state.apply(Action("wake", slot=7))          # the Rose Queen's gift
    assert praised("queens", events, 0) == "queens.guide.woke.cat"
    assert ENGLISH.t("queens.guide.woke.cat") == "You woke the Cat Queen!"


def test_a_queen_that_goes_back_to_sleep_beside_her_rival_is_not_praised():
    state = GAMES["queens"].new_state(2, seed=3)
    state.hands[0] = ["king", "n1", "n2", "n3", "n4"]
    state.awake[0] = ["dog"]
    state.slots = [q if q != "dog" else None for q in state.slots]
    slot = state.slots.index("cat")
    events = state.apply(Action("king", slot=slot))
    assert [e.kind for e in events if e.kind.startswith("queen_")] == ["queen_woken", "queen_returned"]
    assert praised("queens", events, 0) is None


def test_a_knight_is_praised_when_it_brings_the_queen_home_not_when_a_dragon_stops_it():
    state = GAMES["queens"].new_state(2, seed=5)
    state.hands[0] = ["knight", "n1", "n2", "n3", "n4"]
    state.hands[1] = ["dragon", "n1", "n2", "n3", "n4"]
    state.awake[1] = ["moon"]
    state.slots = [q if q != "moon" else None for q in state.slots]
    played = state.apply(Action("knight", target=1, queen="moon"))
    assert praised("queens", played, 0) is None, "a knight on its way has brought nothing yet"
    saved = copy.deepcopy(state)
    defended = state.apply(Action("defend"))
    assert praised("queens", defended, 1) == "queens.guide.dragon" and praised("queens", defended, 0) is None
    allowed = saved.apply(Action("allow"))
    assert praised("queens", allowed, 0) == "queens.guide.took.moon", "said to the thief, whoever answered"
    assert praised("queens", allowed, 1) is None


# -- Knights: one throw at a time, with forced dice --------------------------------------------------
def knight_on(field: str, direction: str = "out"):
    state = GAMES["knights"].new_state(2, seed=1, options={"board": BOARD})
    state.positions[0] = field
    state.direction[0] = direction
    state.current_player = 0
    return state


def step_before(field: str, direction: str = "out") -> str:
    """The field from which a throw of 1 lands on ``field`` (going ``direction``)."""
    node = BOARD.nodes[field]
    fields = BOARD.lanes[node.lane].fields
    return fields[node.index - 1] if direction == "out" else fields[node.index + 1]


HELPED = [   # (where the knight stands, its direction, the throw, the praise)
    (step_before("sword"), "out", 1, "knights.guide.sword"),
    (step_before("witch"), "out", 1, "knights.guide.witch"),
    (step_before("white_horse"), "out", 1, "knights.guide.white_horse"),
    (step_before("dove"), "out", 1, "knights.guide.dove"),
    (step_before("pink_piglet"), "out", 1, "knights.guide.pink_piglet"),
    (step_before("princess"), "out", 1, "knights.guide.princess"),
    ("bank", "out", 6, "knights.guide.bank"),
    (step_before("fish", "back"), "back", 1, "knights.guide.fish"),
    (step_before("apple_1"), "out", 1, "knights.guide.apple"),
    (step_before("firebird", "back"), "back", 1, "knights.guide.firebird"),
    ("frog_king", "out", 1, "knights.guide.frog_king"),
    ("frog_king", "back", 1, "knights.guide.frog_king"),
    ("dragon_1", "out", 3, "knights.guide.free.dragon"),
    ("claws", "out", 1, "knights.guide.free.claws"),
    ("pool_1", "out", 6, "knights.guide.free.pool"),
    ("red_1", "out", 1, "knights.guide.treasure"),          # the castle, with an exact throw
]
NOT_HELPED = [   # sent back, held, or a plain walk
    (step_before("firebird"), "out", 1), (step_before("black_horse"), "out", 1), (step_before("brown_horse"), "out", 1),
    (step_before("devil_1"), "out", 1), (step_before("raven"), "out", 1), (step_before("sorcerer_1"), "out", 1),
    (step_before("black_piglet"), "out", 1), (step_before("giant_1"), "out", 1), (step_before("club"), "out", 1),
    (step_before("golden_gate"), "out", 1), (step_before("snake_1"), "out", 1), (step_before("breath"), "out", 1),
    (step_before("red_1"), "out", 1), ("dragon_1", "out", 2), ("claws", "out", 2), ("pool_1", "out", 5),
    ("m1", "out", 2), ("start", "out", 4), ("frog_king", "out", 2),
]


@pytest.mark.parametrize("field, direction, die, key", HELPED)
def test_a_knights_throw_that_helps_is_praised_by_what_helped(field, direction, die, key):
    state = knight_on(field, direction)
    events = state.apply(Action("roll", die=die))
    assert praised("knights", events, 0) == key, events
    assert praised("knights", events, 1) is None
    if key == "knights.guide.treasure":
        assert state.winners == [0]


@pytest.mark.parametrize("field, direction, die", NOT_HELPED)
def test_a_knights_throw_that_sends_back_holds_or_only_walks_is_not_praised(field, direction, die):
    events = knight_on(field, direction).apply(Action("roll", die=die))
    assert praised("knights", events, 0) is None, events


def test_knights_praise_in_seeded_games_is_only_for_the_thrower_and_never_for_a_knight_sent_back():
    back = {"black_horse", "brown_horse", "devil", "raven", "sorcerer", "black_piglet", "giant", "club",
            "golden_gate", "snake", "dragon_breath", "gate_red"}
    seen = Counter()
    for seed in range(40):
        for decider, _, events, before, after in decisions("knights", seed, 2 + seed % 3):
            for seat in range(2 + seed % 3):
                key = praised("knights", events, seat)
                if seat != decider:
                    assert key is None
                    continue
                fields = {e.field for e in events if e.kind == "effect"}
                if fields & back or any(e.kind == "stuck" for e in events):
                    assert key is None, events
                assert (key == "knights.guide.treasure") == (after["winners"] == [seat])
                if key is not None:
                    assert after["positions"][seat] != before["positions"][seat], "a praised knight moved"
                seen[key] += 1
    del seen[None]
    assert len(seen) >= 10, sorted(seen)


# -- what is never praised -------------------------------------------------------------------------------
def test_a_private_event_alone_is_never_praised():
    """praise_for hands a guide only public events: a look under a tree, the cards drawn."""
    secret = {
        "forest": [Event("guessed_right", player=0, slot="t1", motif="crown", to="HS", private_to=0)],
        "queens": [Event("queen_woken", by="king", player=0, queen="rose", slot=1, private_to=0)],
        "castle": [Event("castle_grew", player=0, card="castle:red:2", piece=2, size=2, source="table", seller=None,
                         private_to=0)],
        "knights": [Event("effect", player=0, node="sword", field="sword", to="yellow", private_to=0)],
    }
    for game, events in secret.items():
        assert praised(game, events, 0) is None, game
        public = [Event(e.kind, **{k: v for k, v in e.fields.items() if k != "private_to"}) for e in events]
        assert praised(game, public, 0) is not None, f"{game}: the same event in public is praised"
    peeked = [Event("peeked", player=0, slot="t1", motif="crown", private_to=0)]
    assert praised("forest", peeked, 0) is None


# -- the words: declared, translated, pictured, spoken ------------------------------------------------
def test_every_game_has_a_guide_whose_goal_is_a_spoken_sentence_with_a_picture():
    assert all(GUIDES.values()) and list(GUIDES) == list(GAMES)
    for game, spec in GAMES.items():
        found = guide(game)
        assert found.goal == f"{game}.guide.goal"
        own = spec.own("sprites")
        sprites = {p.stem for p in SPRITES.iterdir()} | ({p.stem for p in own.iterdir()} if own else set())
        assert found.goal_picture in sprites
        assert PROMPTS.is_spoken(found.goal)


PRAISED_KEYS = {
    "queens": {*(f"queens.guide.{done}.{q}" for done in ("woke", "took") for q in QUEENS), "queens.guide.woke.rose.last",
               *(f"queens.guide.{k}" for k in ("slept", "dragon", "wand", "again", "pair", "sum"))},
    "forest": {*(f"forest.guide.found.{m}" for m in MOTIFS), "forest.guide.key", "forest.guide.looked",
               "forest.guide.magic"},
    "castle": {f"castle.guide.{k}" for k in ("started", "grew", "finished", "bought", "saved", "diamond", "fairy")},
    "knights": {f"knights.guide.{k}" for k in ("treasure", "sword", "witch", "white_horse", "dove", "pink_piglet",
                                               "princess", "bank", "fish", "apple", "firebird", "frog_king",
                                               "free.dragon", "free.claws", "free.pool")},
}


@pytest.mark.parametrize("game", list(GAMES))
def test_the_guides_sentences_are_the_goal_and_what_praise_says(game):
    assert guide_keys(game) == sorted({f"{game}.guide.goal", *PRAISED_KEYS[game]})


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_guide_sentence_is_translated_spoken_from_its_clips_and_pictured(lang):
    catalog = Catalog(lang, WORDS)
    messages = catalog.spoken()
    clips = all_clips(messages, PROMPTS)
    speaker = Speaker(messages, {}, PROMPTS)
    for game, spec in GAMES.items():
        own = spec.own("sprites")
        sprites = {p.stem for p in SPRITES.iterdir()} | ({p.stem for p in own.iterdir()} if own else set())
        for key in guide_keys(game):
            text = catalog.t(key)
            assert text != key and text.strip(), f"{lang}: {key} has no text"
            if lang != "en":
                assert text != ENGLISH.t(key), f"{lang}: {key} is not translated"
            assert "{" not in text, f"{key}: a whole sentence, said from one clip"
            assert speaker.sequence(key, {}) == [key], f"{lang}: {key} is not spoken"
            assert key in clips and (VOICES / lang / f"{key}.ogg").is_file(), f"{lang}: no clip for {key}"
            entry = max((e for e in spec.words.pictures if key_matches(key, e)), key=len, default=None)
            assert entry is not None and spec.words.pictures[entry] in sprites, f"{key} has no picture"


def test_a_named_queen_or_treasure_is_pictured_as_itself():
    pictures = GAMES["queens"].words.pictures
    for queen in QUEENS:
        for done in ("woke", "took"):
            key = f"queens.guide.{done}.{queen}"
            entry = max((e for e in pictures if key_matches(key, e)), key=len)
            assert pictures[entry] == f"queen_{queen}"
    pictures = GAMES["forest"].words.pictures
    for motif in MOTIFS:
        assert pictures[f"forest.guide.found.{motif}"] == motif
