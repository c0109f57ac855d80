"""Phones as private screens (#16) at the Mafia (Sicily) and Mafia Casino tables: each seat links its
own phone during its private moment (Sicily's private card screen, Casino's "Join with phones"
step) by the code the phone shows; a wrong code is refused in words and links nothing; each phone
then shows its own seat's cards or safe and never another seat's. See games_phones.py."""

from __future__ import annotations

from robot_run import passed

#: phones on at any free port (the table shows it under its QR code), served on loopback
PHONES = {"MAFIA_COMPANION_PHONES_HOST": "127.0.0.1", "MAFIA_COMPANION_PHONES_PORT": "0"}


def _linking(obs, names) -> None:
    assert obs["wrong_code"].startswith("No phone shows the code") and obs["keypad_still_open"]
    assert obs["after_wrong"] == [403, 403]  # neither the seat's phone nor another waiting one got it
    assert obs["linked_notes"] == [f"{n}'s phone is linked." for n in names]
    assert obs["pages"] == {n: [200, n] for n in names}
    assert not obs["tap_opened_keypad"] and obs["hold_opened_keypad"]  # replacing is a hold


def test_sicily_seats_link_phones_on_their_private_screen_and_see_only_their_own_cards(table_robot):
    scenario = "games_phones:sicily"
    obs = passed(table_robot([scenario], env=PHONES), scenario)
    names = ["Anna", "Bruno", "Carla", "Dario", "Elena"]
    _linking(obs, names)
    assert obs["linked_line"] == "Anna: your cards are on your phone too."
    assert obs["status_line"] == "phones: 5 connected"
    assert obs["holding"] >= 1, "a card was drawn, so a phone had something private to show"
    assert obs["phone_missing"] == [] and obs["phone_leaks"] == [], (obs["phone_missing"], obs["phone_leaks"])
    assert all(text.startswith("Your cards\nYou play: ") for text in obs["cards_read"].values()), obs["cards_read"]
    assert obs["layout"] == [], obs["layout"]


def test_casino_seats_link_phones_passing_the_device_and_see_only_their_own_safe(table_robot):
    scenario = "games_phones:casino"
    obs = passed(table_robot([scenario], env=PHONES), scenario)
    names = ["Anna", "Ben", "Cleo", "Eva", "Fay"]  # Dan skipped
    _linking(obs, names)
    assert obs["status_line"] == "phones: 5 connected"
    assert obs["safes"]["Anna"] == ["10 pearls", "20 pearls"] and obs["safes"]["Ben"] == ["10 diamonds"]
    assert obs["phone_missing"] == [] and obs["phone_leaks"] == [], (obs["phone_missing"], obs["phone_leaks"])
    assert "Card 1: 10 pearls" in obs["cards_read"]["Anna"]
    assert obs["cards_read"]["Cleo"] == "Your cards\nYour safe is empty."
    assert obs["layout"] == [], obs["layout"]
