"""The phones' QR address on real interfaces (issue #22, item 2): Linux network namespaces joined by
veth pairs stand for the Pi's own hotspot (10.42.0.1/24, no default route), a phone on it
(10.42.0.2), a venue LAN with a default route, and a table with nothing but loopback.

The table side runs for real inside its namespace: ``python -m ui.phones.address`` (the module's own
diagnostic) and ``address_table.py`` (the app's ``PhoneTable`` with the real Kivy clock re-reading
the interfaces); the phone fetches the join page from its own namespace. Changes to the network are
waited for (a liveness limit), never timed."""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path


from netns import Namespaces, ip, phone_opens
from ui.phones.address import NO_NETWORK

HERE = Path(__file__).resolve().parent
PATIENCE = 30.0  # seconds: a re-read that never comes is a stall (the app re-reads every 2 s)

def module_choice(nets: Namespaces, ns: str) -> dict | None:
    done = nets.run(ns, sys.executable, "-m", "ui.phones.address", "--json", cwd=HERE.parents[1])
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)["choice"]


class TableInNamespace:
    """address_table.py inside a namespace: the app's phones glue, its lines read as they come."""

    def __init__(self, nets: Namespaces, ns: str, tmp: Path, hotspot: str = "") -> None:
        toml = tmp / "hotspot.toml"
        if hotspot:
            toml.write_text(hotspot)
        self.proc = nets.popen(ns, sys.executable, str(HERE / "address_table.py"), str(tmp / "t.db"), str(toml),
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               cwd=HERE.parents[1])
        self.now: dict = {}
        self.lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def wait(self, predicate, what: str) -> dict:
        deadline = time.monotonic() + PATIENCE
        while not (self.now and predicate(self.now)):
            left = deadline - time.monotonic()
            try:
                line = self.lines.get(timeout=max(0.0, left))
            except queue.Empty:
                line = None
            if line is None:  # the limit passed, or the table's process ended
                raise AssertionError(f"stalled waiting for {what}; the table last said {self.now}; "
                                     f"stderr: {self.proc.stderr.read()[-2000:] if self.proc.poll() is not None else ''}")
            self.now = json.loads(line)
            assert "error" not in self.now, self.now
        return self.now

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.stdin.close()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def at(address: str):
    return lambda now: now["url"].startswith(f"http://{address}:")


def test_hotspot_with_no_default_route_the_qr_is_10_42_0_1_and_a_phone_on_it_opens_the_join_page(nets, tmp_path):
    table, phone = nets.add("table"), nets.add("phone")
    nets.wire(table, "10.42.0.1/24", phone, "10.42.0.2/24")
    assert "default" not in ip("-n", table, "route").stdout  # exactly the venue without Wi-Fi
    choice = module_choice(nets, table)
    assert (choice["address"], choice["kind"]) == ("10.42.0.1", "hotspot"), choice
    served = TableInNamespace(nets, table, tmp_path)
    try:
        now = served.wait(lambda now: now["running"], "the phones' server")
        assert at("10.42.0.1")(now), now
        assert now["address"] == now["url"][len("http://"):-1]
        answer = phone_opens(phone, now["url"])
        assert answer["join_page"] and answer["hello"]["linked"] is False and len(answer["hello"]["code"]) == 4
    finally:
        served.close()


def test_an_address_that_comes_or_goes_is_picked_up_by_the_re_read_and_the_hotspot_wins_when_up(nets, tmp_path):
    table, phone, venue = nets.add("table"), nets.add("phone"), nets.add("venue")
    hotspot_end, _ = nets.wire(table, "10.42.0.1/24", phone, "10.42.0.2/24")
    lan_end, _ = nets.wire(table, "", venue, "192.168.77.1/24")
    served = TableInNamespace(nets, table, tmp_path)
    try:
        served.wait(at("10.42.0.1"), "the hotspot's address at start")
        # the venue's Wi-Fi comes up (an address and a default route): the hotspot, still up, wins
        ip("-n", table, "addr", "add", "192.168.77.2/24", "dev", lan_end)
        ip("-n", table, "route", "add", "default", "via", "192.168.77.1")
        assert module_choice(nets, table)["address"] == "10.42.0.1"
        # the hotspot goes: the LAN address of the default route, by the app's own re-read
        ip("-n", table, "addr", "del", "10.42.0.1/24", "dev", hotspot_end)
        now = served.wait(at("192.168.77.2"), "the LAN address after the hotspot went")
        assert now["address"] == now["url"][len("http://"):-1]
        # the hotspot comes back: it wins over the LAN with its default route
        ip("-n", table, "addr", "add", "10.42.0.1/24", "dev", hotspot_end)
        served.wait(at("10.42.0.1"), "the hotspot's address again")
        # every address goes: no URL, the sentence where the QR code was
        ip("-n", table, "addr", "del", "10.42.0.1/24", "dev", hotspot_end)
        ip("-n", table, "addr", "del", "192.168.77.2/24", "dev", lan_end)
        now = served.wait(lambda now: now["url"] == "", "no address at all")
        assert now["address"] == NO_NETWORK
        # a Wi-Fi that comes up later: the QR code is right again without a restart
        ip("-n", table, "addr", "add", "192.168.77.2/24", "dev", lan_end)
        served.wait(at("192.168.77.2"), "the LAN address coming back")
    finally:
        served.close()


def test_the_wifi_join_code_shows_only_while_the_hotspot_is_up_and_in_use(nets, tmp_path):
    table, phone, venue = nets.add("table"), nets.add("phone"), nets.add("venue")
    hotspot_end, _ = nets.wire(table, "10.42.0.1/24", phone, "10.42.0.2/24")
    lan_end, _ = nets.wire(table, "192.168.77.2/24", venue, "192.168.77.1/24")
    served = TableInNamespace(nets, table, tmp_path, hotspot='ssid = "Mafia Table"\npassword = "night-falls"\n')
    try:
        served.wait(lambda now: at("10.42.0.1")(now) and now["wifi"] == "Mafia Table", "the hotspot and its join code")
        ip("-n", table, "link", "set", hotspot_end, "down")  # the Pi's Wi-Fi goes off: no join code
        now = served.wait(lambda now: at("192.168.77.2")(now), "the LAN once the hotspot is down")
        assert now["wifi"] == "", now  # gone with the same re-read that moved the address QR
        ip("-n", table, "link", "set", hotspot_end, "up")
        served.wait(lambda now: at("10.42.0.1")(now) and now["wifi"] == "Mafia Table", "the join code again")
    finally:
        served.close()


def test_a_hotspot_interface_that_goes_down_is_not_shown(nets, tmp_path):
    table, phone = nets.add("table"), nets.add("phone")
    hotspot_end, _ = nets.wire(table, "10.42.0.1/24", phone, "10.42.0.2/24")
    ip("-n", table, "link", "set", hotspot_end, "down")  # the address stays, the interface is off
    assert module_choice(nets, table) is None


def test_nothing_but_loopback_the_table_says_phones_need_a_network(nets, tmp_path):
    lonely = nets.add("lonely")
    assert module_choice(nets, lonely) is None
    served = TableInNamespace(nets, lonely, tmp_path)
    try:
        now = served.wait(lambda now: now["running"], "the phones' server")
        assert now["url"] == "" and now["address"] == NO_NETWORK
        assert "127.0.0.1" not in json.dumps(now)
    finally:
        served.close()


def test_the_hotspot_configs_address_names_a_hotspot_that_is_not_10_42(nets, tmp_path):
    table, phone, venue = nets.add("table"), nets.add("phone"), nets.add("venue")
    nets.wire(table, "192.168.4.1/24", phone, "192.168.4.2/24")
    nets.wire(table, "192.168.77.2/24", venue, "192.168.77.1/24")
    ip("-n", table, "route", "add", "default", "via", "192.168.77.1")
    served = TableInNamespace(nets, table, tmp_path,
                              hotspot='ssid = "Mafia Table"\npassword = "long enough"\naddress = "192.168.4.1"\n')
    try:
        served.wait(at("192.168.4.1"), "the configured hotspot's address over the default route's")
    finally:
        served.close()
