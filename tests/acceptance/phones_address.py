"""The phones' QR address at a real table in a real network (issue #22, item 2), played by the table
robot inside a network namespace that test_phones_address.py made: the Pi's own hotspot (a veth
10.42.0.1/24, no default route) with a phone in a second namespace.

The robot reads the address where a person reads it (under the QR code on the Mafia+ deal), the
phone opens it from its own namespace, and when the network changes (an address removed, added
back) the robot waits for the text to follow: the app's own re-read, nothing called inside it.

Environment (set by the test): ``ADDRESS_TEST_DEVICE`` the hotspot's interface in the app's
namespace, ``ADDRESS_TEST_PHONE_NS`` the phone's namespace.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: the namespace helpers

from mafia_plus_table import MafiaPlusTable  # noqa: E402
from netns import phone_opens  # noqa: E402
from phones_table import ADDRESS, SEVEN  # noqa: E402
from tables_help import check_layout  # noqa: E402
from ui.phones.address import NO_NETWORK  # noqa: E402

HOTSPOT = re.compile(r"^10\.42\.0\.1:\d{2,5}$")


def ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, timeout=20)


def hotspot_qr_follows_the_network(t) -> None:
    r, obs = t.robot, t.obs
    device, phone = os.environ["ADDRESS_TEST_DEVICE"], os.environ["ADDRESS_TEST_PHONE_NS"]
    MafiaPlusTable(t, SEVEN).new_game()
    r.wait_for("Phones: scan to join")
    obs["hotspot_address"] = r.wait_for(HOTSPOT)
    t.shot("phones-qr-hotspot")
    obs["phone"] = phone_opens(phone, f"http://{obs['hotspot_address']}/")

    ip("addr", "del", "10.42.0.1/24", "dev", device)  # the hotspot goes
    obs["no_network"] = r.wait_for(NO_NETWORK, timeout=30)
    obs["address_while_offline"] = [text for text in r.texts() if ADDRESS.search(text)]
    obs["scan_to_join_while_offline"] = r.sees("Phones: scan to join")
    check_layout(t, "phones-qr-no-network")
    r.tap("Deal the cards")
    r.wait_for("Pass to Anna")
    obs["no_network_beside_the_pass"] = r.sees(NO_NETWORK)
    obs["link_offered_while_offline"] = r.sees("Link a phone")
    check_layout(t, "phones-pass-no-network")

    ip("addr", "add", "10.42.0.1/24", "dev", device)  # and comes back
    obs["hotspot_again"] = r.wait_for(HOTSPOT, timeout=30)
    obs["sentence_after"] = r.sees(NO_NETWORK)
    obs["link_offered_again"] = bool(r.wait_for("Link a phone", timeout=30))
    t.shot("phones-pass-hotspot")


def loopback_only_says_phones_need_a_network(t) -> None:
    r, obs = t.robot, t.obs
    MafiaPlusTable(t, SEVEN).new_game()
    obs["sentence"] = r.wait_for(NO_NETWORK)
    obs["scan_to_join"] = r.sees("Phones: scan to join")
    obs["addresses"] = [text for text in r.texts() if ADDRESS.search(text) or "127.0.0.1" in text]
    check_layout(t, "phones-qr-loopback-only")


def casino_join_says_phones_need_a_network(t) -> None:
    """Mafia Casino's join step (the shared PhoneJoin piece, also Sicily's private card): no network,
    the sentence where the QR code goes."""
    from games_phones import CASINO
    from tables_help import seat_names

    r, obs = t.robot, t.obs
    r.tap("Mafia Casino")
    r.wait_for("Money")
    seat_names(r, CASINO)
    r.tap("Start with 6 players")
    r.wait_for("App picks", control=True)
    r.tap("App picks")
    r.wait_for("Anna", control=True)
    r.tap("Anna")
    r.wait_for("Play a card", control=True)
    r.tap("Phones")
    r.wait_for("Pass to Anna")
    obs["sentence"] = r.wait_for(NO_NETWORK)
    obs["addresses"] = [text for text in r.texts() if ADDRESS.search(text) or "127.0.0.1" in text]
    obs["scan_to_join"] = r.sees("Phones: scan to join")
    check_layout(t, "phones-casino-join-no-network")
