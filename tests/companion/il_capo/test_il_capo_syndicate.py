"""Il Capo, the Syndicate phase (rulebook III): the Cops, Beefy Rico, the Ricigliano Brothers."""

from companion.games.il_capo.actions import (EndTurn, LandedOnCop, NpcDone, NpcHit, Pay, PayTax, PickUp,
                                             ShootReleased, TakeBeating, UseSkill)

from ilcapo_scenes import (balance, bank, finish_round, full_round, game, landed, play, refused, rich,
                           set_player, spin, to_npc, to_syndicate, with_crew)

# -- the Cops ------------------------------------------------------------------------------------


def test_cop_bust_sends_the_lowest_level_crew_member_to_jail():
    state = with_crew(game(2), 0, "Firpo", "Joey Bats", "Nico 'The Driver' Esposito")
    state, texts = play(to_npc(state, "cop1"), NpcHit(0))
    assert state.players[0].crew == ("Firpo", "Nico 'The Driver' Esposito")
    assert [j.crew for j in state.jail] == ["Joey Bats"]
    assert "Busted! Anna's lowest crew member, Joey Bats, goes to Jail" in " ".join(texts)


def test_cop_bust_tie_on_difficulty_takes_the_earlier_catalog_card():
    state = with_crew(game(2), 0, "Carmine the Mule", "Little Richie")  # both difficulty 1
    state = play(to_npc(state, "cop2"), NpcHit(0))[0]
    assert state.jail[0].crew == "Little Richie"


def test_jailed_crew_released_to_out_of_jail_after_three_full_rounds():
    state = with_crew(game(2), 0, "Joey Bats", "Firpo")
    state = play(to_npc(state, "cop1"), NpcHit(0))[0]  # busted in the Syndicate phase of round 1
    state = finish_round(state)
    assert state.round == 2
    state = full_round(full_round(state))  # rounds 2 and 3
    assert [j.crew for j in state.jail] == ["Joey Bats"] and state.released == ()
    state = to_syndicate(state)  # round 4's turns
    while state.awaiting != "move":
        state = play(state, spin(4) if state.awaiting == "npc_spin" else NpcDone())[0]
    assert state.round == 5
    assert state.jail == () and state.released == ("Joey Bats",)


def test_landing_on_a_cop_busts_you_too_and_ends_the_turn():
    state = with_crew(game(2), 0, "Joey Bats")
    state, texts = play(landed(state), LandedOnCop())
    assert state.jail[0].crew == "Joey Bats" and state.players[0].crew == ()
    assert state.turn == 1 and state.awaiting == "move"


def test_cop_bust_alone_sends_the_player_to_prison_skipping_three_turns():
    state = play(to_npc(game(2), "cop1"), NpcHit(0))[0]
    assert state.players[0].prison == 3
    skipped = []
    state = finish_round(state)
    for _ in range(4):  # rounds 2..5: Anna sits out rounds 2, 3 and 4, plays in round 5
        skipped.append(state.turn != 0)
        state = full_round(state)
    assert skipped == [True, True, True, False]


def test_prison_release_says_play_resumes_from_the_out_of_jail_space():
    state = set_player(game(2), 0, prison=1)
    state = landed(state)  # set up mid-game: her prison stay began after this move
    state = play(state, EndTurn())[0]
    state = to_syndicate(state)
    state = play(state, spin(4), NpcDone(), spin(4), NpcDone(), spin(4), NpcDone(), spin(4))[0]
    state, texts = play(state, NpcDone())
    assert any("released: play resumes from the Out of Jail space" in t for t in texts)
    assert state.players[0].prison == 0 and state.turn == 1


def test_pick_up_a_released_crew_member_at_his_cost_ends_the_visit():
    state = landed(game(2))
    from dataclasses import replace
    state = replace(state, released=("Joey Bats", "Sonny the Kid"))
    state, texts = play(state, PickUp("Joey Bats"))
    assert state.players[0].crew == ("Joey Bats",)
    assert balance(state, 0) == 50_000 and bank(state) == 100_000
    assert state.ledger.journal[-1].reason == "pick-up (Joey Bats)"
    assert state.released == ("Sonny the Kid",)
    # "you may only choose one to interact with": the turn is over
    assert state.turn == 1
    refused(state, PickUp("Sonny the Kid"), "Ben must spin to move first")


def test_shooting_a_released_crew_member_pays_the_250000_bounty_and_he_cannot_return_fire():
    from dataclasses import replace
    state = replace(landed(game(2)), released=("Joey Bats",))
    state = play(state, ShootReleased("Joey Bats"))[0]
    missed, texts = play(state, spin(4))  # difficulty 4: a 4 misses
    assert "unarmed and does not return fire" in " ".join(texts)
    assert missed.released == ("Joey Bats",) and missed.turn == 1 and balance(missed, 0) == 150_000
    hit, texts = play(state, spin(5))
    assert hit.released == () and hit.graveyard == ("Joey Bats",)
    assert balance(hit, 0) == 400_000 and hit.ledger.journal[-1].reason == "bounty (Joey Bats)"


def test_an_offensive_skill_helps_the_shot_at_a_released_crew_member():
    from dataclasses import replace
    state = replace(with_crew(landed(game(2)), 0, "Paulie Greco"), released=("Joey Bats",))
    state = play(state, ShootReleased("Joey Bats"), UseSkill("Paulie Greco"), spin(4))[0]
    assert state.graveyard == ("Joey Bats",)


def test_picking_up_is_refused_when_the_car_is_full():
    from dataclasses import replace
    state = replace(rich(with_crew(landed(game(2)), 0, "Firpo", "Vinnie", "Gina Costa", "Nunzio", "Sonny the Kid"),
                         0, 1_000_000), released=("Joey Bats",))
    refused(state, PickUp("Joey Bats"), "car is full", "5 crew members plus Anna")

# -- Beefy Rico --------------------------------------------------------------------------------------


def test_rico_tax_is_250000_to_the_bank_when_the_player_chooses_to_pay():
    state = rich(game(2), 1, 300_000)
    state = play(to_npc(state, "rico"), NpcHit(1))[0]
    assert state.awaiting == "rico"
    state = play(state, PayTax())[0]
    assert balance(state, 1) == 200_000 and state.ledger.journal[-1].reason == "tax (Beefy Rico)"
    assert state.awaiting == "npc_hits"


def test_rico_beating_spin_5_or_less_sends_the_player_to_hospital_for_three_turns():
    state = rich(game(2), 1, 300_000)
    state = play(to_npc(state, "rico"), NpcHit(1), TakeBeating())[0]
    assert state.awaiting == "spin"
    hurt, texts = play(state, spin(5))
    assert hurt.players[1].hospital == 3 and "hospital" in texts[-1]
    fine, texts = play(state, spin(6))
    assert fine.players[1].hospital == 0 and "walks the beating off" in texts[-1]
    assert balance(fine, 1) == 450_000  # a beating costs no money


def test_rico_beating_is_forced_when_the_player_cannot_pay():
    state = play(to_npc(game(2), "rico"), NpcHit(0))[0]  # Anna has $150,000 < $250,000
    assert state.awaiting == "spin" and state.encounter.kind == "beating"


def test_rico_tax_refused_when_the_money_went_meanwhile():
    state = rich(game(2), 1, 300_000)
    state = play(to_npc(state, "rico"), NpcHit(1), Pay(1, 300_000, "a money pit"))[0]
    refused(state, PayTax(), "Ben cannot pay Rico's $250,000 tax", "beating")


def test_nobody_owes_rico_outside_his_visit():
    refused(landed(game(2)), PayTax(), "Nobody owes Beefy Rico")


def test_safe_zone_player_cannot_be_taxed_by_rico():
    state = set_player(rich(game(2), 1, 300_000), 1, hospital=2)
    state = to_npc(state, "rico")
    refused(state, NpcHit(1), "Ben is in the hospital, a safe zone")

# -- the Ricigliano Brothers ------------------------------------------------------------------------


CAR = ("Firpo", "Joey Bats", "Nico 'The Driver' Esposito")  # difficulties 7, 4, 5


def _brothers_on_anna():
    state = with_crew(game(2), 0, *CAR)
    return play(to_npc(state, "brothers"), NpcHit(0))[0]


def test_brothers_win_both_spins_and_roll_free():
    state, texts = play(_brothers_on_anna(), spin(7), spin(10))
    assert set(state.players[0].crew) == set(CAR) and state.graveyard == ()
    assert "beats Bobby" in " ".join(texts) and "beats Vinnie" in " ".join(texts)


def test_brothers_first_spin_6_or_lower_loses_the_weakest_crew_member():
    state = play(_brothers_on_anna(), spin(6), spin(7))[0]
    assert state.graveyard == ("Joey Bats",)
    assert set(state.players[0].crew) == {"Firpo", "Nico 'The Driver' Esposito"}


def test_brothers_second_spin_6_or_lower_loses_the_top_crew_member():
    state = play(_brothers_on_anna(), spin(7), spin(1))[0]
    assert state.graveyard == ("Firpo",)


def test_brothers_out_of_crew_shoot_directly_and_9_or_10_ends_the_game():
    state = with_crew(game(3), 0, "Joey Bats")
    state = play(to_npc(state, "brothers"), NpcHit(0))[0]
    state, texts = play(state, spin(3))  # Bobby wins: Joey Bats whacked, Anna has run out of crew
    assert "run out of crew" in " ".join(texts)
    assert state.encounter.stage == 2
    dead, texts = play(state, spin(9))
    assert dead.players[0].out == "whacked by the Ricigliano Brothers"
    alive = play(state, spin(8))[0]
    assert alive.players[0].is_playing and alive.awaiting == "npc_hits"


def test_brothers_against_a_player_with_no_crew_shoot_directly():
    state = play(to_npc(game(3), "brothers"), NpcHit(1))[0]
    assert state.encounter.stage == 2
    state = play(state, spin(10))[0]
    assert state.players[1].out


def test_brothers_direct_shot_is_an_npc_spin_drawn_unasked():
    import random
    from companion.games.il_capo import ENGINE
    state = play(to_npc(game(3), "brothers"), NpcHit(1))[0]
    assert ENGINE.chance_requests(state) == []
    assert ENGINE.chance(state, random.Random(1), None) is not None


def test_skills_cannot_be_used_against_the_brothers():
    state = with_crew(game(2), 0, "Firpo", "Joey Bats")
    state = play(to_npc(state, "brothers"), NpcHit(0))[0]
    refused(state, UseSkill("Firpo"), "cannot be used against the Moretti Family")


def test_whacked_npcs_are_skipped_in_the_syndicate_phase():
    from dataclasses import replace
    state = replace(game(2), rico_alive=False, brothers_alive=False)
    state = to_syndicate(state)
    state = play(state, spin(1), NpcDone(), spin(1))[0]
    state = play(state, NpcDone())[0]
    assert state.round == 2 and state.awaiting == "move"


def test_last_player_standing_after_the_brothers_becomes_moretti_s_consigliere():
    from companion.games.il_capo import ENGINE
    state = play(to_npc(game(2), "brothers"), NpcHit(1), spin(10))[0]
    outcome = ENGINE.outcome(state)
    assert outcome.winners == (0,) and "consigliere" in outcome.reason
    assert ENGINE.legal_actions(state) == []
    refused(state, EndTurn(), "The game is over")


def test_the_npc_move_is_kept_for_the_table_after_a_beating_spin_in_between():
    """Issue 18: Rico spun 6 LEFT, Ben's beating spun 8; the Rico step must still read 6 LEFT."""
    state = rich(game(2), 1, 300_000)
    state = play(to_npc(state, "rico", side="L", number=6), NpcHit(1), TakeBeating())[0]
    assert state.npc_move == (6, "L")
    state = play(state, spin(8))[0]
    assert state.awaiting == "npc_hits" and state.last_spin == (8, "R") and state.npc_move == (6, "L")


def test_an_npc_moving_one_space_reads_one_space():
    texts = play(to_syndicate(game(2)), spin(1, "L"))[1]
    assert "moves 1 space, turning left" in " ".join(texts)
