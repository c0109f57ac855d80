"""Setup: characters, recommended and custom sets, the secret deal, Night Zero."""

import random
import re

import pytest

from companion.engine import TABLE, Seat
from companion.errors import ConfigError
from companion.games.mafia_plus import ENGINE, night_steps
from companion.games.mafia_plus import characters as C
from companion.games.mafia_plus import sets as S
from companion.games.mafia_plus.engine import Continue, Dealt, Seduce
from mafia_plus_helpers import NAMES, at_step, night0, notes, play, refused, table, table_text


def cfg(n=6, **extra):
    return {"players": NAMES[:n], **extra}


def test_characters_carry_their_card_rank_and_suit():
    assert C.CHARACTERS["loose_cannon"].card == "A♢"
    assert C.CHARACTERS["mafia_boss"].card == "A♠"
    assert C.CHARACTERS["angel_of_death"].card == "A♣"
    assert C.CHARACTERS["doctor"].label == "Doctor (K♡)"
    assert len(C.CHARACTERS) == 23
    assert {c.faction for c in C.CHARACTERS.values()} == {"city", "mafia", "syndicate"}


@pytest.mark.parametrize("players", range(6, 24))
def test_recommended_sets_match_the_printed_starting_stats(players):
    cast = S.recommended_set(players)
    assert len(cast) == players
    assert S.stats_text(cast) == S.PRINTED_STATS[players]
    assert S.set_problems(cast, players) == []


def test_recommended_set_alternatives_are_chosen_by_the_group():
    cast = S.recommended_set(8, ["Gun Shop Owner", "Mayor"])
    assert "gun_shop_owner" in cast and "mayor" in cast and "poor_bloody_infantry" not in cast
    state = ENGINE.new(cfg(8, set={"choices": ["gun_shop_owner", "bomber"]}), 1)
    assert "bomber" in state.cast


def test_recommended_set_pool_pick_needs_the_right_number_of_characters():
    with pytest.raises(ConfigError, match="Choose 2 different"):
        S.recommended_set(9, ["poor_bloody_infantry", ["mayor"]])
    assert {"mayor", "bomber"} <= set(S.recommended_set(9, ["poor_bloody_infantry", ["mayor", "bomber"]]))


def test_recommended_set_choice_outside_the_options_is_refused_with_the_options():
    with pytest.raises(ConfigError, match="Angel of Death is not one of the options Bartender / Mayor"):
        S.recommended_set(7, ["angel_of_death"])


def test_recommended_set_random_choices_are_valid():
    rng = random.Random(3)
    for n in range(6, 24):
        cast = S.recommended_set(n, S.random_choices(n, rng))
        assert S.set_problems(cast, n) == []


def test_custom_set_only_citizen_and_mafioso_may_repeat():
    chars = ["mafia_boss", "coquette", "doctor", "doctor", "citizen", "citizen"]
    with pytest.raises(ConfigError, match="Doctor is unique"):
        ENGINE.new(cfg(characters=chars), 1)
    ENGINE.new(cfg(characters=["mafia_boss", "mafioso", "mafioso", "citizen", "citizen", "citizen"]), 1)


def test_custom_set_limits_copies_to_the_cards_in_the_deck():
    chars = ["mafia_boss"] + ["mafioso"] * 4 + ["citizen"]
    with pytest.raises(ConfigError, match="only 3 Mafioso cards"):
        ENGINE.new(cfg(characters=chars), 1)


def test_blackmailing_boss_never_together_with_mafia_boss_or_blackmailer():
    with pytest.raises(ConfigError, match="Blackmailer and Blackmailing Boss may not be in the same set"):
        ENGINE.new(cfg(characters=["blackmailing_boss", "blackmailer", "doctor", "citizen", "citizen", "citizen"]), 1)
    with pytest.raises(ConfigError, match="Blackmailing Boss and Mafia Boss"):
        ENGINE.new(cfg(characters=["blackmailing_boss", "mafia_boss", "doctor", "citizen", "citizen", "citizen"]), 1)


def test_custom_set_needs_exactly_one_mafia_leader():
    with pytest.raises(ConfigError, match="exactly one Mafia leader"):
        ENGINE.new(cfg(characters=["coquette", "janitor", "doctor", "citizen", "citizen", "citizen"]), 1)


def test_custom_set_needs_a_city_and_a_mafia_character():
    with pytest.raises(ConfigError, match="at least one City"):
        ENGINE.new(cfg(characters=["mafia_boss", "mafioso", "mayor", "bomber", "bartender", "angel_of_death"]), 1)


def test_custom_set_size_must_equal_the_number_of_players():
    with pytest.raises(ConfigError, match="5 characters but there are 6 players"):
        ENGINE.new(cfg(characters=["mafia_boss", "doctor", "citizen", "citizen", "citizen"]), 1)


def test_bomber_and_bomber_plus_may_both_be_in_a_custom_set():
    state = ENGINE.new(cfg(characters=["mafia_boss", "doctor", "bomber", "bomber_plus", "citizen", "citizen"]), 1)
    assert {"bomber", "bomber_plus"} <= set(state.cast)


def test_custom_set_problems_are_all_listed_at_once():
    problems = S.set_problems(("doctor", "doctor", "mayor"), 6)
    assert len(problems) >= 3


def test_players_between_6_and_23():
    with pytest.raises(ConfigError, match="6 to 23 players, not 5"):
        ENGINE.new({"players": NAMES[:5]}, 1)
    with pytest.raises(ConfigError, match="6 to 23"):
        ENGINE.new({"players": NAMES[:23] + ["Zed"]}, 1)


def test_two_players_with_the_same_name_are_refused():
    with pytest.raises(ConfigError, match="same name"):
        ENGINE.new({"players": ["Ann", "ann", "Cid", "Dee", "Eve", "Fay"]}, 1)


def test_config_unknown_option_and_bad_vote_mode_are_refused():
    with pytest.raises(ConfigError, match="no option colour"):
        ENGINE.new(cfg(colour="red"), 1)
    with pytest.raises(ConfigError, match="'open' or 'secret'"):
        ENGINE.new(cfg(vote="shouted"), 1)


def test_characters_accepted_by_printed_name_or_id():
    state = ENGINE.new(cfg(characters=["Mafia Boss", "coquette", "Doctor", "Detective", "Citizen", "citizen"]), 1)
    assert state.cast[0] == "mafia_boss" and state.cast[2] == "doctor"
    with pytest.raises(ConfigError, match="'Wizard' is not a Mafia\\+ character"):
        ENGINE.new(cfg(characters=["Wizard"] * 6), 1)


def test_the_deal_is_a_chance_action_drawn_with_the_sessions_rng():
    state = ENGINE.new(cfg(), 1)
    assert ENGINE.legal_actions(state) == []
    a = ENGINE.chance(state, random.Random(5))
    b = ENGINE.chance(state, random.Random(5))
    assert isinstance(a, Dealt) and a == b and sorted(a.characters) == sorted(state.cast)
    dealt, _ = ENGINE.apply(state, a)
    assert dealt.characters == a.characters and ENGINE.chance(dealt, random.Random(5)) is None


def test_a_physical_deal_entered_by_hand_must_be_the_chosen_set():
    state = ENGINE.new(cfg(), 1)
    refused(state, Dealt(("mafia_boss",) * 6, by_hand=True), "not the chosen set")
    refused(state, Dealt(("mafia_boss", "coquette"), by_hand=True), "exactly one card to each of the 6")
    refused(state, Dealt(("wizard",) * 6, by_hand=True), "'wizard' is not a Mafia+ character id")
    good = Dealt(tuple(reversed(state.cast)), by_hand=True)
    dealt, _ = ENGINE.apply(state, good)
    refused(dealt, good, "already been dealt")


def test_each_player_privately_sees_their_own_card_only():
    state = table(["mafia_boss", "coquette", "doctor", "detective", "citizen", "citizen"])
    me = ENGINE.view(state, Seat(2))
    assert (me.character, me.card, me.faction) == ("Doctor", "K♡", "City")
    assert ENGINE.view(state, Seat(4)).card == "4♡" and ENGINE.view(state, Seat(5)).card == "4♢"
    assert me.mafia_members == () and me.mafia_boss is None


def test_the_mafia_learns_its_members_and_who_the_boss_is():
    state = table(["mafia_boss", "coquette", "doctor", "detective", "janitor", "citizen", "citizen"])
    v = ENGINE.view(state, Seat(1))
    assert v.mafia_members == ("Ann", "Eve") and v.mafia_boss == "Ann"


def test_night_zero_order_is_fixed_and_lists_only_the_opening_characters_in_the_set():
    cast = frozenset({"lady_of_the_night", "bodyguard", "blackmailing_boss", "doctor"})
    assert night_steps(0, cast) == ("sleep", "mafia_meet", "lady_of_the_night", "bodyguard",
                                    "blackmailing_boss", "dawn")


def test_night_order_is_fixed():
    everyone = frozenset(C.CHARACTERS)
    assert night_steps(1, everyone) == ("sleep", "mafia", "doctor", "railwayman", "detective", "angel_of_death",
                                        "janitor", "bartender", "gun_shop_owner", "dawn")


def test_night_zero_nobody_dies_and_day_one_announces_the_starting_stats():
    state = table(["mafia_boss", "coquette", "doctor", "detective", "citizen", "citizen", "mayor"])
    state, events = night0(state)
    assert all(state.alive) and state.phase == "day" and state.day == 1
    assert "The starting stats are 4-2-1" in table_text(state)
    assert "Tonight we lost" not in table_text(state)


def test_lady_of_the_night_sees_the_chosen_card_on_night_zero():
    state = table(["mafia_boss", "coquette", "lady_of_the_night", "detective", "citizen", "citizen"])
    state = at_step(state, "lady_of_the_night")
    state, events = play(state, Seduce(2, 0))
    assert notes(state, 2) == ("Night 0: Ann's card is Mafia Boss (A♠).",)
    assert all(e.audience == Seat(2) for e in events if "Mafia Boss" in e.text)


def test_blackmail_victim_learns_the_blackmailers_identity():
    state = table(["mafia_boss", "blackmailer", "coquette", "doctor", "citizen", "citizen", "citizen"])
    state, _ = night0(state, blackmailer=4)
    assert notes(state, 4) == ("Night 0: Ben blackmailed you. You can never act against Ben.",)
    assert not re.search(r"\bEve\b", " ".join(ENGINE.view(state, TABLE).log))  # the table never learns who


def test_bodyguard_picks_a_protectee_on_night_zero_only():
    state = table(["mafia_boss", "coquette", "bodyguard", "detective", "citizen", "citizen"])
    state, _ = night0(state, bodyguard=4)
    assert state.protectee == 4
    assert "bodyguard" not in night_steps(1, frozenset(state.cast))


def test_night_zero_continue_steps_are_for_the_gm():
    state = table(["mafia_boss", "coquette", "doctor", "detective", "citizen", "citizen"])
    assert ENGINE.legal_actions_by_seat(state) == {None: [Continue()]}
