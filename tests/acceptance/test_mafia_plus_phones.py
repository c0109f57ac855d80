"""Mafia+ with phones as private screens (issue #16), played from the join to the reveal: the
table robot plays the Kivy table, seven phone pages in a real headless Chromium do every private
thing (the card, the night answers, the secret vote)."""

from __future__ import annotations

from robot_run import passed

from test_mafia_plus_table import FAST, _held

#: phones on, served on every loopback address so that each page (127.0.0.2, .3, ...) keeps its
#: own cookies like a separate phone; any free port (the table shows it under its QR code)
PHONES = {"MAFIA_COMPANION_PHONES_HOST": "0.0.0.0", "MAFIA_COMPANION_PHONES_PORT": "0"}


def test_seven_phones_and_the_table_play_mafia_plus_from_the_join_to_the_reveal(table_robot):
    scenario = "mafia_plus_phones:seven_players"
    obs = passed(table_robot([scenario], settings=FAST, env=PHONES), scenario)
    _held(obs)  # the shared screen: no leak, every announcement, nothing cut
    assert obs["phone_leaks"] == [], obs["phone_leaks"]
    assert obs["answers"], "the Detective's or the Lady's answer reached a phone"
    assert all("Game over" in text for text in obs["phones_at_end"].values())
    assert obs["night_pages"]
    for call in obs["night_pages"]:  # at every call every phone shows the same page
        assert len(set(call.values())) == 1, call
