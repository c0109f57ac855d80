"""Il Capo: hiring crews (rulebook V), safe zones (VI) and the Final Gauntlet / Moretti showdown (I)."""

from dataclasses import replace

from companion.engine import TABLE
from companion.games.il_capo import ENGINE as E
from companion.games.il_capo.actions import (DevelopSkyscraper, EndTurn, EnterMansion, Hire,
                                             NavigateDeadMansRow, NpcHit, UseSkill)
from companion.games.il_capo.engine import Jailed

from ilcapo_scenes import (finish_round, balance, bank, full_round, game, landed, play, refused, rich, set_player, spin,
                           to_npc, with_crew)

# -- hiring ---------------------------------------------------------------------------------------------


def test_hire_pays_the_card_cost_to_the_bank_with_its_reason():
    state, texts = play(landed(game(2)), Hire("Joey Bats"))
    assert state.players[0].crew == ("Joey Bats",)
    assert balance(state, 0) == 50_000 and bank(state) == 100_000
    assert state.ledger.journal[-1].reason == "hire (Joey Bats)"
    assert "Anna hires Joey Bats, a Grunt with Execution Difficulty 4, for $100,000." == texts[-1]


def test_a_car_holds_five_crew_members_plus_the_player():
    five = ("Little Richie", "Carmine the Mule", "Sonny the Kid", "Benny Fingers", "Nunzio")
    state = rich(with_crew(landed(game(2)), 0, *five), 0, 1_000_000)
    refused(state, Hire("Joey Bats"), "Anna's car is full: 5 crew members plus Anna")


def test_whacked_crew_in_the_graveyard_are_never_recruited_again():
    state = replace(landed(game(2)), graveyard=("Joey Bats",))
    refused(state, Hire("Joey Bats"), "graveyard", "never to be recruited again")


def test_a_crew_member_riding_with_another_player_cannot_be_hired():
    state = with_crew(landed(game(2)), 1, "Joey Bats")
    refused(state, Hire("Joey Bats"), "Joey Bats already rides with Ben")


def test_a_jailed_crew_member_cannot_be_hired():
    state = replace(landed(game(2)), jail=(Jailed("Joey Bats", "Ben", 4),))
    refused(state, Hire("Joey Bats"), "in Jail")


def test_hiring_is_refused_when_the_player_cannot_pay():
    refused(landed(game(2)), Hire("Firpo"), "Anna cannot pay $400,000 to hire Firpo: only $150,000 on hand")


def test_an_unknown_crew_name_is_refused():
    refused(landed(game(2)), Hire("Al Capone"), "no crew member called 'Al Capone'")


def test_hiring_happens_on_your_own_landing_only():
    refused(game(2), Hire("Joey Bats"), "Anna must spin to move first")


def test_whacked_players_surviving_crew_return_to_the_deck():
    state = play(with_crew(_ready(), 0, "Luca 'The Hammer' Bruno"), EnterMansion(), spin(1))[0]
    state = play(state, spin(1), spin(9))[0]  # Moretti misses Luca, whacks Anna
    assert state.players[0].out and "Luca 'The Hammer' Bruno" not in state.graveyard
    assert any(c.name == "Luca 'The Hammer' Bruno" for c in E.view(state, TABLE).for_hire)

# -- safe zones and counters -------------------------------------------------------------------------


def test_hospital_counter_ticks_once_per_skipped_turn_and_shows_on_the_table():
    state = set_player(play(landed(game(2)), EndTurn())[0], 0, hospital=3)
    state = finish_round(play(state, spin(2), EndTurn())[0])  # round 2 begins: Anna's turn is skipped
    anna = E.view(state, TABLE).players[0]
    assert (anna.status, anna.turns_left) == ("hospital", 2) and state.turn == 1


def test_hospital_stay_skips_exactly_three_turns():
    state = set_player(play(landed(game(2)), EndTurn())[0], 0, hospital=3)
    state = play(state, spin(2), EndTurn())[0]
    state = finish_round(state)
    turns = []
    for _ in range(4):
        turns.append(state.turn)  # who plays first in the round
        state = full_round(state)
    assert turns == [1, 1, 1, 0]


def test_safe_zone_player_cannot_be_busted_by_the_cops():
    state = set_player(game(2), 1, prison=3)
    refused(to_npc(state, "cop1"), NpcHit(1), "Ben is in prison, a safe zone")

# -- the gauntlet --------------------------------------------------------------------------------------


def _ready(crew=()):
    """Anna has developed a Skyscraper, navigated Dead Man's Row and has $1,000,000 on her landing."""
    state = set_player(with_crew(landed(game(2)), 0, *crew), 0, skyscraper=True, dead_mans_row=True)
    return rich(state, 0, 850_000)


def test_skyscraper_costs_the_board_price_plus_marcellos_dues():
    state = rich(landed(game(2)), 0, 1_000_000)
    state, texts = play(state, DevelopSkyscraper())
    b = state.board
    assert [t.reason for t in state.ledger.journal[-2:]] == ["skyscraper", "dues (Marcello Valli)"]
    assert balance(state, 0) == 1_150_000 - b.skyscraper_cost - b.marcello_dues
    assert state.players[0].skyscraper


def test_a_second_skyscraper_is_refused():
    state = play(rich(landed(game(2)), 0, 1_000_000), DevelopSkyscraper())[0]
    refused(state, DevelopSkyscraper(), "already developed a Skyscraper")


def test_skyscraper_refused_when_unaffordable_charges_nothing():
    refused(landed(game(2)), DevelopSkyscraper(), "cannot pay $750,000", "Marcello")


def test_dead_mans_row_is_recorded_once():
    state = play(landed(game(2)), NavigateDeadMansRow())[0]
    assert state.players[0].dead_mans_row
    refused(state, NavigateDeadMansRow(), "already made it through Dead Man's Row")


def test_the_mansion_requires_a_skyscraper_and_dead_mans_row():
    state = rich(landed(game(2)), 0, 2_000_000)
    refused(state, EnterMansion(), "must first develop a Skyscraper and navigate Dead Man's Row")
    state = set_player(state, 0, skyscraper=True)
    refused(state, EnterMansion(), "must first navigate Dead Man's Row")


def test_the_buy_off_is_1000000_and_refused_when_unaffordable():
    state = set_player(landed(game(2)), 0, skyscraper=True, dead_mans_row=True)
    refused(state, EnterMansion(), "cannot pay the $1,000,000 buy-off")
    state = play(_ready(), EnterMansion())[0]
    assert balance(state, 0) == 0 and state.ledger.journal[-1].reason == "buy-off (Moretti guards)"


def test_showdown_spin_plus_crew_10_or_more_makes_il_capo():
    state, texts = play(_ready(("Joey Bats", "Nunzio")), EnterMansion(), spin(8))
    outcome = E.outcome(state)
    assert outcome.winners == (0,) and "Il Capo" in outcome.reason
    assert "8 + 2 crew = 10" in texts[-1]
    assert E.legal_actions(state) == []


def test_showdown_9_or_lower_moretti_returns_fire_from_lowest_to_highest_rank():
    state = play(_ready(("Firpo", "Joey Bats")), EnterMansion(), spin(7))[0]  # 7 + 2 = 9
    assert state.encounter.kind == "moretti_fire"
    assert state.encounter.queue == ("Joey Bats", "Firpo", "")
    assert E.chance_requests(state) == []  # Moretti's spins are the Underboss's


def test_showdown_survivors_regroup_at_the_hospital():
    state = play(_ready(("Firpo", "Joey Bats")), EnterMansion(), spin(7))[0]
    state, texts = play(state, spin(5), spin(7), spin(8))  # Joey (4) hit; Firpo (7) and Anna (9) missed
    assert state.graveyard == ("Joey Bats",) and state.players[0].crew == ("Firpo",)
    assert state.players[0].hospital == 3 and "regroups at the hospital" in " ".join(texts)
    assert state.players[0].skyscraper and not state.players[0].dead_mans_row


def test_showdown_moretti_can_whack_the_player_and_the_last_one_standing_ends_the_game():
    state = play(_ready(), EnterMansion(), spin(1), spin(9))[0]
    assert state.players[0].out == "whacked by Vincenzo Moretti"
    assert E.outcome(state).winners == (1,) and "consigliere" in E.outcome(state).reason


def test_no_skills_in_the_showdown():
    state = play(_ready(("Firpo",)), EnterMansion())[0]
    refused(state, UseSkill("Firpo"), "Moretti")
