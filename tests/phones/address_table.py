"""The table's phones glue (ui/phones/table.py's ``PhoneTable``) on its own, for a test that runs it
inside a network namespace:

    python tests/phones/address_table.py DB HOTSPOT_TOML

It serves phones on every interface (any free port), lets the real Kivy clock run (so the
re-read every ``REREAD_SECONDS`` is the app's own), and prints one JSON line
``{"url": ..., "address": ..., "wifi": the Wi-Fi join QR's network name or ""}`` at start and whenever either changes. It stops when its stdin
closes."""

from __future__ import annotations

import json
import os
import select
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
for key in ("KIVY_NO_ARGS", "KIVY_NO_FILELOG", "KIVY_NO_CONSOLELOG"):
    os.environ.setdefault(key, "1")


def main() -> int:
    from kivy.clock import Clock

    from companion.store import Store
    from ui.phones.table import HOST_ENV, HOTSPOT_ENV, PORT_ENV, PhoneTable

    store = Store.open(sys.argv[1])
    table = PhoneTable(store=lambda: store, env={HOST_ENV: "0.0.0.0", PORT_ENV: "0", HOTSPOT_ENV: sys.argv[2]})
    last = None

    def say(*_):
        nonlocal last
        now = {"url": table.url, "address": table.address, "running": table.running, "wifi": table.wifi_ssid}
        if now != last:
            last = now
            print(json.dumps(now), flush=True)

    table.bind(url=say, address=say, wifi_ssid=say)
    if not table.start():
        print(json.dumps({"error": table.error}), flush=True)
        return 1
    say()
    try:
        while True:
            ready, _, _ = select.select([sys.stdin], [], [], 0.05)
            if ready and not sys.stdin.readline():
                break
            Clock.tick()
    finally:
        table.stop()
        store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
