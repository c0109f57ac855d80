"""Which Raspberry Pi this is, and so which serial port is the header's UART (GPIO14/15).

On a Pi 4 and older, ``/dev/serial0`` is the UART on GPIO14/15 once it is enabled. On a Pi 5 it is
not: there ``/dev/serial0`` links to ``/dev/ttyAMA10``, the debug connector's UART between the HDMI
sockets, and the header's UART0 is ``/dev/ttyAMA0``, switched on with ``dtparam=uart0=on`` in
``config.txt`` (Raspberry Pi documentation, PR #3294 for issue #3239). The model comes from the
device tree; ``$MAFIA_COMPANION_BOARD_MODEL`` names another file to read instead (tests, and a
way out if a future board is misread).

Standard library only, so ``systemd/install.sh`` can run it with the system's python3 before
the app is installed: ``python3 hardware/board.py uart-port`` or ``uart-config``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

MODEL_PATHS = (Path("/proc/device-tree/model"), Path("/sys/firmware/devicetree/base/model"))
MODEL_ENV = "MAFIA_COMPANION_BOARD_MODEL"
#: BCM2712 boards: the Pi 5, the Pi 500 keyboard and the Compute Module 5
PI5_FAMILY = ("Raspberry Pi 5", "Raspberry Pi 500", "Compute Module 5")


def board_model(paths: tuple[Path, ...] | None = None) -> str:
    """The device tree's model string, e.g. 'Raspberry Pi 5 Model B Rev 1.0'; '' when not a Pi.

    >>> board_model((Path("/nonexistent/model"),))
    ''
    """
    if paths is None:
        env = os.environ.get(MODEL_ENV)
        paths = (Path(env),) if env else MODEL_PATHS
    for path in paths:
        try:
            return path.read_bytes().rstrip(b"\0\n").decode("utf-8", "replace")
        except OSError:
            continue
    return ""


def is_pi5(model: str) -> bool:
    """
    >>> is_pi5("Raspberry Pi 5 Model B Rev 1.0"), is_pi5("Raspberry Pi 4 Model B Rev 1.5")
    (True, False)
    """
    return any(name in model for name in PI5_FAMILY)


def header_uart(model: str) -> str:
    """The device of the UART on GPIO14/15 (where an RDM6300's TX goes).

    >>> header_uart("Raspberry Pi 5 Model B Rev 1.0"), header_uart("Raspberry Pi 4 Model B Rev 1.5")
    ('/dev/ttyAMA0', '/dev/serial0')
    """
    return "/dev/ttyAMA0" if is_pi5(model) else "/dev/serial0"


def uart_config(model: str) -> str:
    """The config.txt line that turns the header's UART on for this board.

    >>> uart_config("Raspberry Pi 5 Model B Rev 1.0"), uart_config("Raspberry Pi 4 Model B Rev 1.5")
    ('dtparam=uart0=on', 'enable_uart=1')
    """
    return "dtparam=uart0=on" if is_pi5(model) else "enable_uart=1"


def main(argv: list[str]) -> int:
    answers = {"model": lambda m: m or "not a Raspberry Pi", "uart-port": header_uart, "uart-config": uart_config}
    if len(argv) != 1 or argv[0] not in answers:
        print(f"usage: board.py {'|'.join(answers)}", file=sys.stderr)
        return 2
    print(answers[argv[0]](board_model()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
