"""Views per audience, the step description for the screens, and narration that never names a character."""

import dataclasses

from companion.engine import REVEAL, TABLE, Seat
from companion.games.mafia_plus import ENGINE, current_step
from companion.games.mafia_plus.engine import CannonShot, CarryOut, Heal
from companion.games.mafia_plus.views import SeatView, TableView
from mafia_plus_helpers import at_step, night, night0, play, quiet_day, table, vote

CHARS = ["mafia_boss", "coquette", "doctor", "detective", "lady_of_the_night", "loose_cannon", "citizen", "mayor"]


def played():
    s, _ = night0(table(CHARS), lady_of_the_night=0)
    s = vote(s, [1], {2: 1, 3: 1}, mode="reveal")
    s, _ = play(s, CarryOut())
    s, _ = night(s, mafia=6, doctor=3, detective=0)
    return s


def test_table_view_has_no_field_that_could_hold_a_character_a_night_choice_or_blackmail():
    names = {f.name for f in dataclasses.fields(TableView)}
    forbidden = {"character", "characters", "card", "cards", "faction", "factions", "notes", "blackmail",
                 "protectee", "tonight", "choices", "targets", "marks", "lives", "nights"}
    assert not names & forbidden


def test_table_view_shows_public_facts_only():
    s = played()
    view = ENGINE.view(s, TABLE)
    assert view.deaths == (("Gus", "Night 1"),) and view.reveals == (("Ben", "City"),)
    assert view.stats == "4-2-1" and view.starting_stats == "5-2-1"
    assert "Doctor" in view.cards_in_play and view.alive[6] is False


def test_seat_view_shows_the_card_the_detectives_answers_and_the_ladys_look():
    s = played()
    det = ENGINE.view(s, Seat(3))
    assert isinstance(det, SeatView) and det.character == "Detective" and det.card == "10♡"
    assert det.notes == ("Night 1: Ann is Mafia (thumbs down).",)
    assert ENGINE.view(s, Seat(4)).notes == ("Night 0: Ann's card is Mafia Boss (A♠).",)
    assert ENGINE.view(s, Seat(2)).my_actions == ("Night 1: healed Dee",)


def test_stats_and_starting_stats_can_be_asked_for_at_any_time():
    s, _ = night0(table(CHARS))
    assert ENGINE.view(s, TABLE).stats == "5-2-1" and ENGINE.view(s, TABLE).starting_stats == "5-2-1"


def test_reveal_view_has_the_night_by_night_timeline_and_every_vote():
    s = played()
    r = ENGINE.view(s, REVEAL)
    assert [n.night for n in r.nights] == [0, 1]
    assert "Lady of the Night (Eve): Ann" in r.nights[0].actions
    assert "Mafia (Ann): Gus" in r.nights[1].actions and "Doctor (Cid): Dee" in r.nights[1].actions
    assert r.nights[1].deaths == ("Gus (killed by the Mafia)",)
    assert r.votes[0].mode == "reveal" and r.votes[0].votes[2] == ("Cid", "Ben")
    assert [x.character for x in r.seats][:2] == ["Mafia Boss", "Coquette"]


def test_current_step_names_the_role_called_and_its_words_never_the_seat():
    s = at_step(quiet_day(night0(table(CHARS))[0]), "doctor", mafia=6)
    info = current_step(s)
    assert (info.phase, info.step, info.role, info.line_id) == ("night", "doctor", "doctor", "call.doctor")
    assert info.text == "The Doctor wakes and chooses someone to heal."
    assert not {"seat", "actor", "by"} & {f.name for f in dataclasses.fields(info)}


def test_legal_actions_are_grouped_by_acting_seat():
    s = at_step(quiet_day(night0(table(CHARS))[0]), "doctor", mafia=6)
    groups = ENGINE.legal_actions_by_seat(s)
    assert list(groups) == [2] and Heal(2, 2) in groups[2]
    s, _ = night0(table(CHARS))
    groups = ENGINE.legal_actions_by_seat(s)
    assert None not in groups  # nobody accused yet: the GM cannot call the vote
    assert CannonShot(5, 0) in groups[5] and len(groups) == 8


def test_narration_lines_never_name_a_seats_character():
    from companion.games.mafia_plus.narration import LINES
    for line_id, text in LINES.items():
        if "{by}" in text or "{name}" in text or "{names}" in text:
            allowed = ("chairman.declares", "daughter.declares", "cannon.shoots", "cannon.self")
            if line_id not in allowed:
                for role in ("Doctor", "Detective", "Mafia Boss", "Coquette", "Saint", "Mayor", "Bomber"):
                    assert role not in text, line_id
