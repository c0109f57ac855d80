"""Phones as private screens (#16) at a real table: the robot links a phone at the deal by the
code the phone shows, typed on the table's keypad; a wrong code is refused in words; replacing
a seat's phone is a hold; phones switched off answer nothing. See phones_table.py."""

from __future__ import annotations

import socket

import pytest

from robot_run import passed

FAST = {"mafia_plus.min_call_seconds": 0.5, "mafia_plus.seed": 7}


@pytest.fixture
def busy_port(monkeypatch):
    """A port another program holds: the table must serve phones on another one."""
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        monkeypatch.setenv("MAFIA_COMPANION_PHONES_HOST", "127.0.0.1")
        monkeypatch.setenv("MAFIA_COMPANION_PHONES_PORT", str(port))
        monkeypatch.setenv("PHONES_TEST_BUSY_PORT", str(port))
        monkeypatch.delenv("MAFIA_COMPANION_HOTSPOT", raising=False)
        yield port


def test_a_phone_is_linked_at_the_deal_by_the_code_it_shows(table_robot, busy_port):
    scenario = "phones_table:link_at_the_deal"
    obs = passed(table_robot([scenario], settings=FAST), scenario)
    assert obs["busy_port_avoided"], obs["address"]
    assert obs["page_before_link"] == 403
    assert obs["wrong_code"].startswith("No phone shows the code") and obs["keypad_still_open"]
    assert obs["linked_note"] == "Anna's phone is linked." and obs["keypad_closed"]
    assert (obs["page_after_link"], obs["page_name"]) == (200, "Anna")
    assert obs["status_line"] == "phones: 1 connected"
    assert not obs["tap_opened_keypad"]  # a tap on "Hold to replace" does nothing but hint
    assert (obs["old_phone_after_replace"], obs["new_phone_after_replace"]) == (403, 200)
    assert obs["pass_hint_linked"] == "Anna: your card is on your phone too."
    assert obs["dealt"]
    assert obs["leaks"] == [] and obs["cut"] == []


def test_phones_switched_off_in_settings_answer_nothing_and_show_nothing(table_robot, busy_port):
    scenario = "phones_table:phones_off"
    obs = passed(table_robot([scenario], settings=FAST), scenario)
    assert obs["served_before"] and obs["refused_when_off"]
    assert not obs["qr_when_off"] and not obs["link_button_when_off"]
    assert obs["address_on"].startswith("127.0.0.1:")
    assert obs["link_button_back"]


def test_twenty_three_players_link_a_phone_at_800x480(table_robot, busy_port):
    scenario = "phones_table:twenty_three_at_the_deal"
    obs = passed(table_robot([scenario], settings=FAST), scenario)
    assert obs["page"] == [200, "Valentina"]
    assert obs["cut"] == []
