"""Kivy-free geometry of the spinner wheel (tested in a plain interpreter)."""

from __future__ import annotations

SEGMENTS = 10
SEG_DEG = 360 / SEGMENTS


def landing_angle(number: int, current: float, turns: int = 2, jitter: float = 0.0) -> float:
    """The wheel angle (counter-clockwise degrees, Kivy's ``Rotate``) that puts ``number``'s
    segment under the top pointer, at least ``turns`` full turns beyond ``current``.

    Segment n spans clockwise from (n-1)*36 to n*36 degrees measured from the top; rotating the
    wheel counter-clockwise by its centre angle brings that centre to the top.

    >>> landing_angle(1, 0) % 360
    18.0
    >>> landing_angle(10, 0) % 360
    342.0
    """
    centre = (number - 1) * SEG_DEG + SEG_DEG / 2 + jitter
    base = current - (current % 360) + turns * 360
    target = base + centre
    while target - current < turns * 360:
        target += 360
    return target


def number_at_pointer(angle: float) -> int:
    """Which number sits under the pointer for a wheel ``angle`` (the inverse of landing_angle).

    >>> number_at_pointer(landing_angle(7, 123.0))
    7
    """
    return int((angle % 360) // SEG_DEG) + 1
