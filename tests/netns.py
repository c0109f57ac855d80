"""Real networks for tests: Linux network namespaces joined by veth pairs (``ip netns``, as root).

``Namespaces()`` makes uniquely named namespaces and removes them (and their veths) on ``close()``;
``skip_reason()`` says in words why they cannot be made here (not root, no ``ip``), so a test
skips with that sentence instead of passing silently. Used by the phones' address tests (the
Pi's own hotspot with no default route, a phone in a second namespace)."""

from __future__ import annotations

import itertools
import json
import os
import shutil
import subprocess
import sys

from liveness import patience  # a wait stretched on a busy machine

_names = itertools.count()


def ip(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run(["ip", *args], capture_output=True, text=True, check=check, timeout=patience(20))


def skip_reason() -> str | None:
    """None when namespaces can be made here, else why not (a sentence for ``pytest.skip``)."""
    if os.geteuid() != 0:
        return "network namespaces need root (ip netns add); run these tests as root"
    if shutil.which("ip") is None:
        return "the 'ip' command (iproute2) is not installed"
    probe = f"mtc-probe-{os.getpid()}"
    made = ip("netns", "add", probe, check=False)
    if made.returncode != 0:
        return f"ip netns add failed here: {made.stderr.strip()}"
    ip("netns", "del", probe, check=False)
    return None


class Namespaces:
    def __init__(self) -> None:
        self.made: list[str] = []

    def add(self, role: str) -> str:
        """A new namespace with its loopback up (as every machine has)."""
        name = f"mtc-{role}-{os.getpid()}-{next(_names)}"
        ip("netns", "add", name)
        self.made.append(name)
        ip("-n", name, "link", "set", "lo", "up")
        return name

    def wire(self, a: str, a_cidr: str, b: str, b_cidr: str) -> tuple[str, str]:
        """A veth pair between namespaces a and b with these addresses, both ends up (no routes
        beyond the link's own subnet). Returns the two interface names."""
        n = next(_names)
        end_a, end_b = f"mtca{os.getpid() % 10000}x{n}", f"mtcb{os.getpid() % 10000}x{n}"
        ip("link", "add", end_a, "netns", a, "type", "veth", "peer", "name", end_b, "netns", b)
        for ns, end, cidr in ((a, end_a, a_cidr), (b, end_b, b_cidr)):
            if cidr:
                ip("-n", ns, "addr", "add", cidr, "dev", end)
            ip("-n", ns, "link", "set", end, "up")
        return end_a, end_b

    def run(self, ns: str, *command: str, **kwargs) -> subprocess.CompletedProcess:
        return subprocess.run(["ip", "netns", "exec", ns, *command], capture_output=True, text=True,
                              timeout=patience(kwargs.pop("timeout", 60)), **kwargs)

    def popen(self, ns: str, *command: str, **kwargs) -> subprocess.Popen:
        return subprocess.Popen(["ip", "netns", "exec", ns, *command], **kwargs)

    def close(self) -> None:
        for name in reversed(self.made):
            ip("netns", "del", name, check=False)
        self.made.clear()


#: what a phone's browser does first: open the QR code's address, then say hello (it gets a code)
PHONE_OPENS = r"""
import json, sys, urllib.request
url = sys.argv[1]
page = urllib.request.urlopen(url, timeout=10).read().decode()
# a browser's POST names the page's origin (the server refuses one that does not)
hello = urllib.request.urlopen(urllib.request.Request(url + "api/hello", data=b"", method="POST",
                                                      headers={"Origin": url.rstrip("/")}), timeout=10)
print(json.dumps({"join_page": "<h1>Join the table</h1>" in page, "hello": json.loads(hello.read())}))
"""


def phone_opens(ns: str, url: str) -> dict:
    """A phone in namespace ``ns`` opens ``url`` (the join page) and says hello: what it got."""
    done = subprocess.run(["ip", "netns", "exec", ns, sys.executable, "-c", PHONE_OPENS, url],
                          capture_output=True, text=True, timeout=patience(60))
    if done.returncode != 0:
        raise AssertionError(f"the phone in {ns} could not open {url}: {done.stderr[-1500:]}")
    return json.loads(done.stdout)

