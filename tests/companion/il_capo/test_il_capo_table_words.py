"""What the table reads during play (issue #26): whose the last spin was, a player released from
prison starting on the Out of Jail space, Rico's forced beating said once, and no "(from your box)"
tag on the amounts in play (the box screens keep it)."""

from companion.engine import TABLE
from companion.games.il_capo.actions import EndTurn, LandedOnCop, NpcDone, NpcHit, Pay, ShootRico

from ilcapo_scenes import E, game, landed, play, spin, to_npc, to_syndicate


def test_the_last_spin_says_whose_it_was_player_npc_or_brothers():
    state = play(game(3), spin(6))[0]
    assert E.view(state, TABLE).last_spin_by == "Anna"
    state = play(to_syndicate(state), spin(4, "L"))[0]
    assert E.view(state, TABLE).last_spin_by == "Cop car 1"
    brothers = play(to_npc(game(3), "brothers"), NpcHit(1))[0]  # Ben has no crew: their direct shot
    assert E.view(play(brothers, spin(2))[0], TABLE).last_spin_by == "The Ricigliano Brothers"


def test_a_player_released_from_prison_resumes_play_from_the_out_of_jail_space():
    """ "If you are alone, you will go to prison and skip 3 turns. Upon your release you will
    resume play from the out of jail space outside the jailhouse." """
    state = play(landed(game(2)), LandedOnCop())[0]  # Anna is alone: prison
    assert state.players[0].prison == 3
    while not (state.awaiting == "move" and state.turn == 0):  # her three turns are skipped
        step = {"move": spin(3), "land": EndTurn(), "npc_spin": spin(4), "npc_hits": NpcDone()}[state.awaiting]
        state = play(state, step)[0]
    view = E.view(state, TABLE)
    assert state.players[0].prison == 0 and view.players[0].from_prison
    assert view.prompt == "Anna: spin to move from the Out of Jail space."
    moved = play(state, spin(4))[0]
    assert not moved.players[0].from_prison and not E.view(moved, TABLE).players[0].from_prison


def test_rico_forced_beating_is_said_once():
    state = play(game(2), Pay(1, 150_000))[0]  # Ben cannot pay the tax
    state, texts = play(to_npc(state, "rico"), NpcHit(1))
    said = " ".join(texts)
    assert said.count("takes the beating") == 1, said
    assert "cannot pay $250,000, so there is no choice." in said


def test_announcements_in_play_carry_no_from_your_box_tag():
    state, texts = play(landed(game(2)), ShootRico())
    assert texts[-1] == "Anna takes a shot at Beefy Rico: spin higher than 7 to hit."
    assert not any("from your box" in t for t in texts)


def test_an_npc_move_is_owned_by_the_npc_by_its_name():
    state = to_npc(game(3), "brothers")
    assert E.view(state, TABLE).last_spin_by == "The Ricigliano Brothers"
