#!/usr/bin/env bash
# The table's own Wi-Fi: a NetworkManager hotspot on wlan0 (Raspberry Pi OS Bookworm), on at every
# boot, that players' phones join to reach the table; and the file the app reads to show a QR code
# that joins it (ui/phones/table.py). Run by `install.sh --hotspot SSID PASSWORD`; run it again
# yourself to change the name or the password:
#
#   sudo systemd/hotspot.sh SSID PASSWORD [--etc DIR] [--group NAME] [--ifname wlan0] [--dry-run]
#
# The password needs 8-63 characters (WPA2); it is never printed.
set -euo pipefail

ETC=/etc/mafia-companion
GROUP=mafia
IFNAME=wlan0
CON=Hotspot
DRY=0
ARGS=()
while [ $# -gt 0 ]; do
  case "$1" in
    --etc) ETC=${2:?--etc needs a directory}; shift ;;
    --group) GROUP=${2:?--group needs a name}; shift ;;
    --ifname) IFNAME=${2:?--ifname needs an interface}; shift ;;
    --dry-run) DRY=1 ;;
    -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "hotspot.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    *) ARGS+=("$1") ;;
  esac
  shift
done
if [ "${#ARGS[@]}" -ne 2 ]; then
  echo "hotspot.sh: give the Wi-Fi's name and password: hotspot.sh SSID PASSWORD" >&2; exit 2
fi
SSID=${ARGS[0]}
PASSWORD=${ARGS[1]}
if [ -z "$SSID" ] || [ "${#SSID}" -gt 32 ]; then
  echo "hotspot.sh: the Wi-Fi's name (SSID) needs 1 to 32 characters" >&2; exit 2
fi
if [ "${#PASSWORD}" -lt 8 ] || [ "${#PASSWORD}" -gt 63 ]; then
  echo "hotspot.sh: the Wi-Fi's password needs 8 to 63 characters (WPA2)" >&2; exit 2
fi

say() { printf '[hotspot] %s\n' "$*"; }
toml_string() {  # a TOML basic string: backslashes and quotes escaped
  local v=${1//\\/\\\\}
  v=${v//\"/\\\"}
  printf '"%s"' "$v"
}

say "the table's own Wi-Fi '$SSID' on $IFNAME (NetworkManager connection '$CON')"
if [ "$DRY" = 1 ]; then  # nothing changes; the password is not printed
  printf '[dry-run] nmcli device wifi hotspot ifname %s con-name %s ssid %s password ***\n' "$IFNAME" "$CON" "$SSID"
  printf '[dry-run] nmcli connection modify %s connection.autoconnect yes connection.autoconnect-priority 100\n' "$CON"
  printf '[dry-run] write %s/hotspot.toml (mode 640, group %s)\n' "$ETC" "$GROUP"
  exit 0
fi
if ! command -v nmcli >/dev/null; then
  echo "hotspot.sh: nmcli not found: NetworkManager (Bookworm's default) makes the hotspot" >&2; exit 1
fi
# idempotent: a hotspot made by an earlier run is replaced, not doubled
if nmcli -t -f NAME connection show | grep -qx "$CON"; then
  nmcli connection delete "$CON" >/dev/null
fi
nmcli device wifi hotspot ifname "$IFNAME" con-name "$CON" ssid "$SSID" password "$PASSWORD"
nmcli connection modify "$CON" connection.autoconnect yes connection.autoconnect-priority 100

# what the app reads for the Wi-Fi QR code: readable by the service's group only
install -d -m 755 "$ETC"
tmp=$(mktemp)
{
  echo "# The table's own Wi-Fi, written by systemd/hotspot.sh: the deal screen shows a QR code that joins it."
  echo "ssid = $(toml_string "$SSID")"
  echo "password = $(toml_string "$PASSWORD")"
} >"$tmp"
install -m 640 "$tmp" "$ETC/hotspot.toml"
rm -f "$tmp"
chgrp "$GROUP" "$ETC/hotspot.toml"
say "phones join '$SSID', then scan the table's QR code (restart the app to show the Wi-Fi's QR code)"
