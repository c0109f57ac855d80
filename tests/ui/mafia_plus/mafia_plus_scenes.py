"""Seeded Mafia+ moments for the tests (Kivy-free): the same Night 1 call with the role's player
alive in one game and dead in the other, everything else public being equal."""

from __future__ import annotations

from companion.games.mafia_plus import engine as E

PLAYERS = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina"]
CONFIG = {"players": PLAYERS, "set": {"choices": ["bartender"]}}
VOTED_OUT = 3       # Dario is voted out on Day 1 in both games
MAFIA_TARGET = 6    # the Mafia chooses Gina on Night 1 in both games
SET = ("doctor", "detective", "loose_cannon", "lady_of_the_night", "mafia_boss", "coquette", "bartender")


def deal(role: str, alive: bool) -> tuple[str, ...]:
    """The Mafia at seats 4 and 5; ``role`` at seat 0 (alive) or at seat 3 (voted out on Day 1),
    the other characters in a fixed order, so both games show the same public table."""
    others = [c for c in SET if c not in (role, "mafia_boss", "coquette")]
    chars = [""] * len(PLAYERS)
    chars[4], chars[5] = "mafia_boss", "coquette"
    chars[0], chars[3] = (role, others[0]) if alive else (others[0], role)
    chars[1], chars[2], chars[6] = others[1:4]
    return tuple(chars)


def play_to_call(act, state, step: str) -> None:
    """Play (``act(action)``, ``state()``) to the Night 1 call of ``step``: Day 1 votes Dario out,
    the Mafia chooses Gina, every other role takes its first legal choice."""
    from companion.games.mafia_plus import ENGINE

    for _ in range(500):
        st = state()
        if st.phase == "night" and st.night == 1 and E._steps(st)[st.step] == step:
            return
        legal = ENGINE.legal_actions_by_seat(st)
        if st.phase == "night":
            actor = next((k for k in legal if k is not None), None)
            if actor is None:
                act(E.Continue())
            elif E._steps(st)[st.step] == "mafia":
                act(E.MafiaKill(actor, MAFIA_TARGET))
            else:
                act(legal[actor][0])
        elif st.stage == "discussion":
            act(E.Accuse(0 if VOTED_OUT != 0 else 1, VOTED_OUT) if not st.accused else E.CallVote("eliminate"))
        elif st.stage == "voting":
            by = next(k for k in legal if k is not None)
            act(E.CastVote(by, VOTED_OUT))
        else:
            act(E.CarryOut())
    raise AssertionError(f"never reached the Night 1 call of {step}")


def engine_state(role: str, alive: bool, step: str | None = None):
    """The state at the Night 1 call of ``role`` (engine only, no store)."""
    from companion.games.mafia_plus import ENGINE

    box = [ENGINE.new(CONFIG, 1)]
    box[0], _ = ENGINE.apply(box[0], E.Dealt(deal(role, alive), by_hand=True))

    def act(action):
        box[0], _ = ENGINE.apply(box[0], action)

    play_to_call(act, lambda: box[0], step or role)
    return box[0]


def play_to_vote(act, state, votes: int = 0) -> None:
    """Day 1: Anna accuses Dario, the open vote is called and ``votes`` voters vote for Dario."""
    from companion.games.mafia_plus import ENGINE

    for _ in range(200):
        st = state()
        if st.phase == "day" and st.stage == "voting" and len(st.vote.votes) >= votes:
            return
        if st.phase == "night":
            legal = ENGINE.legal_actions_by_seat(st)
            actor = next((k for k in legal if k is not None), None)
            act(E.Continue() if actor is None else legal[actor][0])
        elif st.stage == "discussion":
            act(E.Accuse(0, VOTED_OUT) if not st.accused else E.CallVote("eliminate"))
        else:
            by = next(k for k in ENGINE.legal_actions_by_seat(st) if k is not None)
            act(E.CastVote(by, VOTED_OUT))
    raise AssertionError("never reached the vote")
