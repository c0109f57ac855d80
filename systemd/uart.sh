#!/usr/bin/env bash
# Free the UART on the header's GPIO14/15 for an RDM6300 reader, the way this board needs it
# (called by install.sh --enable-uart; a reboot makes it take effect):
#   Pi 5 (and 500, CM5): dtparam=uart0=on in config.txt -> /dev/ttyAMA0. Its /dev/serial0 is the
#     debug connector's UART (ttyAMA10), where the serial console stays: nothing else to change.
#   Pi 4 and older: raspi-config's serial settings (console off, UART on) -> /dev/serial0, or,
#     without raspi-config, enable_uart=1 in config.txt.
# The model comes from hardware/board.py (the same rule as the app's port = "auto").
#
#   systemd/uart.sh [--config FILE] [--dry-run]
set -euo pipefail
SRC=$(cd "$(dirname "$0")/.." && pwd)
BOOT_CONFIG=${MAFIA_COMPANION_BOOT_CONFIG:-}
DRY=0
while [ $# -gt 0 ]; do
  case "$1" in
    --config) BOOT_CONFIG=${2:?--config needs a file}; shift ;;
    --dry-run) DRY=1 ;;
    *) echo "uart.sh: unknown option '$1'" >&2; exit 2 ;;
  esac
  shift
done
say() { printf '[install] %s\n' "$*"; }
run() { if [ "$DRY" = 1 ]; then printf '[dry-run] %s\n' "$*"; else "$@"; fi; }
board() { python3 "$SRC/hardware/board.py" "$1"; }

if [ -z "$BOOT_CONFIG" ]; then
  BOOT_CONFIG=/boot/firmware/config.txt; [ -e "$BOOT_CONFIG" ] || BOOT_CONFIG=/boot/config.txt
fi
MODEL=$(board model); LINE=$(board uart-config); PORT=$(board uart-port)
say "$MODEL: the reader's UART is $PORT ($LINE)"

if [ "$LINE" = enable_uart=1 ] && command -v raspi-config >/dev/null; then
  run raspi-config nonint do_serial_cons 1   # no login console on the UART
  run raspi-config nonint do_serial_hw 0     # UART on GPIO14/15 enabled
elif grep -qxF "$LINE" "$BOOT_CONFIG" 2>/dev/null; then
  say "$BOOT_CONFIG already has $LINE"
elif [ "$DRY" = 1 ]; then
  printf '[dry-run] add %s to %s\n' "$LINE" "$BOOT_CONFIG"
elif [ -e "$BOOT_CONFIG" ]; then
  printf '\n# Mafia Table Companion: the RFID reader on GPIO14/15 (%s)\n[all]\n%s\n' "$PORT" "$LINE" >>"$BOOT_CONFIG"
  say "added $LINE to $BOOT_CONFIG"
  [ "$LINE" = enable_uart=1 ] && say "remove console=serial0,... from cmdline.txt if it is there"
else
  say "no $BOOT_CONFIG (not a Pi?): add $LINE to config.txt yourself"
fi
say "UART enabled for the reader ($PORT): reboot once for it to take effect"
