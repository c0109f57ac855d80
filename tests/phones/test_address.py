"""Which address the phones' QR code shows (ui/phones/address.py), from given interface lists: the
hotspot's when it is up, else a LAN address (the default route's first), else none. Fast; the same
choice on real interfaces in network namespaces is in test_address_namespaces.py."""

from __future__ import annotations

import pytest

from ui.phones.address import Choice, HotspotHint, Interface, Network, choose, read

LO = Interface("lo", "127.0.0.1", 8, index=1, loopback=True)
ETH = Interface("eth0", "192.168.1.20", 24, index=2)
WLAN_LAN = Interface("wlan0", "192.168.8.31", 24, index=3)
HOTSPOT = Interface("wlan0", "10.42.0.1", 24, index=3)


def test_the_hotspot_alone_with_no_default_route_is_the_address():
    assert choose(Network((LO, HOTSPOT))) == Choice("10.42.0.1", "wlan0", "hotspot")


def test_the_hotspot_wins_over_a_lan_with_a_default_route_when_it_is_up():
    assert choose(Network((LO, ETH, HOTSPOT), default=(2,))).address == "10.42.0.1"


def test_a_hotspot_that_is_down_leaves_the_lan():
    down = Interface("wlan0", "10.42.0.1", 24, index=3, up=False)
    assert choose(Network((LO, ETH, down), default=(2,))) == Choice("192.168.1.20", "eth0", "lan")


def test_nothing_but_loopback_is_no_address():
    assert choose(Network((LO,))) is None
    assert choose(Network(())) is None


@pytest.mark.parametrize("skipped", [
    Interface("eth0", "169.254.10.3", 16, index=2),  # link-local (no DHCP answered)
    Interface("eth0", "192.168.1.20", 24, index=2, up=False),  # switched off or no carrier
    Interface("lo", "127.0.0.1", 8, index=1, loopback=True),
    Interface("lo", "10.1.2.3", 32, index=1, loopback=True),  # an address on the loopback device
    Interface("eth0", "8.8.4.4", 24, index=2),  # public: the server answers only the table's own network
])
def test_loopback_link_local_down_and_public_addresses_are_never_chosen(skipped):
    assert choose(Network((skipped,), default=(2,))) is None


def test_the_default_routes_interface_comes_first_among_lan_addresses():
    assert choose(Network((LO, ETH, WLAN_LAN), default=(3,))).interface == "wlan0"
    assert choose(Network((LO, ETH, WLAN_LAN), default=(2, 3))).interface == "eth0"


def test_without_a_default_route_any_lan_address_is_chosen_lowest_interface_first():
    assert choose(Network((LO, WLAN_LAN, ETH))) == Choice("192.168.1.20", "eth0", "lan")


def test_a_10_42_address_that_is_not_shared_modes_dot_one_is_only_a_lan_address():
    client = Interface("wlan0", "10.42.0.57", 24, index=3)  # a phone-like client on another Pi's hotspot
    assert choose(Network((ETH, client), default=(2,))) == Choice("192.168.1.20", "eth0", "lan")


def test_the_hotspot_configs_address_names_the_hotspot_when_it_is_not_10_42():
    custom = Interface("wlan0", "192.168.4.1", 24, index=3)
    hint = HotspotHint(address="192.168.4.1")
    assert choose(Network((ETH, custom), default=(2,)), hint) == Choice("192.168.4.1", "wlan0", "hotspot")
    assert choose(Network((ETH,), default=(2,)), hint).kind == "lan"  # configured but not up: the LAN


def test_the_hotspot_configs_interface_is_preferred_among_shared_mode_addresses():
    usb = Interface("usb0", "10.42.1.1", 24, index=2)
    assert choose(Network((usb, HOTSPOT))).interface == "usb0"
    assert choose(Network((usb, HOTSPOT)), HotspotHint(interface="wlan0")).interface == "wlan0"


def test_a_secondary_address_on_the_hotspots_interface_is_seen():
    both = (Interface("wlan0", "192.168.8.31", 24, index=3), HOTSPOT)
    assert choose(Network(both, default=(3,))).address == "10.42.0.1"


def test_this_machine_reads_without_an_external_command():
    network = read()
    assert any(i.loopback and i.address == "127.0.0.1" for i in network.interfaces)
