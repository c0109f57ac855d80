"""The glue between the app and the phones' desk and server (ui/phones/table.py), without a window:
a phone's action rides the hub's queue and runs on the table thread; a busy port falls back to any
free one; switched off, nobody answers; a server that cannot start is a sentence, not a traceback."""

from __future__ import annotations

import queue
import socket
import urllib.error
import urllib.request

import pytest

from companion.session import Session
from companion.store import Store
from ui.phones.address import HotspotHint
from ui.phones.links import LinkError
from ui.phones.table import (ENABLED_SETTING, HOST_ENV, HOTSPOT_ENV, PORT_ENV, PhoneJob, PhoneTable,
                             load_hotspot)


class FakeHub:
    def __init__(self):
        self.commands = queue.Queue()


@pytest.fixture
def store(tmp_path):
    s = Store.open(str(tmp_path / "t.db"))
    yield s
    s.close()


@pytest.fixture
def env(tmp_path):
    return {HOST_ENV: "127.0.0.1", PORT_ENV: "0", HOTSPOT_ENV: str(tmp_path / "no-hotspot.toml")}


@pytest.fixture
def phones(store, env):
    hub = FakeHub()
    table = PhoneTable(store=lambda: store, hub=lambda: hub, env=env)
    table.hub_for_test = hub
    yield table
    table.stop()


def answers(url: str) -> bool:
    try:
        urllib.request.urlopen(url, timeout=5).read()
        return True
    except urllib.error.HTTPError:
        return True  # someone answered (a refusal is an answer)
    except OSError:
        return False


def test_phones_are_on_by_default_and_serve_the_page(phones):
    assert phones.start()
    assert phones.running and phones.url.startswith("http://127.0.0.1:")
    assert phones.address == phones.url[len("http://"):-1]
    assert answers(phones.url)


def test_a_busy_port_falls_back_to_any_free_port_and_the_address_says_which(store, env):
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        busy = holder.getsockname()[1]
        table = PhoneTable(store=lambda: store, env={**env, PORT_ENV: str(busy)})
        try:
            assert table.start(), table.error
            assert not table.url.endswith(f":{busy}/") and answers(table.url)
        finally:
            table.stop()


def test_a_server_that_cannot_start_is_a_sentence(store, env):
    table = PhoneTable(store=lambda: store, env={**env, HOST_ENV: "203.0.113.7"})  # not this machine's
    assert not table.start()
    assert not table.running and table.error.startswith("Phones are off: port ")


def test_switched_off_stops_the_server_at_once_and_on_starts_it(phones, store):
    phones.start()
    url = phones.url
    phones.set_enabled(False)
    assert not phones.running and store.get_setting(ENABLED_SETTING, True) is False
    assert not answers(url)
    phones.stop()
    assert not phones.start()  # off stays off (a restart of the app reads the setting)
    assert phones.set_enabled(True) and phones.running and answers(phones.url)


def test_a_phones_action_rides_the_hubs_queue_and_never_wakes_the_panel(phones):
    ran = []
    phones.run_on_table(lambda: ran.append(1))
    job = phones.hub_for_test.commands.get_nowait()
    assert isinstance(job, PhoneJob) and job.wakes is False and ran == []
    job.run()
    assert ran == [1]


def test_a_failing_phone_job_never_raises_into_the_table(phones):
    def boom():
        raise RuntimeError("a bad phone")
    PhoneJob(boom).run()  # logged, not raised


def test_the_session_watched_before_the_server_started_is_followed(phones, store):
    session = Session.start(store, "mafia-plus", {"players": list("ABCDEFG")}, seed=3)
    phones.watch(session)
    phones.start()
    snapshot = phones.desk.snapshot()
    assert snapshot is not None and snapshot.game_id == session.game_id


def test_linking_with_phones_off_says_how_to_turn_them_on(phones):
    with pytest.raises(LinkError, match="turn them on in Settings"):
        phones.link(0, "1234")
    assert not phones.is_linked(0)


def test_the_status_line_counts_connected_phones_and_forgets_them_when_off(phones):
    phones.start()
    phones._connected(frozenset({0, 2, 5}))
    assert phones.status == "phones: 3 connected" and phones.seats == {0, 2, 5}
    phones.stop()
    assert phones.status == "" and phones.seats == frozenset()


def test_hotspot_file_gives_the_wifi_qr_and_a_broken_one_is_none(tmp_path):
    good = tmp_path / "hotspot.toml"
    good.write_text('ssid = "Mafia Table"\npassword = "s3cret;pw"\n')
    hotspot = load_hotspot({HOTSPOT_ENV: str(good)})
    assert hotspot.wifi_data() == "WIFI:T:WPA;S:Mafia Table;P:s3cret\\;pw;;"
    bad = tmp_path / "bad.toml"
    bad.write_text("ssid = \n")
    assert load_hotspot({HOTSPOT_ENV: str(bad)}) is None
    assert load_hotspot({HOTSPOT_ENV: str(tmp_path / "missing.toml")}) is None


def test_a_hotspot_config_with_no_hotspot_up_offers_no_wifi_join_code(store, env, tmp_path):
    """The join code only while the Pi's own Wi-Fi is up (tests/phones/test_address_namespaces.py
    shows it there, in a namespace with the hotspot's interface)."""
    from ui.phones.address import choose, read

    path = tmp_path / "hotspot.toml"
    path.write_text('ssid = "Table"\npassword = "password1"\n')
    table = PhoneTable(store=lambda: store, env={**env, HOTSPOT_ENV: str(path)})
    choice = choose(read(), load_hotspot({HOTSPOT_ENV: str(path)}).hint())
    if choice is not None and choice.kind == "hotspot":
        pytest.skip("this machine runs a hotspot itself")
    try:
        assert table.start()
        assert table.wifi_ssid == "" and table.wifi_data == ""
    finally:
        table.stop()


def test_the_hotspot_config_may_name_the_hotspots_address_and_interface(tmp_path):
    named = tmp_path / "hotspot.toml"
    named.write_text('ssid = "T"\npassword = "password1"\naddress = "192.168.4.1"\ninterface = "wlan0"\n')
    assert load_hotspot({HOTSPOT_ENV: str(named)}).hint() == HotspotHint("192.168.4.1", "wlan0")
    odd = tmp_path / "odd.toml"
    odd.write_text('ssid = "T"\npassword = "password1"\naddress = 7\n')  # a wrong type is ignored, not fatal
    assert load_hotspot({HOTSPOT_ENV: str(odd)}).hint() == HotspotHint()


def test_the_address_is_read_again_on_the_kivy_clock_and_stops_with_the_phones(store, env):
    from kivy.clock import Clock

    table = PhoneTable(store=lambda: store, env=env)
    try:
        assert table.start()
        assert table._reread_event is not None and Clock.get_events().count(table._reread_event) == 1
    finally:
        table.stop()
    assert table._reread_event is None and table.url == "" and table.address == ""
