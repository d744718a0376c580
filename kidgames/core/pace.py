"""What a fair computer promises besides keeping the game close: the game ends.

fair holds back while it leads.  Against players who find nothing (a five-year-old in a memory
game, who wins no card) it would lead for ever and so hold back for ever, and the game would never
end (issue 32: a real Forest game ran 48 minutes with 1 of 7 cards won).  So fair keeps a pace.

It counts its own turns in its memory.  A game has a length in fair's turns: :data:`STRETCH` times
what a whole game takes a normal computer against players who play at random (``normal_turns``,
measured by bench/levels.py).  For the first :data:`GRACE` of it nothing is asked (the first card
of a memory game comes late: nobody knows a tree yet); from then on the game's ``progress`` (0 to 1,
the game's own measure: the Forest's cards won by anybody, the tallest castle) should keep up
with the rest of that length.  The further the game falls behind, the more often fair plays its
best, whatever its lead (:func:`pace_need`, a floor under its will to play its best).

Only while fair is the one who moves the game on: while the others' ``share`` of the progress is
small (:data:`SHARE`, a little more the further the game lags).  Against a child who wins cards and
builds castles too, a long game is a close game: fair holds back as before and the child may catch
up.  Against players who find nothing, fair wins at the pace, and the game lasts about a third
longer than with a normal computer (bench/levels.py, "with two random players").

Pure Python: computer players use it, never the UI.
"""
from __future__ import annotations

#: The key of fair's memory that counts its turns (plain JSON, saved with the game).
TURNS = "paced_turns"
#: A game's length in fair's turns, as times a normal computer's against players who play at random.
STRETCH = 1.2
#: The share of that length at the start in which no progress is asked.
GRACE = 0.7
#: How far behind (a share of the length) the game falls before fair plays its best every turn.
RAMP = 0.1
#: The others' share of the progress below which fair counts as the one who moves the game on, and
#: how much more it may be for each share of the length the game lags (so every game ends).
SHARE, LOOSEN = 0.25, 0.5


def pace_need(memory: dict, progress: float, normal_turns: float, share: float = 0.0) -> float:
    """Counts one more turn of fair's in ``memory`` and says how often (0 to 1) fair must play its
    best at it for the game to end in time: 0 while the game keeps up with the pace (or the others,
    holding ``share`` of the ``progress`` so far, move it on too), rising to 1 as it falls behind.
    A count that is not a whole number of turns (a damaged save) starts again from none."""
    turns = memory.get(TURNS)
    if type(turns) is not int or turns < 0:
        turns = 0
    turns += 1
    memory[TURNS] = turns
    length = max(1.0, STRETCH * normal_turns)
    due = (GRACE + (1.0 - GRACE) * progress) * length       # the turn by which this progress is due
    lag = (turns - due) / length
    if lag <= 0 or share > SHARE + LOOSEN * lag:
        return 0.0
    return min(1.0, lag / RAMP)
