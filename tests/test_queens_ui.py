"""Sleeping Queens on screen, played by posted taps as a family would: the table, the hand of the
person whose decision it is (after their curtain), never a computer's hand, the defence question
to the victim, auto-defend, the discard preview, and whole games to the end."""

import pygame
import pytest

import kidgames.ui.game as game_module
from kidgames.core.protocol import Action
from kidgames.core.seats import Seat
from kidgames.games.queens.hand import QueensHand
from kidgames.games.queens.layout import ACTION_A, ACTION_B, slot_rect
from kidgames.games.queens.scene import QueensScene
from kidgames.games.queens.table import equation_text
from kidgames.ui.curtain import CurtainScene
from kidgames.ui.game import start_game_scene
from kidgames.ui.results import ResultsScene
from ui_driver import FRAME, later, make_app, run, run_until, tap
from ui_driver import controller_of, state_of

PEOPLE_AND_ROBO = [Seat("Anna", "red"), Seat("Ben", "blue"), Seat("Robo", "green", "computer", "easy")]


def settle(app, scene, seconds=60.0) -> bool:
    """Frames until a person may act on the table (or a curtain waits, or the game is over)."""
    done = run_until(app, lambda: state_of(scene).is_over or isinstance(app.top, CurtainScene)
                     or ready(app, scene), seconds)
    app.frame(FRAME)     # the frame that shows the settled table
    return done


def ready(app, scene) -> bool:
    """A person may tap the table now: no animation, no curtain due, no auto-answer due."""
    pending = state_of(scene).pending
    auto = scene.options.get("auto_defend") and pending is not None and pending["kind"] != "wake"
    return (app.top is scene and scene.person_can_act() and controller_of(scene).curtain() is None
            and not auto)


def open_curtain(app, scene, seen: list) -> None:
    curtain = app.top
    seen.append((curtain.kind, curtain.seat.name, curtain.title()))
    later(app, 0.5)
    tap(app, curtain.button("ready").rect.center)
    app.guard_until = 0.0


def hand_targets(scene, action: Action) -> list:
    """The taps a person makes for ``action``: the cards in the hand, then the table."""
    hand = scene.part.hand.shown_hand()
    rects = scene.part.hand.hand_layout().card_rects()
    taps = []
    if action.kind == "discard":
        used = []
        for card in action.cards:
            i = next(k for k, c in enumerate(hand) if c == card and k not in used)
            used.append(i)
            taps.append(rects[i].center)
        return taps + [ACTION_B.center]
    if action.kind in ("defend",):
        return [ACTION_A.center]
    if action.kind == "allow":
        return [ACTION_B.center]
    if action.kind == "wake":
        return [slot_rect(action.slot).center]
    card = action.kind
    taps.append(rects[hand.index(card)].center)
    if card == "jester":
        return taps + [ACTION_A.center]
    if card == "king":
        return taps + [slot_rect(action.slot).center]
    rect = scene.part.panels.queen_rects(action.target, len(scene.v_awake[action.target]))[
        scene.v_awake[action.target].index(action.queen)]
    # a tap on the queen's visible strip (her right neighbour overlaps the rest)
    point = (rect.x + 12, rect.centery)
    taps.append(point)
    if card == "potion":
        taps.append(slot_rect(action.slot).center)
    return taps


def play_whole_game(app, scene, pick, watcher=None, limit=600):
    """Play by taps until the game ends: ``pick(actions)`` chooses each person's action."""
    curtains = []
    actions = 0
    frame = watcher.frame if watcher else (lambda: app.frame(FRAME))
    while not state_of(scene).is_over and actions < limit:
        for _ in range(int(90 / FRAME)):
            if state_of(scene).is_over or isinstance(app.top, CurtainScene) or ready(app, scene):
                break
            frame()
        if state_of(scene).is_over:
            break
        if isinstance(app.top, CurtainScene):
            open_curtain(app, scene, curtains)
            continue
        state = state_of(scene)
        decider = state.current_player
        assert not scene.seats[decider].is_computer
        # the hand on screen is the decider's own, never anybody else's
        assert scene.part.hand.hand_seat() == decider
        legal = state.legal_actions()
        action = pick(legal)
        before = len(controller_of(scene).log)
        for point in hand_targets(scene, action):
            later(app, 0.5)
            later(app, 0.5)
            tap(app, point)
        assert len(controller_of(scene).log) > before, f"the taps for {action} did nothing"
        actions += 1
    return curtains, actions


def test_a_whole_game_by_taps_with_two_people_and_a_computer(tmp_path, monkeypatch):
    monkeypatch.setattr(game_module, "COMPUTER_PAUSE", 0.05)
    app = make_app(tmp_path, speed="fast")
    hands_drawn = []           # the seat of every hand painted at the bottom
    original = QueensHand.draw_hand

    def watch_hand(self, surface):
        hands_drawn.append(self.hand_seat())
        original(self, surface)
    # on the class, before the scene is made: its pieces hold the scene's method as they find it
    monkeypatch.setattr(QueensHand, "draw_hand", watch_hand)
    scene = start_game_scene(app, "queens", PEOPLE_AND_ROBO, seed=11)
    assert isinstance(scene, QueensScene)

    def pick(legal):
        # prefer the moves that change the table, so the game comes to its end
        for kind in ("king", "wake", "knight", "potion", "jester", "allow", "defend"):
            options = [a for a in legal if a.kind == kind]
            if options:
                return options[0]
        return max((a for a in legal if a.kind == "discard"), key=lambda a: len(a.cards))
    curtains, actions = play_whole_game(app, scene, pick)
    assert state_of(scene).is_over, "the game did not end"
    assert run_until(app, lambda: isinstance(app.top, ResultsScene), 60)
    assert not app.errors
    assert {seat for seat in hands_drawn if seat is not None} == {0, 1}, "both people's hands were drawn"
    assert not [seat for seat in hands_drawn if seat is not None and scene.seats[seat].is_computer]
    # the hand-over curtain names the next person
    handovers = [c for c in curtains if c[0] == "handover"]
    assert {name for _, name, _ in handovers} == {"Anna", "Ben"}
    assert actions > 5


def attack_position(scene, defence: bool):
    """Anna holds a knight, Ben holds the Cat Queen (and a dragon if ``defence``)."""
    st = state_of(scene)
    st.awake[1] = ["cat"]
    st.slots[st.slots.index("cat")] = None
    st.hands[0] = ["knight", "n1", "n2", "n3", "n4"]
    st.hands[1] = (["dragon"] if defence else ["n5"]) + ["n6", "n7", "n8", "n9"]
    pool = sorted(st.hands[0] + st.hands[1])
    rest = [c for c in __import__("kidgames.games.queens.rules", fromlist=["DECK"]).DECK]
    for c in pool + st.hands[2]:
        rest.remove(c)
    st.draw_pile, st.discard = rest, []
    scene.changed()


def start(app, seats, options=None, seed=3):
    scene = start_game_scene(app, "queens", seats, seed=seed, options=options or {})
    return scene


def test_the_defence_question_goes_to_the_victim_behind_her_curtain(tmp_path):
    """Rules, Knight: the victim may answer with a dragon; the question is on Ben's curtain."""
    app = make_app(tmp_path)
    scene = start(app, PEOPLE_AND_ROBO)
    attack_position(scene, defence=True)
    assert settle(app, scene) and isinstance(app.top, CurtainScene)
    open_curtain(app, scene, [])
    assert settle(app, scene)
    for point in hand_targets(scene, Action("knight", target=1, queen="cat")):
        later(app, 0.5)
        tap(app, point)
    assert state_of(scene).pending["kind"] == "knight"
    assert settle(app, scene) and isinstance(app.top, CurtainScene)
    curtain = app.top
    assert curtain.kind == "question" and curtain.seat.name == "Ben"
    assert curtain.title() == "Anna wants to steal your Cat Queen. Use a dragon?"
    open_curtain(app, scene, [])
    assert settle(app, scene)
    assert scene.part.hand.hand_seat() == 1 and scene.part.hand.shown_hand()[0] == "dragon"
    assert scene.button("defend").enabled
    # the hand of a prompt that comes back points at the dragon, never at giving the queen up
    assert scene.button("allow").costs and scene.nudge_target() == scene.button("defend").rect
    tap(app, ACTION_A.center)
    assert settle(app, scene)
    assert state_of(scene).awake[1] == ["cat"] and "dragon" in state_of(scene).discard


@pytest.mark.parametrize("defence", [True, False], ids=["dragon", "no dragon"])
def test_auto_defend_answers_for_the_victim_without_a_question(tmp_path, defence):
    app = make_app(tmp_path)
    scene = start(app, PEOPLE_AND_ROBO, options={"auto_defend": True})
    attack_position(scene, defence=defence)
    assert settle(app, scene)
    open_curtain(app, scene, [])
    assert settle(app, scene)
    for point in hand_targets(scene, Action("knight", target=1, queen="cat")):
        later(app, 0.5)
        tap(app, point)
    seen = []
    assert run_until(app, lambda: state_of(scene).pending is None, 30)
    while not (app.top is scene and ready(app, scene)):
        if isinstance(app.top, CurtainScene):
            seen.append(app.top.kind)
            break
        app.frame(FRAME)
    assert "question" not in seen
    assert state_of(scene).awake[1 if defence else 0] == ["cat"]


def test_the_discard_preview_shows_the_sum_before_the_tap(tmp_path):
    app = make_app(tmp_path)
    scene = start(app, [Seat("Anna", "red"), Seat("Robo", "green", "computer")])
    st = state_of(scene)
    st.hands[0] = ["n2", "n5", "n7", "n4", "king"]
    scene.changed()
    assert settle(app, scene)
    rects = scene.part.hand.hand_layout().card_rects()
    for i in (0, 1):
        later(app, 0.5)
        tap(app, rects[i].center)
    assert scene.part.hand.selected_cards() == ["n2", "n5"]
    assert not scene.button("discard").enabled        # 2 and 5 are no pair and no sum
    later(app, 0.5)
    tap(app, scene.part.hand.hand_layout().card_rects()[2].center)
    assert equation_text(scene.part.hand.selected_cards()) == "2 + 5 = 7"
    assert scene.button("discard").enabled
    shot = tmp_path / "preview.png"
    pygame.image.save(pygame.display.get_surface(), str(shot))
    tap(app, ACTION_B.center)
    assert sorted(st.discard[-3:]) == ["n2", "n5", "n7"] and len(st.hands[0]) == 5


def test_a_double_tap_on_the_curtain_never_shows_the_next_hand(tmp_path):
    """Anna's double tap opens her curtain; the second tap lands on her own table, and after her
    move Ben's hand stays hidden until Ben's curtain."""
    app = make_app(tmp_path)
    scene = start(app, [Seat("Anna", "red"), Seat("Ben", "blue")])
    assert settle(app, scene) and isinstance(app.top, CurtainScene)
    ready_at = app.top.button("ready").rect.center
    tap(app, ready_at)
    tap(app, ready_at)
    assert scene.part.hand.selected == [] or scene.part.hand.hand_seat() == 0
    assert settle(app, scene)
    scene.part.hand.selected = []
    first = scene.part.hand.shown_hand()[0]
    for point in hand_targets(scene, Action("discard", cards=(first,))):
        later(app, 0.5)
        tap(app, point)
    tap(app, ready_at)
    tap(app, ready_at)
    for _ in range(120):
        app.frame(FRAME)
        assert not (scene.part.hand.hand_seat() == 1 and scene.part.hand.hand_face_up()) or controller_of(scene).private == 1
    assert isinstance(app.top, CurtainScene) and app.top.seat.name == "Ben"


# -- single rules on screen, each from a built position and posted taps --------------------------------
ROBOS = ("Robo", "Cleo", "Dino", "Emil")


def table(person_seat: int, players: int) -> list:
    """One person (Anna) at ``person_seat``, computers at the other seats: no curtain is needed."""
    robots = iter(ROBOS)
    colours = iter(("red", "blue", "green", "yellow", "purple"))
    return [Seat("Anna", next(colours)) if i == person_seat else Seat(next(robots), next(colours), "computer", "easy")
            for i in range(players)]


def position(scene, *, hands=None, awake=None, asleep=None, draw_top=(), discard=None, turn=None):
    """Build a position through the public state attributes (queens.md, Engine contract): ``asleep``
    maps slots to queens (the other queens not awake lie in the other slots), ``draw_top`` are the
    next cards drawn (the last one first), the other non-queen cards fill the draw pile beneath; the
    67 cards and 12 queens stay conserved."""
    from kidgames.games.queens.rules import DECK, QUEEN_POINTS
    st = state_of(scene)
    if hands is not None:
        st.hands = [list(h) for h in hands]
    if awake is not None:
        st.awake = [list(a) for a in awake]
    placed = [q for row in st.awake for q in row]
    asleep = dict(asleep or {})
    rest = [q for q in QUEEN_POINTS if q not in placed and q not in asleep.values()]
    st.slots = [asleep.get(i) or (rest.pop(0) if rest else None) for i in range(12)]
    assert not rest, "more queens asleep than slots"
    st.discard = list(discard) if discard is not None else []
    pool = list(DECK)
    for card in [c for h in st.hands for c in h] + st.discard + list(draw_top):
        pool.remove(card)
    st.draw_pile = pool + list(draw_top)
    if turn is not None:
        st.turn_player = st.current_player = turn
    scene.changed()


class Watch:
    """Frames of the app, noting what a player sees go by: the banners, the jester's count."""

    def __init__(self, app, scene) -> None:
        self.app, self.scene = app, scene
        self.banners: list[str] = []
        self.counts: list[tuple[int, int]] = []
        self.draw_counts: list[int] = []
        self.banners_while_counting: list = []

    def frame(self) -> None:
        self.app.frame(FRAME)
        scene = self.scene
        if scene.banner and (not self.banners or self.banners[-1] != scene.banner[0]):
            self.banners.append(scene.banner[0])
        if scene.count_mark and (not self.counts or self.counts[-1] != scene.count_mark):
            self.counts.append(scene.count_mark)
            self.banners_while_counting.append(scene.banner)
        if not self.draw_counts or self.draw_counts[-1] != scene.v_draw:
            self.draw_counts.append(scene.v_draw)

    def until(self, condition, seconds: float = 30.0) -> bool:
        for _ in range(int(seconds / FRAME)):
            if condition():
                return True
            self.frame()
        return condition()

    def settle(self, seconds: float = 30.0) -> bool:
        """Until Anna may tap the table again (or the game is over and its results show)."""
        done = self.until(lambda: isinstance(self.app.top, ResultsScene) or ready(self.app, self.scene), seconds)
        self.frame()
        return done


def taps(app, scene, *points) -> None:
    for point in points:
        later(app, 0.5)
        tap(app, point)


def hand_card(scene, card: str):
    return scene.part.hand.hand_layout().card_rects()[scene.part.hand.shown_hand().index(card)].center


def queen_point(scene, seat: int, queen: str):
    rect = scene.part.panels.queen_rects(seat, len(scene.v_awake[seat]))[scene.v_awake[seat].index(queen)]
    return rect.x + 12, rect.centery


def fast_computers(monkeypatch):
    monkeypatch.setattr(game_module, "COMPUTER_PAUSE", 0.05)


def test_the_jester_count_goes_round_the_table_to_the_seat_that_wakes_a_queen(tmp_path, monkeypatch):
    """Rules, Jester: 5 players, jester by seat 1, card 7: the count goes 1, 2, 3, 4, 0, 1, 2 and
    stops at seat 2, who wakes a queen of its own choice; the number card is discarded."""
    fast_computers(monkeypatch)
    app = make_app(tmp_path, speed="normal")
    scene = start(app, table(1, 5))
    position(scene, hands=[["n1", "n2", "n3", "n4", "n5"], ["jester", "n6", "n6", "n8", "n9"],
                           ["n1", "n2", "n3", "n4", "n5"], ["n1", "n2", "n3", "n4", "n5"],
                           ["n6", "n7", "n8", "n9", "n10"]], awake=[[]] * 5, draw_top=["n7"], turn=1)
    watch = Watch(app, scene)
    assert watch.settle() and scene.hint_text() == "Anna, tap a card!"
    taps(app, scene, hand_card(scene, "jester"))
    assert scene.hint_text() == app.t("queens.hint.jester")
    taps(app, scene, ACTION_A.center)
    assert watch.until(lambda: state_of(scene).awake[2], 30)
    watch.settle()
    assert watch.counts == [(1, 1), (2, 2), (3, 3), (4, 4), (0, 5), (1, 6), (2, 7)]
    assert watch.banners_while_counting == [None] * 7      # the card turned up stays in view
    assert "Anna plays the jester!" in watch.banners
    assert "7! The count stops at Cleo: Cleo wakes a queen." in watch.banners
    queen = state_of(scene).awake[2][0]
    assert any(b.startswith(f"Cleo wakes the {app.t(f'queens.queen.{queen}')}") for b in watch.banners)
    # at rest the screen shows her in Cleo's row and the seven on the discard pile
    assert scene.v_awake[2] == state_of(scene).awake[2] and scene.v_awake[1] == []
    assert "n7" in scene.v_discard and scene.count_mark is None


def test_a_jester_count_of_one_stops_at_the_jester_player_who_picks_by_tapping(tmp_path, monkeypatch):
    """Rules, Jester: card 1 stops at the jester player herself; she taps the queen she wakes."""
    fast_computers(monkeypatch)
    app = make_app(tmp_path)
    scene = start(app, table(0, 2))
    position(scene, hands=[["jester", "n2", "n3", "n4", "n5"], ["n6", "n7", "n8", "n9", "n10"]],
             awake=[[], []], asleep={4: "moon"}, draw_top=["n1"], turn=0)
    watch = Watch(app, scene)
    watch.settle()
    taps(app, scene, hand_card(scene, "jester"), ACTION_A.center)
    watch.settle()
    assert watch.counts == [(0, 1)]
    assert state_of(scene).pending == {"kind": "wake", "reason": "jester", "seat": 0}
    assert scene.hint_text() == "The jester chose Anna: tap a sleeping queen!"
    assert scene.part.highlighted_slots() == set(range(12))
    taps(app, scene, slot_rect(4).center)
    watch.settle()
    assert state_of(scene).awake[0] == ["moon"] and scene.v_awake[0] == ["moon"] and scene.v_slots[4] is None


def test_the_rose_queen_gives_her_waker_one_more_pick(tmp_path, monkeypatch):
    """Rules, Rose Queen: woken by a king, her waker at once wakes one more sleeping queen."""
    fast_computers(monkeypatch)
    app = make_app(tmp_path)
    scene = start(app, table(0, 3))
    position(scene, hands=[["king", "n2", "n3", "n4", "n5"], ["n6", "n7", "n8", "n9", "n10"],
                           ["n1", "n2", "n3", "n4", "n5"]], awake=[[], [], []],
             asleep={0: "rose", 7: "heart"}, turn=0)
    watch = Watch(app, scene)
    watch.settle()
    taps(app, scene, hand_card(scene, "king"))
    assert scene.hint_text() == "Now tap a sleeping queen to wake her!"
    taps(app, scene, slot_rect(0).center)
    watch.settle()
    assert "The Rose Queen! Anna wakes one more queen." in watch.banners
    assert scene.hint_text() == "The Rose Queen: Anna, wake one more queen!"
    assert scene.v_awake[0] == ["rose"] and state_of(scene).current_player == 0
    taps(app, scene, slot_rect(7).center)
    watch.until(lambda: state_of(scene).turn_player == 1)
    watch.settle()
    assert "Anna wakes the Heart Queen: 20 points!" in watch.banners
    assert state_of(scene).awake[0] == ["rose", "heart"]
    assert scene.v_slots[0] is None and scene.v_slots[7] is None


def test_the_cat_woken_by_the_dog_holder_goes_back_to_sleep_where_she_lay(tmp_path, monkeypatch):
    """Rules, Cat and Dog (Decision, waking): the queen just woken goes back face down into her slot,
    everyone having seen her, and the waking ends."""
    fast_computers(monkeypatch)
    app = make_app(tmp_path)
    scene = start(app, table(0, 3))
    position(scene, hands=[["king", "n2", "n3", "n4", "n5"], ["n6", "n7", "n8", "n9", "n10"],
                           ["n1", "n2", "n3", "n4", "n5"]], awake=[["dog"], [], []], asleep={5: "cat"}, turn=0)
    watch = Watch(app, scene)
    watch.settle()
    seen_face_up = []
    original = scene.draw

    def note(surface):
        seen_face_up.extend(s.showing()[0].picture for s in scene.flying)
        original(surface)
    scene.draw = note
    taps(app, scene, hand_card(scene, "king"), slot_rect(5).center)
    watch.until(lambda: state_of(scene).turn_player == 1)
    watch.settle()
    assert "queen_cat" in seen_face_up                 # everyone saw the Cat before she went back
    assert "The Cat Queen and the Dog Queen never sit together: she goes back to sleep." in watch.banners
    assert state_of(scene).slots[5] == "cat" and scene.v_slots[5] == "?"
    assert scene.v_awake[0] == ["dog"] and state_of(scene).awake[0] == ["dog"]


def test_an_empty_draw_pile_is_reshuffled_from_the_discards_on_screen(tmp_path, monkeypatch):
    """Rules, A turn: the pair is thrown away, one card is drawn, the pile is empty: the discard pile
    (the pair included) becomes the new draw pile, and the second card comes from it."""
    fast_computers(monkeypatch)
    app = make_app(tmp_path)
    scene = start(app, table(0, 2))
    st = state_of(scene)
    from kidgames.games.queens.rules import DECK
    hands = [["n3", "n3", "n4", "n5", "n6"], ["n7", "n8", "n9", "n10", "n1"]]
    pool = list(DECK)
    for card in hands[0] + hands[1] + ["king"]:
        pool.remove(card)
    position(scene, hands=hands, awake=[[], []], discard=pool, draw_top=["king"], turn=0)
    assert len(st.draw_pile) == 1 and len(st.discard) == 56
    watch = Watch(app, scene)
    watch.settle()
    taps(app, scene, scene.part.hand.hand_layout().card_rects()[0].center, scene.part.hand.hand_layout().card_rects()[1].center)
    assert scene.part.equation_shown() == ("", True, "n3"), "a pair: two equal cards with a tick"
    taps(app, scene, ACTION_B.center)
    watch.until(lambda: state_of(scene).turn_player == 1)
    watch.settle()
    assert "Shuffle! The thrown cards are the new pile." in watch.banners
    assert 0 in watch.draw_counts and watch.draw_counts[0] == 1    # the pile ran out, then filled up
    assert "king" in st.hands[0] and len(st.hands[0]) == 5
    assert scene.v_draw == len(st.draw_pile) and scene.v_discard == st.discard


def test_when_every_queen_is_awake_the_highest_scores_share_the_win(tmp_path, monkeypatch):
    """Rules, End of the game (Decision): all awake, nobody at 5 queens or 50 points, Anna and
    Robo both at 45: they win together."""
    fast_computers(monkeypatch)
    app = make_app(tmp_path)
    scene = start(app, table(0, 3))
    position(scene, hands=[["king", "n2", "n3", "n4", "n5"], ["n6", "n7", "n8", "n9", "n10"],
                           ["n1", "n2", "n3", "n4", "n5"]],
             awake=[["heart", "ladybug", "moon"], ["cat", "pancake", "peacock", "rainbow"],
                    ["dog", "sunflower", "rose", "starfish"]], asleep={9: "cake"}, turn=0)
    watch = Watch(app, scene)
    watch.settle()
    taps(app, scene, hand_card(scene, "king"), slot_rect(9).center)
    assert watch.until(lambda: isinstance(app.top, ResultsScene), 30)
    assert "Every queen is awake! Anna and Robo win together!" in watch.banners
    assert state_of(scene).winners == [0, 1]
    assert app.top.winners == [0, 1]
    assert app.top.headline() == app.t("results.together", names="Anna and Robo")


def test_a_steal_that_reaches_the_points_wins_at_once(tmp_path, monkeypatch):
    """Rules, End of the game: with 35 points Anna's knight takes the Pancake Queen (15) from Robo,
    who has no dragon: 50 points, Anna wins in the middle of her turn."""
    fast_computers(monkeypatch)
    app = make_app(tmp_path)
    scene = start(app, table(0, 2))
    position(scene, hands=[["knight", "n2", "n3", "n4", "n5"], ["n6", "n7", "n8", "n9", "n10"]],
             awake=[["heart", "cat"], ["pancake", "cake"]], turn=0)
    watch = Watch(app, scene)
    watch.settle()
    taps(app, scene, hand_card(scene, "knight"))
    assert scene.part.highlighted_queens() == {(1, "pancake"), (1, "cake")}
    taps(app, scene, queen_point(scene, 1, "pancake"))
    assert watch.until(lambda: isinstance(app.top, ResultsScene), 30)
    assert "Anna's knight brings the Pancake Queen home!" in watch.banners
    assert watch.banners[-1] == "Anna wins!"
    assert state_of(scene).awake[0] == ["heart", "cat", "pancake"] and state_of(scene).awake[1] == ["cake"]
    assert app.top.winners == [0]


def test_a_refused_tap_says_what_to_do_instead(tmp_path, monkeypatch):
    fast_computers(monkeypatch)
    app = make_app(tmp_path)
    scene = start(app, table(0, 2))
    position(scene, hands=[["king", "knight", "n3", "n3", "n5"], ["n6", "n7", "n8", "n9", "n10"]],
             awake=[["moon"], []], turn=0)
    state_of(scene).slots[2] = None
    scene.changed()
    watch = Watch(app, scene)
    watch.settle()
    taps(app, scene, slot_rect(0).center)
    assert scene.hint_text() == "First tap a card in your hand!"
    taps(app, scene, hand_card(scene, "king"), slot_rect(2).center)        # an empty place
    assert scene.hint_text() == "Tap a sleeping queen!" and state_of(scene).hands[0][0] == "king"
    taps(app, scene, hand_card(scene, "king"), hand_card(scene, "knight"), queen_point(scene, 0, "moon"))
    assert scene.hint_text() == "This card reaches no queen now. Pick another card!"   # Robo has none
    taps(app, scene, hand_card(scene, "knight"), scene.part.hand.hand_layout().card_rects()[2].center,
         scene.part.hand.hand_layout().card_rects()[3].center, slot_rect(0).center)
    assert scene.part.hand.selected_cards() == ["n3", "n3"]
    assert scene.hint_text() == "Tap the blue button to throw these cards away!"
    assert state_of(scene).discard == [] and state_of(scene).slots[0] is not None


@pytest.mark.parametrize("lang", ["en", "de", "cs", "ru", "ko"])
def test_cards_that_cannot_go_together_get_a_prompt_that_says_why_and_what_works(tmp_path, monkeypatch, lang):
    """Rules, Discard to draw: a pair of equal numbers, or numbers where one is the sum of the
    others; a character goes alone.  While the preview says "Not a pair and not a sum", the prompt
    (shown and spoken) says what is wrong and what to do, never "Throw away these cards?"."""
    from kidgames.core.i18n import Catalog
    texts = Catalog(lang).spoken()
    fast_computers(monkeypatch)
    app = make_app(tmp_path, lang=lang)
    scene = start(app, table(0, 2))
    position(scene, hands=[["n2", "n3", "n5", "n9", "king"], ["n6", "n7", "n8", "n9", "n10"]], awake=[[], []], turn=0)
    watch = Watch(app, scene)
    watch.settle()

    def prompt_after(*cards) -> str:
        scene.part.hand.selected = []
        scene.layout()
        taps(app, scene, *(hand_card(scene, card) for card in cards))
        assert scene.part.hand.selected_cards() == list(cards)
        assert scene.part.equation_shown()[1] is False and scene.part.equation_shown()[0] == texts["queens.no_discard"]
        run(app, 0.5)
        shown = scene.hint_text()
        assert app.voice.said[-1][0] == next(key for key, text in texts.items() if text == shown), "spoken too"
        return shown
    assert prompt_after("n2", "n3") == texts["queens.hint.no_discard.more"]        # the 5 makes 2 + 3 = 5
    assert prompt_after("n2", "n9") == texts["queens.hint.no_discard.back"]        # no number makes a sum
    assert prompt_after("n2", "n3", "n9") == texts["queens.hint.no_discard.back"]
    assert prompt_after("king", "n2") == texts["queens.hint.no_discard.alone"]
    taps(app, scene, hand_card(scene, "king"), hand_card(scene, "n3"), hand_card(scene, "n5"))
    assert scene.hint_text() == texts["queens.hint.discard"]                      # 2 + 3 = 5: it works
    shot = tmp_path / f"no-discard-{lang}.png"
    prompt_after("n2", "n3", "n9")
    pygame.image.save(pygame.display.get_surface(), str(shot))


@pytest.mark.parametrize("chosen", [("jester", "jester"), ("king", "n2"), ("n2", "n9"), ("n2", "n3", "n9")])
def test_a_child_who_follows_the_hand_from_cards_that_cannot_go_together_reaches_a_play(tmp_path, monkeypatch, chosen):
    """The hint says "put one back": the hand that points must point at a chosen card, never at
    one more card (a child following it would choose card after card, round in a circle).  A few
    taps where it points leave a choice the rules accept."""
    fast_computers(monkeypatch)
    app = make_app(tmp_path)
    scene = start(app, table(0, 2))
    mine = ["jester", "king", "n2", "n3", "n9"] if "king" in chosen else ["jester", "jester", "n2", "n3", "n9"]
    position(scene, hands=[mine, ["n6", "n7", "n8", "n9", "n10"]], awake=[[], []], turn=0)
    watch = Watch(app, scene)
    watch.settle()
    hand = scene.part.hand.shown_hand()
    scene.part.hand.selected = []
    for card in chosen:            # the second jester is the second one in the hand
        scene.part.hand.selected.append(next(i for i, c in enumerate(hand) if c == card
                                             and i not in scene.part.hand.selected))
    scene.changed()
    run(app, 0.5)

    def accepted() -> bool:
        cards = sorted(scene.part.hand.selected_cards())
        legal = state_of(scene).legal_actions()
        if cards in (["jester"], ["king"]):
            return any(a.kind == cards[0] for a in legal)
        return any(a.kind == "discard" and sorted(a.cards) == cards for a in legal)
    assert not accepted()
    for _ in range(3):
        count = len(scene.part.hand.selected)
        later(app, 0.5)
        tap(app, scene.nudge_target().center)
        run(app, 0.3)
        assert len(scene.part.hand.selected) < count, "the hand points at a chosen card to put back"
        if accepted():
            break
    assert accepted(), f"{scene.part.hand.selected_cards()} is still no play"


def test_the_glow_of_a_selected_card_leans_with_the_card(tmp_path, monkeypatch):
    """The leftmost card of the fan leans left (its right side higher): so does its yellow ring,
    which therefore reaches higher on its right than on its left."""
    fast_computers(monkeypatch)
    app = make_app(tmp_path)
    scene = start(app, table(0, 2))
    position(scene, hands=[["n1", "n2", "n3", "n4", "n5"], ["n6", "n7", "n8", "n9", "n10"]], awake=[[], []],
             turn=0)
    watch = Watch(app, scene)
    watch.settle()
    taps(app, scene, scene.part.hand.hand_layout().card_rects()[0].center)
    watch.frame()
    rect = scene.part.hand.hand_layout().card_rects()[0]
    window = pygame.display.get_surface()
    ring = (255, 215, 40)

    def top_ring_y(x: int) -> int | None:
        for y in range(rect.top - 60, rect.centery):
            px = app.to_window((x, y))
            if tuple(window.get_at(px))[:3] == ring:
                return y
        return None
    left, right = top_ring_y(rect.centerx - 50), top_ring_y(rect.centerx + 50)
    assert left is not None and right is not None
    assert left - right > 8       # leaning, the right side is higher; straight, the same height


@pytest.mark.parametrize("window", [None, (1280, 800)], ids=["canvas", "tablet"])
def test_while_cards_fly_every_frame_shows_what_a_full_redraw_shows(tmp_path, window):
    """Partial redraws while four computers play: after each frame the window equals a full
    redraw (flying and flipping cards, banners, the count, the piles, the panels), in a window of
    the canvas's size and in a scaled one."""
    from test_screen_invariant import differing_area, window_bytes
    app = make_app(tmp_path, speed="normal", window_size=window)
    seats = [Seat(n, c, "computer", "normal") for n, c in zip(ROBOS, ("red", "blue", "green", "yellow"))]
    scene = start(app, seats, seed=7)
    partial = 0
    drawn_whole = []
    original = app.loop.draw
    app.loop.draw = lambda: (drawn_whole.append(1), original())
    for _ in range(900):
        before = len(drawn_whole)
        app.frame(FRAME)
        partial += len(drawn_whole) == before
        area = differing_area(app, window_bytes(app))
        assert area is None, f"the window differs from a full redraw in {area}"
    assert partial > 600 and len(controller_of(scene).log) > 10
