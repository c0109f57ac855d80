"""Day rules: accusations, open and secret votes, majority, ties, reveal, day abilities, the end."""

import pytest

from companion.engine import TABLE
from companion.errors import IllegalAction
from companion.games.mafia_plus import ENGINE
from companion.games.mafia_plus.engine import (Accuse, CallVote, CannonShot, CarryOut, CastVote, ChairmanAnnuls,
                                               DaughterDeclares, DropAccusation)
from mafia_plus_helpers import night, night0, play, refused, table, table_text, vote

SIX = ["mafia_boss", "coquette", "doctor", "detective", "citizen", "citizen"]


def day1(chars, vote_mode="open", reveal=True, **night0_choices):
    s, _ = night0(table(chars, vote=vote_mode, reveal=reveal), **night0_choices)
    return s


def test_accused_players_are_listed_and_the_vote_needs_an_accused():
    s = day1(SIX)
    refused(s, CallVote("eliminate"), "Accuse someone")
    s, _ = play(s, Accuse(2, 0))
    assert ENGINE.view(s, TABLE).accused == ("Ann",)
    refused(s, Accuse(3, 0), "already accused")
    refused(s, Accuse(4, 4), "not yourself")


def test_open_vote_asks_each_player_in_seat_order():
    s = day1(SIX)
    s, _ = play(s, Accuse(2, 0), CallVote("eliminate"))
    assert list(ENGINE.legal_actions_by_seat(s)) == [0]
    refused(s, CastVote(3, 0), "seat order")
    s, _ = play(s, CastVote(0, None), CastVote(1, 0))
    assert ENGINE.view(s, TABLE).votes == (("Ann", None), ("Ben", "Ann"))


def test_majority_means_strictly_more_votes_than_any_other_accused():
    s = day1(SIX)
    s = vote(s, [0, 1], {2: 0, 3: 0, 4: 1})  # 2 against 1, three abstain
    assert ENGINE.view(s, TABLE).verdict == "Ann has the majority"
    s, _ = play(s, CarryOut())
    assert not s.alive[0] and s.phase == "night"
    assert "Ann is eliminated." in table_text(s)


def test_a_tie_goes_back_to_debate():
    s = day1(SIX)
    s = vote(s, [0, 4], {2: 0, 3: 4})
    s, _ = play(s, CarryOut())
    assert s.phase == "day" and s.stage == "discussion" and all(s.alive)
    assert "Debate again" in table_text(s)
    assert s.votes[-1].ending == "tie: debate again"


def test_after_a_tie_the_gm_may_narrow_the_accused():
    s = day1(SIX)
    s = vote(s, [0, 4], {2: 0, 3: 4})
    s, _ = play(s, CarryOut(), DropAccusation(4))
    assert s.accused == (0,)
    refused(s, DropAccusation(4), "not accused")


def test_nobody_is_sentenced_when_nobody_votes():
    s = day1(SIX)
    s = vote(s, [0], {})
    s, _ = play(s, CarryOut())
    assert s.phase == "night" and all(s.alive) and "Nobody is sentenced today." in table_text(s)


def test_secret_vote_shows_only_who_has_voted_and_the_totals():
    s = day1(SIX, vote_mode="secret")
    s, _ = play(s, Accuse(2, 0), CallVote("eliminate"))
    assert set(ENGINE.legal_actions_by_seat(s)) == set(range(6))  # any order
    s, events = play(s, CastVote(4, 0))
    view = ENGINE.view(s, TABLE)
    assert view.votes == () and view.voted == ("Eve",)
    assert all("Ann" not in e.text for e in events if e.audience == TABLE)
    for v in (0, 1, 2, 3, 5):
        s, _ = play(s, CastVote(v, 0 if v in (2, 3) else None))
    assert ENGINE.view(s, TABLE).tally == (("Ann", 3),)


def test_eliminated_players_do_not_vote():
    s = day1(SIX)
    s = vote(s, [5], {0: 5, 1: 5})
    s, _ = play(s, CarryOut())
    s, _ = night(s, mafia=4)
    s, _ = play(s, Accuse(0, 1), CallVote("eliminate"))
    assert s.vote.voters == (0, 1, 2, 3)
    refused(s, CastVote(5, 1), "eliminated")


def test_vote_to_reveal_shows_the_faction_with_the_thumb():
    s = day1(SIX)
    s = vote(s, [0], {2: 0}, mode="reveal")
    s, _ = play(s, CarryOut())
    assert all(s.alive) and s.phase == "night"
    assert "Ann's Faction is revealed: thumbs down — Mafia." in table_text(s)
    assert ENGINE.view(s, TABLE).reveals == (("Ann", "Mafia"),)


def test_vote_to_reveal_shows_the_coquette_as_city_and_the_infantry_as_mafia():
    s = day1(["mafia_boss", "coquette", "doctor", "detective", "poor_bloody_infantry", "citizen"])
    s = vote(s, [1], {2: 1}, mode="reveal")
    s, _ = play(s, CarryOut())
    s, _ = night(s, mafia=5)
    s = vote(s, [4], {0: 4}, mode="reveal")
    s, _ = play(s, CarryOut())
    assert ENGINE.view(s, TABLE).reveals == (("Ben", "City"), ("Eve", "Mafia"))


def test_votes_to_reveal_only_when_the_table_allows_them():
    s = day1(SIX, reveal=False)
    s, _ = play(s, Accuse(2, 0))
    refused(s, CallVote("reveal"), "not allowed at this table")


def test_the_day_ends_at_once_when_anyone_is_eliminated():
    s = day1(["mafia_boss", "coquette", "loose_cannon", "detective", "citizen", "citizen", "citizen"])
    s, _ = play(s, Accuse(3, 0), CallVote("eliminate"), CastVote(0, None))
    s, _ = play(s, CannonShot(2, 0))
    assert s.phase == "night" and s.vote is None
    assert s.votes[-1].ending == "interrupted by the Loose Cannon"


def test_loose_cannon_shoots_only_once_and_the_day_ends_even_if_nobody_dies():
    s = day1(["mafia_boss", "coquette", "loose_cannon", "doctor", "saint", "citizen", "citizen"])
    s, _ = play(s, CannonShot(2, 4))
    assert s.alive[4] and s.lives[4] == 1 and s.phase == "night"
    assert "Nobody is eliminated." in table_text(s)
    s, _ = night(s, mafia=6)
    refused(s, CannonShot(2, 0), "already fired")
    refused(s, CannonShot(3, 0), "Dee is not the Loose Cannon")


def test_saint_voted_out_loses_the_first_life_and_survives():
    s = day1(["mafia_boss", "coquette", "saint", "doctor", "citizen", "citizen"])
    s = vote(s, [2], {0: 2, 1: 2})
    s, _ = play(s, CarryOut())
    assert s.alive[2] and s.lives[2] == 1 and s.phase == "night"


def test_mayor_voted_out_kills_everyone_who_voted_for_them():
    s = day1(["mafia_boss", "coquette", "doctor", "mayor", "citizen", "citizen", "citizen"])
    s = vote(s, [3, 0], {2: 3, 4: 3, 6: 3, 1: 0})
    s, _ = play(s, CarryOut())
    assert [x for x, _ in s.death_causes] == [3, 2, 4, 6]
    assert "Dee, Cid, Eve and Gus are eliminated." in table_text(s)


def test_mayors_voters_include_a_bomber_and_the_chain_resolves():
    s = day1(["mafia_boss", "coquette", "doctor", "mayor", "bomber", "citizen", "citizen", "citizen"])
    s = vote(s, [3], {2: 3, 4: 3})
    s, _ = play(s, CarryOut())
    assert s.death_causes == ((3, "vote"), (2, "mayor"), (4, "mayor"), (5, "bomber"))


def test_chairman_annuls_the_vote_and_calls_a_revote_to_reveal():
    s = day1(["mafia_boss", "coquette", "chairman", "doctor", "citizen", "citizen", "citizen"])
    s = vote(s, [0], {3: 0, 4: 0})
    s, _ = play(s, ChairmanAnnuls(2, "revote_reveal"))
    assert s.stage == "voting" and s.vote.mode == "reveal" and s.vote.votes == ()
    assert s.votes[-1].ending.startswith("annulled by the Chairman")
    assert ENGINE.view(s, TABLE).declared == (("Cid", "Chairman"),)


def test_chairman_may_choose_a_revote_to_reveal_even_where_the_table_calls_no_reveal_votes():
    """His card: "the Chairman may also choose its effect: reveal or elimination"."""
    s = day1(["mafia_boss", "coquette", "chairman", "doctor", "citizen", "citizen", "citizen"], reveal=False)
    s, _ = play(s, Accuse(3, 0))
    refused(s, CallVote("reveal"), "not allowed at this table")  # the table's own votes stay as set
    s, _ = play(s, DropAccusation(0))
    s = vote(s, [0], {3: 0, 4: 0})
    s, _ = play(s, ChairmanAnnuls(2, "revote_reveal"))
    assert s.stage == "voting" and s.vote.mode == "reveal"


def test_chairman_can_end_the_day_instead():
    s = day1(["mafia_boss", "coquette", "chairman", "doctor", "citizen", "citizen", "citizen"])
    s = vote(s, [4], {0: 4, 1: 4})
    s, _ = play(s, ChairmanAnnuls(2, "end_day"))
    assert s.phase == "night" and s.alive[4]


def test_chairman_uses_the_power_only_once():
    s = day1(["mafia_boss", "coquette", "chairman", "doctor", "citizen", "citizen", "citizen"])
    s = vote(s, [4], {0: 4, 1: 4})
    s, _ = play(s, ChairmanAnnuls(2, "revote_eliminate"))
    while s.stage == "voting":
        voter = next(k for k in ENGINE.legal_actions_by_seat(s) if k is not None)
        s, _ = play(s, CastVote(voter, 4 if voter < 2 else None))
    refused(s, ChairmanAnnuls(2, "end_day"), "already used")


def test_chairmans_daughter_vote_counts_double():
    s = day1(["mafia_boss", "coquette", "doctor", "chairmans_daughter", "citizen", "citizen", "citizen"])
    s = vote(s, [0, 4], {0: 4, 1: 4, 3: 0})
    assert ENGINE.view(s, TABLE).verdict == "Eve has the majority"
    s, _ = play(s, DaughterDeclares(3))
    assert ENGINE.view(s, TABLE).tally == (("Ann", 2), ("Eve", 2))
    s, _ = play(s, CarryOut())
    assert s.stage == "discussion" and s.votes[-1].doubled == 3


def test_chairmans_daughter_declares_only_once_and_only_with_a_vote_to_double():
    s = day1(["mafia_boss", "coquette", "doctor", "chairmans_daughter", "citizen", "citizen", "citizen", "citizen"])
    s = vote(s, [0], {})
    refused(s, DaughterDeclares(3), "no vote to double")
    refused(s, DaughterDeclares(2), "Cid is not the Chairman's Daughter")
    s, _ = play(s, CarryOut())
    s, _ = night(s, mafia=7)
    s = vote(s, [4], {3: 4})
    s, _ = play(s, DaughterDeclares(3), CarryOut())
    assert not s.alive[4]
    s, _ = night(s, mafia=6)
    s = vote(s, [5], {3: 5})
    refused(s, DaughterDeclares(3), "already declared once")


def test_blackmailed_player_cannot_accuse_or_vote_against_the_blackmailer():
    s = day1(["blackmailing_boss", "coquette", "doctor", "detective", "citizen", "citizen"], blackmailing_boss=4)
    refused(s, Accuse(4, 0), "That choice is not allowed. Choose someone else.")
    s, _ = play(s, Accuse(3, 0), CallVote("eliminate"))
    for v in range(4):
        s, _ = play(s, CastVote(v, None))
    refused(s, CastVote(4, 0), "That choice is not allowed")


def test_a_blackmail_refusal_names_nobody():
    """Secrets at the table: the sentence is shown on the shared screen, so it must not say who
    blackmailed whom (issue: the refusal named the Blackmailer in front of everyone)."""
    s = day1(["blackmailing_boss", "coquette", "doctor", "detective", "citizen", "citizen"], blackmailing_boss=4)
    with pytest.raises(IllegalAction) as refusal:
        ENGINE.apply(s, Accuse(4, 0))
    assert not any(name in str(refusal.value) for name in s.players)


def test_blackmailed_loose_cannon_cannot_shoot_the_blackmailer():
    s = day1(["blackmailing_boss", "coquette", "doctor", "loose_cannon", "citizen", "citizen", "citizen"],
             blackmailing_boss=3)
    refused(s, CannonShot(3, 0), "That choice is not allowed")
    assert CannonShot(3, 1) in ENGINE.legal_actions(s)


def test_dead_players_may_not_act():
    s = day1(["mafia_boss", "coquette", "loose_cannon", "detective", "citizen", "citizen", "citizen"])
    s, _ = play(s, CannonShot(2, 4))
    s, _ = night(s, mafia=5)
    refused(s, Accuse(4, 0), "Eve has been eliminated")


def test_city_wins_when_the_last_mafioso_dies_and_living_syndicate_win_too():
    s = day1(["mafia_boss", "doctor", "detective", "citizen", "mayor", "bomber", "citizen"])
    s = vote(s, [0], {1: 0, 2: 0})
    s, _ = play(s, CarryOut())
    out = ENGINE.outcome(s)
    assert set(out.winners) == {"Ben", "Cid", "Dee", "Gus", "Eve", "Fay"}
    assert "the City wins" in out.reason and "Syndicate survivors win too" in out.reason
    assert ENGINE.legal_actions(s) == []
    refused(s, CarryOut(), "game is over")


def test_mafia_wins_when_the_last_city_player_dies_and_dead_mafiosi_win_with_them():
    s = day1(["mafia_boss", "mafioso", "mafioso", "doctor", "mayor", "bartender"])
    s = vote(s, [1], {0: 1, 1: 1})
    s, _ = play(s, CarryOut())
    s, _ = night(s, mafia=3, doctor=0)
    out = ENGINE.outcome(s)
    assert out is not None and set(out.winners) == {"Ann", "Ben", "Cid", "Eve", "Fay"}


def test_when_both_core_factions_vanish_at_once_only_living_syndicate_win():
    s = day1(["citizen", "bomber_plus", "mafia_boss", "angel_of_death", "mayor", "bartender"])
    s = vote(s, [1], {0: 1, 2: 1})
    s, _ = play(s, CarryOut())
    out = ENGINE.outcome(s)
    assert not s.alive[0] and not s.alive[2]
    assert out.winners == ("Dee", "Eve", "Fay") and "neither core Faction wins" in out.reason


def test_bodyguard_does_not_step_in_for_a_vote_or_the_mayors_curse():
    s = day1(["mafia_boss", "coquette", "bodyguard", "mayor", "citizen", "citizen", "citizen", "citizen"],
             bodyguard=4)
    s = vote(s, [3], {4: 3, 5: 3})
    s, _ = play(s, CarryOut())
    assert s.death_causes == ((3, "vote"), (4, "mayor"), (5, "mayor")) and s.alive[2]
    s, _ = night(s, mafia=7)
    s = day1(["mafia_boss", "coquette", "bodyguard", "doctor", "citizen", "citizen", "citizen"], bodyguard=4)
    s = vote(s, [4], {0: 4, 1: 4})
    s, _ = play(s, CarryOut())
    assert not s.alive[4] and s.alive[2]


def test_a_reveal_or_a_survived_sentence_still_ends_the_day():
    s = day1(SIX)
    s = vote(s, [3], {0: 3}, mode="reveal")
    s, _ = play(s, CarryOut())
    assert s.phase == "night" and s.night == 1


def test_a_day_with_nobody_left_to_accuse_ends_without_a_vote():
    from dataclasses import replace

    from companion.games.mafia_plus.engine import Continue
    s = day1(["mafia_boss", "doctor", "citizen", "citizen", "citizen", "citizen"])
    s = replace(s, alive=(True, True, False, False, False, False), away=1)  # the Doctor is out of town
    assert ENGINE.legal_actions_by_seat(s) == {None: [Continue()]}
    s, _ = play(s, Continue())
    assert s.phase == "night" and "ends without a vote" in table_text(s)
