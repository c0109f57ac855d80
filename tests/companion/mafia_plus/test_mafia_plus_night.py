"""Night rules: the Mafia, every night character, resolution at dawn and the chains."""

from companion.engine import TABLE, Seat
from companion.games.mafia_plus import ENGINE
from companion.games.mafia_plus.engine import (Accuse, CastVote, Continue, GunShot, Heal, MafiaKill, Pass, Shift,
                                               Ship, Sweep)
from mafia_plus_helpers import at_step, night, night0, notes, play, quiet_day, refused, table, table_text


def night1(chars, **night0_choices):
    s, _ = night0(table(chars), **night0_choices)
    return quiet_day(s)


def test_mafia_boss_passes_the_final_death_sentence():
    s = at_step(night1(["citizen", "mafia_boss", "coquette", "doctor", "detective", "citizen"]), "mafia")
    assert list(ENGINE.legal_actions_by_seat(s)) == [1]
    refused(s, MafiaKill(2, 0), "not that player's turn")


def test_with_the_boss_eliminated_the_first_mafioso_in_seat_order_decides():
    s, _ = night0(table(["citizen", "mafia_boss", "coquette", "doctor", "detective", "citizen", "loose_cannon"]))
    from companion.games.mafia_plus.engine import CannonShot
    s, _ = play(s, CannonShot(6, 1))
    s = at_step(s, "mafia")
    assert list(ENGINE.legal_actions_by_seat(s)) == [2]


def test_the_mafia_kills_at_night_and_the_day_announces_it_then_the_stats():
    s = night1(["mafia_boss", "coquette", "doctor", "detective", "citizen", "citizen"])
    s, _ = night(s, mafia=5)
    text = table_text(s)
    assert "Tonight we lost Fay." in text and text.index("Tonight we lost") < text.index("The stats are 3-2-0")


def test_a_night_without_deaths_is_announced():
    s = night1(["mafia_boss", "coquette", "doctor", "detective", "citizen", "citizen"])
    s, _ = night(s, mafia=5, doctor=5)
    assert "Nobody was eliminated tonight." in table_text(s)


def test_a_dead_role_is_still_called_with_the_same_words():
    chars = ["mafia_boss", "coquette", "doctor", "detective", "citizen", "citizen", "loose_cannon"]
    alive_doc = night1(chars)
    s, _ = night0(table(chars))
    from companion.games.mafia_plus.engine import CannonShot
    dead_doc, _ = play(s, CannonShot(6, 2))
    a = at_step(alive_doc, "doctor", mafia=5)
    d = at_step(dead_doc, "doctor", mafia=5)
    assert ENGINE.legal_actions_by_seat(d) == {None: [Continue()]}
    _, ev_a = play(a, Heal(2, 2))
    _, ev_d = play(d, Continue())
    table_a = [e.text for e in ev_a if e.audience == TABLE]
    table_d = [e.text for e in ev_d if e.audience == TABLE]
    assert table_a == table_d == ["Thank you. That person can sleep soundly tonight. The Doctor goes back to sleep.",
                                  "The Detective wakes and chooses one person to investigate."]


def test_detective_sees_poor_bloody_infantry_as_mafia():
    s = night1(["mafia_boss", "coquette", "doctor", "detective", "poor_bloody_infantry", "citizen"])
    s, _ = night(s, mafia=5, detective=4)
    assert notes(s, 3)[-1] == "Night 1: Eve is Mafia (thumbs down)."


def test_detective_sees_coquette_as_city():
    s = night1(["mafia_boss", "coquette", "doctor", "detective", "citizen", "citizen"])
    s, _ = night(s, mafia=5, detective=1)
    assert notes(s, 3)[-1] == "Night 1: Ben is City (thumbs up)."


def test_detective_learns_the_true_faction_of_everyone_else():
    s = night1(["mafia_boss", "coquette", "doctor", "detective", "mayor", "citizen", "citizen"])
    s, _ = night(s, mafia=5, detective=4)
    s = quiet_day(s)
    s, _ = night(s, mafia=6, detective=0)
    assert notes(s, 3) == ("Night 1: Eve is Syndicate (thumb sideways).", "Night 2: Ann is Mafia (thumbs down).")


def test_railwayman_ships_each_person_only_once():
    chars = ["mafia_boss", "coquette", "railwayman", "doctor", "citizen", "citizen", "citizen", "citizen"]
    s = night1(chars)
    s, _ = night(s, mafia=7, railwayman=4)
    s = quiet_day(s)
    s = at_step(s, "railwayman", mafia=6)
    refused(s, Ship(2, 4), "out of town")
    s, _ = play(s, Ship(2, 5))
    s, _ = night(s)
    s = quiet_day(s)
    s = at_step(s, "railwayman", mafia=1)
    refused(s, Ship(2, 4), "already boarded the train once")


def test_shipped_player_misses_the_next_day_and_night():
    chars = ["mafia_boss", "coquette", "railwayman", "doctor", "citizen", "citizen", "citizen"]
    s = night1(chars)
    s, _ = night(s, mafia=6, railwayman=3)  # the Doctor boards
    assert "Dee has been shipped out of town" in table_text(s)
    refused(s, Accuse(3, 0), "out of town")
    refused(s, Accuse(0, 3), "out of town")
    s, _ = play(s, Accuse(4, 0))
    from companion.games.mafia_plus.engine import CallVote
    s, _ = play(s, CallVote("eliminate"))
    assert 3 not in s.vote.voters
    while s.stage == "voting":
        voter = next(k for k in ENGINE.legal_actions_by_seat(s) if k is not None)
        s, _ = play(s, CastVote(voter, None))
    from companion.games.mafia_plus.engine import CarryOut
    s, _ = play(s, CarryOut())
    s = at_step(s, "mafia")
    assert MafiaKill(0, 3) not in ENGINE.legal_actions(s)
    refused(s, MafiaKill(0, 3), "out of town")
    s = at_step(s, "doctor", mafia=5)
    assert ENGINE.legal_actions_by_seat(s) == {None: [Continue()]}  # the Doctor is away: no heal
    s, _ = night(s, railwayman=4)
    assert s.away == 4 and s.alive[3]


def test_the_passenger_is_still_in_town_on_the_night_they_board():
    s = night1(["mafia_boss", "coquette", "railwayman", "doctor", "citizen", "citizen", "citizen"])
    s, _ = night(s, mafia=6, railwayman=6)
    assert not s.alive[6] and s.away is None


def test_janitor_hides_the_stats_for_the_next_day_only():
    chars = ["mafia_boss", "coquette", "janitor", "doctor", "citizen", "citizen", "citizen", "citizen"]
    s = night1(chars)
    s, _ = night(s, mafia=7, janitor=True)
    view = ENGINE.view(s, TABLE)
    assert view.stats is None and view.stats_hidden and view.starting_stats == "5-3-0"
    assert "The stats are unavailable today." in table_text(s)
    s = quiet_day(s)
    s, _ = night(s, mafia=6)
    assert ENGINE.view(s, TABLE).stats == "3-3-0"


def test_janitor_sweeps_only_once():
    chars = ["mafia_boss", "coquette", "janitor", "doctor", "citizen", "citizen", "citizen", "citizen"]
    s = night1(chars)
    s, _ = night(s, mafia=7, janitor=True)
    s = at_step(quiet_day(s), "janitor", mafia=6)
    assert ENGINE.legal_actions(s) == [Pass(2)]
    refused(s, Sweep(2), "already used")


def test_bartender_shifts_the_mafias_target_one_seat_left_or_right():
    chars = ["mafia_boss", "coquette", "bartender", "doctor", "citizen", "citizen", "citizen", "citizen"]
    s = night1(chars)
    left, _ = night(s, mafia=5, bartender="left")
    assert left.alive[5] and not left.alive[6]
    right, _ = night(s, mafia=5, bartender="right")
    assert right.alive[5] and not right.alive[4]
    refused(at_step(s, "bartender", mafia=5), Shift(2, "up"), "'left' or 'right'")


def test_bartender_shift_skips_eliminated_seats_and_wraps_around_the_table():
    chars = ["citizen", "mafia_boss", "coquette", "bartender", "doctor", "citizen", "citizen", "citizen"]
    s = night1(chars)
    s, _ = night(s, mafia=0)
    s = quiet_day(s)
    s, _ = night(s, mafia=7, bartender="left")  # seat 0 is gone: the bullet lands on seat 1
    assert s.alive[7] and not s.alive[1]


def test_bartender_shifts_only_once():
    chars = ["mafia_boss", "coquette", "bartender", "doctor", "citizen", "citizen", "citizen", "citizen"]
    s, _ = night(night1(chars), mafia=5, bartender="left")
    s = at_step(quiet_day(s), "bartender", mafia=4)
    assert ENGINE.legal_actions(s) == [Pass(2)]


def test_gun_shop_owner_killed_by_the_mafia_shoots_once_more():
    chars = ["mafia_boss", "coquette", "gun_shop_owner", "doctor", "citizen", "citizen", "citizen"]
    s = at_step(night1(chars), "gun_shop_owner", mafia=2)
    assert GunShot(2, 1) in ENGINE.legal_actions_by_seat(s)[2]
    s, _ = play(s, GunShot(2, 1))
    s, _ = night(s)
    assert not s.alive[2] and not s.alive[1]
    assert "Tonight we lost Ben and Cid." in table_text(s) or "Tonight we lost Cid and Ben." in table_text(s)


def test_gun_shop_owner_is_called_but_cannot_shoot_when_the_mafia_did_not_kill_them():
    chars = ["mafia_boss", "coquette", "gun_shop_owner", "doctor", "citizen", "citizen", "citizen"]
    s = at_step(night1(chars), "gun_shop_owner", mafia=2, doctor=2)
    assert ENGINE.legal_actions_by_seat(s) == {None: [Continue()]}
    s = at_step(night1(chars), "gun_shop_owner", mafia=5)
    assert ENGINE.legal_actions_by_seat(s) == {None: [Continue()]}
    refused(s, GunShot(2, 0), "not that player's turn")


def test_doctor_heal_stops_only_the_mafia_not_the_gun_shop_owners_shot():
    chars = ["mafia_boss", "coquette", "gun_shop_owner", "doctor", "citizen", "citizen", "citizen"]
    s, _ = night(night1(chars), mafia=2, doctor=1, gun_shop_owner=1)
    assert not s.alive[1]


def test_bomber_takes_the_nearest_living_person_on_the_left_with_them():
    s, _ = night(night1(["mafia_boss", "coquette", "doctor", "bomber", "citizen", "citizen", "citizen"]), mafia=3)
    assert [x for x, _ in s.nights[-1].deaths] == [3, 4]


def test_bomber_plus_takes_both_neighbours():
    s, _ = night(night1(["mafia_boss", "coquette", "doctor", "bomber_plus", "citizen", "citizen", "citizen"]),
                 mafia=3)
    assert [x for x, _ in s.nights[-1].deaths] == [3, 4, 2]


def test_a_bomber_killed_by_a_bomber_chain_resolves_completely():
    chars = ["mafia_boss", "coquette", "doctor", "bomber", "bomber_plus", "citizen", "citizen", "citizen"]
    s, _ = night(night1(chars), mafia=3)
    # Bomber (Dee) -> left: Bomber+ (Eve) -> left Fay, right: nearest living is Cid (Dee is gone)
    assert s.nights[-1].deaths == ((3, "mafia"), (4, "bomber"), (5, "bomber"), (2, "bomber"))


def test_a_bomber_blast_skips_players_already_eliminated_that_night():
    chars = ["mafia_boss", "coquette", "doctor", "bomber", "citizen", "citizen", "angel_of_death", "citizen"]
    s, _ = night(night1(chars), mafia=7, angel_of_death=4)
    s = quiet_day(s)
    s, _ = night(s, mafia=3, angel_of_death=4)  # Eve falls to the second mark first; the blast takes Fay
    assert s.nights[-1].deaths == ((3, "mafia"), (4, "angel"), (5, "bomber"))


def test_the_mafia_may_choose_any_player_in_town_even_a_mafioso():
    s = at_step(night1(["mafia_boss", "coquette", "doctor", "detective", "citizen", "citizen"]), "mafia")
    assert MafiaKill(0, 1) in ENGINE.legal_actions(s) and MafiaKill(0, 0) in ENGINE.legal_actions(s)


def test_night_steps_narrate_in_the_documented_order():
    s = at_step(night1(["mafia_boss", "coquette", "doctor", "detective", "citizen", "citizen"]), "dawn",
                mafia=5)
    calls = [l for l in ENGINE.view(s, TABLE).log if l.startswith(("Mafia, wake up", "The Doctor wakes",
                                                                    "The Detective wakes"))]
    assert calls[-3:] == ["Mafia, wake up and silently choose one person to eliminate. If you cannot agree, the Boss "
                          "decides.", "The Doctor wakes and chooses someone to heal.",
                          "The Detective wakes and chooses one person to investigate."]


def test_night_choices_are_private_events_only():
    s = at_step(night1(["mafia_boss", "coquette", "doctor", "detective", "citizen", "citizen"]), "doctor", mafia=5)
    _, events = play(s, Heal(2, 4))
    private = [e for e in events if e.audience != TABLE]
    assert [e.audience for e in private] == [Seat(2)] and "Eve" in private[0].text
    assert all("Eve" not in e.text for e in events if e.audience == TABLE)


def test_night_actions_during_the_day_are_refused():
    s = night1(["mafia_boss", "coquette", "doctor", "detective", "citizen", "citizen"])
    s, _ = night(s, mafia=5)
    refused(s, Heal(2, 2), "night action")
    refused(s, Continue(), "call the vote to end it")


def test_a_required_night_choice_cannot_be_skipped():
    s = at_step(night1(["mafia_boss", "coquette", "doctor", "detective", "citizen", "citizen"]), "doctor", mafia=5)
    refused(s, Pass(2), "cannot be skipped")
    refused(s, Continue(), "must make its choice")
