"""Il Capo, Combat & Whacking (rulebook IV) and the skill modifiers."""

from companion.engine import TABLE
from companion.games.il_capo import ENGINE as E
from companion.games.il_capo.actions import (Challenge, EndTurn, ShootBrothers, ShootMarcello,
                                             ShootRico, StandOffShoot, TakeHit, UseSkill)

from ilcapo_scenes import (balance, finish_round, game, landed, play, refused, rich, set_player, spin,
                           with_crew)


def _duel(anna=("Nunzio",), ben=("Joey Bats", "Firpo")):
    """Anna (seat 0) has landed on Ben's square and opens fire."""
    state = with_crew(with_crew(game(3), 0, *anna), 1, *ben)
    return play(landed(state), Challenge(1))[0]

# -- player against player ------------------------------------------------------------------------


def test_pvp_targets_the_lowest_ranking_crew_member_and_a_spin_above_difficulty_whacks_him():
    state, texts = play(_duel(), spin(5))  # Joey Bats: difficulty 4
    assert state.graveyard == ("Joey Bats",) and state.players[1].crew == ("Firpo",)
    assert "Anna aims at Ben's Joey Bats (Execution Difficulty 4): a 5 or more hits." in " ".join(
        play(landed(with_crew(game(3), 1, "Joey Bats")), Challenge(1))[1])


def test_pvp_crew_whack_pays_a_250000_bounty_from_the_bank():
    state = play(_duel(), spin(5))[0]
    assert balance(state, 0) == 400_000
    assert state.ledger.journal[-1].payer == "bank" and state.ledger.journal[-1].reason == "bounty (Joey Bats)"


def test_pvp_spin_equal_to_difficulty_misses_and_the_defender_returns_fire():
    state, texts = play(_duel(), spin(4))
    assert state.graveyard == () and state.awaiting == "spin"
    assert E.view(state, TABLE).spinner == "Ben"
    assert "Ben returns fire at Anna's Nunzio" in " ".join(texts)


def test_return_fire_uses_the_same_mechanic_against_the_attackers_lowest_crew_member():
    missed = play(_duel(), spin(4))[0]
    hit = play(missed, spin(4))[0]  # Nunzio: difficulty 3, a 4 hits
    assert hit.graveyard == ("Nunzio",) and balance(hit, 1) == 400_000
    nothing = play(missed, spin(3))[0]
    assert nothing.graveyard == () and nothing.turn == 1  # the exchange is over, Anna's turn ended


def test_a_hit_on_the_first_shot_gets_no_return_fire():
    state = play(_duel(), spin(5))[0]
    assert state.encounter is None and state.turn == 1 and state.awaiting == "move"


def test_the_acting_side_always_shoots_first():
    state = _duel()
    assert E.view(state, TABLE).spinner == "Anna"
    assert E.view(play(state, spin(1))[0], TABLE).spinner == "Ben"


def test_a_lone_player_has_personal_difficulty_9_and_is_whacked_on_a_9_or_10():
    state = _duel(ben=())
    missed = play(state, spin(8))[0]
    assert missed.players[1].is_playing
    state, texts = play(state, spin(9))
    assert state.players[1].out == "whacked by Anna"
    assert balance(state, 0) == 650_000 and state.ledger.journal[-1].reason == "bounty (Ben)"


def test_a_whacked_player_is_skipped_and_cannot_be_targeted():
    state = play(_duel(ben=()), spin(10))[0]
    assert state.turn == 2  # Ben's seat is skipped
    state = landed(state)
    refused(state, Challenge(1), "Ben is out of the game")


def test_stand_off_when_both_survive_and_each_may_stay_and_shoot_on_their_turn():
    state, texts = play(_duel(), spin(5))  # Joey Bats whacked, Ben and Anna both alive
    assert state.standoffs == ((0, 1),)
    assert "stand-off" in " ".join(texts)
    assert StandOffShoot(0) in E.legal_actions(state)  # Ben's turn
    state, texts = play(state, StandOffShoot(0))
    assert E.view(state, TABLE).spinner == "Ben"  # the one whose turn it is shoots first
    state = play(state, spin(4))[0]  # Nunzio (3) whacked
    assert state.graveyard == ("Joey Bats", "Nunzio") and state.turn == 2
    assert state.standoffs == ((0, 1),)  # both players still stand: "no limit to how many turns"


def test_stand_off_flee_by_spinning_to_move_ends_it():
    state = play(_duel(), spin(5))[0]
    state, texts = play(state, spin(6))
    assert state.standoffs == () and "Ben flees the stand-off with Anna" in " ".join(texts)
    assert state.awaiting == "land"


def test_stand_off_shot_is_chosen_instead_of_the_move_only():
    state = play(_duel(), spin(5))[0]
    refused(state, StandOffShoot(2), "Ben is not in a stand-off with Carla")
    refused(play(state, spin(6))[0], StandOffShoot(0), "instead of moving")


def test_stand_off_ends_when_one_side_is_whacked():
    state = play(_duel(ben=()), spin(1), spin(1))[0]  # both miss: stand-off
    assert state.standoffs == ((0, 1),)
    state = play(state, StandOffShoot(0), spin(1), spin(9))[0]  # Ben misses Nunzio, Anna whacks Ben
    assert state.standoffs == () and state.players[1].out


def test_safe_zone_players_cannot_be_targeted_for_shootouts():
    state = landed(set_player(game(3), 1, prison=2))
    refused(state, Challenge(1), "Ben is in prison, a safe zone")
    state = landed(set_player(game(3), 1, hospital=1))
    refused(state, Challenge(1), "in the hospital")


def test_nobody_can_open_fire_on_themselves():
    refused(landed(game(3)), Challenge(0), "cannot open fire on themselves")

# -- skills -------------------------------------------------------------------------------------------


def test_offensive_skill_adds_to_the_initial_shot():
    state = _duel(anna=("Paulie Greco",))
    state, texts = play(state, UseSkill("Paulie Greco"), spin(4))  # 4 + 1 beats Joey Bats' 4
    assert state.graveyard == ("Joey Bats",) and "4+1=5" in " ".join(texts)


def test_offensive_skill_applies_only_to_the_initial_shot_not_return_fire():
    state = play(_duel(), spin(1))[0]  # Ben returns fire now
    refused(state, UseSkill("Firpo"), "only to the initial shot")


def test_only_one_offensive_skill_per_shot():
    state = play(_duel(anna=("Paulie Greco", "Joey Bats"), ben=("Nunzio",)), UseSkill("Paulie Greco"))[0]
    refused(state, UseSkill("Joey Bats"), "One offensive skill per shot")


def test_defensive_skill_turns_a_hit_into_a_miss_and_the_defender_returns_fire():
    state = play(_duel(ben=("Joey Bats", "Vinnie")), spin(6))[0]
    assert state.awaiting == "react"
    state, texts = play(state, UseSkill("Vinnie"))
    assert state.graveyard == () and "drops to 4, a miss" in " ".join(texts)
    assert state.awaiting == "spin" and E.view(state, TABLE).spinner == "Ben"


def test_declining_the_shield_lets_the_shot_stand():
    state = play(_duel(ben=("Joey Bats", "Vinnie")), spin(6), TakeHit())[0]
    assert state.graveyard == ("Joey Bats",) and "Vinnie" not in state.used_skills


def test_a_shield_that_would_not_save_is_refused():
    state = play(_duel(ben=("Joey Bats", "Vinnie", "Gina Costa")), spin(6))[0]
    refused(state, UseSkill("Gina Costa"), "would not stop a 6", "still hits Ben's Joey Bats")


def test_no_shield_offer_when_no_shield_could_save():
    state = play(_duel(ben=("Joey Bats", "Gina Costa")), spin(10))[0]
    assert state.graveyard == ("Joey Bats",) and state.awaiting == "move"


def test_each_skill_is_used_only_once_per_game():
    state = play(_duel(ben=("Joey Bats", "Vinnie")), spin(6), UseSkill("Vinnie"), spin(1))[0]
    assert state.turn == 1  # Ben's turn: he stays and shoots; then Anna's turn comes back later
    state = play(state, StandOffShoot(0), spin(1))[0]  # Ben misses, Anna returns fire
    state = play(state, spin(6))[0]  # a 6 would hit Joey Bats, Vinnie's shield is spent
    assert state.graveyard == ("Joey Bats",)
    assert state.used_skills == ("Vinnie",)


def test_a_board_skill_is_marked_used_and_the_table_plays_the_new_space():
    state = with_crew(landed(game(2)), 0, "Nico 'The Driver' Esposito")
    state, texts = play(state, UseSkill("Nico 'The Driver' Esposito"))
    assert "Play the space you land on" in texts[-1] and state.awaiting == "land"
    refused(state, UseSkill("Nico 'The Driver' Esposito"), "already been used", "once per game")


def test_a_combat_skill_cannot_be_spent_on_the_board():
    refused(with_crew(landed(game(2)), 0, "Firpo"), UseSkill("Firpo"), "combat skill")


def test_skills_never_work_against_moretti_units():
    state = play(with_crew(landed(game(2)), 0, "Firpo"), ShootRico())[0]
    refused(state, UseSkill("Firpo"), "Moretti")

# -- player against the Morettis ------------------------------------------------------------------


def test_shooting_rico_above_his_difficulty_removes_him_and_pays_500000():
    state, texts = play(landed(game(2)), ShootRico(), spin(8))
    assert not state.rico_alive and balance(state, 0) == 650_000
    assert state.ledger.journal[-1].reason == "bounty (Beefy Rico)"
    refused(landed(state), ShootRico(), "off the board")


def test_missing_rico_brings_his_return_fire_tax_or_beating():
    state = play(rich(landed(game(2)), 0, 200_000), ShootRico(), spin(7))[0]
    assert state.awaiting == "rico" and state.encounter.target == 0
    poor = play(landed(game(2)), ShootRico(), spin(7))[0]
    assert poor.encounter.kind == "beating"  # $150,000 cannot pay the tax


def test_the_ricigliano_brothers_must_be_hit_twice_in_a_row():
    state = play(landed(game(2)), ShootBrothers(), spin(7))[0]
    assert state.brothers_alive and state.awaiting == "spin"
    state = play(state, spin(7))[0]
    assert not state.brothers_alive and balance(state, 0) == 650_000


def test_missing_the_second_brother_brings_their_split_combat():
    state = with_crew(landed(game(2)), 0, "Joey Bats", "Firpo")
    state, texts = play(state, ShootBrothers(), spin(7), spin(6))
    assert state.brothers_alive and state.encounter.kind == "brothers" and state.encounter.target == 0
    state = play(state, spin(1), spin(1))[0]
    assert state.graveyard == ("Joey Bats", "Firpo")


def test_whacking_marcello_pays_500000_and_waives_his_dues():
    from companion.games.il_capo.actions import DevelopSkyscraper
    state = play(landed(game(2)), ShootMarcello(), spin(9))[0]
    assert not state.marcello_alive and balance(state, 0) == 650_000
    state = finish_round(play(landed(state), EndTurn())[0])  # Ben's turn, then the Syndicate phase
    state, texts = play(landed(state), DevelopSkyscraper())
    assert state.ledger.journal[-1].reason == "skyscraper"  # no "dues (Marcello Valli)" entry
    assert balance(state, 0) == 650_000 - state.board.skyscraper_cost
    assert "no dues" in texts[-1]


def test_missing_marcello_follows_the_board_directions():
    state, texts = play(landed(game(2)), ShootMarcello(), spin(8))
    assert state.marcello_alive and "Follow the directions on the board" in " ".join(texts)


def test_a_player_shot_dead_by_another_is_announced_as_out():
    texts = play(_duel(ben=()), spin(10))[1]
    assert "Ben is out of the game (whacked by Anna)." in texts


def test_a_whacked_out_player_can_neither_pay_nor_receive():
    from companion.games.il_capo.actions import Pay, PayPlayer, Receive

    state = play(_duel(ben=()), spin(10))[0]
    refused(state, Receive(1, 250_000), "Ben is out of the game")
    refused(state, Pay(1, 10_000), "Ben is out of the game")
    refused(state, PayPlayer(0, 1, 10_000), "Ben is out of the game")
