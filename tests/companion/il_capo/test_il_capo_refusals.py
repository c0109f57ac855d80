"""Il Capo: every other refused action says why in a sentence and leaves the state unchanged."""

from dataclasses import replace

from companion.games.il_capo.actions import (Challenge, Hire, NpcDone, PickUp, ShootBrothers, ShootMarcello,
                                             ShootReleased, TakeHit, UseSkill)

from ilcapo_scenes import game, landed, play, refused, spin, to_syndicate, with_crew


def _duel(anna=("Nunzio",), ben=("Joey Bats", "Firpo")):
    state = with_crew(with_crew(game(3), 0, *anna), 1, *ben)
    return play(landed(state), Challenge(1))[0]


def test_take_hit_only_answers_a_shot():
    refused(landed(game(2)), TakeHit(), "No shot is waiting for an answer")


def test_a_skill_of_a_crew_member_nobody_has_is_refused():
    refused(landed(game(2)), UseSkill("Firpo"), "Firpo is not in anyone's car")
    refused(landed(game(2)), UseSkill("Al Capone"), "no crew member called 'Al Capone'")


def test_a_board_skill_belongs_to_the_player_whose_turn_it_is():
    state = with_crew(landed(game(2)), 1, "Nico 'The Driver' Esposito")
    refused(state, UseSkill("Nico 'The Driver' Esposito"), "belongs to Ben, whose turn it is not")


def test_an_offensive_skill_belongs_to_the_shooter():
    refused(_duel(), UseSkill("Firpo"), "belongs to Ben, who is not taking this shot")


def test_a_shield_is_not_an_offensive_skill():
    refused(_duel(anna=("Gina Costa",)), UseSkill("Gina Costa"), "is not an offensive skill")


def test_only_the_defender_may_raise_a_shield_and_only_a_shield():
    state = play(_duel(anna=("Nunzio", "Sal 'Ice' Marino"), ben=("Joey Bats", "Vinnie", "Paulie Greco")),
                 spin(6))[0]
    assert state.awaiting == "react"
    refused(state, UseSkill("Sal 'Ice' Marino"), "belongs to Anna, who is not being shot at")
    refused(state, UseSkill("Paulie Greco"), "is not a defensive skill")


def test_no_skill_while_the_npcs_move():
    state = with_crew(to_syndicate(game(2)), 0, "Firpo")
    refused(state, UseSkill("Firpo"), "No skill can be used now", "Spin for Cop car 1")


def test_landing_actions_are_refused_in_the_syndicate_phase():
    state = play(to_syndicate(game(2)), spin(3))[0]
    refused(state, Hire("Joey Bats"), "not possible now", "Did Cop car 1 land on anyone")


def test_dead_brothers_and_dead_marcello_cannot_be_shot_again():
    state = replace(landed(game(2)), brothers_alive=False, marcello_alive=False)
    refused(state, ShootBrothers(), "Ricigliano Brothers have been whacked")
    refused(state, ShootMarcello(), "Marcello Valli is already dead")


def test_out_of_jail_actions_need_the_crew_member_to_be_there():
    refused(landed(game(2)), PickUp("Joey Bats"), "Joey Bats is not waiting on the Out of Jail space")
    refused(landed(game(2)), ShootReleased("Joey Bats"), "not waiting on the Out of Jail space")


def test_a_released_crew_member_is_picked_up_not_hired():
    state = replace(landed(game(2)), released=("Joey Bats",))
    refused(state, Hire("Joey Bats"), "pick him up there instead")


def test_npc_done_only_after_an_npc_moved():
    refused(game(2), NpcDone(), "after an NPC moves")
