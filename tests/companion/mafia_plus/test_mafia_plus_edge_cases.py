"""The rulebook's "Edge Cases", one test each, named after its question (the answer in the docstring)."""

from companion.games.mafia_plus import ENGINE
from companion.games.mafia_plus.engine import (Blackmail, CannonShot, CarryOut, CastVote, ChairmanAnnuls,
                                               DaughterDeclares, Investigate, Mark, Protect, Seduce,
                                               Ship)
from mafia_plus_helpers import at_step, night, night0, play, quiet_day, refused, table, vote


def to_night1(state, **night0_choices):
    state, _ = night0(state, **night0_choices)
    return quiet_day(state)


def test_when_the_doctor_heals_someone_marked_for_the_second_time_by_the_angel_of_death_are_they_eliminated():
    """YES."""
    s = table(["mafia_boss", "coquette", "doctor", "angel_of_death", "citizen", "citizen", "citizen"])
    s = to_night1(s)
    s, _ = night(s, mafia=6, doctor=4, angel_of_death=4)
    assert s.alive[4] and s.marks[4] == 1
    s = quiet_day(s)
    s, _ = night(s, mafia=5, doctor=4, angel_of_death=4)
    assert not s.alive[4] and (4, "angel") in s.nights[-1].deaths


def test_can_the_doctor_heal_themselves():
    """YES: healed, the Doctor survives the Mafia."""
    s = table(["mafia_boss", "coquette", "doctor", "detective", "citizen", "citizen"])
    s = to_night1(s)
    s, _ = night(s, mafia=2, doctor=2)
    assert s.alive[2]


def test_can_the_doctor_heal_the_same_person_more_than_once():
    """YES."""
    s = table(["mafia_boss", "coquette", "doctor", "detective", "citizen", "citizen"])
    s = to_night1(s)
    s, _ = night(s, mafia=4, doctor=4)
    s = quiet_day(s)
    s, _ = night(s, mafia=4, doctor=4)
    assert s.alive[4]


def test_can_the_railwayman_ship_themselves_out_of_town():
    """NO."""
    s = table(["mafia_boss", "coquette", "doctor", "railwayman", "citizen", "citizen"])
    s = at_step(to_night1(s), "railwayman", mafia=4)
    refused(s, Ship(3, 3), "cannot choose themselves")
    assert Ship(3, 3) not in ENGINE.legal_actions(s)


def test_can_the_detective_investigate_themselves():
    """NO."""
    s = table(["mafia_boss", "coquette", "doctor", "detective", "citizen", "citizen"])
    s = at_step(to_night1(s), "detective", mafia=4)
    refused(s, Investigate(3, 3), "cannot choose themselves")


def test_can_the_detective_investigate_a_person_shipped_out_by_the_railwayman():
    """NO: on the Night after the shipping, the passenger is out of town."""
    s = table(["mafia_boss", "coquette", "railwayman", "detective", "citizen", "citizen", "citizen"])
    s = to_night1(s)
    s, _ = night(s, mafia=6, railwayman=4)
    assert s.away == 4
    s = quiet_day(s)
    s = at_step(s, "detective", mafia=5, railwayman=0)
    refused(s, Investigate(3, 4), "out of town")


def test_can_the_bodyguard_protect_themselves():
    """NO."""
    s = table(["mafia_boss", "coquette", "bodyguard", "detective", "citizen", "citizen"])
    s = at_step(s, "bodyguard")
    refused(s, Protect(2, 2), "cannot choose themselves")
    assert Protect(2, 3) in ENGINE.legal_actions(s)


def test_can_the_loose_cannon_shoot_themselves():
    """YES (why? no idea, but they can)."""
    s = table(["mafia_boss", "coquette", "loose_cannon", "detective", "citizen", "citizen", "citizen"])
    s, _ = night0(s)
    s, _ = play(s, CannonShot(2, 2))
    assert not s.alive[2] and s.phase == "night"


def test_can_a_blackmailed_person_vote_against_the_blackmailer_if_the_vote_is_secret():
    """NO."""
    s = table(["blackmailing_boss", "coquette", "doctor", "detective", "citizen", "citizen"], vote="secret")
    s, _ = night0(s, blackmailing_boss=4)
    from companion.games.mafia_plus.engine import Accuse, CallVote
    s, _ = play(s, Accuse(3, 0), CallVote("eliminate"))
    refused(s, CastVote(4, 0), "That choice is not allowed")
    assert CastVote(4, None) in ENGINE.legal_actions(s)


def test_can_the_blackmailer_blackmail_themselves():
    """NO."""
    s = table(["mafia_boss", "blackmailer", "coquette", "doctor", "citizen", "citizen", "citizen"])
    s = at_step(s, "blackmailer")
    refused(s, Blackmail(1, 1), "cannot choose themselves")


def test_can_the_lady_of_the_night_check_herself_on_night_zero():
    """NO."""
    s = table(["mafia_boss", "coquette", "lady_of_the_night", "doctor", "citizen", "citizen"])
    s = at_step(s, "lady_of_the_night")
    refused(s, Seduce(2, 2), "cannot choose themselves")


def saint_table():
    return table(["mafia_boss", "coquette", "doctor", "saint", "bodyguard", "loose_cannon", "citizen"])


def test_when_the_mafia_shoots_the_saint_with_two_lives_who_is_healed_by_the_doctor_do_they_lose_their_first_life():
    """NO."""
    s = to_night1(saint_table(), bodyguard=6)
    s, _ = night(s, mafia=3, doctor=3)
    assert s.alive[3] and s.lives[3] == 2


def test_when_the_mafia_shoots_the_saint_with_two_lives_protected_by_the_bodyguard_what_happens():
    """THE BODYGUARD IS ELIMINATED. THE SAINT LOSES NO LIFE."""
    s = to_night1(saint_table(), bodyguard=3)
    s, _ = night(s, mafia=3, doctor=6)
    assert not s.alive[4] and s.alive[3] and s.lives[3] == 2


def test_when_the_loose_cannon_shoots_the_saint_with_two_lives_protected_by_the_bodyguard_what_happens():
    """THE BODYGUARD IS ELIMINATED. THE SAINT LOSES NO LIFE."""
    s, _ = night0(saint_table(), bodyguard=3)
    s, _ = play(s, CannonShot(5, 3))
    assert not s.alive[4] and s.alive[3] and s.lives[3] == 2


def test_when_the_mafia_shoots_someone_protected_by_the_bodyguard_and_the_doctor_healed_the_bodyguard_what_happens():
    """NO ONE IS ELIMINATED."""
    s = to_night1(saint_table(), bodyguard=6)
    s, _ = night(s, mafia=6, doctor=4)
    assert all(s.alive)


def test_when_the_mafia_shoots_someone_healed_by_the_doctor_and_protected_by_the_bodyguard_what_happens():
    """NO ONE IS ELIMINATED."""
    s = to_night1(saint_table(), bodyguard=6)
    s, _ = night(s, mafia=6, doctor=6)
    assert all(s.alive)


def test_can_the_angel_of_death_mark_themselves():
    """YES."""
    s = table(["mafia_boss", "coquette", "doctor", "angel_of_death", "citizen", "citizen", "citizen"])
    s = at_step(to_night1(s), "angel_of_death", mafia=6)
    assert Mark(3, 3) in ENGINE.legal_actions(s)
    s, _ = play(s, Mark(3, 3))
    assert s.tonight[-1] == ("angel_of_death", 3, 3)


def test_how_many_times_must_the_angel_of_death_mark_the_saint_for_them_to_be_eliminated():
    """4."""
    s = table(["mafia_boss", "coquette", "doctor", "angel_of_death", "saint", "citizen", "citizen", "citizen"])
    s = to_night1(s)
    for n in range(1, 5):
        assert s.alive[4], f"the Saint died after {n - 1} marks"
        s, _ = night(s, mafia=7 if n == 1 else 6 if n == 2 else 5, doctor=7 if n == 1 else 6 if n == 2 else 5,
                     angel_of_death=4)
        if n < 4:
            s = quiet_day(s)
    assert not s.alive[4] and s.marks[4] == 4


def test_does_the_bodyguard_protect_against_the_angel_of_deaths_second_mark():
    """NO."""
    s = table(["mafia_boss", "coquette", "bodyguard", "angel_of_death", "citizen", "citizen", "citizen"])
    s = to_night1(s, bodyguard=5)
    s, _ = night(s, mafia=6, angel_of_death=5)
    s = quiet_day(s)
    s, _ = night(s, mafia=4, angel_of_death=5)
    assert not s.alive[5] and s.alive[2]


def test_when_the_bartender_shifts_the_mafias_bullet_onto_a_person_shipped_out_by_the_railwayman_what_happens():
    """NO ONE IS ELIMINATED."""
    s = table(["mafia_boss", "coquette", "railwayman", "bartender", "citizen", "citizen", "citizen"])
    s = to_night1(s)
    s, _ = night(s, mafia=6, railwayman=5)  # Fay boards; Gus dies
    assert s.away == 5 and not s.alive[6]
    s = quiet_day(s)
    s, _ = night(s, mafia=4, railwayman=4, bartender="left")  # Eve -> left is Fay (away)
    assert s.alive[4] and s.alive[5]
    assert s.nights[-1].deaths == ()


def test_does_the_bodyguard_protect_against_the_bomber_blowing_themselves_up():
    """YES: the Bodyguard dies instead of the Bomber's neighbour."""
    s = table(["mafia_boss", "coquette", "bodyguard", "bomber", "citizen", "citizen", "citizen"])
    s = to_night1(s, bodyguard=4)
    s, _ = night(s, mafia=3)
    assert not s.alive[3] and s.alive[4] and not s.alive[2]


def test_up_to_exactly_which_moment_can_the_chairman_and_chairmans_daughter_use_their_abilities():
    """UNTIL THE GAME MASTER CARRIES OUT THE SENTENCE."""
    s = table(["mafia_boss", "coquette", "chairman", "chairmans_daughter", "citizen", "citizen", "citizen"])
    s, _ = night0(s)
    s = vote(s, [0], {3: 0, 4: 0})
    assert s.stage == "verdict"
    assert DaughterDeclares(3) in ENGINE.legal_actions(s)
    assert ChairmanAnnuls(2, "end_day") in ENGINE.legal_actions(s)
    s2, _ = play(s, DaughterDeclares(3), ChairmanAnnuls(2, "revote_eliminate"))
    assert s2.stage == "voting"
    done, _ = play(s, CarryOut())
    refused(done, DaughterDeclares(3), "only after the vote")
    refused(done, ChairmanAnnuls(2, "end_day"), "only after the vote")


def test_if_the_bomber_dies_and_the_person_next_to_them_has_been_shipped_out_what_happens():
    """NO ONE IS ELIMINATED ON THAT SIDE."""
    s = table(["mafia_boss", "coquette", "railwayman", "bomber", "citizen", "citizen", "citizen"])
    s = to_night1(s)
    s, _ = night(s, mafia=6, railwayman=4)  # Eve (left of the Bomber) boards
    s = quiet_day(s)
    s, _ = night(s, mafia=3, railwayman=5)
    assert not s.alive[3] and s.alive[4] and s.alive[5]
    assert [d for d, _ in s.nights[-1].deaths] == [3]


def test_if_the_bomber_dies_and_the_person_next_to_them_is_already_eliminated_what_happens():
    """THE NEAREST LIVING PERSON ON THAT SIDE IS ELIMINATED."""
    s = table(["mafia_boss", "coquette", "doctor", "bomber", "citizen", "citizen", "citizen"])
    s = to_night1(s)
    s, _ = night(s, mafia=4)
    assert not s.alive[4]
    s = quiet_day(s)
    s, _ = night(s, mafia=3)
    assert not s.alive[3] and not s.alive[5] and s.alive[6]
