"""Il Capo: starting the game, turn order, the Syndicate phase and the spinner."""

import random

import pytest

from companion.engine import TABLE, Seat
from companion.errors import ConfigError
from companion.games.il_capo import ENGINE as E
from companion.games.il_capo.actions import EndTurn, NpcDone, NpcHit, Spun
from companion.games.il_capo.data import parse_catalog
from companion.games.il_capo.engine import NPCS

from ilcapo_scenes import with_crew, bank, full_round, game, landed, play, refused, spin, to_syndicate


def test_each_player_starts_with_150000_and_the_bank_is_an_account():
    state = game(4)
    assert [state.ledger.balance(p.name) for p in state.players] == [150_000] * 4
    assert bank(state) == 0
    assert state.ledger.total() == 600_000


@pytest.mark.parametrize("players", [1, 9])
def test_il_capo_is_for_two_to_eight_players(players):
    with pytest.raises(ConfigError, match="2 to 8 players"):
        E.new({"players": [f"P{i}" for i in range(players)]}, 0)


def test_two_players_with_the_same_name_are_refused():
    with pytest.raises(ConfigError, match="same name"):
        E.new({"players": ["Anna", "anna"]}, 0)


def test_the_bank_name_is_reserved():
    with pytest.raises(ConfigError, match="reserved for the bank"):
        E.new({"players": ["Anna", "Bank"]}, 0)


def test_unknown_options_are_refused_in_words():
    with pytest.raises(ConfigError, match="no option colour"):
        E.new({"players": ["Anna", "Ben"], "colour": "red"}, 0)


def test_sample_config_honours_and_clamps_the_player_count():
    rng = random.Random(1)
    assert len(E.sample_config(5, rng)["players"]) == 5
    assert len(E.sample_config(1, rng)["players"]) == 2
    assert len(E.sample_config(20, rng)["players"]) == 8


def test_turn_order_follows_the_seats_then_the_syndicate_phase_after_every_round():
    state = game(3)
    seen = []
    while state.awaiting in ("move", "land"):
        if state.awaiting == "move":
            seen.append(state.turn)
            state = landed(state)
        else:
            state = play(state, EndTurn())[0]
    assert seen == [0, 1, 2]
    assert state.awaiting == "npc_spin" and state.round == 1


def test_syndicate_phase_spins_for_both_cops_rico_and_the_brothers_in_order():
    state = to_syndicate(game(2))
    order = []
    while state.awaiting in ("npc_spin", "npc_hits"):
        order.append(NPCS[state.npc])
        state = play(state, spin(5), NpcDone())[0]
    assert order == ["cop1", "cop2", "rico", "brothers"]
    assert state.round == 2 and state.awaiting == "move" and state.turn == 0


def test_npc_direction_is_announced_from_the_spinner_side():
    state = to_syndicate(game(2))
    _, left = play(state, Spun(7, "L"))
    _, right = play(state, Spun(7, "R"))
    assert "Cop car 1 moves 7 spaces, turning left" in " ".join(left)
    assert "right (or straight" in " ".join(right)


def test_npc_spins_are_drawn_by_the_underboss_unasked_and_player_spins_on_request():
    rng = random.Random(3)
    state = game(2)
    assert E.chance(state, rng, None) is None  # a player's move: they ask for it
    assert E.chance_requests(state) == ["spin"]
    assert isinstance(E.chance(state, rng, "spin"), Spun)
    state = to_syndicate(state)
    assert E.chance_requests(state) == []
    assert isinstance(E.chance(state, rng, None), Spun)


def test_a_spin_can_be_entered_by_hand_from_the_physical_spinner():
    state, texts = play(game(2), Spun(6, "L", by_hand=True))
    assert state.awaiting == "land" and state.last_spin == (6, "L")
    assert "Anna spins 6" in texts[-1]


def test_an_impossible_spin_is_refused_in_words():
    refused(game(2), Spun(11, "R"), "1 to 10")
    refused(game(2), Spun(3, "X"), "L or R")


def test_a_spin_when_nobody_needs_one_is_refused_with_what_to_do_instead():
    state = landed(game(2))
    refused(state, spin(4), "Nobody needs to spin", "Anna: where did you land")


def test_landing_actions_before_the_move_spin_are_refused():
    refused(game(2), EndTurn(), "Anna must spin to move first")


def test_npc_hit_is_asked_only_after_an_npc_moved():
    refused(game(2), NpcHit(1), "after an NPC moves")


def test_an_npc_deals_with_each_player_once_per_move():
    state = with_crew(to_syndicate(game(3)), 1, "Little Richie", "Sonny the Kid")
    state = play(state, spin(4), NpcHit(1))[0]  # Cop car 1 busts Ben: Little Richie to Jail
    assert state.awaiting == "npc_hits"
    refused(state, NpcHit(1), "already dealt with Ben")
    state = play(state, NpcHit(2))[0]  # the same cop may land where Carla stands too
    assert state.players[2].prison == 3


def test_views_show_the_prompt_balances_and_whose_spin_it_is():
    state = game(3)
    view = E.view(state, TABLE)
    assert view.prompt == "Anna: spin to move."
    assert view.spinner == "Anna"
    assert [p.balance_text for p in view.players] == ["$150,000"] * 3
    assert E.view(state, Seat(1)).name == "Ben"
    state = to_syndicate(state)
    assert E.view(state, TABLE).spinner == "the Underboss"


def test_every_event_is_for_the_table_and_has_words():
    state = game(2)
    state, events = E.apply(state, spin(4))
    state, more = E.apply(state, EndTurn())
    for event in events + more:
        assert event.audience == TABLE and event.text


def test_crew_catalog_refuses_a_difficulty_outside_its_tier():
    bad = {"crew": [{"name": "Sal", "tier": 3, "difficulty": 7, "cost": 1, "effect": "board"}]}
    with pytest.raises(ConfigError, match="tier 3 Grunt has Execution Difficulty 1 to 4"):
        parse_catalog(bad)


def test_crew_catalog_refuses_a_name_twice():
    card = {"name": "Sal", "tier": 3, "difficulty": 2, "cost": 1, "skill": "Lookout", "effect": "board"}
    with pytest.raises(ConfigError, match="appears twice"):
        parse_catalog({"crew": [card, card]})


def test_shipped_catalog_has_the_rulebooks_firpo_and_vinnie_and_all_three_tiers():
    cards = {c.name: c for c in game(2).catalog}
    assert cards["Firpo"].effect == "shot_bonus" and cards["Firpo"].amount == 2
    assert cards["Vinnie"].effect == "shield" and cards["Vinnie"].amount == 2
    assert {c.tier for c in cards.values()} == {1, 2, 3}


def test_full_round_returns_to_the_first_seat_in_the_next_round():
    state = full_round(game(3))
    assert state.round == 2 and state.turn == 0 and state.awaiting == "move"
