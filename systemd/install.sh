#!/usr/bin/env bash
# Install Mafia Table Companion as an appliance on Raspberry Pi OS Bookworm (64-bit, Pi 4 / Pi 5):
# the app starts on boot straight on the display, as the non-root user "mafia".
#
#   sudo systemd/install.sh [--enable-uart] [--keep-desktop] [--no-start] [--user NAME]
#                           [--prefix DIR] [--hotspot SSID PASSWORD] [--dry-run]
#
# Idempotent: run it again after `git pull` to upgrade; your settings in /etc/mafia-companion and
# the database in /var/lib/mafia-companion are kept. See docs/hardware.md.
#
#   --enable-uart   free the header UART (GPIO14/15) for an RDM6300 reader, chosen by the board model:
#                   a Pi 5 gets dtparam=uart0=on (/dev/ttyAMA0), older Pis enable_uart=1 with the
#                   serial console off (/dev/serial0); needs a reboot.
#   --keep-desktop  do not switch the Pi to boot to the console (the desktop would hold the display).
#   --no-start      install and enable, but do not (re)start the service now. (When a reboot is
#                   needed, for the UART or to leave the desktop, it starts at that reboot anyway:
#                   the running desktop keeps the display until then.)
#   --hotspot SSID PASSWORD  the Pi runs its own Wi-Fi (NetworkManager hotspot on wlan0, on at
#                   every boot) that players' phones join; the table shows a QR code for it.
#                   The password needs 8-63 characters (WPA2).
#   --dry-run       print what would be done, change nothing (no root needed).
set -euo pipefail

SRC=$(cd "$(dirname "$0")/.." && pwd)
APP_USER=mafia
PREFIX=/opt/mafia-companion
ETC=/etc/mafia-companion
STATE=/var/lib/mafia-companion
UNIT=mafia-companion.service
ENABLE_UART=0
KEEP_DESKTOP=0
START=1
DRY=0
HOTSPOT_SSID=""
HOTSPOT_PASSWORD=""
GROUPS_WANTED=(video render input gpio dialout audio)
# Nothing is compiled (every Python dependency has an aarch64 wheel): no python3-dev, no gcc.
APT_PACKAGES=(
  python3-venv
  python3-evdev                        # keyboard-wedge readers
  libgl1 libegl1 libgles2 libgbm1 libdrm2 libgl1-mesa-dri   # what SDL2's KMSDRM driver loads
  libmtdev1 espeak-ng alsa-utils
)
# Only in Raspberry Pi OS's archive, not Debian's: the venv gets lgpio from its aarch64 wheel anyway.
OPTIONAL_PACKAGES=(python3-lgpio)
NEED_REBOOT=0

usage() { sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; }

while [ $# -gt 0 ]; do
  case "$1" in
    --enable-uart) ENABLE_UART=1 ;;
    --keep-desktop) KEEP_DESKTOP=1 ;;
    --no-start) START=0 ;;
    --dry-run) DRY=1 ;;
    --user) APP_USER=${2:?--user needs a name}; shift ;;
    --prefix) PREFIX=${2:?--prefix needs a directory}; shift ;;
    --hotspot)
      HOTSPOT_SSID=${2:?--hotspot needs an SSID and a password}
      HOTSPOT_PASSWORD=${3:?--hotspot needs an SSID and a password}
      shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "install.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done

if [ -n "$HOTSPOT_SSID" ]; then
  if [ "${#HOTSPOT_PASSWORD}" -lt 8 ] || [ "${#HOTSPOT_PASSWORD}" -gt 63 ]; then
    echo "install.sh: the hotspot password needs 8 to 63 characters (WPA2)" >&2; exit 2
  fi
  if [ "${#HOTSPOT_SSID}" -gt 32 ]; then
    echo "install.sh: the hotspot name (SSID) can have at most 32 characters" >&2; exit 2
  fi
fi

say() { printf '[install] %s\n' "$*"; }
run() {
  if [ "$DRY" = 1 ]; then printf '[dry-run] %s\n' "$*"; else "$@"; fi
}
write_file() {  # write_file PATH MODE [keep]: stdin -> PATH (kept if it exists and "keep" is given)
  local path=$1 mode=$2 keep=${3:-}
  if [ -n "$keep" ] && [ -e "$path" ]; then say "keeping your $path"; cat >/dev/null; return; fi
  if [ "$DRY" = 1 ]; then printf '[dry-run] write %s (mode %s)\n' "$path" "$mode"; cat >/dev/null; return; fi
  local tmp; tmp=$(mktemp)
  cat >"$tmp"
  install -D -m "$mode" "$tmp" "$path"
  rm -f "$tmp"
}

if [ "$DRY" != 1 ] && [ "$(id -u)" -ne 0 ]; then
  echo "install.sh must run as root: sudo $0 $*" >&2
  exit 1
fi
if [ -r /etc/os-release ]; then
  . /etc/os-release
  [ "${VERSION_CODENAME:-}" = bookworm ] || say "warning: made for Raspberry Pi OS Bookworm; this is ${PRETTY_NAME:-unknown}"
fi
[ -f "$SRC/pyproject.toml" ] || { echo "install.sh: run it from the project checkout ($SRC has no pyproject.toml)" >&2; exit 1; }

say "1/7 Debian packages"
run apt-get update -qq
# one apt-get per package: a name this archive does not have costs only itself
for p in "${APT_PACKAGES[@]}" "${OPTIONAL_PACKAGES[@]}"; do
  run env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$p" \
    || say "could not install $p (not in this archive?): going on without it"
done

say "2/7 user '$APP_USER' and its groups (${GROUPS_WANTED[*]})"
if ! id -u "$APP_USER" >/dev/null 2>&1; then
  run useradd --system --user-group --home-dir "$STATE" --no-create-home --shell /usr/sbin/nologin "$APP_USER"
fi
for g in "${GROUPS_WANTED[@]}"; do
  if getent group "$g" >/dev/null; then
    run usermod -a -G "$g" "$APP_USER"
  else
    say "no group '$g' on this system (not a Pi?): skipped"
  fi
done

say "3/7 the app in $PREFIX/venv"
# --system-site-packages: lgpio and evdev come from Debian (built for this kernel and Python).
[ -x "$PREFIX/venv/bin/python" ] || run python3 -m venv --system-site-packages "$PREFIX/venv"
run "$PREFIX/venv/bin/python" -m pip install --quiet --upgrade pip
run "$PREFIX/venv/bin/python" -m pip install --quiet --upgrade "$SRC"
run install -d -m 755 "$PREFIX/docs"
run cp -r "$SRC/docs/." "$PREFIX/docs/"

say "4/7 settings in $ETC (existing files are kept)"
run install -d -m 755 "$ETC"
sed 's/^\([a-z_]* *=\)/# \1/' "$SRC/hardware/defaults.toml" | write_file "$ETC/hardware.toml" 644 keep
write_file "$ETC/environment" 644 keep <<'EOF'
# Extra environment for mafia-companion.service (KEY=value lines), e.g.:
# Read the touch panel directly if SDL does not deliver it (exactly one provider either way):
# MAFIA_COMPANION_INPUT=hidinput:/dev/input/by-path/platform-...-event
# Pick the sound card: SDL_AUDIODRIVER=alsa  AUDIODEV=hw:1,0
# The screen (docs/hardware.md): Touch Display 2 upright MAFIA_COMPANION_SIZE=720x1280, or lying
# wide MAFIA_COMPANION_ROTATION=90; the original 7" panel is 800x480 (the default)
# MAFIA_COMPANION_SIZE=720x1280
# MAFIA_COMPANION_ROTATION=90
EOF

say "5/7 permission to shut down / reboot from the app"
write_file /etc/polkit-1/rules.d/50-mafia-companion.rules 644 <<EOF
// Let the Mafia Table Companion service user power off or reboot the table cleanly.
polkit.addRule(function (action, subject) {
    if (subject.user == "$APP_USER" &&
        (action.id == "org.freedesktop.login1.power-off" ||
         action.id == "org.freedesktop.login1.power-off-multiple-sessions" ||
         action.id == "org.freedesktop.login1.reboot" ||
         action.id == "org.freedesktop.login1.reboot-multiple-sessions")) {
        return polkit.Result.YES;
    }
});
EOF

say "6/7 serial port and boot target"
if [ "$ENABLE_UART" = 1 ]; then
  # the board model decides (systemd/uart.sh, hardware/board.py: a Pi 5 differs)
  dry=(); [ "$DRY" = 1 ] && dry=(--dry-run)
  bash "$SRC/systemd/uart.sh" "${dry[@]}"
  NEED_REBOOT=1
fi
if [ "$KEEP_DESKTOP" = 0 ] && [ "$(systemctl get-default 2>/dev/null || true)" = graphical.target ]; then
  # only the default for the next boot: the desktop running now is left alone (and keeps the display)
  say "booting to the console from the next boot (the desktop would hold the display); --keep-desktop to avoid"
  run systemctl set-default multi-user.target
  NEED_REBOOT=1
fi

if [ -n "$HOTSPOT_SSID" ]; then
  dry=(); [ "$DRY" = 1 ] && dry=(--dry-run)
  bash "$SRC/systemd/hotspot.sh" "$HOTSPOT_SSID" "$HOTSPOT_PASSWORD" --etc "$ETC" --group "$APP_USER" "${dry[@]}"
fi

say "7/7 the service"
sed -e "s#/opt/mafia-companion#$PREFIX#g" -e "s#^User=mafia#User=$APP_USER#" -e "s#^Group=mafia#Group=$APP_USER#" \
  "$SRC/systemd/$UNIT" | write_file "/etc/systemd/system/$UNIT" 644
# no running systemd (a chroot, an image being prepared): enabling works offline (it only makes the
# link), reloading and starting do not; the service starts at the first boot
SYSTEMD_UP=0; [ -d "${MAFIA_COMPANION_SYSTEMD_RUN:-/run/systemd/system}" ] && SYSTEMD_UP=1
if [ "$SYSTEMD_UP" = 1 ]; then run systemctl daemon-reload; fi
run systemctl enable "$UNIT"
if [ "$SYSTEMD_UP" = 0 ]; then
  say "enabled; systemd is not running here (a chroot?): it starts at the first boot"
elif [ "$START" = 1 ] && [ "$NEED_REBOOT" = 1 ]; then
  say "enabled; reboot to start it (sudo reboot): until then the desktop and the serial settings stay as they are"
elif [ "$START" = 1 ]; then
  run systemctl restart "$UNIT"
  say "started: journalctl -u ${UNIT%.service} -f to follow it"
else
  say "enabled; it starts at the next boot (or: systemctl start ${UNIT%.service})"
fi
