"""The phones' QR address on the table's screen in real networks (issue #22, item 2): the app runs
inside a network namespace (``ip netns exec``) made here; see phones_address.py for what the robot
does. Skipped, with the reason, only where namespaces cannot be made (not root)."""

from __future__ import annotations

import sys
from pathlib import Path


sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: the namespace helpers

from robot_run import passed  # noqa: E402
from ui.phones.address import NO_NETWORK  # noqa: E402

#: phones on every interface, any free port (the address under the QR code says which)
PHONES = {"MAFIA_COMPANION_PHONES_HOST": "0.0.0.0", "MAFIA_COMPANION_PHONES_PORT": "0"}


def test_the_hotspots_address_is_on_the_deal_a_phone_opens_it_and_the_qr_follows_the_network(table_robot, nets,
                                                                                              tmp_path):
    table, phone = nets.add("table"), nets.add("phone")
    device, _ = nets.wire(table, "10.42.0.1/24", phone, "10.42.0.2/24")
    env = {**PHONES, "ADDRESS_TEST_DEVICE": device, "ADDRESS_TEST_PHONE_NS": phone,
           "MAFIA_COMPANION_HOTSPOT": str(tmp_path / "no-hotspot.toml")}
    scenario = "phones_address:hotspot_qr_follows_the_network"
    obs = passed(table_robot([scenario], env=env, prefix=["ip", "netns", "exec", table]), scenario)
    assert obs["phone"]["join_page"] and len(obs["phone"]["hello"]["code"]) == 4
    assert obs["no_network"] == NO_NETWORK and obs["address_while_offline"] == []
    assert not obs["scan_to_join_while_offline"]  # nothing to scan: the sentence alone
    assert obs["no_network_beside_the_pass"]
    assert obs["hotspot_again"] == obs["hotspot_address"] and not obs["sentence_after"]
    assert not obs["link_offered_while_offline"] and obs["link_offered_again"]  # no network, nothing to link
    assert obs["layout"] == []  # the sentence neither clipped nor overlapping, before and after the shuffle


def test_a_table_with_nothing_but_loopback_says_phones_need_a_network(table_robot, nets, tmp_path):
    lonely = nets.add("lonely")
    env = {**PHONES, "MAFIA_COMPANION_HOTSPOT": str(tmp_path / "no-hotspot.toml")}
    scenarios = ["phones_address:loopback_only_says_phones_need_a_network",
                 "phones_address:casino_join_says_phones_need_a_network"]
    report = table_robot(scenarios, env=env, prefix=["ip", "netns", "exec", lonely])
    for scenario in scenarios:
        obs = passed(report, scenario)
        assert obs["sentence"] == NO_NETWORK and obs["addresses"] == [] and not obs["scan_to_join"]
        assert obs["layout"] == []
