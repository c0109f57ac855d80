"""Which address of this machine the phones' QR code carries: read from the interfaces, not guessed
from a route (Kivy-free; docs/phones.md "Which address the QR code shows").

Why it exists: the old way asked the kernel which source address a packet to a public-looking
address would use. With the Pi as its own hotspot (NetworkManager's shared mode, 10.42.0.1/24 on
wlan0, no default route, exactly the venue without Wi-Fi) there is no such route, and the QR code
said 127.0.0.1, which no phone can open.

How it reads: one rtnetlink socket (``AF_NETLINK``/``NETLINK_ROUTE``, no external command), three
dumps: links (``RTM_GETLINK``: up and running, loopback), IPv4 addresses (``RTM_GETADDR``: every
address of every interface, secondary ones included, with its prefix length) and IPv4 routes
(``RTM_GETROUTE``: which interface the default route leaves by). Netlink rather than the ioctls
(``SIOCGIFADDR``/``SIOCGIFNETMASK``): an ioctl answers one address per interface name (a second
address on the same interface is invisible to it) and needs one call per interface and per fact;
the route table would need ``/proc`` text besides. A read is a few system calls on a local socket
(``benchmarks/bench_address.py``), cheap enough to repeat every two seconds.

How it chooses (``choose``), among interfaces that are up and running, skipping loopback and
link-local (169.254.x.x) addresses and any address a phone's packets could not come from (the
server answers only the table's own, private network):

1. the hotspot: the address the hotspot's config names, else NetworkManager's shared-mode
   convention (``10.42.x.1/24``), on the config's interface first;
2. else a LAN address: on the default route's interface first (lowest metric), then any other;
3. else none: the table says ``NO_NETWORK`` where the QR code goes.

``python -m ui.phones.address`` prints what it sees and what it chose (``--json`` for scripts).
"""

from __future__ import annotations

import ipaddress
import os
import socket
import struct
from dataclasses import asdict, dataclass

#: what the table says where the QR code goes when no phone could reach it
NO_NETWORK = "Phones need a network: put the table on a Wi-Fi or turn on its hotspot."

# rtnetlink (linux/netlink.h, linux/rtnetlink.h, linux/if_addr.h, linux/if_link.h, linux/if.h)
NETLINK_ROUTE = 0
NLMSG_ERROR, NLMSG_DONE = 2, 3
NLM_F_REQUEST, NLM_F_DUMP = 0x1, 0x300
RTM_NEWLINK, RTM_GETLINK = 16, 18
RTM_NEWADDR, RTM_GETADDR = 20, 22
RTM_NEWROUTE, RTM_GETROUTE = 24, 26
IFLA_IFNAME = 3
IFA_ADDRESS, IFA_LOCAL, IFA_LABEL = 1, 2, 3
RTA_OIF, RTA_PRIORITY, RTA_TABLE = 4, 6, 15
RT_TABLE_MAIN, RTN_UNICAST = 254, 1
IFF_UP, IFF_LOOPBACK, IFF_RUNNING = 0x1, 0x8, 0x40
NLMSG = struct.Struct("=LHHLL")  # length, type, flags, sequence, port id
IFINFOMSG = struct.Struct("=BxHiII")  # family, (pad), type, index, flags, change
IFADDRMSG = struct.Struct("=BBBBI")  # family, prefix length, flags, scope, index
RTMSG = struct.Struct("=BBBBBBBBI")  # family, dst_len, src_len, tos, table, protocol, scope, type, flags
RTATTR = struct.Struct("=HH")  # length, type

HOTSPOT_NET = ipaddress.ip_network("10.42.0.0/16")  # NetworkManager's shared mode: 10.42.x.1/24


@dataclass(frozen=True)
class Interface:
    """One IPv4 address of one interface, with what the choice needs to know about it."""

    name: str
    address: str
    prefix: int = 24
    index: int = 0
    up: bool = True  # IFF_UP and IFF_RUNNING: switched on and carrying packets
    loopback: bool = False


@dataclass(frozen=True)
class Network:
    """What this machine has now: its addresses and the interfaces of its default routes."""

    interfaces: tuple[Interface, ...] = ()
    default: tuple[int, ...] = ()  # interface indexes of the default routes, lowest metric first


@dataclass(frozen=True)
class Choice:
    address: str
    interface: str
    kind: str  # "hotspot" or "lan"


@dataclass(frozen=True)
class HotspotHint:
    """What the hotspot's config says about where it lives (both optional)."""

    address: str = ""
    interface: str = ""


class NetlinkError(OSError):
    """The kernel refused a dump (or this system has no rtnetlink)."""


# -- choosing (pure) -------------------------------------------------------------------------
def usable(interface: Interface) -> bool:
    """An address a phone on the table's network could reach.

    >>> usable(Interface("wlan0", "10.42.0.1")), usable(Interface("lo", "127.0.0.1", 8, loopback=True))
    (True, False)
    >>> usable(Interface("eth0", "169.254.3.4", 16)), usable(Interface("eth0", "192.168.1.9", up=False))
    (False, False)
    >>> usable(Interface("eth0", "8.8.8.8"))  # the server answers only private addresses
    False
    """
    try:
        ip = ipaddress.IPv4Address(interface.address)
    except ValueError:
        return False
    if not interface.up or interface.loopback or ip.is_loopback or ip.is_link_local:
        return False
    return ip.is_private and not ip.is_unspecified and not ip.is_multicast


def is_shared_mode(interface: Interface) -> bool:
    """NetworkManager's hotspot ("shared" IPv4 method) gives itself 10.42.x.1/24.

    >>> is_shared_mode(Interface("wlan0", "10.42.0.1")), is_shared_mode(Interface("wlan0", "10.42.3.1"))
    (True, True)
    >>> is_shared_mode(Interface("eth0", "10.42.0.7")), is_shared_mode(Interface("eth0", "10.42.0.1", 8))
    (False, False)
    """
    ip = ipaddress.IPv4Address(interface.address)
    return ip in HOTSPOT_NET and interface.address.endswith(".1") and interface.prefix == 24


def choose(network: Network, hotspot: HotspotHint = HotspotHint()) -> Choice | None:
    """The hotspot's address when it is up, else a LAN address (the default route's first), else None.

    >>> lan = Interface("eth0", "192.168.1.20", index=2)
    >>> ap = Interface("wlan0", "10.42.0.1", index=3)
    >>> choose(Network((lan, ap), default=(2,)))
    Choice(address='10.42.0.1', interface='wlan0', kind='hotspot')
    >>> choose(Network((lan,), default=(2,))).address, choose(Network(())) is None
    ('192.168.1.20', True)
    """
    candidates = [i for i in network.interfaces if usable(i)]
    if hotspot.address:
        spots = [i for i in candidates if i.address == hotspot.address]
    else:
        spots = sorted((i for i in candidates if is_shared_mode(i)),
                       key=lambda i: (i.name != hotspot.interface, i.index))
    if spots:
        return Choice(spots[0].address, spots[0].name, "hotspot")
    rank = {index: n for n, index in enumerate(network.default)}
    lans = sorted(candidates, key=lambda i: (rank.get(i.index, len(rank)), i.index))
    if lans:
        return Choice(lans[0].address, lans[0].name, "lan")
    return None


# -- reading (rtnetlink) ------------------------------------------------------------------------
def _attributes(data: bytes, offset: int) -> dict[int, bytes]:
    """A message's route attributes by type (the first of each type)."""
    found: dict[int, bytes] = {}
    while offset + RTATTR.size <= len(data):
        length, kind = RTATTR.unpack_from(data, offset)
        if length < RTATTR.size:
            break
        found.setdefault(kind & 0x3FFF, data[offset + RTATTR.size:offset + length])
        offset += (length + 3) & ~3
    return found


def _dump(sock: socket.socket, kind: int, body: bytes, seq: int) -> list[tuple[int, bytes]]:
    """One dump request; every answer's (type, payload) until NLMSG_DONE."""
    sock.send(NLMSG.pack(NLMSG.size + len(body), kind, NLM_F_REQUEST | NLM_F_DUMP, seq, 0) + body)
    messages: list[tuple[int, bytes]] = []
    while True:
        data = sock.recv(1 << 16)
        offset = 0
        while offset + NLMSG.size <= len(data):
            length, mtype, _flags, mseq, _pid = NLMSG.unpack_from(data, offset)
            if length < NLMSG.size:
                raise NetlinkError("a netlink answer was cut short")
            payload = data[offset + NLMSG.size:offset + length]
            offset += (length + 3) & ~3
            if mseq != seq:
                continue
            if mtype == NLMSG_DONE:
                return messages
            if mtype == NLMSG_ERROR:
                (code,) = struct.unpack_from("=i", payload)
                if code:
                    raise NetlinkError(-code, os.strerror(-code))
                continue
            messages.append((mtype, payload))


def read() -> Network:
    """This machine's IPv4 addresses and default routes now (raises OSError without rtnetlink)."""
    sock = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW | socket.SOCK_CLOEXEC, NETLINK_ROUTE)
    with sock:
        sock.settimeout(2.0)  # the kernel answers at once; never hang the table on it
        sock.bind((0, 0))
        links: dict[int, tuple[str, int]] = {}
        for mtype, payload in _dump(sock, RTM_GETLINK, IFINFOMSG.pack(socket.AF_UNSPEC, 0, 0, 0, 0), 1):
            if mtype != RTM_NEWLINK or len(payload) < IFINFOMSG.size:
                continue
            _family, _type, index, flags, _change = IFINFOMSG.unpack_from(payload)
            name = _attributes(payload, IFINFOMSG.size).get(IFLA_IFNAME, b"").split(b"\0")[0].decode(errors="replace")
            links[index] = (name, flags)
        interfaces = []
        for mtype, payload in _dump(sock, RTM_GETADDR, IFADDRMSG.pack(socket.AF_INET, 0, 0, 0, 0), 2):
            if mtype != RTM_NEWADDR or len(payload) < IFADDRMSG.size:
                continue
            family, prefix, _flags, _scope, index = IFADDRMSG.unpack_from(payload)
            attrs = _attributes(payload, IFADDRMSG.size)
            raw = attrs.get(IFA_LOCAL) or attrs.get(IFA_ADDRESS)
            if family != socket.AF_INET or raw is None or len(raw) != 4:
                continue
            name, flags = links.get(index, ("", 0))
            interfaces.append(Interface(name=name, address=socket.inet_ntoa(raw), prefix=prefix, index=index,
                                        up=bool(flags & IFF_UP and flags & IFF_RUNNING),
                                        loopback=bool(flags & IFF_LOOPBACK)))
        routes = []
        for mtype, payload in _dump(sock, RTM_GETROUTE, RTMSG.pack(socket.AF_INET, 0, 0, 0, 0, 0, 0, 0, 0), 3):
            if mtype != RTM_NEWROUTE or len(payload) < RTMSG.size:
                continue
            family, dst_len, _src, _tos, table, _proto, _scope, rtype, _flags = RTMSG.unpack_from(payload)
            attrs = _attributes(payload, RTMSG.size)
            if RTA_TABLE in attrs:
                (table,) = struct.unpack("=I", attrs[RTA_TABLE][:4])
            if family != socket.AF_INET or dst_len != 0 or rtype != RTN_UNICAST or table != RT_TABLE_MAIN:
                continue
            if RTA_OIF not in attrs:
                continue  # a multipath default: any LAN address will do
            (oif,) = struct.unpack("=i", attrs[RTA_OIF][:4])
            (metric,) = struct.unpack("=I", attrs[RTA_PRIORITY][:4]) if RTA_PRIORITY in attrs else (0,)
            routes.append((metric, oif))
    return Network(tuple(interfaces), tuple(oif for _metric, oif in sorted(routes)))


def machine_addresses() -> list[str]:
    """Every IPv4 address of this machine's interfaces, up or not, loopback included (what a
    request's Host may name: the server checks it); [] when the kernel cannot be asked."""
    try:
        return [interface.address for interface in read().interfaces]
    except OSError:
        return []


def table_address(hotspot: HotspotHint = HotspotHint()) -> str | None:
    """The address for the QR code now, or None when no phone could reach this machine."""
    try:
        network = read()
    except OSError:  # no rtnetlink here (not Linux): none, said in words, rather than a wrong guess
        return None
    choice = choose(network, hotspot)
    return choice.address if choice else None


def main(argv: list[str] | None = None) -> int:
    """``python -m ui.phones.address [--json] [--hotspot-address A] [--hotspot-interface I]``."""
    import argparse
    import json

    p = argparse.ArgumentParser(prog="python -m ui.phones.address",
                                description="The addresses this machine has, and which one the phones' QR code shows.")
    p.add_argument("--json", action="store_true", help="one JSON object (for scripts and tests)")
    p.add_argument("--hotspot-address", default="")
    p.add_argument("--hotspot-interface", default="")
    args = p.parse_args(argv)
    network = read()
    choice = choose(network, HotspotHint(args.hotspot_address, args.hotspot_interface))
    if args.json:
        print(json.dumps({"interfaces": [asdict(i) for i in network.interfaces], "default": list(network.default),
                          "choice": asdict(choice) if choice else None}))
        return 0
    for i in network.interfaces:
        state = ("up" if i.up else "down") + (", loopback" if i.loopback else "")
        print(f"{i.name:12} {i.address}/{i.prefix} ({state}){'  default route' if i.index in network.default else ''}")
    print(f"QR code: http://{choice.address}:PORT/ ({choice.kind}, {choice.interface})" if choice else NO_NETWORK)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
